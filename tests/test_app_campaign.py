"""The Campaign screen leads a whole campaign in the rulebook's sequence of play (docs/rules.md,
docs/protocol/campaign.md): its set-up, each day and its end, the result on the campaign card.
The player reads the step and is offered its next action first; every action is the engine's
request, so the app ends in the very state a serial console gets from the same lines."""

import pytest

from appkit import CONFIRM, MIXES, Driver, both_sizes, same_state  # noqa: F401 (fixture)
from firmware import inks
from firmware.datafiles import reader
from host_tools.desk.simulator import CAMPAIGN, OVER
from tal_session import DATA

pytestmark = pytest.mark.usefixtures("both_sizes")

DRAWN = (("11A", "4"), ("4A", "3"), ("5S", "4"), ("2C", "4"), ("3A", "3"), ("7A", "3"),
         ("3S", "2"), ("1C", "5"))  # the example of play's battalions: 28 VP, the card's 26 met
UNDER_WAY = [step[4:] for step in CAMPAIGN]  # the same campaign as the screenshots', as lines


def test_the_set_up_is_led_in_the_rulebooks_order():
    """"Mise en place de la Campagne": the cards chosen from the data files, the battalions drawn
    from the pile the engine names until the card's value, then the squadron, set-up done."""
    d = Driver(seed=1991)
    d.menu("Campaign")
    assert "No campaign" in d.flat() and d.row_value("Action") == "new campaign"
    assert (d.row_value("Campaign card"), d.row_value("Situation")) == ("Iraq 1991", "Surge")
    d.do()
    assert "1991: SO 30, 3 days," in d.flat() and "+6 a day." in d.flat()  # the cards' values
    # the device's own first step: each cup's counter mix, confirmed as shipped here (one A a
    # cup, the next cup's page opening by itself, then the set-up again)
    assert "Set-up: the counter mix" in d.flat() and d.row_value("Action") == "counter mix"
    before = len(d.pressed)
    d.do()
    assert d.app.top().name == "mix" and d.row_value("Action") == "confirm as it stands"
    d.do()
    assert d.title()[1] == "Pop-Up cup" and d.row_value("Action") == "confirm as it stands"
    d.do()  # the last cup: the set-up comes back, saying so
    assert d.app.top().name == "campaign" and "Every cup is ready" in d.flat()
    assert len(d.pressed) - before == 3  # A counter mix, A Hit, A Pop-Up
    assert "Set-up: battalions to 26 VP" in d.flat() and "Assault pile next, 0 VP drawn" in d.flat()
    for number, vp in DRAWN:
        d.set("Battalion", number)
        d.set("VP", vp)
        d.do()
    assert "Set-up: the squadron" in d.flat() and d.row_value("Action") == "buy aircraft"
    d.do()  # an A-10A
    d.action("buy scouts")
    d.set("Scouts", "+2")
    d.do()
    d.action("add pilot")
    d.set("Name", "Pirate (A-10)")  # the name and the type his card flies
    d.set("Okay to", "5")
    d.set("Shaken to", "8")
    d.set("Cool", "0")
    d.do()
    d.set("Name", "Viper (A-10)")
    d.do()
    assert "1 aircraft, 2 pilots, 2 scouts" in d.flat()
    d.action("promote")
    d.set("Pilot", "Viper (A-10)")
    d.do()
    # a promotion: the pilot's new card is asked for next
    assert (d.row_value("Action"), d.row_value("Pilot")) == ("new card", "Viper (A-10)")
    assert d.ink_of("his new card") == inks.YELLOW
    d.set("Okay to", "6")
    d.set("Shaken to", "9")
    d.set("Cool", "1")
    d.do()
    d.action("set-up done")
    d.do()
    # "Début de Journée": the pilots go into the aircraft (the Mission screen) before a mission
    assert "Day 1 of 3: the missions" in d.flat() and d.row_value("Action") == "go to Mission"
    same_state(d, ["campaign start iraq-1991 surge"] + CONFIRM +
               ["bn add %s %s" % (n.lower(), vp) for n, vp in DRAWN] +
               ["ac add a-10a", "campaign scouts +2", "pilot add #1 5 8 0 fast",
                "pilot add #2 5 8 0 fast", "pilot promote 2", "pilot card 2 6 9 1 fast",
                "campaign ready"], seed=1991)


def test_the_end_of_day_is_led_battalion_by_battalion():
    """"Fin de Journée": the day's SO, then each battalion still to roll (its row asked at the
    table), the SO losses of the map, replacements to R&R, the next day."""
    d = Driver()
    d.play(CAMPAIGN)
    d.menu("Campaign")
    d.action("end of day")  # (no mission flown: the first offer is to fly one)
    d.do()  # what it did, on a page
    assert d.title()[0] == "End of day 1" and "SO +6: SO 20 now." in d.flat()
    assert "Pirate: stress 6 to 4, Okay" in d.flat()  # rested: 2 + Cool 0
    assert "Viper: stress 0, Okay" in d.flat()  # nothing to rest: no "-0 stress"
    d.back()
    assert "End of day 1: battalions move" in d.flat()
    assert "8 to roll: 11A 4A" in d.flat()
    assert (d.row_value("Action"), d.row_value("Battalion")) == ("roll battalion", "11A")
    d.page("Map")
    assert d.ink_of("5S") == inks.CYAN and "to roll today" in d.flat()
    d.page("Day")
    d.do()  # an Assault battalion advances from 5 up: the one row the documents print
    # one line, so that the step above stays in view: the die too where the line holds it
    assert ("11A, d10 " in d.flat() and "advances to the Friendly Rear" in d.flat() if
            d.size == (240, 135) else "11A advances: Friendly Rear" in d.flat())
    assert d.ink_of("advances") == inks.RED and "7 to roll: 4A 5S" in d.flat()
    d.set("Battalion", "5S")
    d.do()  # the Battalion Movement row the documents do not print: asked
    assert d.app.top().name == "ask" and "Battalion Movement for 5S (Support)" in d.flat()
    d.set("move", "hold")
    d.do()
    assert d.app.top().name == "campaign" and "6 to roll: 4A 2C" in d.flat()
    d.action("battalion stays")
    for _ in range(6):
        d.do()
    assert "All moved: SO losses next." in d.flat() and d.row_value("Action") == "SO losses"
    d.do()
    # (at 160 px the shorter wording: Helvetica's 'F' took a pixel more, "Fl" read as a box)
    assert ("SO -1 (1 in Friendly Rear): SO 19" if d.size == (240, 135) else "SO -1: SO 19") \
        in d.flat()
    assert "End of day 1: replacements" in d.flat()
    # nothing lost nor damaged: replacements and repairs are passed over; Pirate and Judge are
    # stressed and the SO pay for it: R&R is the next step (next day the one after)
    assert d.row_value("Action") == "R&R"
    d.press("r")
    assert d.row_value("Action") == "next day"
    d.action("next day")
    d.do()
    assert "Day 2 of 3: the missions" in d.flat()
    same_state(d, UNDER_WAY + ["day end", "bn roll 11a", "bn roll 5s", "answer hold"] +
               ["bn stay %s" % n.lower() for n, _vp in DRAWN[1:] if n != "5S"] +
               ["day next", "day +1"])


def test_a_squadron_of_none_is_not_led_to_its_replacements():
    """With no aircraft and no pilot, A at the end of a day leads on to the next day: the
    replacements, repairs and R&R are not offered first (A on them was refused again and
    again: "no aircraft")."""
    d = Driver()
    for step in ("menu Campaign", "action new campaign", "do") + MIXES + ("page Map",
                 "action draw battalion", "set VP=26", "set Fixed=yes", "do", "page Day",
                 "action set-up done", "do", "do", "back", "do"):
        d.play([step])
    assert d.row_value("Action") == "next day", d.text()
    d.play(["do"])
    assert d.app.message == "" and d.row_value("Action") == "end of day", d.text()


def test_the_campaign_result_is_read_on_the_card(tmp_path):
    """"Résultats de la Campagne": the data files' evaluation (Iraq 1991, 13 VP: good); another
    VP is read on the card and typed on the keyboard, kept in the player's data."""
    d = Driver(seed=7)
    d.play(OVER + ("run vp set 13", "menu Campaign"))
    assert "Campaign over" in d.flat() and "Result: good (13 VP)" in d.flat()
    assert d.ink_of("Result: good") == inks.GREEN and d.row_value("Action") == "result"
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    d.play(OVER + ("run vp set 7", "menu Campaign"))
    assert "Its result: read your card." in d.flat()
    d.do()
    assert d.app.top().name == "ask" and "Campaign result, Iraq 1991 with 7 VP" in d.flat()
    d.spell("fair")
    assert d.app.top().name == "campaign" and "Result: fair (7 VP)" in d.flat()
    assert "result | iraq-1991:7 | result=fair |" in (tmp_path / "tal" / "answers.txt").read_text()
    same_state(d, [step[4:] for step in OVER] + ["vp set 7", "campaign result", "answer fair"])


def test_cards_the_files_do_not_list_are_spelled():
    """A campaign card not in data/tal/campaigns.txt: its name spelled on the keyboard (digits
    too), its year and set-up value asked at the table."""
    d = Driver(seed=1)
    d.menu("Campaign")
    d.action("other cards")
    d.choose("Campaign card")
    d.press("r")  # the field's keyboard
    assert d.title() == ("Campaign card", "spell") and "'-' for a space" in d.flat()
    d.spell("syria-2012")
    assert d.row_value("Campaign card") == "syria-2012"
    d.choose("Situation")
    d.press("r")
    d.spell("surge")
    d.do()
    assert d.app.top().name == "ask" and "Campaign card syria-2012" in d.flat()
    d.set("year", "2012")
    d.set("setup", "20")
    d.do()
    assert "Set-up: the counter mix" in d.flat()
    d.press("u")  # (the note that the answer is kept for this session only goes)
    assert "2012: SO 30, 3 days" in d.flat()
    same_state(d, ["campaign start syria-2012 surge", "answer 2012 20"], seed=1)


def test_a_campaign_and_a_situation_card_the_files_do_not_list_are_asked_in_turn(tmp_path):
    """Both cards spelled, neither in the data files: the campaign card's year and set-up value
    are asked, then the Situation card's SO, days and daily SO on a page of their own (not a
    raw usage line under the first question's values), and the campaign starts."""
    d = Driver(seed=1)
    d.session.data = reader(DATA, str(tmp_path))
    d.menu("Campaign")
    d.action("other cards")
    d.choose("Campaign card")
    d.press("r")
    d.spell("syria-2012")
    d.choose("Situation")
    d.press("r")
    d.spell("long-war")
    d.do()
    assert d.app.top().name == "ask" and "Campaign card syria-2012" in d.flat()
    d.set("year", "2012")
    d.set("setup", "20")
    d.do()
    assert d.app.top().name == "ask" and "Situation card long-war" in d.flat()
    assert d.app.message == "" and d.row_value("so") is not None
    d.set("so", "25")
    d.set("days", "4")
    d.set("daily", "2")
    d.do()
    assert d.app.top().name == "campaign" and [s.name for s in d.app.stack].count("ask") == 0
    assert "Set-up: the counter mix" in d.flat() and "2012: SO 25, 4 days," in d.flat()
    same_state(d, ["campaign start syria-2012 long-war", "answer 2012 20", "answer 25 4 2"],
               seed=1)


def test_pilots_page_shows_stress_against_the_cards_ranges():
    """"Stress": a pilot's status from his card's Okay and Shaken ranges (Shaken in yellow)."""
    d = Driver()
    d.play(CAMPAIGN + ("menu Campaign", "page Pilots"))
    assert d.ink_of("Shaken") == inks.YELLOW and "Pirate 6 Shaken" in d.flat()
    d.action("stress -")
    d.set("Amount", "-6")
    d.do()
    assert "Pirate has 0 stress: Okay." in d.flat()
    same_state(d, UNDER_WAY + ["pilot stress 1 -6"])


def test_a_cost_that_cannot_be_paid_is_refused_with_the_rules_consequence():
    """Special Options: if a cost cannot be paid the campaign ends in failure (the player records
    it), and the message says so in full."""
    d = Driver()
    d.play(CAMPAIGN + ("menu Campaign", "action SO spend", "set Amount=-30", "do"))
    assert d.title()[0] == "Refused" and "failure" in d.flat()
    d.back()
    assert "14 1/3 2" in d.canvas.lines()  # nothing changed
    d.action("record failure")
    d.do()
    assert "Campaign failed" in d.flat() and d.ink_of("Campaign failed") == inks.RED
    assert "Result: failure (2 VP)" in d.flat()


def test_the_last_battalion_destroyed_ends_the_campaign_on_the_screens():
    """"Fin de Campagne": «quand il n'y a plus de bataillons pour attaquer», at once: the Campaign
    screen's battalion hit says so; on the Mission screen, the mission's end does, in words (no
    "next: campaign result")."""
    setup = ["campaign start 3 10 2", "bn add 1a 3", "bn add 2a 2"] + CONFIRM + ["campaign ready"]
    d = Driver()
    d.play(tuple("run " + line for line in setup) + (
        "menu Campaign", "action battalion hit", "set Result=destroyed", "do"))
    assert "1A is destroyed: VP +3," in d.flat() and "over" not in d.flat()
    d.do()
    assert "2A destroyed:" in d.flat() and ("campaign is over." in d.flat() or
                                            "campaign over." in d.flat())
    same_state(d, setup + ["vp battalion 1a destroyed", "vp battalion 2a destroyed"])
    lines = ["campaign start 3 20 2", "bn add 1a 3 et", "ac add a-10a", "pilot add pirate 5 8 0"
             ] + CONFIRM + ["campaign ready", "ac set 1 pilot 1", "mission start 1 vs 1a",
                            "loiter start",
             "mission home", "vp battalion 1a destroyed"]
    d = Driver()
    d.play(tuple("run " + line for line in lines) + ("menu Mission", "action end", "do"))
    assert "campaign result" not in d.flat()
    d.back()
    assert "No battalion is left: the campaign is over." in d.flat()
    same_state(d, lines + ["mission end"])


def test_repairs_offer_only_the_markers_the_aircraft_has():
    """"Fin de Journée": 1 SO a marker, after the replacements and before R&R."""
    lines = ["campaign start 3 20 2", "ac add a-10a", "ac add ah-64a", "pilot add hammer 6 10 1",
             "pilot add pirate 5 8 0"] + CONFIRM + ["campaign ready", "ac set 2 pilot 1",
             "mission start 2 vs et", "loiter start",
             "ac hit 2 pylon", "ac hit 2 pylon", "mission home", "mission end", "day end",
             "day next"]
    d = Driver()
    d.play(tuple("run " + line for line in lines) + ("menu Campaign", "action repair aircraft"))
    assert d.row_value("Marker") == "no damage"  # aircraft 1
    d.do()
    assert "No damage marker on that aircraft." in d.flat()
    d.set("Aircraft", "2 AH-64A")
    assert d.row_value("Marker") == "Pylon x2"
    d.do()
    assert "End of day 1: repairs" in d.flat() and d.row_value("Action") == "repair aircraft"
    same_state(d, lines + ["ac repair 2 pylon"])


def test_a_campaign_by_numbers_says_which_card_values_are_not_known():
    """"Mise en place de la Campagne": the numbers typed give no year nor set-up VP: said so, on
    one line, and the set-up's step stays in view above it (the SO and days are on the tracks)."""
    d = Driver()
    d.play(("menu Campaign", "action by numbers", "do"))
    assert [l for l in d.canvas.lines() if l.startswith("Not known:") and "year" in l and
            "set-up VP." in l]
    assert d.ink_of("Not known") == inks.YELLOW and "Set-up: the counter mix" in d.flat()
    d.play(MIXES)
    assert "Set-up: the battalions" in d.flat()
    assert "Assault pile next, 0 VP drawn" in d.canvas.lines() and "20 0/3 0" in d.flat()
    same_state(d, ["campaign start 3 20 3"] + CONFIRM)


def test_rule_switches_and_the_day_are_set_on_the_device():
    """"Where the documents disagree" (docs/rules.md): each switch is listed with its value and
    turned on or off with A or the d-pad; "set day" corrects the Day track ("Fin de Journée"),
    each the engine's request."""
    d = Driver()
    d.play(("menu Campaign", "action rule switches", "do"))
    assert d.title()[0] == "Rule switches"
    assert (d.row_value("Damage once"), d.row_value("Last day's end")) == ("off", "off")
    d.do()  # the first switch
    assert d.row_value("Damage once") == "on" and "Damage once: on" in d.flat()
    d.press("d")
    d.press("r")
    assert d.row_value("Last day's end") == "on"
    d.press("l")
    d.press("u")
    assert (d.row_value("Damage once"), d.row_value("Last day's end")) == ("on", "off")
    d.back()
    d.play(("action new campaign", "do", "run bn add 11a 26") + MIXES + ("run campaign ready",
                                                                       "action set day"))
    assert d.row_value("Day") == "1"
    d.set("Day", "3")
    d.do()
    assert "Day 3 of 3: the missions" in d.flat()
    same_state(d, ["campaign rule damage-once on", "campaign rule last-day-end on",
                   "campaign rule last-day-end off", "campaign start iraq-1991 surge",
                   "bn add 11a 26"] + CONFIRM + ["campaign ready", "day set 3"])


def test_a_rule_switch_is_one_row_of_the_engines_list(monkeypatch):
    """The switches are written once, in the engine (engine/tal/cmd_setup.py, SWITCHES): a row
    added there is a `campaign rule` word with its usage, a key of the `campaign` reply that
    outlives a new campaign, and a row of the Rule switches page with its sentence."""
    from appkit import ask, twin
    from engine.tal import cmd_setup

    row = ("test-rule", 128, "Test rule", "on: tested at the table; off: as printed")
    monkeypatch.setattr(cmd_setup, "SWITCHES", cmd_setup.SWITCHES + (row,))
    t = twin()
    assert "damage-once|last-day-end|test-rule on|off" in ask(t, "campaign rule test")["msg"]
    assert ask(t, "campaign rule test-rule on")["test_rule"] is True
    assert ask(t, "campaign start 3 20 3")["test_rule"] is True
    d = Driver()
    d.play(("menu Campaign", "action rule switches", "do"))
    assert d.row_value("Test rule") == "off"
    d.press("dd")  # the third row: its sentence below
    assert "tested at the table" in d.flat()
    d.do()
    assert d.row_value("Test rule") == "on" and "Test rule: on" in d.flat()
    same_state(d, ["campaign rule test-rule on"])


def test_a_new_campaign_on_the_device_starts_without_the_old_ones_missions():
    """"Mise en place de la Campagne": a campaign ended with a mission in flight and a CAS
    mission open; the Campaign screen's new campaign starts with neither (the Mission screen has
    no mission, the CAS screen no CAS mission), as the serial console's `campaign start` does."""
    d = Driver()
    d.play(("menu Settings", "set Game=TAL + EXP3", "back"))
    old = ["campaign start 3 30 6", "ac add ah-1", "pilot add gator 5 8 0", "ac set 1 pilot 1",
           "mix hit confirm", "mix popup confirm", "mix ground confirm", "campaign ready", "cas card 2 1", "cas engaged 1 2 4", "mission start 1",
           "campaign end"]
    d.play(tuple("run " + line for line in old))
    d.menu("Campaign")
    d.action("new campaign")
    d.do()
    assert "Set-up: battalions to 26 VP" in d.flat()  # (the cups confirmed: the player's)
    d.menu("Mission")
    assert "no mission" in d.flat()
    d.menu("CAS (EXP3)")
    assert "No CAS mission" in d.flat()
    same_state(d, ["game exp3"] + old + ["campaign start iraq-1991 surge"])
