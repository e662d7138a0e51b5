"""The sequence of play's next step (engine/tal/sequence.py, `next`): the rulebook's order through
the example campaign (docs/protocol/campaign.md, "A whole campaign"), and a step named is one the
engine takes."""

from engine.tal import aircraft, battalions, campaign, loiter, mission, pilots, sequence
from tal_session import ask, new, ok
from transcripts import ROOT, blocks

import os

EXAMPLE = [b for b in blocks(os.path.join(ROOT, "docs", "protocol", "campaign.md"))
           if b[1][0][0] == "seed 1991"][0][1]

# The example of play's steps as the device names them, each once in a row: the set-up, day 1's
# two missions (5S: a scout, Bingo 6 then home, the Bingo checks; 11A: Grandpa down, his SAR) and
# its end (the battalions stay, Grandpa's AH-1 may be replaced, repairs), day 2's (Scuttle down)
# with R&R, and day 3's to the campaign's result.
STEPS = ["campaign start", "mix", "bn add", "ac add", "pilot add", "campaign ready", "pilot level",
         "campaign ready", "ac set",
         "mission start", "so weapons", "loiter start", "loiter next", "mission home",
         "bingo check", "mission end",
         "mission start", "so weapons", "loiter start", "loiter next", "sar", "mission end",
         "day end", "bn roll", "day next", "ac replace", "ac repair",
         "mission start", "so weapons", "loiter start", "loiter next", "mission end",
         "mission start", "so weapons", "loiter start", "loiter next", "sar", "mission end",
         "day end", "bn roll", "day next", "ac replace", "ac repair", "pilot rr", "day +1",
         "mission start", "so weapons", "loiter start", "loiter next", "mission end",
         "mission start", "so weapons", "loiter start", "loiter next", "mission end",
         "day end", "campaign result"]


def test_the_bits_read_are_the_rules_modules():
    """sequence.py reads the fields without loading aircraft.py and pilots.py: its copies of
    their bits agree."""
    assert sequence.AC_STATUS == aircraft.ST_MASK and sequence.AC_FLEW == aircraft.FLEW
    assert sequence.AC_IN_MISSION == aircraft.IN_MISSION
    assert sequence.AC_BINGO == 3 << aircraft.BINGO_SHIFT
    assert (sequence.P_WOUNDED, sequence.P_KILLED, sequence.P_FLEW) == (
        pilots.WOUNDED, pilots.KILLED, pilots.FLEW)
    assert (mission.P_TARGET, mission.P_HOME, aircraft.FLYING, aircraft.DOWN) == (1, 4, 1, 6)
    assert (aircraft.CRASH_TARGET, aircraft.CRASH_HOME, aircraft.ENGINE) == (3, 5, 1)
    assert loiter.ENGINE_CHECKED == 256 and battalions.SCOUTED == 128
    assert campaign.ARMED > 15 << campaign.WEAPONS_UNUSED  # a bit of its own in TARGET


def _request(s, reply):
    """The request that takes the step `reply` names (the protocol's words and the reply's
    pairs), or None for a step whose words the player chooses (a name, a marker)."""
    step = reply["next"]
    if step in ("mission start",):
        return "mission start " + " ".join("%d" % n for n in reply["aircraft"])
    if step == "so weapons":
        return "so weapons 0"
    if step == "loiter start":
        return "loiter start scout" if reply["scout"] else step
    if step == "sar":
        return "sar %d" % reply["ac"]
    if step == "bn roll":
        return "bn roll " + ask(s, "day")["roll"][0]
    if step in ("loiter next", "mission home", "bingo check", "mission end", "day end",
                "day next", "day +1", "pilot rr", "campaign ready", "campaign result"):
        return step
    return None


def test_the_example_campaign_steps_in_the_rulebooks_order():
    """Each step named is the rulebook's next, and the request that takes it is accepted
    (or asks a row the documents do not print), never refused: tried at every request of the
    example, then taken back (fields, dice and question)."""
    s = new(1)
    got = [ok(s, "next")["next"]]
    tried = set()
    for line, _replies in EXAMPLE:
        if line.startswith("#"):
            continue
        ask(s, line)
        r = ok(s, "next")
        if r["next"] != got[-1]:
            got.append(r["next"])
        request = _request(s, r)
        if request is None:
            continue
        vals, dice, asking = list(s.vals), s.rng.get_state(), getattr(s, "asking", None)
        took = ask(s, request)
        assert took["ok"] or took["error"] == "ask", (line, request, took)
        if took["ok"] and list(s.vals) != vals:  # (a reading changes nothing to undo)
            assert ask(s, "undo")["ok"]
        s.rng.restore(dice)
        s.asking = asking
        assert list(s.vals) == vals
        tried.add(r["next"])
    assert got == STEPS
    assert tried >= {"mission start", "so weapons", "loiter start", "loiter next",
                     "mission home", "bingo check", "sar", "mission end", "day end", "bn roll",
                     "day next", "pilot rr", "day +1", "campaign ready", "campaign result"}


def test_the_cases_a_player_met():
    """Issue 39's "the next step is not offered first": no mission, the step is its start; at
    Bingo 6 home; day 1 before any mission a mission (its pilots first); the end of the day with
    nothing lost no replacement."""
    s = new()
    ok(s, "campaign start 3 20 3")
    assert ok(s, "next")["next"] == "mix"  # the device's own first step: the cups' mixes
    ok(s, "mix hit confirm")
    ok(s, "mix popup confirm")
    ok(s, "bn add 1a 3")
    ok(s, "ac add a-10a")
    assert ok(s, "next")["next"] == "pilot add"
    ok(s, "pilot add pirate 7 12 0")
    ok(s, "pilot add viper 7 12 0")
    ok(s, "campaign ready")
    assert ok(s, "next")["next"] == "ac set"  # "Allocation des pilotes et appareils"
    ok(s, "ac set 1 pilot 1")
    assert ok(s, "next") == {"ok": True, "next": "mission start", "aircraft": [1]}
    ok(s, "mission start 1 vs 1a")
    ok(s, "so weapons 4")
    assert ok(s, "next") == {"ok": True, "next": "loiter start", "scout": False}
    ok(s, "loiter start -3")  # 2 turns
    assert ok(s, "next")["next"] == "loiter next"
    ok(s, "loiter next")
    assert ok(s, "next")["next"] == "loiter next"
    assert ok(s, "loiter next")["bingo6"] == [1]
    assert ok(s, "next")["next"] == "mission home"
    ok(s, "mission home")
    assert ok(s, "next")["next"] == "bingo check"
    ok(s, "bingo check =6")
    assert ok(s, "next")["next"] == "mission end"
    ok(s, "mission end stress 0")
    assert ok(s, "next")["next"] == "day end"  # Pirate flew; Viper has no aircraft left
    ok(s, "day end")
    assert ok(s, "next")["next"] == "bn roll"
    ok(s, "bn roll 1a =5")
    ok(s, "day next")
    assert ok(s, "next")["next"] == "day +1"  # nothing lost, damaged, stressed
    ok(s, "day +1")
    ok(s, "campaign end")
    assert ok(s, "next")["next"] == "campaign result"


def test_outside_a_campaign():
    """Without a campaign: a new one, or a mission for the aircraft at the base."""
    s = new()
    assert ok(s, "next") == {"ok": True, "next": "campaign start"}
    ok(s, "ac add a-10a")
    assert ok(s, "next") == {"ok": True, "next": "mission start", "aircraft": [1]}
    ok(s, "mission start 1")
    assert ok(s, "next") == {"ok": True, "next": "loiter start", "scout": False}
    ok(s, "ac hit 1 engine")
    assert ok(s, "next")["next"] == "engine check"
