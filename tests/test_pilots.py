"""Pilots through the protocol (stress, status, Cool, rest, R&R, XP, promotion;
Wounded and Bullet Holes; replacements and priority promotion)."""

import pytest

from engine.tal import fields
from engine.tal import pilots
from tal_session import ask, new, ok, refused, undoable, ready


def test_status_follows_the_card_limits():
    """"Stress", "Promotion des Pilotes": Okay up to the card's Okay limit (the rulebook's card:
    0..7), then Shaken up to
    the Shaken limit, then Unfit."""
    s = new()
    ok(s, "pilot add viper 7 12 0")
    assert ok(s, "pilot stress 1 +7")["status"] == "okay"
    assert ok(s, "pilot stress 1 +1") == {"ok": True, "pilot": 1, "stress": 8, "status": "shaken"}
    assert ok(s, "pilot stress 1 +4")["status"] == "shaken"
    assert ok(s, "pilot stress 1 +1")["status"] == "unfit"
    assert ok(s, "pilot stress 1 -20")["stress"] == 0  # never below 0
    refused(s, "pilot add thor 8 7 0", "range")  # Shaken limit below the Okay limit


def test_cool_at_mission_end_reduces_the_whole_stress():
    """"Stress", "Promotion des Pilotes", rulebook example: 3 stress before, 1 during the mission,
    Cool 2 -> 2."""
    s = new()
    ok(s, "pilot add judge 7 12 2")
    ok(s, "pilot stress 1 +3")
    ok(s, "ac add ah-64a pilot 1")
    ok(s, "mission start 1")
    ok(s, "mission home")
    r = ok(s, "mission end stress 1")
    assert r["pilots"][0]["stress"] == 2


def test_rest_day_recovery_at_day_end():
    """"Récupération de Stress au Repos", rulebook example: Pirate has 8 stress, does not fly on
    day 3, Cool 1: recovers 2 + 1 and starts day 4 with 5.  Pilots who flew that day do not
    recover; the rest comes once, with `day end`."""
    s = new()
    ok(s, "campaign start 5 30 2")
    ok(s, "ac add a-10a")
    ok(s, "pilot add pirate 7 12 1")
    ok(s, "pilot add viper 7 12 0")
    ready(s)
    ok(s, "pilot stress 1 +8")
    ok(s, "pilot stress 2 +6")
    ok(s, "ac set 1 pilot 2")
    ok(s, "mission start 1")
    ok(s, "mission home")
    ok(s, "mission end stress 0")
    r = ok(s, "day end")
    assert r["rested"] == [{"pilot": 1, "recovered": 3, "stress": 5, "status": "okay"}]
    assert ok(s, "pilot show 2")["stress"] == 6
    assert "already" in refused(s, "day end", "state")
    ok(s, "day next")
    ok(s, "day +1")
    assert ok(s, "day end")["rested"][1] == {"pilot": 2, "recovered": 2, "stress": 4,
                                            "status": "okay"}


def test_rr_priority():
    """docs/rules.md, rulebook example: R&R costs 2 SO, every pilot recovers 2 stress plus Cool
    (Cool +1: 3); once a day."""
    s = new()
    ok(s, "pilot add pirate 7 12 1")
    ok(s, "pilot add viper 7 12 0")
    ok(s, "pilot stress 1 +5")
    ok(s, "pilot stress 2 +5")
    assert "need 2" in refused(s, "pilot rr", "state")
    ok(s, "so +3")
    r = ok(s, "pilot rr")
    assert r["so"] == 1 and [p["stress"] for p in r["rested"]] == [2, 3]
    ok(s, "so +2")
    assert "already" in refused(s, "pilot rr", "state")


def test_xp_promotion_with_carry_over():
    """"Stress", "Promotion des Pilotes", rulebook example: Divot (Newbie) needs 4 XP, had 3, gains
    2: promoted, and the
    extra point counts towards the next level."""
    s = new()
    ok(s, "pilot add divot 3 5 0 level newbie need 4")
    assert ok(s, "pilot xp 1 +3")["promoted"] is False
    r = ok(s, "pilot xp 1 +2")
    assert (r["promoted"], r["level"], r["xp"], r["need"]) == (True, "green", 1, None)
    assert "pilot card" in r["note"]
    # the next card's XP number is entered from the card; then it counts again
    ok(s, "pilot card 1 4 6 0 need 3")
    assert ok(s, "pilot xp 1 +1")["level"] == "green"
    r = ok(s, "pilot xp 1 +2")
    assert (r["promoted"], r["level"], r["xp"]) == (True, "average", 1)


def test_no_promotion_past_ace_nor_without_the_cards_number():
    """"Stress", "Promotion des Pilotes": promotion needs the card's XP number; Ace is the top
    level."""
    s = new()
    ok(s, "pilot add gator 7 12 0 level ace need 5")
    assert ok(s, "pilot xp 1 +9")["promoted"] is False
    ok(s, "pilot add rock 7 12 0")
    assert ok(s, "pilot xp 2 +9")["promoted"] is False  # need not entered


def test_priority_promotion_costs_one_so_per_level():
    """"Fin de Journée", rulebook example: Shadow Average -> Veteran and Gator Green -> Skilled: 4
    SO."""
    s = new()
    ok(s, "so +5")
    ok(s, "pilot add shadow 7 12 0")
    ok(s, "pilot add gator 7 12 0 level green")
    assert ok(s, "pilot promote 1 2")["level"] == "veteran"
    r = ok(s, "pilot promote 2 2")
    assert (r["level"], r["so"]) == ("skilled", 1)
    assert "need 2" in refused(s, "pilot promote 2 2", "state")
    ok(s, "pilot level 1 ace")
    refused(s, "pilot promote 1", "state")


def test_wounded_stress_no_recovery_second_wound_kills():
    """"Attaques Ennemies": Wounded* gives 4 stress and a marker on the pilot; stress cannot go down
    until it
    is repaired (1 SO); a second Wounded kills the pilot and the aircraft crashes (VP -2)."""
    s = new()
    ok(s, "so +2")
    ok(s, "pilot add hammer 7 12 1")
    ok(s, "ac add ah-64a pilot 1")
    ok(s, "mission start 1")
    r = ok(s, "ac hit 1 wounded")
    assert r["stress"] == 4 and r["result"] == "marked"
    assert ok(s, "pilot show 1")["wounded"] is True
    assert "Wounded" in refused(s, "pilot stress 1 -1", "state")
    ok(s, "pilot heal 1")
    assert ok(s, "pilot stress 1 -1")["stress"] == 3
    ok(s, "ac hit 1 wounded")
    r = ok(s, "ac hit 1 wounded")
    assert (r["result"], r["status"], r["vp"]) == ("killed", "down", -2)
    assert ok(s, "pilot show 1")["status"] == "killed"
    refused(s, "pilot heal 1", "state")


def test_bullet_holes_stress_at_every_mission():
    """"Bullet Holes*": «Un pilote prend 1 Stress au moment où il est assigné à un appareil pour
    chaque dommage de trou d'obus présent sur l'avion.»  Pilots are assigned to aircraft at every
    mission ("Choix des pilotes et appareils"): a pilot who keeps his holed aircraft pays again
    at each mission; putting him in the aircraft (ac set) costs nothing by itself, and a hole
    taken during a mission counts from the next one («affecte les missions futures»)."""
    s = new()
    ok(s, "pilot add viper 7 12 0")
    ok(s, "ac add a-10a")
    ok(s, "ac hit 1 bullet-holes")
    ok(s, "ac hit 1 bullet-holes")
    assert ok(s, "ac set 1 pilot 1")["stress"] == 0
    r = ok(s, "mission start 1")
    assert r["holes"] == [{"ac": 1, "pilot": 1, "stress": 2}]
    ok(s, "ac hit 1 bullet-holes")  # during the mission: for the next ones
    assert ok(s, "pilot show 1")["stress"] == 2
    ok(s, "mission home")
    ok(s, "mission end stress 0")
    ok(s, "day end")
    ok(s, "day next")
    ok(s, "day +1")
    assert ok(s, "mission start 1")["holes"] == [{"ac": 1, "pilot": 1, "stress": 3}]
    assert ok(s, "pilot show 1")["stress"] == 5
    ok(s, "mission abort")


def test_unfit_and_killed_pilots_cannot_be_assigned():
    """"Stress", "Promotion des Pilotes": an Unfit pilot cannot be assigned; a killed one is
    gone."""
    s = new()
    ok(s, "pilot add viper 2 4 0")
    ok(s, "pilot stress 1 +5")
    ok(s, "ac add a-10a")
    assert "Unfit" in refused(s, "ac set 1 pilot 1", "state")
    ok(s, "pilot add thor 7 12 0")
    ok(s, "ac set 1 pilot 2")
    ok(s, "ac add a-10a")
    assert "aircraft 1" in refused(s, "ac set 2 pilot 2", "state")


def test_replacement_pilot_costs_one_vp_not_at_zero():
    """"Fin de Journée": a new pilot of the same level costs 1 VP; not allowed at 0 VP or less
    (rulebook example: Grandpa, killed, replaced by Freak at Average)."""
    s = new()
    ok(s, "pilot add grandpa 4 6 0")
    ok(s, "pilot stress 1 +3")
    assert "0 VP" in refused(s, "pilot replace 1 freak 4 6 0", "state")
    ok(s, "vp +6")
    r = ok(s, "pilot replace 1 freak 5 8 1")
    assert (r["name"], r["level"], r["stress"], r["vp"], r["cool"]) == ("freak", "average", 0, 5, 1)


def test_names_come_from_the_data_file():
    """Pilot names are numbers into data/tal/pilots.txt (card data is DATA)."""
    s = new()
    assert "pilots.txt" in refused(s, "pilot add nobody 7 12 0", "unknown")
    assert ok(s, "pilot add #77 7 12 0")["name"] == "#77"
    ok(s, "pilot add viper 7 12 0")
    assert "pilot 2" in refused(s, "pilot add viper 7 12 0", "state")
    assert s.vals[fields.P_NAME + 1] == 2  # viper is name 2 of the file


def test_roster_is_full_at_twelve():
    """The roster holds 12 pilots (the record's size limit)."""
    s = new()
    for n in range(1, 13):
        ok(s, "pilot add #%d 7 12 0" % n)
    refused(s, "pilot add #13 7 12 0", "state")
    ok(s, "pilot remove 4")
    assert ok(s, "pilot add #13 7 12 0")["pilot"] == 4


def test_gain_xp_function_carries_over():
    """"Stress", "Promotion des Pilotes" at the function level: surplus XP carries over, one level
    per promotion."""
    s = new()
    v = s.vals
    v[fields.P_NAME] = 1
    v[fields.P_NEED] = 4
    v[fields.P_XP] = 3
    assert pilots.gain_xp(v, 0, 2) == 1 and v[fields.P_XP] == 1 and pilots.level(v, 0) == 1


@pytest.mark.parametrize("line", [
    "pilot add thor 7 12 1 slow evasive 1", "pilot card 1 8 13 2 slow", "pilot stress 1 +3",
    "pilot xp 1 +2", "pilot promote 1", "pilot level 1 ace", "day end", "pilot rr",
    "pilot heal 2", "pilot replace 1 thor 4 6 0", "pilot remove 1"])
def test_every_pilot_change_undoes_exactly(line):
    """Issue item 5 with "Stress", "Promotion des Pilotes": each pilot command is one undo step
    restoring every field."""
    s = new()
    ok(s, "so +5")
    ok(s, "vp +5")
    ok(s, "pilot add viper 7 12 1 need 4")
    ok(s, "pilot add judge 7 12 2")
    ok(s, "pilot stress 1 +6")
    ok(s, "pilot stress 2 +2")
    ok(s, "ac add ah-64a pilot 2")
    ok(s, "ac hit 1 wounded")
    undoable(s, line)


@pytest.mark.parametrize("line,code", [
    ("pilot", "syntax"), ("pilot x", "unknown"), ("pilot add viper 7 12", "syntax"),
    ("pilot add viper 7 12 9", "range"), ("pilot add viper 7 12 0 level x", "unknown"),
    ("pilot add viper 7 12 0 fast x", "syntax"), ("pilot stress 1 3", "state"),
    ("pilot stress 13 +1", "range"), ("pilot xp 1 -1", "state"), ("pilot show", "syntax")])
def test_bad_pilot_input_is_refused(line, code):
    """Bad input gets a clear error and changes nothing."""
    refused(new(), line, code)


def test_killed_pilot_has_one_status():
    """"Pilotes Crashés et SAR": «Tué: Le pilote ne peut plus être de service pour cette
    campagne». A pilot killed by SAR shows one status everywhere: "killed" in `pilot list`,
    `pilot show` and `mission end` alike."""
    s = new()
    ok(s, "vp +5")
    ok(s, "pilot add grandpa 7 12 0")
    ok(s, "ac add ah-1 pilot 1")
    ok(s, "mission start 1")
    ok(s, "loiter start")
    ok(s, "ac hit 1 structure")
    ok(s, "ac hit 1 structure")
    assert ok(s, "sar 1 =4")["outcome"] == "killed"
    end = ok(s, "mission end stress 1")["pilots"][0]
    shown = ok(s, "pilot list")["pilots"][0]
    assert end["status"] == shown["status"] == ok(s, "pilot show 1")["status"] == "killed"
    assert "killed" not in shown  # no second flag that could disagree
