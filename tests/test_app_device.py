"""The device's main loop (`firmware.device.run`) on a fake board with an injected clock (issue:
the device, items 4 and 5): keys, backlight dim and idle, the waking key swallowed, a fault in a
screen reported on screen instead of stopping the device, settings and state saved."""

from firmware import device
from firmware import keys
from firmware import ui
from firmware.canvas import Canvas
from firmware.screen_text import ReadCanvas
from firmware.prefs import MemoryBlob
from hardware.board import Board


class Backend:
    def __init__(self):
        self.width = 160
        self.height = 128
        self.frames = []

    def render(self, canvas):
        view = ReadCanvas(canvas.width, canvas.height)  # the frame shown, read as text
        view.shown_geo = canvas.shown_geo
        view.shown_attr = canvas.shown_attr
        view.shown_obj = list(canvas.shown_obj)
        view.shown_n = canvas.shown_n
        self.frames.append(view.lines())


class FakeBoard(Board):
    """Keys scripted as (raw mask, number of 10 ms polls); time advances 10 ms per poll."""

    DEBOUNCE_MS = 0

    def __init__(self, script, blob=None):
        self.script = list(script)
        self.step = 0
        self.t = 0
        self.levels = []
        self.clicks = 0
        self.flashes = []
        self.blob = blob if blob is not None else MemoryBlob()
        self.backend = Backend()

    def display(self):
        return self.backend

    def keys(self):
        raw, n = self.script[0]
        self.step += 1
        if self.step >= n:
            self.script.pop(0)
            self.step = 0
        return raw

    def ticks_ms(self):
        self.t += 10
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        pass

    def running(self):
        return bool(self.script)

    def state_store(self):
        return None

    def prefs_blob(self):
        return self.blob

    def backlight(self, pct):
        self.levels.append(pct)

    def click(self):
        self.clicks += 1

    def flash(self, ink):
        self.flashes.append(ink)

    def shaken(self, now):
        return False

    def tick(self, now):
        pass


def test_a_tap_rolls_and_the_screen_is_drawn():
    b = FakeBoard([(0, 2), (keys.A, 3), (0, 3)])
    device.run(b)
    assert b.backend.frames[0][0].startswith("Check")
    assert "PASS" in " ".join(b.backend.frames[-1]) or "FAIL" in " ".join(b.backend.frames[-1])
    assert b.clicks == 1 and len(b.flashes) == 1
    assert b.levels[0] == 80  # the default brightness at start


def test_dims_after_the_idle_delay_then_goes_dark_and_the_waking_key_is_swallowed():
    blob = MemoryBlob()
    from firmware.prefs import Prefs

    Prefs(blob).set("dim", 0)  # 15 s
    b = FakeBoard([(0, 1500), (0, 4600), (keys.A, 3), (0, 3), (0, 2)], blob)
    device.run(b)
    assert b.levels[:3] == [80, 20, 0]  # bright, dim at 15 s, dark at 60 s
    assert b.levels[3] == 80  # the key woke it...
    assert b.clicks == 0  # ...and did not roll


def test_a_fault_in_a_screen_is_shown_and_the_device_keeps_running(monkeypatch):
    from firmware.screens import roll

    def broken(self, ev):
        raise ValueError("boom")

    monkeypatch.setattr(roll.Screen, "key", broken)
    b = FakeBoard([(0, 2), (keys.A, 3), (0, 3), (keys.START, 3), (0, 3)])
    device.run(b)
    assert any("Error: ValueError" in "\n".join(f) and "boom" in "\n".join(f)
               for f in b.backend.frames)
    assert b.backend.frames[-1][0] == "Menu"  # START still works afterwards


def test_out_of_memory_after_a_keys_action_says_it_was_done(monkeypatch):
    """A key whose action is made, then whose screen runs out of memory showing it: pressed
    again, it would be done twice, so the message says it was done."""
    from firmware.screens import roll

    def short_of_memory(self, ev):
        if ev == keys.A:
            self.app.run(["pilot", "add", "viper", "7", "12", "0", "fast"])
        raise MemoryError

    monkeypatch.setattr(roll.Screen, "key", short_of_memory)
    b = FakeBoard([(0, 2), (keys.A, 3), (0, 3), (keys.B, 3), (0, 3)])
    device.run(b)
    shown = [" ".join(f) for f in b.backend.frames]  # (a message wraps)
    done = [i for i, f in enumerate(shown) if "Saved: adding Viper. Out of memory to show" in f]
    bare = [i for i, f in enumerate(shown) if "Out of memory: nothing changed" in f]
    assert done and bare and done[0] < bare[0]  # A added a pilot; B changed nothing


def test_out_of_memory_drawing_a_change_says_it_was_done(monkeypatch):
    """The key's action made, then the frame showing it runs out of memory: the same message."""
    from firmware.screens import roll

    key, draw = roll.Screen.key, roll.Screen.draw

    def add_pilot(self, ev):
        if ev == keys.A:
            self.app.run(["pilot", "add", "viper", "7", "12", "0", "fast"])
            self.fail = True
        return key(self, ev)

    def short_of_memory(self, canvas):
        if getattr(self, "fail", False):
            self.fail = False
            raise MemoryError
        return draw(self, canvas)

    monkeypatch.setattr(roll.Screen, "key", add_pilot)
    monkeypatch.setattr(roll.Screen, "draw", short_of_memory)
    b = FakeBoard([(0, 2), (keys.A, 3), (0, 3)])
    device.run(b)
    assert any("Saved: adding Viper. Out of memory to show it" in " ".join(f)
               for f in b.backend.frames)


def test_out_of_memory_in_a_keys_second_request_says_what_its_first_saved(monkeypatch):
    """A key runs a request that is saved, then another that runs out of memory (a draw from
    the cup, then the screen's reading of the cup): it said "nothing changed", and the player,
    pressing again, drew twice (issue 42)."""
    from engine.core import protocol
    from firmware.screens import roll

    execute = protocol.execute

    def second_short(session, words, reply=None):
        if words[0] == "pilot" and words[1] == "list":
            raise MemoryError
        return execute(session, words, reply)

    def two_requests(self, ev):
        if ev == keys.A:
            self.app.run(["pilot", "add", "viper", "7", "12", "0", "fast"])
            self.app.run(["pilot", "list"])
            return True
        return False

    monkeypatch.setattr(protocol, "execute", second_short)
    monkeypatch.setattr(roll.Screen, "key", two_requests)
    b = FakeBoard([(0, 2), (keys.A, 3), (0, 3)])
    device.run(b)
    shown = [" ".join(f) for f in b.backend.frames]
    assert not [f for f in shown if "nothing changed" in f], shown
    assert any("Saved: adding Viper. Out of memory to show it" in f for f in shown), shown


def test_with_no_memory_even_for_the_words_the_loop_says_it_and_goes_on(monkeypatch):
    """Out of memory drawing, then again wrapping the words that say so (device.draw > trouble >
    app.out_of_memory > say > widgets.wrap raised, and the device stopped, issue 42): the words
    made at start are said, and the loop goes on."""
    from firmware import app as app_module, widgets
    from firmware.screens import roll

    draw = roll.Screen.draw
    failing = [3]

    def short_of_memory(self, canvas):
        if failing[0]:
            failing[0] -= 1
            raise MemoryError
        return draw(self, canvas)

    def no_memory(*args):
        raise MemoryError

    monkeypatch.setattr(roll.Screen, "draw", short_of_memory)
    monkeypatch.setattr(widgets, "wrap", no_memory)
    b = FakeBoard([(0, 2), (keys.A, 3), (0, 3), (keys.A, 3), (0, 3)])
    device.run(b)  # (raised MemoryError before)
    shown = [" ".join(f) for f in b.backend.frames]
    said = " ".join(app_module.OUT_OF_MEMORY[0])
    assert any(said in f for f in shown), shown
    assert b.clicks == 2  # both keys rolled


def test_out_of_memory_on_a_screen_says_which_screen_to_leave(monkeypatch):
    """Out of memory on a screen above the home one: one line, that nothing changed, and that B
    leaves that screen (its code then leaves the heap)."""
    from firmware.screens import campaign

    def short_of_memory(self, ev):
        raise MemoryError

    presses = (keys.START, keys.DOWN, keys.DOWN, keys.DOWN, keys.A, keys.A)  # Campaign, then A
    b = FakeBoard([(0, 2)] + [step for k in presses for step in ((k, 3), (0, 3))])
    monkeypatch.setattr(campaign.Screen, "key", short_of_memory)
    device.run(b)
    shown = [" ".join(f) for f in b.backend.frames]
    said = [f for f in shown if "Out of memory" in f]
    assert said and "nothing changed. B leaves Campaign to free memory." in said[-1], shown[-1]


def test_canvas_matches_the_backend_size():
    b = FakeBoard([(0, 1)])
    app, backend, canvas = device.build(b)
    assert isinstance(canvas, Canvas) and (canvas.width, canvas.height) == (160, 128)
    assert (app.width, app.height) == (160, 128)


def test_a_refusal_with_no_room_to_reword_it_is_said_in_the_engines_words(monkeypatch):
    """A refusal is put in the screen's words by code loaded for it (firmware/screens/words.py);
    when even that finds no room, the engine's own line is said: one line, nothing changed."""
    from firmware.screens import form

    tried = []

    def no_room(self, text):
        tried.append(text)
        raise MemoryError

    monkeypatch.setattr(form.Form, "in_words", no_room)
    app = device.build(FakeBoard([(0, 1)]))[0]
    app.go("campaign")
    before = app.session.changes
    assert app.run(["campaign", "ready"]) is None  # no set-up under way
    assert len(tried) == 2 and app.message == ui.sentence(tried[0])  # tried again once modules
    # were dropped
    assert app.session.changes == before
