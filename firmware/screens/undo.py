"""Undo, with a confirmation that shows the action it takes back (the engine's `undo`)."""

from firmware import fonts, inks, keys, widgets
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.steps = 0
        self.lines = ()
        self.font = fonts.BOLD
        self.count = ""

    def rows(self, height):
        """Rows between the title and the count line."""
        return (height - widgets.TITLE_H - 4 - 2 * widgets.ROW_H - 2) // widgets.ROW_H

    def refresh(self):
        n = self.app.session.undo_steps
        self.steps = n
        self.lines = ()
        if n:
            line = self.app.session.undo_line().decode()
            room = self.app.width - 3 * widgets.PAD
            self.font = fonts.BOLD
            self.lines = widgets.wrap(line, room, fonts.BOLD)
            if len(self.lines) > self.rows(self.app.height):  # a long request: smaller type
                self.font = fonts.SMALL
                self.lines = widgets.wrap(line, room, fonts.SMALL)
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
        room = canvas.width - 2 * widgets.PAD
        if not self.steps:
            widgets.title(canvas, "Undo")
            canvas.text(widgets.PAD, widgets.TITLE_H + 4, room, "Nothing to undo.", inks.WHITE)
            widgets.hint(canvas, "B back")
            return
        widgets.title(canvas, "Undo: take back")
        y = widgets.TITLE_H + 4
        for i in range(len(self.lines)):
            canvas.text(2 * widgets.PAD, y, room - widgets.PAD, self.lines[i], inks.YELLOW,
                        self.font)
            y += widgets.ROW_H
        canvas.text(widgets.PAD, canvas.height - 2 * widgets.ROW_H - 2, room, self.count,
                    inks.GREY)
        widgets.hint(canvas, "A undo   B keep")
