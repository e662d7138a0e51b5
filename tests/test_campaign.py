"""Campaign rules through the protocol (RULES §6: SO, Day, VP, battalions; EXP3 VP example)."""

import pytest

from tal_session import ask, new, ok, refused, undoable


def test_so_contract_forms():
    """RULES §6: `so`, `so +N`, `so -N` reply exactly {"ok":true,"so":N}."""
    s = new()
    assert ask(s, "so") == {"ok": True, "so": 0}
    assert ask(s, "so +3") == {"ok": True, "so": 3}
    assert ask(s, "so -2") == {"ok": True, "so": 1}
    assert ask(s, "so set 15") == {"ok": True, "so": 15}
    assert ask(s, "so +1") == {"ok": True, "so": 16}  # above the printed track's 15: still counted


def test_overspending_is_refused_and_changes_nothing():
    """RULES §6: a cost that cannot be paid ends the campaign in failure; the device refuses the
    spend (error state, nothing changed) and says how to record the failure."""
    s = new()
    ok(s, "so +3")
    msg = refused(s, "so -4", "state")
    assert "have 3, need 4" in msg and "failure" in msg and "campaign fail" in msg
    assert ask(s, "so") == {"ok": True, "so": 3}
    assert ok(s, "campaign fail")["status"] == "failed"
    assert ask(s, "undo")["undone"] == "campaign fail"
    assert ok(s, "campaign")["status"] == "on"


@pytest.mark.parametrize("points,cost", [("8", 1), ("13", 2), ("32", 4), ("10", 1), ("0", 0),
                                         ("8 2", 1), ("9 2", 2), ("14 14 4", 4)])
def test_weapons_cost_per_ten_points_or_fraction(points, cost):
    """RULES §6: 1 SO per 10 armament points or fraction, summed over the mission's aircraft
    (rulebook: 8 -> 1, 13 -> 2, 32 -> 4; an 8-point A-10C leaves points 9 and 10 free)."""
    s = new()
    ok(s, "so set 10")
    r = ok(s, "so weapons " + points)
    assert r["cost"] == cost and r["so"] == 10 - cost
    assert r["points"] == sum(int(p) for p in points.split())


def test_weapons_cost_that_cannot_be_paid_is_refused():
    """RULES §6: 32 points cost 4 SO; with 3 the purchase is refused, nothing changes."""
    s = new()
    ok(s, "so +3")
    assert "need 4" in refused(s, "so weapons 32", "state")


def test_end_of_day_gain_and_losses():
    """RULES §6: + daily SO, -1 per battalion in Friendly Rear, -3 per battalion at the Air Base."""
    s = new()
    ok(s, "campaign start 3 0 6")
    assert ok(s, "so endday 6 2 1") == {"ok": True, "gain": 6, "fr": 2, "ab": 1, "loss": 5, "so": 1}
    # from the sector map: two in Friendly Rear, one at the Air Base, a destroyed one not counted
    ok(s, "bn add 1a 5 fr")
    ok(s, "bn add 2a 3 fr")
    ok(s, "bn add 3a 3 ab")
    ok(s, "bn add 4a 3 ab")
    ok(s, "vp battalion 4a destroyed")
    assert "already" in refused(s, "so endday", "state")  # once a day
    ok(s, "day +1")
    r = ok(s, "so endday")
    assert (r["gain"], r["fr"], r["ab"], r["loss"], r["so"]) == (6, 2, 1, 5, 2)


def test_end_of_day_loss_that_cannot_be_paid_fails_and_changes_nothing():
    """RULES §6: gain first, then the losses; if they cannot be paid the campaign fails."""
    s = new()
    msg = refused(s, "so endday 1 0 1", "state")
    assert "have 1, need 3" in msg and "campaign fail" in msg


def test_worked_example_so_track():
    """RULES §6, the rulebook's example of play: 30 SO - 20 (aircraft) - 2 scouts - 4 promotions
    = 4; -1 (battalion 3S note) -2 (13 weapon points) -1 (weapons) = 0; +6 daily = 6;
    -2 repairs = 4."""
    s = new()
    ok(s, "campaign start 3 30 6")
    for t in ("a-10a", "ah-64a", "ah-64a", "ah-1", "ah-1"):
        ok(s, "ac add %s buy" % t)
    assert ask(s, "so") == {"ok": True, "so": 10}
    ok(s, "so -2")
    ok(s, "pilot add pirate 4 6 0 level green")
    ok(s, "pilot add viper 4 6 0")
    ok(s, "pilot add rock 4 6 0")
    ok(s, "pilot promote 1")
    ok(s, "pilot promote 2")
    assert ok(s, "pilot promote 3 2")["level"] == "veteran"
    assert ask(s, "so") == {"ok": True, "so": 4}
    ok(s, "so -1")
    assert ok(s, "so weapons 13")["so"] == 1
    ok(s, "so -1")
    assert ok(s, "so endday")["so"] == 6
    ok(s, "ac hit 2 engine")
    ok(s, "ac hit 1 bullet-holes")
    ok(s, "ac repair 2 engine")
    assert ok(s, "ac repair 1 bullet-holes")["so"] == 4


def test_day_track():
    """RULES §6: days 1..campaign length; the campaign ends after the last day."""
    s = new()
    assert ok(s, "campaign start 3 10 2")["day"] == 1
    assert ask(s, "day") == {"ok": True, "day": 1, "days": 3}
    assert ask(s, "day +1") == {"ok": True, "day": 2, "days": 3}
    ok(s, "day +1")
    assert "last" in refused(s, "day +1", "state")
    assert ok(s, "campaign end")["status"] == "over"
    refused(s, "day +2", "syntax")
    refused(s, "day set 4", "range")
    assert ok(s, "day set 1")["day"] == 1


def test_vp_contract_forms_and_exp3_example():
    """RULES §6 and §9 (EXP3): `vp +N`/`vp -N` -> {"ok":true,"vp":N}; a CAS card drawn: -2 VP,
    3 Unengaged Squads x +1: the mission nets +1 VP."""
    s = new()
    assert ask(s, "vp") == {"ok": True, "vp": 0}
    assert ask(s, "vp -2") == {"ok": True, "vp": -2}
    assert ask(s, "vp +3") == {"ok": True, "vp": 1}
    assert ask(s, "vp set -4") == {"ok": True, "vp": -4}


def test_battalion_vp_halved_then_destroyed():
    """RULES §6: a halved battalion gives half its VP rounded down, the rest when destroyed later
    (rulebook: half of 5 -> 2, later 3)."""
    s = new()
    ok(s, "bn add 1a 5 fl")
    r = ok(s, "vp battalion 1a half")
    assert (r["gain"], r["vp"], r["battalions_left"]) == (2, 2, 1)
    r = ok(s, "vp battalion 1a destroyed")
    assert (r["gain"], r["vp"], r["battalions_left"]) == (3, 5, 0)
    refused(s, "vp battalion 1a destroyed", "state")
    refused(s, "vp battalion 1a half", "state")
    ok(s, "bn add 5s 4 et")
    assert ok(s, "vp battalion 5s destroyed")["gain"] == 4  # destroyed at once: all of it
    refused(s, "vp battalion 9c half", "state")
    refused(s, "vp battalion 1a gone", "syntax")


def test_battalions_move_within_the_map():
    """RULES §8 battalion movement: one band towards the Air Base or back, never beyond the Enemy
    Rear nor past the Air Base; Fixed battalions never move."""
    s = new()
    ok(s, "bn add 2c 3 er")
    assert ok(s, "bn move 2c retreat")["band"] == "er"
    assert ok(s, "bn move 2c advance")["band"] == "et"
    ok(s, "bn move 2c ab")
    assert ok(s, "bn move 2c advance")["band"] == "ab"
    ok(s, "bn add 6s 2 et fixed")
    assert "Fixed" in refused(s, "bn move 6s advance", "state")
    assert "Fixed" in refused(s, "bn roll 6s =5", "state")
    refused(s, "bn add 2c 3 er", "state")
    refused(s, "bn add 2x 3 er", "syntax")
    refused(s, "bn add 2c 3 zz", "unknown")


def test_battalion_movement_table_is_data():
    """RULES §8: the Battalion Movement table is DATA; the rulebook's example (Assault battalions
    advance on a 5) is the only row shipped; other rows are refused, naming the file."""
    s = new()
    ok(s, "bn add 4a 3 fl")
    r = ok(s, "bn roll 4a =5")
    assert (r["move"], r["band"], r["result"]) == ("advance", "ft", 5)
    assert "data/tal/movement.txt" in refused(s, "bn roll 4a =2", "state")
    r = ok(s, "bn roll 4a =3 +2")  # card notes give +2
    assert r["move"] == "advance" and r["band"] == "fr"


def test_campaign_start_and_summary():
    """RULES §6: SO start value, daily gain and length from the cards."""
    s = new()
    r = ok(s, "campaign start 3 30 6")
    got = (r["day"], r["days"], r["so"], r["daily"], r["vp"], r["status"])
    assert got == (1, 3, 30, 6, 0, "on")
    refused(s, "campaign start 0 30 6", "range")
    refused(s, "campaign start 3 30", "syntax")
    assert ok(s, "campaign rule damage-once on")["damage_once"] is True


@pytest.mark.parametrize("line", [
    "so +3", "so set 7", "so weapons 13", "so endday 6 1 0", "vp +2", "vp -1", "vp set 9",
    "vp battalion 5s half", "day +1", "day set 2", "campaign start 3 30 6", "campaign fail",
    "campaign end", "campaign rule damage-once on", "bn add 7a 2 fl", "bn move 5s advance",
    "bn move 5s fr", "bn roll 1a =5", "bn remove 5s"])
def test_every_campaign_change_undoes_exactly(line):
    """Issue item 5 with RULES §6: each state-changing command is one undo step restoring the
    fields exactly."""
    s = new()
    ok(s, "campaign start 3 10 6")
    ok(s, "bn add 5s 4 et")
    ok(s, "bn add 1a 5 fl")
    undoable(s, line)


@pytest.mark.parametrize("line,code", [
    ("so x", "unknown"), ("so +x", "syntax"), ("so +1000", "range"), ("so set", "syntax"),
    ("so weapons", "syntax"), ("so weapons 100", "range"),
    ("so weapons 1 2 3 4 5 6 7 8 9", "syntax"),
    ("so endday 6 1", "syntax"), ("vp +1000", "range"), ("vp x", "unknown"), ("day +x", "syntax"),
    ("campaign x", "unknown"), ("campaign rule x on", "syntax"), ("bn", "syntax"),
    ("bn x", "unknown"),
    ("bn move 9a advance", "state"), ("so -1 -1", "syntax")])
def test_bad_campaign_input_is_refused(line, code):
    """Bad input gets a clear error and changes nothing."""
    refused(new(), line, code)


def test_new_day_clears_the_pilots_flew_bit():
    """RULES §7: a day without flying is counted per day; the campaign commands clear the pilots'
    'flew today' bit with their own copy of its value, which must stay the pilots' one."""
    from engine import cmd_campaign, pilots
    assert cmd_campaign.FLEW == pilots.FLEW
    s = new()
    ok(s, "pilot add viper 7 12 0")
    ok(s, "ac add a-10a pilot 1")
    ok(s, "mission start 1")
    ok(s, "mission abort")
    assert ok(s, "pilot show 1")["flew"] is True
    ok(s, "day +1")
    assert ok(s, "pilot show 1")["flew"] is False
