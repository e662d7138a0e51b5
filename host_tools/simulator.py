"""The desktop simulator: the real firmware (`firmware.device.run`) on the displayio backend.

    python -m host_tools.simulator [--state PATH] [--size 160x128|240x135] [--terminal]
    python -m host_tools.simulator --screenshots DIR

A PyGame window shows the device screen (PyBadge size by default) with the key map beside it;
the keyboard stands in for the buttons (hold a key for a long press).  The game is saved to
`tal-sim.state` (settings to `tal-sim.prefs`) in the current directory, so the next run resumes.
Without a display (no $DISPLAY, or SDL fails) it says so and runs the terminal front end: the
same app, its screens printed as text, keys typed as words.  `--screenshots DIR` renders every
screen headless to PNG (what `make screenshots` runs).
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware import canvas as C  # noqa: E402
from firmware import keys as K  # noqa: E402

SIZES = {"160x128": (160, 128), "240x135": (240, 135)}
SCALE = 3
PANEL_W = 260
LED_H = 14
BG = (28, 28, 32)
KEYMAP = (  # (label shown beside the screen, device key)
    ("arrows", "d-pad"),
    ("Z / Space", "A  (act, roll)"),
    ("X / Backspace", "B  (back)"),
    ("Tab", "SELECT  (mode)"),
    ("Enter / Esc", "START  (menu)"),
    ("hold a key", "long press"),
    ("hold X", "undo"),
    ("K", "shake (roll)"),
    ("Ctrl+Q", "quit"),
)
_TICKS_PERIOD = 1 << 30


def ticks_ms():
    return (time.monotonic_ns() // 1000000) % _TICKS_PERIOD


def ticks_diff(a, b):
    return K.wrap_diff(a, b, _TICKS_PERIOD)


def have_display():
    """True when a window can be opened (or SDL is told to draw off screen)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


# --- the PyGame window --------------------------------------------------------------------

def _quiet_imports():
    """Import PyGame and Blinka without their banners (Blinka warns that a PC is no board)."""
    import contextlib
    import io

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        import pygame  # noqa: F401
        import displayio  # noqa: F401
        import busdisplay  # noqa: F401
        import blinka_displayio_pygamedisplay  # noqa: F401


def _sim_display_class():
    _quiet_imports()
    import pygame
    import busdisplay
    from blinka_displayio_pygamedisplay import PyGameDisplay

    class SimDisplay(PyGameDisplay):
        """Renders the displayio tree off screen, then shows it scaled with the key map."""

        def __init__(self, width, height, scale=SCALE, panel=True, board_name=""):
            self.sim_scale = scale
            self.sim_panel = panel
            self.sim_name = board_name
            self.sim_level = 100
            self.sim_led = None
            self.window = None
            super().__init__(width=width, height=height, auto_refresh=False,
                             caption="TAL companion - simulator")

        def _initialize(self, init_sequence):
            pygame.display.init()  # not pygame.init(): no sound is used (and ALSA complains)
            pygame.font.init()
            pygame.display.set_caption(self._caption)
            w = self.width * self.sim_scale + (PANEL_W if self.sim_panel else 0)
            h = self.height * self.sim_scale + LED_H + 8
            self.window = pygame.display.set_mode((w, h))
            self._pygame_screen = pygame.Surface((self.width, self.height))

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            self.present()
            self._refresh_pending = False

        def screen_image(self):
            """The device screen, scaled (what the screenshots save)."""
            return pygame.transform.scale(
                self._pygame_screen, (self.width * self.sim_scale, self.height * self.sim_scale))

        def present(self):
            win = self.window
            if win is None:
                return
            win.fill(BG)
            img = self.screen_image()
            if self.sim_level < 100:  # the backlight: darken the screen
                shade = pygame.Surface(img.get_size())
                v = 255 * self.sim_level // 100
                shade.fill((v, v, v))
                img.blit(shade, (0, 0), special_flags=pygame.BLEND_MULT)
            win.blit(img, (0, LED_H + 8))
            if self.sim_led is not None:  # the PyBadge's NeoPixels
                rgb = C.PALETTE[self.sim_led]
                colour = ((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF)
                for i in range(5):
                    x = self.width * self.sim_scale * (2 * i + 1) // 10
                    pygame.draw.circle(win, colour, (x, LED_H // 2 + 4), LED_H // 2)
            if self.sim_panel:
                self._panel(win, self.width * self.sim_scale + 14)
            pygame.display.flip()

        def _panel(self, win, x):
            font = pygame.font.Font(None, 22)
            y = LED_H + 8
            for text, colour in ((self.sim_name + " simulator", (255, 224, 0)),
                                 ("keyboard = buttons", (200, 200, 200))):
                win.blit(font.render(text, True, colour), (x, y))
                y += 22
            y += 8
            for key, what in KEYMAP:
                win.blit(font.render(key, True, (64, 208, 255)), (x, y))
                win.blit(font.render(what, True, (230, 230, 230)), (x + 122, y))
                y += 21

    return SimDisplay


class SimBoard:
    """The simulator as a board (see `firmware.device`): keyboard in, window out, files saved."""

    DEBOUNCE_MS = 0

    def __init__(self, width=160, height=128, state="tal-sim.state"):
        _quiet_imports()
        import pygame

        self.pygame = pygame
        self.width = width
        self.height = height
        self.state_path = state
        self.prefs_path = os.path.splitext(state)[0] + ".prefs"
        self.player_dir = player_data(state)
        self.name = "PyBadge" if (width, height) == (160, 128) else "Pico-LCD-1.14"
        self.disp = None
        self.down = 0
        self.quit = False
        self.shake = False
        self.led_t = None
        pk = pygame
        self.map = {pk.K_UP: K.UP, pk.K_DOWN: K.DOWN, pk.K_LEFT: K.LEFT, pk.K_RIGHT: K.RIGHT,
                    pk.K_z: K.A, pk.K_SPACE: K.A, pk.K_x: K.B, pk.K_BACKSPACE: K.B,
                    pk.K_TAB: K.SELECT, pk.K_RETURN: K.START, pk.K_ESCAPE: K.START,
                    pk.K_KP_ENTER: K.START}

    def display(self):
        from firmware.display_displayio import DisplayioBackend

        self.disp = _sim_display_class()(self.width, self.height, board_name=self.name)
        return DisplayioBackend(self.disp)

    def keys(self):
        pg = self.pygame
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                self.quit = True
            elif ev.type == pg.KEYDOWN:
                if ev.key == pg.K_q and ev.mod & pg.KMOD_CTRL:
                    self.quit = True
                elif ev.key == pg.K_k:
                    self.shake = True
                elif ev.key in self.map:
                    self.down |= self.map[ev.key]
            elif ev.type == pg.KEYUP and ev.key in self.map:
                self.down &= ~self.map[ev.key]
            elif ev.type in (pg.WINDOWEXPOSED, pg.WINDOWSHOWN, pg.WINDOWRESTORED):
                self.disp.present()
        return self.down

    def ticks_ms(self):
        return ticks_ms()

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def sleep_ms(self, n):
        time.sleep(n / 1000)

    def running(self):
        return not self.quit

    def backlight(self, pct):
        if self.disp is not None:
            self.disp.sim_level = pct
            self.disp.present()

    def state_store(self):
        from firmware.storage import FileStore

        return FileStore(self.state_path)

    def prefs_blob(self):
        from firmware.prefs import FileBlob

        return FileBlob(self.prefs_path)

    def click(self):
        pass  # no sound in the simulator

    def flash(self, ink):
        self.disp.sim_led = ink
        self.led_t = ticks_ms()
        self.disp.present()

    def shaken(self, now):
        s = self.shake
        self.shake = False
        return s

    def tick(self, now):
        if self.led_t is not None and ticks_diff(now, self.led_t) > 250:
            self.led_t = None
            self.disp.sim_led = None
            self.disp.present()


def player_data(state):
    """The simulator's own data folder for what the player enters at the table (answers to
    "roll and ask", a counter mix): beside its state file, so data/ stays as shipped."""
    return os.path.splitext(state)[0] + ".data" if state else None


def run_window(width, height, state):
    """The simulator window; False if no window could be opened."""
    from firmware import device

    try:
        _quiet_imports()
        import pygame

        pygame.display.init()  # fails here when SDL has no video device
        board = SimBoard(width, height, state)
    except Exception as e:  # SDL could not start: fall back
        print("no display (%s)" % e, file=sys.stderr)
        return False
    print("TAL companion simulator: %s screen, saving to %s. Keys are listed in the window;"
          " close it or press Ctrl+Q to quit." % (board.name, state), file=sys.stderr)
    try:
        device.run(board)
    except Exception as e:
        import pygame

        if isinstance(e, pygame.error):
            print("no display (%s)" % e, file=sys.stderr)
            return False
        raise
    return True


# --- the terminal front end -----------------------------------------------------------------

WORDS = {"u": K.UP, "up": K.UP, "d": K.DOWN, "down": K.DOWN, "l": K.LEFT, "left": K.LEFT,
         "r": K.RIGHT, "right": K.RIGHT, "a": K.A, "b": K.B, "s": K.SELECT, "select": K.SELECT,
         "t": K.START, "start": K.START, "k": K.SHAKE, "shake": K.SHAKE}


def parse_keys(line):
    """Key events from a typed line: words or letters (u d l r a b s t k), upper case = long.

    `rra` = RIGHT RIGHT A; `up up a`; `B` = long B (undo).  Unknown letters are reported.
    """
    out = []
    bad = []
    for word in line.split():
        lw = word.lower()
        if lw in WORDS and len(word) > 1:
            out.append(WORDS[lw])
            continue
        for ch in word:
            ev = WORDS.get(ch.lower())
            if ev is None:
                bad.append(ch)
            else:
                out.append(ev | (K.LONG if ch.isupper() and ev & (K.A | K.B | K.SELECT | K.START)
                                 else 0))
    return out, bad


def ansi_screen(c, colour=True):
    """The canvas as terminal lines, coloured with ANSI escapes when `colour`."""
    bg = bytearray(c.cols * c.rows)  # background ink per cell, from the rectangles
    for i in range(c.nrects):
        x, y, w, h, ink = c.rects[5 * i:5 * i + 5]
        for row in range(y // C.CELL_H, min(c.rows, (y + h + C.CELL_H - 1) // C.CELL_H)):
            for col in range(x // C.CELL_W, min(c.cols, (x + w + C.CELL_W - 1) // C.CELL_W)):
                bg[row * c.cols + col] = ink
    chars = bytearray(c.chars)
    inks = bytearray(c.inks)
    if c.big_text:  # the big text goes into the grid where it is drawn
        col = c.big_x // C.CELL_W
        row = (c.big_y + C.CELL_H * c.big_scale // 2) // C.CELL_H
        for i, ch in enumerate(c.big_text):
            if 0 <= col + i < c.cols and 0 <= row < c.rows:
                chars[row * c.cols + col + i] = ord(ch)
                inks[row * c.cols + col + i] = c.big_ink
    lines = []
    for row in range(c.rows):
        parts = []
        for col in range(c.cols):
            i = row * c.cols + col
            ch = chr(chars[i])
            if colour:
                f = C.PALETTE[inks[i]]
                b = C.PALETTE[bg[i]]
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm%s" % (
                    f >> 16, (f >> 8) & 255, f & 255, b >> 16, (b >> 8) & 255, b & 255, ch))
            else:
                parts.append(ch)
        lines.append("".join(parts) + ("\x1b[0m" if colour else ""))
    return lines


def run_terminal(width, height, state, inp=None, out=None, colour=None):
    """The same app in a terminal: the screen printed after each line of keys typed."""
    from engine.session import Session
    from firmware.app import App
    from firmware.entropy import fresh_seed
    from firmware.prefs import FileBlob, Prefs
    from firmware.storage import FileStore

    inp = inp or sys.stdin
    out = out or sys.stdout
    if colour is None:
        colour = out.isatty()
    session = Session(fresh_seed(), FileStore(state) if state else None)
    from firmware.datafiles import reader

    session.data = reader(None, player_data(state))
    prefs = Prefs(FileBlob(os.path.splitext(state)[0] + ".prefs") if state else None)
    app = App(session, prefs)
    app.start(fresh_seed())
    c = C.Canvas(width, height)
    border = "+" + "-" * c.cols + "+"

    def show():
        app.draw(c)
        out.write(border + "\n")
        for line in ansi_screen(c, colour):
            out.write("|" + line + "|\n")
        out.write(border + "\n")
        out.flush()

    out.write("Keys: u d l r = d-pad, a b = A B, s = SELECT, t = START (menu), k = shake;\n"
              "upper case = long press (B = undo); several per line (rra); q quits.\n")
    show()
    while True:
        out.write("keys> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in ("q", "quit", "exit"):
            out.write("\n")
            return
        events, bad = parse_keys(line)
        for ev in events:
            app.key(ev)
        if bad:
            app.say("unknown key: " + "".join(bad), C.RED)
        show()


# --- screenshots ----------------------------------------------------------------------------

# (file name, screen size, key presses from a fresh game with seed 7).  Keys: see `parse_keys`.
SHOTS = (
    ("roll-check", "160x128", "a"),
    ("roll-batch", "160x128", "drrddrrrrrrra"),
    ("roll-plain", "160x128", "sdrra"),
    ("roll-retain", "160x128", "ssa"),
    ("roll-pick", "160x128", "sssdrra"),
    ("menu", "160x128", "t"),
    ("selftest", "160x128", "tddddddaa"),
    ("settings", "160x128", "tuaddd"),
    ("undo", "160x128", "tuarB"),  # Settings: game TAL+EXP3, then hold B
    ("roll-batch-pico", "240x135", "drrddrrrrrrrrrrrrra"),
    ("menu-pico", "240x135", "t"),
    # a mission: ROSTER add A-10A and A-10C, FLY start, loiter, end a turn
    ("mission", "160x128", "tdda" + "sa" + "drua" + "s" + "rra" + "ra" + "llla"),
    ("cups-hits", "160x128", "tdda" + "sa" + "drua" + "s" + "rra" + "ra" + "llla" + "tua" +
     "dddra"),  # aircraft 1 attacked by a 2H and a 1L unit
    ("cups-popups", "160x128", "tdda" + "sa" + "drua" + "s" + "rra" + "ra" + "llla" + "tua" +
     "sdrra"),  # three Pop-Ups
    ("campaign", "160x128", "tddda" + "lla" + "sla" + "drua" + "r" + "ddrrrrra"),
    ("tables", "160x128", "tdddda" + "a"),  # Enemy Cover
    ("ask", "160x128", "tdddda" + "rrrrrr" + "a" + "r"),  # Scout: a row the rulebook does not print
    ("mix", "160x128", "tuua" + "d" + "rr" + "d" + "rrrr"),  # Counter mix: a kind of Hit counter
    ("mission-pico", "240x135", "tdda" + "sa" + "drua" + "s" + "rra" + "ra" + "llla"),
    # game packs (firmware/screens/exp3.py, golan.py): the game is chosen in Settings first
    ("exp3-cas", "160x128", "tuarb" + "tddda" + "a" + "rdrdrra" + "uurra"),
    ("exp3-assault", "160x128", "tuarb" + "tddda" + "s" + "drrdrrdrra"),
    ("golan-mines", "160x128", "tuarrb" + "tda" + "aa" + "ra" + "ra"),
    ("golan-leaders", "160x128", "tuarrb" + "tda" + "s" + "a" + "rddra"),
)


def shoot(out_dir, shots=SHOTS, extra=()):
    """Render each shot to `out_dir/<name>.png` (headless); return the paths written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _quiet_imports()
    import displayio
    import pygame
    from engine.session import Session
    from firmware.app import App
    from firmware.datafiles import reader
    from firmware.display_displayio import DisplayioBackend
    from firmware.prefs import MemoryBlob, Prefs

    os.makedirs(out_dir, exist_ok=True)
    written = []
    SimDisplay = _sim_display_class()
    for size in SIZES:
        todo = [s for s in tuple(shots) + tuple(extra) if s[1] == size]
        if not todo:
            continue
        displayio.release_displays()
        w, h = SIZES[size]
        disp = SimDisplay(w, h, panel=False)
        backend = DisplayioBackend(disp)
        c = C.Canvas(w, h)
        for name, _size, keys in todo:
            session = Session(7)
            session.data = reader()
            app = App(session, Prefs(MemoryBlob()))
            app.start()
            events, bad = parse_keys(keys)
            assert not bad, (name, bad)
            for ev in events:
                app.key(ev)
            app.draw(c)
            backend.render(c)
            path = os.path.join(out_dir, name + ".png")
            pygame.image.save(disp.screen_image(), path)
            written.append(path)
    if shots is SHOTS:  # the whole window too, key map and all, as `make run` shows it
        displayio.release_displays()
        disp = SimDisplay(160, 128, panel=True, board_name="PyBadge")
        backend = DisplayioBackend(disp)
        c = C.Canvas(160, 128)
        session = Session(7)
        session.data = reader()
        app = App(session, Prefs(MemoryBlob()))
        app.start()
        for ev in parse_keys("a")[0]:
            app.key(ev)
        app.draw(c)
        backend.render(c)
        disp.sim_led = c.big_ink
        disp.present()
        path = os.path.join(out_dir, "simulator.png")
        pygame.image.save(disp.window, path)
        written.append(path)
    displayio.release_displays()
    return written


def main(argv):
    import argparse

    p = argparse.ArgumentParser(prog="python -m host_tools.simulator", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--state", default="tal-sim.state", help="save file (default tal-sim.state)")
    p.add_argument("--size", default="160x128", choices=sorted(SIZES))
    p.add_argument("--terminal", action="store_true", help="the terminal front end")
    p.add_argument("--screenshots", metavar="DIR", help="render every screen to DIR/*.png")
    a = p.parse_args(argv)
    if a.screenshots:
        for path in shoot(a.screenshots):
            print(path)
        return 0
    w, h = SIZES[a.size]
    if not a.terminal:
        if not have_display():
            print("No display found ($DISPLAY is not set): using the terminal front end.",
                  file=sys.stderr)
        elif run_window(w, h, a.state):
            return 0
        else:
            print("Could not open a window: using the terminal front end.", file=sys.stderr)
    run_terminal(w, h, a.state)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
