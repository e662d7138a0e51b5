"""The app's screens and common keys (issue: the device, items 1 and 4): menu, undo with its
confirmation, self-test, settings, notices about a save that cannot be read."""

import sys

from appkit import Driver, ask, twin
from engine import dice
from firmware import app as A
from firmware import canvas as C
from firmware import prefs as P


def test_start_is_the_roll_screen_and_start_opens_the_menu():
    d = Driver()
    assert d.screen()[0].startswith("CHECK")
    lines = d.press("t")
    assert lines[0] == "MENU"
    for label, _module in d.app.menu():
        assert label in d.text()
    d.press("t")
    assert d.screen()[0].startswith("CHECK")


def test_every_menu_entry_opens_and_b_comes_back():
    for game in ("tal", "exp3", "golan"):
        d = Driver()
        d.app.run(["game", game])
        for label, module in d.app.menu():
            d.menu(label)
            assert d.app.top().name == module, label
            assert d.screen()[0]  # it draws
            d.press("b")
            assert d.app.top().name == "roll"
            assert len(d.app.stack) == 1


def test_closed_screens_free_their_module():
    d = Driver()
    d.menu("Self-test")
    assert "firmware.screens.selftest" in sys.modules
    d.press("b")
    assert "firmware.screens.selftest" not in sys.modules
    assert "firmware.screens.roll" in sys.modules  # still shown


def test_undo_confirms_with_the_line_it_takes_back():
    """Undo of an undoable change (issue 3 item 5): the screen names the step first."""
    d = Driver()
    d.menu("Settings")  # on Game
    d.press("r")  # game exp3 (a CHANGE through the engine)
    assert "TAL+EXP3" in d.text()
    lines = d.press("B")  # long B: undo
    assert lines[0] == "UNDO"
    assert "game exp3" in d.text()
    assert "1 step can be undone" in d.text()
    d.press("b")  # keep it
    assert d.app.game() == "exp3"
    d.press("B" + "a")
    assert d.app.game() == "tal"
    assert d.app.message == "undone: game exp3"
    assert d.app.message_ink == C.YELLOW
    d.press("B")
    assert "Nothing to undo." in d.text()


def test_undo_from_the_menu():
    d = Driver()
    d.app.run(["game", "golan"])
    d.menu("Undo")
    assert "game golan" in d.text()
    d.press("a")
    assert d.app.game() == "tal"


def test_self_test_shows_the_engine_tally_and_chi_square():
    d = Driver(seed=13)
    d.menu("Self-test")
    assert "A run" in d.text()
    d.press("a")
    r = ask(twin(13), "tally d10 10000")
    lines = d.screen()
    for face in range(10):
        assert lines[1 + face].split() == [str(face + 1), str(r["counts"][face])]
    chi = dice.chi_square_x100(r["counts"], 10, 10000)
    assert lines[11].startswith("chi2 %d.%02d" % (chi // 100, chi % 100))
    assert d.canvas.ink_at(0, 11) == (C.GREEN if chi < 1692 else C.RED)


def test_settings_change_the_device_settings_and_keep_them():
    blob = P.MemoryBlob()
    d = Driver(blob=blob)
    d.menu("Settings")
    assert d.screen()[0] == "SETTINGS"
    d.press("ddr")  # brightness 80 -> 100
    assert "100%" in d.text()
    d.press("dl")  # dim after 1 min -> 30 s
    assert "30 s" in d.text()
    again = Driver(blob=blob)
    assert again.prefs.brightness() == 100 and again.prefs.dim_ms() == 30000


def test_seeded_dice_keep_their_seed_random_dice_get_a_fresh_one():
    blob = P.MemoryBlob()
    d = Driver(seed=7, blob=blob, fresh_seed=12345)
    assert d.session.rng.seed_value == 12345  # random mode: reseeded at start
    d.prefs.set("dice", 1)
    d2 = Driver(seed=7, blob=blob, fresh_seed=999)
    assert d2.session.rng.seed_value == 7
    d2.menu("Settings")
    d2.press("d" * 5 + "rrr")  # Seed 7 -> 10
    assert "10" in d2.canvas.line(6)
    d2.press("a")
    assert d2.session.rng.seed_value == 10
    assert "seed 10" in d2.app.message


def test_new_game_asks_first():
    d = Driver()
    d.app.run(["game", "exp3"])
    d.menu("Settings")
    d.press("d" * 6 + "a")
    assert d.screen()[0] == "NEW GAME"
    d.press("b")
    assert d.app.game() == "exp3"
    d.press("a")
    assert d.screen()[0] == "NEW GAME"
    d.press("a")
    assert d.app.game() == "tal" and d.session.undo_steps == 0
    assert d.app.message == "new game started"


def test_an_unreadable_save_is_reported_on_screen_and_kept(tmp_path):
    """A damaged record is never silently replaced: the player is told at start."""
    from firmware.storage import FileStore

    path = tmp_path / "s.state"
    path.write_bytes(b"TL" + b"\x07" * 3000)
    d = Driver(store=FileStore(str(path)))
    lines = d.screen()
    assert lines[0] == "NOTICE"
    assert "unreadable" in d.text() or "not loaded" in d.text()
    assert d.canvas.ink_at(0, 1) == C.YELLOW
    d.press("a")
    assert d.app.top().name == "roll"


def test_unreadable_settings_are_reported():
    p = P.Prefs(P.MemoryBlob())
    p.set("sound", 0)
    bad = bytearray(P.Prefs(P.MemoryBlob()).dump())
    bad[-1] ^= 0xFF
    d = Driver(blob=P.MemoryBlob(bytes(bad)))
    assert d.screen()[0] == "NOTICE"
    assert "settings unreadable" in d.text()


def test_a_long_message_takes_two_lines_at_most():
    d = Driver()
    d.app.say("x " * 40, C.RED)
    lines = d.screen()
    assert lines[-3].startswith("x x")  # the big text line follows the grid
    assert lines[-2].endswith("~")


def test_unknown_engine_features_show_a_note_not_a_crash():
    d = Driver()
    for name in ("cups", "mission", "campaign", "tables"):
        d.app.go(name)
        assert d.screen()[0]  # draws
        d.press("b")
    assert len(A.MENU) >= 8
