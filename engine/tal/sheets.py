"""The tables printed on the game's sheets: Ridge Evasion and Battalion Movement (docs/rules.md:
"Ridge Evasion", "Mouvement des Bataillons Ennemis"); the Scout table is
engine/tal/scout_table.py, a range band's stress and weight penalty engine/tal/band_tables.py.

Their rows live in data/tal/ridge.txt and movement.txt with what the rulebook gives; a row they
do not give is asked at the table (`complete` in engine/tal/ask.py).  Each look-up returns its
values and whether an entered one was used.
"""

from engine.core.datatables import UNKNOWN, rows
from engine.tal.ask import complete

TACTICAL = "Tactical Display sheet"


def _find_span(table, value):
    # The row whose die span (the first column of ridge.txt) holds `value`.
    for row in table:
        lo, hi = row[0]
        if lo <= value <= hi:
            return row
    return None


def _roll(die, mod):
    return "d10 = %d" % die + (" %+d = %d" % (mod, die + mod) if mod else "")


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
