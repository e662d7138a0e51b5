"""Which engine call reads each data file, so that a file can be checked exactly as it is used.

`check(session, name)` reads data file `name` through `session.data` with the module that owns it
and returns None, or the message the device gives ("data/NAME:LINE: what is wrong").  The host's
`validate` and the tests on MicroPython call this same function: one parser, one verdict.
"""

FILES = ("exp3/ground_forces_cup.txt", "exp3/squads.txt", "tal/aircraft.txt", "tal/hit_cup.txt",
         "tal/movement.txt", "tal/pilots.txt", "tal/popup_cup.txt", "tal/ridge.txt",
         "tal/scout.txt", "tal/stress.txt")


def read(s, name):
    """Read data file `name` as the engine does when it needs it; Reject when it is bad."""
    if name in ("tal/hit_cup.txt", "tal/popup_cup.txt", "exp3/ground_forces_cup.txt"):
        from engine import cupdata
        return cupdata.definition(s, name)
    if name == "exp3/squads.txt":
        from engine import exp3data
        return exp3data.squads(s)
    if name == "tal/aircraft.txt":
        from engine import aircraft
        return aircraft.types(s)
    if name == "tal/pilots.txt":
        from engine import datatables, pilots
        return datatables.rows(s, name, pilots._NAMES, pilots.NAME_KEYS)
    from engine import datatables as T
    if name == "tal/scout.txt":
        return T.rows(s, name, T._SCOUT, T.SCOUT_KEYS)
    if name == "tal/ridge.txt":
        return T.rows(s, name, T._RIDGE, T.RIDGE_KEYS)
    if name == "tal/movement.txt":
        return T.rows(s, name, T._MOVE, T.MOVE_KEYS)
    if name == "tal/stress.txt":
        return T.rows(s, name, T._STRESS, T.STRESS_KEYS)
    raise ValueError("not a data file: %s" % name)


def check(s, name):
    """None if data file `name` (through `s.data`) loads, else the device's message."""
    from engine.parse import Reject

    try:
        read(s, name)
    except Reject as e:
        return e.msg
    return None
