"""`table NAME [=D] [+M ...]`: look-up tables (docs/rules.md; docs/protocol/campaign.md).

    table cover [=D]              Enemy Cover (rulebook)
    table sar [=D] [+M ...]       SAR: modified roll -> outcome and stress (rulebook)
    table engine [=D]             engine check: crash on 2 or less (rulebook)
    table ecm [=D]                ECM pod: 7+ cancels the attacking unit (rulebook)
    table bingo 6|10 [=D]         Bingo check stress (rulebook)
    table scout [=D]              Scout (DATA: data/tal/scout.txt)
    table ridge [=D] [+M ...]     Ridge Evasion (DATA: data/tal/ridge.txt)
    table move a|s|c [=D] [+M ...]  Battalion Movement (DATA: data/tal/movement.txt)
    table stress BAND             mission stress of a range band (DATA: data/tal/stress.txt)

Without `=D` the device rolls the d10; with it, it only looks the die up (a die rolled by hand,
or a rulebook example).
"""

from engine.tal import battalions
from engine.core import datatables
from engine.tal import sheets
from engine.core import parse
from engine.tal import tables
from engine.tal.ask import asks

USAGE = "table cover|sar|engine|ecm|bingo 6|10|scout|ridge|move a|s|c|stress BAND [=D] [+M ...]"


def _roll(session, words, i, mods):
    if mods:
        mod, die = parse.modifiers(words, i, 10)
    else:
        parse.arity(words, i, i + 1, USAGE)
        mod, die = 0, 0
        if len(words) == i + 1:
            if words[i][:1] != "=":
                raise parse.Reject(parse.SYNTAX, "a die rolled by hand looks like =7")
            die = parse.face(words[i], 10)
    return (die or session.rng.die(10)), mod


@asks
def table(session, words):
    """`table NAME ...`: one look-up (see the module doc)."""
    if len(words) < 2:
        raise parse.Reject(parse.SYNTAX, "usage: " + USAGE)
    t = words[1]
    if t == "cover":
        die, _ = _roll(session, words, 2, False)
        return (("die", die), ("result", tables.COVER[die - 1]), ("note", tables.COVER_NOTE))
    if t == "sar":
        die, mod = _roll(session, words, 2, True)
        o = tables.sar(die + mod)
        return (("die", die), ("mod", mod), ("result", die + mod), ("outcome", tables.SAR_NAMES[o]),
                ("stress", tables.SAR_STRESS[o]))
    if t == "engine":
        die, _ = _roll(session, words, 2, False)
        return (("die", die), ("crash", die <= tables.ENGINE_CRASH_MAX))
    if t == "ecm":
        die, _ = _roll(session, words, 2, False)
        return (("die", die), ("cancels", die >= tables.ECM_CANCEL_MIN))
    if t == "bingo":
        if len(words) < 3 or words[2] not in ("6", "10"):
            raise parse.Reject(parse.SYNTAX, "usage: table bingo 6|10 [=D]")
        marker = int(words[2])
        die, _ = _roll(session, words, 3, False)
        return (("bingo", marker), ("die", die), ("stress", tables.bingo_stress(marker, die)))
    if t == "scout":
        die, _ = _roll(session, words, 2, False)
        from engine.tal import scout_table

        turns, stress, lost, entered = scout_table.scout(session, die)
        return ((("die", die), ("turns", turns), ("loiter", 5 + turns), ("stress", stress),
                 ("lost", None if lost is None else bool(lost))) +
                datatables.entered_note(entered, "tal/scout.txt"))
    if t == "ridge":
        die, mod = _roll(session, words, 2, True)
        stress, entered = sheets.ridge(session, die, mod)
        return ((("die", die), ("mod", mod), ("result", die + mod), ("stress", stress)) +
                datatables.entered_note(entered, "tal/ridge.txt"))
    if t == "move":
        if len(words) < 3 or len(words[2]) != 1 or battalions.KINDS.find(words[2]) < 0:
            raise parse.Reject(parse.SYNTAX, "usage: table move a|s|c [=D] [+M ...]")
        die, mod = _roll(session, words, 3, True)
        step, entered = sheets.movement(session, battalions.KINDS.find(words[2]), die, mod)
        return ((("kind", words[2]), ("die", die), ("mod", mod), ("result", die + mod),
                 ("move", sheets.MOVES[step + 1])) +
                datatables.entered_note(entered, "tal/movement.txt"))
    if t == "stress" or t == "wp":
        parse.arity(words, 3, 3, "table stress|wp BAND")
        from engine.tal import band_tables

        b = battalions.band(words[2])
        band_tables.stress_rows(session)  # held, for the reply's data note
        n, entered = (band_tables.band_stress if t == "stress" else
                      band_tables.band_wp)(session, b)
        return (("band", words[2]), (t, n)) + datatables.entered_note(entered, "tal/stress.txt")
    raise parse.Reject(parse.UNKNOWN, "usage: " + USAGE)
