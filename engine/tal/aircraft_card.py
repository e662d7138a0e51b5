"""An aircraft card's value that data/tal/aircraft.txt leaves `?` (docs/rules.md, "Roll and
ask"): the MQ-1's and RQ-1's structure boxes, the MQ-1's Weight Points, the AC-130's, MQ-1's and
RQ-1's years of service, a cost the player blanked.

A rule that reads one asks it at the table (engine/tal/ask.py), once: the answer is kept in the
player's data/tal/answers.txt.  Imported only by a rule that meets a `?`, so the campaign's other
requests never hold it (engine/tal/cards.py, loaded through a whole campaign, held it: the
campaign transcripts' smallest heap on qemu-frozen was 0.5 KB more).
"""

from engine.tal.ask import complete

# The columns of an aircraft type's row (engine/tal/aircraft.py `types`) a rule reads.
COST = 4
BOXES = 5
WP = 6
YEAR = 7
# From COST on: how each is asked (name, lo, hi, words) and what the question calls it.
_ASK = (("cost", 0, 99, None), ("boxes", 0, 7, None), ("wp", 0, 99, None),
        ("year", 1900, 2099, None))
_WHAT = ("cost in SO", "structure boxes", "Weight Points", "year of service")


def value(session, row, col):
    """Column `col` (COST, BOXES, WP, YEAR) of aircraft type `row` where the file has `?`: the
    value entered at the table, else asked (error `ask`, roll and ask), so a rule that reads it
    never passes for want of it."""
    vals = [row[col]]
    complete(session, "aircraft", row[1].lower(), vals, (_ASK[col - COST],),
             "%s card, %s" % (row[1].upper(), _WHAT[col - COST]), "aircraft card")
    return vals[0]
