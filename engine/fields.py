"""Layout of the persistent game state: every tracked value is one signed 16-bit field.

One flat array keeps the state easy to save (one record), to compare (undo is the list of fields
a command changed, with their old values) and to restore exactly.  Rules modules read and write
fields through the offsets named here; this file is the single source of the record layout, so
any change to it bumps LAYOUT_VERSION (and `record` migrates or refuses old layouts).
"""

from array import array

LAYOUT_VERSION = 1
FIELD_MIN = -32768
FIELD_MAX = 32767

_next = 0


def _f(count=1):
    global _next
    at = _next
    _next += count
    return at


# --- sections are appended below, in order; never reorder without bumping LAYOUT_VERSION ---

# --- cups (engine/cups.py) ---

# --- mission, campaign, pilots (engine/mission.py, engine/campaign.py, engine/pilots.py) ---

# --- game packs (engine/exp3.py, engine/golan.py) ---

COUNT = _next


def new_values():
    """A zeroed state array."""
    return array("h", [0] * COUNT)
