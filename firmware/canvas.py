"""What a screen draws: a list of boxes, text and small shapes in pixels, and what changed.

Screens never touch a display.  Each frame they put items into a `Canvas` (`fill`, `frame`,
`text`, `tri`, `pips`); a backend (`display_framebuf`, `display_displayio`) then draws them.
The canvas keeps the previous frame's items: at `end()` it compares the two lists item by item
and marks the tiles of the screen where anything differs, so a backend redraws and sends only
those (`make bench` counts the bytes).  The item lists are preallocated arrays and text is kept
by reference, so drawing a frame allocates nothing.

Because the items keep their text, tests and the terminal front end read the screen back as
text, and find text that does not fit its box or runs into another (`firmware.screen_text`,
which the device does not load).

A box is `x, y, w, h` everywhere in the drawing code (canvas, backends, widgets): its left,
top, width and height in pixels, as MicroPython's `framebuf` names them.
"""

from array import array

from firmware import fonts
from firmware.inks import BLACK, WHITE

# Item kinds
FILL = 1
FRAME = 2
TEXT = 3
TRI = 4  # a filled triangle: `arg` is its direction
PIPS = 5  # the pips of a d6 face: `obj` is the value
# FILL and FRAME flags
ROUND = 1  # corners cut by one pixel
DASHED = 2  # FRAME: a dashed outline (a temporary counter)
# TEXT alignment (flags)
LEFT = 0
CENTRE = 1
RIGHT = 2
# TRI directions (arg)
UP = 0
DOWN = 1
LEFT_TRI = 2
RIGHT_TRI = 3

MAX_ITEMS = 96  # the busiest screen (a batch of 24 dice) draws about 65


def tile_size(width, height):
    """Tile width and height for a screen: divisors of its size near 40 x 16 pixels, so the
    tiles cover it exactly (240 x 135: 40 x 15; 160 x 128: 40 x 16)."""
    return _divisor(width, 40, 24, 60), _divisor(height, 16, 10, 24)


def _divisor(n, want, lo, hi):
    best = n
    for d in range(lo, hi + 1):
        if n % d == 0 and abs(d - want) < abs(best - want):
            best = d
    return best


class Canvas:
    """One frame of items, the frame before it, and the tiles where they differ."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.tile_w, self.tile_h = tile_size(width, height)
        self.tiles_x = width // self.tile_w
        self.tiles_y = height // self.tile_h
        self.dirty = bytearray(b"\x01" * (self.tiles_x * self.tiles_y))  # all, at first
        # items: geometry x, y, w, h; attributes kind, ink, arg (font, direction), flags; object
        self.geo = array("h", bytes(8 * MAX_ITEMS))
        self.attr = bytearray(4 * MAX_ITEMS)
        self.obj = [None] * MAX_ITEMS  # type: list
        self.n = 0
        # items beyond MAX_ITEMS this frame (a screen drawing too much), and lines a screen had
        # no room for (the Campaign's step pushed out by a long result): problems() reports them
        self.dropped = 0
        # what the display shows (the last frame ended): backends draw from these
        self.shown_geo = array("h", bytes(8 * MAX_ITEMS))
        self.shown_attr = bytearray(4 * MAX_ITEMS)
        self.shown_obj = [None] * MAX_ITEMS  # type: list
        self.shown_n = 0

    # --- drawing a frame ---------------------------------------------------------------
    def begin(self):
        """Start a new frame: no items."""
        obj = self.obj
        for i in range(self.n):
            obj[i] = None
        self.n = 0
        self.dropped = 0

    def _item(self, kind, x, y, w, h, ink, arg, flags, value):
        i = self.n
        if i >= MAX_ITEMS:
            self.dropped += 1
            return
        g = self.geo
        j = 4 * i
        g[j] = x
        g[j + 1] = y
        g[j + 2] = w
        g[j + 3] = h
        a = self.attr
        a[j] = kind
        a[j + 1] = ink
        a[j + 2] = arg
        a[j + 3] = flags
        self.obj[i] = value
        self.n = i + 1

    def fill(self, x, y, w, h, ink, flags=0):
        """A filled box (ROUND: corners cut)."""
        if w > 0 and h > 0:
            self._item(FILL, x, y, w, h, ink, 0, flags, None)

    def frame(self, x, y, w, h, ink, flags=0):
        """A one-pixel outline (ROUND, DASHED)."""
        if w > 0 and h > 0:
            self._item(FRAME, x, y, w, h, ink, 0, flags, None)

    def text(self, x, y, w, value, ink=WHITE, font=fonts.SMALL, align=LEFT):
        """Text `value` (a str, or an int in decimal) in the box of width `w` at (x, y), as
        tall as its font.  What does not fit is not drawn (and `problems()` reports it)."""
        self._item(TEXT, x, y, w, fonts.HEIGHT[font], ink, font, align, value)

    def tri(self, x, y, w, h, ink, direction):
        """A filled triangle in the box, pointing UP, DOWN, LEFT_TRI or RIGHT_TRI."""
        self._item(TRI, x, y, w, h, ink, direction, 0, None)

    def pips(self, x, y, size, n, ink):
        """The pips of a d6 showing `n`, in a square face of `size` at (x, y)."""
        self._item(PIPS, x, y, size, size, ink, 0, 0, n)

    def end(self):
        """The frame is complete: mark the tiles where it differs from the one shown, and make
        it the one shown."""
        n = self.n
        pn = self.shown_n
        g = self.geo
        a = self.attr
        o = self.obj
        pg = self.shown_geo
        pa = self.shown_attr
        po = self.shown_obj
        for i in range(n if n > pn else pn):
            j = 4 * i
            if i >= n:
                self._mark_item(pg, pa, po, i)
                continue
            if i >= pn:
                self._mark_item(g, a, o, i)
                continue
            if (g[j] != pg[j] or g[j + 1] != pg[j + 1] or g[j + 2] != pg[j + 2]
                    or g[j + 3] != pg[j + 3] or a[j] != pa[j] or a[j + 1] != pa[j + 1]
                    or a[j + 2] != pa[j + 2] or a[j + 3] != pa[j + 3] or o[i] != po[i]):
                self._mark_item(pg, pa, po, i)
                self._mark_item(g, a, o, i)
        # swap: this frame becomes the one shown; the old one's arrays are reused next frame
        self.geo, self.shown_geo = pg, g
        self.attr, self.shown_attr = pa, a
        self.obj, self.shown_obj = po, o
        self.shown_n = n
        self.n = pn

    def _mark_item(self, g, a, o, i):
        """Mark the tiles item i covers: a text, only where its glyphs are drawn."""
        j = 4 * i
        x = g[j]
        w = g[j + 2]
        if a[j] == TEXT:
            tw = fonts.width(a[j + 2], o[i])
            if tw < w:
                align = a[j + 3]
                if align == CENTRE:
                    x += (w - tw) // 2
                elif align == RIGHT:
                    x += w - tw
                w = tw
        self._mark(x, g[j + 1], w, g[j + 3])

    def _mark(self, x, y, w, h):
        tw = self.tile_w
        th = self.tile_h
        c0 = max(0, x // tw)
        c1 = min(self.tiles_x - 1, (x + w - 1) // tw)
        r0 = max(0, y // th)
        r1 = min(self.tiles_y - 1, (y + h - 1) // th)
        d = self.dirty
        for r in range(r0, r1 + 1):
            at = r * self.tiles_x
            for col in range(c0, c1 + 1):
                d[at + col] = 1

    def invalidate(self):
        """Redraw everything at the next render (e.g. a display that lost its content)."""
        d = self.dirty
        for i in range(len(d)):
            d[i] = 1

    def dirty_tiles(self):
        """How many tiles are to be redrawn."""
        n = 0
        for flag in self.dirty:
            n += flag
        return n

    # --- measuring --------------------------------------------------------------------
