"""What the issue 39 player read on the result screens, each screen reached by keys as a player
presses them, at both screen sizes: every line a sentence in the player's words (the screen-words
check of host_tools/desk/screen_strings.py `leaks`: no `key: value` dump, no id in lower case, no
counter's protocol word, no mark never explained), names as the rulebook prints them (13A,
Iraq 1991, Israeli leader 1, the counters' names), a pilot's condition said one way everywhere,
and a title that says what is true ("die kept" only over a die that was rolled)."""

import pytest

from appkit import Driver, both_sizes  # noqa: F401 (fixture)
from host_tools.desk.screen_strings import leaks
from host_tools.desk.simulator import CAMPAIGN, TO_GOLAN

pytestmark = pytest.mark.usefixtures("both_sizes")

FLYING = CAMPAIGN + ("run ac set 1 pilot 1", "run ac set 2 pilot 3", "run mission start 1 2 vs 11a")


def leaked(d):
    """The lines on screen that are the protocol's words, with why."""
    return [(line, leaks(line)) for line in d.canvas.lines() if leaks(line)]


def read_all(d):
    """The whole page (scrolled with DOWN), each screenful checked; its text."""
    seen = []
    for _ in range(8):
        assert not leaked(d), leaked(d)
        seen.append(d.flat())
        d.press("d")
    return " ".join(seen)


def test_the_scout_says_its_result_in_sentences():
    """Issue: "die: 3 / turns: 0 / stress: 0 / lost: no / saved: yes"."""
    d = Driver()
    d.play(FLYING + ("menu Mission", "action loiter", "set Scout=yes", "do"))
    assert d.title() == ("Ask", "die kept")  # the Scout's die was rolled
    d.do()  # the Scout's row: +0 turns, no stress, the scout comes back
    assert d.title()[0] == "Scout"
    page = read_all(d)
    assert "Loiter marker on 5 turns (5, no change)." in page
    assert "The scout comes back." in page
    assert "die:" not in page and "saved" not in page


def test_a_second_scout_names_the_battalion_as_its_card_prints_it():
    """Issue: "battalion 13a has its scout today (one per battalion)"."""
    d = Driver()
    d.play(FLYING + ("menu Mission", "action loiter", "set Scout=yes", "do", "do", "back",
                     "run mission home", "run mission end stress 0", "run ac set 3 pilot 5",
                     "run mission start 3 vs 11a", "action loiter", "do"))
    if d.title()[0] == "Ask":  # (the Scout's row first, where the one-a-battalion check
        d.do()  # comes after the roll)
    said = d.app.message or d.flat()
    assert "11A" in said and "11a" not in said, said


def test_the_checks_and_the_mission_s_end_are_sentences():
    """Issue: "checks: aircraft 1, bingo 6, die 6, stress 0, pilot 1", "end: done"."""
    d = Driver()
    d.play(FLYING + ("run loiter start",) + ("run loiter next",) * 5 + (
        "run mission home", "menu Mission", "action Bingo check", "do"))
    assert d.title()[0] == "Bingo check"
    page = read_all(d)
    assert "Aircraft 1, Bingo 6, d10" in page and ("Pirate takes" in page)
    d.back()
    assert not leaked(d) and "The Bingo checks are rolled." in d.flat()
    d.play(("action end", "do"))
    if d.title()[0] == "Ask":  # the band's mission stress, not printed: no die was rolled
        assert d.title()[1] == ""
        d.do()
    assert d.title()[0] == "Mission over"
    page = read_all(d)
    assert "Each pilot who flew takes" in page and "pilots:" not in page
    assert "Pirate: stress" in page and "Hammer: stress" in page
    d.back()
    assert not leaked(d) and "end: done" not in d.flat() and "The mission is over" in d.flat()


def test_the_engine_check_and_sar_are_sentences():
    d = Driver()
    d.play(("run pilot add viper 7 12 0 fast", "run ac add a-10a pilot 1", "run ac hit 1 engine",
            "run mission start 1", "menu Mission", "action Engine check", "do"))
    assert d.title()[0] == "Engine check"
    page = read_all(d)
    assert "Aircraft 1, d10" in page
    d.back()
    d.play(("run loiter start",) + ("run ac hit 1 structure",) * 4 + ("action SAR", "do"))
    assert d.title()[0] == "SAR"
    page = read_all(d)
    assert "Aircraft 1, SAR d10" in page and "Viper" in page


def test_every_table_says_its_result_in_sentences():
    """Issue: the Tables' "crash: no", "cancels: yes", "outcome: quick recovery", "band: et"."""
    d = Driver()
    d.play(("menu Tables",))
    labels = []
    for _ in range(12):
        label = d.row_value("Action")
        if label in labels:
            break
        labels.append(label)
        d.do()
        if d.title()[0] == "Ask":  # a row the files do not print: answered as offered
            d.do()
        for _ in range(3):
            if d.title()[0] == "Tables":
                break
            d.back()
        assert not leaked(d), (label, leaked(d))
        d.press("r")
    assert len(labels) == 10


def test_an_ask_with_no_die_says_no_die_was_kept():
    """Issue: an Ask titled "roll kept" where no die was rolled (a card's values)."""
    d = Driver()
    d.play(("menu Campaign", "set Campaign card=Libya 2011", "do"))
    assert d.title() == ("Ask", "")  # Libya 2011's set-up value: read on the card
    assert "Campaign card Libya 2011" in d.flat() and not leaked(d)


def test_the_cards_read_as_they_print_them():
    """Issue: "iraq-1991" (the card prints "Iraq 1991"), "surge" (Surge)."""
    d = Driver()
    d.play(("menu Campaign",))
    assert d.row_value("Campaign card") == "Iraq 1991"
    d.choose("Situation")
    assert d.row_value("Situation") == "Surge"
    d.play(("action other cards",))
    d.choose("Campaign card")
    d.press("r")  # the keyboard, and what it asks for
    assert not leaked(d) and "iraq-1991" not in d.flat()


def test_a_pilot_s_condition_is_said_one_way_everywhere():
    """Issue: "shaken" on one screen, "wounded" on another for the same pilot: his stress
    status and his Wounded marker, said the same way on each screen that shows him."""
    d = Driver()
    d.play(FLYING + ("run loiter start", "run ac hit 2 wounded", "menu Campaign", "page Pilots"))
    assert "Okay, Wounded" in d.flat() and "Shaken" in d.flat()  # Hammer 4 stress; Judge 9
    d.play(("set Pilot=Hammer (AH-64)", "action stress +", "set Amount=+3", "do"))
    assert "Hammer has 7 stress: Shaken, Wounded." in d.flat()  # past his Okay 6
    assert "Okay, Wounded" not in d.flat() and "Shaken, Wounded" in d.flat()
    d.play(("action stress -", "do"))  # refused: no stress comes off a Wounded pilot
    assert not leaked(d)
    d2 = Driver()
    d2.play(CAMPAIGN + ("menu Campaign", "action end of day", "do"))
    assert "Viper: stress 0, Okay" in d2.flat() and "Pirate: stress 6 to 4, Okay" in d2.flat()


def test_the_golan_leaders_are_named_not_numbered():
    """Issue: "israeli-1", "syrian-1 (i1) MOVES"."""
    d = Driver()
    d.play(TO_GOLAN + ("menu Golan", "page Leaders"))
    assert "Israeli leader 1" in d.flat() and not leaked(d)
    d.play(("do", "action move", "set Hex column=06", "do"))
    assert "Israeli leader 1" in d.flat() and not leaked(d)
    for _ in range(6):  # the fate test until he is gone, then a move: refused by name
        d.play(("action fate", "do"))
        assert not leaked(d)
    d.play(("action move", "do"))
    said = d.app.message or d.flat()
    assert "israeli-1" not in said and not leaks(said), said


def test_the_counters_read_as_printed():
    """The Hit counters' names as printed ("Bullet Holes", "No Stand-Off", "Attack -1"), never
    their protocol words; the aircraft picked to fly said, not marked with a '*'."""
    d = Driver()
    d.play(FLYING + ("run ac hit 1 bullet-holes", "menu Mission", "page Roster",
                     "action repair"))
    assert d.row_value("Marker") == "Structure"
    d.play(("set Marker=Bullet Holes",))
    d.play(("menu Cups", "set Unit 1=4 Heavy", "set Unit 2=4 Heavy", "do"))
    assert d.title()[0].startswith("Hits on") and not leaked(d)
    d.back()
    assert not leaked(d)
    d2 = Driver()
    d2.play(CAMPAIGN + ("menu Mission", "page Roster", "action pick to fly", "do"))
    assert "Aircraft 1 flies the next mission" in d2.flat() and not leaked(d2)
    d2.play(("page Fly",))
    assert "to fly" in d2.flat() and "*" not in d2.flat()


def test_the_game_chosen_is_said_in_words():
    d = Driver()
    d.play(("menu Settings", "set Game=TAL + EXP3"))
    assert d.app.message == "Playing TAL + EXP3."
