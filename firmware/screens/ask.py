"""Roll and ask: the engine rolled for a table row our documents do not print (docs/rules.md).

The question comes from the engine (`answer`): the table, the die and modifiers, what to read
("Scout, d10 = 3 / read your Tactical Display sheet") and the values wanted.  UP/DOWN choose a
value, LEFT/RIGHT change it (a number in its range, or one of its words).  A word printed on a
card (a campaign's result) is typed on the on-screen keyboard below it: the d-pad moves over the
keys, A types the letter, B erases one.  A (OK on the keyboard) answers (`answer V...`): the
engine records it in the player's data and runs the request again with the same die; the screen
that asked shows its result as it would have (`answered`), or a page does; an answer that
leads to the next question (a Campaign card's values, then its Situation card's) opens that one
in place of this (firmware/app.py); one a rule then refuses (an MQ-1's year, after the
campaign's) is kept and the refusal said on the screen that asked.  B gives up (the die is not
spent: the same request asks the same question).
"""

from firmware import fonts, inks, keyboard, keys, widgets
from firmware import ui
from firmware.pickers import Choice, Number

ROLLED = ("scout", "ridge", "move")  # the asked tables looked up by a die (the sheets')


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
                self.fields.append(keyboard.Word(name))
            elif words:
                self.fields.append(Choice(name, [(w, w) for w in words]))
            else:
                lo, hi = ui.get(f, "lo", 0), ui.get(f, "hi", 0)
                self.fields.append(Number(name, lo, hi, max(lo, min(hi, 0))))
        # a table row is asked with its die kept (the same request rolls it again); a card's
        # values are asked with no die rolled
        self.right = "die kept" if ui.get(q, "table") in ROLLED else ""
        self.sel = 0
        self.word = None  # the Word field, when there is one (the keyboard is its)
        for f in self.fields:
            if isinstance(f, keyboard.Word):
                self.word = f
        self.hint = "A answer   B later"
        self.word_hint = "A types   B erases   OK answers"

    def key(self, event):
        k = event & keys.KEY_MASK
        n = len(self.fields)
        if not n:
            return False
        f = self.fields[self.sel]
        word = self.word if f is self.word else None  # the keyboard is the selected field's
        if word is not None and k in (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT):
            dy = -1 if k == keys.UP else 1 if k == keys.DOWN else 0
            dx = -1 if k == keys.LEFT else 1 if k == keys.RIGHT else 0
            if not word.move(dx, dy):  # off the keyboard's edge: the other values
                self.sel = (self.sel + dy) % n
        elif k == keys.UP or k == keys.DOWN:
            self.sel = (self.sel + (1 if k == keys.DOWN else -1)) % n
        elif k == keys.LEFT or k == keys.RIGHT:
            f.step((1 if k == keys.RIGHT else -1) * (5 if event & keys.REPEAT else 1))
        elif event == keys.B and word is not None and word.erase():
            pass
        elif event == keys.A:
            if word is not None and not word.press():
                return True  # a letter typed (or erased)
            self.answer()
        else:
            return False
        return True

    def in_words(self, text):
        """A refusal of the answer in the words of the screen that asked (its request ran
        again): that screen's actions, a battalion as its card prints it."""
        below = self.app.stack[-2] if len(self.app.stack) > 1 else None
        words_of = getattr(below, "in_words", None)
        return words_of(text) if words_of is not None else text

    def answer(self):
        word = self.word
        if word is not None and not word.value:
            self.app.say("type the %s first" % word.label, inks.RED)
            return
        words = ["answer"]
        for field in self.fields:
            words += field.words()
        r = self.app.run(words)
        if r is None:
            if getattr(self.app.session, "asking", None) is None and self.app.top() is self:
                self.app.close()  # answered, and a rule then refused the request: said below
            return
        self.app.close()
        below = self.app.top()
        if not (hasattr(below, "answered") and below.answered(r)):
            from firmware.screens import results

            self.app.open("reveal", "Answered", results.answered(r))
        elif ui.get(r, "saved") is False and self.app.top() is below:
            # the device could not write it: said, briefly (a page the answer opened says it:
            # a message over it would hide its last lines)
            self.app.say(ui.get(r, "note", "not saved"), inks.YELLOW)

    def draw(self, canvas):
        widgets.title(canvas, "Ask", self.right)
        room = canvas.width - 2 * widgets.PAD
        n = len(self.fields)
        bottom = canvas.height - widgets.ROW_H  # the hint
        kb_y = bottom - keyboard.height(self.word) - 1 if self.word else bottom
        fields_y = kb_y - n * widgets.ROW_H - 1
        y = widgets.TITLE_H + 2
        for i in range(len(self.lines)):
            if y + widgets.ROW_H > fields_y:
                break
            canvas.text(widgets.PAD, y, room, self.lines[i][0], self.lines[i][1], fonts.SMALL)
            y += widgets.ROW_H
        y = fields_y
        word = self.word
        for i in range(n):
            f = self.fields[i]
            if word is not None and f is word:
                keyboard.typed(canvas, 0, y, canvas.width, word.label, word, i == self.sel)
            else:
                widgets.field(canvas, y, f.label, f.text, i == self.sel)
            y += widgets.ROW_H
        if word is not None:
            keyboard.draw(canvas, 0, kb_y, canvas.width, word, self.fields[self.sel] is word)
        widgets.hint(canvas, self.word_hint if self.fields and self.fields[self.sel] is self.word
                     else self.hint)
