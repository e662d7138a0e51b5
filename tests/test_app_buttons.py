"""The buttons as the issue 39 player pressed them, at both screen sizes: B comes back to the
screen the menu was opened on (its page, action, settings and result as they were), with no more
of its code in the heap meanwhile than if it had closed (firmware/app.py `go`: the screen left
gives its code back, `Screen.leaves`); the menu opens on its first entry every time, so the
DOWNs to an entry are counted from Roll."""

import sys

import pytest

from appkit import Driver, both_sizes, keys_of, mpy_screens  # noqa: F401 (fixture)
from host_tools.desk.simulator import CAMPAIGN

pytestmark = pytest.mark.usefixtures("both_sizes")

LABELS = ["Roll", "Cups", "Mission", "Campaign", "Tables", "Undo", "Self-test", "Counter mix",
          "Settings"]


def test_b_from_settings_comes_back_to_cups_as_it_was():
    """Issue 39: B from Cups or Settings went to Roll, not back where you were."""
    d = Driver()
    d.play(("menu Cups", "page Pop-Ups", "set Pop-Ups=3", "menu Settings"))
    assert d.title()[0] == "Settings"
    d.back()
    assert d.title() == ("Cups", "Pop-Ups: 32 in, 0 out")  # its page
    assert d.row_value("Pop-Ups") == "3" and d.selected_label() == "Pop-Ups"  # its setting
    d.back()
    assert d.title()[0] == "Check"  # then the home screen, as from any screen opened on it


def test_b_walks_back_through_each_screen_left():
    d = Driver()
    d.play(CAMPAIGN + ("menu Mission", "page Roster", "action pick to fly", "do",
                       "menu Campaign", "action SO gain", "set Amount=+3",
                       "menu Tables", "do", "menu Settings"))
    d.back()
    assert d.title()[0] == "Tables" and "d10 rolled" in d.flat()  # its result line, kept
    tables = d.flat()
    d.back()
    assert d.title()[0] == "Campaign"
    assert d.row_value("Action") == "SO gain" and d.row_value("Amount") == "+3"
    d.back()
    assert d.title() == ("Mission", "Roster") and d.row_value("Action") == "pick to fly"
    d.press("s")
    assert "to fly" in d.flat()  # the aircraft picked to fly, still picked
    d.back()
    assert d.title()[0] == "Check"
    assert tables  # (read above)


def test_a_screen_chosen_again_is_the_one_left_and_what_covered_it_closes():
    d = Driver()
    d.play(("menu Cups", "page Pop-Ups", "menu Settings", "menu Cups"))
    assert d.title()[1].startswith("Pop-Ups") and [s.name for s in d.app.stack] == ["roll", "cups"]
    d.back()
    assert d.title()[0] == "Check"


def test_a_page_a_screen_opened_closes_when_another_screen_is_chosen():
    """The chits of a draw are the Cups screen's page: START there and Settings, then B, is
    Cups (the draw's page was read), not the page."""
    d = Driver()
    d.play(("run ac add a-10a", "run mission start 1", "run loiter start", "menu Cups",
            "set Unit 1=2 Heavy", "do"))
    assert d.title()[0].startswith("Hits on")
    d.play(("menu Settings", "back"))
    assert d.title()[0] == "Cups" and d.app.top().name == "cups"


def test_a_screen_comes_back_to_what_the_game_is_now():
    """Left on an action of a step (the end of a day's fifth action), then a new game from
    Settings: B comes back to the Campaign screen as the new game leads it, not to an action the
    new step has not."""
    d = Driver()
    d.play(CAMPAIGN + ("menu Campaign", "action set day", "menu Settings", "choose New game",
                       "do", "do"))
    d.back()
    assert d.title()[0] == "Campaign" and d.row_value("Action") == "new campaign"
    assert "No campaign" in d.flat()


def test_the_screen_left_holds_no_more_code_than_if_it_had_closed():
    """The PyBadge's heap holds the screens barely: Cups left for Settings gives back every
    module it loaded, as closing it would (engine/core/unload.py keeps the same parsed data)."""
    loaded = set(sys.modules)  # (what other tests loaded stays loaded: no screen loaded it)
    d = Driver()
    d.play(("menu Settings",))
    settings_alone = set(sys.modules)
    d.back()
    d.play(("menu Cups", "back"))
    closed = set(sys.modules) - settings_alone  # what closing Cups leaves (parsed data)
    d.play(("menu Cups", "set Unit 1=2 Heavy", "menu Settings"))
    for module in ("firmware.screens.cups", "firmware.screens.form"):
        assert module in loaded or module not in sys.modules, module
    assert set(sys.modules) - settings_alone <= closed
    assert [type(s).__name__ for s in d.app.stack] == ["_Asleep", "_Asleep", "Screen"]


def test_a_screen_that_cannot_come_back_for_memory_closes_and_says_so(monkeypatch):
    """Late in a long session on a PyBadge, the screen left may not fit again: it closes (as it
    would have before B came back to it), the one below opens, the message says why."""
    d = Driver()
    d.play(("menu Cups", "menu Settings"))
    make = d.app._make

    def short(name, args):
        if name == "cups":
            raise MemoryError
        return make(name, args)

    monkeypatch.setattr(d.app, "_make", short)
    d.back()
    assert d.title()[0] == "Check" and d.app.message.startswith("Out of memory: nothing changed")
    assert [s.name for s in d.app.stack] == ["roll"]


def test_the_menu_opens_on_its_first_entry_every_time():
    """Issue 39: the menu opened on the screen it was opened over, so the DOWNs the README
    counts landed elsewhere."""
    d = Driver()
    for label in LABELS:
        d.press("t")
        assert d.selected_label() == "Roll", label
        d.press("d" * LABELS.index(label) + "a")
        if label == "Undo":  # the step it takes back, over the screen it was opened on
            assert d.title()[0] == "Undo: take back"
            d.back()
            continue
        want = {"Roll": "Check", "Counter mix": "Counter mix"}.get(label, label)
        assert d.title()[0] == want, (label, d.title())
    d.press("tu")  # UP from the first entry: the last
    assert d.selected_label() == "Settings"


def test_b_comes_back_on_micropython():
    """The same keys on MicroPython (a screen made again from its module, loaded anew)."""
    size = Driver().size
    keys = keys_of(("menu Cups", "page Pop-Ups", "set Pop-Ups=3", "menu Settings"), ("back",),
                   size=size)
    shots = mpy_screens(keys, size=size, heap="400K")
    assert shots[0][0][0].startswith("Settings")
    assert shots[1][0][0].startswith("Cups") and "Pop-Ups: 32 in" in shots[1][0][0]
    assert any("Pop-Ups" in line and "3" in line for line in shots[1][0][1:])
