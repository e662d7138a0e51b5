"""Protocol commands for the turns of a mission on the battlefield (docs/rules.md): `loiter`,
`bingo`, `engine`, `sar`, `ridge` (docs/protocol/mission.md; the mission's phases are
engine/tal/cmd_mission.py).  Apart from `mission`, whose requests (`mission end`, the hungriest)
load none of this: campaign.md:614 needs 28.5 KB against 28.75 on qemu-frozen, 28.0 against 28.75
on unix32-frozen.

    loiter [show] | loiter start [scout [=D]] [+M ...] | loiter enemy | loiter next
    bingo check [=D ...] | engine check [=D ...] | sar N [wp W] [target|battle|home] [=D]
    ridge N [+M ...] [=D]

A die a player rolled by hand is given as `=D`; without it the device rolls.
"""

from engine.tal import aircraft
from engine.tal import campaign
from engine.core import datatables
from engine.tal import fields
from engine.tal import loiter as loiter_rules
from engine.tal import mission as mission_rules
from engine.core import parse
from engine.tal import tables
from engine.tal.ask import asks
from engine.core.jsonline import Obj


def _use_scout(vals, lost):
    """"Allocation des Scouts": a scout bought at the set-up flies one mission a day, one scout
    per battalion; a lost one leaves the campaign.  With `lost` None the rules are checked only:
    before the Scout's die is rolled (no question the refusal would not answer).  (One function,
    not two: a module's names are a table in RAM, frozen too; campaign.md's day 3 Scout answer
    needed 24.25 KB against 24.0 on qemu-frozen with a second.)"""
    from engine.tal import battalions

    owned = vals[fields.SCOUTS] & 15
    used = vals[fields.SCOUTS] >> 4
    if used >= owned:
        raise parse.Reject(parse.STATE, "no scout left today (%d bought, each flies one mission "
                           "a day)" % owned)
    b = (vals[fields.TARGET] & 15) - 1
    if b >= 0 and vals[fields.BN_STATE + b] & battalions.SCOUTED:
        raise parse.Reject(parse.STATE, "battalion %s has its scout today (one per battalion)"
                           % battalions.bn_name(vals[fields.BN_ID + b]))
    if lost is None:
        return
    if b >= 0:
        vals[fields.BN_STATE + b] |= battalions.SCOUTED
    vals[fields.SCOUTS] += 16 if not lost else -1  # used today; a lost one is gone for good


# --- loiter --------------------------------------------------------------------------------------
def _loiter_show(session):
    vals = session.vals
    ac_left = [Obj((("ac", a + 1), ("left", loiter_rules.loiter_left(vals, a)),
                    ("bingo", aircraft.bingo(vals, a))))
               for a in range(fields.AC_MAX) if mission_rules.on_battlefield(vals, a)]
    return (("phase", mission_rules.PHASES[vals[fields.PHASE]]), ("start", vals[fields.LOITER]),
            ("turn", vals[fields.TURN]),
            ("left", vals[fields.LOITER] - vals[fields.TURN]), ("aircraft", ac_left))


@asks
def loiter(session, words):
    """`loiter [show|start [scout [=D]] [+M ...]|enemy|next]`: the Loiter track ("Placement du Pion
    d'Autonomie", "Bingo Fuel")."""
    vals = session.vals
    if len(words) == 1 or (len(words) == 2 and words[1] == "show"):
        return _loiter_show(session)
    t = words[1]
    if t == "start":
        i = 2
        scout = ()
        turns = loiter_rules.LOITER_TURNS
        relief = 0
        if i < len(words) and words[i] == "scout":
            i += 1
            die = 0
            if i < len(words) and words[i][:1] == "=":
                die = parse.face(words[i], 10)
                i += 1
            # what needs no die is checked first: a refusal after the Scout's row was asked
            # would leave the player's answer nowhere to go
            parse.modifiers(words, i)
            loiter_rules.loiter_start(session, None, 0)
            if campaign.on(vals):
                _use_scout(vals, None)
            die = die or session.rng.die(10)  # any refusal below rolls it back
            from engine.tal import scout_table
            extra, relief, lost, entered = scout_table.scout(session, die, campaign.on(vals))
            if campaign.on(vals):
                _use_scout(vals, lost)
            turns += extra
            scout = (("scout", Obj((("die", die), ("turns", extra), ("stress", relief),
                                    ("lost", None if lost is None else bool(lost))))),)
        mod = parse.modifiers(words, i)
        loiter_rules.loiter_start(session, turns + mod, relief)
        out = scout + (("mod", mod),) + _loiter_show(session)
        return out + datatables.entered_note(entered, "tal/scout.txt") if scout else out
    if t == "enemy":
        parse.arity(words, 2, 2, "loiter enemy")
        if vals[fields.PHASE] not in (mission_rules.P_FAST, mission_rules.P_SLOW):
            raise parse.Reject(parse.STATE, "no Loiter turn is being played")
        back = mission_rules.enemy_attack(session)
        return ((("phase", mission_rules.PHASES[vals[fields.PHASE]]),) +
                ((("returned", back),) if back else ()))
    if t == "next":
        parse.arity(words, 2, 2, "loiter next")
        back = []
        b6 = []
        b10 = []
        crashed = []
        before = vals[fields.VP]
        loiter_rules.loiter_next(session, back, b6, b10, crashed)
        out = (("turn", vals[fields.TURN]), ("left", vals[fields.LOITER] - vals[fields.TURN]),
               ("bingo6", [a + 1 for a in b6]), ("bingo10", [a + 1 for a in b10]),
               ("crashed", [a + 1 for a in crashed]),
               ("phase", mission_rules.PHASES[vals[fields.PHASE]]))
        if back:
            out += (("returned", back),)
        return out + campaign.vp_pairs(session, before)
    raise parse.Reject(parse.UNKNOWN, "usage: loiter [start [scout [=D]] [+M ...]|enemy|next]")


# --- checks --------------------------------------------------------------------------------------
def _dice(session, words, start, n, what):
    """n dice: given by hand as =D words from w[start:] (exactly n of them), or rolled."""
    given = words[start:]
    if given and len(given) != n:
        raise parse.Reject(parse.SYNTAX, "%s needs %d dice (=D each), or none to roll them" % (
            what, n))
    out = []
    for t in given:
        if t[:1] != "=":
            raise parse.Reject(parse.SYNTAX, "a die rolled by hand looks like =7")
        out.append(parse.face(t, 10))
    while len(out) < n:
        out.append(session.rng.die(10))
    return out


def bingo(session, words):
    """`bingo check [=D ...]`: one d10 per aircraft with a Bingo marker, home-bound ("Placement du
    Pion d'Autonomie", "Bingo Fuel")."""
    if len(words) < 2 or words[1] != "check":
        raise parse.Reject(parse.SYNTAX, "usage: bingo check [=D ...]")
    vals = session.vals
    if vals[fields.PHASE] != mission_rules.P_HOME:
        raise parse.Reject(parse.STATE, "Bingo checks are rolled home-bound (mission home)")
    due = loiter_rules.bingo_due(session)
    if not due:
        raise parse.Reject(parse.STATE, "no aircraft has a Bingo marker to check")
    dice = _dice(session, words, 2, len(due), "bingo check")
    out = []
    for i in range(len(due)):
        a = due[i]
        marker = aircraft.bingo(vals, a)
        st = loiter_rules.bingo_check(session, a, dice[i])
        k = aircraft.pilot(vals, a)
        out.append(Obj((("ac", a + 1), ("bingo", marker), ("die", dice[i]), ("stress", st),
                        ("pilot", k + 1 if k >= 0 else None))))
    return (("checks", out),)


def engine(session, words):
    """`engine check [=D ...]`: one d10 per unrepaired Engine marker, target-bound ("Pilotes Crashés
    et SAR")."""
    if len(words) < 2 or words[1] != "check":
        raise parse.Reject(parse.SYNTAX, "usage: engine check [=D ...]")
    vals = session.vals
    if vals[fields.PHASE] != mission_rules.P_TARGET:
        raise parse.Reject(parse.STATE, "engine checks are rolled target-bound (mission start)")
    if vals[fields.TARGET] & loiter_rules.ENGINE_CHECKED:
        # "Bilan dommages moteur" is one step of the mission's sequence: one roll per marker
        raise parse.Reject(parse.STATE, "this mission's engine checks are rolled already")
    due = loiter_rules.engine_due(vals)
    need = 0
    for a in due:
        need += aircraft.marker(vals, a, aircraft.ENGINE)
    dice = _dice(session, words, 2, need, "engine check")
    before = vals[fields.VP]
    out = []
    j = 0
    for a in due:
        n = aircraft.marker(vals, a, aircraft.ENGINE)
        mine = dice[j:j + n]
        j += n
        crash = False
        for d in mine:
            if d <= tables.ENGINE_CRASH_MAX:
                crash = True
        if crash:
            mission_rules.crash(session, a)
        out.append(Obj((("ac", a + 1), ("dice", mine), ("crash", crash))))
    vals[fields.TARGET] |= loiter_rules.ENGINE_CHECKED  # the step is over: arming came before
    return (("checks", out),) + campaign.vp_pairs(session, before)


def sar(session, words):
    """`sar N [wp W] [target|battle|home] [=D]`: SAR for crashed aircraft N."""
    usage = "sar N [wp W] [target|battle|home] [=D]"
    parse.arity(words, 2, 6, usage)
    vals = session.vals
    a = aircraft.slot(vals, words[1])
    if aircraft.unmanned(session, a):
        raise parse.Reject(parse.STATE, "no SAR for unmanned aircraft")
    loiter_rules.sar_due(session, a)
    wp = 0
    where = loiter_rules.sar_where(vals, a)
    die = 0
    i = 2
    while i < len(words):
        t = words[i]
        if t == "wp" and i + 1 < len(words):
            i += 1
            wp = parse.number(words[i], 0, 99, "WP spent")
        elif t in loiter_rules.WHERE:
            where = loiter_rules.WHERE.index(t)
        elif t[:1] == "=":
            die = parse.face(t, 10)
        else:
            raise parse.Reject(parse.SYNTAX, "usage: " + usage)
        i += 1
    die = die or session.rng.die(10)
    mod = wp + loiter_rules.WHERE_MOD[where]
    outcome = tables.sar(die + mod)
    before = vals[fields.VP]
    loiter_rules.sar_apply(session, a, outcome)
    k = aircraft.pilot(vals, a)
    out = (("ac", a + 1), ("die", die), ("mod", mod), ("result", die + mod),
           ("outcome", tables.SAR_NAMES[outcome]), ("stress", tables.SAR_STRESS[outcome]),
           ("pilot", k + 1 if k >= 0 else None))
    if k >= 0:
        out += (("pilot_stress", vals[fields.P_STRESS + k]),)
    return out + campaign.vp_pairs(session, before)


@asks
def ridge(session, words):
    """`ridge N [+M ...] [=D]`: Ridge Evasion for aircraft N's pilot ("Stress", "Promotion des
    Pilotes", table DATA)."""
    from engine.tal import pilots

    parse.arity(words, 2, 40, "ridge N [+M ...] [=D]")
    vals = session.vals
    a = aircraft.slot(vals, words[1])
    k = aircraft.pilot(vals, a)
    if k < 0:
        raise parse.Reject(parse.STATE, "aircraft %d has no pilot whose stress to check" % (a + 1))
    if aircraft.status(vals, a) != aircraft.FLYING:
        raise parse.Reject(parse.STATE, "aircraft %d is not flying" % (a + 1))
    campaign.require_open(vals)  # (a crash's VP would be refused once the row was asked)
    mod, die = parse.modifiers(words, 2, 10)
    mod += (aircraft.evasive(vals, a) - vals[fields.P_STRESS + k] -
            aircraft.CONTROLS_RIDGE * aircraft.marker(vals, a, aircraft.CONTROLS))
    die = die or session.rng.die(10)  # a refusal below (row not in the file) rolls the die back
    from engine.tal import sheets
    st, entered = sheets.ridge(session, die, mod)
    was_unfit = pilots.status(vals, k) == pilots.UNFIT
    pilots.add_stress(vals, k, st)
    before = vals[fields.VP]
    crash = not was_unfit and pilots.status(vals, k) == pilots.UNFIT
    if crash:
        mission_rules.crash(session, a)
    return ((("ac", a + 1), ("die", die), ("mod", mod), ("result", die + mod), ("stress", st),
             ("pilot", k + 1), ("pilot_stress", vals[fields.P_STRESS + k]),
             ("pilot_status", pilots.STATUS[pilots.status(vals, k)]), ("crash", crash)) +
            campaign.vp_pairs(session, before) +
            datatables.entered_note(entered, "tal/ridge.txt"))
