"""The `campaign` command: the campaign's set-up, its end and result (docs/protocol/campaign.md;
docs/rules.md, "Mise en place de la Campagne", "Fin de Campagne").

    campaign | campaign start CARD SITUATION | campaign start DAYS SO DAILY [year Y]
    campaign cards
    campaign scouts +N | campaign ready | campaign result
    campaign fail | campaign end | campaign rule NAME on|off  (a switch of SWITCHES below)
"""

from engine.tal import campaign as C
from engine.tal import cards
from engine.tal import fields as F
from engine.core import parse
from engine.tal.ask import asks
from engine.core.jsonline import Obj

# The rule switches: where the documents contradict each other the campaign keeps a documented
# default and a switch (docs/rules.md, "Where the documents disagree").  This is their one list:
# `campaign rule WORD on|off` and the `campaign` reply (its key: the word with "_" for "-") read
# it here, the Campaign screen's "rule switches" page its labels and sentences
# (firmware/screens/rules.py).  A new switch is a row here, its CAMP bit in engine/tal/campaign.py
# for the rule that reads it, and its row in docs/rules.md.
# (word, CAMP bit, the screen's label, what on and off mean: one sentence)
SWITCHES = (
    # "Résultats de dommages durables" («Un appareil ne peut pas prendre le même type de
    # dommages plus d'une fois») against the example of play's two Engine markers
    ("damage-once", C.DAMAGE_ONCE, "Damage once",
     "on: a durable damage type at most once per aircraft; off: stacked, as in the example of "
     "play"),
    # "Fin de Campagne" («La campagne se termine lorsque vous avez fini le dernier jour») against
    # "Résultats de la Campagne" (the result once the last day's missions are resolved)
    ("last-day-end", C.LAST_DAY_END, "Last day's end",
     "on: the last day has its end of day too; off: the campaign ends with its missions"),
)


def _switches():
    """The switch words as a usage writes them: `damage-once|last-day-end`."""
    return "|".join(sw[0] for sw in SWITCHES)


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
    name = cards.name(s.vals)
    if name is None:
        return None
    return cards.campaign_card(s, name)[1]


def _next_draw(s):
    """The battalion pile to draw from next at the set-up, or None once the card's value is
    reached ("Tirage et placements des bataillons": Assault, Assault, Support, Command, again)."""
    n, drawn = _drawn(s.vals)
    setup = _setup_vp(s)
    if setup is not None and drawn >= setup:
        return None
    return C.KIND_NAMES[C.DRAW_ORDER[n % 4]].lower()


def draw(s, code):
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
    entered = False
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
        name = w[2]
        cards.set_name(v, name)  # checks the name
        year, _setup, entered = cards.campaign_card(s, name)
        so_, days, daily, got = cards.situation(s, w[3])
        entered = entered or got
    if v[F.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is being flown (mission end)")
    # Everything from the rosters to the former pilots goes (engine/tal/fields.py keeps them in
    # one run: aircraft, pilots, battalions, then the sequence fields).
    for i in range(F.AC_TYPE, F.FORMER + F.FORMER_MAX):
        v[i] = 0
    if name:
        cards.set_name(v, name)
    v[F.DAY] = 0  # the Day marker goes on its "1" when the set-up is over
    v[F.DAYS] = days
    v[F.SO] = so_
    v[F.DAILY] = daily
    v[F.VP] = 0
    v[F.YEAR] = year
    # a rule switch outlives a restart; the rest is new: the set-up begins
    keep = C.ACTIVE | C.SETUP
    for sw in SWITCHES:
        keep |= v[F.CAMP] & sw[1]
    v[F.CAMP] = keep
    return entered


def _set_up(s, start_so=None):
    """"Mise en place de la Campagne": the cards' set-up values, for the player to check against
    his cards (the start SO in `campaign start`'s reply only: it is spent after).  A value the
    data files (or the numbers typed) do not give is null, and the reply says it is not known."""
    v = s.vals
    name = cards.name(v)
    setup = None
    if name is not None:
        try:
            setup = cards.campaign_card(s, name)[1]
        except parse.Reject:  # entered at the start, since deleted from the player's data
            pass
    pairs = [("year", v[F.YEAR] or None), ("setup_vp", setup)]
    if start_so is not None:
        pairs += [("so", start_so), ("days", v[F.DAYS] or None), ("daily", v[F.DAILY])]
    unknown = [k for k, x in pairs if x is None]
    out = (("set_up", Obj(pairs)),)
    if unknown:
        out += (("not_known", "%s: not known; read %s on your campaign card" % (
            " ".join(unknown), "it" if len(unknown) == 1 else "them")),)
    return out


def _result(s):
    """"Résultats de la Campagne": the VP against the campaign card's evaluation."""
    v = s.vals
    name = cards.name(v)
    if name is None:
        raise parse.Reject(parse.STATE, "no campaign card to read the result on (campaign start "
                           "CARD SITUATION)")
    out = (("campaign", name), ("vp", v[F.VP]), ("status", _status(v)))
    if v[F.CAMP] & C.FAILED:  # «la campagne se termine par un échec»
        return out + (("result", "failure"),)
    from engine.core import datatables as DT
    word, entered = cards.evaluation(s, name, v[F.VP])
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
    `campaign cards`, `campaign scouts +N`, `campaign ready`, `campaign result`, `campaign fail`,
    `campaign end`, `campaign rule NAME on|off` (a switch of SWITCHES)."""
    v = s.vals
    extra = ()
    if len(w) >= 2:
        t = w[1]
        if t == "start":
            entered = _start(s, w)
            extra = _set_up(s, v[F.SO])
            if cards.name(v):  # the cards' values: from the data files (unverified) or entered
                from engine.core import datatables as DT
                extra += DT.entered_note(entered, "tal/campaigns.txt")
        elif t == "cards":
            parse.arity(w, 2, 2, "campaign cards")
            return (("cards", cards.names(s, "campaign")),
                    ("situations", cards.names(s, "situation")))
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
            # the documents disagree (docs/rules.md): a documented default, and its switch
            usage = "campaign rule %s on|off" % _switches()
            parse.arity(w, 4, 4, usage)
            bit = 0
            for sw in SWITCHES:
                if sw[0] == w[2]:
                    bit = sw[1]
            if not bit or w[3] not in ("on", "off"):
                raise parse.Reject(parse.SYNTAX, "usage: " + usage)
            if w[3] == "on":
                v[F.CAMP] |= bit
            else:
                v[F.CAMP] &= ~bit
        else:
            raise parse.Reject(parse.UNKNOWN, "usage: campaign [start ...|scouts +N|ready|result|"
                               "fail|end|rule %s on|off]" % _switches())
    out = (("card", cards.name(v)), ("day", v[F.DAY]), ("days", v[F.DAYS] or None),
           ("so", v[F.SO]), ("daily", v[F.DAILY]), ("vp", v[F.VP]), ("status", _status(v)),
           ("scouts", v[F.SCOUTS] & 15), ("battalions_left", C.bn_left(v))) + tuple(
               (sw[0].replace("-", "_"), bool(v[F.CAMP] & sw[1])) for sw in SWITCHES)
    if C.in_setup(v):
        out += (("draw", _next_draw(s)),)
    if len(w) == 1 and _status(v) != "none":
        extra = _set_up(s)
    return out + extra


