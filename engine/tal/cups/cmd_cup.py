"""Protocol commands for the counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground
Forces cup): `cup ...`.

The commands themselves are in engine/tal/cups/commands.py.  This module only sees to the order
in which they come into RAM: the vocabulary and the parser first, then the data files are parsed
(engine/tal/cups/data.py, which unloads the parser after), then the cups' rules and commands are
imported.  On MicroPython's non-moving heap that order is what lets a small heap hold them: the
parser and the rules never need room at the same time, and the parser's room is left in one
piece.
"""


def cup(s, w):
    """`cup SUBCOMMAND ...`: the counter cups (docs/protocol/cups.md)."""
    import sys

    had = None
    if "engine.tal.cups.data" not in sys.modules:
        # The parser first, so that it lies below everything that stays: once it is unloaded,
        # its room is one hole, not scattered between the pieces of the rules.  The vocabulary
        # it imports stays, so it comes before it.
        from engine.tal.cups import counters  # noqa: F401

        had = [m for m in ("engine.tal.cups.fileformat", "engine.core.datafile")
               if m in sys.modules]
        from engine.tal.cups import fileformat  # noqa: F401
    from engine.tal.cups import data

    data.preload(s, had)
    from engine.tal.cups import commands

    return commands.cup(s, w)
