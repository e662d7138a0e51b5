"""Protocol commands for missions (RULES §3, §5, §8): `ac`, `mission`, `loiter`, `bingo`,
`engine`, `sar`, `ridge` (docs/protocol/mission.md).

    ac add TYPE [buy] [fast|slow] [fuel] [ecm] [evasive N] [pilot K]
    ac set N [fast|slow] [fuel|nofuel] [ecm|noecm] [evasive N] [pilot K|nopilot]
    ac list | ac hit N EFFECT [V] | ac attacked N UNIT... [heavy-first] | ac repair N MARKER [C]
    ac leave N | ac replace N | ac remove N
    mission | mission start N... | mission home | mission abort
    mission end BAND|BATTALION|stress S [destroyed] [all] [xp +X]
    loiter | loiter start [scout [=D]] [+M ...] | loiter enemy | loiter next
    bingo check [=D ...] | engine check [=D ...] | sar N [wp W] [target|battle|home] [=D]
    ridge N [+M ...] [=D]

A die a player rolled by hand is given as `=D`; without it the device rolls.
"""

from engine import campaign
from engine import datatables as DT
from engine import fields as F
from engine import mission as M
from engine import parse
from engine import pilots as P
from engine import tables
from engine.jsonline import Obj

RESULTS = ("ignored", "marked", "crashed", "killed", "held")


def _damage(s, a):
    v = s.vals
    out = []
    for m in range(len(M.MARKERS)):
        n = M.marker_count(s, a, m)
        if n:
            out.append((M.MARKERS[m], n))
    return Obj(out)


def ac_pairs(s, a):
    """The reply pairs that describe aircraft slot a."""
    v = s.vals
    row = M.type_row(s, a)
    k = M.pilot(v, a)
    wp = row[M.T_WP]
    if wp is not None:
        wp = max(0, wp - M.PYLON_WP * M.marker(v, a, M.PYLON))
    out = [("ac", a + 1), ("type", row[M.T_NAME].lower()), ("class", M.CLASSES[row[M.T_CLASS]]),
           ("pilot", k + 1 if k >= 0 else None),
           ("speed", "slow" if M.is_slow(v, a) else "fast"),
           ("fuel", M.has_fuel(v, a)), ("ecm", M.has_ecm(v, a)), ("evasive", M.evasive(v, a)),
           ("status", M.STATUS[M.status(v, a)]), ("bingo", M.bingo(v, a)),
           ("boxes", row[M.T_BOXES]), ("wp", wp), ("damage", _damage(s, a))]
    if k >= 0:
        out.append(("stress", v[F.P_STRESS + k]))
        out.append(("pilot_status", P.STATUS[P.status(v, k)]))
    return out


def _vp(s, before):
    return (("vp", s.vals[F.VP]),) if s.vals[F.VP] != before else ()


# --- ac ------------------------------------------------------------------------------------------
def _gear_words(s, w, i, a):
    """Parse [fast|slow] [fuel|nofuel] [ecm|noecm] [evasive N] [pilot K|nopilot] [buy] from w[i:].

    Returns [slow, fuel, ecm, evasive, pilot, buy] with None where not given (pilot -1: none).
    """
    o = [None, None, None, None, None, False]
    while i < len(w):
        t = w[i]
        if t == "fast" or t == "slow":
            o[0] = t == "slow"
        elif t == "fuel" or t == "nofuel":
            o[1] = t == "fuel"
        elif t == "ecm" or t == "noecm":
            o[2] = t == "ecm"
        elif t == "evasive" and i + 1 < len(w):
            i += 1
            o[3] = parse.number(w[i], 0, 7, "evasive")
        elif t == "pilot" and i + 1 < len(w):
            i += 1
            o[4] = P.slot(s.vals, w[i])
        elif t == "nopilot":
            o[4] = -1
        elif t == "buy" and a < 0:
            o[5] = True
        else:
            raise parse.Reject(parse.SYNTAX, "aircraft options: fast|slow fuel|nofuel ecm|noecm "
                               "evasive N pilot K|nopilot" + (" buy" if a < 0 else ""))
        i += 1
    return o


def _apply_gear(s, a, o):
    v = s.vals
    holes = 0
    if o[4] is not None:
        if M.in_mission(v, a):
            raise parse.Reject(parse.STATE, "aircraft %d is flying a mission" % (a + 1))
        holes = M.assign(s, a, o[4])
    M.set_gear(v, a, M.is_slow(v, a) if o[0] is None else o[0],
               M.has_fuel(v, a) if o[1] is None else o[1],
               M.has_ecm(v, a) if o[2] is None else o[2],
               M.evasive(v, a) if o[3] is None else o[3])
    return holes


def _ac_add(s, w):
    parse.arity(w, 3, 20, "ac add TYPE [buy] [fast|slow] [fuel] [ecm] [evasive N] [pilot K]")
    v = s.vals
    row = M.find_type(s, w[2])
    a = M.free_slot(v)
    o = _gear_words(s, w, 3, -1)
    v[F.AC_TYPE + a] = row[M.T_N]
    out = []
    if o[5]:
        if row[M.T_COST] is None:
            raise parse.Reject(parse.STATE, "the %s's cost is not in data/tal/aircraft.txt: pay "
                               "it with so -N" % w[2])
        campaign.spend(v, row[M.T_COST])
        out.append(("cost", row[M.T_COST]))
        out.append(("so", v[F.SO]))
    holes = _apply_gear(s, a, o)
    return (tuple(ac_pairs(s, a) + out) + ((("holes_stress", holes),) if holes else ()) +
            DT.data_note("tal/aircraft.txt"))


def _ac_set(s, w):
    parse.arity(w, 4, 20, "ac set N [fast|slow] [fuel|nofuel] [ecm|noecm] [evasive N] "
                "[pilot K|nopilot]")
    a = M.slot(s.vals, w[2])
    holes = _apply_gear(s, a, _gear_words(s, w, 3, a))
    return tuple(ac_pairs(s, a)) + ((("holes_stress", holes),) if holes else ())


def _ac_list(s, w):
    parse.arity(w, 2, 2, "ac list")
    v = s.vals
    return ((("aircraft", [Obj(ac_pairs(s, a)) for a in range(F.AC_MAX) if M.used(v, a)]),) +
            DT.data_note("tal/aircraft.txt"))


def _ac_hit(s, w):
    parse.arity(w, 4, 5, "ac hit N EFFECT [V]  (EFFECT: no-effect killed stress wounded " +
                " ".join(M.MARKERS) + ")")
    v = s.vals
    a = M.slot(v, w[2])
    st = M.status(v, a)
    if st >= M.CRASH_TARGET:
        raise parse.Reject(parse.STATE, "aircraft %d has crashed" % (a + 1))
    code = w[3]
    n = 1
    if len(w) == 5:
        if code != "stress" and not (code == "cannon" and M.gunship(s, a)):
            raise parse.Reject(parse.SYNTAX, "only stress N (and an AC-130's cannon GUN) take a value")
        n = parse.number(w[4], 1, 9 if code == "stress" else M.GUNS, "value")
    elif code in M.TEMPORARIES:
        raise parse.Reject(parse.STATE, "%s is a temporary counter: it stays beside the aircraft "
                           "(cup draw, or by hand) until the end of its next turn" % code)
    before = v[F.VP]
    back = M.enemy_attack(s) if M.on_battlefield(v, a) else []
    r = M.apply_hit(s, a, code, n)
    out = (("result", RESULTS[r]),) + tuple(ac_pairs(s, a)) + _vp(s, before)
    if back:
        out += (("returned", back),)
    return out + DT.data_note("tal/aircraft.txt")


def _ac_attacked(s, w):
    """`ac attacked N UNIT... [heavy-first]`: one enemy attack on roster aircraft N, drawn from
    the Hit cup (engine/cups.py) with the aircraft's type, ECM pod and Evasive, then applied."""
    usage = "ac attacked N UNIT... [heavy-first]  (UNIT: hits and l or h, e.g. 3l 2h)"
    if len(w) < 4:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    from engine import cupdata
    from engine import cups
    v = s.vals
    a = M.slot(v, w[2])
    if not M.on_battlefield(v, a) and not (v[F.PHASE] in (M.P_TARGET, M.P_HOME) and
                                           M.status(v, a) in (M.FLYING, M.LEFT)):
        raise parse.Reject(parse.STATE, "aircraft %d is not flying this mission" % (a + 1))
    units = bytearray(cups.MAX_UNITS)
    n = 0
    heavy_first = False
    for t in w[3:]:
        if t == "heavy-first":
            heavy_first = True
            continue
        if len(t) < 2 or t[-1] not in ("l", "h") or n >= cups.MAX_UNITS:
            raise parse.Reject(parse.SYNTAX, "usage: " + usage)
        units[n] = parse.number(t[:-1], 1, 9, "a unit's hits") + (128 if t[-1] == "h" else 0)
        n += 1
    if not n:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    actype = cupdata.aircraft_type(M.family(s, a))
    if actype < 0:
        raise parse.Reject(parse.STATE, "family '%s' is not a Hit counter type" % M.family(s, a))
    d = cupdata.definition(s, cupdata.HIT_FILE)
    cups.check_hit(s, d, units, n, a + 1)
    returned = M.enemy_attack(s) if M.on_battlefield(v, a) else []
    before = v[F.VP]
    m = cups.draw_hit(s, d, units, n, M.has_ecm(v, a), M.evasive(v, a), heavy_first, a + 1, actype)
    draws = []
    for k in range(m):
        e = cupdata.EFFECTS[cups.EFFECT[k]]
        why = cups.IGNORED_WHY[cups.IGNORED[k]]
        r = M.IGNORED
        if not why and M.status(v, a) < M.CRASH_TARGET:
            r = M.apply_hit(s, a, e, cups.VALUE[k])
        draws.append(Obj((("n", cups.DRAWN[k] + 1), ("side", "heavy" if cups.SIDE[k] else "light"),
                          ("effect", e), ("value", cups.VALUE[k]),
                          ("result", why or RESULTS[r]))))
    out = (("ecm", list(cups.ECM[:n]) if M.has_ecm(v, a) else []),
           ("light", cups.COUNTS[0]), ("heavy", cups.COUNTS[1]), ("draws", draws))
    if returned:
        out += (("returned", returned),)
    out += tuple(ac_pairs(s, a)) + _vp(s, before)
    if cupdata.unverified(d):
        out += (("data", d.status),)
    return out


def _ac_repair(s, w):
    parse.arity(w, 4, 5, "ac repair N MARKER [COUNT]  (1 SO each)")
    v = s.vals
    a = M.slot(v, w[2])
    if M.status(v, a) >= M.CRASH_TARGET:
        raise parse.Reject(parse.STATE, "aircraft %d has crashed: replace it (ac replace)" % (a + 1))
    m = M.marker_index(w[3])
    if m < 0:
        raise parse.Reject(parse.UNKNOWN, "markers: " + " ".join(M.MARKERS) +
                           " (a pilot's Wounded: pilot heal)")
    count = parse.number(w[4], 1, M.MARKER_MAX, "count") if len(w) == 5 else 1
    have = M.marker(v, a, m)
    if m == M.CANNON and M.gunship(s, a):
        guns = M.marker_count(s, a, m)
        if count > guns:
            raise parse.Reject(parse.STATE, "aircraft %d has %d disabled guns" % (a + 1, guns))
        for _ in range(count):
            have &= have - 1  # the lowest disabled gun first
    elif count > have:
        raise parse.Reject(parse.STATE, "aircraft %d has %d %s markers" % (a + 1, have, w[3]))
    else:
        have -= count
    campaign.spend(v, count * campaign.REPAIR_COST)
    M.set_marker(v, a, m, have)
    return tuple(ac_pairs(s, a)) + (("so", v[F.SO]),)


def _ac_leave(s, w):
    parse.arity(w, 3, 3, "ac leave N")
    v = s.vals
    a = M.slot(v, w[2])
    back = M.leave(s, a)
    out = (("ac", a + 1), ("status", M.STATUS[M.status(v, a)]), ("bingo", M.bingo(v, a)),
           ("phase", M.PHASES[v[F.PHASE]]))
    return out + ((("returned", back),) if back else ())


def _ac_replace(s, w):
    parse.arity(w, 3, 3, "ac replace N  (2 VP; not at 0 VP or less)")
    v = s.vals
    a = M.slot(v, w[2])
    if M.in_mission(v, a):
        raise parse.Reject(parse.STATE, "aircraft %d is flying a mission" % (a + 1))
    campaign.require_replacement(v)
    campaign.add_vp(v, -campaign.AIRCRAFT_REPLACEMENT_VP)
    v[F.AC_DMG + a] = 0
    v[F.AC_DMG2 + a] = 0
    v[F.AC_STATE + a] = M.BASE
    k = M.pilot(v, a)
    if k >= 0 and P.flag(v, k, P.KILLED):
        v[F.AC_PILOT + a] = 0
    return tuple(ac_pairs(s, a)) + (("vp", v[F.VP]),)


def _ac_remove(s, w):
    parse.arity(w, 3, 3, "ac remove N")
    v = s.vals
    a = M.slot(v, w[2])
    if M.in_mission(v, a):
        raise parse.Reject(parse.STATE, "aircraft %d is flying a mission" % (a + 1))
    for f in (F.AC_TYPE, F.AC_PILOT, F.AC_GEAR, F.AC_STATE, F.AC_DMG, F.AC_DMG2):
        v[f + a] = 0
    return (("removed", a + 1),)


_AC = (("add", _ac_add), ("set", _ac_set), ("list", _ac_list), ("hit", _ac_hit),
       ("attacked", _ac_attacked), ("repair", _ac_repair), ("leave", _ac_leave),
       ("replace", _ac_replace), ("remove", _ac_remove))


def _sub(w, table, usage):
    if len(w) < 2:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    for name, fn in table:
        if name == w[1]:
            return fn
    raise parse.Reject(parse.UNKNOWN, "usage: " + usage)


def ac(s, w):
    """`ac add|set|list|hit|attacked|repair|leave|replace|remove ...`: the aircraft roster."""
    return _sub(w, _AC, "ac add|set|list|hit|attacked|repair|leave|replace|remove ...")(s, w)


# --- mission -------------------------------------------------------------------------------------
def _mission_show(s):
    v = s.vals
    flying = [a + 1 for a in range(F.AC_MAX) if M.used(v, a) and M.in_mission(v, a)]
    return (("phase", M.PHASES[v[F.PHASE]]), ("aircraft", flying), ("loiter", v[F.LOITER]),
            ("turn", v[F.TURN]))


def _slots(s, w, start):
    out = []
    for t in w[start:]:
        a = M.slot(s.vals, t)
        if a in out:
            raise parse.Reject(parse.SYNTAX, "aircraft %d is listed twice" % (a + 1))
        out.append(a)
    return out


def _end_args(s, w):
    """BAND|BATTALION|stress S [destroyed] [all] [xp +X] -> (stress, xp)."""
    v = s.vals
    stress = None
    xp = 1  # every pilot who flew (RULES §7)
    seen = []
    i = 2
    while i < len(w):
        t = w[i]
        if t in seen:
            raise parse.Reject(parse.SYNTAX, "'%s' is given twice" % t)
        seen.append(t)
        if t == "stress" and i + 1 < len(w) and stress is None:
            i += 1
            stress = parse.number(w[i], 0, 99, "mission stress")
        elif t == "xp" and i + 1 < len(w):
            i += 1
            xp += parse.signed(w[i], 0, 9, "XP bonus")
        elif t == "destroyed" or t == "all":
            xp += 1  # battalion destroyed; every battalion unit destroyed
        elif stress is None and t in tables.BANDS:
            stress = DT.band_stress(s, tables.band(t))
        elif stress is None and t[:1].isdigit():
            stress = DT.band_stress(s, campaign.bn_band(v, campaign.bn_find(v, t)))
        else:
            raise parse.Reject(parse.SYNTAX, "usage: mission end BAND|BATTALION|stress S "
                               "[destroyed] [all] [xp +X]")
        i += 1
    if stress is None:
        raise parse.Reject(parse.SYNTAX, "mission end needs the target's band (er et fl ft fr ab), "
                           "its battalion, or stress S")
    return stress, xp


def mission(s, w):
    """`mission [start N...|home|abort|end ...]`: a mission's phases (RULES §5-8)."""
    v = s.vals
    if len(w) == 1:
        return _mission_show(s)
    t = w[1]
    if t == "start":
        if len(w) < 3:
            raise parse.Reject(parse.SYNTAX, "usage: mission start N... (the aircraft flying)")
        M.start(s, _slots(s, w, 2))
        return _mission_show(s)
    if t == "home":
        parse.arity(w, 2, 2, "mission home")
        back = M.go_home(s)
        return _mission_show(s) + ((("returned", back),) if back else ())
    if t == "abort":
        parse.arity(w, 2, 2, "mission abort")
        M.abort(s)
        return _mission_show(s)
    if t == "end":
        stress, xp = _end_args(s, w)
        done = []
        back, cups_back = M.end(s, stress, xp, done)
        out = []
        for k, promoted in done:
            out.append(Obj((("pilot", k + 1), ("name", P.name(s, v[F.P_NAME + k])),
                            ("stress", v[F.P_STRESS + k]),
                            ("status", "killed" if P.flag(v, k, P.KILLED) else
                             P.STATUS[P.status(v, k)]),
                            ("xp", v[F.P_XP + k]), ("level", P.LEVELS[P.level(v, k)]),
                            ("promoted", bool(promoted)))))
        res = (("stress", stress), ("xp", xp), ("pilots", out))
        if promoted_any(done):
            res += (("note", "promoted: enter the new card's values (pilot card K ...)"),)
        if cups_back[0] or cups_back[1]:
            res += (("returned", Obj((("hit", cups_back[0]), ("popup", cups_back[1])))),)
        return res
    raise parse.Reject(parse.UNKNOWN, "usage: mission [start N...|home|abort|end ...]")


def promoted_any(done):
    for _k, p in done:
        if p:
            return True
    return False


# --- loiter --------------------------------------------------------------------------------------
def _loiter_show(s):
    v = s.vals
    ac_left = [Obj((("ac", a + 1), ("left", M.loiter_left(v, a)), ("bingo", M.bingo(v, a))))
               for a in range(F.AC_MAX) if M.on_battlefield(v, a)]
    return (("phase", M.PHASES[v[F.PHASE]]), ("start", v[F.LOITER]), ("turn", v[F.TURN]),
            ("left", v[F.LOITER] - v[F.TURN]), ("aircraft", ac_left))


def loiter(s, w):
    """`loiter [start [scout [=D]] [+M ...]|enemy|next]`: the Loiter track (RULES §5)."""
    v = s.vals
    if len(w) == 1:
        return _loiter_show(s)
    t = w[1]
    if t == "start":
        i = 2
        scout = ()
        turns = M.LOITER_TURNS
        relief = 0
        if i < len(w) and w[i] == "scout":
            i += 1
            die = 0
            if i < len(w) and w[i][:1] == "=":
                die = parse.number(w[i][1:], 1, 10, "die")
                i += 1
            die = die or s.rng.die(10)  # any refusal below rolls it back
            extra, relief, lost = DT.scout(s, die)
            turns += extra
            scout = (("scout", Obj((("die", die), ("turns", extra), ("stress", relief),
                                    ("lost", lost)))),)
        mod = parse.modifiers(w, i)
        M.loiter_start(s, turns + mod, relief)
        return scout + (("mod", mod),) + _loiter_show(s)
    if t == "enemy":
        parse.arity(w, 2, 2, "loiter enemy")
        if v[F.PHASE] != M.P_FAST and v[F.PHASE] != M.P_SLOW:
            raise parse.Reject(parse.STATE, "no Loiter turn is being played")
        back = M.enemy_attack(s)
        return (("phase", M.PHASES[v[F.PHASE]]),) + ((("returned", back),) if back else ())
    if t == "next":
        parse.arity(w, 2, 2, "loiter next")
        back = []
        b6 = []
        b10 = []
        crashed = []
        before = v[F.VP]
        M.loiter_next(s, back, b6, b10, crashed)
        out = (("turn", v[F.TURN]), ("left", v[F.LOITER] - v[F.TURN]),
               ("bingo6", [a + 1 for a in b6]), ("bingo10", [a + 1 for a in b10]),
               ("crashed", [a + 1 for a in crashed]), ("phase", M.PHASES[v[F.PHASE]]))
        if back:
            out += (("returned", back),)
        return out + _vp(s, before)
    raise parse.Reject(parse.UNKNOWN, "usage: loiter [start [scout [=D]] [+M ...]|enemy|next]")


# --- checks --------------------------------------------------------------------------------------
def _dice(s, w, start, n, what):
    """n dice: given by hand as =D words from w[start:] (exactly n of them), or rolled."""
    given = w[start:]
    if given and len(given) != n:
        raise parse.Reject(parse.SYNTAX, "%s needs %d dice (=D each), or none to roll them" % (what, n))
    out = []
    for t in given:
        if t[:1] != "=":
            raise parse.Reject(parse.SYNTAX, "a die rolled by hand looks like =7")
        out.append(parse.number(t[1:], 1, 10, "die"))
    while len(out) < n:
        out.append(s.rng.die(10))
    return out


def bingo(s, w):
    """`bingo check [=D ...]`: one d10 per aircraft with a Bingo marker, home-bound (RULES §5)."""
    if len(w) < 2 or w[1] != "check":
        raise parse.Reject(parse.SYNTAX, "usage: bingo check [=D ...]")
    v = s.vals
    if v[F.PHASE] != M.P_HOME:
        raise parse.Reject(parse.STATE, "Bingo checks are rolled home-bound (mission home)")
    due = M.bingo_due(s)
    if not due:
        raise parse.Reject(parse.STATE, "no aircraft has a Bingo marker to check")
    dice = _dice(s, w, 2, len(due), "bingo check")
    out = []
    for i in range(len(due)):
        a = due[i]
        marker = M.bingo(v, a)
        st = M.bingo_check(s, a, dice[i])
        k = M.pilot(v, a)
        out.append(Obj((("ac", a + 1), ("bingo", marker), ("die", dice[i]), ("stress", st),
                        ("pilot", k + 1 if k >= 0 else None))))
    return (("checks", out),)


def engine(s, w):
    """`engine check [=D ...]`: one d10 per unrepaired Engine marker, target-bound (RULES §8)."""
    if len(w) < 2 or w[1] != "check":
        raise parse.Reject(parse.SYNTAX, "usage: engine check [=D ...]")
    v = s.vals
    if v[F.PHASE] != M.P_TARGET:
        raise parse.Reject(parse.STATE, "engine checks are rolled target-bound (mission start)")
    due = M.engine_due(v)
    need = 0
    for a in due:
        need += M.marker(v, a, M.ENGINE)
    dice = _dice(s, w, 2, need, "engine check")
    before = v[F.VP]
    out = []
    j = 0
    for a in due:
        n = M.marker(v, a, M.ENGINE)
        mine = dice[j:j + n]
        j += n
        crash = False
        for d in mine:
            if d <= tables.ENGINE_CRASH_MAX:
                crash = True
        if crash:
            M.crash(s, a)
        out.append(Obj((("ac", a + 1), ("dice", mine), ("crash", crash))))
    return (("checks", out),) + _vp(s, before)


def sar(s, w):
    """`sar N [wp W] [target|battle|home] [=D]`: Search and Rescue for crashed aircraft N (§8)."""
    usage = "sar N [wp W] [target|battle|home] [=D]"
    parse.arity(w, 2, 6, usage)
    v = s.vals
    a = M.slot(v, w[1])
    if M.unmanned(s, a):
        raise parse.Reject(parse.STATE, "no SAR for unmanned aircraft")
    M.sar_due(s, a)
    wp = 0
    where = M.sar_where(v, a)
    die = 0
    i = 2
    while i < len(w):
        t = w[i]
        if t == "wp" and i + 1 < len(w):
            i += 1
            wp = parse.number(w[i], 0, 99, "WP spent")
        elif t in M.WHERE:
            where = M.WHERE.index(t)
        elif t[:1] == "=":
            die = parse.number(t[1:], 1, 10, "die")
        else:
            raise parse.Reject(parse.SYNTAX, "usage: " + usage)
        i += 1
    die = die or s.rng.die(10)
    mod = wp + M.WHERE_MOD[where]
    outcome = tables.sar(die + mod)
    before = v[F.VP]
    M.sar_apply(s, a, outcome)
    k = M.pilot(v, a)
    out = (("ac", a + 1), ("die", die), ("mod", mod), ("result", die + mod),
           ("outcome", tables.SAR_NAMES[outcome]), ("stress", tables.SAR_STRESS[outcome]),
           ("pilot", k + 1 if k >= 0 else None))
    if k >= 0:
        out += (("pilot_stress", v[F.P_STRESS + k]),)
    return out + _vp(s, before)


def ridge(s, w):
    """`ridge N [+M ...] [=D]`: Ridge Evasion for aircraft N's pilot (RULES §7, table DATA)."""
    parse.arity(w, 2, 40, "ridge N [+M ...] [=D]")
    v = s.vals
    a = M.slot(v, w[1])
    k = M.pilot(v, a)
    if k < 0:
        raise parse.Reject(parse.STATE, "aircraft %d has no pilot whose stress to check" % (a + 1))
    if M.status(v, a) != M.FLYING:
        raise parse.Reject(parse.STATE, "aircraft %d is not flying" % (a + 1))
    mod, die = parse.modifiers(w, 2, 10)
    mod += M.evasive(v, a) - v[F.P_STRESS + k] - M.CONTROLS_RIDGE * M.marker(v, a, M.CONTROLS)
    die = die or s.rng.die(10)  # a refusal below (row not in the file) rolls the die back
    st = DT.ridge(s, die + mod)
    was_unfit = P.status(v, k) == P.UNFIT
    P.add_stress(v, k, st)
    before = v[F.VP]
    crash = not was_unfit and P.status(v, k) == P.UNFIT
    if crash:
        M.crash(s, a)
    return ((("ac", a + 1), ("die", die), ("mod", mod), ("result", die + mod), ("stress", st),
             ("pilot", k + 1), ("pilot_stress", v[F.P_STRESS + k]),
             ("pilot_status", P.STATUS[P.status(v, k)]), ("crash", crash)) + _vp(s, before))
