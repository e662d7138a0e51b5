"""Cups: draw Hit counters against an aircraft and Pop-Ups (docs/rules.md), each the engine's
`ac attacked`, `cup draw ...`, `cup end-turn`, `cup return` request (docs/protocol/cups.md).

Page Hits: `attack` draws for an aircraft of the mission roster (the engine applies its type, ECM
pod and Evasive, then the results); `draw` is the bare draw for an aircraft the device does not
track (number, type, ECM, Evasive given here); `end turn` returns the temporary counters an
aircraft holds.  Each attacking unit is a number of Light or Heavy hits.  The counters drawn
open on a page of their own as chits (`firmware.screens.hits`).  The glance shows the counters
held beside each aircraft as small chits.  Page Pop-Ups: draw N Pop-Ups (an enemy with its d10
hex), return one that was destroyed; the glance lists those on the battlefield.
"""

from firmware import counter_words, fonts, inks, widgets
from firmware import ui
from firmware.counter_words import attack as _attack, name as unit_name
from firmware.pickers import Action, Choice, Number, Toggle
from firmware.screens.form import Form, text_rows

UNITS = [("none", "")] + [("%d %s" % (n, side), "%d%s" % (n, side[0].lower()))
                          for side in ("Light", "Heavy") for n in range(1, 5)]


def attack_words(attack):
    """A Pop-Up's attack, "2h", in words: "2 Heavy", and its ink."""
    if not attack or attack == "-":
        return "no attack", inks.GREY
    return _attack(attack), inks.RED if attack.endswith("h") else inks.YELLOW


class Screen(Form):
    TITLE = "Cups"
    PAGES = ("Hits", "Pop-Ups")

    def __init__(self, app):
        self.flying = Choice("Aircraft", empty="none flying")
        self.units = (Choice("Unit 1", UNITS, 6), Choice("Unit 2", UNITS), Choice("Unit 3", UNITS))
        self.heavy_first = Toggle("Evasive on", "heavy-first", on="Heavy first",
                                  off="Light first")
        self.slot = Number("Aircraft #", 1, 8, 1, wrap=True)
        families = ui.aircraft_types(app.session, True) or ("a-10",)
        self.family = Choice("Type", [(f.upper(), f) for f in families], word="type")
        self.ecm = Toggle("ECM pod", "ecm")
        self.evasive = Number("Evasive", 0, 9, 0, word="evasive", omit=0)
        self.count = Number("Pop-Ups", 1, 8, 1)
        self.out = Choice("Destroyed", empty="none out")
        u1, u2, u3 = self.units
        self.actions = (
            (Action("attack", ("ac", "attacked", self.flying, u1, u2, u3, self.heavy_first),
                    then="drawn", needs=(self.flying, "no aircraft flying: Mission, or 'draw'")),
             Action("draw", ("cup", "draw", "hit", "ac", self.slot, self.family, u1, u2,
                             self.ecm, self.evasive, self.heavy_first), then="drawn"),
             Action("end turn", ("cup", "end-turn", self.slot), then="returned")),
            (Action("draw", ("cup", "draw", "popup", self.count), then="popups"),
             Action("return", ("cup", "return", "popup", self.out), then="returned",
                    needs=(self.out, "no Pop-Up is out"))),
        )
        self.held = ()  # glance rows: (aircraft label, ((word1, word2, ink), ...))
        self.outs = ()  # glance rows: (hex, unit, attack words, ink)
        self.counts = ""
        self.warning = ""
        super().__init__(app)

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        hit = self.app.run(["cup", "show", "hit"]) or ()
        popup = self.app.run(["cup", "show", "popup"]) or ()
        flying = ()
        if self.app.has("ac"):
            r = self.app.run(["ac", "list"]) or ()
            flying = [ui.pairs_of(a) for a in ui.get(r, "aircraft", ()) or ()
                      if ui.get(ui.pairs_of(a), "status") == "flying"]
        self.flying.set_options([("%d %s" % (ui.get(a, "ac"), ui.get(a, "type", "").upper()),
                                  "%d" % ui.get(a, "ac")) for a in flying])
        outs = [ui.pairs_of(x) for x in ui.get(popup, "out", ()) or ()]
        self.out.set_options([("%s, hex %s" % (unit_name(ui.get(p, "unit", "")),
                                                ui.word(ui.get(p, "hex"))),
                               "%d" % ui.get(p, "n")) for p in outs])
        cup = hit if self.page == 0 else popup
        inside = ui.get(cup, "in", 0)  # the rest are held, out on the battlefield or removed
        self.tabs = "%s: %d in, %d out" % (self.PAGES[self.page], inside,
                                           ui.get(cup, "total", 0) - inside)
        self.warning = ui.data_status(cup) or ""
        by_ac = {}
        for x in ui.get(hit, "held", ()) or ():
            p = ui.pairs_of(x)
            from firmware.screens import counters

            by_ac.setdefault(ui.get(p, "ac"), []).append(
                (counters.name(ui.get(p, "effect", ""), ui.get(p, "value", 0)),
                 inks.RED if ui.get(p, "side") == "heavy" else inks.YELLOW))
        self.held = tuple(("%s" % n, tuple(chits)) for n, chits in sorted(by_ac.items()))
        rows = []
        for p in outs:
            words, ink = attack_words(ui.get(p, "attack"))
            rng = ui.get(p, "range")
            rows.append(("hex %s" % ui.word(ui.get(p, "hex")), unit_name(ui.get(p, "unit", "")),
                         words + ("" if rng is None else ", range %s" % ui.word(rng)), ink))
        self.outs = tuple(rows)

    def perform(self):
        if self.action().then == "drawn" and not any(u.chosen() for u in self.units):
            self.app.say("set the attacking units (Unit 1..3)", inks.RED)
            return
        super().perform()

    # --- after an action -------------------------------------------------------------------
    def drawn(self, reply):
        self.app.open("hits", reply)
        light = ui.get(reply, "light", 0)
        heavy = ui.get(reply, "heavy", 0)
        self.show("Drawn: %d Light, %d Heavy." % (light, heavy),
                  inks.RED if heavy else inks.YELLOW if light else inks.GREEN)

    def popups(self, reply):
        lines = []  # type: list
        enemies = 0
        for x in ui.get(reply, "draws", ()) or ():
            p = ui.pairs_of(x)
            unit = ui.get(p, "unit", "")
            if ui.get(p, "hex") is None:
                lines.append(("%s: back in the cup." % unit_name(unit),
                              inks.GREY))
                continue
            enemies += 1
            words, ink = attack_words(ui.get(p, "attack"))
            rng = ui.get(p, "range")
            lines.append(("Hex %d: %s" % (ui.get(p, "hex"), unit_name(unit)), inks.WHITE,
                          words + ("" if rng is None else ", range %s" % ui.word(rng)), ink))
        if ui.get(reply, "skipped"):
            lines.append(("%d aircraft draw no Pop-Up." % ui.get(reply, "skipped"), inks.GREY))
        if ui.get(reply, "data"):
            lines.append((ui.data_status(reply), inks.PURPLE))
        self.app.open("reveal", "Pop-Ups drawn", lines)
        self.show("%s on the battlefield." % ui.count(enemies, "enemy", "enemies"),
                  inks.RED if enemies else inks.GREEN)

    def returned(self, reply):
        back = ui.get(reply, "returned")
        if isinstance(back, list):  # the Hit counters an aircraft held
            n = len(back)
            self.show("%s back in the cup." % ("No counter" if not n else "1 counter" if n == 1
                                               else "%d counters" % n))
        else:  # a Pop-Up, as its picker named it
            self.show("Back in the cup: %s." % self.out.shown("%s" % back))

    # --- the glance ------------------------------------------------------------------------
    def status(self, canvas, top, bottom):
        w = canvas.width
        y = top
        if self.warning:
            canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, self.warning, inks.PURPLE,
                        fonts.SMALL)
            y += widgets.ROW_H
        if self.page == 1:
            if not self.outs:
                text_rows(canvas, widgets.PAD, y, w, bottom, ("No Pop-Up on the battlefield.",))
                return
            for hexes, unit, words, ink in self.outs:
                if y + widgets.ROW_H > bottom:
                    break
                bw = widgets.badge(canvas, widgets.PAD, y, hexes, inks.WHITE)
                uw = fonts.width(fonts.BOLD, unit) + 3  # (at 160 px "AAA 1 Light, range 1"
                canvas.text(widgets.PAD + bw + 2, y, uw, unit, inks.WHITE, fonts.BOLD)  # fits)
                x = widgets.PAD + bw + 2 + uw
                canvas.text(x, y, w - widgets.PAD - x, words, ink, fonts.SMALL, 2)
                y += widgets.ROW_H
            return
        if not self.held:
            text_rows(canvas, widgets.PAD, y, w, bottom, ("No counter held.",))
            return
        canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, "Held until the aircraft's turn ends:",
                    inks.GREY, fonts.SMALL)
        y += widgets.ROW_H
        for label, chits in self.held:
            if y + widgets.ROW_H > bottom:
                break
            canvas.text(widgets.PAD, y, 12, label, inks.WHITE, fonts.BOLD)
            x = widgets.PAD + 14
            for text, ink in chits:
                cw = fonts.width(fonts.BOLD, text) + 6
                if x + cw > w - widgets.PAD:
                    y += widgets.ROW_H + 1
                    x = widgets.PAD + 14
                    if y + widgets.ROW_H > bottom:
                        break
                canvas.fill(x, y, cw, widgets.ROW_H, ink, 1)
                canvas.frame(x, y, cw, widgets.ROW_H, inks.BLACK, 2)
                canvas.text(x + 3, y, cw - 6, text, inks.BLACK, fonts.BOLD)
                x += cw + 3
            y += widgets.ROW_H + 1
