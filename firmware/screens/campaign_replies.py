"""The Campaign screen's words after an action (firmware/screens/campaign.py): each action's
`then`, a function of the screen and the reply, found here by `Form.reply_to` with the first
reply, so opening the screen does not load them.  Measured, unix32-mpy: Campaign from a fresh
start 130 KB against 136 at 160 x 128, 132 against 136 at 240 x 135."""

from firmware import inks
from firmware import ui
from firmware.screens.campaign import BAND_NAMES, BANDS, MOVES, STATUS_INK, _cap


def tracks(screen, reply):
    parts = []
    for key in ("so", "vp", "day"):
        v = ui.get(reply, key)
        if v is not None:
            parts.append("%s %d" % (key.upper() if key != "day" else "Day", v))
    label = screen.action().label
    screen.show("Now " + ", ".join(parts) + "." if parts else
                "Done: " + label + ".",
              inks.RED if ui.get(reply, "status") == "failed" else inks.WHITE)


def started(screen, reply):
    """The cards' set-up values, to check against the cards (the set-up VP: on the draw's
    banner); those the files (or the numbers typed) do not give are said not known, in
    yellow, on one line: the SO and the days are on the tracks above already."""
    u = ui.get(reply, "set_up")
    year = ui.get(u, "year")
    vp = ui.get(u, "setup_vp")
    unknown = [w for w, x in (("year", year), ("set-up VP", vp)) if x is None]
    values = "SO %d, %s, SO +%d a day" % (ui.get(u, "so", 0),
                                          ui.count(ui.get(u, "days", 0), "day"),
                                          ui.get(u, "daily", 0))
    if not unknown:
        screen.show(screen.fit("The year %d: %s." % (year, values), "%d: %s." % (
            year, values.replace(", SO +", ", +"))))
        return
    screen.show(screen.fit("%s. Not known: the %s." % (values, ui.listed(unknown)),
                           "Not known: the %s." % ui.listed(unknown),
                           "Not known: %s." % ", ".join(unknown)), inks.YELLOW)


def battalion(screen, reply):
    band = ui.get(reply, "band", "fl")
    screen.show("%s is in the %s." % (ui.get(reply, "battalion", "").upper(),
                                      BAND_NAMES[BANDS.index(band)]))


def bought(screen, reply):
    ac_type, so = ui.get(reply, "type", "").upper(), ui.get(reply, "so", 0)
    screen.show(screen.fit("%s bought as aircraft %d: SO %d now." % (
        ac_type, ui.get(reply, "ac"), so), "%s bought: SO %d now." % (ac_type, so)))


def pilot(screen, reply):
    status = ui.get(reply, "status", "okay")
    k = ui.word(ui.get(reply, "pilot"))
    name = ui.get(reply, "name")
    who, stress = _cap(name) if name else called(screen, k), ui.word(ui.get(reply, "stress"))
    condition = ui.condition(status, ui.get(reply, "wounded"))
    screen.show(screen.fit("%s has %s stress: %s." % (who, stress, condition),
                           "%s: stress %s, %s." % (who, stress, condition)),
                STATUS_INK.get(status, inks.WHITE))


def leveled(screen, reply):
    left = ui.get(reply, "unbalanced", 0)  # raised minus lowered: more lowered is allowed
    who, level = called(screen, ui.get(reply, "pilot")), _cap(ui.get(reply, "level") or "")
    if left <= 0:
        screen.show("%s is %s now." % (who, level))
        return
    more = "%d more lowered" % left
    screen.show(screen.fit("%s is %s now: %s to balance." % (who, level, more),
                           "%s is %s: %s." % (who, level, more), "%s: %s." % (who, more)),
                inks.YELLOW)


def promoted(screen, reply):
    """XP, a promotion or a new card: when the pilot was promoted, his new card comes next."""
    if ui.get(reply, "promoted") or "card" in (ui.get(reply, "note") or ""):
        screen.who.select("%d" % ui.get(reply, "pilot"))
        for page in (0, 2):
            acts = screen.actions[page]
            for i in range(len(acts)):
                if acts[i] is screen.a_new_card:
                    screen.chosen[page] = i
        who, level = called(screen, ui.get(reply, "pilot")), _cap(ui.get(reply, "level") or "")
        screen.show(screen.fit("%s is %s now: enter his new card." % (who, level),
                               "%s is %s: his new card next." % (who, level),
                               "%s: enter his new card." % who), inks.YELLOW)
    elif screen.action() is screen.a_new_card:
        pilot(screen, reply)
    else:
        screen.show("%s has %d XP." % (called(screen, ui.get(reply, "pilot")),
                                       ui.get(reply, "xp", 0)))


def day_ended(screen, reply):
    if ui.get(reply, "status") == "over":
        screen.show(screen.fit("The campaign is over: its result next.",
                               "The campaign is over."), inks.YELLOW)
        return
    rested = ui.get(reply, "rested", ()) or ()
    know_pilots(screen)
    screen.app.open("reveal", "End of day %d" % ui.get(reply, "day", 0),
                  [("SO +%d: SO %d now." % (ui.get(reply, "gain", 0), ui.get(reply, "so", 0)),
                    inks.GREEN)] +
                  [rest_line(screen, ui.pairs_of(p)) for p in rested] +
                  [(("Battalions to roll for: %s." % ui.listed(
                      [b.upper() for b in ui.get(reply, "roll", ())])) if
                    ui.get(reply, "roll") else "No battalion to roll for.", inks.CYAN)] +
                  ([("The Close Air Support mission is discarded.", inks.YELLOW)]
                   if ui.get(reply, "cas") else []))
    day = ui.get(reply, "day", 0)
    screen.show(screen.fit("Day %d is over: the battalions move." % day,
                           "Day %d over: battalions move." % day))


def know_pilots(screen):
    """The pilots' names for a page about them (read only where needed: see refresh)."""
    if not screen.who.options:
        screen.set_pilots([ui.pairs_of(p) for p in
                         ui.get(screen.app.run(["pilot", "list"]), "pilots", ()) or ()])


def called(screen, k):
    """Pilot `k` (a number or its word) by his name, as the picker shows him."""
    shown = screen.who.shown("%s" % k)
    return shown.split(" (")[0] if shown and shown != "%s" % k else "pilot %s" % k


def rest_line(screen, record):
    """A pilot's rest: (text, ink)."""
    k = ui.get(record, "pilot")
    status = ui.get(record, "status", "okay")
    rested = ui.get(record, "recovered", 0)
    stress = ui.get(record, "stress", 0)
    return ("%s: stress %s%d, %s." % (called(screen, k), "%d to " % (stress + rested) if rested
                                      else "", stress,
                                      ui.condition(status, ui.get(record, "wounded"))),
            STATUS_INK.get(status, inks.WHITE))


def rolled(screen, reply):
    move = ui.get(reply, "move", "hold")
    band = ui.get(reply, "band", "fl")
    mod = ui.get(reply, "mod", 0)
    name = ui.get(reply, "battalion", "").upper()
    verb = {"advance": "advances", "hold": "holds", "retreat": "retreats"}.get(move, move)
    where = BAND_NAMES[BANDS.index(band)]
    screen.show(screen.fit("%s, d10 %d%s: it %s %s the %s." % (
        name, ui.get(reply, "die", 0),
        " %s = %d" % (ui.signed(mod), ui.get(reply, "result", 0)) if mod else "", verb,
        "in" if move == "hold" else "to", where),
        "%s %s %s the %s." % (name, verb, "in" if move == "hold" else "to", where),
        "%s %s: %s." % (name, verb, where)), MOVES.get(move, inks.WHITE))


def losses(screen, reply):
    failed = ui.get(reply, "status") == "failed"
    loss = ui.get(reply, "loss", 0)
    if not loss:
        screen.show("No SO lost: SO %d." % ui.get(reply, "so", 0))
        return
    fr, ab = ui.get(reply, "fr", 0), ui.get(reply, "ab", 0)
    then = ("not paid, the campaign fails." if failed else
            "SO %d now." % ui.get(reply, "so", 0))
    where = ", ".join(x for x in ("%d in Friendly Rear" % fr if fr else "",
                                  "%d at the Air Base" % ab if ab else "") if x)
    screen.show(screen.fit("SO -%d (%d in Friendly Rear, %d at the Air Base): %s" % (
        loss, fr, ab, then), "SO -%d (%s): %s" % (loss, where, then),
        "SO -%d: %s" % (loss, then)), inks.RED if failed else inks.YELLOW)


def bn_hit(screen, reply):
    if ui.get(reply, "status") == "over":  # the last battalion: the campaign ends at once
        name = ui.get(reply, "battalion", "").upper()
        screen.show(screen.fit("%s destroyed: no battalion is left, the campaign is over." % name,
                               "%s destroyed: the campaign is over." % name,
                               "%s destroyed: campaign over." % name), inks.YELLOW)
        return
    strength = ui.get(reply, "strength")
    strength = {"half": "is halved", "destroyed": "is destroyed"}.get(strength, strength)
    what = "%s %s: VP +%d" % (ui.get(reply, "battalion", "").upper(), strength,
                              ui.get(reply, "gain", 0))
    vp = ui.get(reply, "vp", 0)
    screen.show(screen.fit("Battalion %s, VP %d now." % (what, vp), "%s, now %d." % (what, vp)),
                inks.GREEN)


def rested(screen, reply):
    know_pilots(screen)
    screen.app.open("reveal", "R&R", [rest_line(screen, ui.pairs_of(p))
                                    for p in ui.get(reply, "rested", ()) or ()])
    so = ui.get(reply, "so", 0)
    screen.show(screen.fit("R&R: every pilot rests. SO %d now." % so, "R&R: SO %d now." % so))


def removed(screen, _reply):
    field = screen.action().fields[0]
    screen.show("%s is removed." % (called(screen, field.chosen()) if field is screen.who else
                                    "Battalion " + field.text))


def rule_switches(screen, _reply):
    screen.app.open("rules")


def counter_mix(screen, _reply):
    """The set-up's counter mix step: the Counter mix screen in this one's place (two screens
    of their size open at once took the whole heap of a board), which comes back here once every
    cup is the player's."""
    screen.app.go("mix", "campaign")


def resulted(screen, reply):
    word = ui.get(reply, "result", "")
    vp = ui.get(reply, "vp", 0)
    screen.show(screen.fit("The campaign's result: %s, with %d VP." % (_cap(word), vp),
                           "Result: %s, %d VP." % (_cap(word), vp)),
              inks.RED if word == "failure" else inks.GREEN)
