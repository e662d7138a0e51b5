"""Driving the device app in tests: build one, press keys, read the screen (CPython, MicroPython).

Keys are written as in the simulator's terminal front end (`host_tools.simulator.parse_keys`):
u d l r = d-pad, a b = A B, s = SELECT, t = START, k = shake, upper case = long press.
"""

import json

from conftest import run_mpy
from engine import protocol
from engine.session import Session
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from host_tools.simulator import parse_keys

SIZES = ((160, 128), (240, 135))


def events(keys):
    """Key events of a key string (asserting every letter is a key)."""
    evs, bad = parse_keys(keys)
    assert not bad, bad
    return evs


class Driver:
    """An app on a fresh session (seed `seed`), a canvas of `size`, settings in RAM."""

    def __init__(self, seed=7, size=(160, 128), store=None, blob=None, fresh_seed=None):
        self.session = Session(seed, store)
        self.session.data = reader()
        self.prefs = Prefs(blob if blob is not None else MemoryBlob())
        self.board = FakeBoard()
        self.app = App(self.session, self.prefs, self.board)
        self.app.start(fresh_seed)
        self.canvas = Canvas(*size)
        self.screen()  # the device draws before the first key

    def press(self, keys):
        for ev in events(keys):
            self.app.key(ev)
        return self.screen()

    def menu(self, label):
        """Open the menu and the entry `label` (its position depends on the game played)."""
        labels = [e[0] for e in self.app.menu()]
        assert label in labels, (label, labels)
        return self.press("t" + "d" * labels.index(label) + "a")

    def screen(self):
        """The screen's text lines (the big text last, as `[big] ...`)."""
        return self.app.screen_text(self.canvas)

    def text(self):
        return "\n".join(self.screen())

    def ink_of(self, s):
        """The ink of the first cell of text `s` on screen."""
        at = self.canvas.find(s)
        assert at is not None, (s, self.screen())
        return self.canvas.ink_at(*at)


class FakeBoard:
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
from firmware.display_framebuf import FramebufBackend
be = FramebufBackend(%(w)d, %(h)d)
from engine.session import Session
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
s = Session(%(seed)d)
s.data = reader()
app = App(s, Prefs(MemoryBlob()))
app.start()
c = Canvas(%(w)d, %(h)d)
app.draw(c)
for group in %(groups)r:
    for ev in group:
        app.key(ev)
    app.draw(c)
    be.render(c)
    bad = 0
    # every written cell shows its ink somewhere in the cell (the backend drew the text)
    for row in range(c.rows):
        for col in range(c.cols):
            ch = c.chars[row * c.cols + col]
            if ch == 32 or ch == 45 or ch == 46:  # '-' '.' may fall between sample points
                continue
            want = be.colours[c.inks[row * c.cols + col]]
            found = False
            for y in range(row * 10, row * 10 + 10):
                for x in range(col * 8, col * 8 + 8):
                    if be.fb.pixel(x, y) == want:
                        found = True
            if not found:
                bad += 1
    print("SCREEN")
    for line in c.lines():
        print("|" + line)
    print("BAD", bad)
gc.collect()
print("FREE", gc.mem_free())
"""


def mpy_screens(key_groups, seed=7, size=(160, 128), heap="256K"):
    """Under MicroPython with the framebuf backend: per key group, (screen lines, bad cells)."""
    groups = [events(k) for k in key_groups]
    rc, out, err = run_mpy(MPY_DRIVER % {"w": size[0], "h": size[1], "seed": seed,
                                         "groups": groups}, heap=heap)
    assert rc == 0, err + out
    shots = []
    for block in out.split("SCREEN\n")[1:]:
        lines = []
        bad = None
        for line in block.splitlines():
            if line.startswith("|"):
                lines.append(line[1:])
            elif line.startswith("BAD "):
                bad = int(line[4:])
        shots.append((lines, bad))
    return shots
