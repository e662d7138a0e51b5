"""The aircraft roster ("Attaques Ennemies"): types, loadout, pilot, status, Bingo marker, damage
markers.

An aircraft is one slot of the `AC_*` field arrays (engine/tal/fields.py); its type's card values
(the type printed on Hit counters, class, SO cost, structure boxes, WP) come from the
player-editable data/tal/aircraft.txt.  What happens to aircraft in a mission (hits, crashes,
Loiter, Bingo, SAR) is engine/tal/mission.py.
"""

from engine.core import datatables
from engine.core.jsonline import Obj
from engine.tal import fields
from engine.core import parse
from engine.tal import tables

# engine/tal/pilots.py is imported by the functions that use it, here and in mission.py, loiter.py
# and cmd_loiter.py: a Loiter or Scout answer loads none of it.  Measured with battalions.py so
# imported (cmd_loiter.py, sheets.py): unix32-mpy exp3.md:379 104.75 KB against 106.0,
# campaign.md:614 94.5 against 97.0; qemu-frozen exp3.md:379 and mission.md:289 -0.25.

# --- aircraft status (AC_STATE low bits) -------------------------------------------------------
BASE = 0  # at the air base
FLYING = 1  # in the air on this mission (target-bound or on the battlefield)
LEFT = 2  # has left the battlefield (home-bound)
CRASH_TARGET = 3  # crashed target-bound, SAR to roll (+2)
CRASH_BATTLE = 4  # crashed on the battlefield, SAR to roll
CRASH_HOME = 5  # crashed home-bound, SAR to roll (+1)
DOWN = 6  # crashed, SAR done or none due: out of the campaign until replaced
STATUS = ("base", "flying", "left", "crashed", "crashed", "crashed", "down")
ST_MASK = 7
BINGO_SHIFT = 3  # Bingo marker: 0 none, 1 Bingo 6, 2 Bingo 10
IN_MISSION = 32
FLEW = 64  # flew (or was assigned to) a mission today: one mission per aircraft a day

# --- AC_GEAR bits ------------------------------------------------------------------------------
G_SLOW = 1
G_FUEL = 2
G_ECM = 4
EVASIVE_SHIFT = 3
G_HIGH = 64  # at high altitude (an RQ-1 or MQ-1 up high makes every pilot Fast)

# --- durable damage markers --------------------------------------------------------------------
MARKERS = ("structure", "engine", "pylon", "bullet-holes", "hud", "display", "controls", "cannon")
STRUCTURE = 0
ENGINE = 1
PYLON = 2
HOLES = 3
HUD = 4
DISPLAY = 5
CONTROLS = 6
CANNON = 7
MARKER_MAX = 7  # 3 bits each
PYLON_WP = 2  # Pylon*: -2 WP
CONTROLS_RIDGE = 2  # Controls*: -2 on Ridge Evasion rolls
GUNS = 3  # AC-130: a Cannon hit disables one of its 3 guns at random ("Attaques Ennemies")

# --- aircraft types (data/tal/aircraft.txt) ----------------------------------------------------
MANNED = 0
DRONE = 1
GUNSHIP = 2
CLASSES = ("manned", "drone", "gunship")
# A row of `types` is these columns but the source, in this order: read it by unpacking,
#     number, type_name, family, ac_class, cost, boxes, wp, year = row
_TYPES = (("n", (1, 31)), ("type", "word"), ("family", "word"),
          ("class", CLASSES),
          ("cost", (0, 99), "?"), ("boxes", (0, 7), "?"), ("wp", (0, 99), "?"),
          ("year", (1900, 2099), "?"), ("source", "text"))


TYPE_KEYS = ((0,), (1,))  # a number and a name name one type only (columns number, type_name)


def types(session):
    """Every row of data/tal/aircraft.txt: (number, type_name, family, ac_class, cost, boxes,
    wp, year)."""
    return datatables.rows(session, "tal/aircraft.txt", _TYPES, TYPE_KEYS)


def find_type(session, word):
    """The data row of aircraft type `word` (e.g. a-10a)."""
    rows = types(session)
    row = rows.find(1, word)
    if row is None:
        raise parse.Reject(parse.UNKNOWN, "aircraft types: " + " ".join(r[1].lower() for r in rows))
    return row


def type_row(session, a):
    """The data row of aircraft a's type; a `state` refusal if the file no longer lists it."""
    n = session.vals[fields.AC_TYPE + a]
    row = types(session).find(0, n)
    if row is not None:
        return row
    raise parse.Reject(parse.STATE, "aircraft type %d is missing from data/tal/aircraft.txt" % n)


# --- roster --------------------------------------------------------------------------------------
def used(vals, a):
    """Whether aircraft slot a holds an aircraft."""
    return vals[fields.AC_TYPE + a] != 0


def slot(vals, word):
    """The slot of aircraft number `word` (1-based)."""
    a = parse.number(word, 1, fields.AC_MAX, "aircraft") - 1
    if not used(vals, a):
        raise parse.Reject(parse.STATE, "there is no aircraft %d" % (a + 1))
    return a


def free_slot(vals):
    """The first free aircraft slot, or a `state` refusal when the roster is full."""
    for a in range(fields.AC_MAX):
        if not used(vals, a):
            return a
    raise parse.Reject(parse.STATE, "the roster holds %d aircraft: none is free" % fields.AC_MAX)


def status(vals, a):
    """BASE, FLYING, LEFT, CRASH_TARGET, CRASH_BATTLE, CRASH_HOME or DOWN."""
    return vals[fields.AC_STATE + a] & ST_MASK


def set_status(vals, a, st):
    """Set the status, keeping the Bingo marker and the mission bit."""
    vals[fields.AC_STATE + a] = (vals[fields.AC_STATE + a] & ~ST_MASK) | st


def bingo(vals, a):
    """Aircraft a's Bingo marker: 0, 6 or 10."""
    b = (vals[fields.AC_STATE + a] >> BINGO_SHIFT) & 3
    return tables.BINGO_MARKERS[b - 1] if b else 0


def set_bingo(vals, a, b):
    """b: 0 none, 1 Bingo 6, 2 Bingo 10."""
    vals[fields.AC_STATE + a] = ((vals[fields.AC_STATE + a] & ~(3 << BINGO_SHIFT)) |
                                 (b << BINGO_SHIFT))


def in_mission(vals, a):
    """Whether the aircraft flies (or flew) the current mission."""
    return bool(vals[fields.AC_STATE + a] & IN_MISSION)


def pilot(vals, a):
    """Aircraft a's pilot slot, or -1."""
    return vals[fields.AC_PILOT + a] - 1


def has_ecm(vals, a):
    """Whether it carries an ECM pod this mission."""
    return bool(vals[fields.AC_GEAR + a] & G_ECM)


def has_fuel(vals, a):
    """Whether it carries a fuel tank this mission (+2 Loiter turns)."""
    return bool(vals[fields.AC_GEAR + a] & G_FUEL)


def is_slow(vals, a):
    """Whether it acts in the Slow part of a Loiter turn (its pilot's speed)."""
    return bool(vals[fields.AC_GEAR + a] & G_SLOW)


def evasive(vals, a):
    """Its pilot's Evasive skill (or the one set by hand)."""
    return (vals[fields.AC_GEAR + a] >> EVASIVE_SHIFT) & 7


def set_gear(vals, a, slow, fuel, ecm, eva):
    """Write speed, fuel tank, ECM pod and Evasive (keeping the altitude)."""
    vals[fields.AC_GEAR + a] = ((G_SLOW if slow else 0) | (G_FUEL if fuel else 0) |
                                (G_ECM if ecm else 0) | (eva << EVASIVE_SHIFT) |
                                (vals[fields.AC_GEAR + a] & G_HIGH))


def high(vals, a):
    """Whether it flies at high altitude (as set with `ac set N high`)."""
    return bool(vals[fields.AC_GEAR + a] & G_HIGH)


def family(session, a):
    """The type printed on Hit counters for this aircraft (a-10 for A-10A and A-10C)."""
    _number, _name, family, _class, _cost, _boxes, _wp, _year = type_row(session, a)
    return family.lower()


def unmanned(session, a):
    """An unmanned aircraft (RQ-1, MQ-1): no pilot, no stress, no VP lost."""
    _number, _name, _family, ac_class, _cost, _boxes, _wp, _year = type_row(session, a)
    return ac_class == DRONE


def gunship(session, a):
    """The AC-130: its immunities and three guns."""
    _number, _name, _family, ac_class, _cost, _boxes, _wp, _year = type_row(session, a)
    return ac_class == GUNSHIP


def marker(vals, a, m):
    """How many markers of MARKERS[m] aircraft a has (AC-130 cannon: a mask of its guns)."""
    if m < 5:
        return (vals[fields.AC_DMG + a] >> (3 * m)) & 7
    return (vals[fields.AC_DMG2 + a] >> (3 * (m - 5))) & 7


def set_marker(vals, a, m, n):
    """Write the count (or the AC-130 gun mask) of MARKERS[m]."""
    if m < 5:
        f, sh = fields.AC_DMG + a, 3 * m
    else:
        f, sh = fields.AC_DMG2 + a, 3 * (m - 5)
    vals[f] = (vals[f] & ~(7 << sh)) | (n << sh)


def marker_count(session, a, m):
    """Markers of kind m, counting the AC-130's disabled guns one each."""
    n = marker(session.vals, a, m)
    if m == CANNON and gunship(session, a):
        return (n & 1) + ((n >> 1) & 1) + ((n >> 2) & 1)
    return n


def marker_index(word):
    """The index of a marker word in MARKERS, or -1."""
    for m in range(len(MARKERS)):
        if MARKERS[m] == word:
            return m
    return -1


def assign(session, a, k):
    """Put pilot slot k (or -1: nobody) in aircraft a.

    The aircraft takes the pilot card's speed and Evasive.  A pilot flies only the aircraft type
    on his card ("Choix des Pilotes": «Un pilote ne peut voler que sur le type de machine
    mentionnée sur sa carte»); the type is the pilot's line of data/tal/pilots.txt.  The Bullet
    Holes stress is taken when the pilot is assigned to a mission (`mission.start`).
    """
    from engine.tal import pilots

    vals = session.vals
    if k < 0:
        vals[fields.AC_PILOT + a] = 0
        return
    if unmanned(session, a):
        raise parse.Reject(parse.STATE, "unmanned aircraft take no pilot")
    if pilots.flag(vals, k, pilots.KILLED):
        raise parse.Reject(parse.STATE, "pilot %d was killed" % (k + 1))
    if pilots.status(vals, k) == pilots.UNFIT:
        raise parse.Reject(parse.STATE, "pilot %d is Unfit and cannot be assigned" % (k + 1))
    flies = pilots.family(session, vals[fields.P_NAME + k])
    if flies is not None and flies != family(session, a):
        _number, type_name, _family, _class, _cost, _boxes, _wp, _year = type_row(session, a)
        raise parse.Reject(parse.STATE, "%s flies the %s only (his card), not the %s" % (
            pilots.name(session, vals[fields.P_NAME + k]), flies.upper(), type_name.upper()))
    for b in range(fields.AC_MAX):
        if b != a and used(vals, b) and pilot(vals, b) == k:
            raise parse.Reject(parse.STATE, "pilot %d is in aircraft %d" % (k + 1, b + 1))
    vals[fields.AC_PILOT + a] = k + 1
    set_gear(vals, a, pilots.flag(vals, k, pilots.SLOW), has_fuel(vals, a), has_ecm(vals, a),
             pilots.evasive(vals, k))


def _damage(session, a):
    out = []
    for m in range(len(MARKERS)):
        n = marker_count(session, a, m)
        if n:
            out.append((MARKERS[m], n))
    return Obj(out)


def pairs(session, a):
    """The reply pairs that describe aircraft slot a (the replies of `ac` and of the hits)."""
    from engine.tal import pilots

    vals = session.vals
    _number, type_name, _family, ac_class, _cost, boxes, wp, _year = type_row(session, a)
    k = pilot(vals, a)
    if wp is not None:
        wp = max(0, wp - PYLON_WP * marker(vals, a, PYLON))
    out = [("ac", a + 1), ("type", type_name.lower()), ("class", CLASSES[ac_class]),
           ("pilot", k + 1 if k >= 0 else None),
           ("speed", "slow" if is_slow(vals, a) else "fast"),
           ("altitude", "high" if high(vals, a) else "low"),
           ("fuel", has_fuel(vals, a)), ("ecm", has_ecm(vals, a)), ("evasive", evasive(vals, a)),
           ("status", STATUS[status(vals, a)]), ("bingo", bingo(vals, a)),
           ("boxes", boxes), ("wp", wp), ("damage", _damage(session, a))]
    if k >= 0:
        out.append(("stress", vals[fields.P_STRESS + k]))
        out.append(("pilot_status", pilots.status_word(vals, k)))
        if status(vals, a) == FLYING:
            if pilots.status(vals, k) == pilots.UNFIT:
                out.append(("weapons", pilots.UNFIT_NOTE))
            elif pilots.flag(vals, k, pilots.WOUNDED):
                out.append(("weapons", pilots.WOUNDED_NOTE))
    return out
