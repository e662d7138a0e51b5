"""Roll: checks against a target, plain rolls, launch-retain and pick-one-of-N (docs/rules.md).

UP/DOWN choose a setting, LEFT/RIGHT change it, SELECT changes the mode, A (or a shake) rolls,
again and again with the same settings.  The result is a big numeral in the colour of the
outcome; the dice are drawn as dice (pips on a d6, the numeral on a d10, which reads 1..10), a
batch "for each" as rows of dice, each green (pass) or red (fail).  The dice come from the
engine's `check`, `roll`, `retain` and `pick` requests; a batch of checks is one
`roll Nd10 +M` whose dice are judged with `engine.core.dice.check_passes`, the engine's rule.
"""

from engine.core import dice
from firmware import fonts, inks, keys, widgets
from firmware import ui
from firmware.pickers import Choice, Number

MODES = ("check", "roll", "retain", "pick")
TITLES = ("Check", "Roll", "Launch-retain", "Pick one")
SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
MAX_DICE = 24  # a batch: the dice of a whole battalion
OUTCOME = {"miss": ("MISS", inks.RED, "weapon spent"),
           "spent": ("HIT", inks.YELLOW, "weapon spent"),
           "kept": ("HIT", inks.GREEN, "weapon kept")}
DIE_SIZES = (24, 20, 18, 16, 14, 12)


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.mode = Choice("Mode", [(m, m) for m in MODES])
        self.target = Number("Target", 1, 20, 6, "%d+")
        self.mod = Number("Modifier", -20, 20, 0, "%+d", "%+d")
        self.n = Number("Dice", 1, MAX_DICE, 1)
        self.sides = Choice("Sides", [("d%d" % s, "%d" % s) for s in SIDES], SIDES.index(10))
        self.x = Number("Hit on", 1, 20, 3, "%d+")
        self.y = Number("Keep on", 1, 20, 8, "%d+")
        self.of = Number("One of", 2, dice.MAX_BATCH, 2)
        self.by_mode = {}
        for mode, names in self.FIELDS.items():
            self.by_mode[mode] = tuple(getattr(self, f) for f in names)
        self.game = None
        self.sel = 0
        self.right = "d10"
        self.clear()
        self.sync()

    sleeps = ("mode", "target", "mod", "n", "sides", "x", "y", "of", "by_mode", "game", "sel",
              "right", "big", "big_ink", "big_font", "badge", "badge_ink", "lines", "dice", "faces",
              "dice_sides", "die_shown")

    FIELDS = {"check": ("mode", "target", "mod", "n"), "roll": ("mode", "n", "sides", "mod"),
              "retain": ("mode", "x", "y", "mod"), "pick": ("mode", "of")}

    def clear(self):
        """No result shown (a new mode, a new game)."""
        self.big = "--"
        self.big_ink = inks.GREY
        self.big_font = fonts.BIG
        self.badge = ""
        self.badge_ink = inks.WHITE
        self.lines = ("A: roll",)
        self.dice = ()
        self.faces = ()
        self.dice_sides = 10
        self.die_shown = 0  # the single die of a check or retain (0: none)

    def refresh(self):
        """Defaults for the campaign's game (it can change in Settings): GOLAN rolls d6 only."""
        game = self.app.game()
        if game == self.game:
            return
        self.game = game
        sides = self.app.die()
        self.sides.select("%d" % sides)
        self.mode.select("check" if sides == 10 else "roll")
        self.sel = 0
        self.clear()
        self.retitle()

    def fields(self):
        return self.by_mode[self.mode.chosen()]

    def retitle(self):
        mode = self.mode.chosen()
        self.right = ("d" + self.sides.chosen()) if mode == "roll" else "" if mode == "pick" \
            else "d10"

    # --- rolling -------------------------------------------------------------------------
    def roll(self):
        mode = self.mode.chosen()
        mod = self.mod.words()[0]
        if mode == "check" and self.n.value == 1:
            r = self.app.run(["check", "%d" % self.target.value, mod])
            if r is None:
                return
            ok = ui.get(r, "pass")
            self.show("%d" % ui.get(r, "result"), inks.GREEN if ok else inks.RED,
                      "PASS" if ok else "FAIL", ("need %d+" % self.target.value,
                                                 "mod %s" % mod))
            self.die_shown = ui.get(r, "die")
        elif mode == "check":
            r = self.app.run(["roll", "%dd10" % self.n.value, mod])
            if r is None:
                return
            ds = ui.get(r, "dice")
            faces = []
            passes = 0
            for d in ds:
                ok = dice.check_passes(d + self.mod.value, self.target.value)
                passes += 1 if ok else 0
                faces.append(inks.GREEN if ok else inks.RED)
            ink = inks.GREEN if passes else inks.RED
            self.show("%d/%d" % (passes, len(ds)), ink, "%d PASS" % passes,
                      ("need %d+, mod %s" % (self.target.value, mod),))
            self.dice = tuple(ds)
            self.faces = tuple(faces)
        elif mode == "roll":
            r = self.app.run(["roll", "%dd%s" % (self.n.value, self.sides.chosen()), mod])
            if r is None:
                return
            sides = int(self.sides.chosen())
            self.show("%d" % ui.get(r, "total"), inks.WHITE, "",
                      ("total of %dd%d" % (self.n.value, sides), "mod %s" % mod)
                      if self.n.value < 7 else ("%dd%d, mod %s" % (self.n.value, sides, mod),))
            self.dice = tuple(ui.get(r, "dice"))
            self.faces = tuple(inks.WHITE for _ in self.dice)
            self.dice_sides = sides
        elif mode == "retain":
            r = self.app.run(["retain", "%d" % self.x.value, "%d" % self.y.value, mod])
            if r is None:
                return
            word, ink, what = OUTCOME.get(ui.get(r, "outcome"), ("?", inks.WHITE, ""))
            self.show("%d" % ui.get(r, "result"), ink, word, (what, "mod %s" % mod))
            self.die_shown = ui.get(r, "die")
        else:
            r = self.app.run(["pick", "%d" % self.of.value])
            if r is None:
                return
            self.show("%d" % ui.get(r, "pick"), inks.CYAN, "",
                      ("picked at random", "from 1 to %d" % self.of.value))
        self.app.feedback(self.big_ink)

    def show(self, big, ink, badge, lines):
        self.clear()
        self.big = big
        self.big_ink = ink
        self.badge = badge
        self.badge_ink = ink
        self.lines = lines
        self.big_font = fonts.BIG if fonts.width(fonts.BIG, big) <= 66 else fonts.MID

    # --- keys ------------------------------------------------------------------------------
    def key(self, event):
        fs = self.fields()
        k = event & keys.KEY_MASK
        if k == keys.A or k == keys.SHAKE:
            self.roll()
        elif k == keys.UP:
            self.sel = (self.sel - 1) % len(fs)
        elif k == keys.DOWN:
            self.sel = (self.sel + 1) % len(fs)
        elif k == keys.LEFT or k == keys.RIGHT:
            self.change(fs[self.sel], -1 if k == keys.LEFT else 1)
        elif event == keys.SELECT:
            self.change(self.mode, 1)
        else:
            return False
        return True

    def change(self, field, delta):
        if field is self.mode:
            self.mode.step(delta)
            if self.app.die() == 6 and self.mode.chosen() != "roll":  # GOLAN: plain d6 rolls
                self.mode.select("roll")
            self.sel = 0
            self.clear()
            self.retitle()
            return
        if field is self.sides and self.app.die() == 6:
            return  # GOLAN rolls d6 only
        field.step(delta)
        self.retitle()
        if field is self.x and self.y.value < self.x.value:
            self.y.set(self.x.value)
        elif field is self.y and self.y.value < self.x.value:
            self.y.set(self.x.value)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, canvas):
        widgets.title(canvas, TITLES[self.mode.index], self.right)
        w = canvas.width
        top = widgets.TITLE_H + 2
        fields_y = canvas.height - widgets.ROW_H * 3 - 1
        # the result: big numeral at the left, what it means at the right
        split = 74 if w < 200 else 96
        widgets.numeral(canvas, 4, top + 1, split - 6, self.big, self.big_ink, self.big_font)
        y = top
        room = w - split - widgets.PAD
        if self.badge:
            widgets.badge(canvas, split, y, self.badge, self.badge_ink)
            y += widgets.ROW_H + 2
        if self.die_shown:
            widgets.die(canvas, split, y, 14, 10, self.die_shown, inks.BLACK)
            canvas.text(split + 17, y + 1, room - 17, "die", inks.GREY)
            y += widgets.ROW_H + 3
        for line in self.lines:
            if y + widgets.ROW_H > fields_y - 2:
                break
            canvas.text(split, y, room, line, inks.GREY)
            y += widgets.ROW_H
        # a batch: every die
        if self.dice:
            area_y = max(y, top + fonts.HEIGHT[self.big_font] + 4)
            self.draw_dice(canvas, area_y, fields_y - 2)
        # the settings: two to a row
        fs = self.fields()
        half = w // 2
        for i in range(len(fs)):  # two cells a row, a gap between them
            x = (i % 2) * (half + 2)
            fy = fields_y + (i // 2) * widgets.ROW_H
            widgets.field(canvas, fy, fs[i].label, fs[i].text, i == self.sel, x, half - 2)
        widgets.hint(canvas, "A roll    SELECT mode")

    def draw_dice(self, canvas, y0, y1):
        n = len(self.dice)
        w = canvas.width - 2 * widgets.PAD
        size = DIE_SIZES[-1]
        for s in DIE_SIZES:
            per_row = (w + 2) // (s + 2)
            rows = (y1 - y0 + 2) // (s + 2)
            if per_row * rows >= n:
                size = s
                break
        per_row = max(1, (w + 2) // (size + 2))
        for i in range(n):
            x = widgets.PAD + (i % per_row) * (size + 2)
            y = y0 + (i // per_row) * (size + 2)
            if y + size > y1:
                break
            face = self.faces[i]
            widgets.die(canvas, x, y, size, self.dice_sides, self.dice[i], inks.BLACK, face)

