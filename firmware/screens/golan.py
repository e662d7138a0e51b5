"""The Golan d6 game: mines, leaders, and the fire notes (the Golan fragment).

Three pages (SELECT): MINES (the 10 Israeli mines: place, reveal, the d6 after an attack, a new
game), LEADERS (the five leaders: put in a stack, the movement test, the fate test) and FIRE
(BMP-1/Sagger, helicopter range, AVLB, mortar and helicopter notes).  Hexes are picked as column
and row numbers and named "CCRR" (e.g. 0512); leaders are renamed over the serial line (`leader
name`).  Every action is the engine's request (docs/protocol/golan.md).
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

LEADERS = ("i1", "i2", "i3", "s1", "s2")
LABELS = {"col": "Hex column", "row": "Hex row", "mine": "Mine", "who": "Leader",
          "range": "Range", "where": "AVLB in"}
FIELDS = (
    {"place": ("act", "col", "row"), "reveal": ("act",), "attack": ("act", "mine"),
     "new game": ("act",)},
    {"at": ("act", "who", "col", "row"), "move": ("act", "who", "col", "row"),
     "move adj": ("act", "who", "col", "row"), "fate": ("act", "who", "col", "row")},
    {"sagger": ("act",), "heli range": ("act", "range"), "avlb defence": ("act", "where"),
     "avlb ditch": ("act", "col", "row"), "mortar": ("act",), "heli": ("act",)},
)
LIMITS = {"col": (1, 99), "row": (1, 99), "mine": (1, 10), "range": (0, 40)}


class Screen(Form):
    PAGES = ("MINES", "LEADERS", "FIRE")
    ACTIONS = (("place", "reveal", "attack", "new game"), ("at", "move", "move adj", "fate"),
               ("sagger", "heli range", "avlb defence", "avlb ditch", "mortar", "heli"))

    def __init__(self, app):
        self.v = {"col": 5, "row": 12, "mine": 1, "who": 0, "range": 4, "where": 0}
        self.info = None
        super().__init__(app)

    def fields(self):
        return FIELDS[self.page][self.act_name()]

    def label(self, f):
        return LABELS[f]

    def value(self, f):
        x = self.v[f]
        if f == "who":
            return LEADERS[x]
        if f == "where":
            return "ditch" if x == 0 else "open"
        if f == "col" or f == "row":
            return "%02d" % x
        return "%d" % x

    def change(self, f, d):
        if f == "who":
            self.v[f] = (self.v[f] + d) % len(LEADERS)
        elif f == "where":
            self.v[f] ^= 1
        else:
            lo, hi = LIMITS[f]
            self.v[f] = max(lo, min(hi, self.v[f] + d))

    def hexname(self):
        return "%02d%02d" % (self.v["col"], self.v["row"])

    # --- actions -------------------------------------------------------------------------
    def act(self):
        a = self.act_name()
        if self.page == 0:
            self._mines(a)
        elif self.page == 1:
            self._leaders(a)
        else:
            self._fire(a)

    def _mines(self, a):
        if a == "place":
            r = self.run(["mine", "place", self.hexname()])
            if r:
                self.show("mine %d in %s" % (ui.get(r, "mine"), ui.get(r, "hex")), C.YELLOW)
        elif a == "reveal":
            r = self.run(["mine", "reveal"])
            if r:
                self.show("%d face up: attack!" % len(ui.get(r, "revealed")), C.YELLOW)
        elif a == "attack":
            r = self.run(["mine", "attack", "%d" % self.v["mine"]])
            if r:
                stays = ui.get(r, "outcome") == "stays"
                self.show("d6 %d: mine %s" % (ui.get(r, "die"), "STAYS" if stays else "removed"),
                          C.YELLOW if stays else C.GREEN)
        else:
            self.app.open("confirm", "New Golan game", "All 10 mines back in hand, every leader"
                          " alive and unplaced?", ["golan", "new"], "new Golan game")

    def _leaders(self, a):
        who = LEADERS[self.v["who"]]
        if a == "at":
            if self.run(["leader", "at", who, self.hexname()]):
                self.show("%s in %s" % (who, self.hexname()))
            return
        if a == "fate":
            r = self.run(["leader", "fate", who, self.hexname()])
        else:
            words = ["leader", "move", who, self.hexname()]
            if a == "move adj":
                words.append("adj")
            r = self.run(words)
        if r:
            out = ui.get(r, "outcome")
            ink = C.GREEN if out == "moves" else C.RED if out in ("killed", "destroyed") else (
                C.YELLOW)
            self.show("d6 %d: %s %s" % (ui.get(r, "die"), who, out.upper()), ink)

    def _fire(self, a):
        if a == "sagger":
            r = self.run(["sagger"])
            if r:
                odd = ui.get(r, "odd")
                self.show("d6 %d: %s" % (ui.get(r, "die"), "NE, no missiles" if odd else
                                         "fire table"), C.RED if odd else C.GREEN)
        elif a == "heli range":
            r = self.run(["heli", "range", "%d" % self.v["range"]])
            if r:
                self.show("range %d -> %d" % (self.v["range"], ui.get(r, "vs_helicopter")),
                          C.YELLOW)
        elif a == "avlb defence":
            r = self.run(["avlb", "defence", "ditch" if self.v["where"] == 0 else "open"])
            if r:
                self.show("AVLB defence %d" % ui.get(r, "defence"), C.YELLOW)
        elif a == "avlb ditch":
            if self.run(["avlb", "ditch", self.hexname()]):
                self.show("AVLB in ditch %s" % self.hexname(), C.YELLOW)
        else:
            r = self.run([a])
            if r:
                self.app.open("notice", a, "\n".join(ui.get(r, "notes")))

    # --- status ----------------------------------------------------------------------------
    def refresh(self):
        self.info = None
        if self.app.game() != "golan":
            return
        if self.page == 0:
            self.info = self.app.run(["mine"])
        elif self.page == 1:
            self.info = self.app.run(["leader"])
        else:
            self.info = self.app.run(["avlb"])

    def status(self, c, row, rows):
        ui.title(c, self.PAGES[self.page], "d6")
        if self.app.game() != "golan":
            c.text(0, row, "Select GOLAN in", C.YELLOW)
            c.text(0, row + 1, "Settings first.", C.YELLOW)
            return
        r = self.info
        if self.page == 0:
            c.text(0, row, "hand %d  removed %d" % (ui.get(r, "hand", 0), ui.get(r, "removed", 0)))
            mines = ui.get(r, "map", ())
            half = c.cols // 2
            for k in range(len(mines)):
                if 1 + k // 2 >= rows:
                    break
                m = mines[k]
                c.text((k % 2) * half, row + 1 + k // 2, "%d %s %s" % (m[0], m[1], m[2]),
                       C.YELLOW if m[2] == "up" else C.GREY)
        elif self.page == 1:
            ls = ui.get(r, "leaders", ())
            for k in range(min(len(ls), rows)):
                p = ls[k].pairs
                alive = ui.get(p, "alive")
                where = ui.get(p, "hex") or "-" if alive else "dead"
                c.text(0, row + k, "%s %s" % (ui.get(p, "id"), ui.get(p, "name")),
                       C.WHITE if alive else C.GREY)
                c.right(row + k, where, C.YELLOW if alive else C.RED)
        else:
            ditch = ui.get(r, "ditch", ())
            c.text(0, row, "AVLB in ditch:", C.GREY)
            c.text(0, row + 1, " ".join(ditch) or "none")
