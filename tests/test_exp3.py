"""Expansion #3, Friendlies! (Close Air Support Missions, Enemy Attacks,
Friendly Fire, New Air Assault Counters) through the line protocol, and its allocation-free core."""

from array import array

import pytest

from conftest import run_heap_locked
from engine.core import datafile
from engine.exp3 import rules
from engine.exp3 import data as exp3data
from engine.tal import fields
from engine.core.layout import FIELD_MAX
from engine.core.session import Session
from firmware.datafiles import reader
from tal_session import ask, new, ok, ready


def exp3(seed=1, data=None):
    s = new(seed, data)
    ok(s, "game exp3")
    return s


def hook(files):
    """A session.data hook serving the repository's files, some replaced by `files`."""
    real = reader()

    def read(name):
        if name in files:
            return files[name].split("\n")
        return real(name)

    return read


GROUND_ONE = ("source: test\nstatus: unverified: test\n1 | %s | test\n")


# --- the game setting -----------------------------------------------------------------------
PACK_LINES = ["cas", "cas card 2 1", "cas engaged 1 2 3", "cas enemies 3 0", "cas attack 1",
              "cas hit 1 1", "cas cap 1 5", "cas ff 3 6 2 =9", "cas end", "assault",
              "assault turn", "assault forobs 3", "assault sniper inf 8 =5"]


@pytest.mark.parametrize("game", ["tal", "golan"])
@pytest.mark.parametrize("line", PACK_LINES)
def test_exp3_commands_refuse_under_another_game(game, line):
    """Close Air Support is Expansion #3: its commands refuse (error state) unless `game exp3`."""
    s = Session(4)
    s.data = reader()
    ok(s, "game " + game)
    before = ask(s, "state")
    r = ask(s, line)
    assert r["ok"] is False and r["error"] == "state" and "game exp3" in r["msg"]
    assert ask(s, "state") == before


# --- drawing the card -----------------------------------------------------------------------
def test_drawing_a_cas_card_loses_its_vp_at_once():
    """EXP3 Close Air Support Missions: "you immediately lose the VPs noted on the CAS card"
    (example: 2) on the campaign's VP track (Expansion #3)."""
    s = exp3()
    r = ok(s, "cas card 2 1")
    assert r == {"ok": True, "vp_change": -2, "mission_vp": -2, "vp": -2}
    assert s.vals[fields.VP] == -2
    assert ask(s, "cas card 1 1")["error"] == "state"  # one CAS mission at a time
    assert ok(s, "undo")["undone"] == "cas card 2 1"
    assert s.vals[fields.VP] == 0 and ok(s, "cas")["on"] is False


def test_a_cas_mission_is_discarded_at_the_end_of_the_day():
    """EXP3 Close Air Support Missions: «Discard the Mission at the end of the Day»: one still open
    at `day end` goes with its Squads (their VP come with `cas end`, at the mission's end), and
    the next day's CAS card is drawn."""
    s = exp3()
    ok(s, "campaign start 3 30 6")
    ready(s)
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 2 4 3")
    r = ok(s, "day end")
    assert r["cas"] == "discarded" and "cas end before day end" in r["note"]
    assert (ok(s, "cas")["on"], ok(s, "cas")["squads"], ok(s, "vp")["vp"]) == (False, [], -2)
    ok(s, "day next")
    ok(s, "day +1")
    assert ok(s, "cas card 1 1")["vp"] == -3
    ok(s, "cas end")
    assert "cas" not in ok(s, "day end")  # none open: nothing to discard


# The CAS card is the day's Special Condition card: one a day, at the start of the day.
MIXES = ["mix hit confirm", "mix popup confirm", "mix ground confirm"]  # the player's cups
ONE_A_DAY = ["game exp3", "campaign start 3 30 6", "cas card 1 1", "campaign ready",
             "cas card 2 1", "cas end", "cas card 1 1", "cas", "day end", "cas card 1 1",
             "day next", "day +1", "cas card 1 1", "undo", "cas card 1 1 2"]


def test_one_cas_card_a_day(console):
    """EXP3 «Shuffle the CAS cards into your Special Condition deck»; TAL "Condition Spéciale":
    «Effectuez les étapes suivantes chaque jour de la campagne. [...] Piochez une carte condition
    spéciale»: in a campaign a CAS card is the day's one Special Condition card.  A second card
    the same day, even once the first CAS mission is over, is refused in one line and changes
    nothing; so is one during the set-up or once the day's missions are over; the next day takes
    one again (on CPython and on MicroPython)."""
    import json

    out = [json.loads(x) for x in console(MIXES + ONE_A_DAY, heap="256K").decode().splitlines()]
    assert len(out) == len(MIXES + ONE_A_DAY) and all(r["ok"] for r in out[:len(MIXES)])
    out = out[len(MIXES):]
    said = dict(zip(range(len(out)), out))
    assert said[2]["ok"] is False and said[2]["error"] == "state"
    assert "set-up is not finished" in said[2]["msg"]
    assert said[4] == {"ok": True, "vp_change": -2, "mission_vp": -2, "vp": -2}
    assert said[5]["ok"] is True  # the day's CAS mission is over
    assert said[6] == {"ok": False, "error": "state", "msg": "one Special Condition card a day: "
                       "today's was a CAS card already (the next day draws again)"}
    assert said[7]["on"] is False and said[7]["mission_vp"] == 0  # the refusal changed nothing
    assert said[9]["ok"] is False and "today's missions are over" in said[9]["msg"]
    assert said[11]["day"] == 2
    assert said[12] == {"ok": True, "vp_change": -1, "mission_vp": -1, "vp": -3}
    assert said[13]["undone"] == "cas card 1 1"  # undone, the day's card may be drawn again
    assert said[14]["ok"] is True and said[14]["vp"] == -3


def test_cas_cards_outside_a_campaign_are_a_free_calculator():
    """Without a campaign there is no day: `cas card` may follow `cas end` at once (each CAS card
    of docs/protocol/exp3.md's single-mission examples)."""
    s = exp3()
    ok(s, "cas card 2 1")
    ok(s, "cas end")
    assert ok(s, "cas card 1 1")["vp"] == -3


# --- Engaged placement ------------------------------------------------------------------------
def test_engaged_notation_places_squads_and_enemies_in_one_hex():
    """EXP3 "Engaged" notation: [Engaged: 2 Squads/2 Buildings & 2 Infantry, 1 Squad/2 Infantry]
    places 2 Squads and 4 enemy counters in one random hex, 1 Squad and 2 in another."""
    s = exp3()
    ok(s, "cas card 2 1")
    r = ok(s, "cas engaged 2 4 =6")
    assert (r["die"], r["hex"], r["squads"], r["enemies"], r["capacity"]) == (6, 6, [1, 2], 4, 4)
    assert r["data"].startswith("unverified")  # the capacity default is data to check
    r = ok(s, "cas engaged 1 2 9")
    assert (r["die"], r["hex"], r["squads"], r["enemies"]) == (None, 9, [3], 2)
    sq = ok(s, "cas")["squads"]
    assert [q["hex"] for q in sq] == [6, 6, 9] and all(q["engaged"] for q in sq)


def test_the_random_hex_is_a_d10():
    """EXP3 "Engaged": "in the same random hex" (battlefield hexes 1..10, "Placement des Unités
    Ennemies")."""
    seen = set()
    for seed in range(80):
        s = exp3(seed)
        ok(s, "cas card 0 1")
        r = ok(s, "cas engaged 1 1")
        assert r["die"] == r["hex"]
        seen.add(r["hex"])
    assert seen == set(range(1, 11))


def test_enemy_counters_placed_in_a_squads_hex_engage_it_and_leaving_frees_it():
    """EXP3: enemy counters placed in a Squad's hex are Engaged; a Squad in a hex with no
    enemy counter is not Engaged."""
    s = exp3()
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 1 0 4")
    assert ok(s, "cas")["squads"][0]["engaged"] is False
    r = ok(s, "cas enemies 4 3")
    assert r["enemies"] == 3 and r["squads"][0]["engaged"] is True
    assert ok(s, "cas enemies 4 0")["squads"][0]["engaged"] is False


def test_at_most_eight_squads():
    """The device tracks 8 Squads per CAS mission (fields.CAS_SQUADS)."""
    s = exp3()
    ok(s, "cas card 1 1")
    ok(s, "cas engaged 5 1 1")
    ok(s, "cas engaged 3 1 2")
    assert ask(s, "cas engaged 1 1 3")["error"] == "state"


# --- enemy attacks: the Ground Forces cup -------------------------------------------------------
def test_one_ground_forces_counter_per_enemy_counter_in_the_hex():
    """EXP3 Enemy Attacks: draw 1 Ground Forces Hit counter for each enemy counter in the
    Squad's hex; each reads No Effect, 1 Hit or 2 Hits and the Squad takes the sum."""
    s = exp3(3)
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 1 3 5")
    ok(s, "cas cap 1 15")
    r = ok(s, "cas attack 1")
    assert len(r["draws"]) == 3
    assert set(r["draws"]) <= {"no-effect", "1-hit", "2-hits"}
    want = sum({"no-effect": 0, "1-hit": 1, "2-hits": 2}[d] for d in r["draws"])
    assert r["hits"] == want
    assert len(ok(s, "cas attack 1 2")["draws"]) == 2  # only 2 of them attack this Squad
    assert ask(s, "cas attack 1 4")["error"] == "range"  # no counter attacks from another hex


def test_the_ground_forces_cup_is_drawn_with_replacement():
    """EXP3 Enemy Attacks: "Replace each counter into the cup before drawing for the next":
    a cup of ONE 1-Hit counter still gives one hit per enemy counter."""
    s = exp3(data=hook({"exp3/ground_forces_cup.txt": GROUND_ONE % "1-hit"}))
    ok(s, "cas card 0 1")
    ok(s, "cas engaged 1 6 2")
    ok(s, "cas cap 1 15")
    r = ok(s, "cas attack 1")
    assert r["draws"] == ["1-hit"] * 6 and r["hits"] == 6


def test_a_squad_is_eliminated_at_its_capacity():
    """EXP3 Enemy Attacks: "The Squad shown above is eliminated when it suffers 4 Hits"."""
    s = exp3(data=hook({"exp3/ground_forces_cup.txt": GROUND_ONE % "2-hits"}))
    ok(s, "cas card 0 1")
    ok(s, "cas engaged 2 1 2")
    r = ok(s, "cas attack 1")
    assert (r["hits"], r["capacity"], r["eliminated"]) == (2, 4, False)
    r = ok(s, "cas attack 1")
    assert (r["hits"], r["eliminated"]) == (4, True)
    assert ask(s, "cas attack 1")["error"] == "state"
    r = ok(s, "cas hit 2 3")
    assert (r["hits"], r["eliminated"]) == (3, False)
    assert ok(s, "cas hit 2 5")["hits"] == 4  # never more than its capacity


def test_capacity_is_set_per_squad():
    """EXP3: a Squad's capacity is printed on its counter: `cas cap` for one that differs."""
    s = exp3()
    ok(s, "cas card 0 1")
    ok(s, "cas engaged 1 1 2")
    ok(s, "cas hit 1 2")
    assert ok(s, "cas cap 1 3")["squad"]["capacity"] == 3
    assert ask(s, "cas cap 1 2")["error"] == "state"  # it already has 2 hits
    assert ok(s, "cas hit 1 1")["eliminated"] is True


# --- friendly fire ----------------------------------------------------------------------------
def test_friendly_fire_subtracts_the_pilots_skill():
    """EXP3 Friendly Fire: "instead of adding the Pilot's Skill to the Attack rolls against
    Squads, subtract their Skill" (pilot +2: a 9 makes 7, a 7 makes 5)."""
    s = exp3()
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 2 3 4")
    r = ok(s, "cas ff 4 6 2 =9 =7")
    assert [(x["die"], x["mod"], x["result"], x["eliminated"]) for x in r["rolls"]] == [
        (9, -2, 7, True), (7, -2, 5, False)]
    assert (r["vp_change"], r["mission_vp"], r["vp"]) == (-1, -3, -3)
    assert s.vals[fields.VP] == -3


def test_friendly_fire_rolls_against_each_squad_in_the_hex_only():
    """EXP3 Friendly Fire: a Hex Attack munition in the same hex as Squads rolls against each
    of them (and only them: Squads elsewhere are not touched)."""
    s = exp3(12)
    ok(s, "cas card 0 1")
    ok(s, "cas engaged 3 1 4")
    ok(s, "cas engaged 1 1 5")
    r = ok(s, "cas ff 4 1 0")
    assert [x["squad"] for x in r["rolls"]] == [1, 2, 3] and r["vp_change"] == -3
    assert all(1 <= x["die"] <= 10 for x in r["rolls"])
    assert ok(s, "cas")["squads"][3]["fate"] == "alive"
    assert ask(s, "cas ff 4 1 0")["error"] == "state"  # nobody left there
    assert ask(s, "cas ff 5 6 2 =3 =4")["error"] == "syntax"  # two dice, one Squad


def test_a_squad_killed_by_friendly_fire_still_counts_as_engaged():
    """EXP3 Friendly Fire: lose 1 VP per Squad so eliminated, and treat it as still Engaged for
    Victory purposes (no Success VP, no Complete bonus)."""
    s = exp3()
    ok(s, "cas card 2 1 3")
    ok(s, "cas engaged 1 2 4")
    ok(s, "cas engaged 1 1 7")
    ok(s, "cas ff 4 6 0 =10")
    r = ok(s, "cas enemies 4 0")
    assert r["squads"][0]["fate"] == "friendly fire" and r["squads"][0]["engaged"] is True
    ok(s, "cas enemies 7 0")
    r = ok(s, "cas end")
    assert (r["unengaged"], r["squads"], r["complete"], r["vp_change"]) == (1, 2, False, 1)
    assert (r["mission_vp"], r["vp"]) == (-2, -2)  # -2 draw, -1 friendly fire, +1 Success


# --- the end of the mission -------------------------------------------------------------------
def test_rulebook_example_minus_2_then_3_unengaged_is_plus_1():
    """EXP3 example: "you began by losing 2 VPs. At the end of the mission you have 3 Unengaged
    Squads. You gain 3 VPs. You end the mission with 1 overall VP."."""
    s = exp3()
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 2 4 3")
    ok(s, "cas engaged 1 2 8")
    ok(s, "cas enemies 3 0")
    ok(s, "cas enemies 8 0")
    r = ok(s, "cas end")
    assert r == {"ok": True, "unengaged": 3, "squads": 3, "complete": True, "vp_change": 3,
                 "mission_vp": 1, "vp": 1}
    assert s.vals[fields.VP] == 1 and ok(s, "cas")["on"] is False and ok(s, "cas")["squads"] == []


def test_complete_bonus_needs_every_squad_alive_and_unengaged():
    """EXP3: "You also gain the noted bonus if none of the Squads are destroyed during the
    mission, and they all end the mission Unengaged"."""
    s = exp3()
    ok(s, "cas card 1 1 2")
    ok(s, "cas engaged 2 1 3")
    ok(s, "cas enemies 3 0")
    r = ok(s, "cas end")
    assert (r["complete"], r["vp_change"], r["mission_vp"]) == (True, 4, 3)
    # one Squad still Engaged: Success for the other, no bonus
    s = exp3()
    ok(s, "cas card 1 1 2")
    ok(s, "cas engaged 1 1 3")
    ok(s, "cas engaged 1 1 4")
    ok(s, "cas enemies 3 0")
    r = ok(s, "cas end")
    assert (r["unengaged"], r["complete"], r["vp_change"]) == (1, False, 1)
    # one Squad eliminated by the enemy: the rest Unengaged, still no bonus
    s = exp3()
    ok(s, "cas card 1 1 2")
    ok(s, "cas engaged 2 1 3")
    ok(s, "cas hit 1 4")
    ok(s, "cas enemies 3 0")
    r = ok(s, "cas end")
    assert (r["unengaged"], r["complete"], r["vp_change"]) == (1, False, 1)


def test_a_non_vp_complete_bonus_is_reported_for_the_player():
    """EXP3 example: "Complete: Retreat 1 Mobile Battalion 1 Range Band": not VP; the reply
    says the bonus is earned and the player applies it."""
    s = exp3()
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 1 1 3")
    ok(s, "cas enemies 3 0")
    r = ok(s, "cas end")
    assert r["complete"] is True and r["vp_change"] == 1


def test_a_cas_mission_is_one_undo_step_per_line():
    """Every pack change is one undo step: an end of mission is undone whole."""
    s = exp3()
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 1 1 3")
    ok(s, "cas enemies 3 0")
    ok(s, "cas end")
    assert s.vals[fields.VP] == -1
    ok(s, "undo")
    assert s.vals[fields.VP] == -2 and ok(s, "cas")["squads"][0]["engaged"] is False


# --- Air Assault soldiers ---------------------------------------------------------------------
BONUS = [("antiveh", "v", 5), ("antiveh", "b", 0), ("antiveh", "inf", 0),
         ("sniper", "inf", 7), ("sniper", "v", 0), ("engineers", "b", 9), ("engineers", "v", 0),
         ("leader", "v", 0), ("forobs", "inf", 0), ("soldier", "other", 0)]


@pytest.mark.parametrize("kind,target,bonus", BONUS)
def test_air_assault_bonus(kind, target, bonus):
    """EXP3 New Air Assault Counters: AntiVeh +5 vs "V", Snipers +7 vs Infantry, Engineers +9
    vs "B"; otherwise none."""
    s = exp3()
    r = ok(s, "assault %s %s 10 =4 -1" % (kind, target))
    assert r == {"ok": True, "kind": kind, "bonus": bonus, "die": 4, "mod": bonus - 1,
                 "result": 3 + bonus, "target": 10, "pass": 3 + bonus >= 10}


def test_one_leader_gives_plus_1_to_the_other_soldiers_in_its_hex():
    """EXP3 Leader: +1 to all other Air Assault soldiers in its hex; with more than 1 Leader in
    a hex only 1 grants it (so a Leader gets +1 only from another Leader)."""
    s = exp3()
    assert ok(s, "assault engineers b 10 lead =1")["bonus"] == 10
    assert ask(s, "assault engineers b 10 lead lead =1")["error"] == "syntax"
    assert ok(s, "assault leader v 5 =1")["bonus"] == 0
    assert ok(s, "assault leader v 5 lead =1")["bonus"] == 1


def test_only_snipers_attack_one_hex_away():
    """EXP3 Snipers: "They can also attack out to 1 hex away" (the others: their own hex)."""
    s = exp3()
    assert ok(s, "assault sniper inf 8 far =1")["result"] == 8
    assert ask(s, "assault antiveh v 8 far =1")["error"] == "state"


def test_forobs_once_per_hex_per_turn():
    """EXP3 ForObs: one "Same Hex" enemy counter each turn per hex (more ForObs in a hex do
    not add up)."""
    s = exp3()
    assert ok(s, "assault forobs 3")["forobs_used"] == [3]
    assert ask(s, "assault forobs 3")["error"] == "state"
    assert ok(s, "assault forobs 10")["forobs_used"] == [3, 10]
    assert ok(s, "assault turn")["forobs_used"] == []
    ok(s, "assault forobs 3")


def test_assault_die_is_a_d10():
    """"Les Dés": TAL's dice are d10 (faces 1..10)."""
    s = exp3(21)
    faces = {ok(s, "assault soldier other 5")["die"] for _ in range(200)}
    assert faces == set(range(1, 11))


# --- bad lines, data ---------------------------------------------------------------------------
MALFORMED = ["cas card", "cas card 2", "cas card x 1", "cas card 21 1", "cas engaged 1",
             "cas engaged 0 1 3", "cas engaged 1 1 11", "cas engaged 1 1 =11", "cas enemies 3",
             "cas enemies 0 1", "cas enemies 3 100", "cas attack", "cas attack 9", "cas hit 1",
             "cas hit 1 0", "cas cap 1 16", "cas ff 3", "cas ff 3 6 x", "cas ff 3 6 10",
             "cas ff 3 6 2 =11", "cas ff 3 6 2 foo", "cas fly", "assault ninja v 5",
             "assault sniper tank 5", "assault sniper inf", "assault sniper inf 0",
             "assault sniper inf 5 =1 =2", "assault forobs 0", "assault forobs", "assault turn 1"]


@pytest.mark.parametrize("line", MALFORMED)
def test_bad_exp3_lines_change_nothing(line):
    """Bad input gets a clear error and changes nothing (no die rolled either)."""
    s = exp3(5)
    ok(s, "cas card 2 1")
    ok(s, "cas engaged 2 2 3")
    before = ask(s, "state")
    r = ask(s, line)
    assert r["ok"] is False and r["error"] in ("syntax", "range", "unknown", "state") and r["msg"]
    assert ask(s, "state") == before


def test_cas_commands_need_a_card_first():
    """EXP3: Squads belong to a drawn CAS card's mission."""
    s = exp3()
    for line in ("cas engaged 1 1 3", "cas enemies 3 1", "cas end", "cas ff 3 6 2"):
        assert ask(s, line)["error"] == "state"


def test_squads_file_is_validated_and_named_in_refusals():
    """The Squad data file (data/exp3/squads.txt) is player-editable: a bad line is refused
    naming the file and line; nothing changes."""
    good = open("data/exp3/squads.txt", encoding="utf-8").read()
    d = exp3data.parse_squads(good.split("\n"))
    assert (d.capacity, d.ff_modifier) == (4, 0) and d.status.startswith("unverified")
    with pytest.raises(datafile.DataError):
        exp3data.parse_squads(good.replace("squad | 4 |", "squad | 0 |").split("\n"))
    with pytest.raises(datafile.DataError):
        exp3data.parse_squads((good + "squad | 4 | 0 | again\n").split("\n"))
    bad = good.replace("squad | 4 |", "squad | x |")
    s = exp3(data=hook({"exp3/squads.txt": bad}))
    ok(s, "cas card 2 1")
    r = ask(s, "cas engaged 1 1 3")
    assert r["error"] == "state" and "exp3/squads.txt:" in r["msg"] and "capacity" in r["msg"]
    s = exp3(data=hook({"exp3/squads.txt": good.replace("squad | 4 |", "squad | 6 |")}))
    ok(s, "cas card 2 1")
    assert ok(s, "cas engaged 1 1 3")["capacity"] == 6


# --- the packed fields -------------------------------------------------------------------------
def test_the_exp3_block_is_laid_out_exactly():
    """engine/exp3/rules.py lays out the fields.EXP3 block: every field inside it, none left."""
    assert rules.CAS_ON == fields.EXP3 and rules.END == fields.EXP3 + fields.EXP3_FIELDS


def test_squad_and_enemy_fields_pack_without_overlap():
    """Each Squad is one field (hex, fate, capacity, hits); two hexes' enemies share a field."""
    v = array("h", [0] * fields.COUNT)
    rules.set_squad(v, 7, 10, rules.FRIENDLY_FIRE, 15, 15)
    assert 0 < v[rules.CAS_SQ + 7] <= FIELD_MAX
    assert (rules.sq_hex(v, 7), rules.sq_fate(v, 7), rules.sq_capacity(v, 7),
            rules.sq_hits(v, 7)) == (10, rules.FRIENDLY_FIRE, 15, 15)
    for h in range(1, 11):
        rules.set_enemies(v, h, rules.MAX_ENEMIES - h)
    for h in range(1, 11):
        assert rules.enemies(v, h) == rules.MAX_ENEMIES - h
    rules.set_enemies(v, 3, 0)
    assert rules.enemies(v, 4) == rules.MAX_ENEMIES - 4
    assert rules.enemies(v, 2) == rules.MAX_ENEMIES - 2
    assert all(v[rules.CAS_ENEMY + k] >= 0 for k in range(5))


# rules.ALIVE is a number in the boards' copy of the code (host_tools/building/fold.py): given here
HEAP_LOCK = """
ALIVE = %d
import micropython
from array import array
from engine.exp3 import rules
from engine.tal import fields
from engine.core.rng import Rng
r = Rng(5)
v = array("h", bytes(2 * fields.COUNT))
for i in range(4):
    rules.set_squad(v, i, i + 1, ALIVE, 15, 0)


def hot():
    n = 0
    for _ in range(500):
        d = r.die(10)
        rules.set_enemies(v, d, d)
        i = d & 3
        if rules.sq_fate(v, i) == ALIVE and rules.take_hits(v, i, r.below(3)):
            rules.set_squad(v, i, i + 1, ALIVE, 15, 0)
        if rules.engaged(v, i):
            n += 1
        n += rules.friendly_fire_result(d, 2, 0) + rules.soldier_bonus(d %% 6, d & 3, d > 5)
        n += rules.unengaged(v) + rules.complete(v) + rules.max_range(d %% 6)
    return n


""" % rules.ALIVE


def test_exp3_rules_allocate_nothing_under_micropython():
    """Hits, Engaged, friendly fire and soldier bonuses allocate nothing (Expansion #3's hot
    paths)."""
    assert int(run_heap_locked(HEAP_LOCK)) > 0
