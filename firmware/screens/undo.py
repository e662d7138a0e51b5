"""Undo, with a confirmation that shows the action it takes back (the engine's `undo`)."""

from firmware import canvas as C
from firmware import keys as K
from firmware import ui


class Screen(ui.Screen):
    def key(self, ev):
        k = ev & K.KEY_MASK
        if ev == K.A and self.app.session.undo_steps:
            r = self.app.run(["undo"])
            self.app.close()
            if r is not None:
                self.app.say("undone: " + ui.get(r, "undone", ""), C.YELLOW)
        elif k == K.A or k == K.B:
            self.app.close()
        else:
            return False
        return True

    def draw(self, c):
        ui.title(c, "UNDO")
        n = self.app.session.undo_steps
        if not n:
            c.text(0, 2, "Nothing to undo.", C.WHITE)
            ui.hint(c, "B back")
            return
        c.text(0, 2, "Take back:", C.WHITE)
        row = 4
        for line in ui.wrap(self.app.session.undo_line().decode(), c.cols - 2)[:3]:
            c.text(2, row, line, C.YELLOW)
            row += 1
        c.text(0, 8, "%d step%s can be undone" % (n, "" if n == 1 else "s"), C.GREY)
        ui.hint(c, "A undo  B keep")
