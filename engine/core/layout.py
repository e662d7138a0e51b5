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
    """A zeroed state array (built from raw zero bytes: no temporary list of COUNT ints)."""
    return array("h", bytes(2 * COUNT))
