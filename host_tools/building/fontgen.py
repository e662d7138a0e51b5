"""Generate the display's font file (`firmware/fonts/glyphs.bin`) with Peter Hinch's `font_to_py`.

    python -m host_tools.building.fontgen [OUT_DIR]      (make fonts; default: the repository)

The sources are X.Org's 100 dpi Helvetica bitmaps (`firmware/fonts/src/*.pcf.gz`, from the
font-adobe-100dpi release as Debian's xfonts-100dpi 1:1.0.5 ships it; licence in
`firmware/fonts/src/LICENSE.adobe-100dpi`: use, modification and redistribution allowed with the
copyright notice).  They are hand-tuned bitmaps, so the glyphs stay crisp at 11 px, where an
outline font rendered in one bit per pixel would not.  `font_to_py` (PyPI `font-to-py`, pinned in
requirements.txt) turns each into rows of bits; this packs the four into one binary file that the
device reads glyph by glyph (`firmware/fonts/__init__.py` describes its layout), so no glyph
takes heap: loaded from .mpy, the four font modules this replaced held their bytes, code and
names in the heap.  A glyph that joined to its neighbour reads as another letter gets one blank
column more (`spaced`): Helvetica Bold's 'r' and 'n' touched and read as 'm' ("tum" for "turn";
tests/test_fonts.py checks every pair of the screens' strings).

It also writes `firmware/boards/frozen_fonts.py`: the same file as one `bytes`, which
manifest.py freezes into a custom firmware, where it stays in flash and no file is needed.
The output is committed; tests/test_fonts.py checks it is exactly what this writes.
"""

import gzip
import io
import os
import shutil
import struct
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT_DIR = os.path.join(ROOT, "firmware", "fonts")
SRC_DIR = os.path.join(FONT_DIR, "src")
FILE = os.path.join("firmware", "fonts", "glyphs.bin")  # relative to the output directory
FROZEN = os.path.join("firmware", "boards", "frozen_fonts.py")  # relative, as FILE
DIGITS = "0123456789+-/"
MAGIC = b"TALF"
VERSION = 1

# In the order of their numbers (firmware.fonts.SMALL, BOLD, MID, BIG):
# (name, source, characters or None for printable ASCII, what it is for)
FONTS = (
    ("sans11", "helvR08.pcf.gz", None, "text: labels, lists, notes"),
    ("sans11b", "helvB08.pcf.gz", None, "titles, values, chits"),
    ("digits19", "helvB18.pcf.gz", DIGITS, "track numerals, batch totals"),
    ("digits25", "helvB24.pcf.gz", DIGITS, "a roll's result"),
)

NOTICE = """Bitmaps: X.Org font-adobe-100dpi, Helvetica.  Copyright 1984-1989, 1994 Adobe Systems
Incorporated.  Copyright 1988, 1994 Digital Equipment Corporation.  Permission to use, copy,
modify, distribute and sell this software and its documentation for any purpose and without fee
is hereby granted, provided that the above copyright notices appear in all copies and that both
those copyright notices and this permission notice appear in supporting documentation, and that
the names of Adobe Systems and Digital Equipment Corporation not be used in advertising or
publicity pertaining to distribution of the software without specific, written prior
permission.  Adobe Systems and Digital Equipment Corporation make no representations about the
suitability of this software for any purpose.  It is provided "as is" without express or
implied warranty.  (Full notice: firmware/fonts/src/LICENSE.adobe-100dpi.)"""


class Font:
    """One font as font_to_py made it: height, baseline, first and last character, and its
    glyphs [(advance, rows)], the error glyph first, then each character in order; rows are
    `height` rows of (advance + 7) // 8 bytes, most significant bit leftmost."""

    def __init__(self, height, baseline, first, last, glyphs):
        self.height = height
        self.baseline = baseline
        self.first = first
        self.last = last
        self.glyphs = glyphs


def _font_to_py(tmp, src, chars, module):
    """Run font_to_py on the .pcf.gz `src`; return the namespace of the module it writes."""
    from font_to_py import font_to_py

    pcf = src[:-3]  # font_to_py reads .pcf, not .pcf.gz
    with gzip.open(os.path.join(SRC_DIR, src), "rb") as fin:
        with open(os.path.join(tmp, pcf), "wb") as fout:
            shutil.copyfileobj(fin, fout)
    argv = ["font_to_py", "-x"] + (["-c", chars] if chars else []) + [pcf, "0", module + ".py"]
    here = os.getcwd()
    saved = sys.argv
    stdout = sys.stdout
    try:
        os.chdir(tmp)
        sys.argv = argv
        sys.stdout = io.StringIO()
        font_to_py.main()
    finally:
        sys.stdout = stdout
        sys.argv = saved
        os.chdir(here)
    ns = {}
    with open(os.path.join(tmp, module + ".py")) as f:
        exec(compile(f.read(), module + ".py", "exec"), ns)
    return ns


def read_font(ns):
    """A `Font` from a font_to_py module's namespace (its documented layout: `_font` holds each
    glyph's width in two bytes, little-endian, then its rows; `_index` two bytes per glyph, the
    error glyph's first)."""
    data = ns["_font"]
    index = ns["_index"]
    h = ns["height"]()
    first = ns["min_ch"]()
    last = ns["max_ch"]()
    glyphs = []
    for i in range(last - first + 2):
        at = index[2 * i] | (index[2 * i + 1] << 8)
        w = data[at] | (data[at + 1] << 8)
        n = h * ((w + 7) // 8)
        glyphs.append((w, bytes(data[at + 2:at + 2 + n])))
    return Font(h, ns["baseline"](), first, last, glyphs)


def ink_columns(w, rows, h):
    """The set of columns of a glyph `w` wide where some row has ink."""
    bpr = (w + 7) // 8
    return {x for r in range(h) for x in range(w) if rows[r * bpr + x // 8] & (0x80 >> (x % 8))}


def widened(font, codes):
    """`font` with one blank column more on the right of the glyphs of characters `codes`."""
    out = []
    for i, (w, rows) in enumerate(font.glyphs):
        if i and font.first + i - 1 in codes:
            bpr = (w + 7) // 8
            if (w + 8) // 8 != bpr:
                rows = b"".join(rows[r * bpr:(r + 1) * bpr] + b"\x00" for r in range(font.height))
            w += 1
        out.append((w, rows))
    return Font(font.height, font.baseline, font.first, font.last, out)


def spaced(font, number):
    """`font` (the display's font `number`) with a blank column added to each glyph whose ink,
    touching the next glyph's, makes a pair read as another character (host_tools/glyph_check:
    Helvetica Bold's 'r' then 'n', 'h', 'l', 'o' or 'I'; Helvetica's 'F' then 'i' or 'l', read as
    'H'), until no pair does.  Only those: a column more on every glyph whose ink reaches its
    edge widened the bold text enough to push lines off the 160 x 128 screens."""
    from host_tools.building import glyph_check

    while True:
        check = glyph_check.from_generated(font, number)
        chars = "".join(check.glyphs)
        bad = glyph_check.confusable([a + b for a in chars for b in chars], (number,),
                                     {number: check})
        if not bad:
            return font
        font = widened(font, {ord(pair[0]) for _s, _n, pair, _got in bad})


def pack(fonts):
    """The font file's bytes (layout: firmware/fonts/__init__.py)."""
    head = 8 + 8 * len(fonts)
    tables = []
    at = head
    for f in fonts:
        tables.append(at)
        at += 3 * len(f.glyphs)
    start = at
    rows = bytearray()
    out = bytearray(MAGIC + bytes((VERSION, len(fonts))) + struct.pack("<H", start))
    for f, table in zip(fonts, tables):
        most = max(len(r) for _w, r in f.glyphs)
        out += bytes((f.height, f.baseline, f.first, f.last)) + struct.pack("<HBB", table, most, 0)
    for f in fonts:
        for w, r in f.glyphs:
            assert w < 256 and start + len(rows) < 65536
            out += bytes((w,)) + struct.pack("<H", start + len(rows))
            rows += r
    assert len(out) == start
    return bytes(out + rows)


def frozen_source(blob):
    """frozen_fonts.py: the font file as one bytes constant (manifest.py freezes it)."""
    lines = ['"""The font file (firmware/fonts/glyphs.bin) as bytes, for a frozen firmware only',
             "(manifest.py): frozen, it stays in flash and the device reads no file.  Made by",
             "`python -m host_tools.building.fontgen` (make fonts) from firmware/fonts/src; do not edit.",
             "", NOTICE, '"""', "", "DATA = ("]
    for i in range(0, len(blob), 32):
        lines.append("    b'%s'" % "".join("\\x%02x" % b for b in blob[i:i + 32]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def build(spacing=True):
    """(the font file's bytes, the `Font`s as generated and spaced; `spacing` False: as
    font_to_py made them, for the tests)."""
    fonts = []
    with tempfile.TemporaryDirectory() as tmp:
        for module, src, chars, _what in FONTS:
            font = read_font(_font_to_py(tmp, src, chars, module))
            fonts.append(spaced(font, len(fonts)) if spacing else font)
    return pack(fonts), fonts


def generate(out_dir=ROOT):
    """Write the font file and its frozen copy (FILE, FROZEN) under `out_dir`; their paths."""
    blob, _fonts = build()
    path = os.path.join(out_dir, FILE)
    frozen = os.path.join(out_dir, FROZEN)
    for p, data in ((path, blob), (frozen, frozen_source(blob).encode())):
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
    return [path, frozen]


if __name__ == "__main__":
    for p in generate(sys.argv[1] if len(sys.argv) > 1 else ROOT):
        print(p)
