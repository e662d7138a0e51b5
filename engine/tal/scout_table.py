"""The Scout table ("Bilan de Succès de Scout", the Tactical Display sheet): the rows of
data/tal/scout.txt with what the rulebook gives; a row the file does not give is asked at the
table (`complete` in engine/tal/ask.py).

Apart from engine/tal/sheets.py (Ridge Evasion, Battalion Movement), whose code a Loiter's start
never needs: its Scout replayed by the answer was the peak of exp3.md:418 on qemu-frozen (its
first failure at 22.75 KB moved to a later request: a mission's start); unix32-mpy, every rules
request in one session 88.25 KB against 89.5; unix32-frozen exp3.md:418 22.0 against 22.25.
"""

from engine.core.datatables import UNKNOWN, lookup, rows
from engine.tal.ask import complete

_SCOUT = (("die", "span"), ("turns", (-9, 9), "?"), ("stress", (0, 9), "?"),
          ("lost", ("no", "yes"), "?"), ("source", "text"))
_SCOUT_ASK = (("turns", -9, 9, None), ("stress", 0, 9, None), ("lost", 0, 1, ("no", "yes")))
SCOUT_KEYS = ((0,),)  # one row per die result


def scout(session, die, need_lost=False):
    """Scout table: (extra Loiter turns, stress relief per pilot, lost, entered) for a die.
    `lost` is None where neither the file nor an answer says and it is not needed; what is
    needed and unknown is asked."""
    # The die's row alone (`lookup`), not the table (0.6 KB) that a Loiter's start replayed by
    # its answer held at its peak: campaign.md:847 22.75 KB against 23.25 on qemu-frozen, with
    # band_tables' stress row.  The table is read whole only for the data note of the file's row.
    row = lookup(session, "tal/scout.txt", _SCOUT, 0, (die, die))
    _die, turns, stress, lost = row or (None, UNKNOWN, UNKNOWN, UNKNOWN)
    vals = [turns, stress, lost]
    lost = vals[2]
    if not need_lost:
        vals[2] = 0  # not asked for
    entered = complete(session, "scout", die, vals, _SCOUT_ASK, "Scout, d10 = %d" % die,
                       "Tactical Display sheet")
    if not entered:  # the file's row: its status goes with the reply
        rows(session, "tal/scout.txt", _SCOUT, SCOUT_KEYS)
    return vals[0], vals[1], vals[2] if need_lost else lost, entered
