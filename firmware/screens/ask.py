"""Roll and ask: the engine rolled for a table row our documents do not print (docs/rules.md).

The question comes from the engine (`answer`): the table, the die and modifiers, what to read
("Scout, d10 = 3 / read your Tactical Display sheet") and the values wanted.  UP/DOWN choose a
value, LEFT/RIGHT change it (a number in its range, or one of its words; a free word letter by
letter, SELECT moving to the next letter); A answers (`answer V...`): the engine records it in the
player's data and runs the request again with the same die; its result is shown.  B gives up (the
die is not spent: the same request asks the same question).
"""

from firmware import canvas as C
from firmware import keys as K
from firmware import ui

LETTERS = " abcdefghijklmnopqrstuvwxyz-"  # a free word's letters; a space ends it


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        q = app.run(["answer"]) or ()
        self.ask = ui.get(q, "ask", "")
        self.read = ui.get(q, "read", "")
        self.fields = ui.get(q, "fields", [])
        self.values = []  # a number, or the index of a word
        self.letters = {}  # a free word's letters (indices into LETTERS), by field
        for i in range(len(self.fields)):
            f = ui.pairs_of(self.fields[i])
            words = ui.get(f, "words")
            lo, hi = ui.get(f, "lo", 0), ui.get(f, "hi", 0)
            self.values.append(0 if words is not None else max(lo, min(hi, 0)))
            if words == []:
                self.letters[i] = [1]
        self.sel = 0
        self.letter = 0  # the letter being changed in a free word

    def _field(self, i):
        return ui.pairs_of(self.fields[i])

    def _word(self, i):
        return "".join(LETTERS[n] for n in self.letters[i]).strip()

    def _text(self, i):
        f = self._field(i)
        words = ui.get(f, "words")
        if words == []:
            return self._word(i) or "?"
        return words[self.values[i]] if words else "%d" % self.values[i]

    def key(self, ev):
        k = ev & K.KEY_MASK
        n = len(self.fields)
        if not n:
            return False
        f = self._field(self.sel)
        words = ui.get(f, "words")
        if k == K.UP or k == K.DOWN:
            self.sel = (self.sel + (1 if k == K.DOWN else -1)) % n
            self.letter = 0
        elif k == K.LEFT or k == K.RIGHT:
            d = 1 if k == K.RIGHT else -1
            if words == []:
                w = self.letters[self.sel]
                w[self.letter] = (w[self.letter] + d) % len(LETTERS)
            elif words:
                self.values[self.sel] = (self.values[self.sel] + d) % len(words)
            else:
                lo, hi = ui.get(f, "lo", 0), ui.get(f, "hi", 0)
                self.values[self.sel] = max(lo, min(hi, self.values[self.sel] + d))
        elif ev == K.SELECT and words == [] and len(self.letters[self.sel]) < 15:
            self.letter += 1
            if self.letter == len(self.letters[self.sel]):
                self.letters[self.sel].append(1)
        elif ev == K.A:
            r = self.app.run(["answer"] + [self._text(i) for i in range(n)])
            if r is not None:
                self.app.close()
                self.app.open("reveal", "ANSWERED", ui.describe(r, ("entered",)))
        else:
            return False
        return True

    def draw(self, c):
        ui.title(c, "ASK", "roll kept")
        lines = ui.wrap(self.ask, c.cols) + ui.wrap("read your " + self.read, c.cols)
        row = 1
        for line in lines[:c.rows - 3 - len(self.fields)]:
            c.text(0, row, line, C.YELLOW)
            row += 1
        first = c.rows - 1 - len(self.fields)
        for i in range(len(self.fields)):
            on = i == self.sel
            ui.selected(c, first + i, on)
            c.text(2, first + i, ui.get(self._field(i), "name", ""), C.WHITE)
            v = self._text(i)
            c.right(first + i, "<%s>" % v if on else v, C.YELLOW if on else C.WHITE)
        ui.hint(c, "A answer  B later")
