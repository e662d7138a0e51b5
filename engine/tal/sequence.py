"""The sequence of play ("Séquence de jeu"): where the campaign, or the mission flown, stands;
and the rulebook's next step: `next` (docs/protocol/campaign.md, "The next step").

A step is named by the request that takes it: "mission start", "loiter next", "day end" ... a
token as stable as the protocol, which the screens match against their actions' words to offer
it first (firmware/screens/form.py `follow`).  What the device cannot do for the player (a card
drawn, counters placed, the attacks) is not a step: the next request is.  An optional step (a
replacement, a repair, R&R) is named only when it has something to act on and can be paid for,
so the step named is never one the engine would refuse.

    next    {"ok":true,"next":STEP} and, for "mission start", "aircraft":[N...] (those that may
            fly as they are); "loiter start", "scout":B (a scout may fly); "sar", "ac":N

The steps, in the rulebook's order: no campaign: "campaign start" (or "mission start" for a
mission flown outside one); the set-up: "mix" (a cup's counter mix not the player's yet: `mix`
lists them, `mix CUP confirm` takes it), "bn add" (the card's value not reached), "ac add" (no
aircraft bought), "pilot add" (a type with fewer pilots than its aircraft and one more),
"pilot level" (more levels raised than lowered), "campaign ready"; a day: "cas engaged"
(Expansion #3: a Close Air Support card drawn, its Squads not placed), "ac set" (no aircraft has
a pilot who may fly: "Allocation des pilotes et appareils"), "mission start", then the
mission's: "so weapons" (a campaign's, while arming), "engine check" (an Engine marker), "loiter
start", "loiter next" (each battlefield turn) or "mission home" (every aircraft there has a Bingo
marker), "bingo check", "sar", "mission end"; when no aircraft may fly: the end of the day's
"day end", "bn roll" (battalions to roll), "day next", "ac replace", "pilot replace", "ac
repair", "pilot heal", "pilot rr", "day +1"; the end: "campaign result".

Read at every refresh of a screen, so it reads the fields and loads nothing else but where it
must: the type of an aircraft without a pilot (a drone flies without one), the Bingo checks due.
"""

from engine.tal import campaign
from engine.tal import fields

# The bits this reads, as engine/tal/aircraft.py and pilots.py name them (those modules are not
# loaded for it: tests/test_sequence.py checks they agree).
AC_STATUS = 7  # aircraft.ST_MASK: BASE 0, FLYING 1, LEFT 2, CRASH_TARGET..CRASH_HOME 3..5, DOWN 6
AC_IN_MISSION = 32  # aircraft.IN_MISSION
AC_FLEW = 64  # aircraft.FLEW
AC_BINGO = 24  # aircraft's Bingo marker bits (aircraft.BINGO_SHIFT)
P_WOUNDED = 8  # pilots.WOUNDED
P_KILLED = 16  # pilots.KILLED
P_FLEW = 64  # pilots.FLEW


def next_step(session, words):
    """`next`: the rulebook's next step (see the module doc)."""
    from engine.core import parse

    parse.arity(words, 1, 1, "next")
    token, more = step(session)
    return (("next", token),) + more


def step(session):
    """(token, extra reply pairs) of the next step."""
    vals = session.vals
    camp = vals[fields.CAMP]
    if camp & campaign.OVER:
        return "campaign result", ()
    if vals[fields.PHASE]:
        return _mission(session)
    on = camp & campaign.ACTIVE
    if on and camp & campaign.SETUP:
        return _setup(session), ()
    if vals[fields.EXP3] and not vals[fields.EXP3 + 5] & 15:  # exp3/rules.py CAS_ON, CAS_SQ
        return "cas engaged", ()
    at = vals[fields.STEP]
    if at == campaign.S_MISSIONS:
        fly = _may_fly(session)
        if fly:
            return "mission start", (("aircraft", fly),)
        if not on:
            return "campaign start", ()
        if _crew_waits(vals):
            return "ac set", ()
        return "day end", ()
    if at == campaign.S_MOVEMENT:
        from engine.tal import cmd_day  # the battalions still to roll, as `day` names them
        return ("bn roll" if cmd_day._to_roll(vals) else "day next"), ()
    return _day_end(vals, at), ()


def _setup(session):
    """"Mise en place de la Campagne": the step that `campaign ready` still waits for."""
    from engine.tal.cups.mine import to_confirm  # the device's own first step: each cup's

    if to_confirm(session):  # counter mix the player's (`campaign ready` refuses before)
        return "mix"
    # (after the mix's check: at that step the Campaign and Mission screens' refreshes loaded
    # the set-up's commands for nothing; measured, `next` there keeps 9.0 KB against 20.6 from
    # .mpy, and the tour of every screen needs 176 KB against 186, unix32-mpy at 240 x 135)
    from engine.tal import cmd_setup

    vals = session.vals
    n, drawn = cmd_setup._drawn(vals)
    setup = cmd_setup._setup_vp(session)
    if (drawn < setup) if setup is not None else not n:  # (no card: one battalion at least)
        return "bn add"
    craft = [a for a in range(fields.AC_MAX) if vals[fields.AC_TYPE + a]]
    if not craft:
        return "ac add"
    from engine.core import parse
    from engine.tal import aircraft, pilots

    for a in craft:  # «un pilote ... pour chaque carte d'avion ..., plus un ... pour chaque type»
        try:
            cmd_setup._crew(session, a, aircraft, pilots, 1)
        except parse.Reject:
            return "pilot add"
    if vals[fields.ADJUST] > 0:
        return "pilot level"
    return "campaign ready"


def _able(vals, k):
    """Pilot slot k may fly today: alive, not Unfit, not flown yet."""
    return (vals[fields.P_NAME + k] and not vals[fields.P_STATE + k] & (P_KILLED | P_FLEW)
            and vals[fields.P_STRESS + k] <= vals[fields.P_SHAKEN + k])


def _at_base(vals, a):
    """Aircraft slot a is at the air base and has not flown today."""
    return vals[fields.AC_TYPE + a] and not vals[fields.AC_STATE + a] & (AC_STATUS | AC_FLEW)


def _may_fly(session):
    """The aircraft (numbers) that may start a mission as they are ("Choix des pilotes et
    appareils", engine/tal/mission.py `start`): at the base, not flown today, with a pilot who
    may fly; without one, a drone, or any aircraft outside a campaign."""
    vals = session.vals
    out = []
    for a in range(fields.AC_MAX):
        if not _at_base(vals, a):
            continue
        k = vals[fields.AC_PILOT + a] - 1
        if k >= 0:
            if _able(vals, k):
                out.append(a + 1)
        elif not campaign.on(vals):
            out.append(a + 1)
        else:
            from engine.tal import aircraft  # a type read: only for an aircraft without pilot
            if aircraft.unmanned(session, a):
                out.append(a + 1)
    return out


def _crew_waits(vals):
    """An aircraft at the base waits for a pilot who may fly today, and one may."""
    for a in range(fields.AC_MAX):
        if _at_base(vals, a):
            for k in range(fields.PILOT_MAX):
                if _able(vals, k):
                    return True
            return False
    return False


def _mission(session):
    """A mission's steps ("Résolution de Mission", "Résolution Champ de Bataille", "Retour à la
    Maison")."""
    vals = session.vals
    phase = vals[fields.PHASE]
    flying = [a for a in range(fields.AC_MAX)
              if vals[fields.AC_TYPE + a] and vals[fields.AC_STATE + a] & AC_IN_MISSION]
    if phase == 1:  # mission.P_TARGET (2, 3 the battlefield's Fast and Slow parts, 4 home-bound)
        t = vals[fields.TARGET]
        if campaign.on(vals) and not t & (campaign.ARMED | 256):  # loiter.ENGINE_CHECKED
            return "so weapons", ()
        if not t & 256:
            for a in flying:
                if (vals[fields.AC_STATE + a] & AC_STATUS == 1  # FLYING, an Engine marker
                        and (vals[fields.AC_DMG + a] >> 3) & 7):
                    return "engine check", ()
        return "loiter start", (("scout", _scout(vals)),)
    if phase < 4:  # on the battlefield: home once every aircraft there has its Bingo marker
        for a in flying:
            if vals[fields.AC_STATE + a] & AC_STATUS == 1 and not vals[fields.AC_STATE + a] & \
                    AC_BINGO:
                return "loiter next", ()
        return "mission home", ()
    for a in flying:  # home-bound
        if vals[fields.AC_STATE + a] & AC_BINGO and vals[fields.AC_STATE + a] & AC_STATUS < 3:
            from engine.tal import loiter  # (a drone has no Bingo check)
            if loiter.bingo_due(session):
                return "bingo check", ()
            break
    for a in flying:
        if 3 <= vals[fields.AC_STATE + a] & AC_STATUS <= 5:
            return "sar", (("ac", a + 1),)
    return "mission end", ()


def _scout(vals):
    """A scout may fly this mission ("Allocation des Scouts"): one left today, and none yet for
    its target battalion (engine/tal/cmd_loiter.py `_scout_check`)."""
    if not campaign.on(vals):
        return False
    s = vals[fields.SCOUTS]
    b = (vals[fields.TARGET] & 15) - 1
    return (s >> 4) < (s & 15) and (b < 0 or not vals[fields.BN_STATE + b] & 128)  # SCOUTED


def _day_end(vals, at):
    """"Fin de Journée" from replacements on: each optional step while it has something to act
    on and can be paid for, in its order; then the next day."""
    vp = vals[fields.VP]
    so = vals[fields.SO]
    if at <= campaign.S_REPLACE and vp > 0:
        for a in range(fields.AC_MAX):
            if vals[fields.AC_TYPE + a] and vals[fields.AC_STATE + a] & AC_STATUS == 6:  # DOWN
                return "ac replace"
        for k in range(fields.PILOT_MAX):
            if vals[fields.P_NAME + k] and vals[fields.P_STATE + k] & P_KILLED:
                return "pilot replace"
    if at <= campaign.S_REPAIR and so >= campaign.REPAIR_COST:
        for a in range(fields.AC_MAX):
            if (vals[fields.AC_TYPE + a] and vals[fields.AC_STATE + a] & AC_STATUS != 6
                    and (vals[fields.AC_DMG + a] or vals[fields.AC_DMG2 + a])):
                return "ac repair"
        for k in range(fields.PILOT_MAX):
            if vals[fields.P_NAME + k] and vals[fields.P_STATE + k] & (P_WOUNDED | P_KILLED) \
                    == P_WOUNDED:
                return "pilot heal"
    if (at <= campaign.S_RR and so >= campaign.RR_COST
            and not vals[fields.CAMP] & campaign.RR_USED):
        for k in range(fields.PILOT_MAX):
            if (vals[fields.P_NAME + k] and vals[fields.P_STRESS + k]
                    and not vals[fields.P_STATE + k] & (P_WOUNDED | P_KILLED)):
                return "pilot rr"
    return "day +1"
