"""Ask before an action that cannot be taken back (e.g. starting a new game)."""

from firmware import canvas as C
from firmware import keys as K
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app, heading, question, words, done):
        super().__init__(app)
        self.heading = heading
        self.question = question
        self.words = words
        self.done = done

    def key(self, ev):
        k = ev & K.KEY_MASK
        if ev == K.A:
            r = self.app.run(self.words)
            self.app.close()
            if r is not None:
                self.app.say(self.done, C.YELLOW)
        elif k == K.B or k == K.A:
            self.app.close()
        else:
            return k != K.START
        return True

    def draw(self, c):
        ui.title(c, self.heading.upper())
        row = 2
        for line in ui.wrap(self.question, c.cols)[:c.rows - 4]:
            c.text(0, row, line, C.YELLOW)
            row += 1
        ui.hint(c, "A yes  B no")
