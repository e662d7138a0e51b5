"""Two display backends, one screen code (issue: the device, items 2 and 7).

The same key sequences run on CPython with the displayio backend (Blinka, headless PyGame) and
under the MicroPython unix port with the framebuf backend: the screen text must be identical, and
each backend must really draw every character in its ink.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from appkit import Driver, mpy_screens  # noqa: E402
from conftest import run_mpy  # noqa: E402
from firmware import canvas as C  # noqa: E402

SEQUENCES = (
    "",  # the start
    "a",  # a check
    "drrdd" + "r" * 7 + "a",  # a batch of 8 against 8+
    "sdrra",  # a plain 3d10
    "ssa",  # launch-retain
    "t",  # the menu
    "t" + "d" * 6 + "aa",  # self-test run
    "t" + "d" * 7 + "adddr",  # settings
    "B",  # undo (nothing)
    "b" + "tdda" + "sa" + "drua" + "s" + "rra" + "ra" + "llla",  # a mission, one turn ended
    "tua" + "dddra",  # Cups: aircraft 1 attacked, the counters revealed
    "bb" + "tddda" + "lla" + "sla",  # a campaign and a pilot
    "b" + "tdddda" + "a",  # Enemy Cover
)


def cumulative(seqs):
    """Each sequence runs from a fresh app: the MicroPython driver runs them one after the other,
    so the groups there are cumulative prefixes; here each shot replays its whole prefix."""
    out = []
    acc = ""
    for s in seqs:
        acc += s
        out.append(acc)
    return out


def same_text(lines):
    """The free memory differs by interpreter (the host has none to report): mask it."""
    return [l.split("Memory")[0] + "Memory" if "Memory" in l else l for l in lines]


def to565(rgb):
    r, g, b = rgb[:3]
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


@pytest.fixture(scope="module", params=[(160, 128), (240, 135)], ids=["pybadge", "pico"])
def displayio_backend(request):
    import displayio
    from firmware.display_displayio import DisplayioBackend
    from host_tools.simulator import _sim_display_class

    displayio.release_displays()
    disp = _sim_display_class()(*request.param, scale=1, panel=False)
    yield request.param, disp, DisplayioBackend(disp)
    displayio.release_displays()


def check_drawn(canvas, surface):
    """Cells whose ink appears nowhere in their 8 x 10 pixels (0 when the backend drew all)."""
    bad = []
    for row in range(canvas.rows):
        for col in range(canvas.cols):
            ch = canvas.chars[row * canvas.cols + col]
            if ch in (32, 45, 46):
                continue
            want = to565(((C.PALETTE[canvas.inks[row * canvas.cols + col]] >> 16) & 255,
                          (C.PALETTE[canvas.inks[row * canvas.cols + col]] >> 8) & 255,
                          C.PALETTE[canvas.inks[row * canvas.cols + col]] & 255))
            found = any(to565(surface.get_at((x, y))) == want
                        for y in range(row * 10, row * 10 + 10)
                        for x in range(col * 8, col * 8 + 8))
            if not found:
                bad.append((col, row, chr(ch)))
    return bad


def test_displayio_draws_every_cell_and_the_big_text(displayio_backend):
    size, disp, backend = displayio_backend
    for keys in cumulative(SEQUENCES):
        d = Driver(seed=7, size=size)
        d.press(keys)
        backend.render(d.canvas)
        surf = disp._pygame_screen
        assert check_drawn(d.canvas, surf) == [], keys
        if d.canvas.big_text:  # some pixel of the big text's ink near where it is drawn
            want = C.PALETTE[d.canvas.big_ink]
            rgb = ((want >> 16) & 255, (want >> 8) & 255, want & 255)
            x0, y0 = d.canvas.big_x, d.canvas.big_y
            assert any(to565(surf.get_at((x, y))) == to565(rgb)
                       for x in range(x0, x0 + 24) for y in range(y0, y0 + 24)), keys
    # the title bar is cyan, behind black text
    cyan = C.PALETTE[C.CYAN]
    assert to565(surf.get_at((size[0] - 1, 5))) == to565(
        ((cyan >> 16) & 255, (cyan >> 8) & 255, cyan & 255))


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["pybadge", "pico"])
def test_same_keys_same_text_on_both_backends(size):
    """The framebuf backend under MicroPython shows the same text as displayio on CPython."""
    shots = mpy_screens(SEQUENCES, seed=7, size=size, heap="512K")
    assert len(shots) == len(SEQUENCES)
    for keys, (lines, bad) in zip(cumulative(SEQUENCES), shots):
        d = Driver(seed=7, size=size)
        assert same_text(lines) == same_text(d.press(keys)), keys
        assert bad == 0, keys  # every character drawn in its ink


def test_framebuf_swaps_colour_bytes_for_the_st7789():
    """framebuf RGB565 is little-endian; the panel reads big-endian: the buffer holds swapped."""
    code = """
from firmware.display_framebuf import FramebufBackend, rgb565
from firmware.canvas import Canvas, RED
be = FramebufBackend(16, 10)
c = Canvas(16, 10)
c.rect(0, 0, 4, 4, RED)
be.render(c)
print(hex(rgb565(0xFF3030)), hex(be.buf[0]), hex(be.buf[1]), hex(be.pixel(0, 0)))
"""
    rc, out, err = run_mpy(code)
    assert rc == 0, err
    want, hi, lo, pixel = out.split()
    w = int(want, 16)
    assert int(hi, 16) == w >> 8 and int(lo, 16) == w & 0xFF  # big-endian in memory
    assert int(pixel, 16) == w


def test_framebuf_big_text_is_the_font_scaled():
    code = """
from firmware.display_framebuf import FramebufBackend
from firmware.canvas import Canvas, WHITE
from firmware import font8
be = FramebufBackend(40, 30)
c = Canvas(40, 30)
c.big(0, 0, "1", WHITE, 3)
be.render(c)
ok = True
w = be.colours[WHITE]
for gy in range(8):
    bits = font8.row(ord("1"), gy)
    for gx in range(8):
        on = bool(bits & (0x80 >> gx))
        for dy in range(3):
            for dx in range(3):
                if (be.fb.pixel(gx * 3 + dx, gy * 3 + dy) == w) != on:
                    ok = False
print(ok)
"""
    rc, out, err = run_mpy(code)
    assert rc == 0, err
    assert out.strip() == "True"


def test_framebuf_bands_send_exactly_the_whole_frame():
    """Drawn band by band (the Pico's 9.6 KB instead of 63 KB), the panel gets the same bytes as
    from one whole-frame buffer, for a screen with rectangles, text and big text across bands."""
    code = """
from firmware.display_framebuf import FramebufBackend
from firmware.canvas import Canvas, RED, WHITE, YELLOW
c = Canvas(240, 135)
c.rect(3, 7, 100, 31, RED)
c.text(0, 1, "Mode <check>", WHITE)
c.text(2, 12, "A roll SEL mode", YELLOW)
c.big(120, 15, "10", YELLOW, 5)

class Panel:
    def __init__(self):
        self.rows = []
        self.data = bytearray()
    def show_rows(self, y, rows, buf):
        self.rows.append((y, rows))
        self.data.extend(buf)

whole = FramebufBackend(240, 135)
whole.render(c)
p = Panel()
FramebufBackend(240, 135, p, 20).render(c)
print(p.data == whole.buf, p.rows == [(y, min(20, 135 - y)) for y in range(0, 135, 20)])
"""
    rc, out, err = run_mpy(code, heap="512K")
    assert rc == 0, err
    assert out.split() == ["True", "True"]
