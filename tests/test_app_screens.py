"""The app's screens and common keys: menu, undo with its confirmation, self-test, settings,
notices about a save that cannot be read, messages read in full."""

import pytest

from appkit import Driver, ask, both_sizes, twin  # noqa: F401 (fixture)
from engine.core import dice
from firmware import inks
from firmware import prefs as settings_store

pytestmark = pytest.mark.usefixtures("both_sizes")


def test_start_is_the_roll_screen_and_start_opens_the_menu():
    d = Driver()
    assert d.title()[0] == "Check"
    d.press("t")
    assert d.title()[0] == "Menu"
    for label, _module in d.app.menu()[:7]:
        assert label in d.text()
    d.press("t")
    assert d.title()[0] == "Check"


def test_every_menu_entry_opens_and_b_comes_back():
    titles = {"Roll": "Check", "Cups": "Cups", "Mission": "Mission", "Campaign": "Campaign",
              "Tables": "Tables", "Undo": "Undo", "Self-test": "Self-test",
              "Counter mix": "Counter mix", "Settings": "Settings", "CAS (EXP3)": "EXP3",
              "Golan": "Golan"}
    for game in ("tal", "exp3", "golan"):
        d = Driver()
        d.app.run(["game", game])
        for label, _module in d.app.menu():
            d.menu(label)
            want = "Roll" if (label, game) == ("Roll", "golan") else titles[label]
            assert d.title()[0].startswith(want), (label, d.title())
            d.back()
            assert d.title()[0] == ("Roll" if game == "golan" else "Check")


def test_undo_confirms_with_the_line_it_takes_back():
    """Undo of an undoable change: the screen names the step first."""
    d = Driver()
    d.menu("Settings")
    d.set("Game", "TAL + EXP3")  # a change through the engine
    d.undo()  # long B: undo
    assert d.title()[0].startswith("Undo")
    assert "TAL + EXP3 chosen" in d.text()  # in words, not "game exp3"
    assert "1 step can be undone" in d.text()
    d.back()  # keep it
    assert d.app.game() == "exp3"
    d.undo()
    d.do()
    assert d.app.game() == "tal"
    assert "Undone: TAL + EXP3 chosen" in d.text()
    assert d.ink_of("Undone") == inks.YELLOW
    d.undo()
    assert "Nothing to undo." in d.text()


def test_several_undo_steps_read_in_full():
    d = Driver()
    for line in ("game exp3", "game golan", "game tal"):
        d.app.run(line.split())
    d.menu("Undo")
    assert "3 steps can be undone" in d.text()  # the driver checks nothing is cut


def test_undo_from_the_menu():
    d = Driver()
    d.app.run(["game", "golan"])
    d.menu("Undo")
    assert "Golan chosen" in d.text()
    d.do()
    assert d.app.game() == "tal"


def test_self_test_shows_the_engine_tally_and_chi_square():
    d = Driver(seed=13)
    d.menu("Self-test")
    assert "A run" in d.text()
    d.do()
    r = ask(twin(13), "tally d10 10000")
    for face in range(10):
        assert "%d %d" % (face + 1, r["counts"][face]) in d.canvas.lines()
    chi = dice.chi_square_x100(r["counts"], 10, 10000)
    verdict = "chi-square %d.%02d" % (chi // 100, chi % 100)
    assert verdict in d.text()
    assert d.ink_of(verdict) == (inks.GREEN if chi < 1692 else inks.RED)


def test_settings_change_the_device_settings_and_keep_them():
    blob = settings_store.MemoryBlob()
    d = Driver(blob=blob)
    d.menu("Settings")
    assert d.title()[0] == "Settings"
    d.set("Brightness", "100%")
    d.set("Dim after", "30 s", "l")
    assert d.row_value("Dim after") == "30 s"
    again = Driver(blob=blob)
    assert again.prefs.brightness() == 100 and again.prefs.dim_ms() == 30000


def test_the_selected_setting_is_bracketed():
    d = Driver()
    d.menu("Settings")
    d.choose("Sound")
    assert [t[4] for t in d.canvas.texts() if t[4] in ("<", ">")] == ["<", ">"]
    assert d.canvas.text_at("<")[1] == d.canvas.text_at("Sound")[1]


def test_seeded_dice_keep_their_seed_random_dice_get_a_fresh_one():
    blob = settings_store.MemoryBlob()
    d = Driver(seed=7, blob=blob, fresh_seed=12345)
    assert d.session.rng.seed_value == 12345  # random mode: reseeded at start
    d.prefs.set("dice", 1)
    d2 = Driver(seed=7, blob=blob, fresh_seed=999)
    assert d2.session.rng.seed_value == 7
    d2.menu("Settings")
    d2.set("Seed", "10")
    d2.do()
    assert d2.session.rng.seed_value == 10
    assert "seed 10" in d2.text()


def test_new_game_asks_first():
    d = Driver()
    d.app.run(["game", "exp3"])
    d.menu("Settings")
    d.choose("New game")
    d.do()
    assert d.title()[0] == "New game"
    d.back()
    assert d.app.game() == "exp3"
    d.do()
    d.do()
    assert d.app.game() == "tal" and d.session.undo_steps == 0
    assert "New game started." in d.text()


def test_an_unreadable_save_is_reported_on_screen_and_kept(tmp_path):
    """A damaged record is never silently replaced: the player is told at start."""
    from firmware.storage import FileStore

    path = tmp_path / "s.state"
    path.write_bytes(b"TL" + b"\x07" * 3000)
    d = Driver(store=FileStore(str(path)))
    assert d.title()[0] == "Notice"
    assert "unreadable" in d.text() or "not loaded" in d.text()
    assert d.canvas.texts()[1][5] == inks.YELLOW  # the first line of the notice
    d.do()
    assert d.title()[0] == "Check"


def test_unreadable_settings_are_reported():
    p = settings_store.Prefs(settings_store.MemoryBlob())
    p.set("sound", 0)
    bad = bytearray(settings_store.Prefs(settings_store.MemoryBlob()).dump())
    bad[-1] ^= 0xFF
    d = Driver(blob=settings_store.MemoryBlob(bytes(bad)))
    assert d.title()[0] == "Notice"
    assert "settings unreadable" in d.text()


def test_a_short_message_shows_at_the_bottom_until_the_next_key():
    d = Driver()
    d.app.say("seed set", inks.YELLOW)
    d.screen()
    assert d.canvas.lines()[-1] == "Seed set."
    d.press("d")
    assert "Seed set" not in d.text()


def test_a_long_message_is_read_in_full_on_a_page_of_its_own():
    """A refusal with the rules' advice is never cut: it opens as a page, scrolled if need be."""
    d = Driver()
    text = ("not enough SO (have 0, need 1): the rules end the campaign in failure when a cost "
            "cannot be paid: record it with 'campaign fail' (or undo what led here)")
    d.app.say(text, inks.RED)
    d.screen()
    assert d.title()[0] == "Refused"
    shown = " ".join(line for line in d.canvas.lines()[1:-1])
    while "UP/DOWN" in d.text() and "led here)" not in shown:
        d.press("d")
        shown += " " + " ".join(d.canvas.lines()[1:-1])
    assert "record it with 'campaign fail'" in shown.replace("  ", " ")
    d.do()
    assert d.title()[0] == "Check"


def test_a_long_data_file_error_shows_the_bad_value():
    d = Driver()
    d.app.say("data/tal/hit_cup.txt:41: heavy: 'strukture' is not an effect (no-effect killed "
              "stress structure engine pylon hud display controls cannon bullet-holes wounded "
              "altitude attack no-cannon no-hover no-stand-off no-strike)", inks.RED)
    d.screen()
    assert "data/tal/hit_cup.txt:41:" in d.text()
    assert "'strukture'" in d.text()


def test_cups_visited_again_does_not_read_its_files_again():
    # The parsed cup definitions survive the screen closing (engine/core/unload.py: KEEP), so a
    # second and third visit to Cups open no cup file.  (A new data hook: the first visit parses.)
    cup_files = ("tal/hit_cup.txt", "tal/popup_cup.txt", "exp3/ground_forces_cup.txt")
    d = Driver()
    reads = []
    hook = d.session.data

    def counting(name):
        reads.append(name)
        return hook(name)

    d.session.data = counting
    for _ in range(3):
        d.menu("Cups")
        assert d.title()[0] == "Cups"
        d.back()
    # each once; the Ground Forces cup (Expansion #3's) not at all in TAL: read at its first use
    assert sorted(r for r in reads if r in cup_files) == sorted(cup_files[:2]), reads
