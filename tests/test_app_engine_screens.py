"""The Cups, Mission and Tables screens (docs/rules.md), driven by their labels (the Campaign's:
test_app_campaign.py).

Each screen must act only through the engine's protocol: after the player's actions the app's
state (fields and dice) equals that of a bare session given the request lines they stand for.
"""

import pytest

from appkit import Driver, both_sizes, same_state  # noqa: F401 (fixture)
from firmware import inks
from firmware.canvas import DASHED, DOWN, FILL, FRAME, TRI

pytestmark = pytest.mark.usefixtures("both_sizes")

MISSION_LINES = ["ac add a-10a fast", "ac add a-10c fast", "mission start 1 2", "loiter start"]


def fly_two_a10s(d):
    """Roster: an A-10A and an A-10C; Fly: start the mission, place the Loiter marker."""
    d.menu("Mission")
    d.page("Roster")
    d.action("add")
    d.do()
    d.set("Type", "A-10C")
    d.do()
    d.page("Fly")
    d.action("start")
    d.do()
    d.action("loiter")
    d.do()


def loiter_marker(d):
    """The label of the Loiter track's box under the marker (the white triangle above it)."""
    for kind, x, y, w, h, ink, direction, _f, _o in d.canvas.items():
        if kind == TRI and direction == DOWN and ink == inks.WHITE and y < 30:
            mid = x + w // 2
            for tx, ty, tw, th, s, _ink, _font in d.canvas.texts():
                if tx <= mid < tx + tw and y < ty < y + 20:
                    return s
    return None


def test_mission_flow_is_the_protocol_requests():
    """"Placement du Pion d'Autonomie", "Bingo Fuel": a mission starts with 5 Loiter turns; the
    marker advances each turn."""
    d = Driver()
    fly_two_a10s(d)
    same_state(d, MISSION_LINES)
    assert loiter_marker(d) == "5"
    assert d.numeral()[0] == "5" and "turns left" in d.text()
    d.action("end turn")
    d.do()
    same_state(d, MISSION_LINES + ["loiter next"])
    assert d.title()[0] == "Mission: turn 1"
    assert loiter_marker(d) == "4"
    assert d.app.session.undo_line() == b"loiter next"  # the undo step has the request's name


def test_the_track_ends_in_bingo_boxes_and_the_markers_show_in_their_colours():
    """Bingo: entering Bingo 6 marks every aircraft still there; Bingo 10 flips it."""
    d = Driver()
    fly_two_a10s(d)
    d.action("end turn")
    assert d.canvas.fill_under(*d.canvas.text_at("B6")[:2]) == inks.YELLOW
    assert d.canvas.fill_under(*d.canvas.text_at("B10")[:2]) == inks.RED
    seen = set()
    for _ in range(6):
        d.action("end turn")  # (at Bingo 6 the next step offered is home)
        d.do()
        while d.title()[0] == "End of turn":  # the summary when markers come
            assert "Bingo" in d.text() or "crashed" in d.text()
            d.back()
        marker = loiter_marker(d)
        if marker in ("B6", "B10"):
            seen.add(marker)
            ink = inks.YELLOW if marker == "B6" else inks.RED
            badges = [t for t in d.canvas.texts() if t[4] == marker and t[1] > 40]
            assert badges and all(d.canvas.fill_under(t[0], t[1] + 5) == ink for t in badges)
    assert seen == {"B6", "B10"}


def test_leave_the_battlefield():
    d = Driver()
    fly_two_a10s(d)
    d.action("leave")
    d.do()
    same_state(d, MISSION_LINES + ["ac leave 1"])


def test_a_pilot_is_assigned_to_an_aircraft():
    d = Driver()
    d.app.run(["pilot", "add", "pirate", "5", "9", "1"])
    d.menu("Mission")
    d.page("Roster")
    d.action("add")
    d.do()
    d.action("pilot")
    d.set("Pilot", "Pirate (A-10)")  # his name and the type his card flies
    d.do()
    same_state(d, ["pilot add pirate 5 9 1", "ac add a-10a fast", "ac set 1 pilot 1"])
    assert "Pirate flies aircraft 1 A-10A" in d.text()  # not "done: ac set 1 pilot 1"
    assert "Pirate" in d.text() and "#1" not in d.text()  # the roster names him


def test_the_pilot_picker_offers_only_the_pilots_who_may_fly_that_aircraft():
    """"Choix des Pilotes": «Un pilote ne peut voler que sur le type de machine mentionnée sur
    sa carte»; a killed or Unfit pilot, or one in another aircraft, is refused too: the picker
    offers none of them."""
    d = Driver()
    for line in ("pilot add pirate 5 9 1", "pilot add hammer 5 9 1", "pilot add viper 5 9 1",
                 "pilot add thor 5 9 1", "pilot stress 4 +10", "ac add a-10a fast",
                 "ac add ah-64a slow", "ac add a-10c fast", "ac set 3 pilot 3"):
        assert d.app.run(line.split()) is not None, (line, d.app.message)
    d.menu("Mission")
    d.page("Roster")
    d.action("pilot")
    assert offered(d, "Pilot") == ["none", "Pirate (A-10)"]  # not hammer (AH-64), viper, thor
    d.set("Aircraft", "2 AH-64A")
    assert offered(d, "Pilot") == ["none", "Hammer (AH-64)"]
    d.set("Aircraft", "3 A-10C")
    assert offered(d, "Pilot") == ["none", "Pirate (A-10)", "Viper (A-10)"]
    d.set("Pilot", "Pirate (A-10)")
    d.do()
    same_state(d, ["pilot add pirate 5 9 1", "pilot add hammer 5 9 1", "pilot add viper 5 9 1",
                   "pilot add thor 5 9 1", "pilot stress 4 +10", "ac add a-10a fast",
                   "ac add ah-64a slow", "ac add a-10c fast", "ac set 3 pilot 1"])


def test_the_altitude_picker_offers_an_ac130_high_only():
    """"Appareils et Armements": «L'AC-130 ne peut voler qu'à haute altitude»: the screen offers
    no low altitude the engine would refuse; another aircraft may go low."""
    d = Driver()
    for line in ("ac add a-10a fast", "ac add ac-130 slow"):
        assert d.app.run(line.split()) is not None, (line, d.app.message)
    d.menu("Mission")
    d.page("Roster")
    d.action("altitude")
    d.set("Aircraft", "2 AC-130")
    assert offered(d, "Altitude") == ["high"]
    d.set("Aircraft", "1 A-10A")
    assert offered(d, "Altitude") == ["high", "low"]


def offered(d, label):
    """The values a picker row offers, stepped through with RIGHT from the first."""
    d.choose(label)
    seen = [d.row_value(label)]
    for _ in range(12):
        d.press("r")
        if d.row_value(label) in seen:
            break
        seen.append(d.row_value(label))
    return sorted(seen, key=lambda v: (v != "none", v))


def test_the_roster_form_names_its_rows():
    d = Driver()
    d.menu("Mission")
    d.page("Roster")
    d.action("add")
    for label in ("Type", "Speed", "Fuel tank", "ECM pod", "Evasive"):
        d.choose(label)
    d.choose("Speed")
    assert d.row_value("Speed") == "fast"


def test_start_with_no_aircraft_at_the_base_says_why_in_the_players_words():
    """A mission needs aircraft at the base: with none the screen sends no request (the engine's
    "aircraft must be a number" is not a player's sentence) and says what is wrong."""
    d = Driver()
    d.play(("menu Mission", "action start", "do"))
    assert "No aircraft yet: add one on the Roster page" in d.flat()
    assert "must be a number" not in d.flat()
    same_state(d, [])  # nothing was sent
    d.play(("run ac add a-10a", "run mission start 1", "menu Mission", "action start", "do"))
    assert "A mission is being flown: end it before starting another" in d.flat()
    same_state(d, ["ac add a-10a", "mission start 1"])


def test_a_mission_against_a_battalion_with_fuel_priority_and_altitude():
    """"Armements des Appareils": a mission's target gives the weight penalty of its band,
    lifted by Fuel Priority (1 SO); "Tirage des marqueurs Pop-Up": the aircraft at high altitude.
    The mission end takes the target's band by default."""
    d = Driver()
    d.play(("run bn add 11a 4", "run so +2", "menu Mission", "page Roster", "action add",
            "set High altitude=yes", "do", "page Fly", "action start",
            "set Target=battalion 11A", "do"))
    assert "target-bound vs 11A" in d.flat() and "high" in d.flat()
    d.action("Fuel Priority")
    d.do()
    assert "target-bound vs 11A, Fuel Priority" in d.flat() and "SO 1" in d.flat()
    d.action("altitude")
    assert d.row_value("Altitude") == "low"  # the aircraft's other altitude
    d.do()
    assert "Aircraft 1 flies at low altitude." in d.flat()
    d.action("end")
    assert d.row_value("Target band") == "its target"
    same_state(d, ["bn add 11a 4", "so +2", "ac add a-10a fast high", "mission start 1 vs 11a",
                   "mission fuel", "ac set 1 low"])


def chits(d):
    """The chits on screen: [(words, tile ink, dashed edge)]."""
    items = d.canvas.items()
    out = []
    for i, (kind, x, y, w, h, ink, _a, flags, _o) in enumerate(items):
        if kind == FILL and w >= 30 and h == 34:
            words = " ".join(t[4] for t in d.canvas.texts()
                             if x <= t[0] < x + w and y <= t[1] < y + h)
            dashed = any(k == FRAME and f & DASHED and (fx, fy) == (x, y)
                         for k, fx, fy, _w, _h, _i, _a, f, _o in items[i + 1:i + 2])
            out.append((words, ink, dashed))
    return out


def test_cups_attack_shows_each_counter_as_a_chit_in_its_colour():
    """Hit counters: Light in yellow, Heavy in red, temporary ones held (dashed); ECM and Evasive
    applied by the engine."""
    d = Driver(seed=7)
    fly_two_a10s(d)
    d.menu("Cups")
    d.action("attack")
    d.set("Unit 1", "2 Heavy")
    d.set("Unit 2", "1 Light")
    d.do()
    r = same_state(d, MISSION_LINES + ["ac attacked 1 2h 1l"])[-1]
    assert d.title()[0] == "Hits on aircraft 1"
    assert "%d Light, %d Heavy" % (r["light"], r["heavy"]) in d.text()
    shown = chits(d)
    assert len(shown) == len(r["draws"])
    for draw, (words, ink, dashed) in zip(r["draws"], shown):
        from firmware.screens import counters  # as the counter prints it (No Cannon)

        assert counters.words(draw["effect"]) == words or \
            counters.words(draw["effect"]) in words.replace("\n", " ")
        if draw["result"] != "ignored":
            assert ink == (inks.RED if draw["side"] == "heavy" else inks.YELLOW)
            assert dashed == (draw["result"] == "held")
    # no campaign: a quick draw from the shipped mix goes on, said so in a player's words
    assert "Shipped mix, not yours" in d.text()
    assert d.ink_of("Shipped mix, not yours") == inks.PURPLE
    d.back()
    held = [x for x in r["draws"] if x["result"] == "held"]
    assert held  # this seed holds a No Cannon counter: shown beside aircraft 1 on the glance
    assert "Held until" in d.text()
    assert "No Cannon" in d.text() and d.ink_of("No Cannon") == inks.BLACK


def test_cups_popups():
    """"Tirage des marqueurs Pop-Up": each Pop-Up drawn is an enemy with a d10 hex, or No Enemy."""
    d = Driver(seed=7)
    d.menu("Cups")
    d.page("Pop-Ups")
    d.set("Pop-Ups", "3")
    d.do()
    r = same_state(d, ["cup draw popup 3"])[-1]
    text = d.text()
    for draw in r["draws"]:
        if draw.get("hex"):
            heavy = draw["attack"].endswith("h")
            assert "Hex %d:" % draw["hex"] in text
            words = "%s %s, range %d" % (draw["attack"][:-1], "Heavy" if heavy else "Light",
                                         draw["range"])
            assert words in text
            assert d.ink_of(words) == (inks.RED if heavy else inks.YELLOW)
    d.back()
    enemies = [x for x in r["draws"] if x.get("hex")]
    for x in enemies:
        assert "hex %d" % x["hex"] in d.text()  # the glance lists those on the battlefield


def test_tables_show_the_engine_answer():
    """"Couverture Ennemie"."""
    d = Driver(seed=7)
    d.menu("Tables")
    d.action("Enemy Cover")
    d.do()
    r = same_state(d, ["table cover"])[-1]
    assert "the d10 rolled %d." % r["die"] in d.text()
    assert r["result"].split()[0].capitalize() in d.text()


def test_a_table_the_documents_do_not_print_is_asked():
    d = Driver(seed=7)
    d.menu("Tables")
    d.action("Scout")
    d.do()
    assert d.app.top().name == "ask" and "Tactical Display" in d.flat()


def test_undo_names_the_screens_last_request():
    d = Driver()
    fly_two_a10s(d)
    d.action("end turn")
    d.do()
    assert "Turn 1 is over" in d.text()
    d.undo()
    assert "The end of the turn" in d.text()  # in words, not "loiter next"
    d.do()
    assert "Undone: the end of the turn" in d.text()
    assert "is over" not in d.text()  # the result line of the turn undone is gone
    same_state(d, MISSION_LINES)
