"""The on-screen keyboard: its layouts, the `Word` field typed on it (a result printed on a card,
a card's name; `firmware/screens/spell.py` types it) and its drawing.  Apart from
firmware/pickers.py and firmware/widgets.py, which the home screen loads and so every screen
holds: only the screens with a word to type load it.  Measured, unix32-mpy at 160 x 128: the home
screen 55.9 KB in use against 64.9; from a fresh start Roll opens in 81 KB against 87, Cups 114
against 118, Mission 124 against 129, Campaign (which types card names) 131 against 130; the
tour 162 against 166, at both sizes."""

from firmware import fonts, inks, widgets
from firmware.canvas import CENTRE, ROUND
from firmware.pickers import Field

# The on-screen keyboards: ten columns of keys, the last row's erase and OK one and a half wide;
# each key's place in half columns (row, left, width).  A word printed on a card is letters and
# '-'; a card's name has digits too (a row of them on top).  Made once: drawing allocates nothing.
KEY_COLS = 10
ERASE = "del"
OK = "ok"


def _layout(rows):
    cells = []
    where = []
    for r in range(len(rows)):
        keys = list(rows[r]) + ([ERASE, OK] if r == len(rows) - 1 else [])
        for i in range(len(keys)):
            cells.append(keys[i])
            wide = keys[i] in (ERASE, OK)
            left = 2 * i if not wide else 2 * (len(keys) - 2) + (3 if keys[i] == OK else 0)
            where.append((r, left, 3 if wide else 2))
    return tuple(cells), tuple(where), len(rows)


LETTERS = _layout(("abcdefghij", "klmnopqrst", "uvwxyz-"))
NAMES = _layout(("1234567890", "abcdefghij", "klmnopqrst", "uvwxyz-"))


class Word(Field):
    """A word (at most `most` characters) typed on an on-screen keyboard, `LETTERS` (a-z and
    '-') or `NAMES` (digits too): the d-pad moves over its keys (`move`), A presses the one under
    the cursor (`press`): a character, erase, or OK.  `text` is the word, or `empty` while there
    is none."""

    opens = "spell"

    def __init__(self, label, word="", most=15, empty="?", keys=LETTERS):
        self.label = label
        self.most = most
        self.empty = empty
        self.cells, self.where, self.rows = keys
        self.at = 0  # the key under the cursor
        self.set(word)

    def set(self, word):
        self.value = word
        self.text = word or self.empty

    def move(self, dx, dy):
        """The cursor to the next key left/right (dx, wrapping in its row) or up/down (dy, the
        nearest key of that row); False when there is no row that way (it leaves the keyboard)."""
        n = len(self.cells)
        row = self.where[self.at][0]
        if dx:
            i = self.at + dx
            if not (0 <= i < n and self.where[i][0] == row):  # past the row's end: its other end
                i = self.at
                while 0 <= i - dx < n and self.where[i - dx][0] == row:
                    i -= dx
            self.at = i
            return True
        row += dy
        if not 0 <= row < self.rows:
            return False
        _r, left, width = self.where[self.at]
        centre = 2 * left + width
        best = -1
        for i in range(n):
            r, x, w = self.where[i]
            if r == row and (best < 0 or abs(2 * x + w - centre) <
                             abs(2 * self.where[best][1] + self.where[best][2] - centre)):
                best = i
        self.at = best
        return True

    def press(self):
        """Press the key under the cursor: True when it was OK (the word is done)."""
        key = self.cells[self.at]
        if key == OK:
            return True
        if key == ERASE:
            self.erase()
        elif len(self.value) < self.most:
            self.set(self.value + key)
        return False

    def erase(self):
        """Take back the last character; False when there was none."""
        if not self.value:
            return False
        self.set(self.value[:-1])
        return True

    def words(self):
        return [self.value] if self.value else []


KEY_H = 13  # a row of the on-screen keyboard


def height(word):
    """The height of `word`'s keyboard."""
    return word.rows * KEY_H


def draw(canvas, x, y, w, word, on=True):
    """`word`'s keyboard: ten columns of keys, erase and OK; the key
    under the cursor lit (when `on`)."""
    half = w // (2 * KEY_COLS)
    cells = word.cells
    for i in range(len(cells)):
        row, left, width = word.where[i]
        cx = x + left * half
        cy = y + row * KEY_H
        cw = width * half - 1
        lit = on and i == word.at
        key = cells[i]
        special = key == ERASE or key == OK
        if lit:
            canvas.fill(cx, cy, cw, KEY_H - 1, inks.BLUE, ROUND)
        elif special:  # erase and OK: keys, not characters
            canvas.frame(cx, cy, cw, KEY_H - 1, inks.DIM, ROUND)
        canvas.text(cx, cy + 1, cw, key, inks.YELLOW if lit else
                    (inks.CYAN if special else inks.WHITE), fonts.BOLD, CENTRE)


def typed(canvas, x, y, w, label, word, on):
    """The word being typed after its label, with a cursor mark: `label  word_`."""
    widgets.band(canvas, y, on, x, w)
    lw = fonts.width(fonts.SMALL, label) + 6
    canvas.text(x + widgets.PAD, y, lw, label, inks.WHITE if on else inks.GREY)
    vw = fonts.width(fonts.BOLD, word.value)
    canvas.text(x + widgets.PAD + lw, y, vw, word.value, inks.YELLOW, fonts.BOLD)
    if on:
        canvas.fill(x + widgets.PAD + lw + vw + 1, y + 9, 6, 2, inks.YELLOW)
