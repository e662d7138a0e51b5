"""The Golan d6 game: mines, leaders, and the fire notes (the Golan fragment).

Three pages (SELECT): Mines (the 10 Israeli mines: place, reveal, the d6 after an attack, a new
game), Leaders (the five leaders: put in a stack, the movement test, the fate test) and Fire
(BMP-1/Sagger, helicopter range, AVLB, mortar and helicopter notes).  A hex is picked as its
column and row numbers and named "CCRR" (e.g. 0512, as printed on the map); leaders are renamed
over the serial line (`leader name`).  Every action is the engine's request
(docs/protocol/golan.md).
"""

from firmware import fonts, inks, widgets
from firmware import ui
from firmware.pickers import Action, Choice, Field, Number
from firmware.screens.form import Form

LEADERS = ("i1", "i2", "i3", "s1", "s2")
# The leaders' names until the player gives them theirs (the fragment names none): the engine's
# placeholder, israeli-1, is said "Israeli leader 1" ([13.0]: three Israeli, two Syrian leaders).
SIDES = {"i": ("israeli-", "Israeli leader "), "s": ("syrian-", "Syrian leader ")}


def leader_name(name, lid):
    """Leader `lid` (i1) as a player says him: his name, or "Israeli leader 1" for the
    placeholder the engine gives him."""
    word, said = SIDES[lid[0]]
    if not name or name == word + lid[1:]:
        return said + lid[1:]
    return name[:1].upper() + name[1:]


class HexWord(Field):
    """The hex "CCRR" of a column and a row field (it adds the word; they are the rows shown)."""

    def __init__(self, col, row):
        self.col = col
        self.row = row

    def words(self):
        return ["%02d%02d" % (self.col.value, self.row.value)]


class Screen(Form):
    TITLE = "Golan"
    PAGES = ("Mines", "Leaders", "Fire")

    def __init__(self, app):
        self.col = Number("Hex column", 1, 99, 5, "%02d")
        self.row = Number("Hex row", 1, 99, 12, "%02d")
        at = HexWord(self.col, self.row)
        self.mine = Number("Mine", 1, 10, 1)
        self.who = Choice("Leader", [(leader_name("", w), w) for w in LEADERS])
        self.range = Number("Range", 0, 40, 4)
        self.where = Choice("AVLB in", (("a ditch", "ditch"), ("the open", "open")))
        hexes = (self.col, self.row)
        self.actions = (
            (Action("place", ("mine", "place", at), hexes, then="placed"),
             Action("reveal", ("mine", "reveal"), then="revealed"),
             Action("attack", ("mine", "attack", self.mine), then="mine_attacked"),
             Action("new game", None, (), then="new_game")),
            (Action("put in hex", ("leader", "at", self.who, at), (self.who,) + hexes,
                    then="placed_leader"),
             Action("move", ("leader", "move", self.who, at), (self.who,) + hexes,
                    then="tested"),
             Action("move, adjacent", ("leader", "move", self.who, at, "adj"),
                    (self.who,) + hexes, then="tested"),
             Action("fate", ("leader", "fate", self.who, at), (self.who,) + hexes,
                    then="tested")),
            (Action("Sagger", ("sagger",), then="sagger"),
             Action("heli range", ("heli", "range", self.range), then="heli_range"),
             Action("AVLB defence", ("avlb", "defence", self.where), then="avlb_defence"),
             Action("AVLB ditch", ("avlb", "ditch", at), hexes, then="avlb_ditch"),
             Action("mortar notes", ("mortar",), then="notes"),
             Action("heli notes", ("heli",), then="notes")),
        )
        self.head = ()
        self.head_ink = inks.WHITE
        self.lines = ()  # (text, ink, right, right ink)
        super().__init__(app)

    def hexname(self):
        return "%02d%02d" % (self.col.value, self.row.value)

    # --- after an action -------------------------------------------------------------------
    def placed(self, reply):
        self.show("Mine %d is placed in hex %s." % (ui.get(reply, "mine"), ui.get(reply, "hex")),
                  inks.YELLOW)

    def revealed(self, reply):
        self.show("%s face up: attack them." % ui.count(len(ui.get(reply, "revealed")), "mine"),
                  inks.YELLOW)

    def mine_attacked(self, reply):
        stays = ui.get(reply, "outcome") == "stays"
        self.show("d6 %d: mine %d %s." % (ui.get(reply, "die"), ui.get(reply, "mine"),
                                          "stays" if stays else "is removed"),
                  inks.YELLOW if stays else inks.GREEN)

    def new_game(self, _reply):
        self.app.open("confirm", "New Golan game", "All 10 mines back in hand, every leader"
                      " alive and unplaced?", ["golan", "new"], "new Golan game")

    def placed_leader(self, reply):
        self.show("%s is in hex %s." % (self.who.text, self.hexname()))

    def tested(self, reply):
        out = ui.get(reply, "outcome")
        ink = inks.GREEN if out == "moves" else inks.RED if out in ("killed", "destroyed") \
            else inks.YELLOW
        at = ui.get(reply, "hex")
        self.show("d6 %d: %s %s." % (ui.get(reply, "die"), self.who.text, {
            "moves": "moves to hex %s" % at if at else "moves", "stays": "stays",
            "killed": "is killed", "destroyed": "is destroyed"}.get(out, out)), ink)

    def in_words(self, text):
        """A refusal in the screen's words, a leader by the name the screen gives him."""
        text = Form.in_words(self, text)
        for lid in LEADERS:
            word = SIDES[lid[0]][0] + lid[1:]
            if word in text:
                text = text.replace(word, leader_name(word, lid))
        return text

    def sagger(self, reply):
        odd = ui.get(reply, "odd")
        self.show("d6 %d: %s" % (ui.get(reply, "die"), "odd, no missiles." if odd else
                                 "even, fire on the table."), inks.RED if odd else inks.GREEN)

    def heli_range(self, reply):
        self.show("Range %d counts as %d against a helicopter." % (
            self.range.value, ui.get(reply, "vs_helicopter")), inks.YELLOW)

    def avlb_defence(self, reply):
        self.show("The AVLB's defence is %d." % ui.get(reply, "defence"), inks.YELLOW)

    def avlb_ditch(self, reply):
        self.show("The AVLB is in the ditch of hex %s." % self.hexname(), inks.YELLOW)

    def notes(self, reply):
        label = self.action().label
        self.app.open("notice", label[:1].upper() + label[1:], "\n".join(ui.get(reply, "notes")),
                      inks.WHITE)

    # --- the glance ------------------------------------------------------------------------
    def refresh(self):
        self.lines = ()
        self.head = ()
        self.head_ink = inks.WHITE
        if self.app.game() != "golan":
            self.head = self.lines_of("Choose Golan in Settings first.")
            self.head_ink = inks.YELLOW
            return
        lines = []
        if self.page == 0:
            r = self.app.run(["mine"])
            self.head = self.lines_of("%s in hand, %d removed" % (
                ui.count(ui.get(r, "hand", 0), "mine"), ui.get(r, "removed", 0)))
            for m in ui.get(r, "map", ()) or ():
                up = m[2] == "up"
                lines.append(("Mine %d in hex %s" % (m[0], m[1]), inks.WHITE,
                              "face up" if up else "face down", inks.YELLOW if up else inks.GREY))
        elif self.page == 1:
            r = self.app.run(["leader"])
            names = []
            for x in ui.get(r, "leaders", ()) or ():
                p = ui.pairs_of(x)
                alive = ui.get(p, "alive")
                name = leader_name(ui.get(p, "name"), ui.get(p, "id"))
                names.append((name, ui.get(p, "id")))
                where = ("in hex " + ui.get(p, "hex")) if ui.get(p, "hex") else "not placed"
                lines.append((name, inks.WHITE if alive else inks.GREY,
                              where if alive else "dead",
                              inks.RED if not alive else inks.YELLOW if ui.get(p, "hex") else
                              inks.GREY))
            if names:
                self.who.set_options(names)
        else:
            r = self.app.run(["avlb"])
            ditch = ui.get(r, "ditch", ()) or ()
            self.head = self.lines_of(("AVLB in the ditch of hex " + ", ".join(ditch)) if ditch
                                      else "No AVLB in a ditch.")
        self.lines = tuple(lines)

    def status(self, canvas, top, bottom):
        w = canvas.width
        y = top
        for line in self.head:
            canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, line, self.head_ink, fonts.BOLD)
            y += widgets.ROW_H
        if self.head:
            y += 1
        for text, ink, right, right_ink in self.lines:
            if y + widgets.ROW_H > bottom:
                break
            rw = fonts.width(fonts.SMALL, right)
            canvas.text(widgets.PAD, y, w - 2 * widgets.PAD - rw - 4, text, ink, fonts.SMALL)
            canvas.text(w - widgets.PAD - rw, y, rw, right, right_ink, fonts.SMALL)
            y += widgets.ROW_H
