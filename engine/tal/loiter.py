"""Loiter and Bingo, the engine check, SAR: a mission's turns over the battlefield and its crashed
pilots ("Placement du Pion d'Autonomie", "Bingo Fuel", "Pilotes Crashés et SAR"; docs/rules.md).

The commands are engine/tal/cmd_loiter.py; the mission's phases, hits and crashes are
engine/tal/mission.py.  Apart from those because only the Loiter commands use this: a hit, a
`mission start` or `mission end` loads none of it.  Measured against all of it in mission.py:
unix32-mpy mission.md:289 92.5 KB against 94.25, campaign.md:614 97.0 against 97.75; qemu-frozen
mission.md:289 25.75 against 26.0, mission.md:398 23.5 against 23.75.
"""

from engine.tal import aircraft
from engine.tal import campaign
from engine.tal import fields
from engine.tal import mission
from engine.core import parse
from engine.tal import tables

LOITER_TURNS = 5  # a mission starts with 5 Loiter turns ("Placement du Pion d'Autonomie")
FUEL_TURNS = 2  # a fuel tank gives its aircraft 2 more
LOITER_MAX = 30



# --- Loiter and Bingo ("Placement du Pion d'Autonomie", "Bingo Fuel") -----------------------------
def loiter_left(vals, a):
    """Spaces left on aircraft a's Loiter track: > 0 turns, 0 Bingo 6, -1 Bingo 10."""
    fuel = FUEL_TURNS if aircraft.has_fuel(vals, a) else 0
    return vals[fields.LOITER] + fuel - vals[fields.TURN]


def loiter_start(session, turns, relief):
    """Place the Loiter marker: `turns` Loiter turns; `relief` stress off each pilot at the end
    (Scout).  The battle begins (Fast part of the first turn).  With `turns` None, only refuse to
    place it now (no mission target-bound, the marker placed already, the engine checks still to
    roll): before the Scout's die is rolled, its row may be asked."""
    vals = session.vals
    if vals[fields.PHASE] != mission.P_TARGET:
        raise parse.Reject(parse.STATE, "the Loiter marker is placed after the target-bound steps "
                           "(mission start first)" if vals[fields.PHASE] == mission.P_NONE else
                           "the Loiter marker is already placed")
    if engine_due(vals) and not vals[fields.TARGET] & ENGINE_CHECKED:
        # the sequence: "Bilan dommages moteur" before "Placement des marqueurs d'Autonomie"
        raise parse.Reject(parse.STATE, "the engine checks come first: an unrepaired Engine "
                           "marker rolls before the Loiter marker is placed (engine check)")
    if turns is None:
        return
    if turns < 1 or turns > LOITER_MAX:
        raise parse.Reject(parse.RANGE, "Loiter turns must be 1..%d (got %d)" % (LOITER_MAX, turns))
    vals[fields.LOITER] = turns
    vals[fields.TURN] = 0
    vals[fields.MISSION] = relief
    vals[fields.PHASE] = mission.P_FAST
    mission.battle_over(vals)


def loiter_next(session, returned, bingo6, bingo10, crashed):
    """End the Loiter turn: turns end, the marker advances, Bingo markers, crashes past Bingo 10.

    Fills the lists with counters returned and aircraft (slots) that got Bingo 6, Bingo 10,
    or crashed.
    """
    vals = session.vals
    if vals[fields.PHASE] != mission.P_FAST and vals[fields.PHASE] != mission.P_SLOW:
        raise parse.Reject(parse.STATE, "no Loiter turn is being played (phase %s)" %
                           mission.PHASES[vals[fields.PHASE]])
    if vals[fields.PHASE] == mission.P_FAST:
        mission.end_turns(session, False, returned)
    mission.end_turns(session, True, returned)
    vals[fields.TURN] += 1
    vals[fields.PHASE] = mission.P_FAST
    for a in range(fields.AC_MAX):
        if not mission.on_battlefield(vals, a):
            continue
        left = loiter_left(vals, a)
        if left == 0:
            aircraft.set_bingo(vals, a, 1)
            bingo6.append(a)
        elif left == -1:
            aircraft.set_bingo(vals, a, 2)
            bingo10.append(a)
        elif left < -1:
            mission.crash(session, a)
            crashed.append(a)
    mission.battle_over(vals)


def bingo_due(session):
    """Aircraft (slots) that roll a Bingo check: a Bingo marker, flying home, and a pilot's stress
    to track (unmanned aircraft have none: "Report du Stress des Pilotes": «Ne pas suivre ou noter
    le stress pour les Drones»)."""
    vals = session.vals
    out = []
    for a in range(fields.AC_MAX):
        if (aircraft.used(vals, a) and aircraft.in_mission(vals, a) and aircraft.bingo(vals, a)
                and aircraft.status(vals, a) in (aircraft.FLYING, aircraft.LEFT)
                and not aircraft.unmanned(session, a)):
            out.append(a)
    return out


def bingo_check(session, a, die):
    """One Bingo check ("Placement du Pion d'Autonomie", "Bingo Fuel"): stress = marker - die when
    below; the marker is then done."""
    from engine.tal import pilots

    vals = session.vals
    st = tables.bingo_stress(aircraft.bingo(vals, a), die)
    k = aircraft.pilot(vals, a)
    if k >= 0:
        pilots.add_stress(vals, k, st)
    aircraft.set_bingo(vals, a, 0)
    return st


ENGINE_CHECKED = 256  # TARGET bit: this mission's engine checks are rolled (once, target-bound)


def engine_due(vals):
    """Aircraft (slots) that roll engine checks now: flying target-bound with Engine markers."""
    out = []
    if vals[fields.PHASE] == mission.P_TARGET:
        for a in range(fields.AC_MAX):
            if (aircraft.used(vals, a) and aircraft.in_mission(vals, a)
                    and aircraft.status(vals, a) == aircraft.FLYING
                    and aircraft.marker(vals, a, aircraft.ENGINE)):
                out.append(a)
    return out


# --- SAR ("Pilotes Crashés et SAR") ---------------------------------------------------------------
WHERE = ("target", "battle", "home")  # where the aircraft crashed: SAR +2, +0, +1
WHERE_MOD = (tables.SAR_TARGET_BOUND, 0, tables.SAR_HOME_BOUND)


def sar_where(vals, a):
    """0 target-bound, 1 battlefield, 2 home-bound, from the aircraft's crash status."""
    return aircraft.status(vals, a) - aircraft.CRASH_TARGET


def sar_due(session, a):
    """Refuse unless aircraft a has a SAR roll due."""
    vals = session.vals
    st = aircraft.status(vals, a)
    if st < aircraft.CRASH_TARGET or st > aircraft.CRASH_HOME:
        raise parse.Reject(parse.STATE, "aircraft %d has no SAR roll due (%s)" % (
            a + 1, "pilot killed or SAR done" if st == aircraft.DOWN else aircraft.STATUS[st]))


def sar_apply(session, a, outcome):
    """Apply a SAR outcome to aircraft a's pilot; the aircraft is then down.  Returns VP change."""
    from engine.tal import pilots

    vals = session.vals
    k = aircraft.pilot(vals, a)
    dvp = 0
    if outcome == tables.SAR_KILLED:
        if k >= 0:
            pilots.set_flag(vals, k, pilots.KILLED, True)
        dvp = -1
        campaign.add_vp(vals, dvp)
    elif k >= 0:
        pilots.add_stress(vals, k, tables.SAR_STRESS[outcome])
    aircraft.set_status(vals, a, aircraft.DOWN)
    return dvp
