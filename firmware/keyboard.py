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

# The on-screen keyboards: ten columns of keys, the last row's erase and OK one and a half wide.
# A layout is its rows of characters (erase and OK end the last row); a key is its row and
# column, its place and width worked out from them when needed.  A word printed
# on a card is letters and '-'; a card's name has digits too (a row of them on top).  Drawing
# allocates nothing (a character of a row is an interned one-character string).  Measured, the
# module loaded: 0.7 KB in use frozen against 3.4 with a tuple per key made at import (2.1
# against 5.1 from .mpy); it stays loaded once a screen typed a word, so the tour of every
# screen needs 62 KB against 65 on qemu-frozen (59 against 62 unix32-frozen; unix32-mpy at 240
# x 135, 173 against 176).
KEY_COLS = 10
ERASE = "del"
OK = "ok"
_LAST = (ERASE, OK)
LETTERS = ("abcdefghij", "klmnopqrst", "uvwxyz-")
NAMES = ("1234567890", "abcdefghij", "klmnopqrst", "uvwxyz-")


def _size(keys, r):
    """The number of keys in row r of layout `keys`."""
    return len(keys[r]) + (2 if r == len(keys) - 1 else 0)


def _left(keys, r, c):
    """Where key c of row r starts, in half columns."""
    n = len(keys[r])
    return 2 * c if c < n else 2 * n + 3 * (c - n)


def _width(keys, r, c):
    """Key c of row r's width, in half columns."""
    return 2 if c < len(keys[r]) else 3


def _text(keys, r, c):
    """What key c of row r types: a character, ERASE or OK."""
    n = len(keys[r])
    return keys[r][c] if c < n else _LAST[c - n]


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
        self.keys = keys  # the layout
        self.rows = len(keys)
        self.row = 0  # the key under the cursor: its row and column
        self.col = 0
        self.set(word)

    def set(self, word):
        self.value = word
        self.text = word or self.empty

    def move(self, dx, dy):
        """The cursor to the next key left/right (dx, wrapping in its row) or up/down (dy, the
        nearest key of that row); False when there is no row that way (it leaves the keyboard)."""
        keys = self.keys
        if dx:  # past the row's end: its other end
            self.col = (self.col + dx) % _size(keys, self.row)
            return True
        row = self.row + dy
        if not 0 <= row < self.rows:
            return False
        centre = 2 * _left(keys, self.row, self.col) + _width(keys, self.row, self.col)
        best = -1
        for c in range(_size(keys, row)):
            if best < 0 or abs(2 * _left(keys, row, c) + _width(keys, row, c) - centre) < \
                    abs(2 * _left(keys, row, best) + _width(keys, row, best) - centre):
                best = c
        self.row = row
        self.col = best
        return True

    def key(self):
        """The key under the cursor: a character, ERASE or OK."""
        return _text(self.keys, self.row, self.col)

    def press(self):
        """Press the key under the cursor: True when it was OK (the word is done)."""
        key = self.key()
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
    keys = word.keys
    for row in range(len(keys)):
        cy = y + row * KEY_H
        for c in range(_size(keys, row)):
            cx = x + _left(keys, row, c) * half
            cw = _width(keys, row, c) * half - 1
            lit = on and row == word.row and c == word.col
            key = _text(keys, row, c)
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
