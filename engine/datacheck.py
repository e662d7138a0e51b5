"""Which engine call reads each data file, so that a file can be checked exactly as it is used.

`check(session, name)` reads data file `name` through `session.data` with the module that owns it
and returns None, or the message the device gives ("data/NAME:LINE: what is wrong").  The host's
`validate` and the tests on MicroPython call this same function: one parser, one verdict.
"""

FILES = ("exp3/ground_forces_cup.txt", "exp3/squads.txt", "tal/aircraft.txt", "tal/hit_cup.txt",
         "tal/movement.txt", "tal/pilots.txt", "tal/popup_cup.txt", "tal/ridge.txt",
         "tal/scout.txt", "tal/stress.txt", "tal/campaigns.txt", "tal/situations.txt",
         "tal/evaluation.txt", "tal/answers.txt", "tal/card_names.txt")


def read(session, name):
    """Read data file `name` as the engine does when it needs it; Reject when it is bad."""
    if name in ("tal/hit_cup.txt", "tal/popup_cup.txt", "exp3/ground_forces_cup.txt"):
        from engine.tal.cups import data as cupdata
        return cupdata.definition(session, name)
    if name == "exp3/squads.txt":
        from engine.exp3 import data as exp3data
        return exp3data.squads(session)
    if name == "tal/aircraft.txt":
        from engine.tal import aircraft
        return aircraft.types(session)
    if name == "tal/pilots.txt":
        from engine.core import datatables
        from engine.tal import pilots
        return datatables.rows(session, name, pilots._NAMES, pilots.NAME_KEYS)
    from engine.core import datatables
    if name in ("tal/scout.txt", "tal/ridge.txt", "tal/movement.txt", "tal/stress.txt"):
        if name == "tal/scout.txt":
            from engine.tal import scout_table
            return datatables.rows(session, name, scout_table._SCOUT, scout_table.SCOUT_KEYS)
        from engine.tal import sheets
        if name == "tal/ridge.txt":
            return datatables.rows(session, name, sheets._RIDGE, sheets.RIDGE_KEYS)
        if name == "tal/movement.txt":
            return datatables.rows(session, name, sheets._MOVE, sheets.MOVE_KEYS)
        from engine.tal import band_tables
        return band_tables.stress_rows(session)
    if name in ("tal/campaigns.txt", "tal/situations.txt", "tal/evaluation.txt",
                "tal/card_names.txt"):
        from engine.tal import cards
        if name == "tal/card_names.txt":
            return datatables.table(session, name, cards._PRINTED, cards.PRINTED_KEYS, True)[0]
        if name == "tal/campaigns.txt":
            return datatables.rows(session, name, cards._CARDS, cards.CARD_KEYS)
        if name == "tal/situations.txt":
            return datatables.rows(session, name, cards._SITUATIONS, cards.CARD_KEYS)
        return datatables.rows(session, name, cards._EVALUATION)
    if name == "tal/answers.txt":
        from engine.tal import answers
        return answers._rows(session)
    raise ValueError("not a data file: %s" % name)


def check(session, name):
    """None if data file `name` (through `session.data`) loads, else the device's message."""
    from engine.core.parse import Reject

    try:
        read(session, name)
    except Reject as e:
        return e.msg
    return session.notice  # a damaged last line the device sets aside, and says
