"""Missions through the protocol (damage, immunities, structure; Loiter and Bingo;
engine check and SAR) and the mission functions the counter cups use."""

import pytest

from engine.tal import fields
from engine.tal import aircraft
from engine.tal import mission
from tal_session import ask, lines_hook, new, ok, pilot_for, refused, undoable


def squadron(s, *specs):
    """Aircraft with pilots of their type: each spec is (type, 'fast'|'slow', extra words)."""
    for i, (t, speed, extra) in enumerate(specs):
        same = [x[0].rstrip("acd") for x in specs[:i]].count(t.rstrip("acd"))
        ok(s, "pilot add %s 7 12 1 %s" % (pilot_for(t, same), speed))
        ok(s, "ac add %s pilot %d %s" % (t, i + 1, extra))


def test_loiter_worked_example():
    """"Placement du Pion d'Autonomie", "Bingo Fuel", the rulebook's example of play: 5 turns, Scout
    +2, battalion note -1 -> 6."""
    s = new()
    squadron(s, ("a-10a", "fast", ""))
    ok(s, "mission start 1")
    r = ok(s, "loiter start +2 -1")
    assert (r["start"], r["left"], r["mod"]) == (6, 6, 1)


def test_loiter_with_the_scout_table():
    """"Bilan de Succès de Scout" (the rulebook's rows): a 5 gives 7 turns, a 10 gives 9 and takes
    1 stress off each pilot at mission end."""
    s = new()
    squadron(s, ("a-10a", "fast", ""))
    ok(s, "pilot stress 1 +4")
    ok(s, "mission start 1")
    r = ok(s, "loiter start scout =10")
    assert r["start"] == 9 and r["scout"]["stress"] == 1 and "data" in r
    ok(s, "mission home")
    assert ok(s, "mission end stress 0")["pilots"][0]["stress"] == 2  # 4 - 1 scout - Cool 1
    s = new()
    squadron(s, ("a-10a", "fast", ""))
    ok(s, "mission start 1")
    assert ok(s, "loiter start scout =5")["start"] == 7


def test_bingo_markers_then_crash_only_on_the_battlefield():
    """"Placement du Pion d'Autonomie", "Bingo Fuel": entering Bingo 6 every aircraft still on the
    battlefield gets a Bingo 6 marker,
    Bingo 10 flips it, moving past Bingo 10 crashes those still there; an aircraft that left
    keeps its marker and does not crash; a fuel tank gives its aircraft 2 more turns."""
    s = new()
    squadron(s, ("a-10a", "fast", ""), ("ah-64a", "slow", ""), ("f-16", "fast", "fuel"))
    ok(s, "vp +5")
    ok(s, "mission start 1 2 3")
    ok(s, "loiter start -3")  # 2 turns
    assert ok(s, "loiter next")["bingo6"] == []
    r = ok(s, "loiter next")
    assert (r["left"], r["bingo6"]) == (0, [1, 2])
    ok(s, "ac leave 2")
    r = ok(s, "loiter next")
    assert (r["bingo10"], r["crashed"]) == ([1], [])
    r = ok(s, "loiter next")
    assert (r["crashed"], r["bingo6"], r["vp"]) == ([1], [3], 4)
    assert ok(s, "ac list")["aircraft"][1]["bingo"] == 6  # left with Bingo 6: kept, no crash
    ok(s, "loiter next")
    r = ok(s, "loiter next")
    assert r["crashed"] == [3] and r["phase"] == "home-bound"


def test_bingo_check_stress():
    """"Placement du Pion d'Autonomie", "Bingo Fuel": a d10 per aircraft with a Bingo marker; below
    the marker the pilot takes the
    difference (Bingo 10 roll 3 -> 7; Bingo 6 roll 2 -> 4; the example of play: 6 -> 0)."""
    s = new()
    squadron(s, ("a-10a", "fast", ""), ("ah-64a", "slow", ""), ("f-16", "fast", ""))
    ok(s, "mission start 1 2 3")
    ok(s, "loiter start -4")  # 1 turn
    ok(s, "loiter next")  # Bingo 6 for all three
    ok(s, "ac leave 3")
    ok(s, "loiter next")  # Bingo 10 for 1 and 2
    ok(s, "ac leave 1")
    ok(s, "ac leave 2")
    r = ok(s, "bingo check =3 =10 =2")
    got = [(c["ac"], c["bingo"], c["die"], c["stress"]) for c in r["checks"]]
    assert got == [(1, 10, 3, 7), (2, 10, 10, 0), (3, 6, 2, 4)]
    assert [p["stress"] for p in ok(s, "pilot list")["pilots"]] == [7, 0, 4]
    assert "Bingo marker" in refused(s, "bingo check", "state")  # markers are done


def test_bingo_check_rules_of_use():
    """"Placement du Pion d'Autonomie", "Bingo Fuel": Bingo checks are rolled home-bound, one die
    per marked aircraft (drones have no
    pilot's stress to check)."""
    s = new()
    squadron(s, ("a-10a", "fast", ""))
    ok(s, "ac add mq-1")
    ok(s, "mission start 1 2")
    ok(s, "loiter start -4")
    ok(s, "loiter next")
    assert "home-bound" in refused(s, "bingo check", "state")
    ok(s, "mission home")
    refused(s, "bingo check =3 =4", "syntax")
    assert len(ok(s, "bingo check")["checks"]) == 1


def test_engine_check():
    """"Pilotes Crashés et SAR": target-bound, a d10 per unrepaired Engine marker; 2 or less
    crashes."""
    s = new()
    squadron(s, ("a-10a", "fast", ""), ("ah-64a", "slow", ""))
    ok(s, "ac hit 1 engine")
    ok(s, "ac hit 1 engine")
    ok(s, "ac hit 2 engine")
    ok(s, "mission start 1 2")
    refused(s, "engine check =5", "syntax")
    r = ok(s, "engine check =5 =3 =2")
    assert r["checks"] == [{"ac": 1, "dice": [5, 3], "crash": False},
                           {"ac": 2, "dice": [2], "crash": True}]
    assert r["vp"] == -1
    assert ok(s, "sar 2 =6")["mod"] == 2  # crashed target-bound: SAR +2
    # "Bilan dommages moteur" is one step of the mission: its checks are not rolled again
    assert "rolled already" in refused(s, "engine check =1 =1", "state")
    ok(s, "loiter start")
    assert "target-bound" in refused(s, "engine check", "state")
    ok(s, "mission end stress 0")
    ok(s, "day +1")
    ok(s, "mission start 1")  # the next mission rolls its own
    assert ok(s, "engine check =6 =7")["checks"] == [{"ac": 1, "dice": [6, 7], "crash": False}]


def test_sar_worked_example_and_killed():
    """"Pilotes Crashés et SAR", rulebook example: Shadow crashed target-bound, a Mk.83 (2 WP)
    spent, roll 5:
    5 + 2 + 2 = 9 -> quick recovery, +2 stress.  Pirate (battlefield, nothing spent) rolls 4:
    killed, VP -1 more ("Fin de Journée")."""
    s = new()
    squadron(s, ("ah-64a", "slow", ""), ("a-10a", "fast", ""), ("a-10a", "fast", ""))
    ok(s, "vp +4")
    ok(s, "mission start 1 2 3")
    for _ in range(2):
        ok(s, "ac hit 1 structure")
    assert ok(s, "ac hit 1 structure")["status"] == "crashed"  # 2 boxes: the 3rd hit crashes
    ok(s, "loiter start")
    r = ok(s, "sar 1 wp 2 =5")
    got = (r["result"], r["outcome"], r["stress"], r["pilot_stress"])
    assert got == (9, "quick recovery", 2, 2)
    for _ in range(4):
        ok(s, "ac hit 2 structure")
    r = ok(s, "sar 2 =4")
    assert (r["outcome"], r["vp"]) == ("killed", 1)  # 4 - 1 - 1 - 1 - 1
    assert ok(s, "pilot show 2")["status"] == "killed"
    assert "no SAR" in refused(s, "sar 2 =9", "state")


@pytest.mark.parametrize("where,mod", [("target", 2), ("battle", 0), ("home", 1)])
def test_sar_crash_phase_modifier(where, mod):
    """"Pilotes Crashés et SAR": +2 if the aircraft crashed target-bound, +1 home-bound (overridable
    by word)."""
    s = new()
    squadron(s, ("ah-1", "fast", ""))
    ok(s, "mission start 1")
    ok(s, "ac hit 1 structure")
    ok(s, "ac hit 1 structure")
    assert ok(s, "sar 1 =1")["mod"] == 2  # the crash was target-bound
    ok(s, "undo")
    assert ok(s, "sar 1 %s =1" % where)["mod"] == mod


def test_sar_outcomes_and_drones():
    """"Pilotes Crashés et SAR": SAR per crashed manned aircraft; not for drones, not after a Killed
    counter."""
    s = new()
    squadron(s, ("ah-1", "fast", ""))
    ok(s, "ac add rq-1")
    ok(s, "vp +5")
    ok(s, "mission start 1 2")
    r = ok(s, "ac hit 2 killed")
    assert (r["result"], r["status"]) == ("killed", "down") and "vp" not in r  # no VP for drones
    refused(s, "sar 2", "state")
    r = ok(s, "ac hit 1 killed")
    assert (r["status"], r["vp"]) == ("down", 3)  # crash -1, pilot killed -1
    assert "pilot killed" in refused(s, "sar 1", "state")


def test_structure_boxes():
    """"Attaques Ennemies": an aircraft crashes on the hit after its printed boxes (A-10: 3, the
    4th)."""
    s = new()
    ok(s, "ac add a-10a")
    for n in (1, 2, 3):
        r = ok(s, "ac hit 1 structure")
        assert (r["result"], r["damage"]["structure"]) == ("marked", n)
    r = ok(s, "ac hit 1 structure")
    assert (r["result"], r["status"], r["vp"]) == ("crashed", "crashed", -1)
    refused(s, "ac hit 1 structure", "state")


def test_immunities():
    """"Attaques Ennemies": unmanned aircraft ignore Stress, Wounded, Bullet Holes, HUD, Cannon; the
    AC-130
    ignores Altitude, Pylon, HUD, and a Cannon hit disables one of its 3 guns at random."""
    s = new()
    ok(s, "ac add mq-1")
    for e in ("stress 2", "wounded", "bullet-holes", "hud", "cannon"):
        assert ok(s, "ac hit 1 " + e)["result"] == "ignored"
    assert ok(s, "ac hit 1 engine")["damage"] == {"engine": 1}
    ok(s, "ac add ac-130")
    for e in ("pylon", "hud"):
        assert ok(s, "ac hit 2 " + e)["result"] == "ignored"
    assert ok(s, "ac hit 2 cannon 3")["damage"] == {"cannon": 1}
    assert ok(s, "ac hit 2 cannon 3")["damage"] == {"cannon": 1}  # the same gun again
    assert s.vals[fields.AC_DMG2 + 1] >> 6 == 4  # gun 3
    ok(s, "ac hit 2 cannon 1")
    assert ok(s, "ac list")["aircraft"][1]["damage"] == {"cannon": 2}
    assert mission.ignores(s, 1, "altitude") and not mission.ignores(s, 0, "altitude")


def test_same_damage_once_option():
    """docs/rules.md: where the documents disagree: 'the same type of damage at most once' against
    the example with two
    Engine* markers: stacking is the default, the other reading is a campaign rule."""
    s = new()
    ok(s, "ac add a-10a")
    ok(s, "ac hit 1 engine")
    assert ok(s, "ac hit 1 engine")["damage"] == {"engine": 2}
    ok(s, "campaign rule damage-once on")
    assert ok(s, "ac hit 1 pylon")["result"] == "marked"
    assert ok(s, "ac hit 1 pylon")["result"] == "ignored"
    assert ok(s, "ac hit 1 structure")["damage"]["structure"] == 1
    assert ok(s, "ac hit 1 structure")["damage"]["structure"] == 2  # structure always counts


def test_pylon_weight_points():
    """"Attaques Ennemies": Pylon* takes 2 WP off (A-10: 14 -> 12)."""
    s = new()
    ok(s, "ac add a-10a")
    assert ok(s, "ac hit 1 pylon")["wp"] == 12


def test_worked_example_first_mission():
    """docs/rules.md, the rulebook's example of play, mission against 5S (Enemy Transit): Loiter 6,
    Judge's ridge 8 - 2 = 6 -> 2 stress, Bingo 6 checks 6 -> 0 and 2 -> 4, 2 mission stress,
    Judge 11 - Cool 2 = 9, Viper 3; 3 XP each (flown, destroyed, card note); 4 VP."""
    s = new()
    ok(s, "bn add 5s 4 et")
    ok(s, "pilot add viper 7 12 0 fast")
    ok(s, "pilot add judge 7 12 2 slow")
    ok(s, "ac add a-10a pilot 1 ecm")
    ok(s, "ac add ah-64a pilot 2")
    ok(s, "mission start 1 2")
    ok(s, "loiter start +2 -1")
    ok(s, "ac hit 1 structure")
    ok(s, "ac hit 1 bullet-holes")
    ok(s, "ac hit 2 engine")
    ok(s, "loiter next")
    ok(s, "ac hit 2 stress 2")
    r = ok(s, "ridge 2 =8")
    assert (r["result"], r["stress"], r["pilot_stress"], r["crash"]) == (6, 2, 4, False)
    for _ in range(5):
        ok(s, "loiter next")
    ok(s, "ac leave 1")
    ok(s, "ac leave 2")
    ok(s, "ac hit 1 stress 1")  # the return event: Enemy Aircraft
    ok(s, "ac hit 2 stress 1")
    r = ok(s, "bingo check =6 =2")
    assert [c["stress"] for c in r["checks"]] == [0, 4]
    r = ok(s, "mission end 5s destroyed xp +1")
    assert [(p["name"], p["stress"], p["xp"]) for p in r["pilots"]] == [("viper", 3, 3),
                                                                         ("judge", 9, 3)]
    # «Je note le gain de 4 PV pour la destruction du bataillon»: the mission's end records it
    assert (r["destroyed"], r["gain"], r["vp"]) == ("5s", 4, 4)


def test_mission_end_rules():
    """docs/rules.md: mission end refuses while a SAR is due; pilots who flew cannot fly again that
    day; an aborted mission gives no stress but no rest either."""
    s = new()
    squadron(s, ("ah-1", "fast", ""), ("a-10a", "fast", ""))
    ok(s, "mission start 1")
    ok(s, "ac hit 1 structure")
    ok(s, "ac hit 1 structure")
    assert "sar 1" in refused(s, "mission end stress 2", "state")
    ok(s, "sar 1 =9")
    r = ok(s, "mission end stress 2")
    assert r["pilots"][0]["stress"] == 3  # 2 SAR + 2 - Cool 1
    assert ok(s, "ac list")["aircraft"][0]["status"] == "down"
    assert "crashed" in refused(s, "ac repair 1 structure", "state")
    assert "down" in refused(s, "mission start 1", "state")
    ok(s, "mission start 2")
    ok(s, "mission abort")
    assert "already flew" in refused(s, "mission start 2", "state")
    assert ok(s, "day end")["rested"] == []
    refused(s, "mission end et", "state")


def test_mission_end_needs_the_band_stress():
    """"Report du Stress des Pilotes": every pilot who flew takes the stress of the target's
    band: Enemy Transit 2 (the rulebook's example); another band is asked at the table."""
    s = new()
    squadron(s, ("ah-1", "fast", ""))
    ok(s, "mission start 1")
    assert "Mission stress, Front Line" in refused(s, "mission end fl", "ask")
    refused(s, "mission end", "syntax")
    assert ok(s, "mission end et")["stress"] == 2
    ok(s, "day +1")
    ok(s, "mission start 1 vs fl")
    refused(s, "mission end", "ask")  # the mission's target band by default
    r = ok(s, "answer 1")
    assert (r["stress"], r["pilots"][0]["stress"]) == (1, 1)  # 1 + 1, less Cool 1


def test_replacement_and_repair():
    """"Fin de Journée": replacing an aircraft costs 2 VP (not at 0 or less); repair 1 SO a
    marker."""
    s = new()
    ok(s, "ac add ah-1")
    ok(s, "ac hit 1 engine")
    assert "need 1" in refused(s, "ac repair 1 engine", "state")
    refused(s, "ac repair 1 hud", "state")
    ok(s, "so +1")
    assert ok(s, "ac repair 1 engine")["damage"] == {}
    ok(s, "ac hit 1 structure")
    ok(s, "ac hit 1 structure")
    assert "0 VP" in refused(s, "ac replace 1", "state")
    ok(s, "vp +3")
    r = ok(s, "ac replace 1")
    assert (r["status"], r["damage"], r["vp"]) == ("base", {}, 0)  # 3 - 1 crash - 2


def _temporary_cup(s):
    """Serve a Hit cup of temporary counters only (Attack -1 light, Attack -2 heavy)."""
    s.data = lines_hook({"tal/hit_cup.txt": "source: test\nstatus: verified test\n"
                         "10 | attack:-2 | - | attack:-1 | - | test\n"})


def test_temporary_counters_go_back_at_the_end_of_the_next_turn():
    """"Attaques Ennemies": a temporary counter stays beside its aircraft until the end of that
    aircraft's
    next turn: for a Slow pilot hit in the enemy phase, later in the same Loiter turn; for a
    Fast pilot, at the end of its turn in the next Loiter turn."""
    s = new()
    _temporary_cup(s)
    squadron(s, ("a-10a", "fast", ""), ("ah-64a", "slow", ""))
    ok(s, "mission start 1 2")
    ok(s, "loiter start")
    r = ok(s, "ac attacked 1 1l")
    assert [d["result"] for d in r["draws"]] == ["held"]
    ok(s, "ac attacked 2 1h")
    assert ok(s, "mission")["phase"] == "battlefield-slow"
    assert len(ok(s, "cup show hit")["held"]) == 2
    r = ok(s, "loiter next")
    assert [x["effect"] for x in r["returned"]] == ["attack"]  # the Slow aircraft's
    held = ok(s, "cup show hit")["held"]
    assert [h["ac"] for h in held] == [1]
    r = ok(s, "loiter enemy")  # the Fast part of the next turn is over
    assert len(r["returned"]) == 1 and ok(s, "cup show hit")["held"] == []


def test_mission_end_returns_every_held_counter():
    """"Attaques Ennemies", "Tirage des marqueurs Pop-Up": leaving the battlefield, held Hit
    counters go back (home-bound hits too)."""
    s = new()
    _temporary_cup(s)
    squadron(s, ("a-10a", "fast", ""))
    ok(s, "mission start 1")
    ok(s, "loiter start")
    ok(s, "ac attacked 1 2l")
    assert len(ok(s, "mission home")["returned"]) == 2  # leaving ends the aircraft's turn
    ok(s, "ac attacked 1 1l")  # a home-bound mission event
    r = ok(s, "mission end et")
    assert r["returned"] == {"hit": 1, "popup": 0}
    assert ok(s, "cup show hit")["in"] == 10


def test_attacked_applies_durable_hits_and_ecm():
    """"Résolution des Attaques" through the Hit cup: ECM is rolled per attacking unit, durable
    counters leave
    markers and go back at once."""
    s = new()
    s.data = lines_hook({"tal/hit_cup.txt": "source: test\nstatus: verified test\n"
                         "6 | structure* | - | engine* | - | test\n"})
    squadron(s, ("a-10a", "fast", "ecm"))
    ok(s, "mission start 1")
    r = ok(s, "ac attacked 1 1l 1l 1l")
    assert len(r["ecm_dice"]) == 3
    drawn = len(r["draws"])
    assert drawn == sum(1 for d in r["ecm_dice"] if d < 7)
    assert r["damage"].get("engine", 0) == drawn and ok(s, "cup show hit")["in"] == 6


def test_unmanned_and_family_functions():
    """The functions the cups use: family (the type on Hit counters), unmanned, gunship."""
    s = new()
    ok(s, "ac add a-10c")
    ok(s, "ac add mq-1")
    ok(s, "ac add ac-130")
    assert aircraft.family(s, 0) == "a-10" and not aircraft.unmanned(s, 0)
    assert aircraft.unmanned(s, 1) and aircraft.gunship(s, 2)


@pytest.mark.parametrize("line", [
    "ac add f-16 slow fuel ecm evasive 2", "ac set 1 fuel noecm", "ac hit 1 structure",
    "ac hit 1 stress 3", "ac hit 2 wounded", "ac repair 1 engine", "ac leave 1", "loiter next",
    "loiter enemy", "mission home", "ridge 2 =6", "sar 3 wp 2 =5"])
def test_every_mission_change_undoes_exactly(line):
    """Issue item 5 with docs/rules.md: each mission command is one undo step restoring the
    fields exactly."""
    s = new()
    ok(s, "so +5")
    ok(s, "vp +5")
    squadron(s, ("a-10a", "fast", ""), ("ah-64a", "slow", ""), ("ah-1", "fast", ""))
    ok(s, "ac hit 1 engine")
    ok(s, "mission start 1 2 3")
    ok(s, "ac hit 3 structure")
    ok(s, "ac hit 3 structure")
    ok(s, "engine check =9")  # aircraft 1's Engine marker rolls before the Loiter marker
    ok(s, "loiter start")
    undoable(s, line)


@pytest.mark.parametrize("line", ["ac set 2 nopilot", "ac set 1 pilot 1", "ac replace 3",
                                  "ac remove 3"])
def test_roster_changes_undo_exactly(line):
    """Issue item 5 with "Fin de Journée": roster changes between missions undo exactly."""
    s = new()
    ok(s, "vp +5")
    squadron(s, ("a-10a", "fast", ""), ("ah-64a", "slow", ""), ("ah-1", "fast", ""))
    ok(s, "ac set 1 nopilot")
    ok(s, "ac hit 3 structure")
    ok(s, "ac hit 3 structure")
    undoable(s, line)


@pytest.mark.parametrize("line", ["mission start 1", "loiter start +2 -1", "mission abort"])
def test_mission_phase_changes_undo_exactly(line):
    """Issue item 5: starting, placing the Loiter marker and aborting are undoable."""
    s = new()
    squadron(s, ("a-10a", "fast", ""))
    if line != "mission start 1":
        ok(s, "mission start 1")
    undoable(s, line)


def test_bingo_engine_mission_end_undo_exactly():
    """Issue item 5: Bingo checks, engine checks and mission end undo exactly."""
    s = new()
    squadron(s, ("a-10a", "fast", ""), ("ah-1", "fast", ""))
    ok(s, "ac hit 2 engine")
    ok(s, "mission start 1 2")
    undoable(s, "engine check =1")
    ok(s, "loiter start -4")
    ok(s, "loiter next")
    ok(s, "mission home")
    undoable(s, "bingo check =1")
    ok(s, "sar 2 =9")
    undoable(s, "mission end et destroyed")


@pytest.mark.parametrize("line,code", [
    ("ac", "syntax"), ("ac x", "unknown"), ("ac add b-52", "unknown"),
    ("ac add a-10a turbo", "syntax"), ("ac add a-10a evasive 9", "range"),
    ("ac hit 9 structure", "range"), ("ac hit 1 x", "unknown"), ("ac hit 1 structure 2", "syntax"),
    ("ac hit 1 altitude", "state"), ("ac set 1 pilot 5", "state"),
    ("loiter next", "state"), ("loiter start", "state"), ("mission end et", "state"),
    ("mission start 1 1", "syntax"), ("bingo", "syntax"), ("engine check", "state"),
    ("sar 1", "state"), ("ridge 1", "state"), ("ac attacked 1", "syntax"),
    ("mission x", "unknown")])
def test_bad_mission_input_is_refused(line, code):
    """Bad input gets a clear error and changes nothing."""
    s = new()
    ok(s, "ac add a-10a")
    refused(s, line, code)


def test_roster_is_full_at_eight():
    """The roster holds 8 aircraft (the record's size limit)."""
    s = new()
    for _ in range(8):
        ok(s, "ac add ah-1")
    refused(s, "ac add ah-1", "state")


FLOW = ["seed 3", "campaign start 3 30 6", "bn add 5s 4 et", "pilot add viper 7 12 0 fast",
        "pilot add judge 7 12 2 slow", "ac add a-10a buy pilot 1 ecm", "ac add ah-64a buy pilot 2",
        "ac add mq-1", "mission start 1 2 3", "so weapons 8 5", "loiter start scout =5 -1",
        "ac attacked 1 3l", "ac attacked 2 2h", "ac hit 2 stress 2", "ridge 2 =8", "loiter next",
        "loiter enemy", "loiter next", "loiter next", "loiter next", "loiter next", "loiter next",
        "mission home", "bingo check", "mission end 5s destroyed xp +1",
        "vp battalion 5s destroyed",
        "pilot rest", "so endday", "table cover", "table sar +2 +2", "undo", "undo", "ac list",
        "pilot list", "campaign"]


def test_mission_flow_is_the_same_on_micropython():
    """The same mission and campaign flow (dice, cups, data files) replies byte for byte the same
    on CPython and on the MicroPython unix port (given a heap with room for every rules module
    of the flow: the .mpy bytecode lives in the unix port's heap)."""
    from conftest import run_console
    a = run_console("cpython", FLOW)
    b = run_console("micropython", FLOW, heap="512K")
    assert a == b and len(a.splitlines()) == len(FLOW)


def test_attacked_undoes_cup_and_aircraft_exactly():
    """Issue item 5 with "Attaques Ennemies": an attack drawn from the Hit cup is one undo step: the
    cup's
    counters, the aircraft's markers and the pilot's stress come back exactly (not the dice)."""
    s = new(4)
    squadron(s, ("a-10a", "fast", "ecm"), ("ah-64a", "slow", ""))
    ok(s, "mission start 1 2")
    ok(s, "loiter start")
    ok(s, "ac attacked 1 3l")  # seed 4: a temporary counter is held
    vals = list(s.vals)
    dice = s.rng.get_state()
    r = ok(s, "ac attacked 2 2h")
    assert r["draws"] and list(s.vals) != vals
    assert ask(s, "undo")["undone"] == "ac attacked 2 2h"
    assert list(s.vals) == vals and s.rng.get_state() != dice


def test_table_lookups_are_not_undo_steps():
    """Look-ups change no state: `undo` still takes back the last change."""
    s = new()
    ok(s, "so +2")
    ok(s, "table cover")
    ok(s, "table sar =5")
    assert ask(s, "undo")["undone"] == "so +2"
