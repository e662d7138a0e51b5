"""The display's fonts: generated with font_to_py from the X.Org Helvetica bitmaps, not drawn by
hand, and read by the backends exactly as font_to_py's own accessor reads them."""

import filecmp
import os

from firmware import fonts
from firmware.fonts import digits19, digits25, sans11, sans11b
from host_tools.building import fontgen


def test_the_committed_fonts_are_what_font_to_py_makes(tmp_path):
    written = fontgen.generate(str(tmp_path))
    assert len(written) == len(fontgen.FONTS)
    for path in written:
        committed = os.path.join(fontgen.FONT_DIR, os.path.basename(path))
        assert filecmp.cmp(path, committed, shallow=False), os.path.basename(path)


def test_glyphs_are_read_as_font_to_py_reads_them():
    """`fonts.glyph` indexes the bytes directly (get_ch would allocate per character): same
    widths and the same rows for every character, and the error glyph for one not in a font."""
    for number, module in enumerate((sans11, sans11b, digits19, digits25)):
        for code in range(32, 127):
            mv, height, width = module.get_ch(chr(code))
            at = fonts.glyph(number, code)
            data = fonts.DATA[number]
            assert fonts.advance(number, code) == width
            assert bytes(data[at + 2:at + 2 + len(mv)]) == bytes(mv)
            assert height == fonts.HEIGHT[number]


def test_text_is_measured_in_the_fonts_pixels():
    assert fonts.width(fonts.SMALL, "") == 0
    assert fonts.width(fonts.BIG, 10) == fonts.width(fonts.BIG, "10")
    assert fonts.width(fonts.MID, -3) == fonts.width(fonts.MID, "-3")
    assert fonts.width(fonts.BOLD, "MW") > fonts.width(fonts.BOLD, "il")  # proportional
    assert fonts.fit(fonts.SMALL, "abcdef", fonts.width(fonts.SMALL, "abc")) == 3


def test_the_fonts_are_small():
    """Bytes of glyphs in RAM when not frozen: all four fonts in under 6 KB."""
    total = sum(len(fonts.DATA[f]) + len(fonts.INDEX[f]) for f in range(4))
    assert total < 6 * 1024, total
