"""Driving the device app in tests as a player would: open a screen by its menu label, choose a
page, an action and a setting by what the screen shows, press keys; read the screen back.

Every frame the driver draws is checked for text that does not fit or runs into other text
(`ReadCanvas.problems`): a test that reaches a state where something overflows fails there.  The
screen tests run at both screen sizes (the `both_sizes` fixture), so every state they reach is
checked on the PyBadge's 160 x 128 and the Pico-LCD's 240 x 135.

Keys are written as in the simulator's terminal front end (`host_tools.simulator.parse_keys`):
u d l r = d-pad, a b = A B, s = SELECT, t = START, k = shake, upper case = long press.
"""

import json

import pytest

from conftest import run_mpy
from engine import protocol
from engine.session import Session
from firmware import inks
from firmware.app import App
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware.screen_text import ReadCanvas
from host_tools.simulator import parse_keys
from hardware.board import Board

SIZES = ((160, 128), (240, 135))
DEFAULT_SIZE = [SIZES[0]]  # set by the both_sizes fixture
STEPS = 60  # key presses at most to reach a value by stepping


def events(keys):
    """Key events of a key string (asserting every letter is a key)."""
    evs, bad = parse_keys(keys)
    assert not bad, bad
    return evs


class Driver:
    """An app on a fresh session (seed `seed`), a screen of `size`, settings in RAM."""

    def __init__(self, seed=7, size=None, store=None, blob=None, fresh_seed=None):
        self.size = size or DEFAULT_SIZE[0]
        self.session = Session(seed, store)
        self.session.data = reader()
        self.prefs = Prefs(blob if blob is not None else MemoryBlob())
        self.board = FakeBoard()
        self.app = App(self.session, self.prefs, self.board, self.size)
        self.app.start(fresh_seed)
        self.canvas = ReadCanvas(*self.size)
        self.screen()  # the device draws before the first key

    # --- keys ------------------------------------------------------------------------------
    def press(self, keys):
        """Press keys, drawing after each (as the device does); returns the screen's lines."""
        for ev in events(keys):
            self.app.key(ev)
            self.screen()
        return self.screen()

    def menu(self, label):
        """Open the menu and the entry `label`."""
        self.press("t")
        labels = [e[0] for e in self.app.menu()]
        assert label in labels, (label, labels)
        for _ in range(len(labels)):
            if self.selected_label() == label:
                break
            self.press("d")
        assert self.selected_label() == label, (label, self.text())
        return self.press("a")

    def page(self, name):
        """Press SELECT until the title bar names page `name`."""
        for _ in range(5):
            if self.title()[1].startswith(name):
                return self.screen()
            self.press("s")
        raise AssertionError("no page %r: %r" % (name, self.title()))

    def action(self, label):
        """Choose the action `label` on the Action row (the first row) of a page."""
        return self.set(self.action_row(), label)

    def action_row(self):
        for label in ("Action", "Table"):
            if self.row_value(label) is not None:
                return label
        raise AssertionError("no action row: %s" % self.text())

    def set(self, label, value, keys="r"):
        """Select the row labelled `label` and step it (RIGHT, or `keys`) until it shows
        `value`."""
        self.choose(label)
        for _ in range(STEPS):
            if self.row_value(label) == value:
                return self.screen()
            self.press(keys)
        raise AssertionError("%s never shows %r: %s" % (label, value, self.text()))

    def choose(self, label):
        """Move the selection (UP/DOWN) to the row labelled `label`."""
        for key in "du":
            for _ in range(12):
                if self.selected_label() == label:
                    return self.screen()
                self.press(key)
        raise AssertionError("no row %r: %s" % (label, self.text()))

    def do(self):
        """Press A."""
        return self.press("a")

    # --- reading the screen ------------------------------------------------------------------
    def screen(self):
        """Draw a frame; fail on text that does not fit; return the screen's lines."""
        self.app.draw(self.canvas)
        problems = self.canvas.problems()
        assert not problems, (problems, self.size, self.canvas.lines())
        return self.canvas.lines()

    def text(self):
        return "\n".join(self.canvas.lines())

    def flat(self):
        """The screen's text on one line (what wraps on a small screen reads the same)."""
        return " ".join(self.canvas.lines())

    def title(self):
        """(left, right) texts of the title bar."""
        texts = [t for t in self.canvas.texts() if t[1] == 1]
        texts.sort()
        if not texts:
            return ("", "")
        return texts[0][4], " ".join(t[4] for t in texts[1:])

    def ink_of(self, s):
        """The ink of the first text containing `s` on screen."""
        ink = self.canvas.ink_of(s)
        assert ink is not None, (s, self.canvas.lines())
        return ink

    def row_value(self, label):
        """The value shown after the label `label` (without the <...> of a selected one)."""
        at = [t for t in self.canvas.texts() if t[4] == label]
        if not at:
            return None
        x0, y0 = at[0][0], at[0][1]
        after = sorted((t[0], t[4]) for t in self.canvas.texts()
                       if t[1] == y0 and t[0] > x0 and t[4] not in ("<", ">"))
        return after[0][1] if after else ""

    def selected_label(self):
        """The label of the selected row (the leftmost text on the blue band)."""
        best = None
        for x, y, w, h, s, ink, font in self.canvas.texts():
            if self.canvas.fill_under(x, y + h // 2) == inks.BLUE and (best is None or
                                                                      x < best[0]):
                best = (x, s)
        return best[1] if best else None

    def numeral(self):
        """The big number on screen (a result, a track's count), with its ink: (text, ink)."""
        from firmware import fonts

        for x, y, w, h, s, ink, font in self.canvas.texts():
            if font in (fonts.BIG, fonts.MID):
                return s, ink
        return None, None

    def shows(self, s):
        return s in self.text()


class FakeBoard(Board):
    """Records what the app asks of the board's extras."""

    def __init__(self):
        self.clicks = 0
        self.flashes = []

    def click(self):
        self.clicks += 1

    def flash(self, ink):
        self.flashes.append(ink)


def twin(seed=7):
    """A bare session with the same seed: what the serial protocol would answer."""
    s = Session(seed)
    s.data = reader()
    return s


def ask(session, line):
    """The protocol's reply to `line` as a dict."""
    return json.loads(protocol.reply(session, line.encode()))


MPY_DRIVER = """
import gc
gc.collect()
from firmware.display_framebuf import FramebufBackend, FramePanel, swapped, rgb565
from firmware import inks
panel = FramePanel(%(w)d, %(h)d)
be = FramebufBackend(%(w)d, %(h)d, panel)
from engine.session import Session
from firmware.app import App
from firmware.screen_text import ReadCanvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
s = Session(%(seed)d)
s.data = reader()
app = App(s, Prefs(MemoryBlob()), None, (%(w)d, %(h)d))
app.start()
c = ReadCanvas(%(w)d, %(h)d)
ink_of = {}
for i in range(len(inks.PALETTE)):
    ink_of[rgb565(inks.PALETTE[i])] = "%%x" %% i
for group in %(groups)r:
    for ev in group:
        app.key(ev)
        app.draw(c)
        be.render(c)
    app.draw(c)
    be.render(c)
    print("SCREEN")
    for line in c.lines():
        print("|" + line)
    for y in range(%(h)d):
        print("P" + "".join(ink_of.get(panel.pixel(x, y), "?") for x in range(%(w)d)))
gc.collect()
print("FREE", gc.mem_free())
"""


def mpy_screens(key_groups, seed=7, size=(160, 128), heap="256K"):
    """Under MicroPython with the framebuf backend: per key group (applied one after the other),
    (screen lines, pixel rows as ink digits)."""
    groups = [events(k) for k in key_groups]
    rc, out, err = run_mpy(MPY_DRIVER % {"w": size[0], "h": size[1], "seed": seed,
                                         "groups": groups}, heap=heap)
    assert rc == 0, err + out
    shots = []
    for block in out.split("SCREEN\n")[1:]:
        lines = []
        pixels = []
        for line in block.splitlines():
            if line.startswith("|"):
                lines.append(line[1:])
            elif line.startswith("P"):
                pixels.append(line[1:])
        shots.append((lines, pixels))
    return shots


@pytest.fixture(params=SIZES, ids=["pybadge", "pico"])
def both_sizes(request):
    """Run a test on each screen size (Drivers made without a size take it)."""
    DEFAULT_SIZE[0] = request.param
    yield request.param
    DEFAULT_SIZE[0] = SIZES[0]
