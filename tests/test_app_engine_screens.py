"""The Cups, Mission, Campaign and Tables screens (issue: the device, item 1; docs/rules.md).

Each screen must act only through the engine's protocol: after a key sequence the app's state
(fields and dice) equals that of a bare session given the request lines the keys stand for.
"""

from appkit import Driver, ask, twin
from firmware import canvas as C

MISSION = "tdda" + "sa" + "drua" + "s" + "rra" + "ra"  # add A-10A, A-10C; start; loiter
MISSION_LINES = ["ac add a-10a fast", "ac add a-10c fast", "mission start 1 2", "loiter start"]


def same_state(d, lines, seed=7):
    """The app's session equals a bare one that ran `lines`; returns the bare one's replies."""
    t = twin(seed)
    replies = [ask(t, line) for line in lines]
    for line, r in zip(lines, replies):
        assert r["ok"], (line, r)
    assert list(d.session.vals) == list(t.vals)
    assert d.session.rng.get_state() == t.rng.get_state()
    return replies


def test_mission_flow_is_the_protocol_requests():
    """"Placement du Pion d'Autonomie", "Bingo Fuel": a mission starts with 5 Loiter turns; the
    marker advances each turn."""
    d = Driver()
    lines = d.press(MISSION)
    same_state(d, MISSION_LINES)
    assert lines[0].startswith("MISSION") and "T0 L5" in lines[0]
    d.press("llla")  # end turn
    same_state(d, MISSION_LINES + ["loiter next"])
    assert "T1 L4" in d.screen()[0]
    assert d.canvas.line(2).split()[:3] == ["1", "a-10a", "4"]
    assert d.app.session.undo_line() == b"loiter next"  # the undo step has the request's name


def test_bingo_markers_show_in_their_colours():
    """"Placement du Pion d'Autonomie", "Bingo Fuel": entering Bingo 6 marks every aircraft still
    there; Bingo 10 flips it."""
    d = Driver()
    d.press(MISSION + "llla")
    seen = set()
    for _ in range(12):
        d.press("a")
        while d.app.top().name == "reveal":  # the end-of-turn summary when markers come
            d.press("b")
        text = d.canvas.line(2)
        if "B6" in text:
            assert d.ink_of("B6") == C.YELLOW
            seen.add(6)
        if "B10" in text:
            assert d.ink_of("B10") == C.RED
            seen.add(10)
    assert seen == {6, 10}


def test_leave_the_battlefield():
    d = Driver()
    d.press(MISSION + "lla")  # FLY: loiter -> start -> leave; aircraft 1
    t = twin()
    for line in MISSION_LINES + ["ac leave 1"]:
        ask(t, line)
    assert list(d.session.vals) == list(t.vals)


def test_cups_attack_reveals_each_counter_in_its_colour():
    """"Attaques Ennemies": Light in yellow, Heavy in red; ECM and Evasive applied by the engine."""
    d = Driver(seed=7)
    d.press(MISSION + "tua" + "dddra")  # Cups: aircraft 1, units 2H and 1L
    replies = same_state(d, MISSION_LINES + ["ac attacked 1 2h 1l"])
    r = replies[-1]
    assert d.app.top().name == "reveal"
    lines = d.screen()
    assert "Light %d  Heavy %d" % (r["light"], r["heavy"]) in lines
    row = lines.index("Light %d  Heavy %d" % (r["light"], r["heavy"])) + 1
    for draw in r["draws"]:
        text = d.canvas.line(row)
        assert draw["effect"] in text
        if "ignored" not in draw["result"]:
            want = C.RED if draw["side"] == "heavy" else C.YELLOW
            assert d.canvas.ink_at(0, row) == want, text
        row += 1
    assert "placeholder mix" in d.text()  # the counter mix is a placeholder: said where it is used


def test_cups_popups():
    """"Tirage des marqueurs Pop-Up": each Pop-Up drawn is an enemy with a d10 hex, or No Enemy."""
    d = Driver(seed=7)
    d.menu("Cups")
    d.press("sdrra")  # POP-UP page, 3 Pop-Ups
    r = same_state(d, ["cup draw popup 3"])[-1]
    text = d.text()
    for draw in r["draws"]:
        if draw.get("hex"):
            assert "%s %s r%s hex %d" % (draw["unit"].upper(), draw["attack"], draw["range"],
                                         draw["hex"]) in text
    d.press("b")
    out = ask(twin(7), "cup draw popup 3")
    enemies = [x for x in out["draws"] if x.get("hex")]
    if enemies:
        assert "#%d" % enemies[0]["n"] in d.text()  # the glance lists those out


def test_campaign_tracks_and_pilots():
    """docs/rules.md: SO, Day, VP; a pilot's stress gives his status (Shaken in yellow)."""
    d = Driver()
    d.press("tddda" + "lla")  # start: the set-up begins with an empty squadron
    d.app.run(["ac", "add", "a-10a"])  # bought at the set-up (the Mission screen's job)
    d.press("sla" + "drua" + "r" + "ddrrrrra")
    same_state(d, ["campaign start 10 20 3", "ac add a-10a", "pilot add #1 5 9 1 fast",
                   "pilot add #2 5 9 1 fast", "pilot stress 1 +6"])
    assert d.screen()[0].endswith("Day 0/10")  # the set-up: the Day marker goes on 1 after it
    assert "SO 12" in d.text()  # 20 - the A-10A's 8
    assert d.ink_of("shaken") == C.YELLOW


def test_a_cost_that_cannot_be_paid_is_refused_with_the_rules_consequence():
    """"Fin de Journée": if a cost cannot be paid the campaign ends in failure (the player records
    it)."""
    d = Driver()
    d.press("tddda" + "lla")  # start: 20 SO
    d.press("rrr" + "d" + "r" * 29 + "a")  # so -30
    assert "failure" in d.app.message
    assert d.app.message_ink == C.RED
    assert "SO 20" in d.text()  # nothing changed


def test_tables_show_the_engine_answer():
    """"Couverture Ennemie"."""
    d = Driver(seed=7)
    d.press("tdddda" + "a")
    r = same_state(d, ["table cover"])[-1]
    assert "die %d" % r["die"] in d.text()
    assert r["result"].split()[0] in d.text()


def test_undo_names_the_screens_last_request():
    d = Driver()
    d.press(MISSION + "llla" + "B")
    assert "loiter next" in d.text()
    d.press("a")
    same_state(d, MISSION_LINES)


def test_a_pilot_is_assigned_to_an_aircraft():
    d = Driver()
    d.app.run(["pilot", "add", "pirate", "5", "9", "1"])
    d.press("tdda" + "sa" + "r" + "dda")  # ROSTER: add A-10A; pilot: aircraft 1, pilot 1
    same_state(d, ["pilot add pirate 5 9 1", "ac add a-10a fast", "ac set 1 pilot 1"])
