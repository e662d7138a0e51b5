"""The counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground Forces cup) and their data
files (engine/core/datafile.py, engine/tal/cups/fileformat.py): rules, conservation, checksum,
memory."""

import os
import random

import pytest

from conftest import run_mpy
from engine.tal.cups import check as cupcheck, counters, data as cupdata, rules as cups
from engine.tal.cups import state
from engine.core import datafile, dice
from engine.tal import fields
from engine.core.parse import Reject
from engine.core.session import Session
from firmware.datafiles import reader
from tal_session import DATA, ask, new, ok

HEAD = ["source: test", "status: unverified: test data"]


def hook(**files):
    """A data hook serving the shipped files, with some replaced by lists of lines."""
    real = reader(DATA)

    def read(name):
        key = name.split("/")[-1][:-4]
        return files[key] if key in files else real(name)

    return read


session = new  # a session reading data/


def check_invariants(s):
    v = s.vals
    assert cupcheck.invariant(v, state.HIT, cupdata.definition(s, cupdata.HIT_FILE)) is None
    assert cupcheck.invariant(v, state.POPUP, cupdata.definition(s, cupdata.POPUP_FILE)) is None


def units(*specs):
    """(bytearray, n) for attacking units given as '3l', '2h'."""
    b = bytearray(cups.MAX_UNITS)
    for k, t in enumerate(specs):
        b[k] = int(t[:-1]) + (128 if t[-1] == "h" else 0)
    return b, len(specs)


# --- the data file format (engine/core/datafile.py) ----------------------------------------------
COLS = (("count", datafile.integer(1, 9)), ("name", datafile.choice(["a", "b"])),
        ("source", datafile.text))


def parse_lines(lines):
    head = {"source": None, "status": None}
    return list(datafile.records(lines, COLS, head)), head


def test_datafile_reads_both_separators_comments_and_headers():
    rows, head = parse_lines(["# comment", "source: here", "", "status: unverified: x  # note",
                              "2 | a | the rulebook, p. 3", "3 b my own sheet  ", "  1|B|x"])
    assert rows == [(5, (2, 0, "the rulebook, p. 3")), (6, (3, 1, "my own sheet")),
                    (7, (1, 1, "x"))]
    assert head == {"source": "here", "status": "unverified: x"}
    rows, head = parse_lines(["\ufeffsource: bom\r\n", "status: s\r\n", "1\ta\tx\r\n",
                              b"2 | b | bytes\n"])
    assert rows == [(3, (1, 0, "x")), (4, (2, 1, "bytes"))] and head["source"] == "bom"


@pytest.mark.parametrize("lines,line,words", [
    (HEAD + ["2 | c | s"], 3, ["name", "'c'"]),
    (HEAD + ["x | a | s"], 3, ["count", "'x'"]),
    (HEAD + ["12 | a | s"], 3, ["count", "12", "1..9"]),
    (HEAD + ["2 | a"], 3, ["2 columns", "expected 3"]),
    (HEAD + ["2 | | s"], 3, ["name", "empty"]),
    (["source: s", "sorce: t", "1 a s"], 2, ["unknown header", "sorce:"]),
    (["source: s", "1 a s"], 0, ["missing", "status"]),
])
def test_datafile_errors_name_the_line_and_the_value(lines, line, words):
    with pytest.raises(datafile.DataError) as e:
        parse_lines(lines)
    assert e.value.line == line
    assert str(e.value).startswith("line %d: " % line)
    for word in words:
        assert word in e.value.msg


HIT_LINE = "1 | pylon* | - | stress:1 | a-10 | s"


@pytest.mark.parametrize("bad,line,words", [
    ("1 | strcture* | - | no-effect | - | s", 3, ["heavy", "'strcture*'", "not a Hit effect"]),
    ("1 | altitude* | - | no-effect | - | s", 3, ["only durable", "temporary"]),
    ("1 | stress | - | no-effect | - | s", 3, ["stress:N"]),
    ("1 | attack:-3 | - | no-effect | - | s", 3, ["attack:-1 or attack:-2"]),
    ("1 | killed:2 | - | no-effect | - | s", 3, ["takes no value"]),
    ("1 | killed | f-15 | no-effect | - | s", 3, ["heavy tag", "'f-15'"]),
    ("40 | killed | - | no-effect | - |s\n30 | killed | - | no-effect | - | s", 4,
     ["more than 64"]),
])
def test_hit_file_errors_refuse_the_cup_naming_file_and_line(bad, line, words):
    """A bad data file line: a clear refusal naming file:line, and nothing changes."""
    s = session(data=hook(hit_cup=HEAD + bad.split("\n")))
    before = s.payload()
    r = ask(s, "cup draw hit ac 1 type a-10 2l")
    assert r["ok"] is False and r["error"] == "state"
    assert r["msg"].startswith("data/tal/hit_cup.txt:%d: " % line), r["msg"]
    for word in words:
        assert word in r["msg"]
    assert s.payload() == before  # nothing changed, no die rolled
    assert ok(s, "cup show popup")["total"] == 32  # the other cups still work


@pytest.mark.parametrize("name,lines,words", [
    ("popup_cup", HEAD + ["2 | no-enemy | 1l | - | s"], ["no-enemy takes -"]),
    ("popup_cup", HEAD + ["1 | apc | 2x | 1 | s"], ["attack", "'2x'"]),
    ("popup_cup", HEAD + ["1 | ufo | - | - | s"], ["counter", "'ufo'"]),
    ("ground_forces_cup", HEAD + ["1 | 3-hits | s"], ["result", "'3-hits'"]),
    ("ground_forces_cup", HEAD, ["no counters"]),
])
def test_popup_and_ground_file_errors(name, lines, words):
    s = session(data=hook(**{name: lines}))
    cup = "popup" if name == "popup_cup" else "ground"
    r = ask(s, "cup show " + cup)
    assert r["ok"] is False and r["msg"].startswith("data/")
    for word in words:
        assert word in r["msg"]


def test_missing_data_is_refused_clearly():
    s = Session(1)  # no front end data hook
    r = ask(s, "cup draw hit ac 1 type a-10 1l")
    assert r["ok"] is False and "tal/hit_cup.txt not found" in r["msg"]


def test_shipped_files_every_counter_sourced_and_labelled_placeholder():
    """The public transcription: 7 known Hit counters, 22 No Enemy + 10 enemy Pop-Ups; the rest
    placeholders, and the files say so until the player enters his mix."""
    s = session()
    hd = cupdata.definition(s, cupdata.HIT_FILE)
    pd = cupdata.definition(s, cupdata.POPUP_FILE)
    gd = cupdata.definition(s, cupdata.GROUND_FILE)
    assert (hd.n, pd.n, gd.n) == (40, 32, 10)
    for d in (hd, pd, gd):
        assert d.status.startswith("placeholder") and cupdata.unverified(d)
    assert sum(1 for c in range(pd.n) if pd.unit[c] == 0) == 22
    # the appendix's seven counters, as (heavy, light, light tag) in the file's first lines
    e = counters.EFFECTS
    first = [(e[hd.effect[1][c]], e[hd.effect[0][c]], hd.tag[0][c]) for c in range(7)]
    t = counters.TYPES.index
    assert first == [("bullet-holes", "structure", t("ah-64") + 1),
                     ("attack", "stress", t("a-10") + 1), ("structure", "structure", t("av-8b") + 1),
                     ("pylon", "stress", t("ah-64") + 1), ("altitude", "stress", t("f-16") + 1),
                     ("killed", "engine", t("f-16") + 1), ("pylon", "cannon", t("a-10") + 1)]
    assert hd.tag[1][6] == t("f-16") + 1  # the last one also has F-16 on its Heavy side
    for name in ("tal/hit_cup.txt", "tal/popup_cup.txt", "exp3/ground_forces_cup.txt"):
        with open(os.path.join(DATA, name)) as f:
            text = f.read()
        assert "status: placeholder " in text and "(mix " in text
        for line in text.splitlines():
            body = line.split("#")[0].strip()
            if body and ":" not in body.split()[0]:
                assert body.split("|")[-1].strip(), line  # a source on every record


def test_replies_say_the_mix_is_a_placeholder():
    """Until the player has entered his counters, every draw says the mix is a placeholder, in
    one short line that says how to enter it."""
    s = session()
    for line, cup in (("cup show hit", "hit"), ("cup draw hit ac 1 type a-10 1l", "hit"),
                      ("cup draw popup 1", "popup"), ("cup draw ground 1", "ground")):
        note = ok(s, line)["data"]
        assert note.startswith("placeholder") and note.endswith("(mix %s)" % cup)
        assert len(note) <= 50
    s = session(data=hook(ground_forces_cup=["source: mine", "status: verified: my counters",
                                             "3 | 1-hit | mine"]))
    assert "data" not in ok(s, "cup draw ground 2")


def test_field_layout_fits_the_definitions():
    assert 15 * (fields.HIT_HELD - fields.HIT_REMOVED) >= cupdata._MAX[0]
    assert 15 * (fields.POPUP_OUT - fields.POPUP_REMOVED) >= cupdata._MAX[1]
    assert fields.POPUP_OUT + fields.POPUP_OUT_MAX - fields.HIT_SUM == 39  # the fields the cups add
    assert cups.MAX_DRAW <= 24 and cups.AIRCRAFT_MAX <= 15  # what a held slot can encode


def test_data_reader_stays_in_its_directory(tmp_path):
    (tmp_path / "x.txt").write_text("a\n")
    r = reader(str(tmp_path))
    f = r("x.txt")
    assert list(f) == [b"a\n"]  # binary: the parser splits and checks the bytes itself
    f.close()
    assert r("missing.txt") is None and r("../x.txt") is None and r("/etc/passwd") is None


def test_build_copies_the_data_files(tmp_path):
    from host_tools.building import build_mpy

    build_mpy.build(str(tmp_path))
    for name in ("tal/hit_cup.txt", "tal/popup_cup.txt", "exp3/ground_forces_cup.txt"):
        with open(os.path.join(DATA, name), "rb") as a, open(str(tmp_path / "data" / name),
                                                             "rb") as b:
            assert a.read() == b.read()


# --- the Hit cup ("Attaques Ennemies") ------------------------------------------------------------
def cup_of(*rows):
    """A data hook whose Hit cup is the given rows."""
    return hook(hit_cup=HEAD + list(rows))


def test_hit_draw_is_without_replacement_and_reads_light_then_heavy():
    """"Attaques Ennemies": all counters against one aircraft drawn at once, without replacement."""
    s = session(seed=5)
    for _ in range(200):
        r = ok(s, "cup draw hit ac 1 type f-16 3l 2h 2l")
        ns = [d["n"] for d in r["draws"]]
        assert len(ns) == 7 == len(set(ns))
        assert [d["side"] for d in r["draws"]] == ["light"] * 5 + ["heavy"] * 2
        ok(s, "cup end-turn 1")
        check_invariants(s)


def test_hit_draw_every_counter_equally_likely():
    """"Attaques Ennemies": the cup is mixed: each counter has the same chance (chi-square, 39
    degrees)."""
    s = session(seed=11)
    d = cupdata.definition(s, cupdata.HIT_FILE)
    u, n = units("4l")
    counts = [0] * d.n
    trials = 4000
    for _ in range(trials):
        cups.check_hit(s, d, u, n, 1)
        m = cups.draw_hit(s, d, u, n, False, 0, False, 1, counters.TYPES.index("a-10"))
        for k in range(m):
            counts[cups.DRAWN[k]] += 1
        cups.end_turn(s, d, 1)
    chi = dice.chi_square_x100(counts, d.n, trials * 4)
    assert chi < 7200, chi  # p = 0.001 for 39 degrees of freedom is 72.05


def test_same_aircraft_type_counter_is_ignored():
    """"Attaques Ennemies": a counter showing the target's own aircraft type is ignored."""
    s = session(data=cup_of("1 | killed | f-16 | stress:1 | a-10 | s"))
    r = ok(s, "cup draw hit ac 1 type a-10c 1l")  # a model folds into its type
    assert r["draws"][0]["ignored"] == "type" and r["draws"][0]["tag"] == "a-10"
    r = ok(s, "cup draw hit ac 1 type f-16 1h")
    assert r["draws"][0]["ignored"] == "type" and r["draws"][0]["effect"] == "killed"
    r = ok(s, "cup draw hit ac 1 type f-16 1l")
    assert r["draws"][0]["ignored"] is False


def test_instant_and_durable_go_back_at_once_temporary_stays_out():
    """"Attaques Ennemies": instant and durable counters return at once; temporary ones stay out."""
    s = session(data=cup_of("1 | killed | - | stress:2 | - | s",
                            "1 | structure* | - | engine* | - | s",
                            "1 | attack:-2 | - | no-strike | - | s"))
    r = ok(s, "cup draw hit ac 1 type a-10 3l")
    kinds = sorted(d["kind"] for d in r["draws"])
    assert kinds == ["durable", "instant", "temporary"]
    show = ok(s, "cup show hit")
    assert show["in"] == 2 and len(show["held"]) == 1
    assert show["held"][0]["effect"] == "no-strike" and show["held"][0]["ac"] == 1
    r = ok(s, "cup draw hit ac 2 type a-10 2h")  # the held counter cannot be drawn
    assert sorted(d["n"] for d in r["draws"]) == [1, 2]
    assert ask(s, "cup draw hit ac 2 type a-10 3h")["error"] == "state"  # only 2 in the cup


def test_effects_for_the_mission_rules():
    s = session(data=cup_of("1 | killed | - | stress:2 | - | s",
                            "1 | structure* | - | attack:-1 | a-10 | s"))
    d = cupdata.definition(s, cupdata.HIT_FILE)
    u, n = units("2l")
    m = cups.draw_hit(s, d, u, n, False, 0, False, 1, counters.TYPES.index("a-10"))
    assert cups.effects(m) == [("stress", 2)]  # the A-10 counter is ignored
    m = cups.draw_hit(s, d, u, n, False, 0, False, 2, counters.TYPES.index("f-16"))
    assert sorted(cups.effects(m)) == [("attack", -1), ("stress", 2)]


def temp_session(seed=1):
    # Every counter's Light side is temporary: each Light hit is held.
    return session(seed, cup_of("4 | killed | - | attack:-1 | - | s",
                                "4 | killed | - | no-strike | - | s"))


def test_temporary_counter_slow_pilot_back_at_its_turn_later_in_the_same_loiter_turn():
    """"Attaques Ennemies": back at the end of the holder's next turn; a Slow pilot hit in the enemy
    phase
    has that turn later in the same Loiter turn (Fast phase, enemy attacks, Slow phase)."""
    s = temp_session()
    # Loiter turn 1: Fast aircraft 1 ends its turn; the enemy hits Slow aircraft 2.
    ok(s, "cup end-turn 1")
    ok(s, "cup draw hit ac 2 type a-10 1l")
    assert len(ok(s, "cup show hit")["held"]) == 1
    r = ok(s, "cup end-turn 2")  # aircraft 2's Slow turn, same Loiter turn
    assert len(r["returned"]) == 1 and r["held"] == []
    assert ok(s, "cup show hit")["in"] == 8


def test_temporary_counter_fast_pilot_back_at_its_turn_in_the_next_loiter_turn():
    """"Attaques Ennemies": a Fast pilot hit in the enemy phase has its next turn in the next Loiter
    turn;
    other aircraft's turn ends do not return its counters."""
    s = temp_session()
    ok(s, "cup end-turn 1")  # Loiter turn 1: Fast aircraft 1 acted
    ok(s, "cup draw hit ac 1 type a-10 2l")  # enemy phase
    assert ok(s, "cup end-turn 2")["returned"] == []  # Slow aircraft 2 acts
    assert ok(s, "cup end-turn 3")["returned"] == []
    assert len(ok(s, "cup show hit")["held"]) == 2
    r = ok(s, "cup end-turn 1")  # Loiter turn 2: aircraft 1's Fast turn ends
    assert len(r["returned"]) == 2 and ok(s, "cup show hit")["held"] == []


def test_end_turn_counts_turn_ends():
    """A counter that must wait two of its holder's turn ends (a hit during its own turn)."""
    s = temp_session()
    d = cupdata.definition(s, cupdata.HIT_FILE)
    u, n = units("1l")
    m = cups.draw_hit(s, d, u, n, False, 0, False, 3, 0)
    k = [i for i in range(fields.HIT_HELD_MAX) if s.vals[fields.HIT_HELD + i]][0]
    s.vals[fields.HIT_HELD + k] += 2048  # one more turn end to wait
    assert cupcheck.invariant(s.vals, state.HIT, d) is None
    assert cups.end_turn(s, d, 3) == 0
    assert cups.end_turn(s, d, 3) == 1 and m == 1


def test_altitude_hit_ignored_while_one_is_held():
    """"Attaques Ennemies": further Altitude hits are ignored until the held one is removed."""
    s = session(data=cup_of("3 | killed | - | altitude | - | s"))
    r = ok(s, "cup draw hit ac 1 type a-10 2l")
    assert [d["ignored"] for d in r["draws"]] == [False, "altitude"]
    r = ok(s, "cup draw hit ac 1 type a-10 1l")
    assert r["draws"][0]["ignored"] == "altitude"
    assert len(ok(s, "cup show hit")["held"]) == 1  # ignored counters went back
    ok(s, "cup end-turn 1")
    assert ok(s, "cup draw hit ac 1 type a-10 1l")["draws"][0]["ignored"] is False


@pytest.mark.parametrize("actype", ["rq-1", "mq-1"])
def test_unmanned_immunities(actype):
    """"Attaques Ennemies": RQ-1 and MQ-1 ignore Stress, Wounded, Bullet Holes, HUD, Cannon; Killed
    applies."""
    rows = ["1 | %s | - | no-effect | - | s" % e for e in
            ("stress:2", "wounded*", "bullet-holes*", "hud*", "cannon*", "killed", "structure*",
             "altitude")]
    s = session(data=cup_of(*rows))
    r = ok(s, "cup draw hit ac 4 type %s 8h" % actype)
    got = {d["effect"]: d["ignored"] for d in r["draws"]}
    assert got == {"stress": "immune", "wounded": "immune", "bullet-holes": "immune",
                   "hud": "immune", "cannon": "immune", "killed": False, "structure": False,
                   "altitude": False}


def test_ac130_immunities_and_gun():
    """"Attaques Ennemies": the AC-130 ignores Altitude, Pylon, HUD; a Cannon hit disables one of 3
    guns."""
    rows = ["1 | %s | - | no-effect | - | s" % e for e in
            ("altitude", "pylon*", "hud*", "cannon*", "engine*", "attack:-1")]
    s = session(data=cup_of(*rows))
    r = ok(s, "cup draw hit ac 5 type ac-130 6h")
    got = {d["effect"]: d["ignored"] for d in r["draws"]}
    assert got == {"altitude": "immune", "pylon": "immune", "hud": "immune", "cannon": False,
                   "engine": False, "attack": False}
    guns = set()
    for seed in range(60):
        s = session(seed, data=cup_of("1 | cannon* | - | no-effect | - | s"))
        guns.add(ok(s, "cup draw hit ac 5 type ac-130 1h")["draws"][0]["value"])
    assert guns == {1, 2, 3}


def test_ac130_cannon_hit_by_hand_disables_a_gun_at_random_unless_named():
    """A Cannon counter drawn by hand (`ac hit N cannon`) disables one of the 3 guns at random, as
    a drawn one does; `cannon G` names the gun."""
    from engine.tal import aircraft

    masks = set()
    for seed in range(40):
        s = session(seed)
        ok(s, "ac add ac-130")
        ok(s, "ac hit 1 cannon")
        masks.add(aircraft.marker(s.vals, 0, aircraft.CANNON))
    assert masks == {1, 2, 4}
    ok(s, "ac hit 1 cannon 3")
    assert aircraft.marker(s.vals, 0, aircraft.CANNON) & 4


def test_an_altitude_hit_changes_the_altitude_and_keeps_it_until_the_counter_goes_back():
    """"Hits Temporaires", Altitude: «Changez immédiatement l'altitude de l'avion. L'avion doit
    rester à cette altitude jusqu'à la fin de son prochain tour.»  A second Altitude is ignored
    meanwhile (test_altitude_hit_ignored_while_one_is_held)."""
    s = session(data=cup_of(*["1 | altitude | - | altitude | - | s"] * 4))
    ok(s, "ac add a-10a")
    ok(s, "ac add f-16")
    ok(s, "mission start 1 2")
    ok(s, "loiter start")
    r = ok(s, "ac attacked 1 1l")
    assert (r["draws"][0]["result"], r["altitude"]) == ("held", "high")
    assert "keeps this altitude" in ask(s, "ac set 1 low")["msg"]
    assert ok(s, "ac set 1 high")["altitude"] == "high"  # no change: accepted
    assert ok(s, "ac set 2 high")["altitude"] == "high"  # another aircraft: free
    ok(s, "loiter next")  # the enemy phase: the Fast A-10's next turn is the next Fast part
    ok(s, "ac attacked 2 1l")  # the first enemy attack of the turn ends the A-10's turn
    assert ok(s, "ac set 1 low")["altitude"] == "low"


def test_an_attack_goes_to_its_own_module_not_through_the_rosters():
    """`ac attacked` is the protocol table's `ac:attacked` line (engine/core/protocol.py): the
    roster's commands (engine/tal/cmd_ac.py, 0.8 KB of a frozen board's heap) are not loaded for
    it, in the hungriest request of a campaign; `help` and `knows` still name only `ac`."""
    import sys

    from engine.core import protocol

    s = session()
    ok(s, "ac add a-10a")
    ok(s, "mission start 1")
    ok(s, "loiter start")
    sys.modules.pop("engine.tal.cmd_ac", None)
    assert ok(s, "ac attacked 1 1l")["ac"] == 1
    assert "engine.tal.cmd_ac" not in sys.modules
    assert ask(s, "ac attacked 1")["msg"].startswith("usage: ac attacked")
    commands = ok(s, "help")["commands"]
    assert "ac" in commands and not [c for c in commands if ":" in c]
    assert protocol.knows("ac") and not protocol.knows("ac:attacked")


def test_ecm_rolls_per_unit_and_cancels_on_7_or_more():
    """"Attaques Ennemies": ECM pod: a d10 per attacking unit before the draw, 7+ cancels that
    unit."""
    seen = set()
    for seed in range(300):
        s = session(seed)
        r = ok(s, "cup draw hit ac 1 type a-10 3l 2h 1l ecm")
        dice_ = r["ecm"]
        assert len(dice_) == 3 and all(1 <= x <= 10 for x in dice_)
        light = (3 if dice_[0] < 7 else 0) + (1 if dice_[2] < 7 else 0)
        heavy = 2 if dice_[1] < 7 else 0
        assert (r["light"], r["heavy"]) == (light, heavy)
        assert len(r["draws"]) == light + heavy
        seen.update(x >= 7 for x in dice_)
    assert seen == {True, False}
    assert ok(session(), "cup draw hit ac 1 type a-10 3l")["ecm"] == []  # no pod, no die


@pytest.mark.parametrize("light,heavy,evasive,first,want", [
    (1, 0, 1, False, (0, 0)),  # cancel a Light hit
    (0, 1, 1, False, (1, 0)),  # turn a Heavy into a Light
    (0, 1, 2, False, (0, 0)),  # ... which a second point cancels
    (2, 0, 2, False, (0, 0)),  # Evasive +2: two Light hits cancelled
    (0, 2, 2, False, (0, 1)),  # one Heavy turned, then cancelled
    (0, 2, 2, True, (2, 0)),  # ... or, heavy-first, two Heavy turned into Light
    (1, 1, 2, False, (1, 0)),  # a Light cancelled and a Heavy turned into a Light
    (1, 1, 1, False, (0, 1)),  # the Light is cancelled first
    (1, 1, 1, True, (2, 0)),  # heavy-first: the Heavy is turned first
    (1, 2, 2, True, (3, 0)),
    (3, 2, 0, False, (3, 2)),
    (0, 0, 3, False, (0, 0)),
])
def test_evasive(light, heavy, evasive, first, want):
    """"Compétence d'Evitement": each point cancels a Light hit or turns a Heavy into a Light."""
    specs = ["1l"] * light + ["1h"] * heavy
    u, n = units(*specs) if specs else (bytearray(cups.MAX_UNITS), 0)
    s = session()
    cups.ecm_evasive(s.rng, u, n, False, evasive, first)
    assert (cups.COUNTS[0], cups.COUNTS[1]) == want


def test_ecm_comes_before_evasive():
    """"Attaques Ennemies": ECM is rolled before Evasive is applied (Evasive spends no point on a
    cancelled
    unit)."""
    for seed in range(100):
        s = session(seed)
        r = ok(s, "cup draw hit ac 1 type a-10 1l 1h ecm evasive 1")
        light, heavy = (1 if r["ecm"][0] < 7 else 0), (1 if r["ecm"][1] < 7 else 0)
        if light:
            light -= 1
        elif heavy:
            heavy, light = 0, 1
        assert (r["light"], r["heavy"]) == (light, heavy)


def test_refused_draw_rolls_nothing_and_changes_nothing():
    s = session()
    ok(s, "cup draw hit ac 1 type a-10 2l")
    before = (s.payload(), s.rng.get_state())
    for line in ("cup draw hit ac 1 type a-10 9l 9l 9l", "cup draw hit ac 1 type b-52 1l",
                 "cup draw hit ac 16 type a-10 1l", "cup draw hit type a-10 1l",
                 "cup draw hit ac 1 type a-10", "cup draw hit ac 1 type a-10 0l",
                 "cup draw hit ac 1 type a-10 1x ecm", "cup draw popup 0", "cup draw popup 25",
                 "cup draw popup b-52", "cup draw ground 25", "cup return popup 1",
                 "cup return popup 99", "cup remove popup no-enemy 23", "cup remove popup ufo",
                 "cup end-turn 0", "cup show", "cup show cockpit", "cup", "cup fly"):
        r = ask(s, line)
        assert r["ok"] is False and r["error"] in ("syntax", "range", "state", "unknown"), line
        assert (s.payload(), s.rng.get_state()) == before, line


def test_undo_restores_held_counters_but_not_the_dice():
    """Undo puts the cups back exactly; the dice are never rewound."""
    s = temp_session()
    ok(s, "cup draw hit ac 1 type a-10 2l")
    held = ok(s, "cup show hit")["held"]
    state = list(s.vals)
    ok(s, "cup end-turn 1")
    rng = s.rng.get_state()
    assert ok(s, "undo")["undone"] == "cup end-turn 1"
    assert list(s.vals) == state and ok(s, "cup show hit")["held"] == held
    assert s.rng.get_state() == rng
    ok(s, "undo")
    assert ok(s, "cup show hit")["held"] == []


# --- the Pop-Up cup ("Tirage des marqueurs Pop-Up") -----------------------------------------------
def test_popup_one_draw_per_high_altitude_aircraft_except_rq1_mq1_ac130():
    """"Tirage des marqueurs Pop-Up": RQ-1, MQ-1 and AC-130 never draw a Pop-Up."""
    s = session()
    r = ok(s, "cup draw popup a-10 rq-1 mq-1 ac-130 ah-64d")
    assert len(r["draws"]) == 2 and r["skipped"] == 3
    assert cups.popup_draws([counters.aircraft_type(t) for t in ("f-16", "rq-1")]) == 1
    assert len(ok(s, "cup draw popup 3")["draws"]) == 3


def test_popup_no_enemy_back_at_once_enemy_out_in_a_hex_until_destroyed():
    """"Tirage des marqueurs Pop-Up": No Enemy goes back; an enemy stays out in a d10 hex until
    destroyed."""
    s = session(seed=3)
    hexes = set()
    for _ in range(40):
        r = ok(s, "cup draw popup 1")
        d = r["draws"][0]
        show = ok(s, "cup show popup")
        if d["unit"] == "no-enemy":
            assert "hex" not in d
        else:
            assert 1 <= d["hex"] <= 10
            hexes.add(d["hex"])
            assert {"n": d["n"], "unit": d["unit"], "attack": d["attack"], "range": d["range"],
                    "hex": d["hex"]} in show["out"]
            assert show["in"] == 31
            assert ok(s, "cup return popup %d" % d["n"])["in"] == 32
        assert ok(s, "cup show popup")["in"] == 32
        check_invariants(s)
    assert len(hexes) > 3


def test_popup_draws_are_from_the_cup_as_it_is_then():
    """Several draws at once: an enemy drawn is out for the next draw; No Enemy is not."""
    s = session(data=hook(popup_cup=HEAD + ["1 | no-enemy | - | - | s",
                                            "2 | tank | 1l | 0 | s"]))
    for seed in range(30):
        s = session(seed, data=s.data)
        r = ok(s, "cup draw popup 3")
        enemies = [d["n"] for d in r["draws"] if d["unit"] == "tank"]
        assert len(enemies) == len(set(enemies))
    s = session(data=hook(popup_cup=HEAD + ["2 | tank | 1l | 0 | s"]))
    assert ask(s, "cup draw popup 3")["error"] == "state"  # only 2 in the cup
    assert len(ok(s, "cup draw popup 2")["draws"]) == 2


def test_popup_enemy_frequency():
    """"Tirage des marqueurs Pop-Up": a draw is an enemy 10 times in 32 (shipped cup)."""
    s = session(seed=17)
    pd = cupdata.definition(s, cupdata.POPUP_FILE)
    enemies = 0
    trials = 3200
    for _ in range(trials):
        cups.check_popup(s, pd, 1)
        cups.draw_popup(s, pd, 1)
        if cups.SPOT[0]:
            enemies += 1
            cups.return_popup(s, pd, cups.DRAWN[0])
    assert abs(enemies - trials * 10 // 32) < 80  # 4.8 standard deviations


def test_remove_no_enemy_for_the_campaign():
    """"Tirage des marqueurs Pop-Up": campaign or special-condition notes remove N No Enemy
    counters."""
    s = session()
    r = ok(s, "cup remove popup no-enemy 5")
    assert len(r["removed"]) == 5 and r["in"] == 27
    show = ok(s, "cup show popup")
    assert show["removed"] == 5 and show["no_enemy"] == 17 and show["total"] == 32
    assert ask(s, "cup remove popup no-enemy 18")["error"] == "state"
    ok(s, "cup remove popup no-enemy 17")
    for _ in range(10):  # only the 10 enemies are left
        assert ok(s, "cup draw popup 1")["draws"][0]["unit"] != "no-enemy"
    assert ask(s, "cup draw popup 1")["error"] == "state"
    check_invariants(s)
    ok(s, "cup end-mission")
    ok(s, "cup reset popup")
    assert ok(s, "cup show popup")["in"] == 32


def test_end_mission_returns_everything_held():
    s = temp_session()
    ok(s, "cup draw hit ac 1 type a-10 2l")
    ok(s, "cup draw hit ac 2 type a-10 1l")
    ok(s, "cup remove popup no-enemy 22")
    ok(s, "cup draw popup 2")
    assert ok(s, "cup end-mission") == {"ok": True, "hit": 3, "popup": 2}
    assert ok(s, "cup show hit")["in"] == 8 and ok(s, "cup show popup")["in"] == 10


# --- the Ground Forces cup (EXP3, Expansion #3) ---------------------------------------------------
def test_ground_forces_draws_with_replacement():
    """Expansion #3: each counter goes back before the next draw: the cup never changes."""
    s = session(seed=2)
    names = ["no-effect", "1-hit", "2-hits"]
    counts = [0, 0, 0]
    trials = 0
    for _ in range(200):
        r = ok(s, "cup draw ground 24")  # more draws than the 10 counters: with replacement
        assert r["hits"] == sum(names.index(x) for x in r["draws"])
        for x in r["draws"]:
            counts[names.index(x)] += 1
        trials += 24
    assert list(s.vals) == list(session().vals)  # no state changes...
    assert s.undo_line() == b"cup draw ground 24"  # ...but the draw is the last action: undo it
    for got, want in zip(counts, (5, 3, 2)):  # the shipped mix: 5, 3 and 2 of 10
        assert abs(got - trials * want // 10) < 175  # 5 standard deviations at most


# --- conservation and the checksum ----------------------------------------------------------------
def test_counts_are_conserved_under_random_command_streams():
    """In the cup + held out + removed = total, after every command (and every undo)."""
    rnd = random.Random(7)
    lines = ["cup draw hit ac %d type %s %s%s" % (
        rnd.randint(1, 8), rnd.choice(counters.TYPES),
        " ".join(rnd.choice(["1l", "2l", "3l", "1h", "2h"]) for _ in range(rnd.randint(1, 3))),
        rnd.choice(["", " ecm", " evasive 1", " ecm evasive 2 heavy-first"]))
        for _ in range(60)]
    lines += ["cup end-turn %d" % k for k in range(1, 9)] * 4
    lines += ["cup draw popup %d" % k for k in (1, 2, 3)] * 8
    lines += ["cup return popup %d" % k for k in range(1, 33)]
    lines += ["cup remove popup no-enemy 1", "cup remove popup tank", "cup end-mission", "undo",
              "undo", "cup reset hit", "cup draw ground 3"]
    for seed in range(4):
        s = temp_session(seed) if seed == 0 else session(seed)
        for _ in range(400):
            ask(s, rnd.choice(lines))
            check_invariants(s)


def test_the_invariant_can_fail():
    s = session()
    hd = cupdata.definition(s, cupdata.HIT_FILE)
    pd = cupdata.definition(s, cupdata.POPUP_FILE)
    v = s.vals
    v[fields.POPUP_OUT] = 1 + 0 + 64 * 3  # counter #1 is No Enemy: it is never out
    assert "No Enemy" in cupcheck.invariant(v, state.POPUP, pd)
    v[fields.POPUP_OUT] = 0
    v[fields.HIT_HELD] = 1 + 0 + 64 * (0 + 2 * (1 + 16))  # #1's Light side is not temporary
    assert "temporary" in cupcheck.invariant(v, state.HIT, hd)
    v[fields.HIT_HELD] = 1 + 8 + 64 * (0 + 2 * (1 + 16))  # #9's Light side is (attack -1) ...
    assert "checksum" in cupcheck.invariant(v, state.HIT, hd)  # ... but the checksum is missing
    v[fields.HIT_SUM] = hd.sum
    assert cupcheck.invariant(v, state.HIT, hd) is None
    v[fields.HIT_HELD + 1] = v[fields.HIT_HELD]
    assert "twice" in cupcheck.invariant(v, state.HIT, hd)


def test_a_save_made_with_another_data_file_is_refused(tmp_path):
    """The state names the data file it refers to; another file is refused with a way out."""
    from firmware.storage import FileStore

    path = str(tmp_path / "state")
    s = Session(1, FileStore(path))
    s.data = reader(DATA)
    ok(s, "cup draw hit ac 1 type a-10 9l")
    held = ok(s, "cup show hit")["held"]
    assert held  # the shipped cup holds temporary counters after 9 Light hits (seed 1)
    with open(os.path.join(DATA, "tal/hit_cup.txt")) as f:
        edited = f.read().replace("4 | engine*", "5 | engine*")
    other = hook(hit_cup=edited.splitlines())
    s2 = Session(0, FileStore(path))
    s2.data = other
    before = s2.payload()
    for line in ("cup show hit", "cup draw hit ac 1 type a-10 1l", "cup end-turn 1",
                 "cup end-mission"):
        r = ask(s2, line)
        assert r["ok"] is False and r["error"] == "state", line
        assert "another data/tal/hit_cup.txt" in r["msg"] and "cup reset hit" in r["msg"]
    assert s2.payload() == before
    assert ok(s2, "cup show popup")["in"] == 32  # the other cups are not concerned
    ok(s2, "cup reset hit")
    assert ok(s2, "cup show hit")["held"] == [] and ok(s2, "cup draw hit ac 1 type a-10 1l")
    # the same file again: accepted; comments and sources are not part of the checksum
    s3 = Session(0, FileStore(str(tmp_path / "state3")))
    s3.data = reader(DATA)
    ok(s3, "cup draw hit ac 1 type a-10 9l")
    s3.data = hook(hit_cup=[ln + "  # note" for ln in edited.replace(
        "5 | engine*", "4 | engine*").splitlines()])
    assert ok(s3, "cup show hit")["held"]


def test_empty_state_accepts_any_data_file():
    s = session()
    ok(s, "cup draw hit ac 1 type a-10 1l")
    ok(s, "cup end-turn 1")
    assert s.vals[fields.HIT_SUM] == 0  # nothing out: nothing refers to the file
    s.data = cup_of("3 | killed | - | no-effect | - | s")
    assert ok(s, "cup show hit")["total"] == 3


# --- memory ---------------------------------------------------------------------------------------
# cups.MAX_UNITS is a number in the boards' copy of the code (host_tools/building/fold.py): given here
HEAP_LOCK = """
MAX_UNITS = %d
import micropython
from engine.core.session import Session
from engine.tal.cups import counters, data as cupdata, rules as cups
from engine.tal.cups import state
from firmware.datafiles import reader
s = Session(3)
s.data = reader()
hd = cupdata.definition(s, cupdata.HIT_FILE)
pd = cupdata.definition(s, cupdata.POPUP_FILE)
gd = cupdata.definition(s, cupdata.GROUND_FILE)
units = bytearray(MAX_UNITS)
units[0] = 3
units[1] = 2 + 128
units[2] = 1
a10 = counters.TYPES.index("a-10")


def hot():
    for i in range(100):
        cups.check_hit(s, hd, units, 3, 1)
        m = cups.draw_hit(s, hd, units, 3, True, 1, False, 1, a10)
        cups.check_hit(s, hd, units, 3, 2)
        m = cups.draw_hit(s, hd, units, 3, False, 2, True, 2, 5)
        cups.end_turn(s, hd, 1)
        cups.end_turn(s, hd, 2)
        cups.check_popup(s, pd, 3)
        cups.draw_popup(s, pd, 3)
        for k in range(3):
            if cups.SPOT[k]:
                cups.return_popup(s, pd, cups.DRAWN[k])
        cups.draw_ground(s, gd, 24)


hot()
ok = False  # (made before the lock: a new global may grow the globals' table)
micropython.heap_lock()
try:
    hot()
    ok = True
finally:
    micropython.heap_unlock()
print("noalloc", ok, cups.counts(s.vals, state.HIT, hd.n), cups.counts(s.vals, state.POPUP, pd.n))
""" % cups.MAX_UNITS


def test_draws_allocate_nothing_on_micropython():
    rc, out, err = run_mpy(HEAP_LOCK, heap="128K")
    assert rc == 0 and out.strip() == "noalloc True (40, 0, 0) (32, 0, 0)", out + err


def test_same_draws_on_both_interpreters():
    lines = ["seed 99", "cup draw hit ac 1 type a-10 3l 2h ecm evasive 1",
             "cup draw hit ac 2 type ac-130 2h 2l", "cup end-turn 1", "cup draw popup 4",
             "cup draw ground 6", "cup show hit", "cup show popup"]
    from conftest import run_console

    a = run_console("cpython", lines)
    b = run_console("micropython", lines, heap="128K")
    assert a == b and b.count(b'"ok":true') == len(lines)


def test_a_data_file_or_line_too_long_to_read_is_refused_naming_it(tmp_path):
    """A data file larger than datafile.FILE_MAX is refused before a line of it is read, naming
    it, on a board too (a 60 KB line, read whole, ran MicroPython out of memory); a line longer
    than datafile.LINE_MAX is refused with its file and line."""
    import shutil

    shutil.copytree(DATA, str(tmp_path / "data"))
    with open(str(tmp_path / "data" / "tal" / "hit_cup.txt"), "ab") as f:
        f.write(b"x" * 60000 + b"\n")
    with open(str(tmp_path / "data" / "tal" / "campaigns.txt"), "ab") as f:
        f.write(b"x" * 2000 + b"\n")
    code = """
from engine.core.session import Session
from engine.core import protocol
from firmware.datafiles import reader
s = Session(1)
s.data = reader(%r)
for line in (b"cup show hit", b"campaign cards"):
    print(protocol.reply(s, line))
""" % str(tmp_path / "data")
    rc, out, err = run_mpy(code, heap="128K")  # (64-bit: the set-up loads)
    assert rc == 0, err
    out = out.splitlines()
    assert "data/tal/hit_cup.txt:0: larger than 16384 bytes" in out[0], out[0]
    assert "data/tal/campaigns.txt:21: a line longer than 1024 bytes" in out[1], out[1]


def test_an_unreadable_file_is_refused_not_a_traceback(tmp_path):
    (tmp_path / "tal").mkdir()
    (tmp_path / "tal" / "hit_cup.txt").write_bytes(b"source: x\nstatus: y\n1 | killed | \xff\n")
    s = session(data=reader(str(tmp_path)))
    r = ask(s, "cup show hit")
    assert r["ok"] is False and r["error"] == "state" and "hit_cup.txt" in r["msg"]
    assert "popup_cup.txt not found" in ask(s, "cup show popup")["msg"]
