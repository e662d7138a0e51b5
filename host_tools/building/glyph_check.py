"""Does every pair of glyphs the screens draw read as itself?  ("rn" must not read as "m").

`confusable(strings)` takes the strings (or (string, font) pairs) a screen can show and returns
each adjacent pair of characters whose ink touches (no blank column between the two glyphs as
the display draws them) and that, so joined, is like one glyph of the same font (`likeness`):
Helvetica Bold at 11 px drew "turn" as "tum" until host_tools/building/fontgen.py gave 'r' a blank
column (fontgen uses this check to choose the glyphs it widens).  A
string given alone is checked in both text fonts (SMALL, BOLD): a screen may draw it in either.
tests/test_fonts.py gives it every string the screens show (host_tools/desk/screen_strings.py).
"""


from firmware import fonts

TEXT_FONTS = (fonts.SMALL, fonts.BOLD)
DIGITS = "0123456789+-/"  # the characters of MID and BIG (host_tools/building/fontgen.py)


def glyph_ink(font, code):
    """(advance, set of (x, y) with ink) of character `code` as firmware.fonts draws it."""
    w = fonts.advance(font, code)
    at = fonts.rows(font, code)
    data = fonts.DATA
    bpr = (w + 7) // 8
    ink = set()
    for y in range(fonts.HEIGHT[font]):
        for x in range(w):
            if data[at + y * bpr + x // 8] & (0x80 >> (x % 8)):
                ink.add((x, y))
    return w, ink


def _trimmed(ink):
    # the ink moved to column 0: a glyph's shape whatever its bearing
    if not ink:
        return frozenset()
    left = min(x for x, _y in ink)
    return frozenset((x - left, y) for x, y in ink)


def _width(ink):
    return (max(x for x, _y in ink) + 1) if ink else 0


def _columns(ink, w):
    return [frozenset(y for x, y in ink if x == c) for c in range(w)]


def likeness(pair_ink, ink):
    """How alike two trimmed shapes are, 0 to 1: the rows of each column of the wider one
    against those of the column at the same place in the other (stretched to its width), over
    the ink of both.  'rn' and 'm' of Helvetica Bold at 11 px, unspaced: 0.86."""
    a, b = (pair_ink, ink) if _width(pair_ink) >= _width(ink) else (ink, pair_ink)
    wa = _width(a)
    wb = _width(b)
    if not wa or not wb:
        return 0.0
    ca = _columns(a, wa)
    cb = _columns(b, wb)
    same = 0
    total = 0
    for x in range(wa):
        other = cb[(x * wb) // wa]
        same += len(ca[x] & other)
        total += len(ca[x] | other)
    return same / total if total else 0.0


def reads_as(pair_ink, glyphs, least=0.75):
    """The character whose glyph (in `glyphs`: {char: trimmed ink}) the trimmed ink of a pair is
    most like, if alike enough to be read as it (`likeness` at least `least`, widths within two
    columns); else None."""
    best = None
    best_l = 0.0
    w = _width(pair_ink)
    for ch, ink in glyphs.items():
        if not ink or abs(_width(ink) - w) > 2:
            continue
        lk = likeness(pair_ink, ink)
        if lk > best_l:
            best, best_l = ch, lk
    return best if best_l >= least else None


class Font:
    """One font's glyphs, from `glyph(code) -> (advance, set of (x, y))` (default: the display's
    font `number`, as firmware.fonts draws it)."""

    def __init__(self, number, glyph=None, chars=None):
        glyph = glyph or (lambda code: glyph_ink(number, code))
        if chars is None:
            chars = "".join(chr(c) for c in range(33, 127)) if number in TEXT_FONTS else DIGITS
        self.number = number
        self.glyphs = {ch: glyph(ord(ch)) for ch in chars}
        self.shapes = {ch: _trimmed(ink) for ch, (_w, ink) in self.glyphs.items()}

    def has(self, ch):
        return ch in self.glyphs

    def pair(self, a, b):
        """The character `a` then `b` read as, or None when they read as two glyphs (a blank
        column between their ink, or so joined they are like no one glyph)."""
        wa, ia = self.glyphs[a]
        _wb, ib = self.glyphs[b]
        if not ia or not ib:
            return None
        right = max(x for x, _y in ia)
        left = min(x for x, _y in ib) + wa
        if left - right > 1:  # a blank column between their ink
            return None
        joined = _trimmed(ia | {(x + wa, y) for x, y in ib})
        return reads_as(joined, self.shapes)


def from_generated(font, number):
    """A `Font` of a host_tools.building.fontgen.Font (the test checks the font before its spacing)."""
    def glyph(code):
        i = code - font.first + 1 if font.first <= code <= font.last else 0
        w, rows = font.glyphs[i]
        bpr = (w + 7) // 8
        return w, {(x, y) for y in range(font.height) for x in range(w)
                   if rows[y * bpr + x // 8] & (0x80 >> (x % 8))}

    return Font(number, glyph)


def _fonts_for(number, cache):
    if number not in cache:
        cache[number] = Font(number)
    return cache[number]


def confusable(strings, text_fonts=TEXT_FONTS, cache=None):
    """[(string, font number, pair, what it reads as)] for every adjacent pair of characters in
    `strings` (str, or (str, font number)) whose glyphs touch and read as one glyph.  `cache`:
    {font number: Font} to check other glyphs than the display's."""
    cache = {} if cache is None else cache
    bad = []
    seen = set()
    for item in strings:
        text, numbers = (item, text_fonts) if isinstance(item, str) else (item[0], (item[1],))
        for number in numbers:
            font = _fonts_for(number, cache)
            for i in range(len(text) - 1):
                a, b = text[i], text[i + 1]
                if (a, b, number) in seen or not (font.has(a) and font.has(b)):
                    continue
                seen.add((a, b, number))
                got = font.pair(a, b)
                if got is not None:
                    bad.append((text, number, a + b, got))
    return bad
