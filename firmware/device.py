"""Run the app on a board: the main loop of `code.py` / `main.py` and of the desktop simulator.

A board profile (`hardware/<board>.py`, or the simulator's) provides:

    display()          the display backend (made first: it holds the biggest buffer)
    keys()             the logical keys down now, a bitmask of `firmware.keys` bits
    ticks_ms(), ticks_diff(a, b), sleep_ms(n)     integer time
    state_store()      where the engine's record lives (`firmware.storage`)
    prefs_blob()       where the settings live (`firmware.prefs`)
    backlight(pct)     0..100
    click(), flash(ink), shaken(now), tick(now)   sound, lights, accelerometer, their timers
    DEBOUNCE_MS        0 when the key scanner debounces already (CircuitPython `keypad`)
    data_dir           where the data files are (None: `firmware.datafiles.DEFAULT_DIR`)
    running()          False to stop (the simulator's window closed)
"""

import gc

from engine.session import Session
from firmware import inks, keys, power
from firmware.canvas import Canvas
from firmware.app import App
from firmware.entropy import fresh_seed
from firmware.prefs import Prefs

POLL_MS = 10
IDLE_POLL_MS = 50


def build(board):
    """Make the display, session, settings and app for `board`; return (app, backend, canvas)."""
    gc.collect()
    backend = board.display()  # first, while the heap is still unfragmented
    canvas = Canvas(backend.width, backend.height)
    session = Session(fresh_seed(), board.state_store())
    from firmware.datafiles import reader

    session.data = reader(getattr(board, "data_dir", None))  # cups' and tables' data files
    prefs = Prefs(board.prefs_blob())
    app = App(session, prefs, board, (backend.width, backend.height))
    app.start(fresh_seed())
    gc.collect()
    return app, backend, canvas


def run(board):
    """The main loop: keys in, screens out, backlight by idle time; returns when the board stops."""
    loop = Loop(board)
    while board.running():
        board.sleep_ms(loop.step())


class Loop:
    """One pass of the main loop at a time: `run` calls `step` until the board stops; a board that
    cannot block (the web page's, driven by the browser's timers) calls it from its own timer."""

    def __init__(self, board):
        self.board = board
        self.app, self.backend, self.canvas = build(board)
        # The line protocol over USB (firmware/serial_link.py), where the board offers it.
        self.link = board.serial_link(self.app.session) if hasattr(board, "serial_link") else None
        self.pressed = keys.Keys(board.ticks_diff, board.DEBOUNCE_MS)
        self.lights = power.Power(board.ticks_diff, board.ticks_ms(), self.app.prefs.dim_ms())
        self.level = -1

    def step(self):
        """Keys, backlight, serial requests and the screen, once; the milliseconds to wait before
        the next step."""
        board = self.board
        app = self.app
        lights = self.lights
        pressed = self.pressed
        now = board.ticks_ms()
        pressed.update(board.keys(), now)
        if board.shaken(now):
            pressed.press(keys.SHAKE)
        ev = pressed.get()
        while ev:
            if not lights.key(now):  # the key that wakes the screen does nothing else
                try:
                    app.key(ev)
                except Exception as e:  # noqa: BLE001
                    if not isinstance(e, MemoryError):
                        app.close()  # leave the screen at fault (never the home screen)
                    trouble(app, e)
            ev = pressed.get()
        lights.dim_ms = app.prefs.dim_ms()
        lights.tick(now)
        lv = lights.level(app.prefs.brightness())
        if lv != self.level:
            self.level = lv
            board.backlight(lv)
        if self.link is not None and self.link.poll():
            app.dirty = True  # a request from the computer may have changed what is shown
        if app.dirty:
            try:
                app.draw(self.canvas)
            except Exception as e:  # noqa: BLE001
                app.close()  # a screen that cannot draw is left, not redrawn for ever
                trouble(app, e)
                app.draw(self.canvas)
            self.backend.render(self.canvas)
        board.tick(now)
        return IDLE_POLL_MS if lights.state == power.IDLE else POLL_MS


def trouble(app, e):
    """A fault in a screen must not stop the device: say it on screen (and on the serial REPL)."""
    gc.collect()
    if isinstance(e, MemoryError):
        app.say("out of memory", inks.RED)
        return
    import sys

    show = getattr(sys, "print_exception", None)  # MicroPython and CircuitPython: to the REPL
    if show is not None:
        show(e)
    app.say("error: %s %s" % (type(e).__name__, e), inks.RED)
