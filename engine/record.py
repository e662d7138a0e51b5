"""The durable state record: compact, versioned, CRC-checked, written to two alternating slots.

Frame (little-endian):  b"TL" | format version u8 | seq u32 | payload length u16 | payload | CRC-32
of everything before it (u32).  The payload is written by `Session.payload` (varints, see
`engine.varint`).

A torn or bit-flipped slot fails its CRC; `newest` then takes the other slot, so a power cut at
any byte of a write leaves the old or the new state, never anything else.
"""

from engine import layout
from engine.crc import crc32
from engine.rng import SEED_LIMIT
from engine.varint import unzig
from engine.session import MAX_LINE, UNDO_MAX


class RecordError(Exception):
    """A record that cannot be used; `newer` is True when it comes from a newer firmware."""

    def __init__(self, msg, newer=False):
        super().__init__(msg)
        self.newer = newer


class Reader:
    """Reads varints from a payload; any overrun or oversized value is a RecordError."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def get(self, limit):
        u = 0
        shift = 0
        while True:
            if self.at >= len(self.data) or shift > 28:
                raise RecordError("truncated or malformed payload")
            b = self.data[self.at]
            self.at += 1
            u |= (b & 0x7F) << shift
            if not b & 0x80:
                break
            shift += 7
        if u > limit:
            raise RecordError("value out of range in payload")
        return u

    def get_signed(self, lo, hi):
        v = unzig(self.get(2 * max(hi, -lo) + 1))
        if v < lo or v > hi:
            raise RecordError("value out of range in payload")
        return v

    def take(self, n):
        if self.at + n > len(self.data):
            raise RecordError("truncated payload")
        b = self.data[self.at:self.at + n]
        self.at += n
        return b

    def done(self):
        if self.at != len(self.data):
            raise RecordError("trailing bytes in payload")


def decode(payload):
    """(fields array, dice state tuple, undo log bytes, undo steps) of a payload, or RecordError.

    The undo log stays in its encoded form (see `Session.payload`); every step is checked here.
    """
    r = Reader(payload)
    version = r.get(0xFFFF)
    if version != layout.VERSION:
        raise RecordError("state layout %d, this firmware reads %d" % (
            version, layout.VERSION), version > layout.VERSION)
    n = r.get(layout.COUNT)
    if n != layout.COUNT:
        raise RecordError("field count mismatch")
    vals = layout.new_values()
    for i in range(n):
        vals[i] = r.get_signed(layout.FIELD_MIN, layout.FIELD_MAX)
    rng_state = (r.get(SEED_LIMIT - 1), r.get(0xFFF), r.get(0xFFF), r.get(0xFFF), r.get(0xFFF))
    steps = r.get(UNDO_MAX)
    start = r.at
    for _ in range(steps):
        r.take(r.get(MAX_LINE))
        for _ in range(r.get(layout.COUNT)):
            r.get(max(layout.COUNT - 1, 0))
            r.get_signed(layout.FIELD_MIN, layout.FIELD_MAX)
    r.done()
    return vals, rng_state, bytes(payload[start:]), steps


def undo_steps(log, steps):
    """The undo log as [(line bytes, [(field index, old value), ...]), ...], oldest first (host
    tools; the device walks the log in place, see `Session`)."""
    out = []
    r = Reader(log)
    for _ in range(steps):
        line = r.take(r.get(MAX_LINE))
        out.append((line, [(r.get(0xFFFF), r.get_signed(-65536, 65536)) for _ in range(r.get(0xFFFF))]))
    return out


def load(s):
    """Resume session `s` from its store's newest good slot; with none, keep the defaults and
    leave a notice for the player (a save from newer firmware is kept: `s.read_only`)."""
    try:
        slot, seq, _fmt, payload = newest(s.store.read_slots())
    except RecordError as e:
        s.read_only = True
        s.notice = "save not loaded (%s); it is kept until 'reset'" % e
        return
    if payload is None:
        if s.store.had_data():
            s.notice = "saved state unreadable: started from defaults"
        return
    try:
        s.restore(payload)
    except RecordError as e:
        s.read_only = e.newer
        s.notice = "save not loaded (%s)" % e + (
            "; it is kept until 'reset'" if e.newer else ": started from defaults")
        return
    s._slot = slot
    s._seq = seq
    s._saved = payload


def save(s):
    """Write session `s`'s record to the other slot if anything changed; return once durable.

    The undo log gives up its oldest steps if the record would not fit a slot.
    """
    from engine.undolog import drop_oldest

    payload = s.payload()
    while len(payload) + FRAME_BYTES > SLOT_SIZE and s.undo_steps:
        drop_oldest(s)
        payload = s.payload()
    if payload == s._saved:
        return
    if s.read_only:
        raise OSError("save is from newer firmware")
    slot = 1 - s._slot
    s.store.write_slot(slot, frame(payload, s._seq + 1))
    s._slot = slot
    s._seq += 1
    s._saved = payload


MAGIC = b"TL"
FORMAT = 1
HEADER = 9  # magic 2, format 1, seq 4, length 2
TRAILER = 4
FRAME_BYTES = HEADER + TRAILER
SLOT_SIZE = 2048  # a framed record never exceeds this: the undo log is trimmed to fit


def _u16(b, at):
    return b[at] | (b[at + 1] << 8)


def _u32(b, at):
    return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)


def _put_u32(out, v):
    for i in range(4):
        out.append((v >> (8 * i)) & 0xFF)


def frame(payload, seq):
    """The full slot image of `payload` with sequence number `seq`."""
    out = bytearray(MAGIC)
    out.append(FORMAT)
    _put_u32(out, seq & 0xFFFFFFFF)
    out.append(len(payload) & 0xFF)
    out.append(len(payload) >> 8)
    out.extend(payload)
    _put_u32(out, crc32(out))
    return bytes(out)


def unframe(slot):
    """(seq, format, payload) of a slot image; RecordError if empty, torn or damaged."""
    if len(slot) < HEADER + TRAILER or slot[0:2] != MAGIC:
        raise RecordError("no record")
    n = _u16(slot, 7)
    end = HEADER + n
    if end + TRAILER > len(slot):
        raise RecordError("record length beyond slot")
    if crc32(slot[:end]) != _u32(slot, end):
        raise RecordError("record CRC mismatch")
    fmt = slot[2]
    if fmt > FORMAT:
        raise RecordError("record format %d is newer than this firmware (%d)" % (fmt, FORMAT), True)
    return _u32(slot, 3), fmt, bytes(slot[HEADER:end])


def _seq_newer(a, b):
    # Serial-number arithmetic, so the counter may wrap.
    return ((a - b) & 0xFFFFFFFF) < 0x80000000 and a != b


def newest(slots):
    """Pick the usable record of two slot images.

    Returns (slot index, seq, format, payload), or (-1, 0, 0, None) when neither is readable.
    Raises RecordError(newer=True) if the best record comes from newer firmware.
    """
    best = None
    newer_error = None
    for i in range(len(slots)):
        try:
            seq, fmt, payload = unframe(slots[i])
        except RecordError as e:
            if e.newer:
                newer_error = e
            continue
        if best is None or _seq_newer(seq, best[1]):
            best = (i, seq, fmt, payload)
    if newer_error is not None:
        raise newer_error
    if best is None:
        return (-1, 0, 0, None)
    return best
