"""A result said as sentences: the lines of a page that shows what a roll or a step gave (a
table look-up, the Scout, a Bingo, engine or SAR check, the end of a mission, the answer to a
question), each a (text, ink) pair a player would say ("Aircraft 1, Bingo 6, d10 4: Pirate takes
2 stress"), never the reply's keys ("die: 4 / stress: 2").  Loaded only when such a page opens
(firmware/screens/mission.py, tables.py, ask.py), as campaign_replies.py is: its code is not in
the heap of a screen that shows none.

`name(k)` is how the caller names pilot `k` (a number): "Pirate"."""

from firmware import inks
from firmware import ui

KINDS = {"a": "An Assault", "s": "A Support", "c": "A Command"}  # battalion cards
MOVES = {"advance": "advances one band", "hold": "holds", "retreat": "retreats one band"}
BANDS = {"er": "Enemy Rear", "et": "Enemy Transit", "fl": "Front Line", "ft": "Friendly Transit",
         "fr": "Friendly Rear", "ab": "Air Base"}


def roll(die, mod=0):
    """"d10 6", "d10 6 +2 = 8"."""
    if not mod:
        return "d10 %d" % die
    return "d10 %d %s = %d" % (die, ui.signed(mod), die + mod)


def stress(who, n, now=None):
    """"Pirate takes 2 stress (now 7)", "Pirate takes no stress"."""
    if not n:
        return "%s takes no stress" % who
    return "%s takes %d stress%s" % (who, n, "" if now is None else " (now %d)" % now)


def data(reply):
    """The data warning of a reply, in purple: [(text, ink)] or [] (none after an answer: the
    row used is the one just entered, `answer` says so)."""
    status = ui.get(reply, "data")
    if not status or ui.get(reply, "entered") is not None:
        return []
    return [(ui.sentence(status), inks.PURPLE)]


def answer(reply):
    """What became of an answer given on the Ask screen: kept in the data folder, or for this
    session only (the reply's note says why); [] when the reply answers no question."""
    if ui.get(reply, "entered") is None:
        return []
    if ui.get(reply, "saved"):
        return [("Your answer is kept in your data folder.", inks.GREY)]
    return [(ui.sentence(ui.get(reply, "note") or "your answer is kept for this session only"),
             inks.YELLOW)]


def vp(reply):
    v = ui.get(reply, "vp")
    return [] if v is None else [("VP now %d." % v, inks.YELLOW)]


# --- the Tables screen --------------------------------------------------------------------------
def table(label, reply):
    """The lines of a table look-up (engine/tal/cmd_tables.py), under the die already drawn."""
    die = ui.get(reply, "die", 0)
    mod = ui.get(reply, "mod", 0)
    out = []
    if label == "Enemy Cover":
        out.append((ui.sentence(ui.get(reply, "result", "")), inks.WHITE))
        out.append((ui.sentence(ui.get(reply, "note", "")), inks.GREY))
    elif label == "SAR":
        out.append((ui.sentence("%s: %s" % (roll(die, mod), ui.get(reply, "outcome", ""))),
                    inks.RED if ui.get(reply, "outcome") == "killed" else inks.WHITE))
        if ui.get(reply, "outcome") != "killed":
            out.append((ui.sentence(stress("the pilot", ui.get(reply, "stress", 0)) +
                                 " more than the mission's"), inks.WHITE))
    elif label == "Engine check":
        out.append(("2 or less: the aircraft crashes." if ui.get(reply, "crash") else
                    "3 or more: the engine holds.", inks.RED if ui.get(reply, "crash") else
                    inks.GREEN))
    elif label == "ECM pod":
        out.append(("7 or more: one attacking unit is cancelled." if ui.get(reply, "cancels")
                    else "Under 7: the unit attacks.", inks.GREEN if ui.get(reply, "cancels")
                    else inks.WHITE))
    elif label.startswith("Bingo"):
        out.append((ui.sentence(stress("the pilot", ui.get(reply, "stress", 0))),
                    inks.RED if ui.get(reply, "stress") else inks.GREEN))
    elif label == "Scout":
        out += scout(reply)
    elif label == "Ridge Evasion":
        out.append((ui.sentence("%s: %s" % (roll(die, mod),
                                          stress("the pilot", ui.get(reply, "stress", 0)))),
                    inks.RED if ui.get(reply, "stress") else inks.GREEN))
    elif label == "Movement":
        out.append((ui.sentence("%s: %s battalion %s" % (
            roll(die, mod), KINDS.get(ui.get(reply, "kind"), "The"),
            MOVES.get(ui.get(reply, "move"), ui.get(reply, "move")))), inks.WHITE))
    elif label == "Mission stress":
        n = ui.get(reply, "stress", 0)
        out.append(("Each pilot takes %d stress on a mission to the %s." % (
            n, BANDS.get(ui.get(reply, "band"), "band")), inks.WHITE))
    return out + answer(reply) + data(reply)


def scout(reply, start=None, mod=0):
    """The Scout's result (the table, or a Loiter marker placed with a scout: on `start` turns,
    the player's modifier `mod` given too)."""
    turns = ui.get(reply, "turns", 0)
    why = ["%s from the Scout" % ui.signed(turns)] if turns else []
    if mod:
        why.append("%s modifier" % ui.signed(mod))
    out = [("Loiter marker on %s (%s)." % (
        ui.count(5 + turns + mod if start is None else start, "turn"),
        ", ".join(["5"] + why) if why else "5, no change"), inks.WHITE)]
    relief = ui.get(reply, "stress", 0)
    if relief:
        out.append(("Each pilot has %d stress less at the mission's end." % relief,
                    inks.GREEN))
    lost = ui.get(reply, "lost")
    if lost is not None:
        out.append(("The scout is lost." if lost else "The scout comes back.",
                    inks.RED if lost else inks.WHITE))
    return out


# --- the Mission screen -------------------------------------------------------------------------
def scouted(reply):
    """A Loiter marker placed with a scout (`loiter start scout`)."""
    s = ui.pairs_of(ui.get(reply, "scout"))
    return ([("Scout, %s." % roll(ui.get(s, "die", 0)), inks.CYAN)] +
            scout(s, ui.get(reply, "start", 0), ui.get(reply, "mod", 0)) + answer(reply) +
            data(reply))


def bingo(reply, name):
    """A Bingo check of every aircraft with a Bingo marker (`bingo check`)."""
    out = []
    for x in ui.get(reply, "checks", ()) or ():
        c = ui.pairs_of(x)
        k = ui.get(c, "pilot")
        n = ui.get(c, "stress", 0)
        out.append(("Aircraft %d, Bingo %d, %s: %s." % (
            ui.get(c, "ac", 0), ui.get(c, "bingo", 0), roll(ui.get(c, "die", 0)),
            stress(name(k), n) if k else "no pilot"), inks.RED if n else inks.GREEN))
    return out or [("No aircraft has a Bingo marker.", inks.WHITE)]


def engine(reply):
    """The engine checks of the aircraft with Engine markers (`engine check`)."""
    out = []
    for x in ui.get(reply, "checks", ()) or ():
        c = ui.pairs_of(x)
        dice = ui.get(c, "dice", ()) or ()
        crash = ui.get(c, "crash")
        out.append(("Aircraft %d, d10 %s: %s." % (
            ui.get(c, "ac", 0), " and ".join("%d" % d for d in dice),
            "2 or less, it crashes" if crash else "the engine holds"),
            inks.RED if crash else inks.GREEN))
    return (out or [("No aircraft has an Engine marker: nothing to roll.", inks.WHITE)]) + \
        vp(reply)


def sar(reply, name):
    """A SAR roll for a crashed aircraft's pilot (`sar`)."""
    k = ui.get(reply, "pilot")
    who = name(k) if k else "the pilot"
    outcome = ui.get(reply, "outcome", "")
    out = [("Aircraft %d, SAR %s: %s." % (ui.get(reply, "ac", 0),
                                          roll(ui.get(reply, "die", 0), ui.get(reply, "mod", 0)),
                                          outcome),
            inks.RED if outcome == "killed" else inks.WHITE)]
    if outcome == "killed":
        out.append(("%s is killed." % who, inks.RED))
    else:
        out.append((ui.sentence(stress(who, ui.get(reply, "stress", 0),
                                    ui.get(reply, "pilot_stress"))), inks.YELLOW))
    return out + vp(reply)


def ended(reply, name):
    """The end of a mission (`mission end`): the stress and XP each pilot took, then each pilot
    as the Campaign screen says him."""
    out = [("Each pilot who flew takes %d stress and %s." % (
        ui.get(reply, "stress", 0), "gains %d XP" % ui.get(reply, "xp", 0)), inks.WHITE)]
    promoted = False
    for x in ui.get(reply, "pilots", ()) or ():
        p = ui.pairs_of(x)
        promoted = promoted or ui.get(p, "promoted")
        status = ui.get(p, "status", "okay")
        out.append(("%s: stress %d, %s, %d XP, %s%s." % (
            name(ui.get(p, "pilot")), ui.get(p, "stress", 0),
            ui.condition(status, ui.get(p, "wounded")), ui.get(p, "xp", 0),
            ui.get(p, "level", ""), ", promoted" if ui.get(p, "promoted") else ""),
            inks.RED if status in ("unfit", "killed") else inks.YELLOW if status == "shaken"
            else inks.WHITE))
    if promoted:
        out.append(("A promoted pilot has a new card: enter it on Campaign, page Pilots "
                    "(new card).", inks.YELLOW))
    bn = ui.get(reply, "destroyed")  # the battalion this mission destroyed: its VP, once
    if bn:
        gain = ui.get(reply, "gain", 0)
        out.append(("Battalion %s destroyed: %s." % (bn.upper(), "VP +%d" % gain if gain else
                                                     "entered on the Map already"), inks.GREEN))
    back = ui.pairs_of(ui.get(reply, "returned"))
    if back:
        out.append(("Back in their cups: %s, %s." % (
            ui.count(ui.get(back, "hit", 0), "Hit counter"),
            ui.count(ui.get(back, "popup", 0), "Pop-Up")), inks.GREY))
    return out + vp(reply) + answer(reply) + data(reply)


def returned(reply):
    """The temporary Hit counters an end of turn put back in the cup."""
    back = ui.get(reply, "returned", ()) or ()
    if not back:
        return []
    from firmware.screens import counters

    return [("Back in the cup: %s." % ", ".join(
        counters.name(ui.get(ui.pairs_of(x), "effect", ""), ui.get(ui.pairs_of(x), "value", 0))
        for x in back), inks.GREY)]


def answered(reply):
    """The reply to an answer no screen shows as its own result."""
    return [("Your answer is taken.", inks.WHITE)] + answer(reply) + data(reply)
