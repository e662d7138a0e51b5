"""The EXP3 Squad data file (data/exp3/squads.txt): what a Squad counter prints.

The rulebook gives one value, by example: a Squad "eliminated when it suffers 4 Hits" (Enemy
Attacks).  Whether Squad counters differ, and whether a Squad has a unit modifier when our own
hex attack rolls against it (Friendly Fire: "as if they were enemy counters"), is not in the
documents, so both live in a player-editable file (format: engine/core/datafile.py, data/README.md)
read through the front end's `session.data` hook, parsed once and kept in RAM.
"""

from engine.core import datafile
from engine.core.parse import Reject, STATE

SQUADS_FILE = "exp3/squads.txt"
MAX_CAPACITY = 15  # a Squad's packed field holds 4 bits of capacity


class SquadDef:
    """A Squad counter: hit capacity and friendly-fire modifier, with the file's source/status."""

    def __init__(self, capacity, ff_modifier, status, source):
        self.capacity = capacity
        self.ff_modifier = ff_modifier
        self.status = status
        self.source = source


def parse_squads(lines):
    """The SquadDef of a squads file: exactly one record `squad | capacity | ff-modifier | note`."""
    head = {"source": None, "status": None}
    columns = (("counter", datafile.choice(("squad",))),
               ("capacity", datafile.integer(1, MAX_CAPACITY)),
               ("ff-modifier", datafile.integer(-9, 9)), ("note", datafile.text))
    found = False
    for number, row in datafile.records(lines, columns, head):
        if found:
            raise datafile.DataError(number, "one squad record only")
        found = True
        _counter, capacity, ff_modifier, _note = row
    if not found:
        raise datafile.DataError(0, "no squad record")
    return SquadDef(capacity, ff_modifier, head["status"], head["source"])


_cache = [None, None]  # the data hook the definition was read with, the definition


def squads(session):
    """The Squad definition via `session.data` (refused, naming the line, when bad or missing)."""
    hook = getattr(session, "data", None)
    if _cache[1] is not None and _cache[0] is hook:
        return _cache[1]
    if hook is None:
        raise Reject(STATE, "no data files here: cannot read %s" % SQUADS_FILE)
    try:
        lines = hook(SQUADS_FILE)
    except OSError as e:
        raise Reject(STATE, "cannot read %s (%s)" % (SQUADS_FILE, e))
    if lines is None:
        raise Reject(STATE, "data file %s is missing" % SQUADS_FILE)
    try:
        d = parse_squads(lines)
    except datafile.DataError as e:
        raise Reject(STATE, "data/%s:%d: %s" % (SQUADS_FILE, e.line, e.msg))
    except OSError as e:
        raise Reject(STATE, "cannot read %s (%s)" % (SQUADS_FILE, e))
    finally:
        close = getattr(lines, "close", None)
        if close is not None:
            close()
    _cache[0] = hook
    _cache[1] = d
    return d
