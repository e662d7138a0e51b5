"""Protocol commands for the counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground
Forces cup): `cup ...`.

The commands themselves are in engine/tal/cups/commands.py; this module only has the cup files
parsed first (engine/tal/cups/data.py, which unloads the parser after), so the parser's RAM is
given back before the cups' rules load.  (Loading the parser before the data module, to keep its
room in one piece, was measured not to pay: the cups.md transcripts' smallest heap was 2.0 KB
larger with it on qemu-frozen, 5.0 KB on unix32-mpy.)
"""


def cup(session, words):
    """`cup SUBCOMMAND ...`: the counter cups (docs/protocol/cups.md)."""
    from engine.tal.cups import data

    data.preload(session)
    from engine.tal.cups import commands

    return commands.cup(session, words)
