"""The tables printed on the game's sheets: Scout, Ridge Evasion, Battalion Movement, and the
mission stress and weight penalty of each range band (docs/rules.md: "Bilan de Succès de Scout",
"Ridge Evasion", "Mouvement des Bataillons Ennemis"); a range band's stress and weight
penalty are engine/tal/band_tables.py.

Their rows live in data/tal/scout.txt, ridge.txt and movement.txt with what the rulebook gives; a row they do not give is asked at the table (`complete` in
engine/tal/ask.py).  Each look-up returns its values and whether an entered one was used.
"""

from engine.core.datatables import UNKNOWN, lookup, rows
from engine.tal.ask import complete

TACTICAL = "Tactical Display sheet"


def _find_span(table, value):
    # The row whose die span (the first column of scout.txt and ridge.txt) holds `value`.
    for row in table:
        lo, hi = row[0]
        if lo <= value <= hi:
            return row
    return None


def _roll(die, mod):
    return "d10 = %d" % die + (" %+d = %d" % (mod, die + mod) if mod else "")


_SCOUT = (("die", "span"), ("turns", (-9, 9), "?"), ("stress", (0, 9), "?"),
          ("lost", ("no", "yes"), "?"), ("source", "text"))
_SCOUT_ASK = (("turns", -9, 9, None), ("stress", 0, 9, None), ("lost", 0, 1, ("no", "yes")))
SCOUT_KEYS = ((0,),)  # one row per die result


def scout(session, die, need_lost=False):
    """Scout table ("Bilan de Succès de Scout"): (extra Loiter turns, stress relief per pilot,
    lost, entered) for a die.  `lost` is None where neither the file nor an answer says and it
    is not needed; what is needed and unknown is asked."""
    # The die's row alone (`lookup`), not the table (0.6 KB) that a Loiter's start replayed by
    # its answer held at its peak: campaign.md:847 22.75 KB against 23.25 on qemu-frozen, with
    # band_tables' stress row.  The table is read whole only for the data note of the file's row.
    row = lookup(session, "tal/scout.txt", _SCOUT, 0, (die, die))
    _die, turns, stress, lost = row or (None, UNKNOWN, UNKNOWN, UNKNOWN)
    vals = [turns, stress, lost]
    lost = vals[2]
    if not need_lost:
        vals[2] = 0  # not asked for
    entered = complete(session, "scout", die, vals, _SCOUT_ASK, "Scout, " + _roll(die, 0), TACTICAL)
    if not entered:  # the file's row: its status goes with the reply
        rows(session, "tal/scout.txt", _SCOUT, SCOUT_KEYS)
    return vals[0], vals[1], vals[2] if need_lost else lost, entered


_RIDGE = (("result", "span"), ("stress", (0, 99), "?"), ("source", "text"))
_RIDGE_ASK = (("stress", 0, 99, None),)
RIDGE_KEYS = ((0,),)  # one row per result


def ridge(session, die, mod):
    """Ridge Evasion table ("Ridge Evasion"): (stress, entered) for a modified roll."""
    row = _find_span(rows(session, "tal/ridge.txt", _RIDGE, RIDGE_KEYS), die + mod)
    _result, stress = row or (None, UNKNOWN)
    vals = [stress]
    entered = complete(session, "ridge", die + mod, vals, _RIDGE_ASK,
                       "Ridge Evasion, " + _roll(die, mod), TACTICAL)
    return vals[0], entered


MOVES = ("retreat", "hold", "advance")  # index - 1 = bands moved towards the Air Base
_MOVE = (("kind", ("a", "s", "c")), ("result", "span"),
         ("move", MOVES, "?"), ("source", "text"))
_MOVE_ASK = (("move", 0, 2, MOVES),)
KIND_NAMES = ("Assault", "Support", "Command")
MOVE_KEYS = ((0, 1),)  # one row per kind and result


def movement(session, kind, die, mod, bn=""):
    """Battalion Movement table ("Mouvement des Bataillons Ennemis"): (-1 retreat, 0 hold,
    +1 advance; entered).  A question names battalion `bn` (its counter) when given."""
    result = die + mod
    vals = [UNKNOWN]
    for row_kind, (lo, hi), move in rows(session, "tal/movement.txt", _MOVE, MOVE_KEYS):
        if row_kind == kind and lo <= result <= hi and move is not UNKNOWN:
            vals[0] = move
    entered = complete(session, "move", "asc"[kind] + str(result), vals, _MOVE_ASK,
                       "Battalion Movement%s (%s), %s" % (bn and " for " + bn.upper(),
                                                           KIND_NAMES[kind], _roll(die, mod)),
                       TACTICAL)
    return vals[0] - 1, entered
