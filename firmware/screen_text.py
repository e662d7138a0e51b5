"""Reading a canvas's frame back as text: the terminal front end, the tests, the overflow check.

`ReadCanvas` is a `Canvas` that can also say what it shows: `texts()`, `lines()`, `text_at()`,
`ink_of()`, `fill_under()`, and `problems()`: text cut by its box or by the screen's edge, text
running into other text, items dropped for lack of room.  The device draws on a plain `Canvas`
and never loads this module.
"""

from firmware import fonts
from firmware.canvas import CENTRE, FILL, LEFT, TEXT, Canvas
from firmware.inks import BLACK


class ReadCanvas(Canvas):
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
            for top, bottom, texts in rows:
                if top <= mid < bottom:
                    texts.append((self._ink_x(x, w, s, font), s))
                    break
            else:
                rows.append([y, y + h, [(self._ink_x(x, w, s, font), s)]])
        rows.sort()
        return [" ".join(s for _x, s in sorted(texts)) for _top, _bottom, texts in rows]

    def text_at(self, part):
        """(x, y, w, h, text, ink, font) of the first text containing `part`, or None."""
        for t in self.texts():
            if part in t[4]:  # (x, y, w, h, text, ink, font)
                return t
        return None

    def ink_of(self, part):
        """The ink of the first text containing `part` (None when not shown)."""
        t = self.text_at(part)
        return None if t is None else t[5]  # (x, y, w, h, text, ink, font)

    def fill_under(self, x, y):
        """The ink of the last filled box under pixel (x, y) (BLACK when none): the background
        a text is read on."""
        ink = BLACK
        for kind, bx, by, bw, bh, bink, _arg, _flags, _o in self.items():
            if kind == FILL and bx <= x < bx + bw and by <= y < by + bh:
                ink = bink
        return ink

    def _ink_x(self, x, w, text, font):
        """Where `text` starts in its box (its alignment)."""
        return self.extent(x, w, text, font, 0)[0]

    @staticmethod
    def extent(x, w, text, font, flags):
        """(left, right) pixels a text covers in its box of width `w` at x, as drawn."""
        tw = fonts.width(font, text)
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
            out.append("%d items (or lines) dropped for lack of room" % self.dropped)
        return out


_INK_ROWS = {}  # (font, text) -> (top, bottom) at y 0: the tests read thousands of frames


def _ink_rows(font, text, y):
    """(top, bottom) rows where the glyphs of `text` put ink, at y: the blank rows at the top
    and bottom of a font's cell may touch a neighbour's."""
    key = (font, text)
    got = _INK_ROWS.get(key)
    if got is None:
        if len(_INK_ROWS) > 4000:
            _INK_ROWS.clear()
        got = _INK_ROWS[key] = _ink_rows_at_0(font, text)
    return y + got[0], y + got[1]


def _ink_rows_at_0(font, text):
    y = 0
    h = fonts.HEIGHT[font]
    top = h
    bottom = 0
    for ch in text:
        gw = fonts.advance(font, ord(ch))
        at = fonts.rows(font, ord(ch))
        data = fonts.DATA
        bpr = (gw + 7) // 8
        for r in range(h):
            row = at + r * bpr
            if any(data[row + b] for b in range(bpr)):
                top = min(top, r)
                bottom = max(bottom, r + 1)
    if bottom == 0:
        return y, y
    return y + top, y + bottom
