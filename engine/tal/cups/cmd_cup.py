"""Protocol commands for the counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground
Forces cup): `cup ...`, and an enemy attack drawn from the Hit cup: `ac attacked ...`.

The commands themselves are in engine/tal/cups/commands.py and engine/tal/cmd_attack.py; this
module only has the cup files parsed first (engine/tal/cups/data.py, which unloads the parser
after), so the parser's RAM is given back before the cups' rules load.  (Loading the parser before the data module, to keep its
room in one piece, was measured not to pay: the cups.md transcripts' smallest heap was 2.0 KB
larger with it on qemu-frozen, 5.0 KB on unix32-mpy.)
"""


def cup(session, words):
    """`cup SUBCOMMAND ...`: the counter cups (docs/protocol/cups.md)."""
    from engine.tal.cups import data

    data.preload(session)
    from engine.tal.cups import commands

    return commands.cup(session, words)


def attacked(session, words):
    """`ac attacked N UNIT... [heavy-first]` (engine/tal/cmd_attack.py), which the protocol's
    table sends here rather than through the roster's commands (engine/tal/cmd_ac.py), which it
    does not need: measured, campaign.md's whole campaign, the hungriest rules transcript on
    qemu-frozen, 23.25 KB against 23.5 (unix32-frozen 22.5 against 22.75); every rules request
    in one console 90 KB against 92 from .mpy (unix32-mpy).  (The cups parsed first, as `cup`:
    mission.md:289 needed 27.0 KB against 28.25 on qemu-frozen with them parsed by the draw,
    among the attack's modules.)"""
    from engine.tal.cups import data

    data.preload(session)
    from engine.core.parse import Reject
    from engine.tal import cmd_attack

    try:
        return cmd_attack.attacked(session, words)
    except Reject as e:
        # an aircraft card's `?` asked (engine/tal/aircraft_card.py): the request waits for
        # `answer`, as engine/tal/cmd_ac.py keeps an `ac` request's
        if e.code == "ask":
            session.asking = (words, e.question)
        raise
