"""The device's "roll and ask" and counter mix screens (docs/rules.md: Roll and ask; docs/protocol/
cups.md: Counter mix set-up): each acts only through the engine's protocol, and what the player
enters goes to the player's data folder."""

from appkit import Driver, ask, twin
from firmware import inks
from firmware.datafiles import reader
from tal_session import DATA


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
    assert d.app.top().name == "reveal" and "turns: 2" in d.flat()
    t = twin(7)
    assert not ask(t, "table scout")["ok"]
    r = ask(t, "answer 2 1")
    assert list(d.session.vals) == list(t.vals) and d.session.rng.get_state() == t.rng.get_state()
    assert r["die"] == 6
    assert "scout | 6 | turns=2 stress=1" in (tmp_path / "tal" / "answers.txt").read_text()
    d.press("a")
    assert d.app.top().name == "tables"  # back where the roll was asked


def test_b_leaves_the_question_and_the_die_is_not_spent():
    d = Driver(seed=7)
    scout_roll(d)
    d.press("b")
    assert d.app.top().name == "tables"
    d.do()
    assert d.app.top().name == "ask" and "Scout, d10 = 6" in d.flat()


def test_counter_mix_screen_enters_a_cup(tmp_path):
    """Counter mix: new, two kinds (count and sides from the known effects), done: the cup is the
    player's, and the screen no longer says placeholder."""
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.menu("Counter mix")
    assert "placeholder" in d.flat() and "40 counters in the cup" in d.flat()
    d.action("start a new mix")
    d.do()
    d.action("add counters")
    d.do()  # 1 no-effect / no-effect
    d.set("Count", "2")
    d.set("Heavy side", "structure*")
    d.do()
    assert "entering: 3 counters" in d.flat()
    d.action("make it the cup's")
    d.do()
    assert "3 counters in the cup" in d.flat() and "placeholder" not in d.flat()
    text = (tmp_path / "tal" / "hit_cup.txt").read_text()
    assert "2 | structure* | - | no-effect | - | entered at the table" in text


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
    from engine import fields as F
    d = Driver(seed=3)
    d.session.data = reader(DATA, str(tmp_path))
    assert d.app.run(["ac", "add", "a-10a"]) is not None
    assert d.app.run(["mission", "start", "1"]) is not None
    assert d.app.run(["loiter", "start", "scout"]) is None  # asked
    d.screen()
    assert d.app.top().name == "ask" and "Scout, d10 = " in d.flat()
    d.set("turns", "1")
    d.do()  # +1 turn, no stress relief
    assert "loiter: 6" in d.flat() or "start: 6" in d.flat()
    d.press("a")
    assert d.app.run(["mission", "home"]) is not None
    assert d.app.run(["mission", "end", "fl"]) is None
    d.screen()
    assert "Mission stress, front line" in d.flat()
    d.set("stress", "2")
    d.do()
    assert "stress: 2" in d.flat() and d.session.vals[F.PHASE] == 0  # the mission is over
    text = (tmp_path / "tal" / "answers.txt").read_text()
    assert "| fl | stress=2 |" in text and "scout |" in text
