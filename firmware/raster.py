"""Drawing a canvas's items into one tile of the screen: the part both display backends share.

A backend subclasses `Raster` and provides `fill(x, y, w, h, ink)`, a filled rectangle in screen
pixels that it clips to the tile being drawn, and may replace `glyph(...)` with a faster one (the
framebuf backend blits).  `draw_tile` paints the tile black, then every item that overlaps it,
in the order the screen drew them.  Nothing here allocates: it runs for every tile redrawn.
"""

from firmware import canvas
from firmware import fonts
from firmware.inks import BLACK


class Raster:
    def fill(self, x, y, w, h, ink):
        raise NotImplementedError

    def draw_tile(self, frame, x0, y0, x1, y1):
        """Draw the items of the frame shown by canvas `frame` that overlap the tile
        (x0, y0)-(x1, y1)."""
        self.fill(x0, y0, x1 - x0, y1 - y0, BLACK)
        g = frame.shown_geo
        a = frame.shown_attr
        o = frame.shown_obj
        for i in range(frame.shown_n):
            j = 4 * i
            x = g[j]
            y = g[j + 1]
            w = g[j + 2]
            h = g[j + 3]
            if x >= x1 or y >= y1 or x + w <= x0 or y + h <= y0:
                continue
            kind = a[j]
            ink = a[j + 1]
            if kind == canvas.TEXT:
                self.text(x, y, w, o[i], ink, a[j + 2], a[j + 3], x0, x1)
            elif kind == canvas.FILL:
                if a[j + 3] & canvas.ROUND and w > 2 and h > 2:
                    self.fill(x + 1, y, w - 2, 1, ink)
                    self.fill(x, y + 1, w, h - 2, ink)
                    self.fill(x + 1, y + h - 1, w - 2, 1, ink)
                else:
                    self.fill(x, y, w, h, ink)
            elif kind == canvas.FRAME:
                self.frame(x, y, w, h, ink, a[j + 3])
            elif kind == canvas.TRI:
                self.tri(x, y, w, h, ink, a[j + 2])
            elif kind == canvas.PIPS:
                self.pips(x, y, w, o[i], ink)

    # --- items ----------------------------------------------------------------------------
    def frame(self, x, y, w, h, ink, flags):
        cut = 1 if flags & canvas.ROUND else 0
        if flags & canvas.DASHED:
            i = x + cut
            while i < x + w - cut:  # 3 on, 2 off, along each side
                n = min(3, x + w - cut - i)
                self.fill(i, y, n, 1, ink)
                self.fill(i, y + h - 1, n, 1, ink)
                i += 5
            i = y + cut
            while i < y + h - cut:
                n = min(3, y + h - cut - i)
                self.fill(x, i, 1, n, ink)
                self.fill(x + w - 1, i, 1, n, ink)
                i += 5
            return
        self.fill(x + cut, y, w - 2 * cut, 1, ink)
        self.fill(x + cut, y + h - 1, w - 2 * cut, 1, ink)
        self.fill(x, y + 1, 1, h - 2, ink)
        self.fill(x + w - 1, y + 1, 1, h - 2, ink)

    def tri(self, x, y, w, h, ink, direction):
        if direction == canvas.UP or direction == canvas.DOWN:
            for r in range(h):
                k = r if direction == canvas.UP else h - 1 - r  # 0 at the point
                half = (w * (k + 1)) // (2 * h)
                self.fill(x + w // 2 - half, y + r, 2 * half + (w & 1), 1, ink)
        else:
            for col in range(w):
                k = col if direction == canvas.LEFT_TRI else w - 1 - col
                half = (h * (k + 1)) // (2 * w)
                self.fill(x + col, y + h // 2 - half, 1, 2 * half + (h & 1), ink)

    def pips(self, x, y, size, n, ink):
        p = max(2, size // 5)  # pip size
        lo = x + size // 4 - p // 2
        mid = x + size // 2 - p // 2
        hi = x + size - size // 4 - (p + 1) // 2
        top = y + size // 4 - p // 2
        ctr = y + size // 2 - p // 2
        bot = y + size - size // 4 - (p + 1) // 2
        if n & 1:
            self.fill(mid, ctr, p, p, ink)
        if n >= 2:
            self.fill(hi, top, p, p, ink)
            self.fill(lo, bot, p, p, ink)
        if n >= 4:
            self.fill(lo, top, p, p, ink)
            self.fill(hi, bot, p, p, ink)
        if n == 6:
            self.fill(lo, ctr, p, p, ink)
            self.fill(hi, ctr, p, p, ink)

    def text(self, x, y, w, value, ink, font, align, x0, x1):
        if align != canvas.LEFT:
            tw = fonts.width(font, value)
            if tw <= w:
                x += (w - tw) // 2 if align == canvas.CENTRE else w - tw
                w = tw
        right = x + w
        if isinstance(value, int):
            n = value
            if n < 0:
                x = self._char(font, 45, x, y, right, ink, x0, x1)
                n = -n
            p = 1
            while p * 10 <= n:
                p *= 10
            while p and x < right:
                x = self._char(font, 48 + n // p % 10, x, y, right, ink, x0, x1)
                p //= 10
            return
        for ch in value:
            x = self._char(font, ord(ch), x, y, right, ink, x0, x1)
            if x >= right or x >= x1:
                return

    def _char(self, font, code, x, y, right, ink, x0, x1):
        """Draw one character at x if it fits before `right`; return where the next one goes
        (`right` when it did not fit: the rest is cut)."""
        gw = fonts.advance(font, code)
        if x + gw > right:
            return right
        if x + gw > x0 and x < x1 and code != 32:
            at = fonts.rows(font, code)  # read from the font file into fonts.DATA
            self.glyph(fonts.DATA, at, gw, fonts.HEIGHT[font], x, y, ink)
        return x + gw

    def glyph(self, data, at, gw, h, x, y, ink):
        """Draw the glyph whose rows start at data[at], `gw` wide and `h` high, at (x, y): each
        run of set pixels in a row is one `fill`."""
        bpr = (gw + 7) // 8
        for r in range(h):
            gx = x
            for b in range(bpr):
                bits = data[at + b]
                if not bits:
                    gx += 8
                    continue
                bit = 0x80
                while bit:
                    if bits & bit:
                        run = 0
                        while bit and bits & bit:
                            run += 1
                            bit >>= 1
                        self.fill(gx, y + r, run, 1, ink)
                        gx += run
                    else:
                        bit >>= 1
                        gx += 1
            at += bpr
