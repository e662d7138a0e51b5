"""Protocol commands for the campaign (RULES §6): `so`, `day`, `vp`, `campaign`, `bn`
(docs/protocol/campaign.md).

    so | so +N | so -N | so set N | so weapons P... | so endday [DAILY [FR AB]]
    day | day +1 | day set D
    vp | vp +N | vp -N | vp set N | vp battalion ID half|destroyed
    campaign | campaign start DAYS SO DAILY | campaign fail | campaign end
    campaign rule damage-once on|off
    bn add ID VP BAND [fixed] | bn list | bn move ID advance|retreat|BAND
    bn roll ID [+M ...] [=D] | bn remove ID
"""

from engine import campaign as C
from engine import fields as F
from engine import parse
from engine.jsonline import Obj

FLEW = 64  # pilots.FLEW (the campaign commands load without the pilots' module)


def _so(v):
    return (("so", v[F.SO]),)


def so(s, w):
    """`so`, `so +N`, `so -N`, `so set N`, `so weapons P...`, `so endday [DAILY [FR AB]]`."""
    v = s.vals
    if len(w) == 1:
        return _so(v)
    t = w[1]
    if t[:1] == "+" or t[:1] == "-":
        parse.arity(w, 2, 2, "so +N | so -N")
        n = parse.signed(t, -C.SO_MAX, C.SO_MAX, "SO")
        if n >= 0:
            C.gain(v, n)
        else:
            C.spend(v, -n, True)
        return _so(v)
    if t == "set":
        parse.arity(w, 3, 3, "so set N")
        v[F.SO] = parse.number(w[2], 0, C.SO_MAX, "SO")
        return _so(v)
    if t == "weapons":
        if len(w) < 3 or len(w) > 2 + F.AC_MAX:
            raise parse.Reject(parse.SYNTAX, "usage: so weapons P...  (armament points of each "
                               "aircraft of the mission, at most %d)" % F.AC_MAX)
        points = 0
        for p in w[2:]:
            points += parse.number(p, 0, 99, "armament points")
        cost = C.weapons_cost(points)
        C.spend(v, cost)
        return (("points", points), ("cost", cost)) + _so(v)
    if t == "endday":
        parse.arity(w, 2, 5, "so endday [DAILY [FR AB]]")
        if len(w) == 4:
            raise parse.Reject(parse.SYNTAX, "usage: so endday [DAILY [FR AB]]")
        daily = parse.number(w[2], 0, 99, "daily SO") if len(w) > 2 else v[F.DAILY]
        if len(w) == 5:
            fr = parse.number(w[3], 0, 99, "battalions in Friendly Rear")
            ab = parse.number(w[4], 0, 99, "battalions at the Air Base")
        else:
            fr = C.bn_in_band(v, C.BAND_FR)
            ab = C.bn_in_band(v, C.BAND_AB)
        loss = fr * C.FR_LOSS + ab * C.AB_LOSS
        if v[F.CAMP] & C.SO_DAY_DONE:
            raise parse.Reject(parse.STATE, "today's SO gain and losses are already applied "
                               "(next: day +1)")
        C.gain(v, daily)
        C.spend(v, loss, True)
        v[F.CAMP] |= C.SO_DAY_DONE
        return (("gain", daily), ("fr", fr), ("ab", ab), ("loss", loss)) + _so(v)
    raise parse.Reject(parse.UNKNOWN, "usage: so [+N|-N|set N|weapons P...|endday ...]")


def day(s, w):
    """`day`, `day +1` (the next day), `day set D`."""
    v = s.vals
    parse.arity(w, 1, 3, "day | day +1 | day set D")
    if len(w) == 2:
        if w[1] != "+1":
            raise parse.Reject(parse.SYNTAX, "usage: day | day +1 | day set D")
        if v[F.DAYS] and v[F.DAY] >= v[F.DAYS]:
            raise parse.Reject(parse.STATE, "day %d is the campaign's last: it is over "
                               "(campaign end)" % v[F.DAYS])
        if v[F.PHASE]:
            raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
        v[F.DAY] += 1
        _new_day(v)
    elif len(w) == 3:
        if w[1] != "set":
            raise parse.Reject(parse.SYNTAX, "usage: day | day +1 | day set D")
        v[F.DAY] = parse.number(w[2], 1, v[F.DAYS] or C.DAYS_MAX, "day")
    return (("day", v[F.DAY]), ("days", v[F.DAYS] or None))


def _new_day(v):
    # A new day: nobody has flown yet; rest, R&R and the end-of-day SO can be applied again.
    v[F.CAMP] &= ~(C.RR_USED | C.RESTED | C.SO_DAY_DONE)
    for k in range(F.PILOT_MAX):
        v[F.P_STATE + k] &= ~FLEW


def vp(s, w):
    """`vp`, `vp +N`, `vp -N`, `vp set N`, `vp battalion ID half|destroyed`."""
    v = s.vals
    if len(w) >= 2:
        t = w[1]
        if t[:1] == "+" or t[:1] == "-":
            parse.arity(w, 2, 2, "vp +N | vp -N")
            C.add_vp(v, parse.signed(t, -C.VP_MAX, C.VP_MAX, "VP"))
        elif t == "set":
            parse.arity(w, 3, 3, "vp set N")
            v[F.VP] = parse.signed(w[2], -C.VP_MAX, C.VP_MAX, "VP")
        elif t == "battalion":
            parse.arity(w, 4, 4, "vp battalion ID half|destroyed")
            b = C.bn_find(v, w[2])
            if w[3] not in ("half", "destroyed"):
                raise parse.Reject(parse.SYNTAX, "usage: vp battalion ID half|destroyed")
            got = C.battalion_vp(v, b, C.HALF if w[3] == "half" else C.DESTROYED)
            return (("battalion", w[2]), ("strength", w[3]), ("gain", got), ("vp", v[F.VP]),
                    ("battalions_left", C.bn_left(v)))
        else:
            raise parse.Reject(parse.UNKNOWN, "usage: vp [+N|-N|set N|battalion ID half|destroyed]")
    return (("vp", v[F.VP]),)


def _status(v):
    c = v[F.CAMP]
    return "failed" if c & C.FAILED else ("over" if c & C.OVER else "on")


def campaign(s, w):
    """`campaign`, `campaign start DAYS SO DAILY`, `campaign fail`, `campaign end`,
    `campaign rule damage-once on|off`."""
    v = s.vals
    if len(w) >= 2:
        t = w[1]
        if t == "start":
            parse.arity(w, 5, 5, "campaign start DAYS SO DAILY")
            days = parse.number(w[2], 1, C.DAYS_MAX, "days")
            so_ = parse.number(w[3], 0, C.SO_MAX, "SO")
            daily = parse.number(w[4], 0, 99, "daily SO")
            if v[F.PHASE]:
                raise parse.Reject(parse.STATE, "a mission is being flown (mission end)")
            v[F.DAY] = 1
            v[F.DAYS] = days
            v[F.SO] = so_
            v[F.DAILY] = daily
            v[F.VP] = 0
            v[F.CAMP] &= C.DAMAGE_ONCE  # an option outlives a restart; the rest is new
            _new_day(v)
        elif t == "fail":
            parse.arity(w, 2, 2, "campaign fail")
            v[F.CAMP] |= C.FAILED | C.OVER
        elif t == "end":
            parse.arity(w, 2, 2, "campaign end")
            v[F.CAMP] |= C.OVER
        elif t == "rule":
            parse.arity(w, 4, 4, "campaign rule damage-once on|off")
            if w[2] != "damage-once" or w[3] not in ("on", "off"):
                raise parse.Reject(parse.SYNTAX, "usage: campaign rule damage-once on|off")
            if w[3] == "on":
                v[F.CAMP] |= C.DAMAGE_ONCE
            else:
                v[F.CAMP] &= ~C.DAMAGE_ONCE
        else:
            raise parse.Reject(parse.UNKNOWN, "usage: campaign [start DAYS SO DAILY|fail|end|rule "
                               "damage-once on|off]")
    return (("day", v[F.DAY]), ("days", v[F.DAYS] or None), ("so", v[F.SO]),
            ("daily", v[F.DAILY]), ("vp", v[F.VP]), ("status", _status(v)),
            ("battalions_left", C.bn_left(v)),
            ("damage_once", bool(v[F.CAMP] & C.DAMAGE_ONCE)))


# --- battalions --------------------------------------------------------------------------------
def _bn_pairs(v, b):
    return (("battalion", C.bn_name(v[F.BN_ID + b])), ("vp", v[F.BN_VP + b]),
            ("band", C.BANDS[C.bn_band(v, b)]), ("strength", C.STRENGTHS[C.bn_strength(v, b)]),
            ("fixed", C.bn_fixed(v, b)))


def _move(v, b, step):
    band = C.bn_band(v, b) + step
    band = 0 if band < 0 else (C.BAND_AB if band > C.BAND_AB else band)
    C.bn_set(v, b, C.bn_strength(v, b), band, C.bn_fixed(v, b))


def bn(s, w):
    """`bn add|list|move|roll|remove ...`: battalions on the sector map (RULES §6, §8)."""
    v = s.vals
    t = w[1] if len(w) > 1 else ""
    if t == "add":
        parse.arity(w, 5, 6, "bn add ID VP BAND [fixed]")
        code = C.bn_id(w[2])
        pts = parse.number(w[3], 0, 99, "VP")
        band = C.band(w[4])
        if len(w) == 6 and w[5] != "fixed":
            raise parse.Reject(parse.SYNTAX, "usage: bn add ID VP BAND [fixed]")
        free = -1
        for b in range(F.BN_MAX):
            if v[F.BN_ID + b] == code:
                raise parse.Reject(parse.STATE, "battalion %s is already on the map" % w[2])
            if free < 0 and v[F.BN_ID + b] == 0:
                free = b
        if free < 0:
            raise parse.Reject(parse.STATE, "the sector map holds %d battalions" % F.BN_MAX)
        v[F.BN_ID + free] = code
        v[F.BN_VP + free] = pts
        C.bn_set(v, free, C.FULL, band, len(w) == 6)
        return _bn_pairs(v, free)
    if t == "list":
        parse.arity(w, 2, 2, "bn list")
        return (("battalions", [Obj(_bn_pairs(v, b)) for b in range(F.BN_MAX)
                                if v[F.BN_ID + b]]),)
    if t == "move":
        parse.arity(w, 4, 4, "bn move ID advance|retreat|BAND")
        b = C.bn_find(v, w[2])
        if w[3] == "advance" or w[3] == "retreat":
            if C.bn_fixed(v, b):
                raise parse.Reject(parse.STATE, "Fixed battalions never move")
            _move(v, b, 1 if w[3] == "advance" else -1)
        else:
            C.bn_set(v, b, C.bn_strength(v, b), C.band(w[3]), C.bn_fixed(v, b))
        return _bn_pairs(v, b)
    if t == "roll":
        parse.arity(w, 3, 40, "bn roll ID [+M ...] [=D]")
        b = C.bn_find(v, w[2])
        if C.bn_fixed(v, b):
            raise parse.Reject(parse.STATE,
                               "never roll for Fixed battalions: they stay in their band")
        if not C.bn_alive(v, b):
            raise parse.Reject(parse.STATE, "battalion %s is destroyed" % w[2])
        from engine import datatables as DT
        mod, die = parse.modifiers(w, 3, 10)
        die = die or s.rng.die(10)  # a refusal below (row not in the file) rolls it back
        step = DT.movement(s, C.bn_kind(v, b), die + mod)
        _move(v, b, step)
        return (("die", die), ("mod", mod), ("result", die + mod),
                ("move", DT.MOVES[step + 1])) + _bn_pairs(v, b)
    if t == "remove":
        parse.arity(w, 3, 3, "bn remove ID")
        b = C.bn_find(v, w[2])
        v[F.BN_ID + b] = 0
        v[F.BN_VP + b] = 0
        v[F.BN_STATE + b] = 0
        return (("removed", w[2]),)
    raise parse.Reject(parse.UNKNOWN if t else parse.SYNTAX,
                       "usage: bn add|list|move|roll|remove ...")
