"""Protocol commands for the campaign: `so`, `vp`, `campaign`, `bn` (docs/protocol/campaign.md;
the rules in docs/rules.md; the Day track and the end of the day are engine/tal/cmd_day.py).

    so | so +N | so -N | so set N | so weapons P...
    vp | vp +N | vp -N | vp set N | vp battalion ID half|destroyed
    campaign | campaign start DAYS SO DAILY [year Y] | campaign ready
    campaign fail | campaign end | campaign rule NAME on|off (cmd_setup.SWITCHES)
    bn add ID VP BAND [fixed] | bn list | bn move ID advance|retreat|BAND
    bn roll ID [+M ...] [=D] | bn stay ID | bn remove ID
"""

from engine.tal import campaign as C
from engine.tal import fields as F
from engine.core import parse
from engine.tal.ask import asks
from engine.core.jsonline import Obj

def _so(v):
    return (("so", v[F.SO]),)


def so(s, w):
    """`so`, `so +N`, `so -N`, `so set N`, `so weapons P...`."""
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
    raise parse.Reject(parse.UNKNOWN, "usage: so [+N|-N|set N|weapons P...]")


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


# --- battalions --------------------------------------------------------------------------------
def _bn_pairs(v, b):
    return (("battalion", C.bn_name(v[F.BN_ID + b])), ("vp", v[F.BN_VP + b]),
            ("band", C.BANDS[C.bn_band(v, b)]), ("strength", C.STRENGTHS[C.bn_strength(v, b)]),
            ("fixed", C.bn_fixed(v, b)))


def _move(v, b, step):
    band = C.bn_band(v, b) + step
    band = 0 if band < 0 else (C.BAND_AB if band > C.BAND_AB else band)
    C.bn_set(v, b, C.bn_strength(v, b), band, C.bn_fixed(v, b))


@asks
def bn(s, w):
    """`bn add|list|move|roll|remove ...`: battalions on the sector map (docs/rules.md)."""
    v = s.vals
    t = w[1] if len(w) > 1 else ""
    if t == "add":
        parse.arity(w, 4, 6, "bn add ID VP [BAND] [fixed]")
        code = C.bn_id(w[2])
        pts = parse.number(w[3], 0, 99, "VP")
        fixed = w[-1] == "fixed"
        if len(w) - fixed > 5:
            raise parse.Reject(parse.SYNTAX, "usage: bn add ID VP [BAND] [fixed]")
        # «Placez les marqueurs des bataillons d'assaut dans la bande Front Line, ... de soutien
        # ... Transit Ennemi, ... de commandant ... Arrière Ennemi» (card notes: bn move)
        band = C.band(w[4]) if len(w) - fixed == 5 else C.KIND_BAND[(code & 3) - 1]
        if C.on(v):
            from engine.tal import cmd_setup  # the set-up draws the battalion cards
            cmd_setup.draw(s, code)
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
        v[F.BN_STATE + free] = 0
        C.bn_set(v, free, C.FULL, band, fixed)
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
    if t == "roll" or t == "stay":
        parse.arity(w, 3, 40 if t == "roll" else 3, "bn roll ID [+M ...] [=D] | bn stay ID")
        b = C.bn_find(v, w[2])
        if C.bn_fixed(v, b):
            raise parse.Reject(parse.STATE,
                               "never roll for Fixed battalions: they stay in their band")
        if not C.bn_alive(v, b):
            raise parse.Reject(parse.STATE, "battalion %s is destroyed" % w[2])
        if C.on(v):
            # «Mouvement des Bataillons Ennemis», after the day's missions and the SO gain
            if v[F.STEP] != C.S_MOVEMENT:
                raise parse.Reject(parse.STATE, "battalions move at the end of the day, after its "
                                   "missions (day end)")
            if v[F.BN_STATE + b] & C.MOVED:
                raise parse.Reject(parse.STATE, "battalion %s has moved today" % w[2])
        v[F.BN_STATE + b] |= C.MOVED
        if t == "stay":  # a card note: it does not move today
            return _bn_pairs(v, b)
        from engine.core import datatables as DT
        from engine.tal import sheets as SH
        mod, die = parse.modifiers(w, 3, 10)
        die = die or s.rng.die(10)  # a refusal below (row not in the file) rolls it back
        step, entered = SH.movement(s, C.bn_kind(v, b), die, mod, C.bn_name(v[F.BN_ID + b]))
        _move(v, b, step)
        return ((("die", die), ("mod", mod), ("result", die + mod),
                 ("move", SH.MOVES[step + 1])) + _bn_pairs(v, b) +
                DT.entered_note(entered, "tal/movement.txt"))
    if t == "remove":
        parse.arity(w, 3, 3, "bn remove ID")
        b = C.bn_find(v, w[2])
        v[F.BN_ID + b] = 0
        v[F.BN_VP + b] = 0
        v[F.BN_STATE + b] = 0
        return (("removed", w[2]),)
    raise parse.Reject(parse.UNKNOWN if t else parse.SYNTAX,
                       "usage: bn add|list|move|roll|stay|remove ...")
