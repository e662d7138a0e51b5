"""What a screen draws: a list of boxes, text and small shapes in pixels, and what changed.

Screens never touch a display.  Each frame they put items into a `Canvas` (`fill`, `frame`,
`text`, `tri`, `pips`); a backend (`display_framebuf`, `display_displayio`) then draws them.
The canvas keeps the previous frame's items: at `end()` it compares the two lists item by item
and marks the tiles of the screen where anything differs, so a backend redraws and sends only
those (`make bench` counts the bytes).  The item lists are preallocated arrays and text is kept
by reference, so drawing a frame allocates nothing.

Because the items keep their text, tests and the terminal front end read the screen back as
text (`texts`, `lines`), and `problems()` finds text that does not fit its box or runs into
another text: the overflow test renders every screen in every state the tests reach.
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

MAX_ITEMS = 160


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
        self.obj = [None] * MAX_ITEMS
        self.n = 0
        self.dropped = 0  # items beyond MAX_ITEMS this frame (a screen drawing too much)
        # what the display shows (the last frame ended): backends draw from these
        self.shown_geo = array("h", bytes(8 * MAX_ITEMS))
        self.shown_attr = bytearray(4 * MAX_ITEMS)
        self.shown_obj = [None] * MAX_ITEMS
        self.shown_n = 0

    # --- drawing a frame ---------------------------------------------------------------
    def begin(self):
        """Start a new frame: no items."""
        obj = self.obj
        for i in range(self.n):
            obj[i] = None
        self.n = 0
        self.dropped = 0

    def _item(self, kind, x, y, w, h, ink, arg, flags, o):
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
        self.obj[i] = o
        self.n = i + 1

    def fill(self, x, y, w, h, ink, flags=0):
        """A filled box (ROUND: corners cut)."""
        if w > 0 and h > 0:
            self._item(FILL, x, y, w, h, ink, 0, flags, None)

    def frame(self, x, y, w, h, ink, flags=0):
        """A one-pixel outline (ROUND, DASHED)."""
        if w > 0 and h > 0:
            self._item(FRAME, x, y, w, h, ink, 0, flags, None)

    def text(self, x, y, w, s, ink=WHITE, font=fonts.SMALL, align=LEFT):
        """Text `s` (a str, or an int in decimal) in the box of width `w` at (x, y), as tall
        as its font.  What does not fit is not drawn (and `problems()` reports it)."""
        self._item(TEXT, x, y, w, fonts.HEIGHT[font], ink, font, align, s)

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
        for v in self.dirty:
            n += v
        return n

    # --- measuring --------------------------------------------------------------------
    @staticmethod
    def measure(s, font=fonts.SMALL):
        """Width in pixels of `s` in `font`."""
        return fonts.width(font, s)

    # --- reading the frame back (tests, the terminal, the overflow check) ---------------
    def texts(self):
        """The texts shown: [(x, y, w, h, text, ink, font)] in drawing order (not those a box
        drawn later covers whole, e.g. under a message)."""
        out = []
        g = self.shown_geo
        a = self.shown_attr
        for i in range(self.shown_n):
            j = 4 * i
            if a[j] == TEXT and not self._covered(i):
                o = self.shown_obj[i]
                out.append((g[j], g[j + 1], g[j + 2], g[j + 3], o if isinstance(o, str) else
                            "%d" % o, a[j + 1], a[j + 2]))
        return out

    def items(self):
        """Every item shown: [(kind, x, y, w, h, ink, arg, flags, obj)]."""
        g = self.shown_geo
        a = self.shown_attr
        return [(a[4 * i], g[4 * i], g[4 * i + 1], g[4 * i + 2], g[4 * i + 3], a[4 * i + 1],
                 a[4 * i + 2], a[4 * i + 3], self.shown_obj[i]) for i in range(self.shown_n)]

    def lines(self):
        """The screen's text as lines, top to bottom: texts side by side on one line, left to
        right, joined by a space."""
        rows = []
        for x, y, w, h, s, ink, font in self.texts():
            if not s:
                continue
            mid = y + h // 2
            for row in rows:
                if row[0] <= mid < row[1]:
                    row[2].append((self._ink_x(x, w, s, font), s))
                    break
            else:
                rows.append([y, y + h, [(self._ink_x(x, w, s, font), s)]])
        rows.sort()
        return [" ".join(s for _x, s in sorted(r[2])) for r in rows]

    def text_at(self, s):
        """(x, y, w, h, text, ink, font) of the first text containing `s`, or None."""
        for t in self.texts():
            if s in t[4]:
                return t
        return None

    def ink_of(self, s):
        """The ink of the first text containing `s` (None when not shown)."""
        t = self.text_at(s)
        return None if t is None else t[5]

    def fill_under(self, x, y):
        """The ink of the last filled box under pixel (x, y) (BLACK when none): the background
        a text is read on."""
        ink = BLACK
        for kind, bx, by, bw, bh, bink, _arg, _flags, _o in self.items():
            if kind == FILL and bx <= x < bx + bw and by <= y < by + bh:
                ink = bink
        return ink

    def _ink_x(self, x, w, s, font):
        """Where text `s` starts in its box (its alignment)."""
        return self.extent(x, w, s, font, 0)[0]

    @staticmethod
    def extent(x, w, s, font, flags):
        """(left, right) pixels a text covers in its box of width `w` at x, as drawn."""
        tw = fonts.width(font, s)
        if tw > w or flags == LEFT:
            return x, x + min(tw, w)
        if flags == CENTRE:
            left = x + (w - tw) // 2
        else:
            left = x + w - tw
        return left, left + tw

    def _covered(self, i):
        """True when a filled box drawn after item i covers all of it."""
        g = self.shown_geo
        a = self.shown_attr
        j = 4 * i
        x, y, w, h = g[j], g[j + 1], g[j + 2], g[j + 3]
        for k in range(i + 1, self.shown_n):
            m = 4 * k
            if (a[m] == FILL and g[m] <= x and g[m + 1] <= y and x + w <= g[m] + g[m + 2]
                    and y + h <= g[m + 1] + g[m + 3]):
                return True
        return False

    def problems(self):
        """What a player could not read: texts cut by their box or by the screen's edge, texts
        that run into another, and items dropped for lack of room.  [] when the frame is clean."""
        out = []
        spans = []
        g = self.shown_geo
        a = self.shown_attr
        for i in range(self.shown_n):
            j = 4 * i
            if a[j] != TEXT or self._covered(i):
                continue
            o = self.shown_obj[i]
            s = o if isinstance(o, str) else "%d" % o
            if not s:
                continue
            x, y, w, h = g[j], g[j + 1], g[j + 2], g[j + 3]
            font = a[j + 2]
            tw = fonts.width(font, s)
            if tw > w:
                out.append("cut: %r is %d px in a box of %d" % (s, tw, w))
            if x < 0 or y < 0 or x + min(w, tw) > self.width or y + h > self.height:
                out.append("off screen: %r at %d,%d" % (s, x, y))
            left, right = self.extent(x, w, s, font, a[j + 3])
            top, bottom = _ink_rows(font, s, y)
            for ol, orr, ot, ob, os_ in spans:
                if left < orr and ol < right and top < ob and ot < bottom:
                    out.append("overlap: %r runs into %r" % (s, os_))
            spans.append((left, right, top, bottom, s))
        if self.dropped:
            out.append("%d items dropped" % self.dropped)
        return out


def _ink_rows(font, s, y):
    """(top, bottom) rows where the glyphs of `s` put ink, at y: the blank rows at the top
    and bottom of a font's cell may touch a neighbour's."""
    data = fonts.DATA[font]
    h = fonts.HEIGHT[font]
    top = h
    bottom = 0
    for ch in s:
        at = fonts.glyph(font, ord(ch))
        gw = data[at] | (data[at + 1] << 8)
        bpr = (gw + 7) // 8
        for r in range(h):
            row = at + 2 + r * bpr
            if any(data[row + b] for b in range(bpr)):
                top = min(top, r)
                bottom = max(bottom, r + 1)
    if bottom == 0:
        return y, y
    return y + top, y + bottom
