"""The undo log: steps kept in their record form, oldest first (see `engine.core.record`).

A step is: line length, line bytes, diff count, then (field index, old value zig-zagged) per
changed field, all varints.  Kept as one immutable bytes object, so a snapshot at `begin` is a
reference, and a full log costs its few hundred bytes of RAM, not a tuple per step.
"""

from engine.core.layout import UNDO_MAX
from engine.core.varint import get, put, put_signed, unzig


def push(s, line):
    """Append the step `line`: the fields of `s` that differ from its `begin` snapshot.  A step
    that changed no field is kept too: `undo` right after it takes back that action (nothing),
    never the one before it."""
    old = s._snap
    vals = s.vals
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
    s.undo += step
    s.undo_steps += 1
    if s.undo_steps > UNDO_MAX:
        drop_oldest(s)


def _step(log, at):
    # (line, offset of its diffs, diff count, offset after the step) of the step at `at`.
    n, at = get(log, at)
    line = log[at:at + n]
    count, diffs = get(log, at + n)
    end = diffs
    for _ in range(count):
        end = get(log, get(log, end)[1])[1]
    return line, diffs, count, end


def _newest(s):
    at = 0
    for _ in range(s.undo_steps - 1):
        at = _step(s.undo, at)[3]
    return at


def drop_oldest(s):
    """Forget the oldest step (the log is full, or the record must fit its slot)."""
    s.undo = s.undo[_step(s.undo, 0)[3]:]
    s.undo_steps -= 1


def newest_line(s):
    """The line of the newest step (the log is not empty)."""
    return _step(s.undo, _newest(s))[0]


def pop(s):
    """Put back the newest step's old field values; return its line (the log is not empty)."""
    start = _newest(s)
    line, at, count, _ = _step(s.undo, start)
    for _ in range(count):
        i, at = get(s.undo, at)
        old, at = get(s.undo, at)
        s.vals[i] = unzig(old)
    s.undo = s.undo[:start]
    s.undo_steps -= 1
    return line
