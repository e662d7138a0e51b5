"""The device's "roll and ask" and counter mix screens (docs/rules.md: Roll and ask; docs/protocol/
cups.md: Counter mix set-up): each acts only through the engine's protocol, and what the player
enters goes to the player's data folder."""

import pytest

from appkit import Driver, both_sizes, same_state  # noqa: F401 (fixture)
from firmware import inks
from firmware.datafiles import reader
from host_tools.desk.simulator import OVER
from tal_session import DATA

pytestmark = pytest.mark.usefixtures("both_sizes")


def scout_roll(d):
    """Tables: the Scout table rolled (seed 7: a 6, a row the documents do not print)."""
    d.menu("Tables")
    d.action("Scout")
    return d.do()


def test_a_missing_row_asks_and_the_answer_rolls_nothing_more(tmp_path):
    """The Scout roll has no row: the ask screen names the table, the die and what to read; the
    answer (chosen with the d-pad) is the engine's `answer`, used at once with the same die and
    written to the player's data."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    scout_roll(d)
    assert d.app.top().name == "ask"
    assert "Scout, d10 = 6" in d.flat() and "Tactical" in d.flat()
    assert d.ink_of("Scout, d10 = 6") == inks.YELLOW
    d.set("turns", "2")
    d.set("stress", "1")
    d.do()
    # back where the roll was asked, which shows the answered roll as it would have
    assert d.app.top().name == "tables" and "Loiter marker on 7 turns (5, +2 from the Scout)" \
        in d.flat()
    assert d.numeral() == (None, None) or "6" in d.flat()
    same_state(d, ["table scout", "answer 2 1"])
    assert "scout | 6 | turns=2 stress=1" in (tmp_path / "tal" / "answers.txt").read_text()


def test_a_word_printed_on_a_card_is_typed_on_the_keyboard():
    """A campaign's result (a word on its card): the keys under the question, A types the lit
    one, B erases, OK answers; nothing is answered while the word is empty."""
    d = Driver(seed=7)
    d.play(OVER + ("run vp set 7", "menu Campaign", "do"))
    assert d.app.top().name == "ask" and "OK answers" in d.flat()
    d.spell("")  # OK at once: refused, said
    assert d.app.top().name == "ask" and "type the result first" in d.flat()
    d.spell("gx", done=False)
    assert d.row_value("result") == "gx"
    d.back()  # erases the x
    d.spell("ood")
    assert "Result: good (7 VP)" in d.flat()
    same_state(d, [step[4:] for step in OVER] + ["vp set 7", "campaign result", "answer good"])


def test_b_leaves_the_question_and_the_die_is_not_spent():
    d = Driver(seed=7)
    scout_roll(d)
    d.back()
    assert d.app.top().name == "tables"
    d.do()
    assert d.app.top().name == "ask" and "Scout, d10 = 6" in d.flat()


def test_counter_mix_screen_enters_a_cup(tmp_path):
    """Counter mix: new, two kinds (count and sides from the known effects), done: the cup is the
    player's, and the screen no longer says placeholder; the mix being entered is summed up as
    rows of counters, the kind A adds next in outline."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.menu("Counter mix")
    assert "40 counters: placeholder mix" in d.flat() and "No mix being entered" in d.flat()
    assert d.row_value("Action") == "start a new mix"
    d.do()
    assert d.row_value("Action") == "add counters"
    d.do()  # 1 no-effect / no-effect
    d.set("Count", "2")
    d.set("Heavy side", "structure*")
    d.do()
    assert "Entering: 3 counters, 2 kinds" in d.flat()
    assert "1x no-effect no-effect" in d.canvas.lines()
    assert "2x structure* no-effect" in d.canvas.lines()  # entered, then the next one A adds
    assert d.canvas.fill_under(*d.canvas.text_at("structure*")[:2]) == inks.RED  # Heavy side
    d.action("make it the cup's")
    d.do()
    assert "3 counters: your mix" in d.flat() and "placeholder" not in d.flat()
    assert d.ink_of("your mix") == inks.GREEN
    text = (tmp_path / "tal" / "hit_cup.txt").read_text()
    assert "2 | structure* | - | no-effect | - | entered at the table" in text


def test_counter_mix_long_sides_fit_both_screens(tmp_path):
    """The longest Hit sides with the aircraft types printed on them: every row fits its box
    (the driver checks each frame), the type left out where it cannot fit."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.play(("menu Counter mix", "do", "set Count=12", "set Heavy side=bullet-holes*",
            "set Heavy type=AH-64", "set Light side=no-stand-off", "set Light type=AV-8B", "do",
            "page Pop-Up", "do", "set Unit=helicopter", "set Attack=3 Heavy", "set Range=3",
            "do"))
    assert "helicopter 3 Heavy, range 3" in d.flat()
    d.page("Hit")
    assert "bullet-holes*" in d.flat() and "Entering: 12 counters, 1 kind" in d.flat()


def test_counter_mix_without_a_data_folder_says_so_in_one_line():
    d = Driver(seed=7)
    d.menu("Counter mix")
    d.action("start a new mix")
    d.do()
    assert "cannot write" in d.flat()  # in full: a message this long opens as a page
    assert d.ink_of("cannot write") == inks.RED


def test_a_mission_whose_tables_are_missing_plays_to_its_end_by_asking(tmp_path):
    """The Scout row and the Front Line's mission stress are not in the documents: the device
    asks for each as the mission reaches it, and the mission ends."""
    d = Driver(seed=3)
    d.session.data = reader(DATA, str(tmp_path))
    d.play(("menu Mission", "page Roster", "action add", "do", "page Fly", "action start", "do",
            "action loiter", "set Scout=yes", "do"))
    assert d.app.top().name == "ask" and "Scout, d10 = " in d.flat()
    d.set("turns", "1")
    d.do()  # +1 turn, no stress relief: the Scout's page
    assert d.title()[0] == "Scout" and "Loiter marker on 6 turns" in d.flat()
    d.back()
    d.action("home")
    d.do()
    d.action("end")
    d.set("Target band", "Front Line")
    d.do()
    assert "Mission stress, Front Line" in d.flat()
    d.set("stress", "2")
    d.do()
    assert d.title()[0] == "Mission over" and "takes 2 stress" in d.flat()
    d.back()
    assert "no mission" in d.flat()
    same_state(d, ["ac add a-10a fast", "mission start 1", "loiter start scout", "answer 1 0",
                   "mission home", "mission end fl", "answer 2"], seed=3)
    text = (tmp_path / "tal" / "answers.txt").read_text()
    assert "| fl | stress=2 |" in text and "scout |" in text


def test_an_aircraft_cards_unknown_year_is_asked_once_when_bought(tmp_path):
    """"Achat des Appareils": an aircraft is bought only if in service by the campaign's year;
    data/tal/aircraft.txt has no year for the AC-130 or the MQ-1 (`?`): the Campaign screen's
    buy asks it, in the player's words, and the answer is kept, also when the year refuses the
    aircraft: the next purchase of that type is refused at once, with no question."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.play(("menu Campaign", "do"))  # a new campaign: Iraq 1991 and Surge
    d.play(tuple("run bn add %s" % bn for bn in ("11a 4", "4a 3", "5s 4", "2c 15")))
    d.action("buy aircraft")
    d.set("Type", "AC-130")
    d.do()
    assert d.app.top().name == "ask"
    assert "AC-130 card, year of service" in d.flat() and "read your aircraft card" in d.flat()
    d.set("year", "1968")
    d.do()
    assert d.app.top().name == "campaign" and "AC-130" in d.flat()
    d.set("Type", "MQ-1")
    d.do()
    assert "MQ-1 card, year of service" in d.flat()
    d.set("year", "1995")
    d.do()
    assert d.app.top().name == "campaign"  # the answer taken, its refusal said there
    assert "the MQ-1 entered service in 1995, after the campaign's 1991" in d.flat()
    d.do()  # the same purchase: refused at once, the year is known
    assert d.app.top().name == "campaign" and "entered service in 1995" in d.flat()
    text = (tmp_path / "tal" / "answers.txt").read_text()
    assert "aircraft | ac-130 | year=1968" in text and "aircraft | mq-1 | year=1995" in text
    same_state(d, ["campaign start iraq-1991 surge", "bn add 11a 4", "bn add 4a 3", "bn add 5s 4",
                   "bn add 2c 15", "ac add ac-130", "answer 1968"])


def test_a_damaged_last_answer_is_set_aside_and_said_on_the_screen(tmp_path):
    """A power cut tore the last line of answers.txt (before issue 42): the Scout roll still
    asks and answers, and the screen says which line was set aside (it stopped every table)."""
    (tmp_path / "tal").mkdir()
    with open(DATA + "/tal/answers.txt") as f:
        (tmp_path / "tal" / "answers.txt").write_text(f.read() + "ridge | 3 | stre")
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    scout_roll(d)
    assert "answers.txt:8:" in d.flat() and "set aside" in d.flat(), d.flat()
    d.press("a")  # read: the question
    assert d.app.top().name == "ask" and "Scout, d10 = 6" in d.flat(), d.flat()
