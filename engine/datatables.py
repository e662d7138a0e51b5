"""The DATA tables: player-editable files the rulebook does not print (RULES §7, §8: DATA).

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


def table(s, name, columns, keys=()):
    """(rows, status) of data file `name` (e.g. "tal/scout.txt"): one tuple per record, without
    the last column (the source note, for people), and the file's `status:` line.

    The front end supplies the hook `s.data(name)` (an open binary file of data/<name>, or
    lines, or None); a missing or invalid file is refused with error `state` naming the file and
    line.  `keys`: column index tuples that no two rows may share (`datafile.unique`): a second
    row for the same die or name would otherwise be silently ignored.
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
        raise parse.Reject(parse.STATE, "data file %s is missing" % name)
    head = {"source": None, "status": None}
    try:
        got = list(datafile.records(lines, columns, head))
        datafile.unique(got, columns, keys)
        rows = [r[1][:-1] for r in got]
    except datafile.DataError as e:
        raise parse.Reject(parse.STATE, "data/%s:%d: %s" % (name, e.line, e.msg))
    except OSError as e:
        raise parse.Reject(parse.STATE, "cannot read %s (%s)" % (name, e))
    finally:
        close = getattr(lines, "close", None)
        if close is not None:
            close()
    _cache[name] = (hook, rows, head["status"])
    return rows, head["status"]


def rows(s, name, columns, keys=()):
    """The records of data file `name` (see `table`)."""
    return table(s, name, columns, keys)[0]


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


def _missing(name, what, sheet="Tactical Display"):
    return parse.Reject(parse.STATE, "%s is not in data/%s (unverified DATA: fill it in from "
                        "your %s sheet)" % (what, name, sheet))


def _find_span(table, value):
    for r in table:
        lo, hi = r[0]
        if lo <= value <= hi:
            return r
    return None


_SCOUT = (("die", span), ("turns", maybe(datafile.integer(-9, 9))),
          ("stress", maybe(datafile.integer(0, 9))),
          ("lost", maybe(datafile.choice(("no", "yes")))), ("source", datafile.text))
SCOUT_KEYS = ((0,),)  # one row per die result


def scout(s, die):
    """Scout table (RULES §8, DATA): (extra Loiter turns, stress relief per pilot, lost) for a die.

    `lost` is None where the file does not say.  A die whose turns are unknown is refused.
    """
    r = _find_span(rows(s, "tal/scout.txt", _SCOUT, SCOUT_KEYS), die)
    if r is None or r[1] is UNKNOWN:
        raise _missing("tal/scout.txt", "Scout result %d" % die)
    return r[1], r[2] or 0, r[3]


_RIDGE = (("result", span), ("stress", maybe(datafile.integer(0, 99))), ("source", datafile.text))
RIDGE_KEYS = ((0,),)


def ridge(s, result):
    """Ridge Evasion table (RULES §7, DATA): stress for a modified roll."""
    r = _find_span(rows(s, "tal/ridge.txt", _RIDGE, RIDGE_KEYS), result)
    if r is None or r[1] is UNKNOWN:
        raise _missing("tal/ridge.txt", "Ridge Evasion result %d" % result)
    return r[1]


MOVES = ("retreat", "hold", "advance")  # index - 1 = bands moved towards the Air Base
_MOVE = (("kind", datafile.choice(("a", "s", "c"))), ("result", span),
         ("move", maybe(datafile.choice(MOVES))), ("source", datafile.text))
MOVE_KEYS = ((0, 1),)  # one row per kind and result


def movement(s, kind, result):
    """Battalion Movement table (RULES §8, DATA): -1 retreat, 0 hold, +1 advance."""
    for r in rows(s, "tal/movement.txt", _MOVE, MOVE_KEYS):
        lo, hi = r[1]
        if r[0] == kind and lo <= result <= hi and r[2] is not UNKNOWN:
            return r[2] - 1
    raise _missing("tal/movement.txt", "Battalion Movement for a %s battalion and result %d" % (
        ("Assault", "Support", "Command")[kind], result))


_STRESS = (("band", datafile.choice(campaign.BANDS)), ("stress", maybe(datafile.integer(0, 99))),
           ("source", datafile.text))
STRESS_KEYS = ((0,),)


def band_stress(s, b):
    """Mission stress for a target in range band `b` (RULES §7, DATA but for Enemy Transit)."""
    for r in rows(s, "tal/stress.txt", _STRESS, STRESS_KEYS):
        if r[0] == b and r[1] is not UNKNOWN:
            return r[1]
    raise _missing("tal/stress.txt", "Mission stress for %s" % campaign.BAND_NAMES[b], "Air Base")
