"""The size and version of the state layout (engine/tal/fields.py names every field).

Kept apart so that a session can size, save and load the state without importing the field
names (RAM on small boards).  `engine.tal.fields` refuses to import if COUNT here is stale.
"""

from array import array

VERSION = 2  # bump when fields.py changes the meaning or order of fields
COUNT = 318  # fields in engine/tal/fields.py
FIELD_MIN = -32768
FIELD_MAX = 32767
# Sizes the record, the undo log, the session and the line protocol share (here, not in session,
# so that record and undolog need not import the session that imports them).
UNDO_DEPTH = 32  # the log keeps at least this many steps of ordinary commands
UNDO_MAX = 128  # and at most this many
MAX_LINE = 200  # bytes in a request line


def new_values():
    """A zeroed state array, made at its size with no temporary buffer beside it: from `range`,
    whose length the array takes first, then zeroed in place.  From `bytes(2 * COUNT)`, as it
    was, the 636-byte temporary made the dice transcripts' smallest heap 10.8 KB against 10.1 on
    qemu-frozen (10.2 against 9.6 on unix32-frozen)."""
    a = array("h", range(COUNT))
    for i in range(COUNT):
        a[i] = 0
    return a
