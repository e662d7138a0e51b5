"""The durable state record: compact, versioned, CRC-checked; how a session is saved and resumed.

Frame (little-endian):  b"TL" | format version u8 | seq u32 | payload length u16 | payload | CRC-32
of everything before it (u32).  The payload (`Session.head` then its undo log) is varints, see
`engine.core.varint`:

    layout version, field count, fields...     the game state (`fields`)
    seed, x0, x1, x2, x3                        the dice position (`rng`)
    undo steps, then each step (`engine.core.undolog`)

A store (`firmware.storage`, `firmware.journal`) keeps frames so that a power cut never takes the
newest one and the one before it together.  `load` resumes from the frame with the highest
sequence number whose CRC holds, so a torn or bit-flipped write leaves the previous state; the
next save gets a higher number than any frame found, even one this firmware cannot decode, so it
is never outranked by the save it replaced.  `save` streams the frame to the store in pieces: the
undo log is never copied to make it.

A store has: `frames()` (the candidate frame images, any order), `had_data()` (anything stored at
all: a failed load is then worth a notice), `write(pieces)` (one frame, durable when it returns,
OSError when it cannot be), `limit` (the largest frame it takes) and `notice` (None, or what the
player must know about it, e.g. a read-only drive).
"""

from engine.core import layout
from engine.core.crc import crc32
from engine.core.layout import MAX_LINE, UNDO_DEPTH, UNDO_MAX
from engine.core.rng import SEED_LIMIT
from engine.core.varint import unzig


class RecordError(Exception):
    """A record that cannot be used; `newer` is True when it comes from a newer firmware."""

    def __init__(self, msg, newer=False):
        super().__init__(msg)
        self.newer = newer


MAGIC = b"TL"
FORMAT = 1
HEADER = 9  # magic 2, format 1, seq 4, length 2
TRAILER = 4
FRAME_BYTES = HEADER + TRAILER
FRAME_MAX = FRAME_BYTES + 0xFFFF  # the length field's limit
# Past UNDO_DEPTH steps the oldest are dropped to keep a frame under this: each save writes the
# whole record, so its size is flash wear (host_tools/benches/flash_bench.py: 1.5 KB keeps about 50 steps
# of a campaign and gives the PyBadge's flash 29 years; 8 KB, 128 steps, would give it 15).  The
# first UNDO_DEPTH steps are kept whatever their size: 32 lines of 200 bytes make about 7 KB.
RECORD_SOFT = 1536
LEGACY_SLOT = 2048  # firmware before 2026-12 kept two frames in one file, the second at 2048


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

    def skip(self, n):
        """Check and pass `n` fields."""
        for _ in range(n):
            self.get_signed(layout.FIELD_MIN, layout.FIELD_MAX)

    def done(self):
        if self.at != len(self.data):
            raise RecordError("trailing bytes in payload")


def scan(payload):
    """(dice state tuple, undo steps, offset of the undo log) of a payload, checking every value
    and step and keeping none (RecordError says what is wrong): `fill` then reads the fields."""
    r = Reader(payload)
    version = r.get(0xFFFF)
    if version != layout.VERSION:
        raise RecordError("state layout %d, this firmware reads %d" % (
            version, layout.VERSION), version > layout.VERSION)
    if r.get(layout.COUNT) != layout.COUNT:
        raise RecordError("field count mismatch")
    r.skip(layout.COUNT)
    rng_state = (r.get(SEED_LIMIT - 1), r.get(0xFFF), r.get(0xFFF), r.get(0xFFF), r.get(0xFFF))
    steps = r.get(UNDO_MAX)
    start = r.at
    for _ in range(steps):
        r.take(r.get(MAX_LINE))
        for _ in range(r.get(layout.COUNT)):
            r.get(max(layout.COUNT - 1, 0))
            r.get_signed(layout.FIELD_MIN, layout.FIELD_MAX)
    r.done()
    return rng_state, steps, start


def fill(payload, vals):
    """Read the fields of a payload that `scan` passed into the array `vals`."""
    r = Reader(payload)
    r.get(0xFFFF)
    r.get(layout.COUNT)
    for i in range(layout.COUNT):
        vals[i] = r.get_signed(layout.FIELD_MIN, layout.FIELD_MAX)


def decode(payload):
    """(fields array, dice state tuple, undo log bytes, undo steps) of a payload, or RecordError
    (host tools; a session loads a payload with `restore`)."""
    rng_state, steps, start = scan(payload)
    vals = layout.new_values()
    fill(payload, vals)
    return vals, rng_state, bytes(payload[start:]), steps


def restore(session, payload):
    """Load `payload` into `session`: its fields, dice and undo log.  On a RecordError or a
    MemoryError nothing is changed: the payload is checked and the log's buffer made first, then
    the fields are read into the session's own array (no second copy of the state in RAM)."""
    from engine.core.undolog import buffer

    rng_state, steps, start = scan(payload)
    vals = session.vals  # (made before the log's buffer, as `undolog.reserve` makes them)
    log = buffer(memoryview(payload)[start:])
    fill(payload, vals)
    session.rng.restore(rng_state)
    session.undo = log
    session.undo_lo = 0
    session.undo_hi = len(payload) - start
    session.undo_steps = steps
    session.changes += 1


def undo_steps(log, steps):
    """The undo log as [(line bytes, [(field index, old value), ...]), ...], oldest first (host
    tools; the device walks the log in place, see `engine.core.undolog`)."""
    out = []
    r = Reader(log)
    for _ in range(steps):
        line = r.take(r.get(MAX_LINE))
        out.append((line, [(r.get(0xFFFF), r.get_signed(-65536, 65536)) for _ in range(r.get(0xFFFF))]))
    return out


# --- resuming and saving a session --------------------------------------------------------------
def load(session):
    """Resume `session` from its store's newest good frame.  A save that is there but cannot be
    used (unreadable, damaged, from a newer firmware) is never overwritten behind the player's
    back: the session starts from defaults, read-only (`Session.read_only` says why), with a
    notice, until 'reset N' starts over."""
    store = session.store
    found = best(store.frames())
    notes = []
    if store.notice:
        notes.append(store.notice)
    if found is None:
        if store.had_data():
            session.read_only = "the saved state is unreadable"
            notes.append("saved state unreadable: it is kept until 'reset N' starts over")
    else:
        seq, fmt, payload = found
        session._seq = seq  # whatever happens below, the next save outranks this frame
        if fmt > FORMAT:
            session.read_only = "the save is from a newer firmware"
            notes.append("save not loaded (record format %d is newer than this firmware (%d)); "
                         "it is kept until 'reset N'" % (fmt, FORMAT))
        else:
            try:
                session.restore(payload)
                session.resumed = True
            except RecordError as e:
                session.read_only = ("the save is from a newer firmware" if e.newer else
                                     "the saved state cannot be used")
                notes.append("save not loaded (%s); it is kept until 'reset N'" % e)
    if notes:
        session.notice = "; ".join(notes)


def save(session):
    """Write `session`'s record to its store; durable when it returns (OSError when it cannot be).

    Past UNDO_DEPTH steps the oldest undo steps go to keep the frame under RECORD_SOFT; below
    UNDO_DEPTH only when the store cannot take the frame at all.  Nothing after the store's
    write allocates, so an out-of-memory error never leaves a written frame behind an aborted
    change.
    """
    if session.read_only:
        raise OSError("%s: 'reset N' replaces it" % session.read_only)
    from engine.core.undolog import drop_oldest

    head = session.head()
    size = FRAME_BYTES + len(head) + session.undo_hi - session.undo_lo
    limit = min(session.store.limit, FRAME_MAX)
    while session.undo_steps and (size > limit or
                                  (size > RECORD_SOFT and session.undo_steps > UNDO_DEPTH)):
        drop_oldest(session)
        head = session.head()
        size = FRAME_BYTES + len(head) + session.undo_hi - session.undo_lo
    if size > limit:
        raise OSError("the state is too big for the store")
    seq = (session._seq + 1) & 0xFFFFFFFF
    top = header(seq, size - FRAME_BYTES)
    end = bytearray(TRAILER)
    log = session.undo_log()
    put_u32(end, 0, crc32(log, crc32(head, crc32(top))))
    session._seq = seq  # before the write: a frame torn by a failed write is outranked too
    session.store.write((top, head, log, end))


# errno -> words.  The numbers are POSIX's (Linux), which MicroPython's own errno values follow.
_WORDS = {1: "not permitted", 2: "no such directory", 5: "input/output error",
          13: "permission denied", 20: "a part of the path is not a directory",
          21: "is a directory", 22: "not a valid file name", 28: "no space left on the device",
          30: "read-only file system", 36: "file name too long", 122: "disk quota exceeded"}


def why(e):
    """An OSError in words: the message a store gave it (`OSError("...")`), or its errno named
    ("no space left on the device"; MicroPython gives only the number)."""
    n = e.args[0] if e.args else None
    if isinstance(n, int):
        return _WORDS.get(n, "error %d" % n)
    return str(n) if n else "error"


# --- frames -------------------------------------------------------------------------------------
def u16(b, at):
    return b[at] | (b[at + 1] << 8)


def u32(b, at):
    return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)


def put_u32(out, at, value):
    for i in range(4):
        out[at + i] = (value >> (8 * i)) & 0xFF


def header(seq, n):
    """The first HEADER bytes of a frame of sequence number `seq` and an `n`-byte payload."""
    out = bytearray(HEADER)
    out[0:2] = MAGIC
    out[2] = FORMAT
    put_u32(out, 3, seq)
    out[7] = n & 0xFF
    out[8] = n >> 8
    return out


def frame(payload, seq):
    """The whole frame of `payload` with sequence number `seq` (host tools, `record`)."""
    out = header(seq, len(payload))
    out.extend(payload)
    end = bytearray(TRAILER)
    put_u32(end, 0, crc32(out))
    out.extend(end)
    return bytes(out)


def size_at(image):
    """The length of the frame at the start of `image` as its header says, or 0 if no frame."""
    if len(image) < HEADER or image[0:2] != MAGIC:
        return 0
    return FRAME_BYTES + u16(image, 7)


def unframe(image):
    """(seq, format, payload) of the frame at the start of `image`; RecordError if it is empty,
    torn or damaged.  A format newer than FORMAT is returned, not refused: the caller decides."""
    n = size_at(image)
    if not n:
        raise RecordError("no record")
    if n > len(image):
        raise RecordError("record length beyond the data")
    end = n - TRAILER
    if crc32(image[:end]) != u32(image, end):
        raise RecordError("record CRC mismatch")
    return u32(image, 3), image[2], bytes(image[HEADER:end])


def seq_newer(a, b):
    # Serial-number arithmetic, so the counter may wrap.
    return ((a - b) & 0xFFFFFFFF) < 0x80000000 and a != b


def best(images):
    """(seq, format, payload) of the newest frame whose CRC holds among `images`, or None."""
    out = None
    for image in images:
        try:
            found = unframe(image)
        except RecordError:
            continue
        if out is None or seq_newer(found[0], out[0]):
            out = found
    return out


def frames_in(blob):
    """The candidate frames of a state file's bytes: one frame at its start, and for files of
    older firmware a second one at LEGACY_SLOT."""
    out = [blob]
    if len(blob) > LEGACY_SLOT and size_at(blob) <= LEGACY_SLOT:
        out.append(blob[LEGACY_SLOT:])
    return out
