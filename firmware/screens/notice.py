"""A message the player must acknowledge (e.g. a save that could not be read)."""

from firmware import canvas as C
from firmware import keys as K
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app, heading, text):
        super().__init__(app)
        self.heading = heading
        self.body = text
        self.first = 0

    def key(self, ev):
        k = ev & K.KEY_MASK
        if k == K.A or k == K.B:
            self.app.close()
        elif k == K.DOWN:
            self.first += 1
        elif k == K.UP:
            self.first = max(0, self.first - 1)
        else:
            return k != K.START  # START still opens the menu
        return True

    def draw(self, c):
        ui.title(c, self.heading.upper())
        lines = ui.wrap(self.body, c.cols)
        room = c.rows - 2
        self.first = min(self.first, max(0, len(lines) - room))
        row = 1
        for line in lines[self.first:self.first + room]:
            c.text(0, row, line, C.YELLOW)
            row += 1
        ui.hint(c, "A ok")
