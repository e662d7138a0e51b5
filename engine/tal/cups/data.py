"""What the counters in the cups are: the definitions read from the data files.

The counter mixes are not in our documents (docs/rules.md: DATA): they come from
player-editable files (data/tal/hit_cup.txt, data/tal/popup_cup.txt,
data/exp3/ground_forces_cup.txt; format in engine/core/datafile.py and data/README.md), read
through the front end's `session.data` hook (name -> lines).  `definition` parses the files once
(engine/tal/cups/fileformat.py, unloaded again afterwards to give its RAM back) and keeps the
result (KEEP: engine/core/unload.py never drops this module, so a screen closing does not lose
it): a few bytes per counter, the file's source and status lines, and a 15-bit checksum that lets
a save made with another file be recognised (engine/tal/cups/rules.py refuses it).  The words
the counters are made of are engine/tal/cups/counters.py.

Whose mix a cup holds: a file whose status begins with `verified` is the player's (entered or
confirmed at the table: engine/tal/cmd_mix.py; or checked and marked by hand); any other is the
shipped placeholder, and in a campaign no counter drawn from it may change the game
(engine/tal/cups/rules.py `require_mine`).  Being the player's belongs to the file, not to a
campaign: a new campaign, an old save, a restart keep it.  A front end with no data folder to write (the console) keeps a
confirmation for its session only (HERE).
"""

import sys

from engine.core.unload import unload

KEEP = True  # the parsed definitions below stay loaded (engine/core/unload.py)

HIT_FILE = "tal/hit_cup.txt"
POPUP_FILE = "tal/popup_cup.txt"
GROUND_FILE = "exp3/ground_forces_cup.txt"
UNVERIFIED = "unverified: check against your counter sheet"  # the shipped files' status
FILES = (HIT_FILE, POPUP_FILE, GROUND_FILE)
_MAX = (64, 48, 64)  # counters a file may hold: the removed bit sets in engine/tal/fields.py


class CupDef:
    """One cup's counters, as parsed from its data file `file` (n of them; `sum`: checksum).

    Hit: effect, value, tag are (light, heavy) pairs of bytearrays indexed by counter: the
    effect code, its value (stress N; attack N meaning -N), the printed type code + 1 (0: none);
    temporary[c] is 1 when a side of counter c is temporary.  Pop-Up: unit (0: No Enemy),
    attack (hits, + 128 when Heavy), range (255: none).  Ground: hits (0..2).

    Made at full size before the parser is loaded, and filled by it: on MicroPython's
    non-moving heap, what the parser leaves behind would otherwise be scattered over the space
    it used.  Measured (cups.md transcripts' smallest heap): 1.4 KB less on unix32-mpy (52.8
    against 54.2 KB), 0.5 KB frozen (unix32-frozen 17.5 against 18.0), even on qemu-frozen.
    """

    def __init__(self, file, k):
        m = _MAX[k]
        self.file = file
        self.n = 0
        self.sum = 0
        self.status = UNVERIFIED
        self.effect = self.value = self.tag = self.unit = self.attack = self.hits = None
        self.temporary = self.range = None
        if k == 0:
            self.effect = (bytearray(m), bytearray(m))
            self.value = (bytearray(m), bytearray(m))
            self.tag = (bytearray(m), bytearray(m))
            self.temporary = bytearray(m)
        elif k == 1:
            self.unit = bytearray(m)
            self.attack = bytearray(m)
            self.range = bytearray(m)
        else:
            self.hits = bytearray(m)


_hook = None  # the data hook the definitions were read through
_defs = [None, None, None]  # per file: its CupDef, or the message saying why there is none
# (What this module holds stays in RAM: the campaign's draws check MINE, in
# engine/tal/cups/rules.py, and the rest of the counter mix is engine/tal/cmd_mix.py's, both
# dropped when the heap is tight.  Other modules use this one's public names only: one that
# reads a private name of it keeps that name from being shortened on the boards
# (host_tools/building/shorten.py), and campaign.md:732 needed 24.0 KB against 23.75 on
# qemu-frozen.)
MINE = bytearray(3)  # per file: 1 when its mix is the player's (read once, not per draw)
# The mixes confirmed for a session only (no data folder to write), per file its status or None:
# kept on the session's hook (`cups_here`), or here with the hook when the hook takes no
# attribute (the console's function, one session in its process): engine/tal/cmd_mix.py.
HERE = [None, None]
_PARSER = ("engine.tal.cups.fileformat", "engine.core.datafile")


def definition(session, name):
    """The parsed definition of data file `name` (e.g. HIT_FILE), via `session.data`.

    The first call parses the cup files (`preload`).  Refuses (Reject state) when the front
    end has no such file or it is bad, naming the line.
    """
    k = FILES.index(name)
    preload(session, max(k, 1))
    cup = _defs[k]
    if isinstance(cup, str):
        from engine.core.parse import Reject, STATE

        raise Reject(STATE, cup)
    return cup


def preload(session, last=1):
    """Parse the cup files now unless it is done: the Hit and Pop-Up cups', and the Ground
    Forces cup's (Expansion #3's) once it is used (`last` 2).  The parser is loaded once, and
    unloaded (only if it was not loaded before): the RAM held after the first `cup show hit` is
    6.6 KB less on unix32-mpy (21.6 against 28.3 KB), 1.0 KB less on unix32-frozen (5.3 against
    6.3 KB).  The Ground Forces cup, read with the others, was kept from the first draw in games
    that never draw from it: campaign.md's whole campaign needs 23.5 KB against 23.75 on
    qemu-frozen (22.75 against 23.0 unix32-frozen).
    """
    global _hook
    hook = session.data
    first = 0  # the first cup to read: all of them, or only the Ground Forces cup
    if _defs[0] is not None and hook is _hook:
        if last < 2 or _defs[2] is not None:
            return
        first = 2
    defs = [CupDef(FILES[k], k) if first <= k <= last else None
            for k in range(3)]  # before the parser: see CupDef
    had = [m for m in _PARSER if m in sys.modules]
    from engine.tal.cups import fileformat

    try:
        for k in range(first, last + 1):
            name = FILES[k]
            lines = hook(name) if hook is not None else None
            if lines is None:
                defs[k] = "data file %s not found" % name
                continue
            try:
                fileformat.parse(name, lines, defs[k])
            except fileformat.DataError as e:
                defs[k] = "data/%s:%d: %s" % (name, e.line, e.msg)
            except (OSError, UnicodeError) as e:
                defs[k] = "data/%s cannot be read (%s)" % (name, e)
            finally:
                if hasattr(lines, "close"):
                    lines.close()
    finally:
        for m in _PARSER:  # needed once: give its RAM back (only what was loaded here)
            if m not in had:
                unload(m)
    here = getattr(hook, "cups_here", None) or (HERE[1] if HERE[0] is hook else None)
    for k in range(first, 3):  # (a cup not read now: read again at its next use)
        cup = defs[k]
        _defs[k] = cup
        MINE[k] = 0
        if cup is not None and not isinstance(cup, str):
            if here and here[k] and unverified(cup):
                cup.status = here[k]
            MINE[k] = 0 if unverified(cup) else 1
    _hook = hook


def forget():
    """Read the cup files again at the next use (a mix was entered: engine/tal/cmd_mix.py)."""
    global _hook
    _hook = None


def unverified(cup):
    """True unless the file's status says it is verified (say so wherever its values are used)."""
    return not cup.status.lower().startswith("verified")
