"""Protocol commands for the counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground Forces
cup): `cup ...`.

The commands themselves are in engine/cupcmd.py.  This module only sees to the order in which
they come into RAM: the parser first, then the data files are parsed (engine/cupdata.py, which
unloads the parser after), then the cups' rules and commands are imported.  On MicroPython's
non-moving heap that order is what lets a small heap hold them: the parser and the rules never
need room at the same time, and the parser's room is left in one piece.
"""


def cup(s, w):
    """`cup SUBCOMMAND ...`: the counter cups (docs/protocol/cups.md)."""
    import sys

    had = None
    if "engine.cupdata" not in sys.modules:
        # The parser first, so that it lies below everything that stays: once it is unloaded,
        # its room is one hole, not scattered between the pieces of the rules.
        had = [m for m in ("engine.cupparse", "engine.datafile") if m in sys.modules]
        from engine import cupparse  # noqa: F401
    from engine import cupdata

    cupdata.preload(s, had)
    from engine import cupcmd

    return cupcmd.cup(s, w)
