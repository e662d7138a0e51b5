"""What a new player met on the device (issue 33): an old result line after an undo, a picker
offering what the engine refuses, a header that reads as clipped, Undo from the menu leaving the
screen it was opened on, a refusal naming a console request in place of the device's action."""

import pytest

from appkit import MIXES, Driver, both_sizes, same_state  # noqa: F401 (fixture)
from host_tools.desk.simulator import CAMPAIGN, MISSION

pytestmark = pytest.mark.usefixtures("both_sizes")


def test_an_undone_purchase_leaves_no_result_line():
    d = Driver()
    d.play(("run campaign start iraq-1991 surge", "menu Campaign", "action buy aircraft", "do"))
    assert "A-10A bought" in d.flat()
    d.undo()
    assert "Buying aircraft A-10A" in d.flat()  # the step in words, not "ac add a-10a"
    d.do()
    assert "Undone: buying aircraft A-10A" in d.flat()
    assert "bought" not in d.flat()  # what the purchase said went with it
    assert d.app.top().name == "campaign"


def test_a_change_from_the_serial_line_clears_the_result_line_too():
    d = Driver()
    d.play(MISSION + ("action end turn", "do"))
    assert "Turn 1 is over" in d.flat()
    d.app.run(["undo"])
    d.screen()
    assert "is over" not in d.flat()


def test_undo_from_the_menu_comes_back_to_the_screen_it_was_opened_on():
    d = Driver()
    d.play(CAMPAIGN + ("menu Campaign", "menu Undo"))
    assert d.title()[0] == "Undo: take back" and "1 VP gained" in d.flat()  # not "vp +1"
    d.back()
    assert d.title()[0] == "Campaign"
    d.play(("menu Undo", "do"))
    assert d.title()[0] == "Campaign" and "Undone: 1 VP gained" in d.flat()


def test_the_battalion_picker_skips_those_on_the_map():
    d = Driver()
    d.play(("run campaign start iraq-1991 surge", "run bn add 1a 3", "run bn add 2a 3") + MIXES +
           ("menu Campaign", "set Kind=Assault"))
    assert d.row_value("Battalion") == "3A"  # 1A and 2A are on the map
    d.choose("Battalion")
    d.press("l")
    assert d.row_value("Battalion") == "99A"
    d.press("r")
    assert d.row_value("Battalion") == "3A"


def test_the_cups_header_counts_the_counters_in_and_out():
    d = Driver()
    d.play(MISSION + ("menu Cups",))
    assert d.title() == ("Cups", "Hits: 40 in, 0 out")
    d.play(("set Unit 2=1 Light", "do", "back"))
    assert d.title() == ("Cups", "Hits: 39 in, 1 out")  # one counter held by the aircraft


def test_a_refusal_names_the_device_s_action():
    d = Driver()
    d.play(CAMPAIGN + ("menu Campaign", "action SO spend", "set Amount=-30", "do"))
    assert d.title()[0] == "Refused"
    assert "'record failure'" in d.flat() and "campaign fail" not in d.flat()
    d.back()
    d.play(("run ac set 1 nopilot", "menu Mission", "page Roster", "action pick to fly", "do",
            "page Fly", "action start", "do"))
    assert "Aircraft 1 has no pilot (pilot, on the Roster page)." in d.flat()


def test_start_with_no_aircraft_at_the_base_says_so():
    d = Driver()
    d.play(("menu Mission", "action start", "do"))
    assert "No aircraft yet: add one on the Roster page" in d.flat() and "number" not in d.flat()


def test_the_end_of_the_day_names_the_pilots_and_what_they_rested():
    d = Driver()
    d.play(CAMPAIGN + ("menu Campaign", "action end of day", "do"))
    assert "Viper: stress 0, Okay" in d.flat() and "-0" not in d.flat()
    assert "Judge: stress 9 to 5, Okay" in d.flat()


def test_undo_and_a_refusal_read_in_words_on_micropython(both_sizes):
    """The same words from the .py the boards run (str.find, replace: no CPython-only call)."""
    from appkit import keys_of, mpy_screens

    scripts = (("menu Settings", "set Game=TAL + EXP3", "undo"), ("back", "menu Mission",
                                                                  "action start", "do"))
    shots = mpy_screens(keys_of(*scripts, size=both_sizes), size=both_sizes, heap="400K")
    assert "TAL + EXP3 chosen" in " ".join(shots[0][0])
    assert "No aircraft yet: add one on the Roster page" in " ".join(shots[1][0])


@pytest.mark.parametrize("line, words", [
    ("ac set 1 pilot 1", "Pirate in aircraft 1"), ("ac add a-10a", "buying aircraft A-10A"),
    ("day +1", "the next day"), ("vp +1", "1 VP gained"), ("so -3", "3 SO spent"),
    ("loiter next", "the end of the turn"), ("bn stay 4a", "battalion 4A staying"),
    ("pilot stress 1 +6", "Pirate's stress"), ("campaign fail", "the failure recorded"),
    ("game exp3", "TAL + EXP3 chosen"), ("mine attack 1 =2", "the last step of the game"),
])
def test_undo_says_each_step_in_words(line, words):
    from engine.core import protocol
    from firmware.screens.undo import said
    from host_tools.desk.screen_strings import leaks

    d = Driver()
    protocol.execute(d.session, "pilot add pirate 5 8 0".split())
    assert said(d.session, line) == words
    assert not leaks(words)


def test_a_mission_s_end_after_an_answer_says_the_pilots_by_name():
    """The Front Line's mission stress is asked (no table prints it); the End page then names
    each pilot in words, not "pilot 1, name pirate, status shaken, xp 1", nor the answer's key
    words; a page longer than the screen says UP/DOWN and marks that it goes on."""
    d = Driver()
    d.play(CAMPAIGN + ("run ac set 1 pilot 1", "run ac set 2 pilot 3", "run ac set 3 pilot 5",
                       "run mission start 1 2 3 vs fl", "run loiter start", "run loiter next",
                       "run mission home", "menu Mission", "action end", "do"))
    assert d.title()[0] == "Ask"
    d.do()  # stress 0
    assert d.title()[0] == "Mission over" and ("UP/DOWN more" in d.flat() or
                                               "Gator" in d.flat())
    assert "entered" not in d.flat() and "key fl" not in d.flat()
    d.press("dddddd")
    assert "Pirate: stress 6, Shaken, 1 XP," in d.flat() and "name pirate" not in d.flat()
