"""Run the app on a board: the main loop of `code.py` / `main.py` and of the desktop simulator.

A board is a `hardware.board.Board` (its docstrings say what each part does): a display, keys,
integer ticks, where the record, the settings and the player's entries live, and the parts a
board may lack (backlight, speaker, lights, accelerometer, serial link), which do nothing by
default.  This module never imports `hardware/`: the entry point (`code.py`, `main.py`, the
simulator) hands it the board.
"""

import gc

from engine.core.session import Session
from firmware import fonts, inks, keys, power
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
    # The data files; what the player enters at the table (answers, a counter mix) goes there
    # too, or to the board's `player_dir` (the simulator keeps its own, beside its state file;
    # the web page its storage).
    session.data = board.data_files()
    prefs = Prefs(board.prefs_blob())
    app = App(session, prefs, board, (backend.width, backend.height))
    app.start(fresh_seed())
    gc.collect()
    return app, backend, canvas


def run(board):
    """The main loop: keys in, screens out, backlight by idle time; returns when the board stops
    (at once, saying why in one line, when the font file is missing or damaged: printed before
    the display is taken, CircuitPython shows it on the screen)."""
    if fonts.PROBLEM:
        print(fonts.PROBLEM)
        return
    loop = Loop(board)
    while board.running():
        board.sleep_ms(loop.step())


class Loop:
    """One pass of the main loop at a time: `run` calls `step` until the board stops; a board that
    cannot block (the web page's, driven by the browser's timers) calls it from its own timer."""

    def __init__(self, board):
        if fonts.PROBLEM:  # the web page shows the error's last line
            raise OSError(fonts.PROBLEM)
        self.board = board
        try:
            self.app, self.backend, self.canvas = build(board)
        except MemoryError:  # once more on a collected heap; the save was only read, never written
            gc.collect()
            self.app, self.backend, self.canvas = build(board)
        # The line protocol over USB (firmware/serial_link.py), where the board offers it.
        self.link = board.serial_link(self.app.session)
        self.pressed = keys.Keys(board.ticks_diff, board.DEBOUNCE_MS)
        self.lights = power.Power(board.ticks_diff, board.ticks_ms(), self.app.prefs.dim_ms())
        self.level = -1
        self.shown = self.app.session.changes  # the state the last frame showed (`trouble`)

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
                    trouble(app, e, app.session.changes != self.shown)
            ev = pressed.get()
        lights.dim_ms = app.prefs.dim_ms()
        lights.tick(now)
        lv = lights.level(app.prefs.brightness())
        if lv != self.level:
            self.level = lv
            board.backlight(lv)
        if self.link is not None and self.link.poll():
            app.dirty = True  # a request from the computer may have changed what is shown
        if app.dirty and draw(app, self.canvas, app.session.changes != self.shown):
            self.backend.render(self.canvas)
        self.shown = app.session.changes
        board.tick(now)
        return IDLE_POLL_MS if lights.state == power.IDLE else POLL_MS


def draw(app, canvas, done=False):
    """Draw the app; a screen that cannot draw is left (not redrawn for ever) and the fault said
    (`done`: the state changed since the last frame, see `trouble`).  False when even that
    cannot be drawn for lack of memory: the next loop tries again."""
    try:
        app.draw(canvas)
        return True
    except Exception as e:  # noqa: BLE001
        app.close()
        trouble(app, e, done)
    try:
        app.draw(canvas)
        return True
    except MemoryError:
        gc.collect()
        return False


def trouble(app, error, done=False):
    """A fault in a screen must not stop the device: say it on screen (and on the serial REPL).
    `done`: the key's action was made (and saved) before the fault, so the player, told only
    "out of memory", would press again and do it twice."""
    gc.collect()
    if isinstance(error, MemoryError):
        app.out_of_memory(done)
        return
    import sys

    show = getattr(sys, "print_exception", None)  # MicroPython and CircuitPython: to the REPL
    if show is not None:
        show(error)
    app.say("error: %s %s" % (type(error).__name__, error), inks.RED)
