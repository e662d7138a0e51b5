"""`make run` and `make screenshots` (issue: the device, item 6): the desktop simulator's terminal
front end when there is no display, resuming from its save file, and the headless screenshots."""

import os
import subprocess
import sys

from conftest import ROOT
from host_tools import simulator


def run_sim(args, keys, cwd, env_extra=None):
    env = dict(os.environ)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(k, None)
    env.update(env_extra or {})
    env["PYTHONPATH"] = ROOT
    p = subprocess.run([sys.executable, "-m", "host_tools.simulator"] + args, cwd=cwd, env=env,
                       input=keys.encode(), capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr.decode()
    assert b"Traceback" not in p.stderr
    return p.stdout.decode(), p.stderr.decode()


def test_without_a_display_it_says_so_and_runs_in_the_terminal(tmp_path):
    out, err = run_sim(["--state", str(tmp_path / "t.state")], "a\nq\n", str(tmp_path))
    assert "No display" in err
    assert "|CHECK" in out and ("PASS" in out or "FAIL" in out)
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
    assert "game exp3" in out  # the undo screen of the second run offers the first run's change


def test_typed_keys():
    from firmware import keys as K

    assert simulator.parse_keys("rra") == ([K.RIGHT, K.RIGHT, K.A], [])
    assert simulator.parse_keys("up B select") == ([K.UP, K.B | K.LONG, K.SELECT], [])
    assert simulator.parse_keys("a?z") == ([K.A], ["?", "z"])


def test_bad_keys_are_reported_on_screen(tmp_path):
    out, _ = run_sim(["--terminal", "--state", ""], "xyz\nq\n", str(tmp_path))
    assert "unknown key: xyz" in out


def test_screenshots_render_every_shot_headless(tmp_path):
    import pygame

    paths = simulator.shoot(str(tmp_path), shots=(("a", "160x128", "a"), ("b", "240x135", "t")))
    assert [os.path.basename(p) for p in paths] == ["a.png", "b.png"]
    a = pygame.image.load(paths[0])
    b = pygame.image.load(paths[1])
    assert a.get_size() == (160 * simulator.SCALE, 128 * simulator.SCALE)
    assert b.get_size() == (240 * simulator.SCALE, 135 * simulator.SCALE)
    # the title bar is drawn: cyan in the top right corner
    assert a.get_at((a.get_width() - 2, 2))[2] > 200


def test_every_listed_shot_has_valid_keys():
    for name, size, keys in simulator.SHOTS:
        assert size in simulator.SIZES, name
        assert simulator.parse_keys(keys)[1] == [], name


def test_the_window_runs_the_real_firmware_loop(tmp_path, monkeypatch):
    """firmware.device.run on the simulator board (SDL off screen), keys scripted, time injected."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import displayio
    from engine.session import Session
    from firmware import device
    from firmware import keys as K
    from firmware.storage import FileStore

    displayio.release_displays()
    state = str(tmp_path / "w.state")

    class Scripted(simulator.SimBoard):
        script = [(0, 3), (K.A, 3), (0, 3), (K.B, 90), (0, 3),  # roll; long B: undo screen
                  (K.A, 3), (0, 3), (K.START, 3), (0, 3)]

        def __init__(self):
            super().__init__(160, 128, state)
            self.t = 0
            self.step = 0
            self.seen = []

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
    assert win.get_size() == (160 * simulator.SCALE + simulator.PANEL_W,
                              128 * simulator.SCALE + simulator.LED_H + 8)
    # the menu is on screen: its title bar is cyan
    img = board.disp.screen_image()
    assert img.get_at((img.get_width() - 2, 2))[2] > 200
    assert board.disp.sim_led is not None  # the roll flashed the "NeoPixels"
    displayio.release_displays()
    s = Session(1, FileStore(state))
    # Random-dice mode: rolls alone are not written (flash wear), the next start reseeds anyway.
    assert s.notice is None and s.rng.seed_value == 1
