"""Driving the device app in tests as a player would: open a screen by its menu label, choose a
page, an action and a setting by what the screen shows, press keys; read the screen back.

Every frame the driver draws is checked for text that does not fit or runs into other text
(`ReadCanvas.problems`): a test that reaches a state where something overflows fails there.  The
screen tests run at both screen sizes (the `both_sizes` fixture), so every state they reach is
checked on the PyBadge's 160 x 128 and the Pico-LCD's 240 x 135.

Keys are written as in the simulator's terminal front end (`host_tools.desk.simulator.parse_keys`):
u d l r = d-pad, a b = A B, s = SELECT, t = START, k = shake, upper case = long press.
"""

import json

import pytest

from conftest import run_mpy
from engine.core import protocol
from engine.core.session import Session
from firmware.app import App
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware.screen_text import ReadCanvas
from host_tools.desk.screen_driver import Player
from host_tools.desk.simulator import parse_keys
from hardware.board import Board

SIZES = ((160, 128), (240, 135))
# The set-up's counter mix step, each cup confirmed as shipped (engine/tal/cmd_mix.py): as
# requests, and as a script's steps, for a test whose subject is not the mix.
CONFIRM = ["mix hit confirm", "mix popup confirm"]
MIXES = tuple("run " + line for line in CONFIRM)
DEFAULT_SIZE = [SIZES[0]]  # set by the both_sizes fixture


def events(keys):
    """Key events of a key string (asserting every letter is a key)."""
    evs, bad = parse_keys(keys)
    assert not bad, bad
    return evs


class Driver(Player):
    """An app on a fresh session (seed `seed`), a screen of `size`, settings in RAM; every frame
    drawn is checked for text that does not fit (host_tools/desk/screen_driver.py drives it)."""

    def __init__(self, seed=7, size=None, store=None, blob=None, fresh_seed=None):
        self.size = size or DEFAULT_SIZE[0]
        self.session = Session(seed, store)
        self.session.data = reader()
        self.prefs = Prefs(blob if blob is not None else MemoryBlob())
        self.board = FakeBoard()
        app = App(self.session, self.prefs, self.board, self.size)
        app.start(fresh_seed)
        Player.__init__(self, app, ReadCanvas(*self.size), self.fits)

    def fits(self, canvas):
        problems = canvas.problems()
        assert not problems, (problems, self.size, canvas.lines())


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


def same_state(d, lines, seed=7):
    """The app's session equals a bare one (the serial console's) that ran `lines`: the screens'
    requests left the same fields and dice.  A line may ask (a table row the documents do not
    print, the die kept) when the next answers it.  Returns the bare session's replies."""
    t = twin(seed)
    replies = [ask(t, line) for line in lines]
    for line, r in zip(lines, replies):
        assert r["ok"] or r["error"] == "ask", (line, r)
    assert list(d.session.vals) == list(t.vals)
    assert d.session.rng.get_state() == t.rng.get_state()
    return replies


def keys_of(*scripts, seed=7, size=(160, 128), driver=None):
    """The keys a player presses for each script (host_tools/desk/screen_driver.py), one after the
    other from a fresh app: label-driven steps recorded on CPython, to replay as keys where no
    driver runs (MicroPython)."""
    d = driver or Driver(seed=seed, size=size)
    out = []
    for script in scripts:
        before = len(d.pressed)
        d.play(script)
        out.append(d.pressed[before:])
    return out


MPY_DRIVER = """
import gc
gc.collect()
from firmware.display_framebuf import FramebufBackend, FramePanel, swapped, rgb565
from firmware import inks
panel = FramePanel(%(w)d, %(h)d)
be = FramebufBackend(%(w)d, %(h)d, panel)
from engine.core.session import Session
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
