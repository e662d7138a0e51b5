"""Protocol commands for the campaign: `so`, `vp`, `campaign`, `bn` (docs/protocol/campaign.md;
the rules in docs/rules.md; the Day track and the end of the day are engine/cmd_day.py).

    so | so +N | so -N | so set N | so weapons P...
    vp | vp +N | vp -N | vp set N | vp battalion ID half|destroyed
    campaign | campaign start DAYS SO DAILY [year Y] | campaign ready
    campaign fail | campaign end | campaign rule damage-once on|off
    bn add ID VP BAND [fixed] | bn list | bn move ID advance|retreat|BAND
    bn roll ID [+M ...] [=D] | bn stay ID | bn remove ID
"""

from engine import campaign as C
from engine import fields as F
from engine import parse
from engine.ask import asks
from engine.jsonline import Obj

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


def _status(v):
    c = v[F.CAMP]
    if c & C.FAILED:
        return "failed"
    if c & C.OVER:
        return "over"
    if not c & C.ACTIVE:
        return "none"  # no campaign started: the commands are a free calculator
    return "setup" if c & C.SETUP else "on"


# A new campaign starts from an empty squadron, sector map and mission.
def _start(s, w):
    v = s.vals
    parse.arity(w, 4, 7, "campaign start CARD SITUATION | campaign start DAYS SO DAILY [year Y]")
    year = 0
    name = None
    if w[2].isdigit():
        days = parse.number(w[2], 1, C.DAYS_MAX, "days")
        so_ = parse.number(w[3], 0, C.SO_MAX, "SO")
        daily = parse.number(w[4], 0, 99, "daily SO") if len(w) > 4 else -1
        if daily < 0 or len(w) == 6 or (len(w) == 7 and w[5] != "year"):
            raise parse.Reject(parse.SYNTAX, "usage: campaign start DAYS SO DAILY [year Y]")
        if len(w) == 7:
            year = parse.number(w[6], 1900, 2099, "year")
    else:
        parse.arity(w, 4, 4, "campaign start CARD SITUATION  (e.g. iraq-1991 surge)")
        from engine import datatables as DT
        name = w[2]
        C.set_card(v, name)  # checks the name
        year = DT.campaign_card(s, name)[0]
        so_, days, daily = DT.situation(s, w[3])[:3]
    if v[F.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is being flown (mission end)")
    # Everything from the rosters to the former pilots goes (engine/fields.py keeps them in
    # one run: aircraft, pilots, battalions, then the sequence fields).
    for i in range(F.AC_TYPE, F.FORMER + F.FORMER_MAX):
        v[i] = 0
    if name:
        C.set_card(v, name)
    v[F.DAY] = 0  # the Day marker goes on its "1" when the set-up is over
    v[F.DAYS] = days
    v[F.SO] = so_
    v[F.DAILY] = daily
    v[F.VP] = 0
    v[F.YEAR] = year
    # a rule switch outlives a restart; the rest is new: the set-up begins
    v[F.CAMP] = (v[F.CAMP] & C.DAMAGE_ONCE) | C.ACTIVE | C.SETUP


def _result(s):
    """"Résultats de la Campagne": the VP against the campaign card's evaluation."""
    v = s.vals
    name = C.card(v)
    if name is None:
        raise parse.Reject(parse.STATE, "no campaign card to read the result on (campaign start "
                           "CARD SITUATION)")
    out = (("campaign", name), ("vp", v[F.VP]), ("status", _status(v)))
    if v[F.CAMP] & C.FAILED:  # «la campagne se termine par un échec»
        return out + (("result", "failure"),)
    from engine import datatables as DT
    word, entered = DT.evaluation(s, name, v[F.VP])
    return out + (("result", word),) + DT.entered_note(entered, "tal/evaluation.txt")


def _ready(v):
    """The end of the set-up: every skill raise was balanced by a lowering."""
    if not C.in_setup(v):
        raise parse.Reject(parse.STATE, "no campaign set-up is under way (campaign start)")
    if v[F.ADJUST]:
        # «Chaque augmentation doit s'accompagner également d'une diminution.»
        raise parse.Reject(parse.STATE, "skill adjustment: every level raised needs one lowered "
                           "elsewhere (%d more %s)" % (abs(v[F.ADJUST]),
                                                      "raised" if v[F.ADJUST] > 0 else "lowered"))
    v[F.CAMP] &= ~C.SETUP
    v[F.DAY] = 1


@asks
def campaign(s, w):
    """`campaign`, `campaign start CARD SITUATION`, `campaign start DAYS SO DAILY [year Y]`,
    `campaign scouts +N`, `campaign ready`, `campaign result`, `campaign fail`, `campaign end`,
    `campaign rule damage-once on|off`."""
    v = s.vals
    if len(w) >= 2:
        t = w[1]
        if t == "start":
            _start(s, w)
        elif t == "result":
            parse.arity(w, 2, 2, "campaign result")
            return _result(s)
        elif t == "scouts":
            # "Achat de pions Scout": 1 SO each, at the set-up
            parse.arity(w, 3, 3, "campaign scouts +N  (1 SO each, at the set-up)")
            C.require_setup(v, "buying scouts")
            n = parse.signed(w[2], 1, 15, "scouts")
            if w[2][0] != "+" or (v[F.SCOUTS] & 15) + n > 15:
                raise parse.Reject(parse.RANGE, "usage: campaign scouts +N (15 scouts at most)")
            C.spend(v, n * C.SCOUT_COST)
            v[F.SCOUTS] += n
        elif t == "ready":
            parse.arity(w, 2, 2, "campaign ready")
            _ready(v)
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
            raise parse.Reject(parse.UNKNOWN, "usage: campaign [start ...|scouts +N|ready|result|"
                               "fail|end|rule damage-once on|off]")
    out = (("card", C.card(v)), ("day", v[F.DAY]), ("days", v[F.DAYS] or None),
           ("so", v[F.SO]), ("daily", v[F.DAILY]), ("vp", v[F.VP]), ("status", _status(v)),
           ("scouts", v[F.SCOUTS] & 15), ("battalions_left", C.bn_left(v)),
           ("damage_once", bool(v[F.CAMP] & C.DAMAGE_ONCE)))
    if C.in_setup(v):
        out += (("draw", _next_draw(s)),)
    return out


# --- battalions --------------------------------------------------------------------------------
def _bn_pairs(v, b):
    return (("battalion", C.bn_name(v[F.BN_ID + b])), ("vp", v[F.BN_VP + b]),
            ("band", C.BANDS[C.bn_band(v, b)]), ("strength", C.STRENGTHS[C.bn_strength(v, b)]),
            ("fixed", C.bn_fixed(v, b)))


def _drawn(v):
    """(battalion cards on the map, their VP)."""
    n = 0
    drawn = 0
    for b in range(F.BN_MAX):
        if v[F.BN_ID + b]:
            n += 1
            drawn += v[F.BN_VP + b]
    return n, drawn


def _setup_vp(s):
    """The campaign card's set-up value, or None without a card."""
    name = C.card(s.vals)
    if name is None:
        return None
    from engine import datatables as DT
    return DT.campaign_card(s, name)[1]


def _next_draw(s):
    """The battalion pile to draw from next at the set-up, or None once the card's value is
    reached ("Tirage et placements des bataillons": Assault, Assault, Support, Command, again)."""
    n, drawn = _drawn(s.vals)
    setup = _setup_vp(s)
    if setup is not None and drawn >= setup:
        return None
    return C.KIND_NAMES[C.DRAW_ORDER[n % 4]].lower()


def _draw(s, code):
    """A battalion card drawn at the set-up: from the pile whose turn it is, until the VP drawn
    reach the campaign card's set-up value («arrêtez de tirer des cartes»)."""
    v = s.vals
    C.require_setup(v, "drawing battalion cards")
    n, drawn = _drawn(v)
    setup = _setup_vp(s)
    if setup is not None and drawn >= setup:
        raise parse.Reject(parse.STATE, "the battalions drawn have %d VP, the card's set-up value "
                           "is %d: stop drawing" % (drawn, setup))
    want = C.DRAW_ORDER[n % 4]
    if (code & 3) - 1 != want:
        raise parse.Reject(parse.STATE, "draw from the %s pile now (the order: Assault, Assault, "
                           "Support, Command, again)" % C.KIND_NAMES[want])


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
            _draw(s, code)
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
        from engine import datatables as DT
        mod, die = parse.modifiers(w, 3, 10)
        die = die or s.rng.die(10)  # a refusal below (row not in the file) rolls it back
        step, entered = DT.movement(s, C.bn_kind(v, b), die, mod)
        _move(v, b, step)
        return ((("die", die), ("mod", mod), ("result", die + mod),
                 ("move", DT.MOVES[step + 1])) + _bn_pairs(v, b) +
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
