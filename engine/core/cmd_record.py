"""`record [AT]`: the durable state record, in hex chunks, so a host can copy it over the line protocol.

The chunks are slices of the framed record (`engine.core.record.frame`: magic, format, sequence,
length, payload, CRC-32), so the host checks the CRC of what it reassembled and knows the copy is
whole and consistent (a change between two chunk requests shows as a CRC mismatch, and it asks
again).  Small chunks keep each reply short: the device never holds the whole record as hex.
"""

from engine.core import parse
from engine.core.record import FRAME_MAX

CHUNK = 96  # record bytes per reply: 192 hex digits, a reply line under 240 bytes

_HEX = "0123456789abcdef"


def record(session, words):
    """`record [AT]`: bytes AT.. (at most CHUNK) of the framed record, as hex, with its total size."""
    parse.arity(words, 1, 2, "record [AT]")
    at = parse.number(words[1], 0, FRAME_MAX, "AT") if len(words) == 2 else 0
    from engine.core.record import frame
    image = frame(session.payload(), getattr(session, "_seq", 0))
    if at > len(image):
        raise parse.Reject(parse.RANGE, "AT must be 0..%d" % len(image))
    part = image[at:at + CHUNK]
    digits = bytearray(2 * len(part))
    for i in range(len(part)):
        digits[2 * i] = ord(_HEX[part[i] >> 4])
        digits[2 * i + 1] = ord(_HEX[part[i] & 15])
    return (("size", len(image)), ("at", at), ("hex", digits.decode()))
