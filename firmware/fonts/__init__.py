"""The display's four fonts, generated with `font_to_py` (host_tools/building/fontgen.py; do not edit them).

A font is named by its number, which the canvas stores with each text:

    SMALL   sans11     11 px Helvetica: text, labels, lists
    BOLD    sans11b    11 px Helvetica Bold: titles, values, chits
    MID     digits19   19 px bold digits and + - /: track numerals, batch totals
    BIG     digits25   25 px bold digits and + - /: a roll's result

Each module holds `_font` (per glyph: its width in two bytes, little-endian, then its rows
top first, each a whole number of bytes, most significant bit leftmost) and `_index` (two bytes
per character from min_ch() to max_ch(), after the error glyph's): font_to_py's documented
layout.  The glyphs are read here by index, without `get_ch`, whose memoryview slices would
allocate for every character drawn.
"""

from firmware.fonts import digits19, digits25, sans11, sans11b

SMALL = 0
BOLD = 1
MID = 2
BIG = 3

_MODULES = (sans11, sans11b, digits19, digits25)
DATA = tuple(m._font for m in _MODULES)
INDEX = tuple(m._index for m in _MODULES)
HEIGHT = tuple(m.height() for m in _MODULES)
BASELINE = tuple(m.baseline() for m in _MODULES)
FIRST = tuple(m.min_ch() for m in _MODULES)
LAST = tuple(m.max_ch() for m in _MODULES)
MAX_GLYPH_BYTES = max(m.height() * ((m.max_width() + 7) // 8) for m in _MODULES)
del _MODULES


def glyph(font, code):
    """Offset in DATA[font] of character `code`'s glyph (the error glyph, '?', if it has none)."""
    first = FIRST[font]
    i = 2 * (code - first + 1) if first <= code <= LAST[font] else 0
    index = INDEX[font]
    return index[i] | (index[i + 1] << 8)


def advance(font, code):
    """Width in pixels of character `code` (the glyph's width includes its spacing)."""
    data = DATA[font]
    at = glyph(font, code)
    return data[at] | (data[at + 1] << 8)


def width(font, text):
    """Width in pixels of `text`: a str, or an int shown in decimal (no string made for it)."""
    if isinstance(text, int):
        n = text
        w = 0
        if n < 0:
            w = advance(font, 45)  # '-'
            n = -n
        p = 1
        while p * 10 <= n:
            p *= 10
        while p:
            w += advance(font, 48 + n // p % 10)
            p //= 10
        return w
    w = 0
    for ch in text:
        w += advance(font, ord(ch))
    return w


def fit(font, text, room):
    """How many leading characters of str `text` fit in `room` pixels."""
    w = 0
    n = 0
    for ch in text:
        w += advance(font, ord(ch))
        if w > room:
            return n
        n += 1
    return n
