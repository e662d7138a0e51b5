"""The desktop simulator: the real firmware (`firmware.device.run`) on the displayio backend.

    python -m host_tools.desk.simulator [--state PATH] [--size 160x128|240x135] [--terminal]
    python -m host_tools.desk.simulator --screenshots DIR

A PyGame window shows the device: the PyBadge (or, at 240x135, the Pico with its LCD board) drawn
around the screen, its buttons lit while pressed and clickable with the mouse (hold for a long
press), its NeoPixels flashing, and the keyboard map beside it.  The game is saved to
`tal-sim.state` (settings to `tal-sim.prefs`) in the current directory, so the next run resumes.
Without a display (no $DISPLAY, or SDL fails) it says so and runs the terminal front end: the
same app, its screens printed as text, keys typed as words.  `--screenshots DIR` renders every
screen headless to PNG (what `make screenshots` runs).
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware import inks  # noqa: E402
from firmware import keys  # noqa: E402
from hardware.board import Board  # noqa: E402
from host_tools.desk.keyline import parse_keys  # noqa: E402,F401 (the terminal front end)

SIZES = {"160x128": (160, 128), "240x135": (240, 135)}
SCALE = 3  # screen pixels per device pixel in screenshots
PANEL_W = 250
BG = (28, 28, 32)
KEYMAP = (  # (label shown beside the device, device key)
    ("arrows", "d-pad"),
    ("Z / Space", "A  (act, roll)"),
    ("X / Backspace", "B  (back)"),
    ("Tab", "SELECT  (mode)"),
    ("Enter / Esc", "START  (menu)"),
    ("hold a key", "long press"),
    ("hold X", "undo"),
    ("K", "shake (roll)"),
    ("mouse", "press the buttons"),
    ("Ctrl+Q", "quit"),
)
_TICKS_PERIOD = 1 << 30


# --- the boards, drawn around the screen -------------------------------------------------------
class BoardArt:
    """Where a board's parts are, in window pixels, around a screen shown at `scale`: the
    layout of the real board (the PyBadge: d-pad left, A and B right, SELECT and START below,
    five NeoPixels above; the Pico-LCD-1.14 in landscape: joystick left, A and B right)."""

    def __init__(self, name, width, height, scale):
        self.name = name
        self.scale = scale
        sw, sh = width * scale, height * scale
        if name == "PyBadge":
            left, right, top, bottom = 150, 150, 56, 96
            self.body = (44, 44, 50)  # the black PCB
            self.edge = (110, 110, 120)
            self.radius = 48
        else:
            left, right, top, bottom = 120, 100, 30, 30
            self.body = (31, 59, 115)  # the Waveshare board's blue
            self.edge = (13, 31, 69)
            self.radius = 12
        self.body_rect = (16, 16, left + sw + right, top + sh + bottom)
        self.screen_at = (16 + left, 16 + top)
        self.size = (self.body_rect[0] + self.body_rect[2] + 16,
                     self.body_rect[1] + self.body_rect[3] + 16)
        sx, sy = self.screen_at
        mid_y = sy + sh // 2
        lx = 16 + left // 2  # the middle of the left zone
        rx = sx + sw + right // 2
        self.buttons = []  # (label, key bit, shape, x, y, w, h)
        if name == "PyBadge":
            s = 34
            for label, bit, dx, dy in (("UP", keys.UP, 0, -1), ("DOWN", keys.DOWN, 0, 1),
                                       ("LEFT", keys.LEFT, -1, 0), ("RIGHT", keys.RIGHT, 1, 0)):
                self.buttons.append((label, bit, "rect", lx - s // 2 + dx * s,
                                     mid_y - s // 2 + dy * s, s, s))
            self.buttons.append(("A", keys.A, "circle", rx + 22, mid_y - 34, 23, 23))
            self.buttons.append(("B", keys.B, "circle", rx - 22, mid_y + 14, 23, 23))
            by = sy + sh + 34
            self.buttons.append(("SELECT", keys.SELECT, "pill", sx + sw // 2 - 110, by, 80, 22))
            self.buttons.append(("START", keys.START, "pill", sx + sw // 2 + 30, by, 80, 22))
            self.leds = [(sx + sw * (2 * i + 1) // 10, 16 + top // 2) for i in range(5)]
        else:
            self.buttons.append(("UP", keys.UP, "rect", lx - 13, mid_y - 48, 26, 26))
            self.buttons.append(("DOWN", keys.DOWN, "rect", lx - 13, mid_y + 22, 26, 26))
            self.buttons.append(("LEFT", keys.LEFT, "rect", lx - 48, mid_y - 13, 26, 26))
            self.buttons.append(("RIGHT", keys.RIGHT, "rect", lx + 22, mid_y - 13, 26, 26))
            self.buttons.append(("SEL", keys.SELECT, "circle", lx, mid_y, 20, 20))
            self.buttons.append(("A", keys.A, "circle", rx, mid_y - 40, 20, 20))
            self.buttons.append(("B", keys.B, "circle", rx, mid_y + 40, 20, 20))
            self.leds = []

    def button_at(self, x, y):
        """The key bit of the button under window pixel (x, y), or 0."""
        for _label, bit, shape, bx, by, w, h in self.buttons:
            if shape == "circle":
                if (x - bx) ** 2 + (y - by) ** 2 <= w * w:
                    return bit
            elif bx <= x < bx + w and by <= y < by + h:
                return bit
        return 0

    def draw(self, pygame, win, font, down, led):
        pygame.draw.rect(win, self.body, self.body_rect, border_radius=self.radius)
        pygame.draw.rect(win, self.edge, self.body_rect, 3, border_radius=self.radius)
        for label, bit, shape, x, y, w, h in self.buttons:
            lit = down & bit
            fill = (255, 224, 0) if lit else (220, 220, 220)
            if shape == "circle":
                pygame.draw.circle(win, (40, 40, 40), (x, y + 2), w)
                pygame.draw.circle(win, fill, (x, y), w)
                text = font.render(label, True, (0, 0, 0))
                win.blit(text, (x - text.get_width() // 2, y - text.get_height() // 2))
            else:
                radius = h // 2 if shape == "pill" else 5
                pygame.draw.rect(win, fill, (x, y, w, h), border_radius=radius)
                pygame.draw.rect(win, (40, 40, 40), (x, y, w, h), 2, border_radius=radius)
                if shape == "pill":
                    text = font.render(label, True, (0, 0, 0))
                    win.blit(text, (x + (w - text.get_width()) // 2,
                                    y + (h - text.get_height()) // 2))
        for x, y in self.leds:
            colour = (60, 60, 60)
            if led is not None:
                rgb = inks.PALETTE[led]
                colour = ((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF)
            pygame.draw.circle(win, colour, (x, y), 8)


def ticks_ms():
    return (time.monotonic_ns() // 1000000) % _TICKS_PERIOD


def ticks_diff(a, b):
    return keys.wrap_diff(a, b, _TICKS_PERIOD)


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
        """Renders the displayio tree off screen, then shows it on the board with the key map."""

        def __init__(self, width, height, scale=SCALE, panel=True, board_name=""):
            self.sim_scale = scale
            self.sim_panel = panel
            self.sim_name = board_name
            self.sim_level = 100
            self.sim_led = None
            self.sim_down = 0  # keys held (lit)
            self.art = BoardArt(board_name, width, height, scale) if panel else None
            self.window = None
            super().__init__(width=width, height=height, auto_refresh=False,
                             caption="TAL companion - simulator")

        def _initialize(self, init_sequence):
            pygame.display.init()  # not pygame.init(): no sound is used (and ALSA complains)
            pygame.font.init()
            pygame.display.set_caption(self._caption)
            if self.art is not None:
                w, h = self.art.size
                self.window = pygame.display.set_mode((w + PANEL_W, h))
            else:
                self.window = pygame.display.set_mode((self.width * self.sim_scale,
                                                       self.height * self.sim_scale))
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
            img = self.screen_image()
            if self.sim_level < 100:  # the backlight: darken the screen
                shade = pygame.Surface(img.get_size())
                v = 255 * self.sim_level // 100
                shade.fill((v, v, v))
                img.blit(shade, (0, 0), special_flags=pygame.BLEND_MULT)
            if self.art is None:
                win.blit(img, (0, 0))
            else:
                win.fill(BG)
                small = pygame.font.Font(None, 20)
                self.art.draw(pygame, win, small, self.sim_down, self.sim_led)
                win.blit(img, self.art.screen_at)
                self._panel(win, self.art.size[0] + 4)
            pygame.display.flip()

        def _panel(self, win, x):
            font = pygame.font.Font(None, 22)
            y = 24
            for text, colour in ((self.sim_name + " simulator", (255, 224, 0)),
                                 ("keyboard = buttons", (200, 200, 200))):
                win.blit(font.render(text, True, colour), (x, y))
                y += 22
            y += 8
            for key, what in KEYMAP:
                win.blit(font.render(key, True, (64, 208, 255)), (x, y))
                win.blit(font.render(what, True, (230, 230, 230)), (x + 108, y))
                y += 21

    return SimDisplay


class SimBoard(Board):
    """The simulator as a board (`hardware.board.Board`): keyboard and mouse in, window out,
    files saved.  A key pressed and released between two polls still counts: it is held for
    that one poll."""

    DEBOUNCE_MS = 0

    def __init__(self, width=160, height=128, state="tal-sim.state", scale=None):
        _quiet_imports()
        import pygame

        self.pygame = pygame
        self.width = width
        self.height = height
        self.scale = scale or (SCALE if (width, height) == (160, 128) else 2)
        self.state_path = state
        self.prefs_path = os.path.splitext(state)[0] + ".prefs"
        self.player_dir = player_data(state)
        self.name = "PyBadge" if (width, height) == (160, 128) else "Pico-LCD-1.14"
        self.disp = None
        self.down = 0
        self.tapped = 0  # pressed since the last poll (kept for one poll if already released)
        self.mouse = 0  # the button held with the mouse
        self.quit = False
        self.shake = False
        self.led_t = None
        pk = pygame
        self.map = {pk.K_UP: keys.UP, pk.K_DOWN: keys.DOWN, pk.K_LEFT: keys.LEFT,
                    pk.K_RIGHT: keys.RIGHT, pk.K_z: keys.A, pk.K_SPACE: keys.A, pk.K_x: keys.B,
                    pk.K_BACKSPACE: keys.B, pk.K_TAB: keys.SELECT, pk.K_RETURN: keys.START,
                    pk.K_ESCAPE: keys.START, pk.K_KP_ENTER: keys.START}

    def display(self):
        from firmware.display_displayio import DisplayioBackend

        self.disp = _sim_display_class()(self.width, self.height, self.scale,
                                         board_name=self.name)
        return DisplayioBackend(self.disp)

    def handle(self, ev):
        """One PyGame event: keys and mouse to button bits."""
        pg = self.pygame
        was = self.down
        if ev.type == pg.QUIT:
            self.quit = True
        elif ev.type == pg.KEYDOWN:
            if ev.key == pg.K_q and ev.mod & pg.KMOD_CTRL:
                self.quit = True
            elif ev.key == pg.K_k:
                self.shake = True
            elif ev.key in self.map:
                self.down |= self.map[ev.key]
                self.tapped |= self.map[ev.key]
        elif ev.type == pg.KEYUP and ev.key in self.map:
            self.down &= ~self.map[ev.key]
        elif ev.type == pg.MOUSEBUTTONDOWN and ev.button == 1 and self.disp.art is not None:
            self.mouse = self.disp.art.button_at(*ev.pos)
            self.down |= self.mouse
            self.tapped |= self.mouse
        elif ev.type == pg.MOUSEBUTTONUP and ev.button == 1:
            self.down &= ~self.mouse
            self.mouse = 0
        elif ev.type in (pg.WINDOWEXPOSED, pg.WINDOWSHOWN, pg.WINDOWRESTORED):
            self.disp.present()
        if self.down != was and self.disp is not None:
            self.disp.sim_down = self.down
            self.disp.present()

    def keys(self):
        for ev in self.pygame.event.get():
            self.handle(ev)
        held = self.down | self.tapped
        self.tapped = 0
        if held != self.disp.sim_down:
            self.disp.sim_down = held
            self.disp.present()
        return held

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
    print("TAL companion simulator: %s, saving to %s. Keys are listed in the window; click the"
          " buttons with the mouse; close it or press Ctrl+Q to quit." % (board.name, state),
          file=sys.stderr)
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

ROW_PX = 12  # screen pixels per terminal line
SAME_LINE_PX = 3  # texts whose middles are this close are on one line


def _lines_of(canvas):
    """The screen's lines of text, top to bottom: [(middle y, [(x, text, ink, on blue)])], the
    texts whose middles are within SAME_LINE_PX of the line's first on it."""
    texts = []
    for x, y, w, h, s, ink, font in canvas.texts():
        if s:
            texts.append((y + h // 2, x, s, ink))
    texts.sort()
    out = []
    for mid, x, s, ink in texts:
        if not out or mid - out[-1][0] > SAME_LINE_PX:
            out.append((mid, []))
        out[-1][1].append((x, s, ink))
    return out


def _rows(mids):
    """The terminal line of each screen line (its middle y): the first where the screen has it,
    each next one line down per ROW_PX between them, and never on the line above's (two screen
    lines 10 px apart are two terminal lines; list rows 14 px apart leave no blank line between
    them, wherever the list is scrolled)."""
    rows = []
    for i in range(len(mids)):
        if not i:
            rows.append(mids[0] // ROW_PX)
        else:
            rows.append(rows[-1] + max(1, (mids[i] - mids[i - 1] + ROW_PX // 2 - 1) // ROW_PX))
    return rows


def visible(line):
    """A terminal line without its colour escapes (what takes room)."""
    import re

    return re.sub("\x1b\\[[0-9;]*m", "", line)


def ansi_screen(canvas, colour=True, cell=5):
    """The canvas as terminal lines: each text about where it is drawn (a column per `cell`
    pixels), nothing cut, coloured with ANSI escapes when `colour`.  Each line starts with a
    gutter column: '>' on the selected line (the blue band, drawn in reverse video when
    `colour`), and a list that goes on above or below ends its first or last line with '^' or
    'v' (the device's scroll marks); a box lit on a track (the Loiter marker) reads [12].  The
    lines are as wide as the screen, or wider to hold the longest with a space before the
    border: no text touches it (the screen's fonts are narrower than a column per 5 pixels)."""
    from firmware.canvas import DOWN, TRI, UP

    lines = _lines_of(canvas)
    rows = _rows([mid for mid, _texts in lines])
    marks = {}
    for kind, x, y, w, h, ink, arg, _flags, _o in canvas.items():
        if kind == TRI and arg in (UP, DOWN) and x + w >= canvas.width - 10:
            mid = y + h // 2  # on the line nearest the mark
            near = min(range(len(lines)), key=lambda i: abs(lines[i][0] - mid)) if lines else -1
            marks[rows[near] if near >= 0 else mid // ROW_PX] = "^" if arg == UP else "v"
    made = {}
    for (mid, texts), row in zip(lines, rows):
        line = ""
        shown = 0  # characters on the line so far (the escapes take none)
        last = ""
        on = any(canvas.fill_under(x + 1, mid) == inks.BLUE for x, _s, _ink in texts)
        for x, s, ink in sorted(texts):
            if canvas.fill_under(x + 1, mid) == inks.WHITE and ink == inks.BLACK:
                s = "[" + s + "]"
            gap = x // cell - shown
            if shown and last != "<" and s != ">":
                gap = max(gap, 1)
            elif last == "<" or s == ">":
                gap = 0
            line += " " * max(0, gap)
            shown += max(0, gap) + len(s)
            if colour:
                f = inks.PALETTE[ink] if ink != inks.BLACK else 0xFFFFFF
                line += "\x1b[38;2;%d;%d;%dm%s%s\x1b[0m" % (
                    f >> 16, (f >> 8) & 255, f & 255, "\x1b[7m" if on else "", s)
            else:
                line += s
            last = s
        made[row] = (line, shown, on)
    width = canvas.width // cell
    for row, (_line, shown, _on) in made.items():
        width = max(width, shown + (2 if row in marks else 1))
    out = []
    for row in range(max([canvas.height // ROW_PX - 1] + list(made) + list(marks)) + 1):
        line, shown, on = made.get(row, ("", 0, False))
        mark = marks.get(row)
        line += " " * (width - shown - (1 if mark else 0)) + (mark or "")
        out.append((">" if on else " ") + line)
    return out


def run_terminal(width, height, state, inp=None, out=None, colour=None):
    """The same app in a terminal: the screen printed after each line of keys typed."""
    from engine.core.session import Session
    from firmware.app import App
    from firmware.entropy import fresh_seed
    from firmware.prefs import FileBlob, Prefs
    from firmware.screen_text import ReadCanvas
    from firmware.storage import FileStore

    inp = inp or sys.stdin
    out = out or sys.stdout
    if colour is None:
        colour = out.isatty()
    session = Session(fresh_seed(), FileStore(state) if state else None)
    from firmware.datafiles import reader

    session.data = reader(None, player_data(state))
    prefs = Prefs(FileBlob(os.path.splitext(state)[0] + ".prefs") if state else None)
    app = App(session, prefs, None, (width, height))
    app.start(fresh_seed())
    canvas = ReadCanvas(width, height)

    def show():
        app.draw(canvas)
        lines = ansi_screen(canvas, colour)
        border = "+" + "-" * len(visible(lines[0])) + "+"  # the screen and its gutter
        out.write(border + "\n")
        for line in lines:
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
        if bad:  # nothing of a line with a mistyped word is pressed
            app.say("unknown keys: %s (nothing pressed)" % " ".join(bad), inks.RED)
        else:
            for ev in events:
                app.key(ev)
        show()


# --- screenshots ----------------------------------------------------------------------------

# Each shot is a script of player steps (host_tools/desk/screen_driver.py: menu, page, action, set,
# do, spell, back, undo, keys, and `run` for requests that set a game up first), from a fresh
# game with seed 7 and an empty data folder of the player's.
MISSION = ("menu Mission", "page Roster", "action add", "do", "set Type=A-10C", "do",
           "page Fly", "action start", "do", "action loiter", "do")  # two A-10s on the track
TO_EXP3 = ("menu Settings", "set Game=TAL + EXP3", "back")
TO_GOLAN = ("menu Settings", "set Game=Golan", "back")
# The rulebook's Iraq 1991 / Surge campaign under way: its set-up done, day 1's missions flown.
CAMPAIGN = tuple("run " + line for line in (
    "campaign start iraq-1991 surge", "bn add 11a 4", "bn add 4a 3", "bn add 5s 4",
    "bn add 2c 4", "bn add 3a 3", "bn add 7a 3", "bn add 3s 2", "bn add 1c 5", "bn move 7a et",
    "bn move 11a ft", "ac add a-10a", "ac add ah-64a", "ac add ah-1", "campaign scouts +2",
    "pilot add pirate 5 8 0", "pilot add viper 5 8 1", "pilot add hammer 6 10 1",
    "pilot add judge 6 10 2 slow", "pilot add gator 5 8 0 slow", "mix hit confirm",
    "mix popup confirm", "campaign ready",
    "pilot stress 1 +6", "pilot stress 4 +9", "vp battalion 4a half", "vp +1"))
# ... its last day over (one Fixed battalion makes the card's 26 set-up VP: none rolls), 13 VP:
# the card's evaluation is in the data files; 7 VP: it is asked.
OVER = tuple("run " + line for line in (
    "campaign start iraq-1991 surge", "bn add 11a 26 fl fixed", "mix hit confirm",
    "mix popup confirm", "campaign ready", "day end", "day next", "day +1", "day end", "day next",
    "day +1", "day end"))
# (file name, player steps, the title it shows).  Every screen of every game at both sizes, and
# the states that are hardest to fit: several undo steps, a long refusal, a draw of 12 Hit
# counters, a long Hit side in the counter mix.
SHOTS = (
    ("roll-check", ("do",), "Check"),
    ("roll-batch", ("set Target=8+", "set Dice=8", "do"), "Check"),
    ("roll-plain", ("set Mode=roll", "set Dice=3", "do"), "Roll"),
    ("roll-d6", ("set Mode=roll", "set Dice=2", "set Sides=d6", "do"), "Roll"),
    ("roll-retain", ("set Mode=retain", "do"), "Launch-retain"),
    ("roll-pick", ("set Mode=pick", "set One of=4", "do"), "Pick one"),
    ("menu", ("keys t",), "Menu"),
    ("mission", MISSION + ("action end turn", "do"), "Mission"),
    ("mission-bingo", MISSION + ("action end turn", "do", "do", "do", "do", "do", "back"),
     "Mission"),
    ("mission-roster", MISSION + ("page Roster",), "Mission"),
    ("mission-target", ("run bn add 11a 4", "run so +2") + MISSION[:6] + (
        "page Fly", "action start", "set Target=battalion 11A", "do", "action Fuel Priority",
        "do"), "Mission"),
    ("cups-hits", MISSION + ("menu Cups", "set Unit 2=1 Light", "do"), "Hits on"),
    ("cups-held", MISSION + ("menu Cups", "set Unit 2=1 Light", "do", "back"), "Cups"),
    ("cups-full-draw", MISSION + ("menu Cups", "set Unit 1=4 Heavy", "set Unit 2=4 Heavy",
                                  "set Unit 3=4 Heavy", "do"), "Hits on"),
    ("cups-popups", ("menu Cups", "page Pop-Ups", "set Pop-Ups=4", "do"), "Pop-Ups drawn"),
    ("cups-popups-out", ("menu Cups", "page Pop-Ups", "set Pop-Ups=4", "do", "back"), "Cups"),
    ("campaign-start", ("menu Campaign",), "Campaign"),
    ("campaign-mix", ("menu Campaign", "do"), "Campaign"),  # the set-up's first step
    ("campaign-setup", ("menu Campaign", "do", "action draw battalion", "set Battalion=11A",
                        "set VP=4", "do", "set Battalion=4A", "do"), "Campaign"),
    ("campaign", CAMPAIGN + ("menu Campaign",), "Campaign"),
    ("campaign-map", CAMPAIGN + ("menu Campaign", "page Map"), "Campaign"),
    ("campaign-pilots", CAMPAIGN + ("menu Campaign", "page Pilots"), "Campaign"),
    ("campaign-movement", CAMPAIGN + ("menu Campaign", "action end of day", "do", "back",
                                      "action battalion stays",
                                      "do", "do"), "Campaign"),
    ("campaign-refused", CAMPAIGN + ("menu Campaign", "action SO spend", "set Amount=-30",
                                     "do"), "Refused"),
    ("campaign-result", OVER + ("run vp set 13", "menu Campaign"), "Campaign"),
    # a campaign by numbers: no card, so no year nor set-up VP; said on one line, the step above
    ("campaign-numbers", ("menu Campaign", "action by numbers", "do"), "Campaign"),
    ("rule-switches", ("menu Campaign", "action rule switches", "do", "keys d"),
     "Rule switches"),
    ("tables", ("menu Tables", "do"), "Tables"),
    ("undo", ("menu Settings", "set Game=TAL + EXP3", "set Game=Golan", "set Game=TAL",
              "set Game=TAL + EXP3", "undo"), "Undo"),
    ("selftest", ("menu Self-test", "do"), "Self-test"),
    ("settings", ("menu Settings", "choose Dim after"), "Settings"),
    ("ask", ("menu Tables", "action Scout", "do", "set turns=1"), "Ask"),  # a Scout row
    ("ask-word", OVER + ("run vp set 7", "menu Campaign", "do", "type fai"), "Ask"),  # a result
    ("mix", ("menu Counter mix", "action start from none", "do", "set Count=12",
             "set Heavy side=Bullet Holes", "set Heavy type=AH-64", "set Light side=Stress 1",
             "set Light type=A-10", "do", "set Count=4", "set Heavy side=Structure",
             "set Heavy type=any", "set Light side=No Stand-Off", "set Light type=any", "do",
             "set Heavy side=Wounded"), "Counter mix"),
    ("mix-confirm", ("menu Counter mix",), "Counter mix"),  # the shipped mix, to confirm
    ("mix-check", ("menu Counter mix", "action check kind by kind", "do", "do"), "Counter mix"),
    ("exp3-cas", TO_EXP3 + ("menu CAS (EXP3)", "do", "action engaged", "set Squads=2",
                            "set Enemies=4", "do", "action attack", "do"), "EXP3"),
    ("exp3-assault", TO_EXP3 + ("menu CAS (EXP3)", "page Assault", "set Soldier=sniper",
                                "set Target=infantry", "set Need=8+", "do"), "EXP3"),
    ("golan-mines", TO_GOLAN + ("menu Golan", "do", "do", "action reveal", "do",
                                "action attack", "do"), "Golan"),
    ("golan-leaders", TO_GOLAN + ("menu Golan", "page Leaders", "do", "action move",
                                  "set Hex column=06", "do"), "Golan"),
    ("golan-fire", TO_GOLAN + ("menu Golan", "page Fire", "do"), "Golan"),
    ("notice", TO_GOLAN + ("menu Golan", "page Fire", "action mortar notes", "do"),
     "Mortar notes"),
)


def shots_at_both_sizes(shots=SHOTS):
    """(file name, size, keys, title) for every shot at 160x128 and, named "-pico", 240x135."""
    out = []
    for name, keys_, title in shots:
        out.append((name, "160x128", keys_, title))
        out.append((name + "-pico", "240x135", keys_, title))
    return out


def render_shot(script, size, backend=None):
    """The app after `script` (player steps, or a string of keys) from a fresh game (seed 7,
    an empty data folder of the player's) on a canvas of `size`; the canvas."""
    import shutil
    import tempfile

    from engine.core.session import Session
    from firmware.app import App
    from firmware.datafiles import reader
    from firmware.prefs import MemoryBlob, Prefs
    from firmware.screen_text import ReadCanvas
    from host_tools.desk.screen_driver import Player

    w, h = SIZES[size]
    folder = tempfile.mkdtemp(prefix="tal-shot-")
    try:
        session = Session(7)
        session.data = reader(None, folder)
        app = App(session, Prefs(MemoryBlob()), None, (w, h))
        app.start()
        player = Player(app, ReadCanvas(w, h))
        player.play(("keys " + script,) if isinstance(script, str) else script)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    canvas = player.canvas
    if backend is not None:
        canvas.invalidate()
        backend.render(canvas)
    return canvas


def shoot(out_dir, shots=None, window=True):
    """Render each shot to `out_dir/<name>.png` (headless), and the whole simulator window;
    return the paths written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _quiet_imports()
    import displayio
    import pygame
    from firmware.display_displayio import DisplayioBackend

    shots = shots_at_both_sizes() if shots is None else shots
    os.makedirs(out_dir, exist_ok=True)
    written = []
    SimDisplay = _sim_display_class()
    for size in SIZES:
        todo = [s for s in shots if s[1] == size]
        if not todo:
            continue
        displayio.release_displays()
        disp = SimDisplay(*SIZES[size], panel=False)
        backend = DisplayioBackend(disp)
        for name, _size, keys_, _title in todo:
            render_shot(keys_, size, backend)
            path = os.path.join(out_dir, name + ".png")
            pygame.image.save(disp.screen_image(), path)
            written.append(path)
    if window:  # the whole window, board and key map, as `make run` shows it
        for size, name in (("160x128", "simulator"), ("240x135", "simulator-pico")):
            displayio.release_displays()
            board = "PyBadge" if size == "160x128" else "Pico-LCD-1.14"
            disp = SimDisplay(*SIZES[size], scale=SCALE if size == "160x128" else 2,
                              board_name=board)
            backend = DisplayioBackend(disp)
            canvas = render_shot("a", size, backend)
            disp.sim_led = inks.GREEN if canvas.text_at("PASS") else inks.RED
            disp.sim_down = keys.A
            disp.present()
            path = os.path.join(out_dir, name + ".png")
            pygame.image.save(disp.window, path)
            written.append(path)
    displayio.release_displays()
    return written


def main(argv):
    import argparse

    p = argparse.ArgumentParser(prog="python -m host_tools.desk.simulator", description=__doc__.split(
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
    from firmware.pathcheck import state_files

    why = state_files(a.state) if a.state else None  # --state "": a session that is not saved
    if why is not None:
        print(why, file=sys.stderr)
        return 1
    try:
        if not a.terminal:
            if not have_display():
                print("No display found ($DISPLAY is not set): using the terminal front end.",
                      file=sys.stderr)
            elif run_window(w, h, a.state):
                return 0
            else:
                print("Could not open a window: using the terminal front end.", file=sys.stderr)
        run_terminal(w, h, a.state)
    except KeyboardInterrupt:  # Ctrl-C quits, as Ctrl+Q and q do: every action is already saved
        print(file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
