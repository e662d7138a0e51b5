"""Unsigned LEB128 varints (signed values zig-zagged): the encoding of the state payload."""


def _zig(value):
    return value * 2 if value >= 0 else -value * 2 - 1


def put(out, u):
    """Append unsigned varint `u` to bytearray `out`."""
    while u >= 0x80:
        out.append((u & 0x7F) | 0x80)
        u >>= 7
    out.append(u)


def put_signed(out, value):
    """Append signed varint `value` (zig-zag) to `out`."""
    put(out, _zig(value))


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
