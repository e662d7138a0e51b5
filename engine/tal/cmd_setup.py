"""The `campaign` command: the campaign's set-up, its end and result (docs/protocol/campaign.md;
docs/rules.md, "Mise en place de la Campagne", "Fin de Campagne").

    campaign | campaign start CARD SITUATION | campaign start DAYS SO DAILY [year Y]
    campaign cards
    campaign scouts +N | campaign ready | campaign result
    campaign fail | campaign end | campaign rule NAME on|off  (a switch of SWITCHES below)
"""

from engine.tal import battalions
from engine.tal import campaign as campaign_rules
from engine.tal import cards
from engine.tal import fields
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
    ("damage-once", campaign_rules.DAMAGE_ONCE, "Damage once",
     "on: a durable damage type at most once per aircraft; off: stacked, as in the example of "
     "play"),
    # "Fin de Campagne" («La campagne se termine lorsque vous avez fini le dernier jour») against
    # "Résultats de la Campagne" (the result once the last day's missions are resolved)
    ("last-day-end", campaign_rules.LAST_DAY_END, "Last day's end",
     "on: the last day has its end of day too; off: the campaign ends with its missions"),
)


def _switches():
    """The switch words as a usage writes them: `damage-once|last-day-end`."""
    return "|".join(sw[0] for sw in SWITCHES)


def _drawn(vals):
    """(battalion cards on the map, their VP)."""
    n = 0
    drawn = 0
    for b in range(fields.BN_MAX):
        if vals[fields.BN_ID + b]:
            n += 1
            drawn += vals[fields.BN_VP + b]
    return n, drawn


def _setup_vp(session):
    """The campaign card's set-up value, or None without a card."""
    name = cards.name(session.vals)
    if name is None:
        return None
    return cards.campaign_card(session, name)[1]


def _next_draw(session):
    """The battalion pile to draw from next at the set-up, or None once the card's value is
    reached ("Tirage et placements des bataillons": Assault, Assault, Support, Command, again)."""
    n, drawn = _drawn(session.vals)
    setup = _setup_vp(session)
    if setup is not None and drawn >= setup:
        return None
    return battalions.KIND_NAMES[battalions.DRAW_ORDER[n % 4]].lower()


def draw(session, code):
    """A battalion card drawn at the set-up: from the pile whose turn it is, until the VP drawn
    reach the campaign card's set-up value («arrêtez de tirer des cartes»)."""
    vals = session.vals
    campaign_rules.require_setup(vals, "drawing battalion cards")
    n, drawn = _drawn(vals)
    setup = _setup_vp(session)
    if setup is not None and drawn >= setup:
        raise parse.Reject(parse.STATE, "the battalions drawn have %d VP, the card's set-up value "
                           "is %d: stop drawing" % (drawn, setup))
    want = battalions.DRAW_ORDER[n % 4]
    if (code & 3) - 1 != want:
        raise parse.Reject(parse.STATE, "draw from the %s pile now (the order: Assault, Assault, "
                           "Support, Command, again)" % battalions.KIND_NAMES[want])


def _status(vals):
    c = vals[fields.CAMP]
    if c & campaign_rules.FAILED:
        return "failed"
    if c & campaign_rules.OVER:
        return "over"
    if not c & campaign_rules.ACTIVE:
        return "none"  # no campaign started: the commands are a free calculator
    return "setup" if c & campaign_rules.SETUP else "on"


def _start(session, words):
    vals = session.vals
    parse.arity(words, 4, 7,
                "campaign start CARD SITUATION | campaign start DAYS SO DAILY [year Y]")
    year = 0
    name = None
    entered = False
    if words[2].isdigit():
        days = parse.number(words[2], 1, campaign_rules.DAYS_MAX, "days")
        so_ = parse.number(words[3], 0, campaign_rules.SO_MAX, "SO")
        daily = parse.number(words[4], 0, 99, "daily SO") if len(words) > 4 else -1
        if daily < 0 or len(words) == 6 or (len(words) == 7 and words[5] != "year"):
            raise parse.Reject(parse.SYNTAX, "usage: campaign start DAYS SO DAILY [year Y]")
        if len(words) == 7:
            year = parse.number(words[6], 1900, 2099, "year")
    else:
        parse.arity(words, 4, 4, "campaign start CARD SITUATION  (e.g. iraq-1991 surge)")
        name = words[2]
        cards.set_name(vals, name)  # checks the name
        year, _setup, entered = cards.campaign_card(session, name)
        so_, days, daily, got = cards.situation(session, words[3])
        entered = entered or got
    # A new campaign starts from none of the old one's state (docs/rules.md, "A new campaign"):
    # every field of engine/tal/fields.py goes back to zero (a field added later too): the mission
    # being flown, the open CAS mission, the cups' counters held or removed, the Golan pieces; so
    # does a question still waiting for its answer.  What is the player's stays: the game chosen
    # in Settings, the rule switches (his reading of the documents' contradictions) and his names
    # for the Golan leader counters, as `golan new` keeps them (engine/golan/rules.py LEADER_NAME
    # to LEADER_HEX, GOLAN + 22 to 37: tests/test_campaign.py checks); outside the fields his
    # answers and counter mixes (data files), the dice and the undo log (`undo` takes it back).
    # (One loop and no local more than the code before had: with a loop of its own looking the
    # Golan names up, campaign.md's whole campaign needed 0.25 KB more on qemu-frozen.)
    keep = campaign_rules.ACTIVE | campaign_rules.SETUP  # the set-up begins
    for sw in SWITCHES:
        keep |= vals[fields.CAMP] & sw[1]
    for i in range(fields.COUNT):
        if i != fields.GAME and not fields.GOLAN + 22 <= i < fields.GOLAN + 37:
            vals[i] = 0
    vals[fields.CAMP] = keep
    if getattr(session, "asking", None) is not None:  # (no attribute made on a session without)
        session.asking = None
    if name:
        cards.set_name(vals, name)
    vals[fields.DAY] = 0  # the Day marker goes on its "1" when the set-up is over
    vals[fields.DAYS] = days
    vals[fields.SO] = so_
    vals[fields.DAILY] = daily
    vals[fields.YEAR] = year
    return entered


def _set_up(session, start_so=None):
    """"Mise en place de la Campagne": the cards' set-up values, for the player to check against
    his cards (the start SO in `campaign start`'s reply only: it is spent after).  A value the
    data files (or the numbers typed) do not give is null, and the reply says it is not known."""
    vals = session.vals
    name = cards.name(vals)
    setup = None
    if name is not None:
        try:
            setup = cards.campaign_card(session, name)[1]
        except parse.Reject:  # entered at the start, since deleted from the player's data
            pass
    pairs = [("year", vals[fields.YEAR] or None), ("setup_vp", setup)]
    if start_so is not None:
        pairs += [("so", start_so), ("days", vals[fields.DAYS] or None),
                  ("daily", vals[fields.DAILY])]
    unknown = [k for k, x in pairs if x is None]
    out = (("set_up", Obj(pairs)),)
    if unknown:
        out += (("not_known", "%s: not known; read %s on your campaign card" % (
            " ".join(unknown), "it" if len(unknown) == 1 else "them")),)
    return out


def _result(session):
    """"Résultats de la Campagne": the VP against the campaign card's evaluation."""
    vals = session.vals
    name = cards.name(vals)
    if name is None:
        raise parse.Reject(parse.STATE, "no campaign card to read the result on (campaign start "
                           "CARD SITUATION)")
    out = (("campaign", name), ("vp", vals[fields.VP]), ("status", _status(vals)))
    if vals[fields.CAMP] & campaign_rules.FAILED:  # «la campagne se termine par un échec»
        return out + (("result", "failure"),)
    from engine.core import datatables
    word, entered = cards.evaluation(session, name, vals[fields.VP])
    return out + (("result", word),) + datatables.entered_note(entered, "tal/evaluation.txt")


def _ready(session):
    """The end of the set-up: the battalions drawn reach the card's set-up value, no more levels
    raised than lowered, and every aircraft has a pilot who may fly it."""
    vals = session.vals
    if not campaign_rules.in_setup(vals):
        raise parse.Reject(parse.STATE, "no campaign set-up is under way (campaign start)")
    n, drawn = _drawn(vals)
    setup = _setup_vp(session)
    if setup is not None and drawn < setup:
        # «jusqu'à ce que vous atteigniez ou dépassez la valeur de mise en place»
        raise parse.Reject(parse.STATE, "the battalions drawn have %d VP, the card's set-up value "
                           "is %d: draw on (bn add ID VP, from the %s pile)" % (
                               drawn, setup, battalions.KIND_NAMES[battalions.DRAW_ORDER[n % 4]]))
    if vals[fields.ADJUST] > 0:
        # «Chaque augmentation doit s'accompagner également d'une diminution.» (more lowered than
        # raised is allowed: the rulebook's example lowers three pilots for Hammer's three)
        raise parse.Reject(parse.STATE, "skill adjustment: every level raised needs one lowered "
                           "elsewhere (%d more raised)" % vals[fields.ADJUST])
    for a in range(fields.AC_MAX):
        if vals[fields.AC_TYPE + a]:  # imported only with aircraft (`ac add` loaded them)
            from engine.tal import aircraft, pilots
            _crew(session, a, aircraft, pilots)
    # The device's own set-up step: each cup's counter mix the player's (engine/tal/cmd_mix.py),
    # so that no placeholder counter changes the campaign once its days run.
    from engine.tal.cups.mine import to_confirm
    left = to_confirm(session)
    if left:
        from engine.tal.cups.counters import CUPS, NAMES
        raise parse.Reject(parse.STATE, "confirm each cup's counter mix first, as shipped or "
                           "changed to match your counters: %s (%s)" % (
                               ", ".join(NAMES[CUPS.index(c)] for c in left),
                               ", ".join("mix %s confirm" % c for c in left)))
    vals[fields.CAMP] &= ~campaign_rules.SETUP
    vals[fields.DAY] = 1


def _crew(session, a, aircraft, pilots, more=0):
    """«Choix des Pilotes»: a pilot flies only his card's type; after the set-up no pilot joins.
    Refuse while aircraft a's type has fewer pilots who may fly it than aircraft (and `more`:
    1 for the squadron's whole allotment, one more per type, engine/tal/sequence.py)."""
    vals = session.vals
    if aircraft.unmanned(session, a):
        return
    fam = aircraft.family(session, a)
    planes = 0
    for b in range(fields.AC_MAX):
        if aircraft.used(vals, b) and not aircraft.unmanned(session, b) and \
                aircraft.family(session, b) == fam:
            planes += 1
    crew = 0
    for k in range(fields.PILOT_MAX):
        if pilots.used(vals, k) and pilots.family(session, vals[fields.P_NAME + k]) in (fam, None):
            crew += 1
    if crew < planes + more:
        raise parse.Reject(parse.STATE, "%d %s aircraft, %d %s pilot%s: each aircraft needs a "
                           "pilot who flies its type (pilot add NAME OKAY SHAKEN COOL)" % (
                               planes, fam.upper(), crew, fam.upper(), "" if crew == 1 else "s"))


@asks
def campaign(session, words):
    """`campaign`, `campaign start CARD SITUATION`, `campaign start DAYS SO DAILY [year Y]`,
    `campaign cards`, `campaign scouts +N`, `campaign ready`, `campaign result`, `campaign fail`,
    `campaign end`, `campaign rule NAME on|off` (a switch of SWITCHES)."""
    vals = session.vals
    extra = ()
    if len(words) >= 2:
        t = words[1]
        if t == "start":
            entered = _start(session, words)
            extra = _set_up(session, vals[fields.SO])
            if cards.name(vals):  # the cards' values: from the data files (unverified) or entered
                from engine.core import datatables
                extra += datatables.entered_note(entered, "tal/campaigns.txt")
        elif t == "cards":
            parse.arity(words, 2, 2, "campaign cards")
            both = cards.names(session, "campaign") + cards.names(session, "situation")
            return (("cards", cards.names(session, "campaign")),
                    ("situations", cards.names(session, "situation")),
                    ("names", Obj([(c, cards.printed(session, c)) for c in both])))
        elif t == "result":
            parse.arity(words, 2, 2, "campaign result")
            return _result(session)
        elif t == "scouts":
            # "Achat de pions Scout": 1 SO each, at the set-up
            parse.arity(words, 3, 3, "campaign scouts +N  (1 SO each, at the set-up)")
            campaign_rules.require_setup(vals, "buying scouts")
            n = parse.signed(words[2], 1, 15, "scouts")
            if words[2][0] != "+" or (vals[fields.SCOUTS] & 15) + n > 15:
                raise parse.Reject(parse.RANGE, "usage: campaign scouts +N (15 scouts at most)")
            campaign_rules.spend(vals, n * battalions.SCOUT_COST)
            vals[fields.SCOUTS] += n
        elif t == "ready":
            parse.arity(words, 2, 2, "campaign ready")
            _ready(session)
        elif t == "fail":
            parse.arity(words, 2, 2, "campaign fail")
            vals[fields.CAMP] |= campaign_rules.FAILED | campaign_rules.OVER
        elif t == "end":
            parse.arity(words, 2, 2, "campaign end")
            vals[fields.CAMP] |= campaign_rules.OVER
        elif t == "rule":
            # the documents disagree (docs/rules.md): a documented default, and its switch
            usage = "campaign rule %s on|off" % _switches()
            parse.arity(words, 4, 4, usage)
            bit = 0
            for sw in SWITCHES:
                if sw[0] == words[2]:
                    bit = sw[1]
            if not bit or words[3] not in ("on", "off"):
                raise parse.Reject(parse.SYNTAX, "usage: " + usage)
            if words[3] == "on":
                vals[fields.CAMP] |= bit
            else:
                vals[fields.CAMP] &= ~bit
        else:
            raise parse.Reject(parse.UNKNOWN, "usage: campaign [start ...|scouts +N|ready|result|"
                               "fail|end|rule %s on|off]" % _switches())
    out = (("card", cards.name(vals)), ("day", vals[fields.DAY]),
           ("days", vals[fields.DAYS] or None), ("so", vals[fields.SO]),
           ("daily", vals[fields.DAILY]), ("vp", vals[fields.VP]), ("status", _status(vals)),
           ("scouts", vals[fields.SCOUTS] & 15),
           ("battalions_left", battalions.bn_left(vals))) + tuple(
               (sw[0].replace("-", "_"), bool(vals[fields.CAMP] & sw[1])) for sw in SWITCHES)
    if campaign_rules.in_setup(vals):
        out += (("draw", _next_draw(session)),)
    if len(words) == 1 and _status(vals) != "none":
        extra = _set_up(session)
    return out + extra


