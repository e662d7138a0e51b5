"""The game packs' device screens: reachable from the menu when their game is selected
(Expansion #3's Close Air Support, the Golan game: docs/rules.md), acting only through the
engine's protocol."""

import pytest

from appkit import Driver, ask, both_sizes, keys_of, mpy_screens, twin  # noqa: F401 (fixture)
from engine.core import protocol

pytestmark = pytest.mark.usefixtures("both_sizes")


def state(session):
    return ask(session, "state")


def choose_game(d, name):
    """Settings: Game <name>, then back to the screen below."""
    d.menu("Settings")
    d.set("Game", name)
    d.back()


def test_pack_screens_are_in_the_menu_only_for_their_game():
    """The game chosen in Settings (stored with the campaign) decides the pack's menu entry;
    the Golan game has no use for TAL's cups, mission, campaign and tables screens."""
    d = Driver()
    d.press("t")
    assert "CAS (EXP3)" not in d.text() and "Golan" not in d.text() and "Mission" in d.text()
    d.back()
    choose_game(d, "TAL + EXP3")
    assert [e[0] for e in d.app.menu()][:5] == ["Roll", "Cups", "Mission", "CAS (EXP3)",
                                                "Campaign"]
    choose_game(d, "Golan")
    d.press("t")
    assert d.canvas.lines()[1:6] == ["Roll", "Golan", "Undo", "Self-test", "Settings"]


def test_cas_screen_runs_the_same_requests_as_the_protocol():
    """Close Air Support: the CAS page's card, engaged (a d10 hex) and hit are the engine's `cas`
    requests: the device ends in the very state the same lines give on the serial console."""
    d = Driver()
    choose_game(d, "TAL + EXP3")
    d.menu("CAS (EXP3)")
    assert "No CAS mission" in d.text()
    d.action("card")
    d.do()  # card 2 1 0
    assert "VP -2 at the draw: VP -2 now." in d.flat()
    d.action("engaged")
    d.do()  # engaged 1 2 with a d10 hex
    d.action("hit")
    d.do()  # hit squad 1 x1
    t = twin()
    for line in ("game exp3", "cas card 2 1 0", "cas engaged 1 2", "cas hit 1 1"):
        assert ask(t, line)["ok"], line
    assert state(d.session) == state(t)
    squad = ask(t, "cas")["squads"][0]
    assert "Squad 1, hex %d" % squad["hex"] in d.text() and "engaged" in d.text()


def test_cas_end_shows_the_rulebook_example():
    """EXP3 example: -2 on the draw, 3 Unengaged Squads: +3, the mission ends at +1."""
    d = Driver()
    choose_game(d, "TAL + EXP3")
    d.menu("CAS (EXP3)")
    d.do()
    for line in ("cas engaged 3 2 4", "cas enemies 4 0"):
        assert protocol.execute(d.session, line.split())
    d.action("end")
    d.do()
    assert "CAS mission over, complete: VP +3 (the mission's +1)." in d.flat()
    assert ask(d.session, "cas")["on"] is False


def test_a_second_cas_card_the_same_day_is_refused_in_one_line():
    """In a campaign the CAS card is the day's Special Condition card (Expansion #3, "Condition
    Spéciale"): the CAS page's second card of the day is refused, said in one line, and the
    campaign is as it was."""
    d = Driver()
    choose_game(d, "TAL + EXP3")
    for line in ("campaign start 3 30 6", "mix hit confirm", "mix popup confirm",
                 "mix ground confirm", "campaign ready"):
        assert protocol.execute(d.session, line.split()) is not None
    d.menu("CAS (EXP3)")
    d.do()  # card 2 1 0
    d.action("end")
    d.do()
    before = state(d.session)
    d.action("card")
    d.do()
    assert "One Special Condition card a day" in d.flat()
    assert state(d.session) == before and ask(d.session, "cas")["on"] is False


def test_assault_page_rolls_a_soldier_check():
    """EXP3 Air Assault: the Assault page's check is `assault KIND TARGET T ...`."""
    d = Driver()
    choose_game(d, "TAL + EXP3")
    d.menu("CAS (EXP3)")
    d.page("Assault")
    d.set("Soldier", "sniper")
    d.set("Target", "infantry")
    d.set("Need", "8+")
    d.do()
    t = twin()
    ask(t, "game exp3")
    r = ask(t, "assault sniper inf 8")
    want = "d10 %d +7 = %d: the Assault %s." % (r["die"], r["result"],
                                                 "passes" if r["pass"] else "fails")
    assert want in d.flat()


def test_golan_screen_mines_leaders_and_fire():
    """the Golan fragment: mines (place, reveal, the d6 after an attack), a leader's movement test
    and a
    Sagger die from the Golan screen, as the protocol would give them."""
    d = Driver()
    choose_game(d, "Golan")
    d.menu("Golan")
    assert d.title() == ("Golan", "Mines")
    d.do()  # place in 0512
    d.action("reveal")
    d.do()
    d.action("attack")
    d.do()  # attack mine 1
    t = twin()
    for line in ("game exp3", "game golan", "mine place 0512", "mine reveal", "mine attack 1"):
        r = ask(t, line)
        assert r["ok"], line
    outcome = "stays" if r["outcome"] == "stays" else "is removed"
    assert "d6 %d: mine 1 %s." % (r["die"], outcome) in d.flat()
    d.page("Leaders")
    d.do()  # leader i1 at 0512
    assert "Israeli leader 1 in hex 0512" in d.canvas.lines()
    d.action("move")
    d.set("Hex column", "06")
    d.do()  # move i1 to 0612
    assert ask(t, "leader at i1 0512")["ok"]
    r2 = ask(t, "leader move i1 0612")
    said = {"killed": "is killed"}.get(r2["outcome"], r2["outcome"])  # in a sentence, by name
    assert "d6 %d: Israeli leader 1 %s" % (r2["die"], said) in d.flat()
    d.page("Fire")
    d.action("Sagger")
    d.do()
    r3 = ask(t, "sagger")
    assert ("d6 %d:" % r3["die"]) in d.text()
    assert state(d.session) == state(t)


@pytest.mark.parametrize("notes,title,said", [
    ("mortar notes", "Mortar notes", "in sight"),
    # "Вертолеты": «По умолчанию принимается режим полета»: a helicopter flies unless marked
    ("heli notes", "Heli notes", "flying by default, hovering under a hovering marker")])
def test_golan_notes_open_as_a_page(notes, title, said):
    """Golan mortars and helicopters: the notes are shown on the device, in full; the
    helicopters' say first that they fly by default."""
    d = Driver()
    choose_game(d, "Golan")
    d.menu("Golan")
    d.page("Fire")
    d.action(notes)
    d.do()
    assert d.title()[0] == title
    assert said in d.flat()


def test_new_golan_game_asks_first_and_the_status_follows():
    """the Golan fragment: a new game puts the 10 mines back in hand (after a confirmation)."""
    d = Driver()
    choose_game(d, "Golan")
    d.menu("Golan")
    d.do()
    d.do()
    assert "8 mines in hand, 0 removed" in d.text()
    d.action("new game")
    d.do()
    assert d.title()[0] == "New Golan game"
    d.do()
    assert d.title()[1] == "Mines" and "10 mines in hand" in d.text()


def test_pack_screen_without_its_game_says_so():
    """A pack screen opened under another game asks for the game in Settings (the engine would
    refuse every action anyway)."""
    d = Driver()
    d.app.open("golan")
    d.screen()
    assert "Choose Golan in Settings first." in d.flat()
    d.do()
    assert "not the selected game" in d.flat()
    d.app.open("exp3")
    d.screen()
    assert "Choose TAL + EXP3 in" in d.flat()


def test_pack_screens_draw_under_micropython():
    """The pack screens run on MicroPython with the framebuf backend."""
    shots = mpy_screens(keys_of(
        ("menu Settings", "set Game=TAL + EXP3", "back", "menu CAS (EXP3)", "do"),
        ("action engaged", "do"), ("page Assault",),
        ("back", "menu Settings", "set Game=Golan", "back", "keys t"),
        ("keys da",), ("do",), ("page Leaders",), ("do",)), size=(160, 128))
    assert shots[0][0][0].startswith("EXP3")
    assert "Squad 1 is engaged in hex" in " ".join(shots[1][0])
    assert shots[2][0][0].endswith("Assault")
    assert any("Golan" in line for line in shots[3][0])
    assert shots[4][0][0] == "Golan Mines"
    assert "Mine 1 is placed in hex 0512." in " ".join(shots[5][0])
    assert shots[6][0][0] == "Golan Leaders"
    assert "Israeli leader 1 is in hex 0512." in " ".join(shots[7][0])
