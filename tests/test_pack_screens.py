"""The game packs' device screens (issue 6): reachable from the menu when their game is selected
(Expansion #3, the Golan fragment), acting only through the engine's protocol."""

from appkit import Driver, ask, mpy_screens, twin
from engine import protocol

SETTINGS = "tua"  # Settings: the menu's last entry (Game is its first item)
TO_EXP3 = SETTINGS + "r" + "b"  # game exp3, back to Roll
TO_GOLAN = SETTINGS + "rr" + "b"  # game golan
OPEN_CAS = "tddda"  # menu under EXP3: Roll, Cups, Mission, CAS (EXP3) ...
OPEN_GOLAN = "tda"  # menu under Golan: Roll, Golan, Undo, Self-test, Settings


def state(session):
    return ask(session, "state")


def test_pack_screens_are_in_the_menu_only_for_their_game():
    """The game chosen in Settings (stored with the campaign) decides the pack's menu entry;
    the Golan game has no use for TAL's cups, mission, campaign and tables screens."""
    d = Driver()
    text = "\n".join(d.press("t"))
    assert "CAS" not in text and "Golan" not in text and "Mission" in text
    d.press("b" + TO_EXP3 + "t")
    labels = [line[2:] for line in d.screen()[1:10]]
    assert labels[:5] == ["Roll", "Cups", "Mission", "CAS (EXP3)", "Campaign"]
    d.press("b" + SETTINGS + "r" + "b" + "t")
    labels = [line[2:] for line in d.screen()[1:6]]
    assert labels == ["Roll", "Golan", "Undo", "Self-test", "Settings"]


def test_cas_screen_runs_the_same_requests_as_the_protocol():
    """Expansion #3: the CAS page's card, engaged (a d10 hex) and end are the engine's `cas`
    requests: the device ends in the very state the same lines give on the serial console."""
    d = Driver()
    d.press(TO_EXP3 + OPEN_CAS)
    assert d.app.top().name == "exp3"
    assert "No CAS mission" in d.text()
    d.press("a")  # card 2 1 0
    assert "-2 VP now (VP -2)" in d.text()
    d.press("ra")  # engaged 1 2 with a d10 hex
    d.press("rrr" + "a")  # hit squad 1 x1
    t = twin()
    for line in ("game exp3", "cas card 2 1 0", "cas engaged 1 2", "cas hit 1 1"):
        assert ask(t, line)["ok"], line
    assert state(d.session) == state(t)
    squad = ask(t, "cas")["squads"][0]
    assert "1 h%d 1/4E" % squad["hex"] in d.text()


def test_cas_end_shows_the_rulebook_example():
    """EXP3 example: -2 on the draw, 3 Unengaged Squads: +3, the mission ends at +1."""
    d = Driver()
    d.press(TO_EXP3 + OPEN_CAS + "a")
    for line in ("cas engaged 3 2 4", "cas enemies 4 0"):
        assert protocol.execute(d.session, line.split())
    d.press("l" + "a")  # the last action: end
    assert "+3 VP (+1) COMPLETE" in d.text()
    assert ask(d.session, "cas")["on"] is False


def test_assault_page_rolls_a_soldier_check():
    """EXP3 Air Assault: the ASSAULT page's check is `assault KIND TARGET T ...`."""
    d = Driver()
    d.press(TO_EXP3 + OPEN_CAS + "s")
    assert d.screen()[0].startswith("ASSAULT")
    d.press("drr" + "drr" + "d" + "rr" + "a")  # sniper vs inf, need 8
    t = twin()
    ask(t, "game exp3")
    r = ask(t, "assault sniper inf 8")
    want = "%d+7=%d %s" % (r["die"], r["result"], "PASS" if r["pass"] else "FAIL")
    assert want in d.text()


def test_golan_screen_mines_leaders_and_fire():
    """the Golan fragment: mines (place, reveal, the d6 after an attack), a leader's movement test
    and a
    Sagger die from the Golan screen, as the protocol would give them."""
    d = Driver()
    d.press(TO_GOLAN + OPEN_GOLAN)
    assert d.app.top().name == "golan" and d.screen()[0].startswith("MINES")
    d.press("a" + "ra" + "ra")  # place in 0512, reveal, attack mine 1
    t = twin()
    for line in ("game exp3", "game golan", "mine place 0512", "mine reveal", "mine attack 1"):
        r = ask(t, line)
        assert r["ok"], line
    outcome = "STAYS" if r["outcome"] == "stays" else "removed"
    assert "d6 %d: mine %s" % (r["die"], outcome) in d.text()
    d.press("s" + "a")  # leader i1 at 0512
    assert "i1 israeli-1" in d.text() and "0512" in d.text()
    d.press("r" + "ddr" + "a")  # move i1 to 0612
    assert ask(t, "leader at i1 0512")["ok"]
    r2 = ask(t, "leader move i1 0612")
    assert "d6 %d: i1 %s" % (r2["die"], r2["outcome"].upper()) in d.text()
    d.press("s" + "a")  # FIRE: sagger
    r3 = ask(t, "sagger")
    assert ("d6 %d:" % r3["die"]) in d.text()
    assert state(d.session) == state(t)


def test_golan_notes_open_as_a_notice():
    """Mortars: the notes are shown on the device."""
    d = Driver()
    d.press(TO_GOLAN + OPEN_GOLAN + "ss" + "lla")  # FIRE, action: mortar (cycling left)
    assert d.app.top().name == "notice"
    assert "in sight" in d.text()


def test_new_golan_game_asks_first_and_the_status_follows():
    """the Golan fragment: a new game puts the 10 mines back in hand (after a confirmation)."""
    d = Driver()
    d.press(TO_GOLAN + OPEN_GOLAN + "aa")
    assert "hand 8" in d.text()
    d.press("l" + "a")  # new game: confirm screen
    assert d.app.top().name == "confirm"
    d.press("a")
    assert d.app.top().name == "golan" and "hand 10" in d.text()


def test_pack_screen_without_its_game_says_so():
    """A pack screen opened under another game asks for the game in Settings (the engine would
    refuse every action anyway)."""
    d = Driver()
    d.app.open("golan")
    assert "Select GOLAN in" in d.text()
    d.press("a")
    assert "not the selected game" in d.app.message
    d.app.open("exp3")
    assert "Select TAL+EXP3 in" in d.text()


def test_pack_screens_draw_under_micropython():
    """The pack screens run on MicroPython with the framebuf backend, every cell drawn."""
    shots = mpy_screens([TO_EXP3 + OPEN_CAS + "a", "ra", "s", "b" + SETTINGS + "r" + "b" + "t",
                         "da", "a", "s", "a"])
    assert shots[0][0][0].startswith("CAS")
    assert any("Squad 1-1" in line for line in shots[1][0])
    assert shots[2][0][0].startswith("ASSAULT")
    assert any("Golan" in line for line in shots[3][0])
    assert shots[4][0][0].startswith("MINES")
    assert any("mine 1 in 0512" in line for line in shots[5][0])
    assert shots[6][0][0].startswith("LEADERS")
    assert any("i1 in 0512" in line for line in shots[7][0])
    assert all(bad == 0 for _lines, bad in shots)
