"""The DATA tables: player-editable files the rulebook does not print (docs/rules.md: DATA).

Scout, Ridge Evasion, Battalion Movement and mission stress by range band live in
`data/tal/*.txt`, as do the aircraft cards and pilot names; they are read through the front end's
`session.data(name)` hook and parsed with `engine.datafile`, once per hook.  The table files ship
with only the rows the rulebook's examples show: a row marked `?` or missing is unknown, and a
look-up of it is refused with a message naming the file to fill in, never answered with a guess.
"""

from engine import datafile
from engine import parse
from engine import campaign

UNKNOWN = None


def maybe(conv):
    """A column converter that also takes `?` (a value the documents do not give)."""

    def c(tok):
        return UNKNOWN if tok == "?" else conv(tok)

    return c


def span(tok):
    """A die-result column: `5`, `1..3`, `..0` (0 or less) or `9..` (9 or more) -> (lo, hi)."""
    k = tok.find("..")
    num = datafile.integer(-99, 99)
    if k < 0:
        n = num(tok)
        return (n, n)
    lo = num(tok[:k]) if k > 0 else -999
    hi = num(tok[k + 2:]) if k + 2 < len(tok) else 999
    if lo > hi:
        raise ValueError("'%s' is an empty range" % tok)
    return (lo, hi)


_cache = {}  # file name -> (data hook, rows, status line): parsed once per hook


def table(s, name, columns, optional=False):
    """(rows, status) of data file `name` (e.g. "tal/scout.txt"): one tuple per record, without
    the last column (the source note, for people), and the file's `status:` line.

    The front end supplies the hook `s.data(name)` (an open text file of data/<name>, or None);
    a missing or invalid file is refused with error `state` naming the file and line (an
    `optional` file that is missing has no rows and status None).
    """
    hook = getattr(s, "data", None)
    got = _cache.get(name)
    if got is not None and got[0] is hook:
        return got[1], got[2]
    if hook is None:
        raise parse.Reject(parse.STATE, "no data files here: cannot read %s" % name)
    try:
        lines = hook(name)
    except OSError as e:
        raise parse.Reject(parse.STATE, "cannot read %s (%s)" % (name, e))
    if lines is None:
        if optional:
            _cache[name] = (hook, [], None)
            return [], None
        raise parse.Reject(parse.STATE, "data file %s is missing" % name)
    head = {"source": None, "status": None}
    try:
        rows = [r[1][:-1] for r in datafile.records(lines, columns, head)]
    except datafile.DataError as e:
        raise parse.Reject(parse.STATE, "data/%s:%d: %s" % (name, e.line, e.msg))
    finally:
        close = getattr(lines, "close", None)
        if close is not None:
            close()
    _cache[name] = (hook, rows, head["status"])
    return rows, head["status"]


def present(name):
    """Whether the (already read) data file `name` exists."""
    got = _cache.get(name)
    return got is not None and got[2] is not None


def add_row(name, row):
    """Add a row to the session's copy of an (already read) file: a value entered at the table."""
    got = _cache[name]
    got[1].append(row)
    _cache[name] = (got[0], got[1], got[2] or "entered at the table")


def rows(s, name, columns):
    """The records of data file `name` (see `table`)."""
    return table(s, name, columns)[0]


def unverified(status):
    """True unless a file's status line says it is verified."""
    return not status.lower().startswith("verified")


def data_note(name):
    """(("data", status),) for a reply that used data file `name` when it is unverified, else ().

    Wherever unverified values are used, the reply says so (the player checks them).
    """
    got = _cache.get(name)
    if got is not None and unverified(got[2]):
        return (("data", got[2]),)
    return ()


TACTICAL = "Tactical Display sheet"
AIR_BASE = "Air Base sheet"


def complete(s, table, key, values, fields, what, sheet):
    """Fill the unknown values (UNKNOWN) of a row from the answers entered at the table, or ask
    for the rest (engine/ask.py: error "ask", the request's die kept).  `fields` gives each
    value's (name, lo, hi, words).  Returns True when an entered value was used."""
    missing = [i for i in range(len(values)) if values[i] is UNKNOWN]
    if not missing:
        return False
    from engine import answers
    key = str(key)
    ask = []
    for i in missing:
        got = answers.given(s, table, key, fields[i])
        if got is None:
            ask.append(fields[i])
        values[i] = got
    if ask:
        from engine.ask import Ask
        raise Ask((table, key, ask, what, sheet))
    return True


def entered_note(entered, name):
    """The reply's data note: "entered at the table" when an answer was used, else the file's."""
    return (("data", "entered at the table"),) if entered else data_note(name)


def _find_span(table, value):
    for r in table:
        lo, hi = r[0]
        if lo <= value <= hi:
            return r
    return None


def _roll(die, mod):
    return "d10 = %d" % die + (" %+d = %d" % (mod, die + mod) if mod else "")


_SCOUT = (("die", span), ("turns", maybe(datafile.integer(-9, 9))),
          ("stress", maybe(datafile.integer(0, 9))),
          ("lost", maybe(datafile.choice(("no", "yes")))), ("source", datafile.text))
_SCOUT_ASK = (("turns", -9, 9, None), ("stress", 0, 9, None), ("lost", 0, 1, ("no", "yes")))


def scout(s, die, need_lost=False):
    """Scout table ("Bilan de Succès de Scout"): (extra Loiter turns, stress relief per pilot,
    lost, entered) for a die.  `lost` is None where neither the file nor an answer says and it
    is not needed; what is needed and unknown is asked."""
    r = _find_span(rows(s, "tal/scout.txt", _SCOUT), die)
    vals = [UNKNOWN, UNKNOWN, UNKNOWN] if r is None else [r[1], r[2], r[3]]
    lost = vals[2]
    if not need_lost:
        vals[2] = 0  # not asked for
    entered = complete(s, "scout", die, vals, _SCOUT_ASK, "Scout, " + _roll(die, 0), TACTICAL)
    return vals[0], vals[1], vals[2] if need_lost else lost, entered


_RIDGE = (("result", span), ("stress", maybe(datafile.integer(0, 99))), ("source", datafile.text))
_RIDGE_ASK = (("stress", 0, 99, None),)


def ridge(s, die, mod):
    """Ridge Evasion table ("Ridge Evasion"): (stress, entered) for a modified roll."""
    r = _find_span(rows(s, "tal/ridge.txt", _RIDGE), die + mod)
    vals = [UNKNOWN if r is None else r[1]]
    entered = complete(s, "ridge", die + mod, vals, _RIDGE_ASK, "Ridge Evasion, " + _roll(die, mod),
                       TACTICAL)
    return vals[0], entered


MOVES = ("retreat", "hold", "advance")  # index - 1 = bands moved towards the Air Base
_MOVE = (("kind", datafile.choice(("a", "s", "c"))), ("result", span),
         ("move", maybe(datafile.choice(MOVES))), ("source", datafile.text))
_MOVE_ASK = (("move", 0, 2, MOVES),)
KIND_NAMES = ("Assault", "Support", "Command")


def movement(s, kind, die, mod):
    """Battalion Movement table ("Mouvement des Bataillons Ennemis"): (-1 retreat, 0 hold,
    +1 advance; entered)."""
    result = die + mod
    vals = [UNKNOWN]
    for r in rows(s, "tal/movement.txt", _MOVE):
        lo, hi = r[1]
        if r[0] == kind and lo <= result <= hi and r[2] is not UNKNOWN:
            vals[0] = r[2]
    entered = complete(s, "move", "asc"[kind] + str(result), vals, _MOVE_ASK,
                       "Battalion Movement (%s), %s" % (KIND_NAMES[kind], _roll(die, mod)),
                       TACTICAL)
    return vals[0] - 1, entered


_STRESS = (("band", datafile.choice(campaign.BANDS)), ("stress", maybe(datafile.integer(0, 99))),
           ("wp", maybe(datafile.integer(0, 99))), ("source", datafile.text))


def _band(s, b, col, table, what, sheet):
    vals = [UNKNOWN]
    for r in rows(s, "tal/stress.txt", _STRESS):
        if r[0] == b:
            vals[0] = r[col]
    entered = complete(s, table, campaign.BANDS[b], vals, ((table, 0, 99, None),),
                       "%s, %s" % (what, campaign.BAND_NAMES[b]), sheet)
    return vals[0], entered


def band_stress(s, b):
    """Mission stress for a target in range band `b` ("Report du Stress des Pilotes"):
    (stress, entered)."""
    return _band(s, b, 1, "stress", "Mission stress", AIR_BASE)


def band_wp(s, b):
    """Weight Points each aircraft loses against range band `b` ("Armements des Appareils"):
    (WP, entered)."""
    return _band(s, b, 2, "wp", "Weight penalty", TACTICAL)


_CARDS = (("name", datafile.word), ("year", maybe(datafile.integer(1900, 2099))),
          ("setup", maybe(datafile.integer(0, 99))), ("source", datafile.text))
_CARD_ASK = (("year", 1900, 2099, None), ("setup", 0, 99, None))


def campaign_card(s, name):
    """A campaign card ("Sélection de la carte de Campagne"): (year, set-up VP, entered)."""
    vals = [UNKNOWN, UNKNOWN]
    for r in rows(s, "tal/campaigns.txt", _CARDS):
        if r[0].lower() == name:
            vals = [r[1], r[2]]
    entered = complete(s, "campaign", name, vals, _CARD_ASK, "Campaign card " + name,
                       "campaign card")
    return vals[0], vals[1], entered


_SITUATIONS = (("name", datafile.word), ("so", maybe(datafile.integer(0, 99))),
               ("days", maybe(datafile.integer(1, 99))), ("daily", maybe(datafile.integer(0, 99))),
               ("source", datafile.text))
_SITUATION_ASK = (("so", 0, 99, None), ("days", 1, 99, None), ("daily", 0, 99, None))


def situation(s, name):
    """A Situation card ("Sélection Carte de Situation"): (start SO, days, daily SO, entered)."""
    vals = [UNKNOWN, UNKNOWN, UNKNOWN]
    for r in rows(s, "tal/situations.txt", _SITUATIONS):
        if r[0].lower() == name:
            vals = [r[1], r[2], r[3]]
    entered = complete(s, "situation", name, vals, _SITUATION_ASK, "Situation card " + name,
                       "situation card")
    return vals[0], vals[1], vals[2], entered


_EVALUATION = (("campaign", datafile.word), ("vp", span), ("result", maybe(datafile.word)),
               ("source", datafile.text))
_RESULT_ASK = (("result", 0, 0, ""),)


def evaluation(s, name, vp):
    """The campaign card's evaluation of `vp` ("Résultats de la Campagne"): (word, entered)."""
    vals = [UNKNOWN]
    for r in rows(s, "tal/evaluation.txt", _EVALUATION):
        if r[0].lower() == name and r[1][0] <= vp <= r[1][1] and r[2] is not UNKNOWN:
            vals[0] = r[2].lower()
    entered = complete(s, "result", "%s:%d" % (name, vp), vals, _RESULT_ASK,
                       "Campaign result, %s with %d VP" % (name, vp), "campaign card")
    return vals[0], entered
