"""Self-test: 10,000 d10 from the session's dice as a histogram, with Pearson's chi-square.

The dice come from the engine's `tally d10 10000`; the statistic from
`engine.dice.chi_square_x100` (integers, so every board shows the same figure).  With 9 degrees
of freedom a fair die stays below 16.92 nineteen times in twenty (the 5 % critical value), so a
single red result is not yet proof of a fault: run it again.
"""

from engine import dice
from firmware import canvas as C
from firmware import keys as K
from firmware import ui

N = 10000
SIDES = 10
CRITICAL_X100 = 1692  # chi-square, 9 degrees of freedom, 5 % (tables: 16.919)


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.counts = None
        self.chi = 0
        self.runs = 0

    def key(self, ev):
        if ev == K.A:
            r = self.app.run(["tally", "d%d" % SIDES, "%d" % N])
            if r is not None:
                self.counts = ui.get(r, "counts")
                self.chi = dice.chi_square_x100(self.counts, SIDES, N)
                self.runs += 1
                self.app.feedback(C.GREEN if self.chi < CRITICAL_X100 else C.RED)
            return True
        return False

    def draw(self, c):
        ui.title(c, "SELF-TEST", "%d d10" % N)
        if self.counts is None:
            c.text(0, 2, "Rolls %d d10 with" % N, C.WHITE)
            c.text(0, 3, "the game's dice and", C.WHITE)
            c.text(0, 4, "checks they are fair", C.WHITE)
            c.text(0, 5, "(chi-square test).", C.WHITE)
            ui.hint(c, "A run  B back")
            return
        top = max(max(self.counts), N // SIDES)
        bar_x = 3 * C.CELL_W
        room = c.width - bar_x - 5 * C.CELL_W  # the count is written at the right
        for face in range(SIDES):
            row = 1 + face
            n = self.counts[face]
            c.text(0, row, "%2d" % (face + 1), C.WHITE)
            c.rect(bar_x, row * C.CELL_H + 1, room * n // top, C.CELL_H - 2, C.CYAN)
            c.right(row, "%5d" % n, C.WHITE)
            c.rect(bar_x + room * (N // SIDES) // top, row * C.CELL_H, 1, C.CELL_H, C.WHITE)
        ok = self.chi < CRITICAL_X100
        c.text(0, c.rows - 1, "chi2 %d.%02d %s" % (self.chi // 100, self.chi % 100,
                                                  "fair" if ok else "high"),
               C.GREEN if ok else C.RED)
