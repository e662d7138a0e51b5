"""Mission rules: hits and crashes, Loiter and Bingo, engine check, SAR, a mission's phases.

The rulebook's hits, immunities and structure, Loiter and Bingo, engine check and SAR
(docs/rules.md).  The aircraft themselves (roster, types, markers) are engine/tal/aircraft.py.

The mission's phase moves: none -> target-bound (`mission start`) -> battlefield (`loiter start`;
each Loiter turn is a Fast part then an enemy/Slow part) -> home-bound (when no aircraft is left
on the battlefield, or `mission home`) -> none (`mission end`).

With the counter cups (engine/tal/cups/): `ac attacked` (engine/tal/cmd_attack.py) draws Hit
counters for a roster aircraft (its type, ECM pod, Evasive) and applies what they do with
`apply_hit` (instant and durable effects; `ignores` holds the immunities).  Temporary counters stay
with the cups, held by the aircraft: its turn ends at the end of the Fast part of a Loiter turn
(Fast aircraft, `enemy_attack`, which the first enemy attack of a turn calls) or of the Loiter turn
(Slow aircraft, `loiter_next`), when it leaves the battlefield or crashes; then this module calls
`cups.end_turn` for it, which puts back what is due.  A hit never lands during the aircraft's own
turn, so what it holds was taken since its previous turn ended.  `end` returns every counter still
out (`cups.end_mission`).  engine.tal.cups.rules is imported only while a counter is held out.
"""

from engine.tal import aircraft as A
from engine.tal import campaign
from engine.tal import fields as F
from engine.core import parse
from engine.tal import pilots
from engine.tal import tables

# --- mission phase (PHASE) ---------------------------------------------------------------------
P_NONE = 0
P_TARGET = 1
P_FAST = 2  # battlefield: Pop-Ups, cover, Fast aircraft
P_SLOW = 3  # battlefield: enemy attacks, Slow aircraft, advance the Loiter marker
P_HOME = 4
PHASES = ("none", "target-bound", "battlefield-fast", "battlefield-slow", "home-bound")

LOITER_TURNS = 5  # a mission starts with 5 Loiter turns ("Placement du Pion d'Autonomie")
FUEL_TURNS = 2  # a fuel tank gives its aircraft 2 more
LOITER_MAX = 30

# Results of apply_hit
IGNORED = 0
MARKED = 1  # applied (marker placed, stress taken, ...)
CRASHED = 2  # the aircraft crashed (structure)
KILLED = 3  # pilot killed (Killed counter or a second Wounded): the aircraft crashes
TEMPORARY = 4  # a temporary counter: the cups hold it beside the aircraft
RESULTS = ("ignored", "marked", "crashed", "killed", "held")  # their reply words

# Effect words as in engine/tal/cups/data.py (the Hit cup's data file and replies use the same).
TEMPORARIES = ("altitude", "attack", "no-cannon", "no-hover", "no-stand-off", "no-strike")
DRONE_IGNORES = ("stress", "wounded", "bullet-holes", "hud", "cannon")  # "Tirs sur les Drones"
GUNSHIP_IGNORES = ("altitude", "pylon", "hud")  # "Appareils et Armements", AC-130


def on_battlefield(v, a):
    """In the air over the battlefield now (it can be attacked, it gets Bingo markers)."""
    return (A.used(v, a) and A.in_mission(v, a) and A.status(v, a) == A.FLYING and
            (v[F.PHASE] == P_FAST or v[F.PHASE] == P_SLOW))



# --- turns and the cups' temporary counters -------------------------------------------------------
def _any(v, at, n):
    # Is any slot of a cup's held-out fields in use?
    for k in range(n):
        if v[at + k]:
            return True
    return False


def _release(s, a, out):
    """The end of aircraft a's turn: its temporary Hit counters due now go back to the cup.

    The cups' rules are imported only while some counter is held out, so a session that tracks its
    counters by hand never loads the cups.
    """
    v = s.vals
    if not _any(v, F.HIT_HELD, F.HIT_HELD_MAX):
        return
    from engine.core.jsonline import Obj
    from engine.tal.cups import counters, rules as cups
    from engine.tal.cups import data as cupdata
    d = cupdata.definition(s, cupdata.HIT_FILE)
    cups.check_sum(v, cups.HIT, d, cupdata.HIT_FILE)
    for k in range(cups.end_turn(s, d, a + 1)):
        c = cups.DRAWN[k]
        out.append(Obj((("n", c + 1), ("effect", counters.EFFECTS[d.effect[cups.SIDE[k]][c]]))))


def _cups_home(s):
    """Mission over: every held Hit counter and battlefield Pop-Up back in its cup; (hit, popup)."""
    v = s.vals
    if not (_any(v, F.HIT_HELD, F.HIT_HELD_MAX) or _any(v, F.POPUP_OUT, F.POPUP_OUT_MAX)):
        return 0, 0
    from engine.tal.cups import data as cupdata
    from engine.tal.cups import rules as cups
    return cups.end_mission(s, cupdata.definition(s, cupdata.HIT_FILE),
                            cupdata.definition(s, cupdata.POPUP_FILE))


def all_fast(s):
    """An RQ-1 or MQ-1 at high altitude over the battlefield: every pilot is Fast
    ("Appareils et Armements": «Si le RQ-1 est à haute altitude, traitez tous vos pilotes comme
    étant Rapide», the same for the MQ-1)."""
    v = s.vals
    for a in range(F.AC_MAX):
        if on_battlefield(v, a) and A.high(v, a) and A.unmanned(s, a):
            return True
    return False


def _end_turns(s, slow, out):
    """End the turns of the aircraft acting in the Slow part (`slow`) or the Fast part."""
    v = s.vals
    fast = all_fast(s)
    for a in range(F.AC_MAX):
        if on_battlefield(v, a) and (A.is_slow(v, a) and not fast) == slow:
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


# --- crashes and hits -----------------------------------------------------------------------------
def crash(s, a, killed=False):
    """Aircraft a crashes (docs/rules.md): -1 VP (not drones), -1 more if the pilot is killed.

    A crash of a manned aircraft leaves a SAR roll due (status CRASH_*), unless the pilot was
    killed.  Returns the VP change.
    """
    v = s.vals
    row = A.type_row(s, a)
    manned = row[A.T_CLASS] != A.DRONE
    out = []
    _release(s, a, out)
    ph = v[F.PHASE]
    if killed or not manned:
        st = A.DOWN
    elif ph == P_TARGET:
        st = A.CRASH_TARGET
    elif ph == P_HOME or A.status(v, a) == A.LEFT:
        st = A.CRASH_HOME
    else:
        st = A.CRASH_BATTLE
    A.set_status(v, a, st)
    A.set_bingo(v, a, 0)
    dvp = 0
    if manned:
        dvp = -1
        if killed:
            dvp = -2
            k = A.pilot(v, a)
            if k >= 0:
                pilots.set_flag(v, k, pilots.KILLED, True)
        campaign.add_vp(v, dvp)
    _battle_over(v)
    return dvp


def ignores(s, a, code):
    """Whether aircraft a ignores a Hit counter effect `code` ("Tirs sur les Drones", AC-130, rule
    switches)."""
    row = A.type_row(s, a)
    if row[A.T_CLASS] == A.DRONE and code in DRONE_IGNORES:
        return True
    if row[A.T_CLASS] == A.GUNSHIP and code in GUNSHIP_IGNORES:
        return True
    m = A.marker_index(code)
    if m > A.STRUCTURE and s.vals[F.CAMP] & campaign.DAMAGE_ONCE and A.marker(s.vals, a, m):
        return True  # rule switch: a damage type at most once (docs/rules.md: documents disagree)
    return False


def apply_hit(s, a, code, n=1):
    """Apply one Hit counter effect to aircraft a; returns IGNORED..TEMPORARY.

    Codes (the words of counters.EFFECTS): no-effect, killed, stress (n points), wounded,
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
    k = A.pilot(v, a)
    if code == "stress":
        if k >= 0:
            pilots.add_stress(v, k, n)
        return MARKED
    if code == "wounded":
        if k >= 0 and pilots.wound(v, k):
            crash(s, a, True)
            return KILLED
        return MARKED
    m = A.marker_index(code)
    if m < 0:
        raise parse.Reject(parse.UNKNOWN, "Hit effects: no-effect killed stress wounded " +
                           " ".join(A.MARKERS) + " " + " ".join(TEMPORARIES))
    have = A.marker(v, a, m)
    if m == A.CANNON and A.gunship(s, a):
        gun = n - 1 if 1 <= n <= A.GUNS else s.rng.below(A.GUNS)  # one of its 3 guns at random
        A.set_marker(v, a, m, have | (1 << gun))
        return MARKED
    if have >= A.MARKER_MAX:
        raise parse.Reject(parse.STATE, "aircraft %d already has %d %s markers (the most the "
                           "device tracks)" % (a + 1, A.MARKER_MAX, A.MARKERS[m]))
    A.set_marker(v, a, m, have + 1)
    if m == A.STRUCTURE:
        boxes = A.type_row(s, a)[A.T_BOXES]
        if boxes is not None and have + 1 > boxes:
            crash(s, a)
            return CRASHED
    return MARKED


# --- Loiter and Bingo ("Placement du Pion d'Autonomie", "Bingo Fuel") -----------------------------
def loiter_left(v, a):
    """Spaces left on aircraft a's Loiter track: > 0 turns, 0 Bingo 6, -1 Bingo 10."""
    return v[F.LOITER] + (FUEL_TURNS if A.has_fuel(v, a) else 0) - v[F.TURN]


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
            A.set_bingo(v, a, 1)
            bingo6.append(a)
        elif left == -1:
            A.set_bingo(v, a, 2)
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
    A.set_status(v, a, A.LEFT)
    _battle_over(v)
    return out


def go_home(s):
    """Every aircraft still on the battlefield leaves it: the mission is home-bound."""
    v = s.vals
    if v[F.PHASE] == P_NONE or v[F.PHASE] == P_HOME:
        raise parse.Reject(parse.STATE, "no mission is on its way to the target or over it")
    out = []
    for a in range(F.AC_MAX):
        if A.used(v, a) and A.in_mission(v, a) and A.status(v, a) == A.FLYING:
            _release(s, a, out)
            A.set_status(v, a, A.LEFT)
    v[F.PHASE] = P_HOME
    return out


def bingo_due(s):
    """Aircraft (slots) that roll a Bingo check: a Bingo marker, flying home, and a pilot's stress
    to track (unmanned aircraft have none: "Report du Stress des Pilotes": «Ne pas suivre ou noter
    le stress pour les Drones»)."""
    v = s.vals
    out = []
    for a in range(F.AC_MAX):
        if (A.used(v, a) and A.in_mission(v, a) and A.bingo(v, a)
                and A.status(v, a) in (A.FLYING, A.LEFT) and not A.unmanned(s, a)):
            out.append(a)
    return out


def bingo_check(s, a, die):
    """One Bingo check ("Placement du Pion d'Autonomie", "Bingo Fuel"): stress = marker - die when
    below; the marker is then done."""
    v = s.vals
    st = tables.bingo_stress(A.bingo(v, a), die)
    k = A.pilot(v, a)
    if k >= 0:
        pilots.add_stress(v, k, st)
    A.set_bingo(v, a, 0)
    return st


def engine_due(v):
    """Aircraft (slots) that roll engine checks now: flying target-bound with Engine markers."""
    out = []
    if v[F.PHASE] == P_TARGET:
        for a in range(F.AC_MAX):
            if (A.used(v, a) and A.in_mission(v, a) and A.status(v, a) == A.FLYING
                    and A.marker(v, a, A.ENGINE)):
                out.append(a)
    return out


# --- SAR ("Pilotes Crashés et SAR") ---------------------------------------------------------------
WHERE = ("target", "battle", "home")  # where the aircraft crashed: SAR +2, +0, +1
WHERE_MOD = (tables.SAR_TARGET_BOUND, 0, tables.SAR_HOME_BOUND)


def sar_where(v, a):
    """0 target-bound, 1 battlefield, 2 home-bound, from the aircraft's crash status."""
    return A.status(v, a) - A.CRASH_TARGET


def sar_due(s, a):
    """Refuse unless aircraft a has a SAR roll due."""
    v = s.vals
    st = A.status(v, a)
    if st < A.CRASH_TARGET or st > A.CRASH_HOME:
        raise parse.Reject(parse.STATE, "aircraft %d has no SAR roll due (%s)" % (
            a + 1, "pilot killed or SAR done" if st == A.DOWN else A.STATUS[st]))


def sar_apply(s, a, outcome):
    """Apply a SAR outcome to aircraft a's pilot; the aircraft is then down.  Returns VP change."""
    v = s.vals
    k = A.pilot(v, a)
    dvp = 0
    if outcome == tables.SAR_KILLED:
        if k >= 0:
            pilots.set_flag(v, k, pilots.KILLED, True)
        dvp = -1
        campaign.add_vp(v, dvp)
    elif k >= 0:
        pilots.add_stress(v, k, tables.SAR_STRESS[outcome])
    A.set_status(v, a, A.DOWN)
    return dvp


# --- mission start and end ------------------------------------------------------------------------
def start(s, slots, holes):
    """The aircraft `slots` fly a mission: target-bound ("Choix des pilotes et appareils").

    Each aircraft and each pilot flies one mission a day; an Unfit pilot cannot be assigned; in
    a campaign every manned aircraft needs its pilot.  A pilot takes 1 stress per Bullet Holes
    marker on his aircraft as he is assigned to it ("Bullet Holes*": «Un pilote prend 1 Stress au
    moment où il est assigné à un appareil pour chaque dommage de trou d'obus»): `holes` gets
    (aircraft slot, pilot slot, stress) for each.
    """
    v = s.vals
    if v[F.PHASE] != P_NONE:
        raise parse.Reject(parse.STATE, "a mission is being flown (%s): mission end first" %
                           PHASES[v[F.PHASE]])
    if campaign.on(v) and (v[F.CAMP] & campaign.SETUP or v[F.STEP]):
        raise parse.Reject(parse.STATE, "missions are flown during the day: %s" % (
            "finish the set-up first (campaign ready)" if v[F.CAMP] & campaign.SETUP else
            "today's are over (day +1 for the next day)"))
    for a in slots:
        st = A.status(v, a)
        if st != A.BASE:
            raise parse.Reject(parse.STATE, "aircraft %d is %s" % (a + 1, A.STATUS[st]))
        if v[F.AC_STATE + a] & A.FLEW:
            raise parse.Reject(parse.STATE, "aircraft %d already flew a mission today" % (a + 1))
        k = A.pilot(v, a)
        if k >= 0:
            if pilots.flag(v, k, pilots.KILLED) or pilots.status(v, k) == pilots.UNFIT:
                raise parse.Reject(parse.STATE, "pilot %d cannot fly (%s)" % (
                    k + 1, "killed" if pilots.flag(v, k, pilots.KILLED) else "Unfit"))
            if pilots.flag(v, k, pilots.FLEW):
                raise parse.Reject(parse.STATE, "pilot %d already flew a mission today" % (k + 1))
        elif campaign.on(v) and not A.unmanned(s, a):
            raise parse.Reject(parse.STATE, "aircraft %d has no pilot (ac set %d pilot K)" % (
                a + 1, a + 1))
        A.type_row(s, a)
    for a in slots:
        v[F.AC_STATE + a] = A.FLYING | A.IN_MISSION | A.FLEW
        k = A.pilot(v, a)
        if k >= 0:
            pilots.set_flag(v, k, pilots.FLEW, True)
            n = A.marker(v, a, A.HOLES)
            if n:
                pilots.add_stress(v, k, n)
                holes.append((a, k, n))
    v[F.PHASE] = P_TARGET
    v[F.LOITER] = 0
    v[F.TURN] = 0
    v[F.MISSION] = 0


def abort(s):
    """Abort the mission before the battle ("Option d'Abandon de Mission"): no stress; the
    aircraft and pilots cannot fly another mission today, nor rest (they count as having flown)."""
    v = s.vals
    if v[F.PHASE] != P_TARGET:
        raise parse.Reject(parse.STATE, "only a mission still target-bound can be aborted")
    for a in range(F.AC_MAX):
        if A.used(v, a) and A.in_mission(v, a):
            if A.status(v, a) == A.FLYING:
                A.set_status(v, a, A.BASE)
            v[F.AC_STATE + a] &= ~A.IN_MISSION
    v[F.PHASE] = P_NONE
    v[F.TARGET] = 0


def end(s, stress, xp, out):
    """Mission end for each pilot that flew ("Stress", "Promotion des Pilotes"): mission stress,
    Scout relief, Cool, XP.

    `out` gets (pilot slot, promoted) per pilot.  Crashed aircraft with SAR due are refused;
    crashed ones are down, the others are back at the air base.  Every Hit counter still held
    and every Pop-Up on the battlefield goes back to its cup: returns (Hit, Pop-Up) counts.
    """
    v = s.vals
    if v[F.PHASE] == P_NONE:
        raise parse.Reject(parse.STATE, "no mission is being flown")
    for a in range(F.AC_MAX):
        if A.used(v, a) and A.in_mission(v, a) and A.CRASH_TARGET <= A.status(v, a) <= A.CRASH_HOME:
            raise parse.Reject(parse.STATE, "roll SAR for aircraft %d first (sar %d)" % (
                a + 1, a + 1))
    relief = v[F.MISSION]
    for a in range(F.AC_MAX):
        if not (A.used(v, a) and A.in_mission(v, a)):
            continue
        k = A.pilot(v, a)
        if k >= 0:
            if not pilots.flag(v, k, pilots.KILLED):
                pilots.end_of_mission(v, k, stress, relief)
            out.append((k, pilots.gain_xp(v, k, xp)))  # XP even if killed
        if A.status(v, a) != A.DOWN:
            A.set_status(v, a, A.BASE)
        A.set_bingo(v, a, 0)
        v[F.AC_STATE + a] &= ~A.IN_MISSION
    v[F.PHASE] = P_NONE
    v[F.LOITER] = 0
    v[F.TURN] = 0
    v[F.MISSION] = 0
    v[F.TARGET] = 0
    return _cups_home(s)
