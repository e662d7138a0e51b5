"""Self-test: 10,000 d10 from the session's dice as a histogram, with Pearson's chi-square.

The dice come from the engine's `tally d10 10000`; the statistic from
`engine.core.dice.chi_square_x100` (integers, so every board shows the same figure).  With 9 degrees
of freedom a fair die stays below 16.92 nineteen times in twenty (the 5 % critical value), so a
single red result is not yet proof of a fault: run it again.
"""

from engine.core import dice
from firmware import fonts, inks, keys, widgets
from firmware import ui
from firmware.canvas import RIGHT

N = 10000
SIDES = 10
CRITICAL_X100 = 1692  # chi-square, 9 degrees of freedom, 5 % (tables: 16.919)
INTRO = "Rolls %d d10 with the game's dice and checks they are fair (a chi-square test)." % N


class Screen(ui.Screen):
    leaves = ("counts", "chi", "verdict", "verdict_ink")  # the last run, kept under another

    def __init__(self, app):
        super().__init__(app)
        self.counts = None
        self.chi = 0
        self.verdict = ""
        self.verdict_ink = inks.WHITE
        self.intro = widgets.wrap(INTRO, app.width - 2 * widgets.PAD)

    def key(self, event):
        if event == keys.A:
            r = self.app.run(["tally", "d%d" % SIDES, "%d" % N])
            if r is not None:
                self.counts = tuple(ui.get(r, "counts"))
                self.chi = dice.chi_square_x100(self.counts, SIDES, N)
                ok = self.chi < CRITICAL_X100
                self.verdict = "chi-square %d.%02d: %s" % (
                    self.chi // 100, self.chi % 100, "fair" if ok else "high, run it again")
                self.verdict_ink = inks.GREEN if ok else inks.RED
                self.app.feedback(self.verdict_ink)
            return True
        return False

    def draw(self, canvas):
        widgets.title(canvas, "Self-test", "10,000 d10")
        w = canvas.width
        if self.counts is None:
            y = widgets.TITLE_H + 6
            for line in self.intro:
                canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, line, inks.WHITE)
                y += widgets.ROW_H
            widgets.hint(canvas, "A run   B back")
            return
        top = max(max(self.counts), N // SIDES)
        row_h = (canvas.height - widgets.TITLE_H - widgets.ROW_H - 2) // SIDES
        bar_x = 16
        bar_w = w - bar_x - 32
        y = widgets.TITLE_H + 1
        for face in range(SIDES):
            n = self.counts[face]
            canvas.text(0, y + (row_h - 11) // 2, 14, face + 1, inks.WHITE, fonts.SMALL, RIGHT)
            widgets.bar(canvas, bar_x, y + 2, bar_w, row_h - 3, n, top, inks.CYAN,
                        N // SIDES)
            canvas.text(w - 31, y + (row_h - 11) // 2, 30, n, inks.WHITE, fonts.SMALL, RIGHT)
            y += row_h
        canvas.text(widgets.PAD, canvas.height - widgets.ROW_H, w - 2 * widgets.PAD,
                    self.verdict, self.verdict_ink, fonts.BOLD)
