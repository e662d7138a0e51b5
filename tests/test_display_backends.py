"""Three display backends, one screen code: the same key sequences run on CPython with the
displayio backend (Blinka's Bitmap), under the MicroPython unix port with the framebuf backend
and on the WebAssembly port with the web page's; all must put the very same ink on every pixel.  Only the tiles that changed are sent to the panel,
and drawing a frame allocates nothing (MicroPython's heap locked)."""

import pytest

from appkit import Driver, keys_of, mpy_screens
from firmware.datafiles import reader
from conftest import run_heap_locked, run_mpy

# What the player does, one after the other from a fresh app (host_tools/desk/screen_driver.py
# scripts); the keys they stand for, recorded on CPython, are pressed on every backend.
SCRIPTS = (
    (),  # the start
    ("do",),  # a check
    ("set Target=8+", "set Dice=8", "do"),  # a batch of 8 against 8+
    ("set Mode=roll", "set Dice=3", "do"),  # a plain 3d10
    ("set Mode=retain", "do"),  # launch-retain
    ("keys t",),  # the menu
    ("keys b", "menu Self-test", "do"),  # self-test run
    ("back", "menu Settings", "choose Dim after", "keys r"),  # settings
    ("back", "undo"),  # undo
    ("back", "back", "menu Mission", "page Roster", "action add", "do", "set Type=A-10C", "do",
     "page Fly", "action start", "do", "action loiter", "do", "action end turn",
     "do"),  # a mission, one turn ended
    ("menu Cups", "set Unit 2=1 Light", "do"),  # Cups: aircraft 1 attacked, chits
    ("back", "menu Campaign", "action by numbers", "do", "page Map", "action draw battalion",
     "do", "page Pilots"),  # a campaign set up by numbers, a battalion, the pilots
)


def sequences(size):
    """The key strings of SCRIPTS for a screen of `size`."""
    return keys_of(*SCRIPTS, size=size)


class StubDisplay:
    """What DisplayioBackend needs of a display (the simulator's is a PyGame window)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None

    def refresh(self):
        pass


def displayio_pixels(size, groups):
    """Per group of keys, applied one after the other: the displayio Bitmap as ink digits."""
    from firmware.display_displayio import DisplayioBackend

    d = Driver(seed=7, size=size)
    backend = DisplayioBackend(StubDisplay(*size))
    out = []
    for keys in groups:
        for ch in keys:
            d.press(ch)
            backend.render(d.canvas)
        d.screen()
        backend.render(d.canvas)
        memory = d.canvas.text_at("Free memory")  # a figure only the boards have
        skip = range(memory[1], memory[1] + memory[3]) if memory else ()
        out.append((d.canvas.lines(), ["".join("%x" % backend.ink_at(x, y)
                                               for x in range(size[0]))
                                       for y in range(size[1])], skip))
    return out


def same_text(lines):
    return [line.split("Free memory")[0] for line in lines]


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["pybadge", "pico"])
def test_both_backends_draw_the_same_pixels(size):
    """framebuf under MicroPython (tiles sent to a panel kept in RAM) and displayio on CPython
    show the same text and the same ink on every pixel, screen after screen."""
    groups = sequences(size)
    shots = mpy_screens(groups, seed=7, size=size, heap="512K")
    assert len(shots) == len(groups)
    for keys, (lines, pixels), (dio_lines, dio_pixels, skip) in zip(
            groups, shots, displayio_pixels(size, groups)):
        assert same_text(lines) == same_text(dio_lines), keys
        for y in range(size[1]):
            if y not in skip:
                assert pixels[y] == dio_pixels[y], (keys, y)
        assert any(set(row) - {"0"} for row in pixels)  # something was drawn


WEB_DRIVER = """
from firmware.display_web import WebBackend
from firmware.canvas import Canvas
from engine.core.session import Session
from firmware.app import App
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
be = WebBackend(%(w)d, %(h)d)
s = Session(%(seed)d)
s.data = reader("/app/data")
app = App(s, Prefs(MemoryBlob()), None, (%(w)d, %(h)d))
app.start()
c = Canvas(%(w)d, %(h)d)
for group in %(groups)r:
    for ev in group:
        app.key(ev)
        app.draw(c)
        be.render(c)
    app.draw(c)
    be.render(c)
    print("SCREEN")
    for y in range(%(h)d):
        print("".join("%%x" %% be.ink_at(x, y) for x in range(%(w)d)))
"""


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["pybadge", "pico"])
def test_the_web_page_draws_the_same_pixels(size):
    """The web page's backend (framebuf into an ink buffer, on MicroPython's WebAssembly port
    under node) puts the same ink on every pixel as displayio, screen after screen."""
    from appkit import events
    from webkit import run_wasm

    keys_played = sequences(size)
    groups = [events(k) for k in keys_played]
    rc, out, err = run_wasm(WEB_DRIVER % {"w": size[0], "h": size[1], "seed": 7,
                                          "groups": groups})
    assert rc == 0, err
    shots = [block.splitlines() for block in out.split("SCREEN\n")[1:]]
    assert len(shots) == len(keys_played)
    for keys, pixels, (_lines, dio_pixels, skip) in zip(keys_played, shots,
                                                        displayio_pixels(size, keys_played)):
        for y in range(size[1]):
            if y not in skip:
                assert pixels[y] == dio_pixels[y], (keys, y)


def test_framebuf_swaps_colour_bytes_for_the_st7789():
    """framebuf RGB565 is little-endian; the panel reads big-endian: the buffer holds swapped."""
    code = """
from firmware.display_framebuf import FramebufBackend, FramePanel, rgb565
from firmware.canvas import Canvas
from firmware.inks import RED
p = FramePanel(160, 128)
be = FramebufBackend(160, 128, p)
c = Canvas(160, 128)
c.begin()
c.fill(0, 0, 4, 4, RED)
c.end()
be.render(c)
print(hex(rgb565(0xFF3030)), hex(p.frame[0]), hex(p.frame[1]), hex(p.pixel(0, 0)))
"""
    rc, out, err = run_mpy(code, heap="256K")
    assert rc == 0, err
    want, hi, lo, pixel = out.split()
    w = int(want, 16)
    assert int(hi, 16) == w >> 8 and int(lo, 16) == w & 0xFF  # big-endian in memory
    assert int(pixel, 16) == w


def test_a_glyph_is_the_fonts_bitmap():
    """The framebuf backend blits each glyph as the font file holds it, bit for bit."""
    code = """
from firmware.display_framebuf import FramebufBackend, FramePanel, rgb565
from firmware.canvas import Canvas
from firmware import fonts
from firmware.inks import WHITE, PALETTE
p = FramePanel(160, 128)
be = FramebufBackend(160, 128, p)
c = Canvas(160, 128)
c.begin()
c.text(3, 5, 40, "7", WHITE, fonts.BIG)
c.end()
be.render(c)
w = fonts.advance(fonts.BIG, ord("7"))
at = fonts.rows(fonts.BIG, ord("7"))
data = fonts.DATA
bpr = (w + 7) // 8
ok = True
for y in range(fonts.HEIGHT[fonts.BIG]):
    for x in range(w):
        on = data[at + y * bpr + x // 8] & (0x80 >> (x % 8))
        if (p.pixel(3 + x, 5 + y) == rgb565(PALETTE[WHITE])) != bool(on):
            ok = False
print(ok, w)
"""
    rc, out, err = run_mpy(code, heap="256K")
    assert rc == 0, err
    assert out.split()[0] == "True"


def test_only_changed_tiles_are_sent_and_the_frame_is_right():
    """After a change the panel gets only the tiles that differ, and what it then shows equals
    the new screen drawn whole on a fresh panel."""
    code = """
from firmware.display_framebuf import FramebufBackend, FramePanel
from firmware.canvas import Canvas
from firmware import fonts
from firmware.inks import WHITE, RED, CYAN, BLACK
def scene(c, n):
    c.begin()
    c.fill(0, 0, 240, 12, CYAN)
    c.text(2, 1, 100, "Title", BLACK, fonts.BOLD)
    c.text(10, 40, 80, n, RED, fonts.BIG)
    c.text(10, 100, 200, "unchanged line", WHITE)
    c.end()
p1 = FramePanel(240, 135)
b1 = FramebufBackend(240, 135, p1)
c1 = Canvas(240, 135)
scene(c1, 3)
b1.render(c1)
first = b1.sent
scene(c1, 17)
b1.render(c1)
p2 = FramePanel(240, 135)
b2 = FramebufBackend(240, 135, p2)
c2 = Canvas(240, 135)
scene(c2, 17)
b2.render(c2)
scene(c1, 17)
b1.render(c1)
print(first, b1.sent - first, p1.frame == p2.frame, b1.sent - first)
"""
    rc, out, err = run_mpy(code, heap="256K")
    assert rc == 0, err
    first, changed, same, after = out.split()
    assert int(first) == 240 * 135 * 2  # the first frame: everything
    # "3" became "17": the tiles under either number's glyphs, 2 across and 3 down (40 x 15)
    assert int(changed) == 6 * 1200
    assert same == "True"
    assert after == changed  # the same frame again: nothing more sent


# A campaign from its cards to the question of its result (the whole sequence by the screens).
# A campaign played to its end on the Campaign screen (each cup's mix confirmed as shipped, a
# battalion of the set-up value drawn), then its result asked: a word.
TO_THE_RESULT = ("menu Campaign", "action new campaign", "do", "do", "do", "do", "page Map",
                 "action draw battalion", "set VP=26", "set Fixed=yes", "do", "page Day",
                 "action set-up done", "do") + ("do", "back", "do", "do") * 2 + ("do", "do")
FRAMES = (  # each script, then a frame drawn with the heap locked
    (), ("do",), ("set Target=8+", "set Dice=8", "do"), ("set Mode=roll", "set Dice=3", "do"),
    ("keys t",), ("keys b", "menu Self-test"), ("do",), ("back", "menu Settings", "keys dd"),
    ("back", "menu Mission", "page Roster", "action add", "do", "page Fly", "action start", "do",
     "action loiter", "do"),  # a mission on the track
    ("menu Cups", "set Unit 2=1 Light", "do"), ("back",),  # chits drawn
    ("page Pop-Ups", "set Pop-Ups=3", "do"), ("back",),  # pop-ups
    ("menu Mission", "action home", "do", "action end", "do", "back", "menu Campaign",
     "action by numbers", "do"),
    ("page Map", "action draw battalion", "do"), ("page Pilots",),
    ("page Day", "action buy aircraft", "do", "action set-up done", "do"),  # a campaign's pages
    ("action rule switches", "do", "keys da"), ("keys a", "back"),  # its rule switches
    ("menu Counter mix", "action start from none", "do", "do"),
    ("set Heavy side=Bullet Holes",),  # a mix's rows
    ("action forget the mix", "do", "action check kind by kind", "do"),  # a kind to check
    ("action forget the mix", "do", "menu Tables", "action Scout", "do"),  # roll and ask
    ("back", "menu Settings", "choose New game", "do", "do") + TO_THE_RESULT,  # ... a word
    ("type go",),
    ("menu Campaign", "action other cards", "choose Campaign card", "keys r"),  # spell a name
    ("type ab",),
    ("back", "back", "back", "menu Settings", "set Game=TAL + EXP3", "back", "menu CAS (EXP3)",
     "do"),
    ("undo",),
)


def test_drawing_a_frame_allocates_nothing(tmp_path):
    """With MicroPython's heap locked, the app draws each screen again and the backend renders
    it: the screens prepare their text when it changes, so a frame allocates nothing."""
    code = """
import micropython
from firmware.display_framebuf import FramebufBackend, FramePanel
from engine.core.session import Session
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware import keys
s = Session(7)
s.data = reader(None, %r)
app = App(s, Prefs(MemoryBlob()), None, (240, 135))
app.start()
c = Canvas(240, 135)
be = FramebufBackend(240, 135, FramePanel(240, 135))
K = {"u": keys.UP, "d": keys.DOWN, "l": keys.LEFT, "r": keys.RIGHT, "a": keys.A, "b": keys.B,
     "s": keys.SELECT, "t": keys.START, "B": keys.B | keys.LONG}
def frame():
    app.draw(c)
    be.render(c)
def check():
    frame()  # warm: a screen just opened reads the engine once
    micropython.heap_lock()
    try:
        frame()
        ok = True
    except MemoryError:
        ok = False
    finally:
        micropython.heap_unlock()
    print(app.top().name, ok)
for word in %r:
    for ch in word:
        app.key(K[ch])
        frame()
    check()
"""
    d = Driver(size=(240, 135))  # the player's steps, recorded as keys on CPython
    d.session.data = reader(None, str(tmp_path / "recorded"))
    groups = []
    names = []
    for script in FRAMES:
        groups.append(keys_of(script, driver=d)[0])
        names.append(d.app.top().name)
    rc, out, err = run_mpy(code % (str(tmp_path / "played"), groups), heap="512K")
    assert rc == 0, out + err
    results = [line.split() for line in out.splitlines()]
    assert [name for name, _ok in results] == names  # the same screens, key for key
    assert {name for name, _ok in results} >= {"roll", "menu", "selftest", "settings", "mission",
                                                "hits", "cups", "reveal", "campaign", "mix",
                                                "ask", "spell", "exp3", "undo"}
    assert [name for name, ok in results if ok != "True"] == []
