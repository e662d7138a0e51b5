"""The size and version of the state layout (engine/fields.py names every field).

Kept apart so that a session can size, save and load the state without importing the field
names (RAM on small boards).  `engine.fields` refuses to import if COUNT here is stale.
"""

from array import array

VERSION = 2  # bump when fields.py changes the meaning or order of fields
COUNT = 318  # fields in engine/fields.py
FIELD_MIN = -32768
FIELD_MAX = 32767


def new_values():
    """A zeroed state array (built from raw zero bytes: no temporary list of COUNT ints)."""
    return array("h", bytes(2 * COUNT))
