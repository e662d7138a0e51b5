"""The device's "roll and ask" and counter mix screens (docs/rules.md: Roll and ask; docs/protocol/
cups.md: Counter mix set-up): each acts only through the engine's protocol, and what the player
enters goes to the player's data folder."""

import pytest

from appkit import Driver, ask, both_sizes, same_state  # noqa: F401 (fixture)
from firmware import inks
from firmware.datafiles import reader
from host_tools.desk.simulator import OVER
from tal_session import DATA

pytestmark = pytest.mark.usefixtures("both_sizes")


def ask_engine(d, line):
    """The engine's reply to `line` on the driver's own session (what its screens read)."""
    return ask(d.session, line)


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
    assert d.app.top().name == "ask" and "Type the result first." in d.flat()
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
    """Counter mix, from none: two kinds (count and sides as printed), done: the cup is the
    player's, and the screen says so in green; the mix being entered is summed up as rows of
    counters, the kind A adds next in outline."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.menu("Counter mix")
    assert "40 counters, as shipped" in d.flat() and d.ink_of("as shipped") == inks.YELLOW
    assert d.row_value("Action") == "confirm as it stands"
    d.action("start from none")
    d.do()
    assert d.row_value("Action") == "add counters"
    d.do()  # 1 No Effect / No Effect
    d.set("Count", "2")
    d.set("Heavy side", "Structure")
    d.do()
    assert "Entering: 3 counters, 2 kinds" in d.flat()
    assert "2x Structure" in d.canvas.lines()  # entered, then the next one A adds
    assert d.canvas.fill_under(*d.canvas.text_at("Structure")[:2]) == inks.RED  # Heavy side
    d.action("make it the cup's")
    d.do()
    assert "Hit cup: yours. Next: the Pop-Up cup." in d.flat()  # the next cup opens
    d.page("Hit cup")
    assert "3 counters: your mix" in d.flat() and "as shipped" not in d.flat()
    assert d.ink_of("your mix") == inks.GREEN
    text = (tmp_path / "tal" / "hit_cup.txt").read_text()
    assert "2 | structure* | - | no-effect | - | entered at the table" in text


def test_counter_mix_long_sides_fit_both_screens(tmp_path):
    """The longest Hit sides with the aircraft types printed on them: every row fits its box
    (the driver checks each frame), each side named as printed with the type it spares."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.play(("menu Counter mix", "action start from none", "do", "set Count=12",
            "set Heavy side=Bullet Holes", "set Heavy type=AH-64", "set Light side=No Stand-Off",
            "set Light type=AV-8B", "do", "page Pop-Up", "action start from none", "do",
            "set Counter=Helicopter", "set Attack=3 Heavy", "set Range=3", "do"))
    assert "Helicopter 3 Heavy, range 3" in d.flat()
    d.page("Hit")
    assert "Bullet Holes (not AH-64)" in d.flat() and "No Stand-Off (not AV-8B)" in d.flat()
    assert "Entering: 12 counters, 1 kind" in d.flat()


def test_counter_mix_without_a_data_folder_says_so_in_one_line():
    d = Driver(seed=7)
    d.menu("Counter mix")
    d.action("start from none")
    d.do()
    assert "Cannot write" in d.flat()  # in full: a message this long opens as a page
    assert d.ink_of("Cannot write") == inks.RED


def test_each_cup_is_confirmed_as_it_stands_in_one_press(tmp_path):
    """The whole shipped mix of a cup is confirmed in one A, and the next cup still to confirm
    opens: the game's cups (TAL: Hit, Pop-Up; with Expansion #3 the Ground Forces cup too) in
    one press each.  The file is the player's copy with a confirmed status line (the counters,
    and so a save's checksum, the same), kept for every campaign to come."""
    for game, cups in (("TAL", ("hit", "popup")), ("TAL + EXP3", ("hit", "popup", "ground"))):
        folder = tmp_path / game.replace(" ", "").replace("+", "")
        d = Driver(seed=7)
        d.session.data = reader(DATA, str(folder))
        d.play(("menu Settings", "set Game=%s" % game, "back", "menu Counter mix"))
        before = len(d.pressed)
        for cup in cups:
            assert d.row_value("Action") == "confirm as it stands", (cup, d.text())
            d.do()
        assert len(d.pressed) - before == len(cups)  # one A a cup
        assert "Every cup is ready" in d.flat()
        for cup, name in zip(cups, ("tal/hit_cup.txt", "tal/popup_cup.txt",
                                    "exp3/ground_forces_cup.txt")):
            text = (folder / name).read_text()
            assert "status: verified: confirmed at the table against the counter sheets" in text
            shipped = open(DATA + "/" + name).read()
            assert [x for x in text.splitlines() if x[:1].isdigit()] == [
                x for x in shipped.splitlines() if x[:1].isdigit()]
        assert ask_engine(d, "mix")["to_confirm"] == []
        # a new campaign, a new session on the same data folder: still the player's
        d2 = Driver(seed=3)
        d2.session.data = reader(DATA, str(folder))
        assert ask_engine(d2, "campaign start 3 20 3")["ok"]
        assert ask_engine(d2, "mix")["to_confirm"] == []


def test_a_cup_is_checked_kind_by_kind(tmp_path):
    """Check kind by kind: each kind of the shipped mix in the fields, as printed; A keeps it,
    a changed field enters it as changed, "not in my cup" leaves it out, "keep all the rest"
    the others; then the mix is the cup's.  Kept whole, the Hit cup's 22 kinds take 25 presses
    (the action, A to start, A a kind, A to make it the cup's)."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.menu("Counter mix")
    d.action("check kind by kind")
    d.do()
    assert "Kind 1 of 22, as shipped:" in d.flat()
    assert "Bullet Holes" in d.flat() and "Structure (not AH-64)" in d.flat()
    assert d.row_value("Action") == "keep this kind" and d.row_value("Heavy side") == "Bullet Holes"
    d.do()  # kept
    assert "Kind 1 kept" in d.flat() and "Kind 2 of 22" in d.flat()
    assert "Attack -2" in d.flat() and "Stress 1 (not A-10)" in d.flat()
    d.set("Count", "2")
    assert d.row_value("Action") == "enter as changed"
    d.do()
    assert "Kind 2 entered as changed" in d.flat() and "Yours so far: 3 counters" in d.flat()
    d.action("not in my cup")
    d.do()
    assert "Kind 3: not in your cup" in d.flat() and "Kind 4 of 22" in d.flat()
    d.action("keep all the rest")
    d.do()
    assert d.row_value("Action") == "make it the cup's"
    d.do()
    text = (tmp_path / "tal" / "hit_cup.txt").read_text()
    assert "2 | attack:-2 | - | stress:1 | a-10 | entered at the table" in text
    assert "# not in my cup: 1 | structure* | - | structure* | av-8b" in text
    assert "status: verified: entered from the counter sheets" in text
    assert ask_engine(d, "mix hit")["counters"] == 40  # 40 - 1 left out + 1 more of kind 2
    # the whole cup kept kind by kind: the presses counted
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path / "whole"))
    d.play(("menu Counter mix",))
    before = len(d.pressed)
    d.action("check kind by kind")
    d.do()
    while d.row_value("Action") == "keep this kind":
        d.do()
    assert d.row_value("Action") == "make it the cup's"
    d.do()
    assert "Hit cup: yours" in d.flat()
    assert len(d.pressed) - before == 25
    assert ask_engine(d, "mix hit")["status"].startswith("verified")


def test_a_campaign_draw_from_an_unconfirmed_mix_is_refused_on_the_screens():
    """In a campaign, A on a draw from a cup whose mix is not the player's is refused in one
    line that says where to confirm it, and nothing changes: the state (its CRC) and the dice."""
    d = Driver(seed=7)
    d.play(("run campaign start 3 20 3", "menu Cups", "set Unit 1=2 Heavy"))
    crc = ask_engine(d, "state")
    dice = d.session.rng.get_state()
    d.action("draw")
    d.do()
    assert "counter mix is not confirmed" in d.flat() and "on Counter mix, in the menu" in d.flat()
    assert "mix hit" not in d.flat()
    assert ask_engine(d, "state") == crc and d.session.rng.get_state() == dice
    if d.app.top().name != "cups":  # read in full on a page of its own
        d.back()
    d.page("Pop-Ups")
    d.do()
    assert "Pop-Up cup's counter mix is not confirmed" in d.flat()
    assert ask_engine(d, "state") == crc and d.session.rng.get_state() == dice


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
    assert "The MQ-1 entered service in 1995, after the campaign's 1991." in d.flat()
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
