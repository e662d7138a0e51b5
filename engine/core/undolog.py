"""The undo log: steps kept in their record form, oldest first (see `engine.core.record`).

A step is: line length, line bytes, diff count, then (field index, old value zig-zagged) per
changed field, all varints.  The log is one bytearray, `session.undo`, made at the first step and
then changed in place; the live steps are `undo[undo_lo:undo_hi]`.  A new step is written after
`undo_hi`, dropping the oldest moves `undo_lo` and undoing moves `undo_hi`: none of them overwrites
a live byte, so `Session.abort` only puts the buffer and the two offsets back.  `settle`, at the
next `begin`, moves the live steps to the start again, changing no step: a request refused after
its `begin` leaves the log as it was.

Why in place: a log rebuilt as a new bytes object at every step left a campaign's heap full of
dead logs of a kilobyte or two; the campaign transcript's smallest heap on the 32-bit unix port,
app frozen, went from 109.8 KB to 48.5 KB (host_tools/benches/ram_bench.py; docs/HOST_TOOLS.md).
"""

from engine.core.layout import UNDO_DEPTH, UNDO_MAX, new_values
from engine.core.varint import get, put_at, unzig, zig

# The buffer's size: past UNDO_DEPTH steps `push` drops the oldest to keep ROOM bytes free, so
# it grows only while the first UNDO_DEPTH steps are long, or for one step longer than ROOM.  The
# transcripts' steps average 28 bytes (a 20-byte line, a field or two): 32 of them fit in 1 KB.
# It is in every request's heap: 1024 against 2048 took 1 KB off every transcript's smallest heap
# on unix32-frozen (docs/protocol/campaign.md:614 25.0 KB against 26.25); 512 grew, and cost 4.
# A store keeps less anyway: its record stays under record.RECORD_SOFT (1536 bytes, the fields
# included) past UNDO_DEPTH steps.
CAPACITY = 1024
ROOM = 256  # a step of 200 bytes of line and 10 fields changed fits (a grown buffer otherwise)


def buffer(log, extra=0):
    """A new log buffer holding `log` (bytes-like) at its start, with room for `extra` more."""
    buf = bytearray(max(CAPACITY, len(log) + extra))
    buf[0:len(log)] = log
    return buf


def reserve(session):
    """Make the fields, their snapshot (`Session.keep_fields`) and the log's buffer now if they are
    not made yet: `engine.core.protocol` calls it before a game's command loads its modules.  On
    MicroPython's non-moving heap the buffer needs one free stretch: made at the first
    step, it came after that request's modules and sat among them.  Measured on unix32-frozen,
    docs/protocol/campaign.md:419 (its first request failed to make it): 22.2 KB against 42.0."""
    session.vals  # (made on first use: here, below the snapshot, as they are used together)
    if session._snap is None:
        session._snap = new_values()
    if not len(session.undo):
        session.undo = buffer(b"")


def push(session, line):
    """Append the step `line`: the fields of `session` that differ from its `begin` snapshot.  A
    step that changed no field is kept too: `undo` right after it takes back that action
    (nothing), never the one before it."""
    old = session._snap
    vals = session.vals
    n = 0
    for i in range(len(vals)):
        if vals[i] != old[i]:
            n += 1
    # At most: 2 bytes of line length, the line, 2 of count, 2 + 3 per field (index < 16384,
    # value within 16 bits zig-zagged).
    room = 4 + len(line) + 5 * n
    log = session.undo
    at = session.undo_hi
    if at + room > len(log):  # the snapshot keeps the old buffer, for `abort`
        log = buffer(memoryview(log)[session.undo_lo:at], room)
        session.undo = log
        at -= session.undo_lo
        session.undo_lo = 0
    at = put_at(log, at, len(line))
    log[at:at + len(line)] = line
    at = put_at(log, at + len(line), n)
    for i in range(len(vals)):
        if vals[i] != old[i]:
            at = put_at(log, put_at(log, at, i), zig(old[i]))
    session.undo_hi = at
    session.undo_steps += 1
    # Past UNDO_DEPTH steps the oldest make room for the next step (ROOM bytes free once `settle`
    # moves the log to the start).  Here, in the change being committed, not at the next `begin`:
    # there a request then refused had dropped a step (the `state` CRC changed, 50 to 110 times
    # in 1,000 refused lines of a long session).
    while session.undo_steps > UNDO_MAX or (
            session.undo_steps > UNDO_DEPTH
            and session.undo_hi - session.undo_lo + ROOM > len(session.undo)):
        drop_oldest(session)


def settle(session):
    """At `begin` (no change is pending): move the live steps to the buffer's start."""
    lo = session.undo_lo
    n = session.undo_hi - lo
    session.undo[0:n] = memoryview(session.undo)[lo:lo + n]  # a memmove: no copy of the log
    session.undo_lo = 0
    session.undo_hi = n


def _end(log, at):
    # The offset after the step at `at`.
    n, at = get(log, at)
    count, at = get(log, at + n)
    for _ in range(count):
        at = get(log, get(log, at)[1])[1]
    return at


def _newest(session):
    at = session.undo_lo
    for _ in range(session.undo_steps - 1):
        at = _end(session.undo, at)
    return at


def drop_oldest(session):
    """Forget the oldest step (the log is full, or the record must fit its slot)."""
    session.undo_lo = _end(session.undo, session.undo_lo)
    session.undo_steps -= 1


def _line(log, at):
    # (line bytes, offset after it) of the step at `at`.
    n, at = get(log, at)
    return bytes(log[at:at + n]), at + n


def newest_line(session):
    """The line of the newest step (the log is not empty)."""
    return _line(session.undo, _newest(session))[0]


def pop(session):
    """Put back the newest step's old field values; return its line (the log is not empty)."""
    log = session.undo
    start = _newest(session)
    line, at = _line(log, start)
    count, at = get(log, at)
    for _ in range(count):
        i, at = get(log, at)
        old, at = get(log, at)
        session.vals[i] = unzig(old)
    session.undo_hi = start
    session.undo_steps -= 1
    return line
