"""The Golan d6 game pack (the Golan fragment: Mines, [13.0] Leaders, BMP-1 and Sagger,
Helicopters, AVLB, Mortars) through the line protocol, and its allocation-free rolls."""


import pytest

from conftest import run_heap_locked
from engine.tal import fields
from engine.golan import rules
from engine.core.session import Session
from tal_session import ask, ok


def golan(seed=1):
    s = Session(seed)
    ok(s, "game golan")
    return s


# --- the game setting -------------------------------------------------------------------
PACK_LINES = ["golan", "golan new", "mine", "mine place a1", "mine reveal", "mine attack 1 =3",
              "leader", "leader name i1 x", "leader at i1 a1", "leader move i1 a2 =4",
              "leader fate i1 =5", "sagger", "sagger =3", "heli", "heli range 4", "avlb",
              "avlb ditch a1", "avlb defence ditch", "mortar"]


@pytest.mark.parametrize("game", ["tal", "exp3"])
@pytest.mark.parametrize("line", PACK_LINES)
def test_golan_commands_refuse_under_another_game(game, line):
    """The Golan fragment is a separate game: its commands refuse (error state) unless it is
    selected,
    and change nothing, roll nothing."""
    s = Session(4)
    ok(s, "game " + game)
    before = ask(s, "state")
    r = ask(s, line)
    assert r["ok"] is False and r["error"] == "state" and "game golan" in r["msg"]
    assert ask(s, "state") == before


def test_game_is_stored_with_the_campaign_and_undoable():
    """The game choice is a field of the campaign record: saved, and undone like any change."""
    s = Session(0)
    assert ok(s, "game")["game"] == "tal"
    ok(s, "game golan")
    assert s.vals[fields.GAME] == 2
    assert ok(s, "undo")["undone"] == "game golan"
    assert ok(s, "game")["game"] == "tal"
    r = ask(s, "game chess")
    assert r["error"] == "unknown"


# --- Mines ---------------------------------------------------------------------------------
def test_ten_mines_start_in_hand_and_an_eleventh_is_refused():
    """Mines: 10 Israeli mine markers; placing takes them from hand."""
    s = golan()
    assert ok(s, "mine")["hand"] == 10
    for k in range(1, 11):
        r = ok(s, "mine place h%d" % k)
        assert r["mine"] == k and r["face"] == "down" and r["hand"] == 10 - k
    r = ask(s, "mine place h11")
    assert r["error"] == "state" and "hand" in r["msg"]
    m = ok(s, "mine")
    assert m["hand"] == 0 and len(m["map"]) == 10 and m["map"][0] == [1, "h1", "down"]


def test_reveal_turns_every_face_down_mine():
    """Mines: after placement the markers are turned face up (they attack at once)."""
    s = golan()
    ok(s, "mine place a1")
    ok(s, "mine place b2")
    assert ok(s, "mine reveal")["revealed"] == [[1, "a1"], [2, "b2"]]
    assert ask(s, "mine reveal")["error"] == "state"  # none face down any more
    ok(s, "mine place c3")
    assert ok(s, "mine reveal")["revealed"] == [[3, "c3"]]


@pytest.mark.parametrize("die,outcome", [(1, "removed"), (2, "removed"), (3, "removed"),
                                         (4, "removed"), (5, "stays"), (6, "stays")])
def test_after_a_mine_attack_1_to_4_removes_it_5_6_keeps_it(die, outcome):
    """Mines: after a mine attacks, 1d6: 1-4 the mine is removed, 5-6 it stays."""
    s = golan()
    ok(s, "mine place a1")
    ok(s, "mine reveal")
    r = ok(s, "mine attack 1 =%d" % die)
    assert r == {"ok": True, "mine": 1, "hex": "a1", "die": die, "outcome": outcome}
    m = ok(s, "mine")
    if outcome == "removed":
        assert m["removed"] == 1 and m["map"] == [] and m["hand"] == 9  # gone for good
        assert ask(s, "mine attack 1")["error"] == "state"
    else:
        assert m["map"] == [[1, "a1", "up"]]


def test_mine_attack_rolls_a_d6_and_removes_about_two_thirds():
    """Mines: the session's d6 decides (faces 1..6, removal on 1-4 only)."""
    s = golan(77)
    faces = set()
    removed = 0
    for k in range(300):
        ok(s, "golan new")
        ok(s, "mine place a1")
        ok(s, "mine reveal")
        r = ok(s, "mine attack 1")
        faces.add(r["die"])
        assert (r["outcome"] == "removed") == (r["die"] <= 4)
        removed += r["outcome"] == "removed"
    assert faces == {1, 2, 3, 4, 5, 6}
    assert 160 <= removed <= 240  # 200 expected; a 5-6 bias would show


def test_only_a_face_up_mine_attacks():
    """Mines: a mine attacks once turned face up; one in hand or face down does not."""
    s = golan()
    assert ask(s, "mine attack 1")["error"] == "state"
    ok(s, "mine place a1")
    r = ask(s, "mine attack 1")
    assert r["error"] == "state" and "down" in r["msg"]
    assert ask(s, "mine attack 11")["error"] == "range"
    assert ask(s, "mine attack 1 =7")["error"] == "state"  # state checked before the die


def test_no_mine_in_an_anti_tank_ditch_hex_holding_an_avlb():
    """Mines, exception (and AVLB point 1): never in an anti-tank-ditch hex with an AVLB;
    any other hex, even one with Syrian units, takes mines."""
    s = golan()
    ok(s, "avlb ditch d7")
    r = ask(s, "mine place d7")
    assert r["error"] == "state" and "avlb" in r["msg"].lower()
    assert ok(s, "mine")["hand"] == 10
    ok(s, "mine place d8")
    ok(s, "avlb lost d7")  # the AVLB destroyed: the hex takes mines again
    ok(s, "mine place d7")


def test_avlb_defence_40_in_a_ditch_4_elsewhere():
    """AVLB point 3: defence 40 in an anti-tank-ditch hex, otherwise 4."""
    s = golan()
    assert ok(s, "avlb defence ditch")["defence"] == 40
    assert ok(s, "avlb defence open")["defence"] == 4
    assert ok(s, "avlb ditch x1")["defence"] == 40
    assert ask(s, "avlb ditch x1")["error"] == "state"
    for h in ("x2", "x3", "x4"):
        ok(s, "avlb ditch " + h)
    assert ok(s, "avlb")["ditch"] == ["x1", "x2", "x3", "x4"]
    assert ask(s, "avlb ditch x5")["error"] == "state"
    assert ask(s, "avlb lost zz")["error"] == "state"
    assert ask(s, "avlb defence river")["error"] == "syntax"


# --- Leaders [13.0] -------------------------------------------------------------------------
def test_three_israeli_and_two_syrian_leaders_with_placeholder_names():
    """[13.0] Leaders: Israel has three leaders, Syria two; the names are placeholders."""
    s = golan()
    ls = ok(s, "leader")["leaders"]
    assert [l["side"] for l in ls] == ["israeli"] * 3 + ["syrian"] * 2
    assert [l["id"] for l in ls] == ["i1", "i2", "i3", "s1", "s2"]
    assert all(l["alive"] and l["hex"] is None for l in ls)


def test_leaders_are_renamed_and_found_by_name():
    """[13.0] leaders tracked by name: renaming, unique names, lookup by id or name."""
    s = golan()
    r = ok(s, "leader name i2 kahalani")
    assert r["leader"]["name"] == "kahalani" and r["leader"]["id"] == "i2"
    ok(s, "leader at kahalani 0412")
    assert ok(s, "leader")["leaders"][1]["hex"] == "0412"
    assert ask(s, "leader name i1 kahalani")["error"] == "state"
    assert ask(s, "leader name i1 s2")["error"] == "state"  # an id is taken too
    assert ask(s, "leader name i1 abcdefghij")["error"] == "syntax"  # 10 > 9 characters
    assert ask(s, "leader name i1 ben_gal")["error"] == "syntax"
    assert ask(s, "leader at nobody 0412")["error"] == "unknown"


MOVE_TABLE = [(die, adj, "killed" if die + adj <= 2 else "stays" if die + adj == 3 else "moves")
              for die in range(1, 7) for adj in (0, 1)]


@pytest.mark.parametrize("die,adj,outcome", MOVE_TABLE)
def test_leader_movement_test(die, adj, outcome):
    """[13.0] leader movement: 1d6, +1 when the stacks are adjacent: 1-2 killed, 3 stays,
    4-6 moves to the other stack."""
    s = golan()
    ok(s, "leader at s1 a1")
    r = ok(s, "leader move s1 b2 %s=%d" % ("adj " if adj else "", die))
    assert r == {"ok": True, "leader": "s1", "die": die, "mod": adj, "result": die + adj,
                 "outcome": outcome,
                 "hex": {"killed": None, "stays": "a1", "moves": "b2"}[outcome]}
    assert ok(s, "leader")["leaders"][3]["alive"] == (outcome != "killed")
    if outcome == "killed":
        assert ask(s, "leader move s1 a1")["error"] == "state"


@pytest.mark.parametrize("die", range(1, 7))
def test_leader_fate_when_its_hex_is_wiped_out(die):
    """[13.0] fate of a leader whose hex lost every unit: 1d6, 1-4 destroyed, 5-6 moves to the
    nearest friendly stack."""
    s = golan()
    ok(s, "leader at i3 c3")
    r = ok(s, "leader fate i3 c4 =%d" % die)
    if die <= 4:
        assert r["outcome"] == "destroyed" and r["hex"] is None
        assert ok(s, "leader")["leaders"][2]["alive"] is False
    else:
        assert r["outcome"] == "moves" and r["hex"] == "c4"


def test_leader_tests_need_a_placed_living_leader():
    """[13.0]: a leader moves between stacks: it must be in one; a dead one does nothing."""
    s = golan()
    assert ask(s, "leader move i1 a1")["error"] == "state"
    assert ask(s, "leader fate i1")["error"] == "state"
    ok(s, "leader at i1 a1")
    assert ask(s, "leader move i1 a1")["error"] == "state"  # already there
    assert ask(s, "leader move i1 a2 adj adj")["error"] == "syntax"
    assert ask(s, "leader move i1 a2 =0")["error"] == "range"


def test_the_leader_d6_is_rolled_when_not_given():
    """[13.0]: without =D the session's d6 is rolled (every face possible, none above 6)."""
    faces = set()
    for seed in range(60):
        s = golan(seed)
        ok(s, "leader at i1 a1")
        faces.add(ok(s, "leader move i1 a2")["die"])
    assert faces == {1, 2, 3, 4, 5, 6}


# --- BMP-1 / Sagger, helicopters, mortars ---------------------------------------------------
@pytest.mark.parametrize("die", range(1, 7))
def test_sagger_odd_result_is_ne(die):
    """BMP-1 and Sagger: an AP attack with an odd result is NE (out of missiles)."""
    s = golan()
    r = ok(s, "sagger =%d" % die)
    assert r["odd"] == (die % 2 == 1)
    assert r["outcome"] == ("ne" if die % 2 else "fire table")


@pytest.mark.parametrize("n", range(0, 13))
def test_range_to_a_helicopter_is_halved_fractions_dropped(n):
    """Helicopters point 8: range halved, fractions dropped."""
    s = golan()
    assert ok(s, "heli range %d" % n) == {"ok": True, "range": n, "vs_helicopter": n // 2}


def test_heli_and_mortar_notes():
    """Helicopters and Mortars: the device shows their rules as notes."""
    s = golan()
    assert any("halved" in n for n in ok(s, "heli")["notes"])
    notes = ok(s, "mortar")["notes"]
    assert len(notes) == 4 and any("moving" in n for n in notes)
    assert any("Suppressed" in n for n in notes)


def test_helicopters_fly_by_default(console):
    """"Вертолеты" (Helicopters): «По умолчанию принимается режим полета»: the helicopter note
    says which mode a helicopter is in until the player marks it hovering, first, with the once a
    turn change (on CPython and on MicroPython)."""
    import json

    out = console(["game golan", "heli"]).decode().splitlines()
    first = json.loads(out[1])["notes"][0]
    assert first.startswith("flying by default, hovering under a hovering marker")
    assert "once per turn" in first


# --- state ---------------------------------------------------------------------------------
def test_golan_new_returns_everything_but_keeps_names():
    """the Golan fragment: a new game has 10 mines in hand and every leader alive."""
    s = golan()
    ok(s, "leader name i1 peled")
    ok(s, "leader at i1 a1")
    ok(s, "leader move i1 a2 =1")
    ok(s, "mine place a1")
    ok(s, "avlb ditch z1")
    r = ok(s, "golan new")
    assert r["mines_hand"] == 10 and r["leaders_alive"] == 5 and r["avlb_ditch"] == []
    assert ok(s, "leader")["leaders"][0]["name"] == "peled"


def test_undo_takes_back_a_mine_roll_but_not_the_dice():
    """Every pack change is one undo step (the dice are never rewound)."""
    s = golan(9)
    ok(s, "mine place a1")
    ok(s, "mine reveal")
    r = ok(s, "mine attack 1 =2")
    assert r["outcome"] == "removed"
    assert ok(s, "undo")["undone"] == "mine attack 1 =2"
    assert ok(s, "mine")["map"] == [[1, "a1", "up"]]


MALFORMED = ["golan old", "mine place", "mine place a1 b1", "mine place A_1", "mine place abcdefg",
             "mine reveal now", "mine attack", "mine attack x", "mine attack 1 =1 =2", "mine boom",
             "leader x", "leader name i1", "leader at i1", "leader move i1", "leader fate",
             "leader move i1 a2 far", "sagger =7", "sagger 3", "heli range", "heli range -1",
             "heli range 100", "heli fly", "avlb ditch", "avlb defence", "avlb nope x1",
             "mortar fire"]


@pytest.mark.parametrize("line", MALFORMED)
def test_bad_golan_lines_change_nothing(line):
    """Bad input gets a clear error and changes nothing (no die rolled either)."""
    s = golan(5)
    ok(s, "leader at i1 a1")
    ok(s, "mine place a1")
    ok(s, "mine reveal")
    before = ask(s, "state")
    r = ask(s, line)
    assert r["ok"] is False and r["error"] in ("syntax", "range", "unknown", "state") and r["msg"]
    assert ask(s, "state") == before


def test_the_golan_block_is_laid_out_exactly():
    """engine/golan/rules.py lays out the fields.GOLAN block: every field inside it, none left."""
    assert rules.MINE_HEX == fields.GOLAN and rules.END == fields.GOLAN + fields.GOLAN_FIELDS


def test_names_pack_into_16_bit_fields():
    """Hex and leader names: a-z 0-9 '-', 6 and 9 characters, each field a signed 16-bit value."""
    from array import array
    v = array("h", [0] * 3)
    for word in ("a", "zzz", "999", "---", "a-9", "zz9-z-", "-9-9-9999"):
        n = 3 if len(word) > 6 else 2
        rules.put_name(v, 0, n, word)
        assert rules.get_name(v, 0, n) == word
        assert rules.same_name(v, 0, n, word)
    rules.put_name(v, 0, 3, "")
    assert rules.get_name(v, 0, 3) is None and list(v) == [0, 0, 0]
    assert not rules.valid_name("abc.d", 6) and not rules.valid_name("", 6)
    assert not rules.valid_name("abcdefg", 6) and rules.valid_name("abcdef", 6)


HEAP_LOCK = """
import micropython
from engine.golan import rules
from engine.core.rng import Rng
r = Rng(5)


def hot():
    n = 0
    for _ in range(2000):
        d = r.die(6)
        if rules.mine_stays(d):
            n += 1
        n += rules.leader_move(d + 1) + rules.leader_fate(d) + rules.range_vs_helicopter(d)
        if rules.sagger_out_of_missiles(d):
            n += 1
        n += rules.avlb_defence(d > 3)
    return n


"""


def test_golan_rolls_allocate_nothing_under_micropython():
    """The d6 procedures (mines, leaders, Sagger, helicopter range, AVLB) allocate nothing."""
    assert int(run_heap_locked(HEAP_LOCK)) > 0
