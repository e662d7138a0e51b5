"""Undo, with a confirmation that shows the action it takes back (the engine's `undo`)."""

from firmware import fonts, inks, keys, widgets
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.lines = ()
        self.count = ""

    def refresh(self):
        n = self.app.session.undo_steps
        self.steps = n
        self.lines = widgets.wrap(self.app.session.undo_line().decode(),
                                  self.app.width - 4 * widgets.PAD, fonts.BOLD) if n else ()
        self.count = ("%d step can be undone" if n == 1 else "%d steps can be undone") % n

    def key(self, event):
        k = event & keys.KEY_MASK
        if event == keys.A and self.app.session.undo_steps:
            self.app.close()  # first: a refusal may open a page of its own
            r = self.app.run(["undo"])
            if r is not None:
                self.app.say("undone: " + ui.get(r, "undone", ""), inks.YELLOW)
        elif k == keys.A or k == keys.B:
            self.app.close()
        else:
            return False
        return True

    def draw(self, canvas):
        widgets.title(canvas, "Undo")
        y = widgets.TITLE_H + 4
        room = canvas.width - 2 * widgets.PAD
        if not self.steps:
            canvas.text(widgets.PAD, y, room, "Nothing to undo.", inks.WHITE)
            widgets.hint(canvas, "B back")
            return
        canvas.text(widgets.PAD, y, room, "Take back:", inks.WHITE)
        y += widgets.ROW_H + 2
        for line in self.lines[:4]:
            canvas.text(2 * widgets.PAD, y, room - widgets.PAD, line, inks.YELLOW, fonts.BOLD)
            y += widgets.ROW_H
        canvas.text(widgets.PAD, canvas.height - 2 * widgets.ROW_H - 2, room, self.count,
                    inks.GREY)
        widgets.hint(canvas, "A undo   B keep")
