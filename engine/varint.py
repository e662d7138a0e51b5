"""Unsigned LEB128 varints (signed values zig-zagged): the encoding of the state payload."""



def _zig(v):
    return v * 2 if v >= 0 else -v * 2 - 1


def put(out, u):
    """Append unsigned varint `u` to bytearray `out`."""
    while u >= 0x80:
        out.append((u & 0x7F) | 0x80)
        u >>= 7
    out.append(u)


def put_signed(out, v):
    """Append signed varint `v` (zig-zag) to `out`."""
    put(out, _zig(v))
