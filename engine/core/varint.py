"""Unsigned LEB128 varints (signed values zig-zagged): the encoding of the state payload."""


def zig(value):
    """The zig-zag code of signed `value` (0, -1, 1, -2... as 0, 1, 2, 3...)."""
    return value * 2 if value >= 0 else -value * 2 - 1


def put(out, u):
    """Append unsigned varint `u` to bytearray `out`."""
    while u >= 0x80:
        out.append((u & 0x7F) | 0x80)
        u >>= 7
    out.append(u)


def put_at(buf, at, u):
    """Write unsigned varint `u` over `buf[at:]` (room checked by the caller); return the offset
    after it.  Nothing allocated: the undo log is written in place."""
    while u >= 0x80:
        buf[at] = (u & 0x7F) | 0x80
        at += 1
        u >>= 7
    buf[at] = u
    return at + 1


def get(buf, at):
    """(value, next offset) of the unsigned varint at `buf[at]` (input already validated)."""
    u = 0
    shift = 0
    while True:
        b = buf[at]
        at += 1
        u |= (b & 0x7F) << shift
        if not b & 0x80:
            return u, at
        shift += 7


def unzig(u):
    """The signed value of a zig-zagged varint."""
    return u >> 1 if not u & 1 else -((u + 1) >> 1)
