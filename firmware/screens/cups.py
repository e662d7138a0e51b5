"""Cups: draw Hit counters against an aircraft and Pop-Ups (docs/rules.md), each the engine's
`ac attacked`, `cup draw ...`, `cup end-turn`, `cup return` request (docs/protocol/cups.md).

Page HIT: `attack` draws for an aircraft of the mission roster (the engine applies its type, ECM
pod and Evasive, then the results); `draw` is the bare draw for an aircraft the device does not
track (number, type, ECM, Evasive given here); `end turn` returns the temporary counters an
aircraft holds.  Each attacking unit is its number of hits and L (Light) or H (Heavy), e.g. 2H.
The counters drawn are revealed one per line: Light in yellow, Heavy in red, D for durable (a
marker stays on the aircraft), T for temporary (held beside it until the end of its next turn).
Page POP-UP: draw N Pop-Ups (an enemy with its d10 hex), return one that was destroyed.
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

HIT = ("attack", "draw", "end turn")
POPUP = ("draw", "return")
FIELDS = {
    ("HIT", "attack"): ("ac", "u1", "u2", "u3", "evade"),
    ("HIT", "draw"): ("slot", "type", "ecm", "evasive", "u1", "u2", "evade"),
    ("HIT", "end turn"): ("slot",),
    ("POP-UP", "draw"): ("count",),
    ("POP-UP", "return"): ("out",),
}
LABELS = {"ac": "Aircraft", "slot": "Aircraft #", "type": "Type", "ecm": "ECM pod",
          "evasive": "Evasive", "u1": "Unit 1", "u2": "Unit 2", "u3": "Unit 3",
          "evade": "Evade first", "count": "Pop-Ups", "out": "Destroyed"}
UNITS = ("-", "1L", "2L", "3L", "4L", "1H", "2H", "3H", "4H")
DURABLE = ("structure", "engine", "pylon", "bullet-holes", "hud", "display", "controls", "cannon",
           "wounded")  # a damage marker stays (docs/rules.md); the others are instant or temporary


class Screen(Form):
    PAGES = ("HIT", "POP-UP")
    ACTIONS = (HIT, POPUP)

    def __init__(self, app):
        self.v = {"ac": 0, "slot": 1, "type": 0, "ecm": 0, "evasive": 0, "u1": 6, "u2": 0,
                  "u3": 0, "evade": 0, "count": 1, "out": 0}
        self.families = ()  # the types printed on Hit counters (data/tal/aircraft.txt)
        self.flying = ()  # roster aircraft of the mission (reply objects)
        self.hit = ()  # `cup show hit`
        self.popup = ()  # `cup show popup`
        super().__init__(app)

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        self.hit = self.app.run(["cup", "show", "hit"]) or ()
        self.popup = self.app.run(["cup", "show", "popup"]) or ()
        if not self.families:
            from firmware.screens.mission import aircraft_types

            self.families = aircraft_types(self.app.session, True) or ("a-10",)
        self.flying = ()
        if self.app.has("ac"):
            r = self.app.run(["ac", "list"]) or ()
            self.flying = tuple(a for a in ui.get(r, "aircraft", ()) or ()
                                if ui.get(ui.pairs_of(a), "status") == "flying")

    def page_name(self):
        return self.PAGES[self.page]

    def fields(self):
        return ("act",) + FIELDS[(self.page_name(), self.act_name())]

    def label(self, f):
        return LABELS[f]

    def chosen(self):
        if not self.flying:
            return None
        return ui.pairs_of(self.flying[self.v["ac"] % len(self.flying)])

    def outs(self):
        return ui.get(self.popup, "out", ()) or ()

    def value(self, f):
        x = self.v[f]
        if f == "ac":
            a = self.chosen()
            return "%d %s" % (ui.get(a, "ac"), ui.get(a, "type")) if a else "none flying"
        if f in ("u1", "u2", "u3"):
            return UNITS[x]
        if f == "type":
            return self.families[x % len(self.families)]
        if f == "ecm":
            return "yes" if x else "no"
        if f == "evade":
            return "heavy" if x else "light"
        if f == "out":
            outs = self.outs()
            if not outs:
                return "none out"
            p = ui.pairs_of(outs[x % len(outs)])
            return "#%d %s" % (ui.get(p, "n"), ui.get(p, "unit"))
        return "%d" % x

    def change(self, f, d):
        one = 1 if d > 0 else -1
        if f in ("ecm", "evade"):
            self.v[f] ^= 1
        elif f in ("u1", "u2", "u3"):
            self.v[f] = (self.v[f] + one) % len(UNITS)
        elif f == "type":
            self.v[f] = (self.v[f] + one) % len(self.families)
        elif f == "ac":
            self.v[f] = (self.v[f] + one) % max(1, len(self.flying))
        elif f == "out":
            self.v[f] = (self.v[f] + one) % max(1, len(self.outs()))
        elif f == "slot":
            self.v[f] = (self.v[f] - 1 + one) % 8 + 1
        elif f == "count":
            self.v[f] = max(1, min(8, self.v[f] + one))
        else:  # evasive
            self.v[f] = max(0, min(9, self.v[f] + one))

    def units(self, names):
        out = []
        for f in names:
            if self.v[f]:
                out.append(UNITS[self.v[f]].lower())
        return out

    # --- actions ---------------------------------------------------------------------------
    def act(self):
        page = self.page_name()
        a = self.act_name()
        v = self.v
        if page == "HIT" and a == "attack":
            ac = self.chosen()
            if ac is None:
                self.app.say("no aircraft flying: Mission, or use 'draw'", C.RED)
                return
            units = self.units(("u1", "u2", "u3"))
            if not units:
                self.app.say("set the attacking units", C.RED)
                return
            words = ["ac", "attacked", "%d" % ui.get(ac, "ac")] + units + (
                ["heavy-first"] if v["evade"] else [])
        elif page == "HIT" and a == "draw":
            units = self.units(("u1", "u2"))
            if not units:
                self.app.say("set the attacking units", C.RED)
                return
            words = ["cup", "draw", "hit", "ac", "%d" % v["slot"], "type", self.value("type")] + (
                units + (["ecm"] if v["ecm"] else []) +
                (["evasive", "%d" % v["evasive"]] if v["evasive"] else []) +
                (["heavy-first"] if v["evade"] else []))
        elif page == "HIT":
            words = ["cup", "end-turn", "%d" % v["slot"]]
        elif a == "draw":
            words = ["cup", "draw", "popup", "%d" % v["count"]]
        else:
            outs = self.outs()
            if not outs:
                self.app.say("no Pop-Up is out", C.RED)
                return
            words = ["cup", "return", "popup",
                     "%d" % ui.get(ui.pairs_of(outs[v["out"] % len(outs)]), "n")]
        r = self.run(words)
        if r is None:
            return
        if page == "HIT" and a != "end turn":
            self.reveal_hits(r)
        elif page == "POP-UP" and a == "draw":
            self.reveal_popups(r)
        else:
            back = ui.get(r, "returned")
            self.show("back in the cup: %s" % ui.word(
                [ui.get(ui.pairs_of(x), "n") for x in back] if isinstance(back, list) else back))

    def reveal_hits(self, r):
        lines = []
        ecm = ui.get(r, "ecm_dice", ui.get(r, "ecm", ())) or ()
        if ecm:
            lines.append(("ECM " + " ".join("%d" % x for x in ecm) + " (7+ cancels)", C.CYAN))
        light = ui.get(r, "light", 0)
        heavy = ui.get(r, "heavy", 0)
        lines.append(("Light %d  Heavy %d" % (light, heavy), C.WHITE))
        worst = C.GREEN
        for x in ui.get(r, "draws", ()) or ():
            p = ui.pairs_of(x)
            heavy_side = ui.get(p, "side") == "heavy"
            effect = ui.get(p, "effect", "")
            val = ui.get(p, "value", 0)
            result = ui.get(p, "result") or (ui.get(p, "ignored") or "")
            mark = "D" if effect in DURABLE else ("T" if result == "held" or
                                                  ui.get(p, "kind") == "temporary" else " ")
            text = "%s %s%s" % ("H" if heavy_side else "L", effect,
                                " %d" % val if val else "")
            ink = C.RED if heavy_side else C.YELLOW
            if result and result not in ("marked", "held"):
                text += " (%s)" % result
            lines.append(("%s %s" % (mark, text), C.GREY if "ignored" in result or (
                result and result not in ("marked", "held", "crashed", "killed")) else ink))
            if heavy_side:
                worst = C.RED
            elif worst != C.RED:
                worst = C.YELLOW
        if not ui.get(r, "draws"):
            lines.append(("no counter drawn", C.GREEN))
        lines.append(("D durable  T held to end of next turn", C.GREY))
        if ui.get(r, "status") in ("crashed", "down"):
            lines.append(("aircraft CRASHED", C.RED))
        if ui.get(r, "data"):
            lines.append((ui.get(r, "data"), C.YELLOW))
        self.app.open("reveal", "HITS", lines, "ac %s" % ui.word(ui.get(r, "ac")))
        self.show("L%d H%d drawn" % (light, heavy), worst if ui.get(r, "draws") else C.GREEN)

    def reveal_popups(self, r):
        lines = []
        enemies = 0
        for x in ui.get(r, "draws", ()) or ():
            p = ui.pairs_of(x)
            unit = ui.get(p, "unit", "")
            if ui.get(p, "hex") is None:
                lines.append(("#%d %s" % (ui.get(p, "n"), unit), C.GREY))
                continue
            enemies += 1
            attack = ui.get(p, "attack", "-")
            rng = ui.get(p, "range")
            lines.append(("%s %s r%s hex %d" % (unit.upper(), attack, ui.word(rng),
                                                ui.get(p, "hex")),
                          C.RED if attack.endswith("h") else C.YELLOW))
        if ui.get(r, "skipped"):
            lines.append(("%d skipped" % ui.get(r, "skipped"), C.GREY))
        if ui.get(r, "data"):
            lines.append((ui.get(r, "data"), C.YELLOW))
        self.app.open("reveal", "POP-UPS", lines)
        self.show("%d enem%s" % (enemies, "y" if enemies == 1 else "ies"),
                  C.RED if enemies else C.GREEN)

    # --- the glance ------------------------------------------------------------------------
    def status(self, c, row, rows):
        if self.page == 0:
            r = self.hit
            ui.title(c, "HIT CUP", "%d/%d in" % (ui.get(r, "in", 0), ui.get(r, "total", 0)))
            held = ui.get(r, "held", ()) or ()
            if not held:
                c.text(0, row, "No counter held.", C.GREY)
                return
            for i in range(min(rows, len(held))):
                p = ui.pairs_of(held[i])
                heavy = ui.get(p, "side") == "heavy"
                val = ui.get(p, "value", 0)
                c.text(0, row + i, "ac%s %s%s" % (ui.word(ui.get(p, "ac")), ui.get(p, "effect"),
                                                  " %d" % val if val else ""),
                       C.RED if heavy else C.YELLOW)
                c.right(row + i, "T%s" % ui.word(ui.get(p, "ends")), C.GREY)
            return
        r = self.popup
        ui.title(c, "POP-UP CUP", "%d/%d in" % (ui.get(r, "in", 0), ui.get(r, "total", 0)))
        outs = self.outs()
        if not outs:
            c.text(0, row, "No Pop-Up out.", C.GREY)
            return
        for i in range(min(rows, len(outs))):
            p = ui.pairs_of(outs[i])
            attack = ui.get(p, "attack", "-")
            c.text(0, row + i, "#%d %s %s" % (ui.get(p, "n"), ui.get(p, "unit"), attack),
                   C.RED if attack.endswith("h") else C.YELLOW)
            c.right(row + i, "hex %s" % ui.word(ui.get(p, "hex")), C.WHITE)
