"""The undo log: steps kept in their record form, oldest first (see `engine.core.record`).

A step is: line length, line bytes, diff count, then (field index, old value zig-zagged) per
changed field, all varints.  Kept as one immutable bytes object, so a snapshot at `begin` is a
reference, and a full log costs its few hundred bytes of RAM, not a tuple per step.
"""

from engine.core.layout import UNDO_MAX
from engine.core.varint import get, put, put_signed, unzig


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
    step = bytearray()
    put(step, len(line))
    step.extend(line)
    put(step, n)
    for i in range(len(vals)):
        if vals[i] != old[i]:
            put(step, i)
            put_signed(step, old[i])
    session.undo += step
    session.undo_steps += 1
    if session.undo_steps > UNDO_MAX:
        drop_oldest(session)


def _step(log, at):
    # (line, offset of its diffs, diff count, offset after the step) of the step at `at`.
    n, at = get(log, at)
    line = log[at:at + n]
    count, diffs = get(log, at + n)
    end = diffs
    for _ in range(count):
        end = get(log, get(log, end)[1])[1]
    return line, diffs, count, end


def _newest(session):
    at = 0
    for _ in range(session.undo_steps - 1):
        at = _step(session.undo, at)[3]
    return at


def drop_oldest(session):
    """Forget the oldest step (the log is full, or the record must fit its slot)."""
    session.undo = session.undo[_step(session.undo, 0)[3]:]
    session.undo_steps -= 1


def newest_line(session):
    """The line of the newest step (the log is not empty)."""
    return _step(session.undo, _newest(session))[0]


def pop(session):
    """Put back the newest step's old field values; return its line (the log is not empty)."""
    start = _newest(session)
    line, at, count, _ = _step(session.undo, start)
    for _ in range(count):
        i, at = get(session.undo, at)
        old, at = get(session.undo, at)
        session.vals[i] = unzig(old)
    session.undo = session.undo[:start]
    session.undo_steps -= 1
    return line
