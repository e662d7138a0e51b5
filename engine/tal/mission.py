"""Mission rules: hits and crashes, a mission's phases.

The rulebook's hits, immunities and structure (docs/rules.md).  Loiter and Bingo, the engine
check and SAR are engine/tal/loiter.py; the aircraft themselves (roster, types, markers) are
engine/tal/aircraft.py.

The mission's phase moves: none -> target-bound (`mission start`) -> battlefield (`loiter start`;
each Loiter turn is a Fast part then an enemy/Slow part) -> home-bound (when no aircraft is left
on the battlefield, or `mission home`) -> none (`mission end`).

With the counter cups (engine/tal/cups/): `ac attacked` (engine/tal/cmd_attack.py) draws Hit
counters for a roster aircraft (its type, ECM pod, Evasive) and applies what they do with
`apply_hit` (instant and durable effects; `ignores` holds the immunities).  Temporary counters stay
with the cups, held by the aircraft: its turn ends at the end of the Fast part of a Loiter turn
(Fast aircraft, `enemy_attack`, which the first enemy attack of a turn calls) or of the Loiter turn
(Slow aircraft, `loiter.loiter_next`), when it leaves the battlefield or crashes; then this module calls
`cups.end_turn` for it, which puts back what is due.  A hit never lands during the aircraft's own
turn, so what it holds was taken since its previous turn ended.  `end` returns every counter still
out (`cups.state.end_mission`).  engine.tal.cups is imported only while a counter is held out.
"""

from engine.tal import aircraft
from engine.tal import campaign
from engine.tal import fields
from engine.core import parse

# --- mission phase (PHASE) ---------------------------------------------------------------------
P_NONE = 0
P_TARGET = 1
P_FAST = 2  # battlefield: Pop-Ups, cover, Fast aircraft
P_SLOW = 3  # battlefield: enemy attacks, Slow aircraft, advance the Loiter marker
P_HOME = 4
PHASES = ("none", "target-bound", "battlefield-fast", "battlefield-slow", "home-bound")

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


def on_battlefield(vals, a):
    """In the air over the battlefield now (it can be attacked, it gets Bingo markers)."""
    return (aircraft.used(vals, a) and aircraft.in_mission(vals, a) and
            aircraft.status(vals, a) == aircraft.FLYING and
            (vals[fields.PHASE] == P_FAST or vals[fields.PHASE] == P_SLOW))



# --- turns and the cups' temporary counters -------------------------------------------------------
def _any(vals, at, n):
    # Is any slot of a cup's held-out fields in use?
    for k in range(n):
        if vals[at + k]:
            return True
    return False


def _release(session, a, out):
    """The end of aircraft a's turn: its temporary Hit counters due now go back to the cup.

    The cups' rules are imported only while some counter is held out, so a session that tracks its
    counters by hand never loads the cups.
    """
    vals = session.vals
    if not _any(vals, fields.HIT_HELD, fields.HIT_HELD_MAX):
        return
    from engine.core.jsonline import Obj
    from engine.tal.cups import counters, rules as cups, state
    from engine.tal.cups import data as cupdata
    d = cupdata.definition(session, cupdata.HIT_FILE)
    state.check_sum(vals, state.HIT, d)
    for k in range(cups.end_turn(session, d, a + 1)):
        c = cups.DRAWN[k]
        out.append(Obj((("n", c + 1), ("effect", counters.EFFECTS[d.effect[cups.SIDE[k]][c]]))))


def _cups_home(session):
    """Mission over: every held Hit counter and battlefield Pop-Up back in its cup; (hit, popup)."""
    vals = session.vals
    if not (_any(vals, fields.HIT_HELD, fields.HIT_HELD_MAX) or
            _any(vals, fields.POPUP_OUT, fields.POPUP_OUT_MAX)):
        return 0, 0
    from engine.tal.cups import data as cupdata
    from engine.tal.cups import state
    return state.end_mission(session, cupdata.definition(session, cupdata.HIT_FILE),
                            cupdata.definition(session, cupdata.POPUP_FILE))


def all_fast(session):
    """An RQ-1 or MQ-1 at high altitude over the battlefield: every pilot is Fast
    ("Appareils et Armements": «Si le RQ-1 est à haute altitude, traitez tous vos pilotes comme
    étant Rapide», the same for the MQ-1)."""
    vals = session.vals
    for a in range(fields.AC_MAX):
        if on_battlefield(vals, a) and aircraft.high(vals, a) and aircraft.unmanned(session, a):
            return True
    return False


def end_turns(session, slow, out):
    """End the turns of the aircraft acting in the Slow part (`slow`) or the Fast part."""
    vals = session.vals
    fast = all_fast(session)
    for a in range(fields.AC_MAX):
        if on_battlefield(vals, a) and (aircraft.is_slow(vals, a) and not fast) == slow:
            _release(session, a, out)


def enemy_attack(session):
    """An enemy attack on the battlefield: the Fast part of the turn is over.

    Ends the Fast aircraft's turns (their temporary counters go back) on the first attack of
    a Loiter turn; returns the list of counters that went back.
    """
    out = []
    if session.vals[fields.PHASE] == P_FAST:
        end_turns(session, False, out)
        session.vals[fields.PHASE] = P_SLOW
    return out


def battle_over(vals):
    """Home-bound once no aircraft of the mission is left on the battlefield."""
    if vals[fields.PHASE] != P_FAST and vals[fields.PHASE] != P_SLOW:
        return
    for a in range(fields.AC_MAX):
        if on_battlefield(vals, a):
            return
    vals[fields.PHASE] = P_HOME


# --- crashes and hits -----------------------------------------------------------------------------
def crash(session, a, killed=False):
    """Aircraft a crashes (docs/rules.md): -1 VP (not drones), -1 more if the pilot is killed.

    A crash of a manned aircraft leaves a SAR roll due (status CRASH_*), unless the pilot was
    killed.  Returns the VP change.
    """
    from engine.tal import pilots

    vals = session.vals
    _number, _name, _family, ac_class, _cost, _boxes, _wp, _year = aircraft.type_row(session, a)
    manned = ac_class != aircraft.DRONE
    out = []
    _release(session, a, out)
    ph = vals[fields.PHASE]
    if killed or not manned:
        st = aircraft.DOWN
    elif ph == P_TARGET:
        st = aircraft.CRASH_TARGET
    elif ph == P_HOME or aircraft.status(vals, a) == aircraft.LEFT:
        st = aircraft.CRASH_HOME
    else:
        st = aircraft.CRASH_BATTLE
    aircraft.set_status(vals, a, st)
    aircraft.set_bingo(vals, a, 0)
    dvp = 0
    if manned:
        dvp = -1
        if killed:
            dvp = -2
            k = aircraft.pilot(vals, a)
            if k >= 0:
                pilots.set_flag(vals, k, pilots.KILLED, True)
        campaign.add_vp(vals, dvp)
    battle_over(vals)
    return dvp


def ignores(session, a, code):
    """Whether aircraft a ignores a Hit counter effect `code` ("Tirs sur les Drones", AC-130, rule
    switches)."""
    _number, _name, _family, ac_class, _cost, _boxes, _wp, _year = aircraft.type_row(session, a)
    if ac_class == aircraft.DRONE and code in DRONE_IGNORES:
        return True
    if ac_class == aircraft.GUNSHIP and code in GUNSHIP_IGNORES:
        return True
    m = aircraft.marker_index(code)
    if (m > aircraft.STRUCTURE and session.vals[fields.CAMP] & campaign.DAMAGE_ONCE
            and aircraft.marker(session.vals, a, m)):
        return True  # rule switch: a damage type at most once (docs/rules.md: documents disagree)
    return False


def apply_hit(session, a, code, n=1):
    """Apply one Hit counter effect to aircraft a; returns IGNORED..TEMPORARY.

    Codes (the words of counters.EFFECTS): no-effect, killed, stress (n points), wounded,
    the durable MARKERS, and the TEMPORARIES (returned as TEMPORARY: the cups keep those
    counters beside the aircraft).  An AC-130's Cannon hit disables gun n (1..3) when the cup
    already picked it, else one at random.
    """
    from engine.tal import pilots

    vals = session.vals
    if code in TEMPORARIES:
        if ignores(session, a, code):
            return IGNORED
        if code == "altitude":  # «Changez immédiatement l'altitude de l'avion» (cmd_ac keeps it)
            vals[fields.AC_GEAR + a] ^= aircraft.G_HIGH
        return TEMPORARY
    if code == "no-effect" or ignores(session, a, code):
        return IGNORED
    if code == "killed":
        crash(session, a, True)
        return KILLED
    k = aircraft.pilot(vals, a)
    if code == "stress":
        if k >= 0:
            pilots.add_stress(vals, k, n)
        return MARKED
    if code == "wounded":
        if k >= 0 and pilots.wound(vals, k):
            crash(session, a, True)
            return KILLED
        return MARKED
    m = aircraft.marker_index(code)
    if m < 0:
        raise parse.Reject(parse.UNKNOWN, "Hit effects: no-effect killed stress wounded " +
                           " ".join(aircraft.MARKERS) + " " + " ".join(TEMPORARIES))
    have = aircraft.marker(vals, a, m)
    if m == aircraft.CANNON and aircraft.gunship(session, a):
        # one of its 3 guns at random
        gun = n - 1 if 1 <= n <= aircraft.GUNS else session.rng.below(aircraft.GUNS)
        aircraft.set_marker(vals, a, m, have | (1 << gun))
        return MARKED
    if have >= aircraft.MARKER_MAX:
        raise parse.Reject(parse.STATE, "aircraft %d already has %d %s markers (the most the "
                           "device tracks)" % (a + 1, aircraft.MARKER_MAX, aircraft.MARKERS[m]))
    aircraft.set_marker(vals, a, m, have + 1)
    if m == aircraft.STRUCTURE:
        _number, _name, _family, _class, _cost, boxes, _wp, _year = aircraft.type_row(session, a)
        if boxes is None:  # a `?` of data/tal/aircraft.txt (an MQ-1's, an RQ-1's): asked
            from engine.tal import aircraft_card
            boxes = aircraft_card.value(session, aircraft.type_row(session, a),
                                        aircraft_card.BOXES)
        if have + 1 > boxes:
            crash(session, a)
            return CRASHED
    return MARKED


def leave(session, a):
    """Aircraft a leaves the battlefield (its turn ends there); returns counters returned."""
    vals = session.vals
    if not on_battlefield(vals, a):
        raise parse.Reject(parse.STATE, "aircraft %d is not on the battlefield" % (a + 1))
    out = []
    _release(session, a, out)
    aircraft.set_status(vals, a, aircraft.LEFT)
    battle_over(vals)
    return out


def go_home(session):
    """Every aircraft still on the battlefield leaves it: the mission is home-bound."""
    vals = session.vals
    if vals[fields.PHASE] == P_NONE or vals[fields.PHASE] == P_HOME:
        raise parse.Reject(parse.STATE, "no mission is on its way to the target or over it")
    out = []
    for a in range(fields.AC_MAX):
        if (aircraft.used(vals, a) and aircraft.in_mission(vals, a)
                and aircraft.status(vals, a) == aircraft.FLYING):
            _release(session, a, out)
            aircraft.set_status(vals, a, aircraft.LEFT)
    vals[fields.PHASE] = P_HOME
    return out


# --- mission start and end ------------------------------------------------------------------------
def start(session, slots, holes):
    """The aircraft `slots` fly a mission: target-bound ("Choix des pilotes et appareils").

    Each aircraft and each pilot flies one mission a day; an Unfit pilot cannot be assigned; in
    a campaign every manned aircraft needs its pilot.  A pilot takes 1 stress per Bullet Holes
    marker on his aircraft as he is assigned to it ("Bullet Holes*": «Un pilote prend 1 Stress au
    moment où il est assigné à un appareil pour chaque dommage de trou d'obus»): `holes` gets
    (aircraft slot, pilot slot, stress) for each.
    """
    from engine.tal import pilots

    vals = session.vals
    if vals[fields.PHASE] != P_NONE:
        raise parse.Reject(parse.STATE, "a mission is being flown (%s): mission end first" %
                           PHASES[vals[fields.PHASE]])
    campaign.require_open(vals)
    if campaign.on(vals) and (vals[fields.CAMP] & campaign.SETUP or vals[fields.STEP]):
        raise parse.Reject(parse.STATE, "missions are flown during the day: %s" % (
            "finish the set-up first (campaign ready)" if vals[fields.CAMP] & campaign.SETUP else
            "today's are over (day +1 for the next day)"))
    for a in slots:
        st = aircraft.status(vals, a)
        if st != aircraft.BASE:
            raise parse.Reject(parse.STATE, "aircraft %d is %s" % (a + 1, aircraft.STATUS[st]))
        if vals[fields.AC_STATE + a] & aircraft.FLEW:
            raise parse.Reject(parse.STATE, "aircraft %d already flew a mission today" % (a + 1))
        k = aircraft.pilot(vals, a)
        if k >= 0:
            if pilots.flag(vals, k, pilots.KILLED) or pilots.status(vals, k) == pilots.UNFIT:
                raise parse.Reject(parse.STATE, "pilot %d cannot fly (%s)" % (
                    k + 1, "killed" if pilots.flag(vals, k, pilots.KILLED) else "Unfit"))
            if pilots.flag(vals, k, pilots.FLEW):
                raise parse.Reject(parse.STATE, "pilot %d already flew a mission today" % (k + 1))
        elif campaign.on(vals) and not aircraft.unmanned(session, a):
            raise parse.Reject(parse.STATE, "aircraft %d has no pilot (ac set %d pilot K)" % (
                a + 1, a + 1))
        aircraft.type_row(session, a)
    for a in slots:
        vals[fields.AC_STATE + a] = aircraft.FLYING | aircraft.IN_MISSION | aircraft.FLEW
        k = aircraft.pilot(vals, a)
        if k >= 0:
            pilots.set_flag(vals, k, pilots.FLEW, True)
            n = aircraft.marker(vals, a, aircraft.HOLES)
            if n:
                pilots.add_stress(vals, k, n)
                holes.append((a, k, n))
    vals[fields.PHASE] = P_TARGET
    vals[fields.LOITER] = 0
    vals[fields.TURN] = 0
    vals[fields.MISSION] = 0


def abort(session):
    """Abort the mission before the battle ("Option d'Abandon de Mission"): no stress; the
    aircraft and pilots cannot fly another mission today, nor rest (they count as having flown)."""
    vals = session.vals
    if vals[fields.PHASE] != P_TARGET:
        raise parse.Reject(parse.STATE, "only a mission still target-bound can be aborted")
    for a in range(fields.AC_MAX):
        if aircraft.used(vals, a) and aircraft.in_mission(vals, a):
            if aircraft.status(vals, a) == aircraft.FLYING:
                aircraft.set_status(vals, a, aircraft.BASE)
            vals[fields.AC_STATE + a] &= ~aircraft.IN_MISSION
    vals[fields.PHASE] = P_NONE
    vals[fields.TARGET] = 0


def end(session, stress, xp, out):
    """Mission end for each pilot that flew ("Stress", "Promotion des Pilotes"): mission stress,
    Scout relief, Cool, XP.

    `out` gets (pilot slot, promoted) per pilot.  Crashed aircraft with SAR due are refused;
    crashed ones are down, the others are back at the air base.  Every Hit counter still held
    and every Pop-Up on the battlefield goes back to its cup: returns (Hit, Pop-Up) counts.
    With `stress` None, only refuse it now (no mission, a SAR due): before the mission's stress
    is looked up, which may ask (no question the refusal would not answer).
    """
    from engine.tal import pilots

    vals = session.vals
    if vals[fields.PHASE] == P_NONE:
        raise parse.Reject(parse.STATE, "no mission is being flown")
    for a in range(fields.AC_MAX):
        if (aircraft.used(vals, a) and aircraft.in_mission(vals, a)
                and aircraft.CRASH_TARGET <= aircraft.status(vals, a) <= aircraft.CRASH_HOME):
            raise parse.Reject(parse.STATE, "roll SAR for aircraft %d first (sar %d)" % (
                a + 1, a + 1))
    if stress is None:
        return 0, 0
    relief = vals[fields.MISSION]
    for a in range(fields.AC_MAX):
        if not (aircraft.used(vals, a) and aircraft.in_mission(vals, a)):
            continue
        k = aircraft.pilot(vals, a)
        if k >= 0:
            if not pilots.flag(vals, k, pilots.KILLED):
                pilots.end_of_mission(vals, k, stress, relief)
            out.append((k, pilots.gain_xp(vals, k, xp)))  # XP even if killed
        if aircraft.status(vals, a) != aircraft.DOWN:
            aircraft.set_status(vals, a, aircraft.BASE)
        aircraft.set_bingo(vals, a, 0)
        vals[fields.AC_STATE + a] &= ~aircraft.IN_MISSION
    vals[fields.PHASE] = P_NONE
    vals[fields.LOITER] = 0
    vals[fields.TURN] = 0
    vals[fields.MISSION] = 0
    vals[fields.TARGET] = 0
    return _cups_home(session)
