"""The display's fonts: generated with font_to_py from the X.Org Helvetica bitmaps, not drawn by
hand, packed into one file read glyph by glyph (firmware/fonts), legible pair by pair."""

import os
import sys

import pytest

from conftest import ROOT, run_heap_locked, run_mpy
from firmware import fonts
from host_tools.building import fontgen, glyph_check

SIZES = ((160, 128), (240, 135))


@pytest.fixture
def fresh_fonts():
    """firmware.fonts as shipped again after a test loads another file."""
    yield fonts
    fonts.load()
    assert fonts.PROBLEM is None


def test_the_committed_font_files_are_what_the_generator_makes(tmp_path):
    written = fontgen.generate(str(tmp_path))
    assert len(written) == 2
    for path in written:
        rel = os.path.relpath(path, str(tmp_path))
        with open(path, "rb") as f, open(os.path.join(ROOT, rel), "rb") as g:
            assert f.read() == g.read(), rel


def test_the_frozen_fonts_are_the_file():
    from firmware.boards import frozen_fonts

    with open(os.path.join(ROOT, fontgen.FILE), "rb") as f:
        assert frozen_fonts.DATA == f.read()


def test_glyphs_are_font_to_pys_with_a_blank_column_where_a_pair_read_as_another_letter():
    """Every glyph is font_to_py's, bit for bit, with one blank column added on the right of
    Helvetica Bold's 'r' ("rn" read as "m") and Helvetica's 'F' ("Fi" as "H"); the error glyph
    for a character not in a font."""
    _blob, raw = fontgen.build(spacing=False)
    assert fonts.PROBLEM is None
    widened = 0
    for number, font in enumerate(raw):
        assert fonts.HEIGHT[number] == font.height
        for code in range(32, 127):
            i = code - font.first + 1 if font.first <= code <= font.last else 0
            w, rows = font.glyphs[i]
            gw = fonts.advance(number, code)
            wider = (number, chr(code)) in ((fonts.SMALL, "F"), (fonts.BOLD, "r"))
            assert gw == w + wider, (number, chr(code))
            widened += gw - w
            at = fonts.rows(number, code)
            bpr = (w + 7) // 8
            gbpr = (gw + 7) // 8
            for y in range(font.height):
                for x in range(gw):
                    on = bool(fonts.DATA[at + y * gbpr + x // 8] & (0x80 >> (x % 8)))
                    assert on == (x < w and bool(rows[y * bpr + x // 8] & (0x80 >> (x % 8)))), \
                        (number, chr(code), x, y)
    assert widened == 2


def test_text_is_measured_in_the_fonts_pixels():
    assert fonts.width(fonts.SMALL, "") == 0
    assert fonts.width(fonts.BIG, 10) == fonts.width(fonts.BIG, "10")
    assert fonts.width(fonts.MID, -3) == fonts.width(fonts.MID, "-3")
    assert fonts.width(fonts.BOLD, "MW") > fonts.width(fonts.BOLD, "il")  # proportional
    assert fonts.fit(fonts.SMALL, "abcdef", fonts.width(fonts.SMALL, "abc")) == 3


def test_only_the_tables_are_held_in_ram():
    """The glyphs' rows stay in the file: what is held is its header and tables, and one
    glyph's buffer."""
    assert len(fonts._meta) < 800
    assert len(fonts.BUF) == fonts.MAX_GLYPH_BYTES <= 80
    assert os.path.getsize(os.path.join(ROOT, fontgen.FILE)) > 4 * len(fonts._meta)


# --- a missing or bad file: one line, never a traceback ----------------------------------------

def test_a_missing_font_file_is_one_line_and_the_app_still_measures(tmp_path, fresh_fonts,
                                                                     monkeypatch):
    monkeypatch.setitem(sys.modules, "firmware.boards.frozen_fonts", None)  # no frozen fonts either
    why = fonts.load(str(tmp_path / "glyphs.bin"))
    assert why == fonts.PROBLEM and "\n" not in why
    assert "glyphs.bin is missing" in why and "copy the app" in why
    assert fonts.width(fonts.BOLD, "turn") == 24  # 6 px a character, drawn blank
    assert fonts.rows(fonts.BOLD, ord("t")) == 0 and not any(fonts.DATA)


@pytest.mark.parametrize("damage", ["empty", "truncated", "header", "offset", "count", "text"])
def test_a_damaged_font_file_is_one_line(tmp_path, fresh_fonts, damage):
    with open(os.path.join(ROOT, fontgen.FILE), "rb") as f:
        good = bytearray(f.read())
    bad = {"empty": b"", "truncated": good[:len(good) - 10], "header": good[:20],
           "offset": good[:48] + b"\xff\xff" + good[50:], "count": good[:5] + b"\x03" + good[6:],
           "text": b"TAL companion\n" * 40}[damage]
    path = tmp_path / "glyphs.bin"
    path.write_bytes(bytes(bad))
    why = fonts.load(str(path))
    assert why and "\n" not in why and "is damaged" in why, why
    assert fonts.width(fonts.SMALL, "ab") == 12


def test_the_device_says_the_fonts_problem_instead_of_starting(tmp_path, fresh_fonts,
                                                               monkeypatch, capsys):
    from firmware import device

    monkeypatch.setitem(sys.modules, "firmware.boards.frozen_fonts", None)
    fonts.load(str(tmp_path / "nothing.bin"))

    class NoBoard:
        def display(self):
            raise AssertionError("the display must not be taken")

    device.run(NoBoard())
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "is missing" in out
    with pytest.raises(OSError, match="is missing"):  # the web page shows this line
        device.Loop(NoBoard())


def test_micropython_reads_a_bad_font_file_as_one_line(tmp_path):
    path = tmp_path / "glyphs.bin"
    path.write_bytes(b"TALF\x01\x04\x28\x00" + b"\x00" * 40)
    code = """
from firmware import fonts
print(fonts.PROBLEM)
print(fonts.load(%r))
print(fonts.width(fonts.BOLD, "turn"))
""" % str(path)
    rc, out, err = run_mpy(code, heap="64K")
    assert rc == 0 and not err, err
    lines = out.splitlines()
    assert lines[0] == "None"  # the shipped file, beside the .mpy
    assert "is damaged" in lines[1] and lines[2] == "24"


def test_micropython_uses_the_frozen_fonts_when_there_is_no_file(tmp_path):
    """A frozen firmware has no glyphs.bin: `firmware/boards/frozen_fonts.py` (the same bytes)
    is read instead."""
    code = """
import sys
from firmware import fonts
print(fonts.load(%r), fonts._file, fonts.width(fonts.BOLD, "turn"))
at = fonts.rows(fonts.BOLD, ord("m"))
print(fonts.DATA is sys.modules["firmware.boards.frozen_fonts"].DATA, at > 0)
""" % str(tmp_path / "absent.bin")
    rc, out, err = run_mpy(code, heap="64K")
    assert rc == 0, err
    assert out.split() == ["None", "None", str(fonts.width(fonts.BOLD, "turn")), "True", "True"]


def test_drawing_text_from_the_font_file_allocates_nothing():
    """With the heap locked, every character of every font is read from the file and drawn
    (framebuf backend, the tiles redrawn whole)."""
    code = """
from firmware.display_framebuf import FramebufBackend
from firmware.canvas import Canvas
from firmware import fonts
from firmware.inks import WHITE
be = FramebufBackend(240, 135, None)  # drawn, not sent (a FramePanel's copy would allocate)
c = Canvas(240, 135)
ALL = "".join(chr(i) for i in range(32, 127))
LINES = [ALL[i:i + 30] for i in range(0, len(ALL), 30)]
def hot():
    c.begin()
    y = 0
    for line in LINES:
        c.text(0, y, 240, line, WHITE, fonts.SMALL)
        c.text(0, y + 12, 240, line, WHITE, fonts.BOLD)
        y += 24
    c.text(0, 100, 120, 1234567890, WHITE, fonts.BIG)
    c.text(130, 100, 110, -987, WHITE, fonts.MID)
    c.end()
    c.invalidate()
    be.render(c)
    return be.windows
"""
    assert int(run_heap_locked(code, heap="128K")) > 0


# --- legible: no pair of glyphs reads as another letter ------------------------------------------

def test_the_check_finds_rn_read_as_m_in_the_font_as_it_was():
    """Helvetica Bold at 11 px as font_to_py makes it: 'r' touches 'n' and the pair reads as
    'm' ("tum" for "turn"); the check says so."""
    _blob, raw = fontgen.build(spacing=False)
    cache = {n: glyph_check.from_generated(raw[n], n) for n in range(4)}
    bad = glyph_check.confusable(["Mission: turn 1", "4 turns left", "<end turn>"], cache=cache)
    assert ("Mission: turn 1", fonts.BOLD, "rn", "m") in bad
    assert ("Fl", "H") in [(b[2], b[3]) for b in glyph_check.confusable(["Flying"], cache=cache)]
    assert glyph_check.confusable(["Mission: turn 1", "Flying"]) == []  # the fonts shipped


def test_no_pair_of_glyphs_reads_as_another_in_any_font():
    """Any two printable characters side by side, in each text font, and any two digits in the
    numeral fonts: none reads as one other glyph."""
    printable = [chr(c) for c in range(33, 127)]
    assert glyph_check.confusable([a + b for a in printable for b in printable]) == []
    digits = [a + b for a in glyph_check.DIGITS for b in glyph_check.DIGITS]
    assert glyph_check.confusable([(p, fonts.MID) for p in digits] +
                                  [(p, fonts.BIG) for p in digits]) == []


@pytest.mark.parametrize("size", SIZES)
def test_every_string_the_screens_show_reads_as_written(size):
    """Every string the screens show (host_tools/desk/screen_strings.py drives every screen of
    every game and the states a player meets), in both text fonts and in the font it was drawn
    with: no pair of glyphs reads as another letter."""
    from host_tools.desk.screen_strings import collect_strings

    seen = collect_strings((size,))[size]
    assert len(seen) > 300
    shown = sorted((text, s.font) for text, s in seen.items())
    assert any("turn" in t for t, f in shown if f == fonts.BOLD)
    assert glyph_check.confusable(sorted(seen)) == []
    assert glyph_check.confusable(shown) == []
