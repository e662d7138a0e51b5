"""The Golan 1973 fragment's d6 procedures and its tracked pieces (the Golan fragment;
docs/rules.md).

State lives in the `fields` of the game-packs section: the 10 Israeli mines (in hand, placed face
down in a named hex, revealed, removed), the five leaders (three Israeli, two Syrian: name, stack
hex, dead) and the anti-tank-ditch hexes holding an AVLB.  The outcome functions take the die and
return small ints, so a roll allocates nothing.

Hex and leader names are short words of a-z, 0-9 and '-', packed three characters to a field
(base 38, 0 = end of name) so that an unused name costs one byte of the saved record.
"""

from engine.tal import fields
from engine.core.layout import FIELD_MAX

# The fields.GOLAN block.
GOLAN_MINES = 10
GOLAN_LEADERS = 5  # Israeli 1-3, Syrian 1-2
GOLAN_AVLBS = 4  # AVLBs recorded in anti-tank-ditch hexes
NAME_FIELDS = 2  # a hex name: 6 characters, 3 per field
LEADER_NAME_FIELDS = 3  # a leader's name: 9 characters (0 = the placeholder name)
MINE_HEX = fields.GOLAN  # a placed mine's hex (2 fields each); none = in hand or removed
MINE_UP = MINE_HEX + GOLAN_MINES * NAME_FIELDS  # bit i: mine i+1 is revealed (face up)
MINE_OUT = MINE_UP + 1  # bit i: mine i+1 is removed from play
LEADER_NAME = MINE_OUT + 1  # 3 fields per leader
LEADER_HEX = LEADER_NAME + GOLAN_LEADERS * LEADER_NAME_FIELDS  # its stack's hex (none: unplaced)
LEADER_DEAD = LEADER_HEX + GOLAN_LEADERS * NAME_FIELDS  # bit i: leader i+1 is dead
AVLB_HEX = LEADER_DEAD + 1  # anti-tank-ditch hexes holding an AVLB (2 fields each)
END = AVLB_HEX + GOLAN_AVLBS * NAME_FIELDS  # == fields.GOLAN + fields.GOLAN_FIELDS (tests check)

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789-"
_BASE = 38  # the alphabet plus "end of name"
HEX_CHARS = NAME_FIELDS * 3
LEADER_CHARS = LEADER_NAME_FIELDS * 3

ISRAELI = 3  # leaders 1..3 are Israeli, 4..5 Syrian ([13.0])
LEADER_IDS = ("i1", "i2", "i3", "s1", "s2")
# Placeholders: the fragment names no leader; the player renames them after the counters.
LEADER_DEFAULT = ("israeli-1", "israeli-2", "israeli-3", "syrian-1", "syrian-2")

# Mine states.
HAND = 0
DOWN = 1  # placed, face down
UP = 2  # revealed: attacks any unit entering or in its hex
OUT = 3  # removed from play
MINE_STATES = ("hand", "down", "up", "removed")

# Outcomes.
KILLED = 0
STAYS = 1
MOVES = 2
LEADER_OUTCOMES = ("killed", "stays", "moves")
DESTROYED = 0
MOVED = 1
FATE_OUTCOMES = ("destroyed", "moves")

AVLB_DEFENCE_DITCH = 40
AVLB_DEFENCE_OPEN = 4


# --- names -----------------------------------------------------------------------------
def valid_name(word, max_chars):
    """True when `word` is 1..max_chars characters of a-z, 0-9, '-'."""
    if not word or len(word) > max_chars:
        return False
    for ch in word:
        if ALPHABET.find(ch) < 0:
            return False
    return True


def _field_value(word, f):
    # The signed field holding characters 3f..3f+2 of `word` (fields are signed 16-bit).
    v = 0
    for k in range(3 * f, 3 * f + 3):
        v = v * _BASE + (ALPHABET.find(word[k]) + 1 if k < len(word) else 0)
    return v if v <= FIELD_MAX else v - 65536


def put_name(vals, at, nfields, word):
    """Store a valid name (or "" to clear) in vals[at:at+nfields]."""
    for f in range(nfields):
        vals[at + f] = _field_value(word, f)


def get_name(vals, at, nfields):
    """The name stored at vals[at:], or None when empty."""
    out = ""
    for f in range(nfields):
        v = vals[at + f]
        if v < 0:
            v += 65536
        for div in (_BASE * _BASE, _BASE, 1):
            c = (v // div) % _BASE
            if c:
                out += ALPHABET[c - 1]
    return out or None


def same_name(vals, at, nfields, word):
    """True when the name stored at vals[at:] is `word` (compared field by field)."""
    for f in range(nfields):
        if vals[at + f] != _field_value(word, f):
            return False
    return True


# --- mines [mines] -----------------------------------------------------------------------
def mine_hex_at(i):
    """Field offset of mine i's (0-based) hex name."""
    return MINE_HEX + i * NAME_FIELDS


def mine_state(vals, i):
    """HAND, DOWN, UP or OUT for mine i (0-based)."""
    if vals[MINE_OUT] & (1 << i):
        return OUT
    if vals[mine_hex_at(i)] == 0 and vals[mine_hex_at(i) + 1] == 0:
        return HAND
    return UP if vals[MINE_UP] & (1 << i) else DOWN


def mines_in(vals, state):
    """How many mines are in `state`."""
    n = 0
    for i in range(GOLAN_MINES):
        if mine_state(vals, i) == state:
            n += 1
    return n


def place_mine(vals, hexname):
    """Put the first mine in hand face down in `hexname`; return its index, or -1 if none."""
    for i in range(GOLAN_MINES):
        if mine_state(vals, i) == HAND:
            put_name(vals, mine_hex_at(i), NAME_FIELDS, hexname)
            return i
    return -1


def reveal_mines(vals):
    """Turn every face-down mine face up; return the bit mask of those turned."""
    turned = 0
    for i in range(GOLAN_MINES):
        if mine_state(vals, i) == DOWN:
            turned |= 1 << i
    vals[MINE_UP] |= turned
    return turned


def mine_stays(die):
    """After a mine attacks, 1d6: 1-4 the mine is removed, 5-6 it stays (Mines)."""
    return die >= 5


def remove_mine(vals, i):
    """Take mine i off the map for good."""
    put_name(vals, mine_hex_at(i), NAME_FIELDS, "")
    vals[MINE_UP] &= ~(1 << i)
    vals[MINE_OUT] |= 1 << i


# --- AVLB --------------------------------------------------------------------------------
def avlb_at(i):
    """Field offset of the i-th (0-based) recorded AVLB ditch hex."""
    return AVLB_HEX + i * NAME_FIELDS


def avlb_slot(vals, hexname):
    """The slot recording an AVLB in anti-tank-ditch hex `hexname`, or -1."""
    for i in range(GOLAN_AVLBS):
        if same_name(vals, avlb_at(i), NAME_FIELDS, hexname):
            return i
    return -1


def avlb_defence(in_ditch):
    """AVLB point 3: defence 40 when it occupies an anti-tank ditch, otherwise 4."""
    return AVLB_DEFENCE_DITCH if in_ditch else AVLB_DEFENCE_OPEN


# --- leaders [13.0] ----------------------------------------------------------------------
def leader_name_at(i):
    """Field offset of leader i's (0-based) name."""
    return LEADER_NAME + i * LEADER_NAME_FIELDS


def leader_hex_at(i):
    """Field offset of leader i's stack hex."""
    return LEADER_HEX + i * NAME_FIELDS


def leader_name(vals, i):
    """The leader's name (its placeholder until renamed)."""
    return get_name(vals, leader_name_at(i), LEADER_NAME_FIELDS) or LEADER_DEFAULT[i]


def leader_dead(vals, i):
    """True once leader i is killed or destroyed."""
    return bool(vals[LEADER_DEAD] & (1 << i))


def find_leader(vals, word):
    """Index of the leader called `word` (its id i1..s2 or its name), or -1."""
    for i in range(GOLAN_LEADERS):
        if word == LEADER_IDS[i] or word == leader_name(vals, i):
            return i
    return -1


def leader_move(result):
    """[13.0] movement test, modified 1d6 (+1 if adjacent): 1-2 killed, 3 stays, 4+ moves."""
    if result <= 2:
        return KILLED
    if result == 3:
        return STAYS
    return MOVES


def leader_fate(die):
    """[13.0] fate when every unit of its hex is destroyed, 1d6: 1-4 destroyed, 5-6 moves."""
    return DESTROYED if die <= 4 else MOVED


def kill_leader(vals, i):
    """Mark leader i dead and off the map."""
    vals[LEADER_DEAD] |= 1 << i
    put_name(vals, leader_hex_at(i), NAME_FIELDS, "")


# --- fire notes --------------------------------------------------------------------------
def sagger_out_of_missiles(result):
    """BMP-1 / Sagger: an AP attack with an odd result is NE (out of missiles)."""
    return result % 2 == 1


def range_vs_helicopter(hexes):
    """Helicopters point 8: the range to a helicopter is halved, fractions dropped."""
    return hexes // 2


def clear(vals):
    """A new Golan game: every mine in hand, leaders alive and unplaced, no AVLB in a ditch.

    Leader names are kept: they are the player's names for the same counters.
    """
    for i in range(GOLAN_MINES * NAME_FIELDS):
        vals[MINE_HEX + i] = 0
    vals[MINE_UP] = 0
    vals[MINE_OUT] = 0
    for i in range(GOLAN_LEADERS * NAME_FIELDS):
        vals[LEADER_HEX + i] = 0
    vals[LEADER_DEAD] = 0
    for i in range(GOLAN_AVLBS * NAME_FIELDS):
        vals[AVLB_HEX + i] = 0
