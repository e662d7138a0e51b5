"""What a screen draws: a grid of character cells plus a few filled rectangles and one big text.

Screens never touch a display.  They write into a `Canvas`; a backend (`display_displayio`,
`display_framebuf`, the simulator's terminal) then shows the canvas.  Because the canvas keeps the
text of every cell, the same key sequence can be checked to give the same screen text on every
backend, and the terminal front end is just the grid printed.

Cells are 8 x 10 pixels (the 8x8 font plus two rows of leading): 20 x 12 cells on a 160 x 128
PyBadge, 30 x 13 on a 240 x 135 Pico-LCD-1.14.  Rectangles are in pixels; the big text (one per
frame, e.g. a roll's result) is the same font scaled up.
"""

from array import array

CELL_W = 8
CELL_H = 10

# Inks: indexes into PALETTE (0xRRGGBB).  Screens use the names; backends map them to pixels.
BLACK = 0
WHITE = 1
GREY = 2
YELLOW = 3
RED = 4
GREEN = 5
CYAN = 6
BLUE = 7
INKS = 8
PALETTE = (0x000000, 0xFFFFFF, 0x8C8C8C, 0xFFE000, 0xFF3030, 0x30D040, 0x40D0FF, 0x1838A0)
INK_NAMES = ("black", "white", "grey", "yellow", "red", "green", "cyan", "blue")

MAX_RECTS = 24
MAX_BIG = 6  # characters of the big text


class Canvas:
    """A frame being drawn: `text`, `rect` and `big`, then a backend shows it."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.cols = width // CELL_W
        self.rows = height // CELL_H
        n = self.cols * self.rows
        self.chars = bytearray(b" " * n)
        self.inks = bytearray(n)
        self.rects = array("h", [0] * (5 * MAX_RECTS))  # x, y, w, h, ink
        self.nrects = 0
        self.big_text = ""
        self.big_x = 0
        self.big_y = 0
        self.big_scale = 1
        self.big_ink = WHITE

    def clear(self):
        """Start a new frame: blank cells, no rectangles, no big text."""
        chars = self.chars
        inks = self.inks
        for i in range(len(chars)):
            chars[i] = 32
            inks[i] = 0
        self.nrects = 0
        self.big_text = ""

    def text(self, col, row, s, ink=WHITE):
        """Write `s` from cell (col, row); what falls outside the grid is dropped."""
        if row < 0 or row >= self.rows:
            return
        cols = self.cols
        at = row * cols
        for ch in s:
            if 0 <= col < cols:
                c = ord(ch)
                self.chars[at + col] = c if 32 <= c <= 126 else 63  # '?' for anything else
                self.inks[at + col] = ink
            col += 1

    def right(self, row, s, ink=WHITE):
        """Write `s` ending at the last column of `row`."""
        self.text(self.cols - len(s), row, s, ink)

    def rect(self, x, y, w, h, ink):
        """Fill a rectangle in pixels (clipped to the screen); drawn under the text."""
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > self.width:
            w = self.width - x
        if y + h > self.height:
            h = self.height - y
        if w <= 0 or h <= 0 or self.nrects >= MAX_RECTS:
            return
        r = self.rects
        i = 5 * self.nrects
        r[i] = x
        r[i + 1] = y
        r[i + 2] = w
        r[i + 3] = h
        r[i + 4] = ink
        self.nrects += 1

    def band(self, row, ink, col=0, ncols=0):
        """Fill the background of cells in `row` (all of it when `ncols` is 0), e.g. a highlight."""
        if ncols <= 0:
            ncols = self.cols - col
        self.rect(col * CELL_W, row * CELL_H, ncols * CELL_W, CELL_H, ink)

    def big(self, x, y, s, ink=WHITE, scale=3):
        """The frame's one big text at pixel (x, y), `scale` times the font (at most 6 chars)."""
        self.big_text = s[:MAX_BIG]
        self.big_x = x
        self.big_y = y
        self.big_scale = scale
        self.big_ink = ink

    def big_width(self, s, scale=3):
        """Width in pixels of `s` as big text."""
        return len(s) * CELL_W * scale

    # --- reading the frame back (backends, tests, terminal) --------------------------
    def line(self, row):
        """The text of one row, trailing blanks removed."""
        at = row * self.cols
        return bytes(self.chars[at:at + self.cols]).decode().rstrip()

    def lines(self):
        """All rows of text; the big text follows as a last line `[big] ...` when present."""
        out = [self.line(r) for r in range(self.rows)]
        if self.big_text:
            out.append("[big] " + self.big_text)
        return out

    def ink_at(self, col, row):
        """The ink of one cell."""
        return self.inks[row * self.cols + col]

    def find(self, s):
        """(col, row) of the first occurrence of `s` in the grid, or None."""
        for r in range(self.rows):
            c = self.line(r).find(s)
            if c >= 0:
                return c, r
        return None
