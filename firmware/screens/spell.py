"""Spell a word on the on-screen keyboard for a form's field (`keyboard.Word`): a card's name the
data files do not list.  The d-pad moves over the keys, A types the letter under the cursor, B
erases one; OK (or B with nothing to erase) goes back to the form, the word in its field."""

from firmware import fonts, inks, keyboard, keys, widgets
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app, word, prompt=""):
        super().__init__(app)
        self.word = word
        self.heading = word.label
        self.lines = tuple(widgets.wrap(prompt, app.width - 2 * widgets.PAD)) if prompt else ()

    def key(self, event):
        k = event & keys.KEY_MASK
        if k in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT):
            self.word.move(-1 if k == keys.LEFT else 1 if k == keys.RIGHT else 0,
                           -1 if k == keys.UP else 1 if k == keys.DOWN else 0)
        elif event == keys.A:
            if self.word.press():
                self.app.close()
        elif event == keys.B:
            if not self.word.erase():
                self.app.close()
        else:
            return False
        return True

    def draw(self, canvas):
        widgets.title(canvas, self.heading, "spell")
        room = canvas.width - 2 * widgets.PAD
        bottom = canvas.height - widgets.ROW_H
        kb_y = bottom - keyboard.height(self.word) - 1
        row_y = kb_y - widgets.ROW_H - 1
        y = widgets.TITLE_H + 2
        for line in self.lines:
            if y + widgets.ROW_H > row_y:
                break
            canvas.text(widgets.PAD, y, room, line, inks.WHITE, fonts.SMALL)
            y += widgets.ROW_H
        keyboard.typed(canvas, 0, row_y, canvas.width, self.word.label, self.word, True)
        keyboard.draw(canvas, 0, kb_y, canvas.width, self.word)
        widgets.hint(canvas, "A types   B erases   OK done")
