"""The Roll screen ("Les Dés": checks, launch-retain, ties): what the player sees after a
roll is what the protocol answers for the same request on a session with the same seed (one
path for buttons and serial lines), coloured by the engine's rule."""

import pytest

from appkit import Driver, ask, both_sizes, twin  # noqa: F401 (fixture)
from engine.core import dice
from firmware import inks

pytestmark = pytest.mark.usefixtures("both_sizes")


def dice_shown(d):
    """The dice faces on screen, left to right, top to bottom: [(value, face ink)]."""
    out = []
    for kind, x, y, w, h, ink, _a, _f, _o in d.canvas.items():
        if kind == 1 and w == h and 12 <= w <= 26 and y > 30:  # a die's face
            for t in d.canvas.texts():
                if t[0] == x and t[2] == w and y <= t[1] < y + h:
                    out.append((y, x, int(t[4]), ink))
    return [(v, ink) for _y, _x, v, ink in sorted(out)]


def test_a_check_shows_the_engine_result_in_green_or_red():
    """"Les Dés": a check passes when die + modifiers >= target."""
    d = Driver(seed=7)
    t = twin(7)
    for _ in range(6):  # each A is a new check, as the protocol's next reply
        d.do()
        r = ask(t, "check 6 +0")
        assert d.numeral() == ("%d" % r["result"], inks.GREEN if r["pass"] else inks.RED)
        word = "PASS" if r["pass"] else "FAIL"
        assert d.ink_of(word) == inks.BLACK  # on a tag of its colour
        assert d.canvas.fill_under(*d.canvas.text_at(word)[:2]) == d.numeral()[1]


def test_target_and_modifier_are_set_by_label():
    d = Driver(seed=3)
    d.set("Target", "9+")
    d.set("Modifier", "-2", "l")
    d.do()
    r = ask(twin(3), "check 9 -2")
    assert d.numeral() == ("%d" % r["result"], inks.GREEN if r["result"] >= 9 else inks.RED)
    assert "mod -2" in d.text() and "need 9+" in d.text()


def test_limits_hold():
    d = Driver()
    d.choose("Target")
    d.press("r" * 40)
    assert d.row_value("Target") == "20+"
    d.press("l" * 40)
    assert d.row_value("Target") == "1+"


def test_a_batch_for_each_shows_every_die_coloured():
    """"for each": N rolls at once, each judged against the target."""
    d = Driver(seed=11)
    d.set("Target", "8+")
    d.set("Dice", "8")
    d.do()
    r = ask(twin(11), "roll 8d10 +0")
    passes = sum(1 for x in r["dice"] if dice.check_passes(x, 8))
    assert d.numeral()[0] == "%d/8" % passes
    assert dice_shown(d) == [(x, inks.GREEN if x >= 8 else inks.RED) for x in r["dice"]]


def test_the_biggest_batch_fits_the_screen():
    d = Driver(seed=2)
    d.choose("Dice")
    d.press("r" * 60)
    assert d.row_value("Dice") == "24"
    d.do()
    assert len(dice_shown(d)) == 24  # and the driver checked nothing overflows


def test_plain_roll_total_and_dice():
    d = Driver(seed=5)
    d.set("Mode", "roll")
    d.set("Dice", "3")
    d.do()
    r = ask(twin(5), "roll 3d10 +0")
    assert d.numeral()[0] == "%d" % r["total"]
    assert [v for v, _ink in dice_shown(d)] == r["dice"]


def test_a_d6_shows_pips():
    d = Driver(seed=5)
    d.set("Mode", "roll")
    d.set("Sides", "d6")
    d.set("Dice", "2")
    d.do()
    r = ask(twin(5), "roll 2d6 +0")
    pips = [o for kind, *_rest, o in d.canvas.items() if kind == 5]
    assert pips == r["dice"]


def test_launch_retain_outcome_word_and_colour():
    """Launch-retain X(Y): miss / hit and spent / hit and kept."""
    d = Driver(seed=9)
    t = twin(9)
    seen = set()
    d.set("Mode", "retain")
    for _ in range(8):
        d.do()
        r = ask(t, "retain 3 8 +0")
        want = {"miss": ("MISS", inks.RED, "weapon spent"), "spent": ("HIT", inks.YELLOW,
                                                                      "weapon spent"),
                "kept": ("HIT", inks.GREEN, "weapon kept")}[r["outcome"]]
        assert d.numeral() == ("%d" % r["result"], want[1])
        assert want[0] in d.text() and want[2] in d.text()
        seen.add(r["outcome"])
    assert len(seen) >= 2


def test_pick_one_of_n():
    """"Attaques Ennemies": ties between nearest aircraft are broken at random."""
    d = Driver(seed=4)
    d.set("Mode", "pick")
    d.set("One of", "4")
    d.do()
    assert d.numeral()[0] == "%d" % ask(twin(4), "pick 4")["pick"]
    assert d.title() == ("Pick one", "")  # no die named while picking 1..4


def test_shake_rolls_like_a():
    d = Driver(seed=2)
    d.press("k")
    assert d.numeral()[0] == "%d" % ask(twin(2), "check 6 +0")["result"]


def test_feedback_clicks_and_flashes_in_the_result_colour():
    d = Driver(seed=7)
    d.do()
    assert d.board.clicks == 1
    assert d.board.flashes == [d.numeral()[1]]
    d.prefs.set("sound", 0)
    d.do()
    assert d.board.clicks == 1


def test_a_refused_roll_is_shown_not_raised(tmp_path):
    """A save from newer firmware is kept: with seeded dice (whose position is saved with every
    roll) rolling is refused on screen; with random dice a roll writes nothing, so it goes on."""
    from firmware.storage import FileStore

    path = str(tmp_path / "s.state")
    d0 = Driver(store=FileStore(path))
    d0.app.run(["so", "+1"]) if d0.app.has("so") else d0.app.run(["seed", "5"])
    with open(path, "rb") as f:
        saved = f.read()
    d0.session.read_only = "the save is from a newer firmware"  # as after loading one
    d0.app.prefs.set("dice", 1)  # seeded
    d0.do()
    assert "Not saved" in d0.text()
    assert d0.app.message_ink == inks.RED
    d0.app.prefs.set("dice", 0)  # random: the roll is not written, the foreign save stays
    d0.do()
    assert "Not saved" not in d0.text()
    with open(path, "rb") as f:
        assert f.read() == saved


def test_covered_roll_screen_gives_its_code_back_and_comes_back_as_it_was():
    """While another screen covers it, the home screen's module leaves RAM (on a board its
    bytecode is in the heap); back on it, the player's settings and last result are as they
    were, and a game changed meanwhile still resets its die."""
    import sys

    d = Driver(seed=3)
    d.set("Target", "9+")
    d.set("Modifier", "-2", "l")
    d.do()
    before = d.text()
    d.menu("Campaign")
    assert "firmware.screens.roll" not in sys.modules
    assert d.app.stack[0].name == "roll" and d.app.top().name == "campaign"
    d.back()
    assert d.app.top().name == "roll" and d.text() == before
    assert d.row_value("Target") == "9+" and d.row_value("Modifier") == "-2"
    d.menu("Settings")
    d.app.run(["game", "golan"])
    d.back()
    assert d.row_value("Sides") == "d6"  # the Golan fragment rolls d6
