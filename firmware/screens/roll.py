"""Roll: checks against a target, plain rolls, launch-retain and pick-one-of-N (docs/rules.md).

UP/DOWN choose a setting, LEFT/RIGHT change it, SELECT changes the mode, A (or a shake) rolls,
again and again with the same settings.  Several dice make a batch "for each": every die is
shown, a check's in green (pass) or red (fail).  The dice come from the engine's `check`,
`roll`, `retain` and `pick` requests; a batch of checks is one `roll Nd10 +M` whose dice are
judged with `engine.dice.check_passes`, the engine's rule.
"""

from engine import dice
from firmware import canvas as C
from firmware import keys as K
from firmware import ui

MODES = ("check", "roll", "retain", "pick")
TITLES = ("CHECK", "ROLL", "LAUNCH-RETAIN", "PICK ONE")
SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100)
FIELDS = (
    ("mode", "target", "mod", "n"),  # check
    ("mode", "n", "sides", "mod"),  # roll
    ("mode", "x", "y", "mod"),  # retain
    ("mode", "of"),  # pick
)
LABELS = {"mode": "Mode", "target": "Target", "mod": "Modifier", "n": "Dice",
          "sides": "Sides", "x": "Retain X", "y": "Retain Y", "of": "One of"}
MAX_TARGET = 20
MAX_MOD = 20
OUTCOME_INK = {"miss": C.RED, "spent": C.YELLOW, "kept": C.GREEN}
_DICE_ROW = 4  # first row of a batch's dice
_DICE_ROWS = 3
_FIELD_ROW = 7


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.game = None
        self.target = 6
        self.mod = 0
        self.n = 1
        self.x = 3
        self.y = 8
        self.of = 2
        self.follow_game()

    def follow_game(self):
        """Defaults for the campaign's game (it can change in Settings): GOLAN rolls d6 only."""
        game = self.app.game()
        if game == self.game:
            return
        self.game = game
        self.sides = self.app.die()
        self.mode = 0 if self.sides == 10 else 1
        self.sel = 0
        self.shown = None  # the last result: (big text, big ink, detail lines, dice, dice inks)

    # --- settings ------------------------------------------------------------------------
    def fields(self):
        return FIELDS[self.mode]

    def max_dice(self, c):
        return (c.cols // 3) * _DICE_ROWS if c is not None else 18

    def value(self, f):
        if f == "mode":
            return MODES[self.mode]
        if f == "target":
            return "%d+" % self.target
        if f == "mod":
            return ui.signed(self.mod)
        if f == "n":
            return "%d" % self.n
        if f == "sides":
            return "d%d" % self.sides
        if f == "x":
            return "%d" % self.x
        if f == "y":
            return "%d" % self.y
        return "%d" % self.of

    def change(self, f, d):
        if f == "mode":
            self.mode = (self.mode + d) % len(MODES)
            self.sel = 0
            self.shown = None
        elif f == "target":
            self.target = max(1, min(MAX_TARGET, self.target + d))
        elif f == "mod":
            self.mod = max(-MAX_MOD, min(MAX_MOD, self.mod + d))
        elif f == "n":
            self.n = max(1, min(self._max_n, self.n + d))
        elif f == "sides":
            i = 0
            while i < len(SIDES) and SIDES[i] < self.sides:
                i += 1
            self.sides = SIDES[max(0, min(len(SIDES) - 1, i + d))]
        elif f == "x":
            self.x = max(1, min(MAX_TARGET, self.x + d))
            if self.y < self.x:
                self.y = self.x
        elif f == "y":
            self.y = max(self.x, min(MAX_TARGET, self.y + d))
        elif f == "of":
            self.of = max(2, min(dice.MAX_BATCH, self.of + d))

    _max_n = 18  # set from the canvas at each draw (more columns show more dice)

    # --- rolling -------------------------------------------------------------------------
    def roll(self):
        m = MODES[self.mode]
        mod = ui.signed(self.mod)
        if m == "check" and self.n == 1:
            r = self.app.run(["check", "%d" % self.target, mod])
            if r is None:
                return
            ok = ui.get(r, "pass")
            ink = C.GREEN if ok else C.RED
            self.shown = ("%d" % ui.get(r, "result"), ink,
                          (("PASS" if ok else "FAIL", ink), ("die %d" % ui.get(r, "die"), C.WHITE),
                           ("need %d+" % self.target, C.GREY)), (), ())
            self.app.feedback(ink)
        elif m == "check":
            r = self.app.run(["roll", "%dd10" % self.n, mod])
            if r is None:
                return
            ds = ui.get(r, "dice")
            results = []
            inks = []
            passes = 0
            for d in ds:
                ok = dice.check_passes(d + self.mod, self.target)
                passes += 1 if ok else 0
                results.append(d + self.mod)
                inks.append(C.GREEN if ok else C.RED)
            ink = C.GREEN if passes else C.RED
            self.shown = ("%d/%d" % (passes, len(ds)), ink,
                          (("pass", ink), ("need %d+" % self.target, C.GREY),
                           ("mod %s" % mod, C.GREY)), results, inks)
            self.app.feedback(ink)
        elif m == "roll":
            r = self.app.run(["roll", "%dd%d" % (self.n, self.sides), mod])
            if r is None:
                return
            ds = ui.get(r, "dice")
            self.shown = ("%d" % ui.get(r, "total"), C.WHITE,
                          (("%dd%d" % (self.n, self.sides), C.WHITE), ("mod %s" % mod, C.GREY),
                           ("total", C.GREY)), ds if self.n > 1 else (), ())
            self.app.feedback(C.WHITE)
        elif m == "retain":
            r = self.app.run(["retain", "%d" % self.x, "%d" % self.y, mod])
            if r is None:
                return
            out = ui.get(r, "outcome")
            ink = OUTCOME_INK.get(out, C.WHITE)
            self.shown = ("%d" % ui.get(r, "result"), ink,
                          ((out.upper(), ink), ("die %d" % ui.get(r, "die"), C.WHITE),
                           ("%d(%d)" % (self.x, self.y), C.GREY)), (), ())
            self.app.feedback(ink)
        else:
            r = self.app.run(["pick", "%d" % self.of])
            if r is None:
                return
            self.shown = ("%d" % ui.get(r, "pick"), C.CYAN,
                          (("picked", C.WHITE), ("1..%d" % self.of, C.GREY)), (), ())
            self.app.feedback(C.WHITE)

    # --- keys and drawing ----------------------------------------------------------------
    def key(self, ev):
        fs = self.fields()
        k = ev & K.KEY_MASK
        if k == K.A or k == K.SHAKE:
            self.roll()
        elif k == K.UP:
            self.sel = (self.sel - 1) % len(fs)
        elif k == K.DOWN:
            self.sel = (self.sel + 1) % len(fs)
        elif k == K.LEFT or k == K.RIGHT:
            self.change(fs[self.sel], -1 if k == K.LEFT else 1)
        elif ev == K.SELECT:
            self.change("mode", 1)
        else:
            return False
        return True

    def draw(self, c):
        self.follow_game()
        self._max_n = self.max_dice(c)
        if self.n > self._max_n:
            self.n = self._max_n
        m = MODES[self.mode]
        die = "d%d" % (self.sides if m == "roll" else 10)
        ui.title(c, TITLES[self.mode], die)
        detail_col = c.cols - 8
        if self.shown is None:
            c.big(4, 14, "--", C.GREY, 3)
            c.text(detail_col, 2, "A: roll", C.WHITE)
        else:
            big, ink, details, ds, inks = self.shown
            scale = 3 if len(big) <= 3 else 2
            c.big(4, 14 if scale == 3 else 18, big, ink, scale)
            row = 1
            for text, dink in details:
                if row == 1 and dink != C.WHITE and dink != C.GREY:
                    c.band(row, dink, detail_col, len(text) + 2)
                    c.text(detail_col + 1, row, text, C.BLACK)
                else:
                    c.text(detail_col, row, text, dink)
                row += 1
            per_row = c.cols // 3
            for i in range(len(ds)):
                col = (i % per_row) * 3
                r = _DICE_ROW + i // per_row
                c.text(col, r, "%2d" % ds[i], inks[i] if inks else C.WHITE)
        fs = self.fields()
        for i in range(len(fs)):
            row = _FIELD_ROW + i
            ui.selected(c, row, i == self.sel)
            c.text(2, row, LABELS[fs[i]], C.WHITE)
            if i == self.sel:
                c.text(11, row, "<%s>" % self.value(fs[i]), C.YELLOW)
            else:
                c.text(12, row, self.value(fs[i]), C.WHITE)
        ui.hint(c, "A roll SEL mode")
