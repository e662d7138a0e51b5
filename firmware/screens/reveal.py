"""A page to read: a result worth a whole screen (e.g. what a table gave), one coloured line each,
wrapped to the screen and scrolled with UP/DOWN; A or B goes back to the screen that made it.
A line may have a second part shown at the right: (text, ink, right, right_ink).

The lines are wrapped when the page opens (for the app's screen width), so drawing allocates
nothing.  `firmware.screens.notice` (a message in full) is the same page.
"""

from firmware import fonts, inks, keys, widgets
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app, heading, lines, right=""):
        super().__init__(app)
        self.heading = heading
        self.right = right
        rows = []
        room = app.width - 2 * widgets.PAD - 8
        for line in lines:
            text, ink = line[0], line[1]
            right, right_ink = (line[2], line[3]) if len(line) > 2 else ("", ink)
            rw = fonts.width(fonts.SMALL, right) + 6 if right else 0
            if fonts.width(fonts.SMALL, text) + rw <= room:
                rows.append((text, ink, right, right_ink))
                continue
            for part in widgets.wrap(text, room):
                rows.append((part, ink, "", ink))
            if right:
                rows.append(("", ink, right, right_ink))
        self.rows = rows
        self.first = 0
        self.room = self.rows_shown(app.height)

    @staticmethod
    def rows_shown(height):
        return (height - widgets.TITLE_H - 1 - widgets.ROW_H) // widgets.ROW_H

    def key(self, event):
        k = event & keys.KEY_MASK
        if k == keys.A or k == keys.B:
            self.app.close()
        elif k == keys.DOWN:
            self.first = min(self.first + 1, max(0, len(self.rows) - self.room))
        elif k == keys.UP:
            self.first = max(0, self.first - 1)
        else:
            return k != keys.START
        return True

    def draw(self, canvas):
        widgets.title(canvas, self.heading, self.right)
        room = self.rows_shown(canvas.height)
        first = min(self.first, max(0, len(self.rows) - room))
        y = widgets.TITLE_H + 1
        end = min(len(self.rows), first + room)
        wide = canvas.width - 2 * widgets.PAD - 8  # (not `room`: the rows' count, used below)
        for i in range(first, end):
            text, ink, right, right_ink = self.rows[i]
            rw = fonts.width(fonts.SMALL, right) if right else 0
            canvas.text(widgets.PAD, y, wide - (rw + 6 if rw else 0), text, ink, fonts.SMALL)
            if right:
                canvas.text(widgets.PAD + wide - rw, y, rw, right, right_ink, fonts.SMALL)
            y += widgets.ROW_H
        widgets.scroll_marks(canvas, canvas.width - 8, widgets.TITLE_H + 1,
                             widgets.TITLE_H + 1 + room * widgets.ROW_H, first > 0,
                             end < len(self.rows))
        widgets.hint(canvas, "A ok   UP/DOWN more" if len(self.rows) > room else "A ok")
