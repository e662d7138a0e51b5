"""Campaign rules through the protocol: SO, the Day and its end, VP, battalions (docs/rules.md)."""

import pytest

from tal_session import ask, new, ok, refused, undoable
from tal_session import ready as set_up_done


def test_so_contract_forms():
    """"Fin de Journée": `so`, `so +N`, `so -N` reply exactly {"ok":true,"so":N}."""
    s = new()
    assert ask(s, "so") == {"ok": True, "so": 0}
    assert ask(s, "so +3") == {"ok": True, "so": 3}
    assert ask(s, "so -2") == {"ok": True, "so": 1}
    assert ask(s, "so set 15") == {"ok": True, "so": 15}
    assert ask(s, "so +1") == {"ok": True, "so": 16}  # above the printed track's 15: still counted


def test_overspending_is_refused_and_changes_nothing():
    """"Fin de Journée": a cost that cannot be paid ends the campaign in failure; the device refuses
    the
    spend (error state, nothing changed) and says how to record the failure."""
    s = new()
    ok(s, "so +3")
    msg = refused(s, "so -4", "state")
    assert "have 3, need 4" in msg and "failure" in msg and "campaign fail" in msg
    assert ask(s, "so") == {"ok": True, "so": 3}
    assert ok(s, "campaign fail")["status"] == "failed"
    assert ask(s, "undo")["undone"] == "campaign fail"
    assert ok(s, "campaign")["status"] == "none"  # no campaign was started


@pytest.mark.parametrize("points,cost", [("8", 1), ("13", 2), ("32", 4), ("10", 1), ("0", 0),
                                         ("8 2", 1), ("9 2", 2), ("14 14 4", 4)])
def test_weapons_cost_per_ten_points_or_fraction(points, cost):
    """"Fin de Journée": 1 SO per 10 armament points or fraction, summed over the mission's aircraft
    (rulebook: 8 -> 1, 13 -> 2, 32 -> 4; an 8-point A-10C leaves points 9 and 10 free)."""
    s = new()
    ok(s, "so set 10")
    r = ok(s, "so weapons " + points)
    assert r["cost"] == cost and r["so"] == 10 - cost
    assert r["points"] == sum(int(p) for p in points.split())


def test_weapons_armed_in_several_requests_are_summed_over_the_mission():
    """"Point de coût d'Armement": «je pourrais utiliser les 9èm et 10èm points d'armement sur
    d'autres avions sans avoir à payer un point SO additionnel»: during a mission, the points one
    request paid for and did not use go first; outside a mission each request stands alone."""
    s = new()
    ok(s, "so set 10")
    ok(s, "ac add a-10a")
    ok(s, "ac add a-10a")
    ok(s, "mission start 1 2")
    costs = [(r["cost"], r.get("paid_before", 0)) for r in
             (ok(s, "so weapons " + p) for p in ("8", "2", "5", "3", "13"))]
    assert costs == [(1, 0), (0, 2), (1, 0), (0, 3), (2, 2)]  # 31 points: 4 SO
    assert ok(s, "so")["so"] == 6
    ok(s, "mission abort")
    assert ok(s, "so weapons 2")["cost"] == 1 and ok(s, "so weapons 2")["cost"] == 1
    ok(s, "day +1")  # (they count as having flown today)
    ok(s, "mission start 1 2")
    assert ok(s, "so weapons 2")["cost"] == 1  # a new mission: nothing paid for yet


def test_weapons_cost_that_cannot_be_paid_is_refused():
    """"Fin de Journée": 32 points cost 4 SO; with 3 the purchase is refused, nothing changes."""
    s = new()
    ok(s, "so +3")
    assert "need 4" in refused(s, "so weapons 32", "state")


def ready(session, line="campaign start 3 30 6", *setup):
    """A campaign started, the set-up lines given and the set-up finished."""
    ok(session, line)
    for x in setup:
        ok(session, x)
    set_up_done(session)


def test_end_of_day_follows_the_sequence_of_play():
    """"Fin de Journée", in its order: rest of the pilots who did not fly, the daily SO gain,
    the enemy battalions' movement, then the SO losses on the map as the battalions now stand,
    then replacements, repairs, R&R; then the Day marker.  A battalion that advances into
    Friendly Rear costs its SO the same day."""
    s = new()
    ready(s, "campaign start 3 0 6", "bn add 1a 5 ft", "bn add 2a 3 fr", "bn add 6s 2 ab fixed")
    assert "day end" in refused(s, "bn roll 1a =5", "state")
    assert "day end" in refused(s, "day +1", "state")
    r = ok(s, "day end")
    assert (r["step"], r["gain"], r["so"], r["roll"]) == ("movement", 6, 6, ["1a", "2a"])
    assert "bn roll 1a" in refused(s, "day next", "state")
    assert ok(s, "bn roll 1a =5")["band"] == "fr"  # Assault advances on a 5
    assert "moved today" in refused(s, "bn roll 1a =5", "state")
    ok(s, "bn stay 2a")  # a card note: it does not move today
    r = ok(s, "day next")
    assert (r["step"], r["fr"], r["ab"], r["loss"], r["so"]) == ("replacements", 2, 1, 5, 1)
    assert ok(s, "day")["step"] == "replacements"
    r = ok(s, "day +1")
    assert (r["day"], r["step"]) == (2, "missions")
    ok(s, "day end")
    assert ok(s, "bn roll 1a =5")["band"] == "ab"


def test_end_of_day_loss_that_cannot_be_paid_ends_the_campaign_in_failure():
    """"Perte de points d'Option Spéciales (Carte)": «Si vous êtes incapable de payer les points
    SO, la campagne se termine par un échec.»"""
    s = new()
    ready(s, "campaign start 3 0 1", "bn add 3a 3 ab fixed")
    ok(s, "day end")
    r = ok(s, "day next")
    assert (r["loss"], r["so"], r["status"]) == (3, 1, "failed")
    assert ok(s, "campaign")["status"] == "failed"
    assert "over" in refused(s, "day +1", "state")


def test_worked_example_so_track():
    """"Exemple de Partie": 30 SO - 20 (aircraft) - 2 scouts - 4 promotions = 4; -1 (battalion
    3S note) -2 (13 weapon points) -1 (weapons) = 0; +6 daily = 6; -2 repairs = 4."""
    s = new()
    ok(s, "campaign start 3 30 6")
    for t in ("a-10a", "ah-64a", "ah-64a", "ah-1", "ah-1"):
        ok(s, "ac add %s" % t)
    assert ask(s, "so") == {"ok": True, "so": 10}
    ok(s, "so -2")
    for name in ("pirate", "viper", "hammer", "judge", "rock", "gator", "grandpa", "scuttle"):
        ok(s, "pilot add %s 4 6 0" % name)
    ok(s, "pilot level 6 skilled")
    ok(s, "pilot level 1 green")
    ok(s, "pilot promote 1")
    ok(s, "pilot promote 2")
    assert ok(s, "pilot promote 5 2")["level"] == "veteran"
    assert ask(s, "so") == {"ok": True, "so": 4}
    set_up_done(s)
    ok(s, "so -1")
    ok(s, "ac set 1 pilot 2")
    ok(s, "ac set 2 pilot 4")
    ok(s, "mission start 1 2")
    assert ok(s, "so weapons 13")["so"] == 1
    ok(s, "ac hit 2 engine")
    ok(s, "ac hit 1 bullet-holes")
    ok(s, "mission home")
    ok(s, "mission end stress 0")
    ok(s, "so -1")
    assert ok(s, "day end")["so"] == 6
    ok(s, "day next")
    ok(s, "ac repair 2 engine")
    assert ok(s, "ac repair 1 bullet-holes")["so"] == 4


def test_day_track_and_the_campaigns_end():
    """"Fin de Campagne": «La campagne se termine lorsque vous avez fini le dernier jour de votre
    campagne, ou quand il n'y a plus de bataillons pour attaquer»."""
    s = new()
    assert ok(s, "campaign start 2 10 2")["day"] == 0  # the set-up
    assert set_up_done(s)["day"] == 1
    assert ask(s, "day") == {"ok": True, "day": 1, "days": 2, "step": "missions"}
    ok(s, "day end")
    ok(s, "day next")
    assert ask(s, "day +1") == {"ok": True, "day": 2, "days": 2, "step": "missions"}
    r = ok(s, "day end")  # the last day's missions are over: the campaign ends
    assert (r["status"], r["next"]) == ("over", "campaign result")
    assert ok(s, "campaign")["status"] == "over"
    refused(s, "day +2", "syntax")
    refused(s, "day set 4", "range")
    s = new()
    ready(s, "campaign start 5 10 2", "bn add 1a 5 fl", "bn add 2a 3 fl")
    assert "status" not in ok(s, "vp battalion 1a destroyed")
    # no battalion left to attack: the campaign ends at once, not at the day's end
    r = ok(s, "vp battalion 2a destroyed")
    assert (r["battalions_left"], r["status"], r["next"]) == (0, "over", "campaign result")
    assert ok(s, "campaign")["status"] == "over" and "over" in refused(s, "day end", "state")


def test_vp_contract_forms_and_exp3_example():
    """"Enregistrement des Points de Victoire" and Expansion #3: `vp +N`/`vp -N` ->
    {"ok":true,"vp":N}; a CAS card drawn: -2 VP,
    3 Unengaged Squads x +1: the mission nets +1 VP."""
    s = new()
    assert ask(s, "vp") == {"ok": True, "vp": 0}
    assert ask(s, "vp -2") == {"ok": True, "vp": -2}
    assert ask(s, "vp +3") == {"ok": True, "vp": 1}
    assert ask(s, "vp set -4") == {"ok": True, "vp": -4}


def test_battalion_vp_halved_then_destroyed():
    """"Fin de Journée": a halved battalion gives half its VP rounded down, the rest when destroyed
    later
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
    """"Mouvement des Bataillons Ennemis": one band towards the Air Base or back, never beyond the
    Enemy
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
    """"Mouvement des Bataillons Ennemis": the table is on the Tactical Display sheet; the
    example of play's row (Assault battalions advance on a 5) is shipped; other rows are asked."""
    s = new()
    ok(s, "bn add 4a 3 fl")
    r = ok(s, "bn roll 4a =5")
    assert (r["move"], r["band"], r["result"]) == ("advance", "ft", 5)
    assert "Battalion Movement for 4A (Assault), d10 = 2" in refused(s, "bn roll 4a =2", "ask")
    r = ok(s, "bn roll 4a =3 +2")  # card notes give +2
    assert r["move"] == "advance" and r["band"] == "fr"


def test_campaign_start_and_summary():
    """"Mise en place de la Campagne": SO start value, daily gain and length from the cards; the
    set-up comes first, then the days."""
    s = new()
    r = ok(s, "campaign start 3 30 6")
    got = (r["day"], r["days"], r["so"], r["daily"], r["vp"], r["status"])
    assert got == (0, 3, 30, 6, 0, "setup")
    assert set_up_done(s)["status"] == "on"
    refused(s, "campaign start 0 30 6", "range")
    refused(s, "campaign start 3 30", "syntax")
    assert ok(s, "campaign rule damage-once on")["damage_once"] is True


@pytest.mark.parametrize("line", [
    "so +3", "so set 7", "so weapons 13", "vp +2", "vp -1", "vp set 9",
    "vp battalion 5s half", "day end", "day set 2", "campaign start 3 30 6", "campaign fail",
    "campaign end", "campaign rule damage-once on", "bn move 5s advance",
    "bn move 5s fr", "bn remove 5s"])
def test_every_campaign_change_undoes_exactly(line):
    """Each state-changing command is one undo step restoring the fields exactly."""
    s = new()
    ready(s, "campaign start 3 10 6", "bn add 1a 5 fl", "bn add 2a 3 fl", "bn add 5s 4 et")
    undoable(s, line)


@pytest.mark.parametrize("line", ["bn roll 1a =5", "bn stay 1a", "day next"])
def test_end_of_day_steps_undo_exactly(line):
    """The end-of-day steps are undo steps too."""
    s = new()
    ready(s, "campaign start 3 10 6", "bn add 1a 5 fl", "bn add 2a 3 fl fixed")
    ok(s, "day end")
    if line == "day next":
        ok(s, "bn stay 1a")
    undoable(s, line)


@pytest.mark.parametrize("line,code", [
    ("so x", "unknown"), ("so +x", "syntax"), ("so +1000", "range"), ("so set", "syntax"),
    ("so weapons", "syntax"), ("so weapons 100", "range"),
    ("so weapons 1 2 3 4 5 6 7 8 9", "syntax"),
    ("day next", "state"), ("vp +1000", "range"), ("vp x", "unknown"), ("day +x", "syntax"),
    ("campaign x", "unknown"), ("campaign rule x on", "syntax"), ("bn", "syntax"),
    ("bn x", "unknown"),
    ("bn move 9a advance", "state"), ("so -1 -1", "syntax")])
def test_bad_campaign_input_is_refused(line, code):
    """Bad input gets a clear error and changes nothing."""
    refused(new(), line, code)


def test_new_day_clears_the_flew_bits():
    """A day without flying is counted per day, and each aircraft flies one mission a day:
    `day +1` clears the pilots' and the aircraft's 'flew today' bits (campaign.new_day keeps
    its own copy of their value, which must stay theirs)."""
    from engine.tal import aircraft, pilots
    assert pilots.FLEW == aircraft.FLEW == 64
    s = new()
    ok(s, "pilot add viper 7 12 0")
    ok(s, "ac add a-10a pilot 1")
    ok(s, "mission start 1")
    ok(s, "mission abort")
    assert ok(s, "pilot show 1")["flew"] is True
    assert "already flew" in refused(s, "mission start 1", "state")
    ok(s, "day +1")
    assert ok(s, "pilot show 1")["flew"] is False
    ok(s, "mission start 1")


# --- a new campaign starts from a clean slate ------------------------------------------------
def _field_table():
    """(name, first field, count) of every field engine/tal/fields.py lays out (its `_f` lines),
    in order: the state's own list, so a field added later is in it."""
    import os
    import re

    from conftest import ROOT
    from engine.tal import fields

    names = re.findall(r"^([A-Z][A-Z0-9_]*) = _f\(", open(os.path.join(
        ROOT, "engine", "tal", "fields.py"), encoding="utf-8").read(), re.M)
    starts = sorted((getattr(fields, n), n) for n in names)
    ends = [at for at, _n in starts[1:]] + [fields.COUNT]
    return [(n, at, end - at) for (at, n), end in zip(starts, ends)]


# What a new campaign keeps, as the player's (docs/rules.md, "A new campaign"): the field and why.
PLAYERS = {
    "GAME": "the game chosen in Settings: the campaigns to come play it",
    "CAMP": "its rule switches (how the player reads the documents' contradictions); the rest of "
            "it is the new campaign's: started, in its set-up",
    "GOLAN": "the player's names for the Golan leader counters (as `golan new` keeps them); the "
             "rest of it (mines, leaders' stacks and deaths, AVLBs) goes",
}
# What `campaign start iraq-1991 surge` sets from the new campaign's cards.
CARDS = {"SO": [30], "DAYS": [3], "DAILY": [6], "YEAR": [1991]}


def test_every_field_of_the_state_is_the_new_campaigns_or_the_players():
    """"Mise en place de la Campagne": a new campaign starts from none of the old one's state.
    Every field of the state's field table, set to a value, is after `campaign start` either zero,
    the new campaign's (its cards, its name, its set-up begun) or declared the player's above: a
    field added later is listed here by itself, and kept only if it is declared."""
    from engine.golan import rules as golan
    from engine.tal import campaign, cards, fields

    table = _field_table()
    assert [n for n, _at, _k in table][:3] == ["HIT_SUM", "HIT_REMOVED", "HIT_HELD"]
    assert sum(k for _n, _at, k in table) == fields.COUNT  # each field is in one piece
    s = new()
    for i in range(fields.COUNT):
        s.vals[i] = 1 + i % 5  # an old campaign everywhere (a mission flown, a CAS mission ...)
    s.vals[fields.CAMP] = 0x7fff  # every bit: the rule switches, over, failed ...
    s.vals[fields.GAME] = 1
    s.asking = (["bn", "roll", "11a"], ("move", "a3", (("move", 0, 2, ("a", "b", "c")),), "", ""))
    before = list(s.vals)
    ok(s, "campaign start iraq-1991 surge")
    v = s.vals
    named = cards.name(v)
    switches = campaign.DAMAGE_ONCE | campaign.LAST_DAY_END
    names = range(golan.LEADER_NAME, golan.LEADER_HEX)
    for name, at, count in table:
        got = list(v[at:at + count])
        if name == "GAME":
            assert got == [1], PLAYERS[name]
        elif name == "CAMP":
            assert got == [campaign.ACTIVE | campaign.SETUP | switches], PLAYERS[name]
        elif name == "GOLAN":
            assert got == [before[i] if i in names else 0 for i in range(at, at + count)]
        elif name == "CARD":
            assert named == "iraq-1991"
        elif name in CARDS:
            assert got == CARDS[name], name
        else:
            assert got == [0] * count, "%s is the old campaign's: a new one starts without" % name
    assert s.asking is None  # no question of the old campaign waits: `answer` would run it
    assert ok(s, "undo")["undone"] == "campaign start iraq-1991 surge"
    assert list(s.vals) == before  # the undo log is the player's: undo takes the start back


NEW_CAMPAIGN = ["game exp3", "campaign rule damage-once on", "campaign start iraq-1991 surge"]
MIXES = ["mix hit confirm", "mix popup confirm", "mix ground confirm"]  # the player's, kept
OLD_CAMPAIGN = (
    ["seed 5"] + NEW_CAMPAIGN + [
        "bn add 11a 20", "bn add 4a 3", "bn add 5s 4", "ac add a-10a ecm", "ac add ah-64a",
        "ac add ah-1", "campaign scouts +1", "pilot add pirate 5 8 0 need 5",
        "pilot add hammer 6 10 1", "pilot add gator 5 8 0", "pilot level 1 veteran",
        "pilot level 2 newbie", "ac set 1 pilot 1", "ac set 2 pilot 2", "ac set 3 pilot 3",
        ] + MIXES + ["campaign ready",
        "cup remove popup no-enemy 2",  # a card's note: removed for the campaign
        "cas card 2 1", "cas engaged 2 4 3", "assault forobs 3",  # an open CAS mission
        "mission start 1 2 vs 5s", "so weapons 8", "engine check", "loiter start",
        "ac attacked 1 3l 2h", "ac attacked 2 2l",  # Hit counters held beside aircraft 2
        "cup draw popup 3",  # Pop-Up enemies on the battlefield
        "ridge 1 =1",  # a question waiting for its answer
        "game golan", "mine place 0512", "leader name i1 peled", "leader at i1 0512",
        "avlb ditch 0907", "game exp3",
        "campaign start iraq-1991 surge", "answer 1"])
# What the player reads of the new campaign: as a fresh device's
READ = ["cas", "mission", "ac list", "pilot list", "bn list", "cup show hit", "cup show popup",
        "campaign", "game golan", "golan", "leader", "game exp3"]
OLD_CAMPAIGN += READ
FRESH = ["game golan", "leader name i1 peled"] + NEW_CAMPAIGN + MIXES + READ


def test_a_new_campaign_starts_as_a_fresh_device_starts_it(console, tmp_path):
    """"Mise en place de la Campagne": after an old campaign played into its first mission (its
    squadron, battalions, a card's note, a CAS mission open, Hit counters held, Pop-Ups out, a
    question waiting, Golan pieces), `campaign start` leaves the very state a fresh device leaves
    with the same player's choices (game, rule switch, a Golan leader's name): no open CAS
    mission (the issue's `cas` answered `"on":true` from the old one), no mission, every counter
    back in its cup, and no question to answer (on CPython and on MicroPython)."""
    import json

    from engine.core.session import Session
    from host_tools.desk.replay import load_state

    old = console(OLD_CAMPAIGN, state=str(tmp_path / "old"), heap="512K").decode().splitlines()
    fresh = console(FRESH, state=str(tmp_path / "new"), heap="512K").decode().splitlines()
    assert len(old) == len(OLD_CAMPAIGN) and len(fresh) == len(FRESH)
    replies = [json.loads(x) for x in old]
    assert [line for line, r in zip(OLD_CAMPAIGN, replies) if not r["ok"]] == [
        "ridge 1 =1", "answer 1"]
    assert replies[OLD_CAMPAIGN.index("ridge 1 =1")]["error"] == "ask"
    assert "no question is waiting" in replies[-len(READ) - 1]["msg"]
    # what the player reads: a fresh device's (a data file's note comes with the file's first
    # reading in the session, not with the campaign)
    read = [[{k: x for k, x in json.loads(line).items() if k != "data"}
             for line in out[-len(READ):]] for out in (old, fresh)]
    assert read[0] == read[1]
    assert replies[-len(READ)]["on"] is False  # no CAS mission
    states = []
    for name in ("old", "new"):
        s = Session()
        s.restore(load_state(str(tmp_path / name)))
        states.append(list(s.vals))
    assert states[0] == states[1]
    assert replies[-3]["mines_hand"] == 10  # the Golan pieces are back
    assert replies[-2]["leaders"][0]["name"] == "peled"  # the player's name for that counter
