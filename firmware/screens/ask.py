"""Roll and ask: the engine rolled for a table row our documents do not print (docs/rules.md).

The question comes from the engine (`answer`): the table, the die and modifiers, what to read
("Scout, d10 = 3 / read your Tactical Display sheet") and the values wanted.  UP/DOWN choose a
value, LEFT/RIGHT change it (a number in its range, or one of its words; a free word letter by
letter, SELECT moving to the next letter); A answers (`answer V...`): the engine records it in the
player's data and runs the request again with the same die; its result is shown.  B gives up (the
die is not spent: the same request asks the same question).
"""

from firmware import fonts, inks, keys, widgets
from firmware import ui
from firmware.pickers import Choice, Field, Number

LETTERS = " abcdefghijklmnopqrstuvwxyz-"  # a free word's letters; a space ends it
MAX_WORD = 15


class Word(Field):
    """A free word (a result printed on a card), entered letter by letter."""

    def __init__(self, label):
        self.label = label
        self.letters = [1]
        self.at = 0
        self._show()

    def _show(self):
        word = "".join(LETTERS[n] for n in self.letters).strip() or "?"
        self.text = word

    def step(self, d):
        self.letters[self.at] = (self.letters[self.at] + d) % len(LETTERS)
        self._show()

    def next_letter(self):
        if len(self.letters) < MAX_WORD:
            self.at += 1
            if self.at == len(self.letters):
                self.letters.append(1)
            self._show()

    def words(self):
        return [self.text]


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        q = app.run(["answer"]) or ()
        room = app.width - 2 * widgets.PAD
        self.lines = (tuple((line, inks.YELLOW) for line in widgets.wrap(ui.get(q, "ask", ""), room))
                      + tuple((line, inks.WHITE) for line in
                              widgets.wrap("read your " + ui.get(q, "read", ""), room)))
        self.fields = []  # type: list  # pickers: Word, Choice or Number
        for field in ui.get(q, "fields", []) or []:
            f = ui.pairs_of(field)
            name = ui.get(f, "name", "")
            words = ui.get(f, "words")
            if words == []:
                self.fields.append(Word(name))
            elif words:
                self.fields.append(Choice(name, [(w, w) for w in words]))
            else:
                lo, hi = ui.get(f, "lo", 0), ui.get(f, "hi", 0)
                self.fields.append(Number(name, lo, hi, max(lo, min(hi, 0))))
        self.sel = 0

    def key(self, event):
        k = event & keys.KEY_MASK
        n = len(self.fields)
        if not n:
            return False
        f = self.fields[self.sel]
        if k == keys.UP or k == keys.DOWN:
            self.sel = (self.sel + (1 if k == keys.DOWN else -1)) % n
        elif k == keys.LEFT or k == keys.RIGHT:
            f.step(1 if k == keys.RIGHT else -1)
        elif event == keys.SELECT and isinstance(f, Word):
            f.next_letter()
        elif event == keys.A:
            words = ["answer"]
            for field in self.fields:
                words += field.words()
            r = self.app.run(words)
            if r is not None:
                self.app.close()
                self.app.open("reveal", "Answered", ui.describe(r, ("entered",)))
        else:
            return False
        return True

    def draw(self, canvas):
        widgets.title(canvas, "Ask", "roll kept")
        room = canvas.width - 2 * widgets.PAD
        n = len(self.fields)
        fields_y = canvas.height - widgets.ROW_H - n * widgets.ROW_H - 1
        y = widgets.TITLE_H + 2
        for i in range(len(self.lines)):
            if y + widgets.ROW_H > fields_y:
                break
            canvas.text(widgets.PAD, y, room, self.lines[i][0], self.lines[i][1], fonts.SMALL)
            y += widgets.ROW_H
        y = fields_y
        for i in range(n):
            widgets.field(canvas, y, self.fields[i].label, self.fields[i].text, i == self.sel)
            y += widgets.ROW_H
        widgets.hint(canvas, "A answer   B later")
