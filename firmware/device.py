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
    player_dir         where the player's entries are written (None: data_dir)
    running()          False to stop (the simulator's window closed)
"""

import gc

from engine.session import Session
from firmware import canvas as C
from firmware import keys as K
from firmware import power as PW
from firmware.app import App
from firmware.entropy import fresh_seed
from firmware.prefs import Prefs

POLL_MS = 10
IDLE_POLL_MS = 50


def build(board):
    """Make the display, session, settings and app for `board`; return (app, backend, canvas)."""
    gc.collect()
    backend = board.display()  # first, while the heap is still unfragmented
    canvas = C.Canvas(backend.width, backend.height)
    session = Session(fresh_seed(), board.state_store())
    from firmware.datafiles import DEFAULT_DIR, reader

    data_dir = getattr(board, "data_dir", None)
    # The data files; what the player enters at the table (answers, a counter mix) goes there
    # too, or to the board's `player_dir` (the simulator keeps its own, beside its state file).
    session.data = reader(data_dir, getattr(board, "player_dir", None) or data_dir or DEFAULT_DIR)
    prefs = Prefs(board.prefs_blob())
    app = App(session, prefs, board)
    app.start(fresh_seed())
    gc.collect()
    return app, backend, canvas


def run(board):
    """The main loop: keys in, screens out, backlight by idle time; returns when the board stops."""
    app, backend, canvas = build(board)
    # The line protocol over USB (firmware/serial_link.py), where the board offers it.
    link = board.serial_link(app.session) if hasattr(board, "serial_link") else None
    keys = K.Keys(board.ticks_diff, board.DEBOUNCE_MS)
    now = board.ticks_ms()
    power = PW.Power(board.ticks_diff, now, app.prefs.dim_ms())
    level = -1
    while board.running():
        now = board.ticks_ms()
        keys.update(board.keys(), now)
        if board.shaken(now):
            keys.press(K.SHAKE)
        ev = keys.get()
        while ev:
            if not power.key(now):  # the key that wakes the screen does nothing else
                try:
                    app.key(ev)
                except Exception as e:  # noqa: BLE001
                    if not isinstance(e, MemoryError):
                        app.close()  # leave the screen at fault (never the home screen)
                    trouble(app, e)
            ev = keys.get()
        power.dim_ms = app.prefs.dim_ms()
        power.tick(now)
        lv = power.level(app.prefs.brightness())
        if lv != level:
            level = lv
            board.backlight(lv)
        if link is not None and link.poll():
            app.dirty = True  # a request from the computer may have changed what is shown
        if app.dirty:
            try:
                app.draw(canvas)
            except Exception as e:  # noqa: BLE001
                app.close()  # a screen that cannot draw is left, not redrawn for ever
                trouble(app, e)
                app.draw(canvas)
            backend.render(canvas)
        board.tick(now)
        board.sleep_ms(IDLE_POLL_MS if power.state == PW.IDLE else POLL_MS)


def trouble(app, e):
    """A fault in a screen must not stop the device: say it on screen (and on the serial REPL)."""
    gc.collect()
    if isinstance(e, MemoryError):
        app.say("out of memory", C.RED)
        return
    import sys

    show = getattr(sys, "print_exception", None)  # MicroPython and CircuitPython: to the REPL
    if show is not None:
        show(e)
    app.say("error: %s %s" % (type(e).__name__, e), C.RED)
