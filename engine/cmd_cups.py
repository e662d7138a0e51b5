"""Protocol commands for the counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground Forces
cup): `cup ...`.

The commands themselves are in engine/cupcmd.py; this module only has the cup files parsed first
(engine/cupdata.py, which unloads the parser after), so the parser's RAM is given back before the
cups' rules load.  (Loading the parser before engine/cupdata.py, to keep its room in one piece,
was measured not to pay: the cups.md transcripts' smallest heap was 2.0 KB larger with it on
qemu-frozen, 5.0 KB on unix32-mpy.)
"""


def cup(s, w):
    """`cup SUBCOMMAND ...`: the counter cups (docs/protocol/cups.md)."""
    from engine import cupdata

    cupdata.preload(s)
    from engine import cupcmd

    return cupcmd.cup(s, w)
