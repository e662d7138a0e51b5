"""Played by its buttons, the device follows the rulebook (issue 39): each screen's Action row
opens on the engine's next step (`next`, engine/tal/sequence.py) and moves on when it is done;
the mission's end records the battalion destroyed; a question is asked only when it can be
answered.  The example campaign of the rulebook ("Exemple de Partie", docs/protocol/campaign.md)
is walked through the screens by keys, checking at each phase the action offered first."""

import pytest

from appkit import CONFIRM, Driver, both_sizes, same_state  # noqa: F401 (fixture)
from firmware.datafiles import reader
from tal_session import DATA

pytestmark = pytest.mark.usefixtures("both_sizes")

# A campaign past its set-up: two battalions, an A-10A with Pirate in it (a mission may fly)
READY = ["campaign start 3 20 3", "bn add 1a 3 et", "bn add 2a 2 fixed", "ac add a-10a",
         "pilot add pirate 7 12 0", "pilot add viper 7 12 0"] + CONFIRM + [
    "campaign ready", "ac set 1 pilot 1"]


def runs(lines):
    return tuple("run " + line for line in lines)


def engine(d, line):
    """The engine's reply to a reading, as the serial console gives it (a dict)."""
    from appkit import ask

    return ask(d.session, line)


def test_bn_destroyed_at_the_missions_end_destroys_the_battalion():
    """"Bn destroyed: yes" at the mission's end: the battalion's VP, off the map (the Map page's
    "battalion hit" no longer offers it), one battalion fewer; said on the reveal page."""
    lines = READY + ["mission start 1 vs 1a", "so weapons 4", "loiter start", "mission home"]
    d = Driver()
    d.play(runs(lines) + ("menu Mission", "action end", "set Bn destroyed=yes", "do"))
    assert "Battalion 1A destroyed: VP +3." in d.flat() and "VP now 3." in d.flat()
    d.back()
    assert engine(d, "campaign")["vp"] == 3 and engine(d, "campaign")["battalions_left"] == 1
    assert engine(d, "bn list")["battalions"][0]["strength"] == "destroyed"
    same_state(d, lines + ["mission end destroyed"])
    d.play(("menu Campaign", "page Map", "action battalion hit"))
    assert d.row_value("Battalion") == "2A"  # 1A is gone from the choices
    assert engine(d, "vp battalion 1a destroyed")["msg"] == "battalion 1a is already destroyed"


def test_a_battalion_entered_on_the_map_first_counts_once():
    """Recorded on the Map page home-bound ("Ajuster marqueurs de force"), then "Bn destroyed"
    at the mission's end: its VP once; the last battalion: the campaign is over."""
    lines = READY + ["mission start 1 vs 1a", "so weapons 4", "loiter start", "mission home"]
    d = Driver()
    d.play(runs(lines + ["vp battalion 2a destroyed"]) + (
        "menu Campaign", "page Map", "action battalion hit", "set Battalion=1A",
        "set Result=destroyed", "do"))
    assert engine(d, "campaign")["vp"] == 5
    d.play(("menu Mission", "action end", "set Bn destroyed=yes", "do"))
    assert "Battalion 1A destroyed: entered on the Map already" in d.flat()
    d.back()
    assert "No battalion is left: the campaign is over." in d.flat()
    c = engine(d, "campaign")
    assert (c["vp"], c["battalions_left"], c["status"]) == (5, 0, "over")


def answer(d, **values):
    """Answer the question on the Ask screen: the values asked among `values` (the others as
    they are), A; then back from the pages the reply opened."""
    assert d.app.top().name == "ask", d.text()
    for label, value in values.items():
        if d.row_value(label) is not None:
            d.set(label, value)
    d.do()
    while d.app.top().name in ("reveal", "notice"):
        d.back()


def test_a_question_is_asked_only_when_it_can_be_answered():
    """After Loiter the Action row moves on (end turn); "loiter" again is refused in one line,
    no die rolled, no Ask screen; a scout its battalion had today likewise; an answer whose
    request is then refused (a Loiter track the die made too short) closes the Ask screen, the
    refusal said on the Mission screen, and "no question is waiting" is never said."""
    lines = ["campaign start 3 30 3", "bn add 1a 3 et", "bn add 2a 2 et", "ac add a-10a",
             "ac add a-10a", "ac add a-10a", "pilot add pirate 7 12 0", "pilot add viper 7 12 0",
             "pilot add thor 7 12 0", "pilot add gumby 7 12 0", "campaign scouts +2"] + CONFIRM + [
             "campaign ready", "ac set 1 pilot 1", "ac set 2 pilot 2", "ac set 3 pilot 3",
             "mission start 1 vs 1a", "so weapons 4"]
    d = Driver()
    d.play(runs(lines) + ("menu Mission", "action loiter", "set Scout=yes", "do"))
    answer(d, turns="1")
    assert d.row_value("Action") == "end turn"  # the step is done: the row moved on
    dice, vals = d.session.rng.get_state(), list(d.session.vals)
    d.action("loiter")
    d.do()
    assert d.app.top().name == "mission" and "already placed" in d.app.message
    assert d.session.rng.get_state() == dice and list(d.session.vals) == vals
    d.play(("action home", "do"))
    assert d.row_value("Action") == "end"
    d.do()
    d.back()
    d.play(("page Roster", "action pick to fly", "set Aircraft=2 A-10A", "do", "page Fly"))
    assert d.row_value("Action") == "start"
    d.play(("set Target=battalion 1A", "do"))
    assert d.row_value("Action") == "weapons"
    d.do()
    assert (d.row_value("Action"), d.row_value("Scout")) == ("loiter", "no")  # 1A had its scout
    d.set("Scout", "yes")
    dice, vals = d.session.rng.get_state(), list(d.session.vals)
    d.do()
    assert d.app.top().name == "mission" and "has its scout today" in d.app.message
    assert d.session.rng.get_state() == dice and list(d.session.vals) == vals
    # another mission: 5 turns, -9, and the Scout's: too few turns, known once its die is rolled
    d.play(("action abort", "do", "page Roster", "action pick to fly", "set Aircraft=3 A-10A",
            "do", "page Fly", "action start", "set Target=battalion 2A", "do", "do"))
    assert (d.row_value("Action"), d.row_value("Scout")) == ("loiter", "yes")
    d.play(("set Modifier=-9", "do"))
    answer(d, turns="-9")
    assert d.app.top().name == "mission" and "Loiter turns must be 1..30" in d.app.message
    assert [s.name for s in d.app.stack].count("ask") == 0
    d.press("a")  # the Action row: loiter, refused again, no question waits
    assert d.app.top().name == "ask" or "Loiter turns" in d.app.message
    assert "no question is waiting" not in d.app.message


def test_the_next_step_is_offered_first():
    """The cases a player met: no mission, "start" (not "end turn"); at Bingo 6 "home" (not
    "end turn"); day 1 before any mission, the Mission screen (not "end of day"); the Pilots
    page without a pilot "add pilot" (not "stress +"); the end of the day with nothing lost nor
    damaged nor stressed, "next day" (not "replace aircraft")."""
    d = Driver()
    d.play(("menu Mission", "page Roster", "do", "page Fly"))  # an A-10A, outside a campaign
    assert d.row_value("Action") == "start"
    d.play(("do",))
    assert d.row_value("Action") == "loiter"
    d.play(("set Modifier=-4", "do"))  # 1 turn
    assert d.row_value("Action") == "end turn"
    d.do()
    while d.app.top().name == "reveal":
        d.back()
    assert "BINGO 6" in d.flat() and d.row_value("Action") == "home"
    d.do()
    assert d.row_value("Action") == "Bingo check"
    d = Driver()
    d.play(("menu Campaign", "page Pilots"))
    assert d.row_value("Action") == "add pilot"
    d = Driver()
    d.play(runs(READY) + ("menu Campaign",))
    assert "Day 1 of 3: the missions" in d.flat() and d.row_value("Action") == "go to Mission"
    d.do()
    assert d.app.top().name == "mission" and d.row_value("Action") == "start"
    assert d.row_value("Target") == "none"
    d.play(("action go to Campaign", "do"))
    assert d.app.top().name == "campaign"
    d.play(("action end of day", "do", "back"))
    assert d.row_value("Action") == "roll battalion"
    d.play(("do",))
    assert d.row_value("Action") == "SO losses"
    d.play(("do",))
    assert "End of day 1: replacements" in d.flat() and d.row_value("Action") == "next day"


# --- the rulebook's example campaign, by keys ------------------------------------------------
# "Exemple de Partie" (Iraq 1991 with Surge), as docs/protocol/campaign.md plays it through the
# protocol: its set-up and day 1 as the example tells them, days 2 and 3 to its figures (17 VP
# won, 4 lost: 13 VP, "une bonne évaluation").  What the device cannot do for the player (the
# cards, the counters drawn from the cups, the attacks) is given as the serial console would
# (`run ac hit ...`); every step of the sequence is pressed on the screens.  The dice are the
# device's (seed EXAMPLE_SEED: Grandpa's SAR kills him, Scuttle's rescues him, as in the
# example and the transcript); rows the documents do not print are answered on the Ask screen.
EXAMPLE_SEED = 17
PILOTS = (("Pirate (A-10)", "5", "8", "0", "fast"), ("Viper (A-10)", "5", "8", "0", "fast"),
          ("Hammer (AH-64)", "6", "10", "1", "fast"), ("Judge (AH-64)", "6", "10", "2", "slow"),
          ("Rock (AH-64)", "6", "10", "1", "fast"), ("Gator (AH-1)", "5", "8", "0", "slow"),
          ("Grandpa (AH-1)", "5", "8", "1", "slow"), ("Scuttle (AH-1)", "5", "8", "0", "slow"))


def offered(d, label):
    """The Action row offers `label` first (the rulebook's next step), scrolled into view."""
    d.action_row()
    assert d.row_value("Action") == label, (label, d.text())


def take(d, label, *settings):
    """The step offered first is `label`: its settings (`Label=value`), then A; back from the
    pages its reply opened; the Ask screen's questions are the caller's."""
    offered(d, label)
    d.play(tuple("set " + s for s in settings) + ("do",))
    while d.app.top().name in ("reveal", "notice"):
        d.back()


def figures(d):
    """(SO, VP, Day, battalions left) as the engine reports them."""
    c = engine(d, "campaign")
    return c["so"], c["vp"], c["day"], c["battalions_left"]


def assign(d, *pairs):
    """The Roster page's "pilot": each (aircraft, pilot) as the pickers show them."""
    d.play(("page Roster", "action pilot"))
    for craft, pilot in pairs:
        d.play(("set Aircraft=" + craft, "set Pilot=" + pilot, "do"))
    d.play(("page Fly",))


def pick(d, *craft):
    d.play(("page Roster", "action pick to fly"))
    for c in craft:
        d.play(("set Aircraft=" + c, "do"))
    d.play(("page Fly",))


def loiter(d, turns):
    """"loiter" offered with its scout (the engine says one may fly), the Scout's row answered."""
    offered(d, "loiter")
    assert d.row_value("Scout") == "yes"
    d.do()
    if d.app.top().name == "ask":
        answer(d, turns=turns)
    while d.app.top().name == "reveal":
        d.back()
    offered(d, "end turn")


def example_campaign(d):
    # Set-up: «je sélectionne Irak 1991 ... la carte Surge»; the battalions drawn to 28 VP
    d.menu("Campaign")
    take(d, "new campaign")
    # the device's own first step: each cup's counter mix confirmed as it stands (one A a cup)
    take(d, "counter mix")
    assert d.app.top().name == "mix"
    d.play(("do", "do"))
    assert d.app.top().name == "campaign"
    for number, vp in (("11A", "4"), ("4A", "3"), ("5S", "4"), ("2C", "4"), ("3A", "3"),
                       ("7A", "3"), ("3S", "2"), ("1C", "5")):
        take(d, "draw battalion", "Battalion=" + number, "VP=" + vp)
    # «J'achète A-10A # 234 ..., AH-64A # 456 ..., AH-64A # 459, AH-1 # 397 ..., AH-1 # 398»
    take(d, "buy aircraft", "Type=A-10A")
    offered(d, "add pilot")  # one aircraft: its pilots next, unless more are bought
    d.action("buy aircraft")
    for craft in ("AH-64A", "AH-64A", "AH-1", "AH-1"):
        d.play(("set Type=" + craft, "do"))
    d.play(("action move battalion", "set Battalion=7A", "set To=Enemy Transit", "do",
            "set Battalion=11A", "set To=Friendly Transit", "do",
            "action buy scouts", "set Scouts=+2", "do"))
    assert figures(d)[:2] == (8, 0)
    d.action("add pilot")  # (moved away: the step is still the pilots')
    for name, okay, shaken, cool, speed in PILOTS:
        take(d, "add pilot", "Name=" + name, "Okay to=" + okay, "Shaken to=" + shaken,
             "Cool=" + cool, "Speed=" + speed)
    offered(d, "set-up done")
    # «augmenter Gator vers Expérimenté et de réduire Pirate vers Bleu»: the lowering is the next
    d.play(("action skill level", "set Pilot=Gator (AH-1)", "set Level=skilled", "do"))
    assert "Gator is Skilled" in d.flat()  # the level as the card prints it
    take(d, "skill level", "Pilot=Pirate (A-10)", "Level=green")
    offered(d, "set-up done")
    for pilot, levels in (("Pirate (A-10)", "1"), ("Viper (A-10)", "1"), ("Rock (AH-64)", "2")):
        d.play(("action promote", "set Pilot=" + pilot, "set Levels=" + levels, "do"))
        offered(d, "new card")  # «échanger sa carte pour son niveau supérieur»
    d.action("set-up done")
    take(d, "set-up done")
    # «J'ai dépensé 26 de mes 30 points SO, me laissant avec 4 points»
    assert figures(d) == (4, 0, 1, 8)

    # Day 1: the pilots into their aircraft, then the missions
    offered(d, "go to Mission")
    d.play(("action SO spend", "set Amount=-1", "do",  # «1 point SO ... la note du bataillon 3S»
            "page Map", "action move battalion", "set Battalion=1C", "set To=one band on",
            "do", "page Day", "action go to Mission", "do"))
    assert d.app.top().name == "mission"
    take(d, "pilot", "Aircraft=1 A-10A", "Pilot=Viper (A-10)")
    offered(d, "start")
    assign(d, ("2 AH-64A", "Judge (AH-64)"), ("4 AH-1", "Gator (AH-1)"),
           ("5 AH-1", "Grandpa (AH-1)"), ("3 AH-64A", "Hammer (AH-64)"))
    # Mission 1: «J'attaque 5S avec Judge (AH-64 # 456) et Viper (A-10 # 234)»
    pick(d, "1 A-10A", "2 AH-64A")
    take(d, "start", "Target=battalion 5S")
    take(d, "weapons", "Arm. points=13")  # «un coût total de maintenance de 13 ... 2 points SO»
    d.set("Modifier", "-1")  # «le bataillon 5S diminue les tours de 1»
    loiter(d, "2")  # «2 tours supplémentaires d'autonomie»
    d.play(runs(("ac hit 1 structure", "ac hit 1 bullet-holes", "ac hit 2 engine")))
    while d.row_value("Action") == "end turn":
        take(d, "end turn")
    assert "BINGO 6" in d.flat()  # «le pion "Loiter" est à "Bingo 6"»
    take(d, "home")
    take(d, "Bingo check")
    take(d, "end", "Bn destroyed=yes")
    assert figures(d)[1:] == (4, 1, 7)  # «Je note le gain de 4 PV pour la destruction»
    # Mission 2: 11A with Gator, Grandpa and Hammer, the aircraft left to fly
    offered(d, "start")
    assert engine(d, "next")["aircraft"] == [3, 4, 5]
    take(d, "start", "Target=battalion 11A")
    take(d, "weapons", "Arm. points=9")  # «Je paie 1 point SO pour les armes»
    loiter(d, "1")
    d.play(runs(("ac hit 5 structure", "ac hit 5 structure")))  # «Grandpa s'écrase»
    d.play(("action home", "do"))
    offered(d, "SAR")
    assert d.row_value("Aircraft") == "5 AH-1"
    take(d, "SAR")
    assert engine(d, "pilot show 7")["status"] == "killed"  # «Je lance pour SAR, et il est tué»
    offered(d, "end")
    d.play(("set Bn destroyed=yes", "do"))
    answer(d, stress="1")  # Friendly Transit's stress: not in our documents
    assert figures(d)[1] == 6  # «J'ai maintenant 6 points de victoire»

    # End of day 1
    take(d, "go to Campaign")
    take(d, "end of day")
    assert figures(d)[0] == 6  # «Je gagne 6 points SO ... Cela m'amène à 6 points SO»
    offered(d, "roll battalion")  # «je ne lance pas pour le mouvement ... le premier jour»
    d.action("battalion stays")
    for _ in range(6):
        take(d, "battalion stays")
    take(d, "SO losses")
    offered(d, "replace aircraft")  # Grandpa's AH-1 is down: «Remplacements», its first
    d.play(("action replace pilot", "set Pilot=Grandpa (AH-1)", "set Name=Freak (AH-1)",
            "set Okay to=5", "set Shaken to=8", "set Cool=0", "set Speed=slow", "do"))
    d.play(("action repair aircraft", "set Aircraft=2 AH-64A", "set Marker=Engine", "do"))
    take(d, "repair aircraft", "Aircraft=1 A-10A", "Marker=Bullet Holes")
    # «Je termine la journée avec 5 PV et 4 points SO»
    assert figures(d)[:2] == (4, 5)
    d.play(("action next day", "do"))

    # Day 2: 4A with Pirate and Rock
    take(d, "go to Mission")
    offered(d, "start")
    assign(d, ("1 A-10A", "Pirate (A-10)"), ("3 AH-64A", "Rock (AH-64)"))
    pick(d, "1 A-10A", "3 AH-64A")
    take(d, "start", "Target=battalion 4A")
    take(d, "weapons", "Arm. points=10")
    loiter(d, "1")
    d.play(runs(("ac hit 1 structure", "ac hit 3 wounded", "ac hit 3 pylon")))
    take(d, "end turn")
    d.play(("action home", "do"))
    take(d, "end", "Bn destroyed=yes", "All units=yes")
    answer(d, stress="1")  # the Front Line's stress
    assert figures(d)[1:] == (8, 2, 5)
    # 7A with Scuttle and Hammer, Fuel Priority bought; Scuttle shot down, rescued
    offered(d, "start")
    assign(d, ("4 AH-1", "Scuttle (AH-1)"), ("2 AH-64A", "Hammer (AH-64)"))
    pick(d, "4 AH-1", "2 AH-64A")
    take(d, "start", "Target=battalion 7A")
    offered(d, "weapons")
    d.play(("action Fuel Priority", "do", "action weapons", "set Arm. points=8", "do"))
    loiter(d, "0")
    d.play(runs(("ac hit 4 structure", "ac hit 4 structure")))
    d.play(("action home", "do"))
    take(d, "SAR")
    assert engine(d, "pilot show 8")["status"] != "killed"
    take(d, "end")  # 7A only halved
    take(d, "go to Campaign")
    d.play(("page Map", "action battalion hit", "set Battalion=7A", "set Result=halved", "do",
            "page Day"))
    assert figures(d)[:2] == (1, 8)
    # End of day 2: 1C's note +2 to every movement roll, 2C's +2 more to the Assault ones
    take(d, "end of day")
    for bn, mod, move in (("2C", "+2", "hold"), ("3A", "+4", ""), ("7A", "+4", ""),
                          ("3S", "+2", "advance"), ("1C", "+2", "hold")):
        offered(d, "roll battalion")
        assert d.row_value("Battalion") == bn
        take(d, "roll battalion", "Modifier=" + mod)
        if d.app.top().name == "ask":
            answer(d, move=move)
    take(d, "SO losses")
    offered(d, "replace aircraft")
    d.play(("action heal pilot", "set Pilot=Rock (AH-64)", "do"))
    take(d, "repair aircraft", "Aircraft=3 AH-64A", "Marker=Pylon")
    take(d, "repair aircraft", "Aircraft=1 A-10A", "Marker=Structure x2")
    take(d, "repair aircraft", "Marker=Structure")
    take(d, "R&R")
    assert figures(d)[:2] == (1, 8)
    take(d, "next day")

    # Day 3, the last: 3A with Pirate, then 7A with Hammer and Rock
    take(d, "go to Mission")
    pick(d, "1 A-10A")
    take(d, "start", "Target=battalion 3A")
    take(d, "weapons", "Arm. points=6")
    loiter(d, "3")
    d.play(runs(("ac hit 1 stress 1",)))
    take(d, "end turn")
    d.play(("action home", "do"))
    take(d, "end", "Bn destroyed=yes")
    assert figures(d)[1:] == (11, 3, 4)
    pick(d, "2 AH-64A", "3 AH-64A")
    take(d, "start", "Target=battalion 7A")
    take(d, "weapons", "Arm. points=0")
    loiter(d, "0")
    take(d, "end turn")
    d.play(("action home", "do"))
    take(d, "end", "Bn destroyed=yes")
    # «À la fin du troisième jour, j'ai gagné 17 PV ... perdu 4 PV ... 13 PV»
    take(d, "go to Campaign")
    take(d, "end of day")
    offered(d, "result")
    take(d, "result")
    assert "Result: good (13 VP)" in d.flat()  # «suffisant pour une bonne évaluation»
    c = engine(d, "campaign")
    assert (c["so"], c["vp"], c["day"], c["battalions_left"], c["status"]) == (
        0, 13, 3, 3, "over")


def test_the_example_campaign_by_keys(tmp_path):
    """The rulebook's example campaign pressed on the screens, the step offered first at each
    phase the rulebook's next, its figures (SO, VP, Day, battalions) as the example prints them;
    the answers kept in the player's data folder, as on the device."""
    d = Driver(seed=EXAMPLE_SEED)
    d.session.data = reader(DATA, str(tmp_path))
    example_campaign(d)


def test_a_nine_turn_track_fits():
    """A Scout's 10 gives nine Loiter turns («10 → 9 tours»): the track's nine boxes, Bingo 6
    and Bingo 10 fit the screen, and each turn after; an A-10A crashed past Bingo 10 keeps its
    name whole (its red says it crashed)."""
    d = Driver()
    d.play(("menu Mission", "page Roster", "action add", "do", "page Fly", "action start", "do",
            "action loiter", "set Modifier=+4", "do"))
    assert "9 turns left" in d.flat()
    for _ in range(11):
        d.play(("action end turn", "do"))
        while d.app.top().name == "reveal":
            d.back()
    assert "1 A-10A" in d.flat() and engine(d, "ac list")["aircraft"][0]["status"] == "crashed"
