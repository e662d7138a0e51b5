"""Protocol commands for the counter cups (RULES §3 Hit, §4 Pop-Up, §9 Ground Forces): `cup ...`.

The commands themselves are in engine/cupcmd.py.  This module only sees to the order in which
they come into RAM: the data files are parsed first (engine/cupdata.py loads the parser, and
unloads it after), then the cups' rules and commands are imported.  On MicroPython's
non-moving heap that order is what lets a small heap hold them: the other way round the parser
and the rules would need room at the same time.
"""


def cup(s, w):
    """`cup SUBCOMMAND ...`: the counter cups (docs/protocol/cups.md)."""
    from engine import cupdata

    cupdata.preload(s)
    from engine import cupcmd

    return cupcmd.cup(s, w)
