"""Mission rules: aircraft roster, Loiter and Bingo, engine check, SAR, damage and crashes.

RULES §3 (damage markers, immunities, structure), §5 (Loiter, Bingo), §8 (engine check, SAR).
An aircraft is one slot of the `AC_*` field arrays (engine/fields.py); its type's card values
(family, class, cost, structure boxes, WP) come from data/tal/aircraft.txt.

The mission's phase moves: none -> target-bound (`mission start`) -> battlefield (`loiter start`;
each Loiter turn is a Fast part then an enemy/Slow part) -> home-bound (when no aircraft is left
on the battlefield, or `mission home`) -> none (`mission end`).

For the counter cups (engine/cups.py) this module offers: `apply_hit` (instant and durable Hit
counters), `ignores` (immunities), `family`, `unmanned`, `gunship`, `has_ecm`, `evasive`,
`is_slow`, `on_battlefield`, and `enemy_attack` (call it before an enemy unit attacks on the
battlefield).  Temporary counters stay with the cups: an aircraft's turn ends at the end of
the Fast part (Fast aircraft) or of the Loiter turn (Slow aircraft), when it leaves the battlefield
or crashes, and at mission end; at that moment this module calls `cups.release_held(session, ac)`
(when engine.cups has it), which puts back every temporary counter the aircraft holds and returns
a list of what went back.  All of them are due: a hit never lands during the aircraft's own turn,
so what it holds was taken since its previous turn ended.
"""

from engine import campaign
from engine import datafile
from engine import datatables
from engine import fields as F
from engine import parse
from engine import pilots
from engine import tables

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

# --- AC_GEAR bits ------------------------------------------------------------------------------
G_SLOW = 1
G_FUEL = 2
G_ECM = 4
EVASIVE_SHIFT = 3

# --- mission phase (PHASE) ---------------------------------------------------------------------
P_NONE = 0
P_TARGET = 1
P_FAST = 2  # battlefield: Pop-Ups, cover, Fast aircraft
P_SLOW = 3  # battlefield: enemy attacks, Slow aircraft, advance the Loiter marker
P_HOME = 4
PHASES = ("none", "target-bound", "battlefield-fast", "battlefield-slow", "home-bound")

LOITER_TURNS = 5  # a mission starts with 5 Loiter turns (RULES §5)
FUEL_TURNS = 2  # a fuel tank gives its aircraft 2 more
LOITER_MAX = 30

# --- durable damage markers --------------------------------------------------------------------
MARKERS = ("structure", "engine", "pylon", "bullet-holes", "hud", "display", "controls", "cannon")
STRUCTURE = 0
ENGINE = 1
PYLON = 2
HOLES = 3
HUD = 4
CONTROLS = 6
CANNON = 7
MARKER_MAX = 7  # 3 bits each
PYLON_WP = 2  # Pylon*: -2 WP
CONTROLS_RIDGE = 2  # Controls*: -2 on Ridge Evasion rolls
GUNS = 3  # AC-130: a Cannon hit disables one of its 3 guns at random (RULES §3)

# Results of apply_hit
IGNORED = 0
MARKED = 1  # applied (marker placed, stress taken, ...)
CRASHED = 2  # the aircraft crashed (structure)
KILLED = 3  # pilot killed (Killed counter or a second Wounded): the aircraft crashes
TEMPORARY = 4  # a temporary counter: the cups hold it beside the aircraft

# Effect words as in engine/cupdata.py (the Hit cup's data file and replies use the same).
TEMPORARIES = ("altitude", "attack", "no-cannon", "no-hover", "no-stand-off", "no-strike")
DRONE_IGNORES = ("stress", "wounded", "bullet-holes", "hud", "cannon")  # RULES §3 unmanned
GUNSHIP_IGNORES = ("altitude", "pylon", "hud")  # RULES §3 AC-130

# --- aircraft types (data/tal/aircraft.txt) ----------------------------------------------------
MANNED = 0
DRONE = 1
GUNSHIP = 2
CLASSES = ("manned", "drone", "gunship")
T_N = 0
T_NAME = 1
T_FAMILY = 2
T_CLASS = 3
T_COST = 4
T_BOXES = 5
T_WP = 6
_TYPES = (("n", datafile.integer(1, 31)), ("type", datafile.word), ("family", datafile.word),
          ("class", datafile.choice(CLASSES)),
          ("cost", datatables.maybe(datafile.integer(0, 99))),
          ("boxes", datatables.maybe(datafile.integer(0, 7))),
          ("wp", datatables.maybe(datafile.integer(0, 99))), ("source", datafile.text))


def types(s):
    """Every row of data/tal/aircraft.txt: (n, type, family, class, cost, boxes, wp, source)."""
    return datatables.rows(s, "tal/aircraft.txt", _TYPES)


def find_type(s, word):
    """The data row of aircraft type `word` (e.g. a-10a)."""
    names = []
    for r in types(s):
        if r[T_NAME].lower() == word:
            return r
        names.append(r[T_NAME].lower())
    raise parse.Reject(parse.UNKNOWN, "aircraft types: " + " ".join(names))


def type_row(s, a):
    """The data row of aircraft a's type; a `state` refusal if the file no longer lists it."""
    n = s.vals[F.AC_TYPE + a]
    for r in types(s):
        if r[T_N] == n:
            return r
    raise parse.Reject(parse.STATE, "aircraft type %d is missing from data/tal/aircraft.txt" % n)


# --- roster --------------------------------------------------------------------------------------
def used(v, a):
    return v[F.AC_TYPE + a] != 0


def slot(v, word):
    """The slot of aircraft number `word` (1-based)."""
    a = parse.number(word, 1, F.AC_MAX, "aircraft") - 1
    if not used(v, a):
        raise parse.Reject(parse.STATE, "there is no aircraft %d" % (a + 1))
    return a


def free_slot(v):
    for a in range(F.AC_MAX):
        if not used(v, a):
            return a
    raise parse.Reject(parse.STATE, "the roster holds %d aircraft: none is free" % F.AC_MAX)


def status(v, a):
    return v[F.AC_STATE + a] & ST_MASK


def set_status(v, a, st):
    v[F.AC_STATE + a] = (v[F.AC_STATE + a] & ~ST_MASK) | st


def bingo(v, a):
    """Aircraft a's Bingo marker: 0, 6 or 10."""
    b = (v[F.AC_STATE + a] >> BINGO_SHIFT) & 3
    return tables.BINGO_MARKERS[b - 1] if b else 0


def set_bingo(v, a, b):
    """b: 0 none, 1 Bingo 6, 2 Bingo 10."""
    v[F.AC_STATE + a] = (v[F.AC_STATE + a] & ~(3 << BINGO_SHIFT)) | (b << BINGO_SHIFT)


def in_mission(v, a):
    return bool(v[F.AC_STATE + a] & IN_MISSION)


def pilot(v, a):
    """Aircraft a's pilot slot, or -1."""
    return v[F.AC_PILOT + a] - 1


def has_ecm(v, a):
    return bool(v[F.AC_GEAR + a] & G_ECM)


def has_fuel(v, a):
    return bool(v[F.AC_GEAR + a] & G_FUEL)


def is_slow(v, a):
    return bool(v[F.AC_GEAR + a] & G_SLOW)


def evasive(v, a):
    return (v[F.AC_GEAR + a] >> EVASIVE_SHIFT) & 7


def set_gear(v, a, slow, fuel, ecm, eva):
    v[F.AC_GEAR + a] = ((G_SLOW if slow else 0) | (G_FUEL if fuel else 0) |
                        (G_ECM if ecm else 0) | (eva << EVASIVE_SHIFT))


def on_battlefield(v, a):
    """In the air over the battlefield now (it can be attacked, it gets Bingo markers)."""
    return (used(v, a) and in_mission(v, a) and status(v, a) == FLYING and
            (v[F.PHASE] == P_FAST or v[F.PHASE] == P_SLOW))


def family(s, a):
    """The type printed on Hit counters for this aircraft (a-10 for A-10A and A-10C)."""
    return type_row(s, a)[T_FAMILY].lower()


def unmanned(s, a):
    return type_row(s, a)[T_CLASS] == DRONE


def gunship(s, a):
    return type_row(s, a)[T_CLASS] == GUNSHIP


def marker(v, a, m):
    """How many markers of MARKERS[m] aircraft a has (AC-130 cannon: a mask of its guns)."""
    if m < 5:
        return (v[F.AC_DMG + a] >> (3 * m)) & 7
    return (v[F.AC_DMG2 + a] >> (3 * (m - 5))) & 7


def set_marker(v, a, m, n):
    if m < 5:
        f, sh = F.AC_DMG + a, 3 * m
    else:
        f, sh = F.AC_DMG2 + a, 3 * (m - 5)
    v[f] = (v[f] & ~(7 << sh)) | (n << sh)


def marker_count(s, a, m):
    """Markers of kind m, counting the AC-130's disabled guns one each."""
    n = marker(s.vals, a, m)
    if m == CANNON and gunship(s, a):
        return (n & 1) + ((n >> 1) & 1) + ((n >> 2) & 1)
    return n


def marker_index(word):
    for m in range(len(MARKERS)):
        if MARKERS[m] == word:
            return m
    return -1


def assign(s, a, k):
    """Put pilot slot k (or -1: nobody) in aircraft a.  Returns the Bullet Holes stress taken.

    The aircraft takes the pilot card's speed and Evasive.  The pilot takes 1 stress per Bullet
    Holes marker on the aircraft (RULES §3).
    """
    v = s.vals
    if k < 0:
        v[F.AC_PILOT + a] = 0
        return 0
    if unmanned(s, a):
        raise parse.Reject(parse.STATE, "unmanned aircraft take no pilot")
    if pilots.flag(v, k, pilots.KILLED):
        raise parse.Reject(parse.STATE, "pilot %d was killed" % (k + 1))
    if pilots.status(v, k) == pilots.UNFIT:
        raise parse.Reject(parse.STATE, "pilot %d is Unfit and cannot be assigned" % (k + 1))
    for b in range(F.AC_MAX):
        if b != a and used(v, b) and pilot(v, b) == k:
            raise parse.Reject(parse.STATE, "pilot %d is in aircraft %d" % (k + 1, b + 1))
    if pilot(v, a) == k:
        return 0
    v[F.AC_PILOT + a] = k + 1
    set_gear(v, a, pilots.flag(v, k, pilots.SLOW), has_fuel(v, a), has_ecm(v, a),
             pilots.evasive(v, k))
    holes = marker(v, a, HOLES)
    pilots.add_stress(v, k, holes)
    return holes


# --- turns and the cups' temporary counters --------------------------------------------------------
def _any(v, at, n):
    # Is any slot of a cup's held-out fields in use?
    for k in range(n):
        if v[at + k]:
            return True
    return False


def _release(s, a, out):
    """The end of aircraft a's turn: its temporary Hit counters due now go back to the cup.

    engine.cups is imported only while some counter is held out, so a session that tracks its
    counters by hand never loads the cups.
    """
    v = s.vals
    if not _any(v, F.HIT_HELD, F.HIT_HELD_MAX):
        return
    from engine import cupdata
    from engine import cups
    from engine.jsonline import Obj
    d = cupdata.definition(s, cupdata.HIT_FILE)
    cups.check_sum(v, cups.HIT, d, cupdata.HIT_FILE)
    for k in range(cups.end_turn(s, d, a + 1)):
        c = cups.DRAWN[k]
        out.append(Obj((("n", c + 1), ("effect", cupdata.EFFECTS[d.effect[cups.SIDE[k]][c]]))))


def _cups_home(s):
    """Mission over: every held Hit counter and battlefield Pop-Up back in its cup; (hit, popup)."""
    v = s.vals
    if not (_any(v, F.HIT_HELD, F.HIT_HELD_MAX) or _any(v, F.POPUP_OUT, F.POPUP_OUT_MAX)):
        return 0, 0
    from engine import cupdata
    from engine import cups
    return cups.end_mission(s, cupdata.definition(s, cupdata.HIT_FILE),
                            cupdata.definition(s, cupdata.POPUP_FILE))


def _end_turns(s, slow, out):
    v = s.vals
    for a in range(F.AC_MAX):
        if on_battlefield(v, a) and is_slow(v, a) == slow:
            _release(s, a, out)


def enemy_attack(s):
    """An enemy attack on the battlefield: the Fast part of the turn is over.

    Ends the Fast aircraft's turns (their temporary counters go back) on the first attack of
    a Loiter turn; returns the list of counters that went back.
    """
    out = []
    if s.vals[F.PHASE] == P_FAST:
        _end_turns(s, False, out)
        s.vals[F.PHASE] = P_SLOW
    return out


def _battle_over(v):
    """Home-bound once no aircraft of the mission is left on the battlefield."""
    if v[F.PHASE] != P_FAST and v[F.PHASE] != P_SLOW:
        return
    for a in range(F.AC_MAX):
        if on_battlefield(v, a):
            return
    v[F.PHASE] = P_HOME


# --- crashes and hits -------------------------------------------------------------------------------
def crash(s, a, killed=False):
    """Aircraft a crashes (RULES §3, §6): -1 VP (not drones), -1 more if the pilot is killed.

    A crash of a manned aircraft leaves a SAR roll due (status CRASH_*), unless the pilot was
    killed.  Returns the VP change.
    """
    v = s.vals
    row = type_row(s, a)
    manned = row[T_CLASS] != DRONE
    out = []
    _release(s, a, out)
    ph = v[F.PHASE]
    if killed or not manned:
        st = DOWN
    elif ph == P_TARGET:
        st = CRASH_TARGET
    elif ph == P_HOME or status(v, a) == LEFT:
        st = CRASH_HOME
    else:
        st = CRASH_BATTLE
    set_status(v, a, st)
    set_bingo(v, a, 0)
    dvp = 0
    if manned:
        dvp = -1
        if killed:
            dvp = -2
            k = pilot(v, a)
            if k >= 0:
                pilots.set_flag(v, k, pilots.KILLED, True)
        campaign.add_vp(v, dvp)
    _battle_over(v)
    return dvp


def ignores(s, a, code):
    """Whether aircraft a ignores a Hit counter effect `code` (RULES §3 immunities, options)."""
    row = type_row(s, a)
    if row[T_CLASS] == DRONE and code in DRONE_IGNORES:
        return True
    if row[T_CLASS] == GUNSHIP and code in GUNSHIP_IGNORES:
        return True
    m = marker_index(code)
    if m > STRUCTURE and s.vals[F.CAMP] & campaign.DAMAGE_ONCE and marker(s.vals, a, m):
        return True  # option: the same damage type at most once (RULES §3 CONFLICT)
    return False


def apply_hit(s, a, code, n=1):
    """Apply one Hit counter effect to aircraft a; returns IGNORED..TEMPORARY.

    Codes (the words of engine/cupdata.EFFECTS): no-effect, killed, stress (n points), wounded,
    the durable MARKERS, and the TEMPORARIES (returned as TEMPORARY: the cups keep those
    counters beside the aircraft).  An AC-130's Cannon hit disables gun n (1..3) when the cup
    already picked it, else one at random.
    """
    v = s.vals
    if code in TEMPORARIES:
        return IGNORED if ignores(s, a, code) else TEMPORARY
    if code == "no-effect" or ignores(s, a, code):
        return IGNORED
    if code == "killed":
        crash(s, a, True)
        return KILLED
    k = pilot(v, a)
    if code == "stress":
        if k >= 0:
            pilots.add_stress(v, k, n)
        return MARKED
    if code == "wounded":
        if k >= 0 and pilots.wound(v, k):
            crash(s, a, True)
            return KILLED
        return MARKED
    m = marker_index(code)
    if m < 0:
        raise parse.Reject(parse.UNKNOWN, "Hit effects: no-effect killed stress wounded " +
                           " ".join(MARKERS) + " " + " ".join(TEMPORARIES))
    have = marker(v, a, m)
    if m == CANNON and gunship(s, a):
        gun = n - 1 if 1 <= n <= GUNS else s.rng.below(GUNS)  # one of its 3 guns at random
        set_marker(v, a, m, have | (1 << gun))
        return MARKED
    if have >= MARKER_MAX:
        raise parse.Reject(parse.STATE, "aircraft %d already has %d %s markers (the most the "
                           "device tracks)" % (a + 1, MARKER_MAX, MARKERS[m]))
    set_marker(v, a, m, have + 1)
    if m == STRUCTURE:
        boxes = type_row(s, a)[T_BOXES]
        if boxes is not None and have + 1 > boxes:
            crash(s, a)
            return CRASHED
    return MARKED


# --- Loiter and Bingo (RULES §5) --------------------------------------------------------------------
def loiter_left(v, a):
    """Spaces left on aircraft a's Loiter track: > 0 turns, 0 Bingo 6, -1 Bingo 10."""
    return v[F.LOITER] + (FUEL_TURNS if has_fuel(v, a) else 0) - v[F.TURN]


def loiter_start(s, turns, relief):
    """Place the Loiter marker: `turns` Loiter turns; `relief` stress off each pilot at the end
    (Scout).  The battle begins (Fast part of the first turn)."""
    v = s.vals
    if v[F.PHASE] != P_TARGET:
        raise parse.Reject(parse.STATE, "the Loiter marker is placed after the target-bound steps "
                           "(mission start first)" if v[F.PHASE] == P_NONE else
                           "the Loiter marker is already placed")
    if turns < 1 or turns > LOITER_MAX:
        raise parse.Reject(parse.RANGE, "Loiter turns must be 1..%d (got %d)" % (LOITER_MAX, turns))
    v[F.LOITER] = turns
    v[F.TURN] = 0
    v[F.MISSION] = relief
    v[F.PHASE] = P_FAST
    _battle_over(v)


def loiter_next(s, returned, bingo6, bingo10, crashed):
    """End the Loiter turn: turns end, the marker advances, Bingo markers, crashes past Bingo 10.

    Fills the lists with counters returned and aircraft (slots) that got Bingo 6, Bingo 10,
    or crashed.
    """
    v = s.vals
    if v[F.PHASE] != P_FAST and v[F.PHASE] != P_SLOW:
        raise parse.Reject(parse.STATE, "no Loiter turn is being played (phase %s)" %
                           PHASES[v[F.PHASE]])
    if v[F.PHASE] == P_FAST:
        _end_turns(s, False, returned)
    _end_turns(s, True, returned)
    v[F.TURN] += 1
    v[F.PHASE] = P_FAST
    for a in range(F.AC_MAX):
        if not on_battlefield(v, a):
            continue
        left = loiter_left(v, a)
        if left == 0:
            set_bingo(v, a, 1)
            bingo6.append(a)
        elif left == -1:
            set_bingo(v, a, 2)
            bingo10.append(a)
        elif left < -1:
            crash(s, a)
            crashed.append(a)
    _battle_over(v)


def leave(s, a):
    """Aircraft a leaves the battlefield (its turn ends there); returns counters returned."""
    v = s.vals
    if not on_battlefield(v, a):
        raise parse.Reject(parse.STATE, "aircraft %d is not on the battlefield" % (a + 1))
    out = []
    _release(s, a, out)
    set_status(v, a, LEFT)
    _battle_over(v)
    return out


def go_home(s):
    """Every aircraft still on the battlefield leaves it: the mission is home-bound."""
    v = s.vals
    if v[F.PHASE] == P_NONE or v[F.PHASE] == P_HOME:
        raise parse.Reject(parse.STATE, "no mission is on its way to the target or over it")
    out = []
    for a in range(F.AC_MAX):
        if used(v, a) and in_mission(v, a) and status(v, a) == FLYING:
            _release(s, a, out)
            set_status(v, a, LEFT)
    v[F.PHASE] = P_HOME
    return out


def bingo_due(s):
    """Aircraft (slots) that roll a Bingo check: a Bingo marker, flying home, and a pilot's stress
    to track (unmanned aircraft have none: RULES §8 "no stress for drones")."""
    v = s.vals
    out = []
    for a in range(F.AC_MAX):
        if (used(v, a) and in_mission(v, a) and bingo(v, a) and status(v, a) in (FLYING, LEFT)
                and not unmanned(s, a)):
            out.append(a)
    return out


def bingo_check(s, a, die):
    """One Bingo check (RULES §5): stress = marker - die when below; the marker is then done."""
    v = s.vals
    st = tables.bingo_stress(bingo(v, a), die)
    k = pilot(v, a)
    if k >= 0:
        pilots.add_stress(v, k, st)
    set_bingo(v, a, 0)
    return st


def engine_due(v):
    """Aircraft (slots) that roll engine checks now: flying target-bound with Engine markers."""
    out = []
    if v[F.PHASE] == P_TARGET:
        for a in range(F.AC_MAX):
            if used(v, a) and in_mission(v, a) and status(v, a) == FLYING and marker(v, a, ENGINE):
                out.append(a)
    return out


# --- SAR (RULES §8) ---------------------------------------------------------------------------------
WHERE = ("target", "battle", "home")  # where the aircraft crashed: SAR +2, +0, +1
WHERE_MOD = (tables.SAR_TARGET_BOUND, 0, tables.SAR_HOME_BOUND)


def sar_where(v, a):
    """0 target-bound, 1 battlefield, 2 home-bound, from the aircraft's crash status."""
    return status(v, a) - CRASH_TARGET


def sar_due(s, a):
    """Refuse unless aircraft a has a SAR roll due."""
    v = s.vals
    st = status(v, a)
    if st < CRASH_TARGET or st > CRASH_HOME:
        raise parse.Reject(parse.STATE, "aircraft %d has no SAR roll due (%s)" % (
            a + 1, "pilot killed or SAR done" if st == DOWN else STATUS[st]))


def sar_apply(s, a, outcome):
    """Apply a SAR outcome to aircraft a's pilot; the aircraft is then down.  Returns VP change."""
    v = s.vals
    k = pilot(v, a)
    dvp = 0
    if outcome == tables.SAR_KILLED:
        if k >= 0:
            pilots.set_flag(v, k, pilots.KILLED, True)
        dvp = -1
        campaign.add_vp(v, dvp)
    elif k >= 0:
        pilots.add_stress(v, k, tables.SAR_STRESS[outcome])
    set_status(v, a, DOWN)
    return dvp


# --- mission start and end ----------------------------------------------------------------------------
def start(s, slots):
    """The aircraft `slots` fly a mission: target-bound."""
    v = s.vals
    if v[F.PHASE] != P_NONE:
        raise parse.Reject(parse.STATE, "a mission is being flown (%s): mission end first" %
                           PHASES[v[F.PHASE]])
    for a in slots:
        st = status(v, a)
        if st != BASE:
            raise parse.Reject(parse.STATE, "aircraft %d is %s" % (a + 1, STATUS[st]))
        k = pilot(v, a)
        if k >= 0:
            if pilots.flag(v, k, pilots.KILLED) or pilots.status(v, k) == pilots.UNFIT:
                raise parse.Reject(parse.STATE, "pilot %d cannot fly (%s)" % (
                    k + 1, "killed" if pilots.flag(v, k, pilots.KILLED) else "Unfit"))
            if pilots.flag(v, k, pilots.FLEW):
                raise parse.Reject(parse.STATE, "pilot %d already flew a mission today" % (k + 1))
        type_row(s, a)
    for a in slots:
        v[F.AC_STATE + a] = FLYING | IN_MISSION
    v[F.PHASE] = P_TARGET
    v[F.LOITER] = 0
    v[F.TURN] = 0
    v[F.MISSION] = 0


def abort(s):
    """Abort the mission before the battle: no stress, no rest bonus, the pilots flew (RULES)."""
    v = s.vals
    if v[F.PHASE] != P_TARGET:
        raise parse.Reject(parse.STATE, "only a mission still target-bound can be aborted")
    for a in range(F.AC_MAX):
        if used(v, a) and in_mission(v, a):
            k = pilot(v, a)
            if k >= 0:
                pilots.set_flag(v, k, pilots.FLEW, True)
            if status(v, a) == FLYING:
                set_status(v, a, BASE)
            v[F.AC_STATE + a] &= ~IN_MISSION
    v[F.PHASE] = P_NONE


def end(s, stress, xp, out):
    """Mission end for each pilot that flew (RULES §7): mission stress, Scout relief, Cool, XP.

    `out` gets (pilot slot, promoted) per pilot.  Crashed aircraft with SAR due are refused;
    crashed ones are down, the others are back at the air base.
    """
    v = s.vals
    if v[F.PHASE] == P_NONE:
        raise parse.Reject(parse.STATE, "no mission is being flown")
    for a in range(F.AC_MAX):
        if used(v, a) and in_mission(v, a) and CRASH_TARGET <= status(v, a) <= CRASH_HOME:
            raise parse.Reject(parse.STATE, "roll SAR for aircraft %d first (sar %d)" % (a + 1, a + 1))
    relief = v[F.MISSION]
    returned = []
    for a in range(F.AC_MAX):
        if not (used(v, a) and in_mission(v, a)):
            continue
        k = pilot(v, a)
        if k >= 0:
            if not pilots.flag(v, k, pilots.KILLED):
                pilots.end_of_mission(v, k, stress, relief)
            pilots.set_flag(v, k, pilots.FLEW, True)
            out.append((k, pilots.gain_xp(v, k, xp)))  # XP even if killed
        _release(s, a, returned)
        if status(v, a) != DOWN:
            set_status(v, a, BASE)
        set_bingo(v, a, 0)
        v[F.AC_STATE + a] &= ~IN_MISSION
    v[F.PHASE] = P_NONE
    v[F.LOITER] = 0
    v[F.TURN] = 0
    v[F.MISSION] = 0
    return returned, _cups_home(s)
