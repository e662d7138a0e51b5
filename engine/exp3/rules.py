"""Expansion #3 (Friendlies!) rules: Close Air Support Squads and Air Assault soldiers (Expansion
#3).

A CAS mission's Squads live in the `fields` of the game-packs section, one packed field per Squad
(hex, fate, hit capacity, hits) plus the enemy counters of each battlefield hex; a Squad is Engaged
while its hex holds an enemy counter.  Everything here reads and writes `vals` only, and the
outcome functions take dice and return small ints, so a roll allocates nothing.
"""

from engine.tal import fields

# The fields.EXP3 block.
CAS_SQUADS = 8  # Squad slots
CAS_ON = fields.EXP3  # 1 while a CAS mission is being flown
CAS_VP_DRAW = fields.EXP3 + 1  # the card's VP lost on the draw
CAS_VP_SQUAD = fields.EXP3 + 2  # the card's VP per Unengaged Squad (Success)
CAS_VP_COMPLETE = fields.EXP3 + 3  # the card's Complete bonus in VP (0 when it is not VP)
CAS_VP_NET = fields.EXP3 + 4  # this mission's VP so far (draw, friendly fire, end)
CAS_SQ = fields.EXP3 + 5  # per Squad: hex | fate << 4 | capacity << 6 | hits << 10 (0 = no Squad)
CAS_ENEMY = CAS_SQ + CAS_SQUADS  # enemy counters in hexes 1..10, two hexes a field (7 bits each)
AA_FOROBS = CAS_ENEMY + 5  # bit h-1: the ForObs of hex h was used this turn
END = AA_FOROBS + 1  # == fields.EXP3 + fields.EXP3_FIELDS (tests/test_exp3.py checks)
# A CAMP bit (engine/tal/campaign.py): today's Special Condition card was a CAS card (one a day);
# a new day clears it (engine/tal/cmd_day.py new_day), a new campaign too.
CAS_TODAY = 256

HEXES = 10  # battlefield hexes 1..10 (a random hex is a d10)
MAX_CAPACITY = 15
MAX_ENEMIES = 99  # enemy counters in one hex (7 bits per hex)

# A Squad's fate.
ALIVE = 0
ELIMINATED = 1  # by enemy attacks
FRIENDLY_FIRE = 2  # by our own hex attack: -1 VP, and it still counts as Engaged
FATES = ("alive", "eliminated", "friendly fire")

# Air Assault soldier kinds and enemy target kinds (EXP3 "New Air Assault Counters").
SOLDIERS = ("soldier", "antiveh", "sniper", "leader", "engineers", "forobs")
SOLDIER, ANTIVEH, SNIPER, LEADER, ENGINEERS, FOROBS = 0, 1, 2, 3, 4, 5
TARGETS = ("v", "b", "inf", "other")
T_VEHICLE, T_BUILDING, T_INFANTRY, T_OTHER = 0, 1, 2, 3


# --- Squads ------------------------------------------------------------------------------
def sq_hex(vals, i):
    """Squad i's hex (1..10), 0 when slot i holds no Squad."""
    return vals[CAS_SQ + i] & 15


def sq_fate(vals, i):
    """ALIVE, ELIMINATED or FRIENDLY_FIRE."""
    return (vals[CAS_SQ + i] >> 4) & 3


def sq_capacity(vals, i):
    """Hits that eliminate Squad i (printed top right on its counter)."""
    return (vals[CAS_SQ + i] >> 6) & 15


def sq_hits(vals, i):
    """Hits Squad i has suffered."""
    return (vals[CAS_SQ + i] >> 10) & 15


def set_squad(vals, i, hexno, fate, capacity, hits):
    """Write Squad i's packed field (14 bits: always a positive 16-bit field)."""
    vals[CAS_SQ + i] = hexno | (fate << 4) | (capacity << 6) | (hits << 10)


def squad_count(vals):
    """How many Squads this mission has (slots are filled in order)."""
    n = 0
    while n < CAS_SQUADS and sq_hex(vals, n):
        n += 1
    return n


def enemies(vals, hexno):
    """Enemy counters in battlefield hex 1..10."""
    k = hexno - 1
    return (vals[CAS_ENEMY + (k >> 1)] >> (7 * (k & 1))) & 127


def set_enemies(vals, hexno, n):
    """Set the enemy counters in hex 1..10 (0..MAX_ENEMIES)."""
    k = hexno - 1
    at = CAS_ENEMY + (k >> 1)
    shift = 7 * (k & 1)
    vals[at] = (vals[at] & ~(127 << shift)) | (n << shift)


def engaged(vals, i):
    """EXP3: a Squad is Engaged while its hex holds an enemy counter; one eliminated by friendly
    fire stays Engaged for Victory purposes.  An eliminated Squad is neither (it is destroyed)."""
    f = sq_fate(vals, i)
    if f == FRIENDLY_FIRE:
        return True
    return f == ALIVE and enemies(vals, sq_hex(vals, i)) > 0


def take_hits(vals, i, n):
    """Add n hits to Squad i; return True when it reaches its capacity and is eliminated."""
    hits = sq_hits(vals, i) + n
    cap = sq_capacity(vals, i)
    if hits >= cap:
        set_squad(vals, i, sq_hex(vals, i), ELIMINATED, cap, cap)
        return True
    set_squad(vals, i, sq_hex(vals, i), ALIVE, cap, hits)
    return False


# --- friendly fire -------------------------------------------------------------------------
def friendly_fire_result(die, skill, mod):
    """EXP3 Friendly Fire: the hex attack's roll against a Squad SUBTRACTS the pilot's skill."""
    return die - skill + mod


# --- the end of a CAS mission ---------------------------------------------------------------
def unengaged(vals):
    """Squads ending the mission not Engaged (alive, in a hex with no enemy counter)."""
    n = 0
    for i in range(squad_count(vals)):
        if sq_fate(vals, i) == ALIVE and not engaged(vals, i):
            n += 1
    return n


def complete(vals):
    """EXP3 Complete bonus: no Squad destroyed during the mission and all end it Unengaged."""
    n = squad_count(vals)
    return n > 0 and unengaged(vals) == n


def clear(vals):
    """Forget the CAS mission (Squads, enemy counts, the card's VP)."""
    for at in range(CAS_ON, AA_FOROBS):
        vals[at] = 0


# --- Air Assault soldiers --------------------------------------------------------------------
def soldier_bonus(kind, target, other_leader):
    """The attack bonus of an Air Assault soldier (EXP3 "New Air Assault Counters").

    AntiVeh +5 vs "V", Sniper +7 vs Infantry, Engineers +9 vs "B"; +1 when a Leader other than
    the attacker is in its hex (only one Leader grants it, however many there are).
    """
    b = 0
    if kind == ANTIVEH and target == T_VEHICLE:
        b = 5
    elif kind == SNIPER and target == T_INFANTRY:
        b = 7
    elif kind == ENGINEERS and target == T_BUILDING:
        b = 9
    if other_leader:
        b += 1
    return b


def max_range(kind):
    """Hexes away a soldier may attack: Snipers out to 1, the others their own hex only."""
    return 1 if kind == SNIPER else 0
