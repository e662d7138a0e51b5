"""CRC-32 (IEEE, as zlib/binascii) of a bytes-like object, continued across pieces."""

try:
    from binascii import crc32 as _crc32
except ImportError:  # a port built without binascii.crc32
    _crc32 = None


def crc32(data, crc=0):
    """CRC-32 of `data` as an unsigned int, continuing `crc` (the CRC of the bytes before it), so
    a record is checked piece by piece without joining its pieces in RAM."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    c = crc ^ 0xFFFFFFFF
    for b in data:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return c ^ 0xFFFFFFFF
