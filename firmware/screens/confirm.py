"""Ask before an action that cannot be taken back (e.g. starting a new game)."""

from firmware import fonts, inks, keys, widgets
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app, heading, question, words, done):
        super().__init__(app)
        self.heading = heading
        self.lines = widgets.wrap(question, app.width - 2 * widgets.PAD)
        self.words = words
        self.done = done

    def key(self, event):
        k = event & keys.KEY_MASK
        if event == keys.A:
            self.app.close()  # first: a refusal may open a page of its own
            if self.app.run(self.words) is not None:
                self.app.say(self.done, inks.YELLOW)
        elif k == keys.B or k == keys.A:
            self.app.close()
        else:
            return k != keys.START
        return True

    def draw(self, canvas):
        widgets.title(canvas, self.heading)
        y = widgets.TITLE_H + widgets.ROW_H
        for line in self.lines:
            canvas.text(widgets.PAD, y, canvas.width - 2 * widgets.PAD, line, inks.YELLOW,
                        fonts.SMALL)
            y += widgets.ROW_H
        widgets.hint(canvas, "A yes   B no")
