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
# Packed where a TAL campaign would otherwise pay a byte per unused field (zero costs one byte).
GAME = _f()  # the game of this campaign: 0 TAL, 1 TAL + Expansion #3, 2 Golan (Settings)

# EXP3 Close Air Support mission (RULES §9).
CAS_SQUADS = 8  # Squad slots
CAS_ON = _f()  # 1 while a CAS mission is being flown
CAS_VP_DRAW = _f()  # the card's VP lost on the draw
CAS_VP_SQUAD = _f()  # the card's VP per Unengaged Squad (Success)
CAS_VP_COMPLETE = _f()  # the card's Complete bonus in VP (0 when it is not VP)
CAS_VP_NET = _f()  # this mission's VP so far (draw, friendly fire, end)
CAS_SQ = _f(CAS_SQUADS)  # per Squad: hex | fate << 4 | capacity << 6 | hits << 10 (0 = no Squad)
CAS_ENEMY = _f(5)  # enemy counters in hexes 1..10, two hexes per field (7 bits each)
AA_FOROBS = _f()  # bit h-1: the ForObs of hex h was used this turn

# Golan d6 game (RULES §10).
GOLAN_MINES = 10
GOLAN_LEADERS = 5  # Israeli 1-3, Syrian 1-2
GOLAN_AVLBS = 4  # AVLBs recorded in anti-tank-ditch hexes
NAME_FIELDS = 2  # a hex name: 6 characters, 3 per field
LEADER_NAME_FIELDS = 3  # a leader's name: 9 characters (0 = the placeholder name)
MINE_HEX = _f(GOLAN_MINES * NAME_FIELDS)  # a placed mine's hex; none = in hand or removed
MINE_UP = _f()  # bit i: mine i+1 is revealed (face up)
MINE_OUT = _f()  # bit i: mine i+1 is removed from play
LEADER_NAME = _f(GOLAN_LEADERS * LEADER_NAME_FIELDS)
LEADER_HEX = _f(GOLAN_LEADERS * NAME_FIELDS)  # the hex of the leader's stack (none: unplaced)
LEADER_DEAD = _f()  # bit i: leader i+1 is dead
AVLB_HEX = _f(GOLAN_AVLBS * NAME_FIELDS)  # anti-tank-ditch hexes holding an AVLB

COUNT = _next


def new_values():
    """A zeroed state array."""
    return array("h", [0] * COUNT)
