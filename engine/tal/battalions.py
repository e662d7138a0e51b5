"""The sector map ("Fin de Journée", "Mouvement des Bataillons"): its range bands, and the enemy
battalions on it with their strength, band and VP.

Apart from engine/tal/campaign.py (SO, Day, VP, the end of day's steps): an aircraft attacked or
a pilot's costs need those, not these.  Measured on unix32-mpy (each module's bytecode in the
heap): exp3.md:379 106.5 KB against 107.5, mission.md:289 94.75 against 96.75; frozen builds
within their noise (qemu-frozen campaign.md:614 28.0 either way).
"""

from engine.tal import campaign
from engine.tal import fields
from engine.core import parse

# The sector map's range bands, from the enemy's side to ours (a battalion advances towards
# the Air Base: +1).  Short codes are what the protocol takes.
BANDS = ("er", "et", "fl", "ft", "fr", "ab")
BAND_NAMES = ("Enemy Rear", "Enemy Transit", "Front Line", "Friendly Transit",
              "Friendly Rear", "Air Base")  # as the sector map prints them (a screen shows them)
BAND_FR = 4
BAND_AB = 5
KINDS = "asc"  # battalion kinds: Assault, Support, Command
KIND_NAMES = ("Assault", "Support", "Command")
KIND_BAND = (2, 1, 0)  # where each kind starts: Front Line, Enemy Transit, Enemy Rear
DRAW_ORDER = (0, 0, 1, 2)  # the set-up draws Assault, Assault, Support, Command, again
SCOUT_COST = 1
FUEL_PRIORITY_COST = 1


def band(word):
    """The index of a range band code, or a `parse.Reject` listing the codes."""
    for i in range(len(BANDS)):
        if BANDS[i] == word:
            return i
    raise parse.Reject(parse.UNKNOWN, "range bands: er (enemy rear), et (enemy transit), "
                       "fl (front line), ft (friendly transit), fr (friendly rear), ab (air base)")


FULL = 0
HALF = 1
DESTROYED = 2
STRENGTHS = ("full", "half", "destroyed")
FIXED = 32
MOVED = 64  # rolled (or kept in place by a card note) in today's battalion movement
SCOUTED = 128  # a scout was assigned to it today (one scout per battalion)


def bn_id(word):
    """A battalion designation like `5s` or `11a` -> number * 4 + kind (1 A, 2 S, 3 C)."""
    kind = KINDS.find(word[-1:]) if len(word) > 1 else -1
    if kind < 0:
        raise parse.Reject(parse.SYNTAX, "a battalion looks like 5s, 11a or 2c (number and kind)")
    return parse.number(word[:-1], 1, 99, "battalion number") * 4 + kind + 1


def bn_name(code):
    """The designation text of a packed battalion id."""
    return "%d%s" % (code >> 2, KINDS[(code & 3) - 1])


def bn_kind(vals, b):
    """0 Assault, 1 Support, 2 Command."""
    return (vals[fields.BN_ID + b] & 3) - 1


def bn_find(vals, word):
    """The slot of the battalion named `word`, or a `state` refusal."""
    code = bn_id(word)
    for b in range(fields.BN_MAX):
        if vals[fields.BN_ID + b] == code:
            return b
    raise parse.Reject(parse.STATE, "battalion %s is not on the sector map (bn add)" % word)


def bn_strength(vals, b):
    """FULL, HALF or DESTROYED."""
    return vals[fields.BN_STATE + b] & 3


def bn_band(vals, b):
    """The battalion's range band (an index of BANDS)."""
    return (vals[fields.BN_STATE + b] >> 2) & 7


def bn_set(vals, b, strength, band, fixed):
    """Write a battalion's strength, band and Fixed flag (keeping today's MOVED and SCOUTED)."""
    vals[fields.BN_STATE + b] = (strength | (band << 2) | (FIXED if fixed else 0) |
                                 (vals[fields.BN_STATE + b] & (MOVED | SCOUTED)))


def bn_fixed(vals, b):
    """A Fixed battalion never moves."""
    return bool(vals[fields.BN_STATE + b] & FIXED)


def bn_alive(vals, b):
    """A battalion on the map and not destroyed."""
    return vals[fields.BN_ID + b] != 0 and bn_strength(vals, b) != DESTROYED


def bn_in_band(vals, band):
    """How many surviving battalions are in range band `band`."""
    n = 0
    for b in range(fields.BN_MAX):
        if bn_alive(vals, b) and bn_band(vals, b) == band:
            n += 1
    return n


def bn_left(vals):
    """Surviving battalions (the campaign also ends when none is left)."""
    n = 0
    for b in range(fields.BN_MAX):
        if bn_alive(vals, b):
            n += 1
    return n


def ended(vals):
    """«La campagne se termine ... quand il n'y a plus de bataillons pour attaquer»: at once when
    the last battalion on the map is destroyed (once the mission being flown has ended).  The
    reply pairs that say so, or ()."""
    if not campaign.on(vals) or vals[fields.PHASE] or bn_left(vals):
        return ()
    for b in range(fields.BN_MAX):
        if vals[fields.BN_ID + b]:
            vals[fields.CAMP] |= campaign.OVER
            return (("status", "over"), ("next", "campaign result"))
    return ()


def battalion_vp(vals, b, strength):
    """Reduce battalion b to HALF or DESTROYED; return the VP gained ("Fin de Journée").

    Halved: half its VP rounded down; destroyed later: the rest; destroyed at once: all.
    """
    old = bn_strength(vals, b)
    if strength <= old:
        raise parse.Reject(parse.STATE, "battalion %s is already %s" % (
            bn_name(vals[fields.BN_ID + b]), STRENGTHS[old]))
    vp = vals[fields.BN_VP + b]
    half = vp // 2
    got = half if strength == HALF else (vp - half if old == HALF else vp)
    campaign.add_vp(vals, got)
    bn_set(vals, b, strength, bn_band(vals, b), bn_fixed(vals, b))
    return got
