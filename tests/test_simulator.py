"""`make run` and `make screenshots`: the desktop simulator's window (the board drawn around the
screen, buttons lit and clickable, quick taps kept), its terminal front end when there is no
display, resuming from its save file, and the headless screenshots of every screen."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT
from firmware import keys
from host_tools.desk import simulator


def run_sim(args, typed, cwd, env_extra=None):
    env = dict(os.environ)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(k, None)
    env.update(env_extra or {})
    env["PYTHONPATH"] = ROOT
    p = subprocess.run([sys.executable, "-m", "host_tools.desk.simulator"] + args, cwd=cwd, env=env,
                       input=typed.encode(), capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr.decode()
    assert b"Traceback" not in p.stderr
    return p.stdout.decode(), p.stderr.decode()


def test_without_a_display_it_says_so_and_runs_in_the_terminal(tmp_path):
    out, err = run_sim(["--state", str(tmp_path / "t.state")], "a\nq\n", str(tmp_path))
    assert "No display" in err
    assert "| Check" in out and ("PASS" in out or "FAIL" in out)
    assert "\x1b[" not in out  # no colour codes when not on a terminal


def test_the_next_run_resumes_the_campaign(tmp_path):
    state = str(tmp_path / "t.state")
    # Settings > Game: TAL -> TAL+EXP3 (an undoable change), then quit
    labels = ["Roll", "Cups", "Mission", "Campaign", "Tables", "Undo", "Self-test", "Counter mix",
              "Settings"]
    run_sim(["--terminal", "--state", state], "t%sa\nr\nq\n" % ("d" * labels.index("Settings")),
            str(tmp_path))
    assert os.path.exists(state)
    out, _ = run_sim(["--terminal", "--state", state], "B\nq\n", str(tmp_path))
    assert "TAL + EXP3 chosen" in out  # the undo screen of the second run offers the first
    # run's change


def test_the_terminal_shows_the_selected_line_and_scrolls_the_menu(tmp_path):
    """The highlight (a blue band and a triangle on the device) is a '>' in the margin, in
    reverse video on a terminal; a list that goes on is marked with ^ and v, and every menu
    entry is reached (Settings, below the fold of the 9-entry menu)."""
    import io

    inp = io.StringIO("t\n" + "d\n" * 8 + "q\n")
    out = io.StringIO()
    simulator.run_terminal(160, 128, "", inp, out, colour=False)
    frames = out.getvalue().split("keys> ")
    menu = [line.rstrip("| ") for line in frames[1].splitlines()]
    assert "|>  Roll" in menu and "|   Cups" in menu, menu
    assert any(line.endswith("v|") for line in frames[1].splitlines()) and \
        "Settings" not in frames[1]  # more below the fold
    last = frames[9].splitlines()
    assert "|>  Settings" in [line.rstrip("| ") for line in last] and any(line.endswith("^|") for line in last), last
    out = io.StringIO()
    simulator.run_terminal(160, 128, "", io.StringIO("t\nq\n"), out, colour=True)
    assert "\x1b[7mRoll" in out.getvalue()  # reverse video on the selected line


def terminal_frames(typed, size=(160, 128)):
    """The frames the terminal front end prints for `typed` (a line of keys each), as lists of
    lines (the border's included)."""
    import io

    out = io.StringIO()
    simulator.run_terminal(size[0], size[1], "", io.StringIO(typed + "q\n"), out, colour=False)
    return [f.splitlines()[2 if not i else 0:]
            for i, f in enumerate(out.getvalue().split("keys> "))][:-1]


@pytest.mark.parametrize("size", [(160, 128), (240, 135)])
def test_the_menu_s_entries_are_one_line_after_another_wherever_it_scrolls(size):
    """Issue 39: an empty line moved through the menu as it scrolled (entries 14 pixels apart
    on 12-pixel lines)."""
    labels = ["Roll", "Cups", "Mission", "Campaign", "Tables", "Undo", "Self-test",
              "Counter mix", "Settings"]
    for frame in terminal_frames("t\n" + "d\n" * 8, size)[1:]:
        rows = [i for i, line in enumerate(frame) if line.strip("|>^v ") in labels]
        assert len(rows) >= 7 and rows == list(range(rows[0], rows[0] + len(rows))), frame


def test_each_self_test_row_is_a_line_of_its_own():
    """Issue 39: two of the self-test's ten rows (10 pixels apart) shared a line: "4 5 ... 1036
    984"."""
    frame = terminal_frames("t\ndddddd\na\na\n")[-1]
    firsts = [line.strip("|> ").split()[0] for line in frame[1:-1] if line.strip("|> ")]
    assert firsts[:12] == ["Self-test"] + ["%d" % n for n in range(1, 11)] + ["chi-square"], frame
    for line in frame[2:12]:
        assert len(line.strip("|> ").split()) == 2, line  # a face and its count


def test_no_text_touches_the_border():
    """Issue 39: "Hits: 40 in, 0 out|": the screen's fonts are narrower than a column per five
    pixels, so a text at the right edge ran into the border.  Every line of every frame, the
    Cups title, the Roll screen, a long result, ends in a space (or a scroll mark) before it,
    and every line of a frame, the border too, is as wide."""
    frames = terminal_frames("t\nd\na\nt\ndddddd\na\na\nt\ndddd\na\na\n")
    assert any("Hits: 40 in, 0 out |" in line for f in frames for line in f)
    for frame in frames:
        assert len(set(len(line) for line in frame)) == 1, frame
        for line in frame[1:-1]:
            assert line[-2] in " ^v", frame


def test_typed_keys():
    assert simulator.parse_keys("rra") == ([keys.RIGHT, keys.RIGHT, keys.A], [])
    assert simulator.parse_keys("up B select") == ([keys.UP, keys.B | keys.LONG, keys.SELECT],
                                                   [])


def test_a_mistyped_word_is_refused_whole():
    """`roll` is not r, l, l and a refusal of o: nothing of it is pressed."""
    assert simulator.parse_keys("roll") == ([], ["roll"])
    assert simulator.parse_keys("rr roll a") == ([keys.RIGHT, keys.RIGHT, keys.A], ["roll"])


def test_a_line_with_a_mistyped_word_presses_nothing(tmp_path):
    out, _ = run_sim(["--terminal", "--state", ""], "rr roll\nq\n", str(tmp_path))
    screen = " ".join(line.strip("| ") for line in out.splitlines()[-6:])
    assert "Unknown keys: roll (nothing pressed)." in screen
    assert "Target 6+" in " ".join(out.split())  # the "rr" before it was not pressed either


# --- the window ---------------------------------------------------------------------------------

@pytest.fixture
def sdl(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import displayio

    displayio.release_displays()
    yield
    displayio.release_displays()


def test_a_tap_quicker_than_a_poll_is_not_lost(sdl, tmp_path):
    board = simulator.SimBoard(160, 128, str(tmp_path / "w.state"))
    board.display()
    pygame = board.pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=0))
    assert board.keys() == keys.A  # held for this one poll...
    assert board.keys() == 0  # ...released at the next


def test_buttons_are_clickable_and_lit_while_pressed(sdl, tmp_path):
    board = simulator.SimBoard(160, 128, str(tmp_path / "w.state"))
    board.display()
    pygame = board.pygame
    art = board.disp.art
    label, bit, _shape, x, y, _w, _h = [b for b in art.buttons if b[0] == "A"][0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
    assert board.keys() == keys.A
    assert board.disp.sim_down == keys.A  # lit
    lit = board.disp.window.get_at((x, y - 15))
    assert (lit.r, lit.g, lit.b) == (255, 224, 0)
    assert board.keys() == keys.A  # held while the mouse button is
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y)))
    assert board.keys() == 0
    assert board.disp.sim_down == 0
    for name in ("UP", "DOWN", "LEFT", "RIGHT", "B", "SELECT", "START"):
        _l, bit, shape, bx, by, w, h = [b for b in art.buttons if b[0] == name][0]
        cx, cy = (bx, by) if shape == "circle" else (bx + w // 2, by + h // 2)
        assert art.button_at(cx, cy) == bit, name


def test_the_pico_board_has_its_joystick_and_keys(sdl, tmp_path):
    board = simulator.SimBoard(240, 135, str(tmp_path / "w.state"))
    board.display()
    names = {b[0] for b in board.disp.art.buttons}
    assert names == {"UP", "DOWN", "LEFT", "RIGHT", "SEL", "A", "B"}
    assert board.disp.art.leds == []  # no NeoPixels on that board


def test_the_window_runs_the_real_firmware_loop(sdl, tmp_path):
    """firmware.device.run on the simulator board (SDL off screen), keys scripted, time injected."""
    from engine.core.session import Session
    from firmware import device
    from firmware.storage import FileStore

    state = str(tmp_path / "w.state")

    class Scripted(simulator.SimBoard):
        script = [(0, 3), (keys.A, 3), (0, 3), (keys.B, 90), (0, 3),  # roll; long B: undo
                  (keys.A, 3), (0, 3), (keys.START, 3), (0, 3)]

        def __init__(self):
            super().__init__(160, 128, state)
            self.t = 0
            self.step = 0

        def keys(self):
            super().keys()  # pump the window's events
            raw, n = self.script[0]
            self.step += 1
            if self.step >= n:
                self.script.pop(0)
                self.step = 0
            return raw

        def ticks_ms(self):
            self.t += 10
            return self.t

        def sleep_ms(self, n):
            pass

        def running(self):
            return bool(self.script)

    board = Scripted()
    device.run(board)
    win = board.disp.window
    assert win.get_size() == (board.disp.art.size[0] + simulator.PANEL_W,
                              board.disp.art.size[1])
    # the menu is on screen: its title bar is cyan
    img = board.disp.screen_image()
    assert img.get_at((img.get_width() - 2, 2))[2] > 200
    assert board.disp.sim_led is not None  # the roll flashed the "NeoPixels"
    s = Session(1, FileStore(state))
    # Random-dice mode: rolls alone are not written (flash wear), the next start reseeds anyway.
    assert s.notice is None and s.rng.seed_value == 1


# --- screenshots ----------------------------------------------------------------------------------

def test_screenshots_render_headless(sdl, tmp_path):
    import pygame

    paths = simulator.shoot(str(tmp_path), shots=(("a", "160x128", "a", "Check"),
                                                  ("b", "240x135", "t", "Menu")), window=False)
    assert [os.path.basename(p) for p in paths] == ["a.png", "b.png"]
    a = pygame.image.load(paths[0])
    b = pygame.image.load(paths[1])
    assert a.get_size() == (160 * simulator.SCALE, 128 * simulator.SCALE)
    assert b.get_size() == (240 * simulator.SCALE, 135 * simulator.SCALE)
    # the title bar is drawn: cyan in the top right corner
    assert a.get_at((a.get_width() - 2, 2))[2] > 200


@pytest.mark.parametrize("shot", simulator.shots_at_both_sizes(), ids=lambda s: s[0])
def test_every_screenshot_shows_its_screen_and_nothing_overflows(shot):
    """Every screen of every game at both sizes, with the states hardest to fit (several undo
    steps, a long refusal, a draw of 12 Hit counters): each shot reaches the screen it is named
    for, and no text is cut or runs into another."""
    name, size, keys_, title = shot
    canvas = simulator.render_shot(keys_, size)
    titles = sorted(t for t in canvas.texts() if t[1] == 1)
    assert titles and titles[0][4].startswith(title), (name, titles)
    assert canvas.problems() == [], name


def test_the_docs_show_every_shot_and_docs_screens_holds_them_at_both_sizes():
    """`make screenshots` is current: every shot (and its Pico twin) is in docs/screens/, nothing
    there is left from a shot that is gone; the README or docs/device.md ("Every screen") shows
    each one, and each screen the README shows, it shows at both sizes."""
    folder = os.path.join(simulator.ROOT, "docs", "screens")
    with open(os.path.join(simulator.ROOT, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(simulator.ROOT, "docs", "device.md")) as f:
        device = f.read()
    made = {name + ".png" for name, _size, _script, _title in simulator.shots_at_both_sizes()}
    made |= {"simulator.png", "simulator-pico.png"}
    kept = {f for f in os.listdir(folder) if f.endswith(".png") and not f.startswith("web-")}
    assert kept == made
    for name, _script, _title in simulator.SHOTS:
        assert "(docs/screens/%s.png)" % name in readme or "(screens/%s.png)" % name in device, name
        if "(docs/screens/%s.png)" % name in readme:
            assert "(docs/screens/%s-pico.png)" % name in readme, name
