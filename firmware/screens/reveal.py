"""A result worth a whole screen, one coloured line each (e.g. the counters just drawn).

UP/DOWN scroll; A or B goes back to the screen that made it.
"""

from firmware import keys as K
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app, heading, lines, right=""):
        super().__init__(app)
        self.heading = heading
        self.right = right
        self.lines = lines  # (text, ink)
        self.first = 0
        self.total = 0

    def key(self, ev):
        k = ev & K.KEY_MASK
        if k == K.A or k == K.B:
            self.app.close()
        elif k == K.DOWN:
            self.first += 1
        elif k == K.UP:
            self.first = max(0, self.first - 1)
        else:
            return k != K.START
        return True

    def draw(self, c):
        ui.title(c, self.heading, self.right)
        room = c.rows - 2
        self.first = min(self.first, max(0, self.total - room))
        self.total = ui.draw_lines(c, 1, room, self.lines, self.first)
        more = self.total > self.first + room
        ui.hint(c, "A ok  DOWN more" if more else "A ok")
