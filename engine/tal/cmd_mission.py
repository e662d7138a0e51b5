"""Protocol commands for a mission (docs/rules.md): `mission`, `loiter`, `bingo`, `engine`,
`sar`, `ridge` (docs/protocol/mission.md; the aircraft roster is engine/tal/cmd_ac.py).

    mission [show] | mission start N... [vs BATTALION|BAND] | mission fuel | mission home
    mission abort
    mission end BAND|BATTALION|stress S [destroyed] [all] [xp +X]
    loiter [show] | loiter start [scout [=D]] [+M ...] | loiter enemy | loiter next
    bingo check [=D ...] | engine check [=D ...] | sar N [wp W] [target|battle|home] [=D]
    ridge N [+M ...] [=D]

A die a player rolled by hand is given as `=D`; without it the device rolls.
"""

from engine.tal import aircraft
from engine.tal import campaign
from engine.core import datatables
from engine.tal import fields
from engine.tal import mission as mission_rules
from engine.core import parse
from engine.tal import pilots
from engine.tal import tables
from engine.tal.ask import asks
from engine.core.jsonline import Obj


def _vp(session, before):
    return (("vp", session.vals[fields.VP]),) if session.vals[fields.VP] != before else ()


# --- mission -------------------------------------------------------------------------------------
def _target(vals, word):
    """TARGET field value for a mission against battalion `word` (on the map) or a band code."""
    if word[:1].isdigit():
        b = campaign.bn_find(vals, word)
        if not campaign.bn_alive(vals, b):
            raise parse.Reject(parse.STATE, "battalion %s is destroyed" % word)
        return b + 1
    return (campaign.band(word) + 1) << 4


def target_band(vals):
    """The range band of this mission's target, or -1 when none was given."""
    t = vals[fields.TARGET]
    if t & 15:
        return campaign.bn_band(vals, (t & 15) - 1)
    return ((t >> 4) & 7) - 1


def _mission_show(session):
    vals = session.vals
    flying = [a + 1 for a in range(fields.AC_MAX) if aircraft.used(vals, a) and
              aircraft.in_mission(vals, a)]
    out = (("phase", mission_rules.PHASES[vals[fields.PHASE]]), ("aircraft", flying),
           ("loiter", vals[fields.LOITER]),
           ("turn", vals[fields.TURN]))
    t = vals[fields.TARGET]
    if t & 127:
        out += (("target", campaign.bn_name(vals[fields.BN_ID + (t & 15) - 1]) if t & 15 else
                 campaign.BANDS[target_band(vals)]), ("fuel_priority", bool(t & FUEL_PRIORITY)),
                ("wp", [_wp(session, a) for a in flying_slots(vals)]))
    return out


FUEL_PRIORITY = 128  # TARGET bit: Fuel Priority bought for this mission


def flying_slots(vals):
    """The aircraft (slots) of the mission."""
    return [a for a in range(fields.AC_MAX) if aircraft.used(vals, a) and
            aircraft.in_mission(vals, a)]


def _wp(session, a):
    """Aircraft a's Weight Points on this mission ("Armements des Appareils"): its card's, less
    the target band's penalty (none with Fuel Priority; drones and the AC-130 take none), less 2
    per Pylon marker."""
    vals = session.vals
    _number, _name, _family, ac_class, _cost, _boxes, wp, _year = aircraft.type_row(session, a)
    if wp is None:
        return None
    if ac_class == aircraft.MANNED and not vals[fields.TARGET] & FUEL_PRIORITY:
        from engine.tal import sheets  # the sheets' tables load when first needed
        wp -= sheets.band_wp(session, target_band(vals))[0]
    return max(0, wp - aircraft.PYLON_WP * aircraft.marker(vals, a, aircraft.PYLON))


def _slots(session, words, start):
    out = []
    for t in words[start:]:
        a = aircraft.slot(session.vals, t)
        if a in out:
            raise parse.Reject(parse.SYNTAX, "aircraft %d is listed twice" % (a + 1))
        out.append(a)
    return out


def _end_args(session, words):
    """BAND|BATTALION|stress S [destroyed] [all] [xp +X] -> (stress, xp)."""
    from engine.tal import sheets
    vals = session.vals
    stress = None
    xp = 1  # every pilot who flew ("Stress", "Promotion des Pilotes")
    seen = []
    i = 2
    while i < len(words):
        t = words[i]
        if t in seen:
            raise parse.Reject(parse.SYNTAX, "'%s' is given twice" % t)
        seen.append(t)
        if t == "stress" and i + 1 < len(words) and stress is None:
            i += 1
            stress = parse.number(words[i], 0, 99, "mission stress")
        elif t == "xp" and i + 1 < len(words):
            i += 1
            xp += parse.signed(words[i], 0, 9, "XP bonus")
        elif t == "destroyed" or t == "all":
            xp += 1  # battalion destroyed; every battalion unit destroyed
        elif stress is None and t in campaign.BANDS:
            stress = sheets.band_stress(session, campaign.band(t))[0]
        elif stress is None and t[:1].isdigit():
            stress = sheets.band_stress(session,
                                        campaign.bn_band(vals, campaign.bn_find(vals, t)))[0]
        else:
            raise parse.Reject(parse.SYNTAX, "usage: mission end BAND|BATTALION|stress S "
                               "[destroyed] [all] [xp +X]")
        i += 1
    if stress is None and target_band(vals) >= 0:
        stress = sheets.band_stress(session, target_band(vals))[0]
    if stress is None:
        raise parse.Reject(parse.SYNTAX, "mission end needs the target's band (er et fl ft fr ab), "
                           "its battalion, or stress S")
    return stress, xp


@asks
def mission(session, words):
    """`mission [show|start N...|home|abort|end ...]`: a mission's phases (docs/rules.md)."""
    vals = session.vals
    if len(words) == 1 or (len(words) == 2 and words[1] == "show"):
        return _mission_show(session)
    t = words[1]
    if t == "start":
        n = len(words)
        target = 0
        if n > 4 and words[n - 2] == "vs":
            target = _target(vals, words[n - 1])
            n -= 2
        if n < 3:
            raise parse.Reject(parse.SYNTAX, "usage: mission start N... [vs BATTALION|BAND]")
        holes = []
        mission_rules.start(session, _slots(session, words[:n], 2), holes)
        vals[fields.TARGET] = target
        out = _mission_show(session)
        if holes:
            out += (("holes", [Obj((("ac", a + 1), ("pilot", k + 1), ("stress", n)))
                               for a, k, n in holes]),)
        return out
    if t == "home":
        parse.arity(words, 2, 2, "mission home")
        back = mission_rules.go_home(session)
        return _mission_show(session) + ((("returned", back),) if back else ())
    if t == "abort":
        parse.arity(words, 2, 2, "mission abort")
        mission_rules.abort(session)
        return _mission_show(session)
    if t == "fuel":
        # "Priorité Ravitaillement": 1 SO lifts the mission's weight penalty, while arming
        parse.arity(words, 2, 2, "mission fuel  (Fuel Priority: 1 SO)")
        if vals[fields.PHASE] != mission_rules.P_TARGET:
            raise parse.Reject(parse.STATE, "Fuel Priority is bought while arming, target-bound")
        if vals[fields.TARGET] & FUEL_PRIORITY:
            raise parse.Reject(parse.STATE, "Fuel Priority is bought already")
        campaign.spend(vals, campaign.FUEL_PRIORITY_COST)
        vals[fields.TARGET] |= FUEL_PRIORITY
        return _mission_show(session) + (("so", vals[fields.SO]),)
    if t == "end":
        stress, xp = _end_args(session, words)
        done = []
        cups_back = mission_rules.end(session, stress, xp, done)
        out = []
        for k, promoted in done:
            out.append(Obj((("pilot", k + 1),
                            ("name", pilots.name(session, vals[fields.P_NAME + k])),
                            ("stress", vals[fields.P_STRESS + k]),
                            ("status", pilots.status_word(vals, k)),
                            ("xp", vals[fields.P_XP + k]),
                            ("level", pilots.LEVELS[pilots.level(vals, k)]),
                            ("promoted", bool(promoted)))))
        res = (("stress", stress), ("xp", xp), ("pilots", out))
        if promoted_any(done):
            res += (("note", "promoted: enter the new card's values (pilot card K ...)"),)
        if cups_back[0] or cups_back[1]:
            res += (("returned", Obj((("hit", cups_back[0]), ("popup", cups_back[1])))),)
        return res
    raise parse.Reject(parse.UNKNOWN, "usage: mission [start N...|home|abort|end ...]")


def promoted_any(done):
    """Whether a pilot of `mission end` was promoted."""
    for _k, p in done:
        if p:
            return True
    return False


def _use_scout(vals, lost):
    """"Allocation des Scouts": a scout bought at the set-up flies one mission a day, one scout
    per battalion; a lost one leaves the campaign."""
    owned = vals[fields.SCOUTS] & 15
    used = vals[fields.SCOUTS] >> 4
    if used >= owned:
        raise parse.Reject(parse.STATE, "no scout left today (%d bought, each flies one mission "
                           "a day)" % owned)
    b = (vals[fields.TARGET] & 15) - 1
    if b >= 0:
        if vals[fields.BN_STATE + b] & campaign.SCOUTED:
            raise parse.Reject(parse.STATE, "battalion %s has its scout today (one per battalion)"
                               % campaign.bn_name(vals[fields.BN_ID + b]))
        vals[fields.BN_STATE + b] |= campaign.SCOUTED
    vals[fields.SCOUTS] += 16 if not lost else -1  # used today; a lost one is gone for good


# --- loiter --------------------------------------------------------------------------------------
def _loiter_show(session):
    vals = session.vals
    ac_left = [Obj((("ac", a + 1), ("left", mission_rules.loiter_left(vals, a)),
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
        turns = mission_rules.LOITER_TURNS
        relief = 0
        if i < len(words) and words[i] == "scout":
            i += 1
            die = 0
            if i < len(words) and words[i][:1] == "=":
                die = parse.number(words[i][1:], 1, 10, "die")
                i += 1
            die = die or session.rng.die(10)  # any refusal below rolls it back
            from engine.tal import sheets
            extra, relief, lost, entered = sheets.scout(session, die, campaign.on(vals))
            if campaign.on(vals):
                _use_scout(vals, lost)
            turns += extra
            scout = (("scout", Obj((("die", die), ("turns", extra), ("stress", relief),
                                    ("lost", None if lost is None else bool(lost))))),)
        mod = parse.modifiers(words, i)
        mission_rules.loiter_start(session, turns + mod, relief)
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
        mission_rules.loiter_next(session, back, b6, b10, crashed)
        out = (("turn", vals[fields.TURN]), ("left", vals[fields.LOITER] - vals[fields.TURN]),
               ("bingo6", [a + 1 for a in b6]), ("bingo10", [a + 1 for a in b10]),
               ("crashed", [a + 1 for a in crashed]),
               ("phase", mission_rules.PHASES[vals[fields.PHASE]]))
        if back:
            out += (("returned", back),)
        return out + _vp(session, before)
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
        out.append(parse.number(t[1:], 1, 10, "die"))
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
    due = mission_rules.bingo_due(session)
    if not due:
        raise parse.Reject(parse.STATE, "no aircraft has a Bingo marker to check")
    dice = _dice(session, words, 2, len(due), "bingo check")
    out = []
    for i in range(len(due)):
        a = due[i]
        marker = aircraft.bingo(vals, a)
        st = mission_rules.bingo_check(session, a, dice[i])
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
    due = mission_rules.engine_due(vals)
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
    return (("checks", out),) + _vp(session, before)


def sar(session, words):
    """`sar N [wp W] [target|battle|home] [=D]`: SAR for crashed aircraft N."""
    usage = "sar N [wp W] [target|battle|home] [=D]"
    parse.arity(words, 2, 6, usage)
    vals = session.vals
    a = aircraft.slot(vals, words[1])
    if aircraft.unmanned(session, a):
        raise parse.Reject(parse.STATE, "no SAR for unmanned aircraft")
    mission_rules.sar_due(session, a)
    wp = 0
    where = mission_rules.sar_where(vals, a)
    die = 0
    i = 2
    while i < len(words):
        t = words[i]
        if t == "wp" and i + 1 < len(words):
            i += 1
            wp = parse.number(words[i], 0, 99, "WP spent")
        elif t in mission_rules.WHERE:
            where = mission_rules.WHERE.index(t)
        elif t[:1] == "=":
            die = parse.number(t[1:], 1, 10, "die")
        else:
            raise parse.Reject(parse.SYNTAX, "usage: " + usage)
        i += 1
    die = die or session.rng.die(10)
    mod = wp + mission_rules.WHERE_MOD[where]
    outcome = tables.sar(die + mod)
    before = vals[fields.VP]
    mission_rules.sar_apply(session, a, outcome)
    k = aircraft.pilot(vals, a)
    out = (("ac", a + 1), ("die", die), ("mod", mod), ("result", die + mod),
           ("outcome", tables.SAR_NAMES[outcome]), ("stress", tables.SAR_STRESS[outcome]),
           ("pilot", k + 1 if k >= 0 else None))
    if k >= 0:
        out += (("pilot_stress", vals[fields.P_STRESS + k]),)
    return out + _vp(session, before)


@asks
def ridge(session, words):
    """`ridge N [+M ...] [=D]`: Ridge Evasion for aircraft N's pilot ("Stress", "Promotion des
    Pilotes", table DATA)."""
    parse.arity(words, 2, 40, "ridge N [+M ...] [=D]")
    vals = session.vals
    a = aircraft.slot(vals, words[1])
    k = aircraft.pilot(vals, a)
    if k < 0:
        raise parse.Reject(parse.STATE, "aircraft %d has no pilot whose stress to check" % (a + 1))
    if aircraft.status(vals, a) != aircraft.FLYING:
        raise parse.Reject(parse.STATE, "aircraft %d is not flying" % (a + 1))
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
            _vp(session, before) +
            datatables.entered_note(entered, "tal/ridge.txt"))
