"""Look-up tables (ECM, Bingo, Ridge Evasion and mission stress, Enemy Cover,
SAR, engine check, Scout, Battalion Movement) and the DATA files behind some of them."""

import pytest

from engine import datacheck
from engine.core import datafile
from engine.core import datatables
from engine.tal import pilots
from engine.tal import tables
from tal_session import DATA, ask, lines_hook, new, ok, refused


@pytest.mark.parametrize("die,words", [(1, "no unit"), (2, "hexes with aircraft"),
                                       (3, "hexes with aircraft"), (4, "destroyed units"),
                                       (5, "destroyed units"), (6, "infantry"),
                                       (7, "roll a d10 for a hex"), (8, "one unit in each hex"),
                                       (9, "most active units"), (10, "leave cover")])
def test_enemy_cover_table(die, words):
    """"Couverture Ennemie", one d10."""
    r = ok(new(), "table cover =%d" % die)
    assert r["die"] == die and words in r["result"] and "buildings" in r["note"]


@pytest.mark.parametrize("result,outcome,stress", [(-3, "killed", 0), (5, "killed", 0),
                                                   (6, "dangerous recovery", 6),
                                                   (7, "dangerous recovery", 6),
                                                   (8, "recovered", 4), (9, "quick recovery", 2),
                                                   (25, "quick recovery", 2)])
def test_sar_table(result, outcome, stress):
    """"Pilotes Crashés et SAR": <=5 killed; 6-7 dangerous +6; 8 recovered +4; 9+ quick +2."""
    o = tables.sar(result)
    assert (tables.SAR_NAMES[o], tables.SAR_STRESS[o]) == (outcome, stress)


def test_sar_worked_example():
    """"Pilotes Crashés et SAR": roll 5 + 2 (a Mk.83 spent) + 2 (Target-bound) = 9 -> quick
    recovery, +2."""
    assert ask(new(), "table sar =5 +2 +2") == {
        "ok": True, "die": 5, "mod": 4, "result": 9, "outcome": "quick recovery", "stress": 2}


@pytest.mark.parametrize("die,crash", [(1, True), (2, True), (3, False), (10, False)])
def test_engine_check_table(die, crash):
    """"Pilotes Crashés et SAR": an engine check of 2 or less crashes."""
    assert ok(new(), "table engine =%d" % die)["crash"] is crash


@pytest.mark.parametrize("die,cancels", [(6, False), (7, True), (10, True), (1, False)])
def test_ecm_table(die, cancels):
    """"Attaques Ennemies": an ECM pod cancels the attacking unit on 7+ (the rulebook's 8
    cancels)."""
    assert ok(new(), "table ecm =%d" % die)["cancels"] is cancels


@pytest.mark.parametrize("line,stress", [("10 =3", 7), ("6 =2", 4), ("6 =6", 0), ("6 =9", 0),
                                         ("10 =10", 0), ("10 =1", 9)])
def test_bingo_table(line, stress):
    """"Placement du Pion d'Autonomie", "Bingo Fuel": below the marker the pilot takes the
    difference (10, 3 -> 7; 6, 2 -> 4)."""
    assert ok(new(), "table bingo " + line)["stress"] == stress


def test_rolling_form_uses_the_sessions_dice():
    """Without =D the device rolls one d10 from the session's dice (same seed, same die)."""
    a = ok(new(5), "table cover")["die"]
    assert 1 <= a <= 10 and ok(new(5), "table cover")["die"] == a
    s = new(5)
    before = s.rng.get_state()
    ok(s, "table ecm =3")
    assert s.rng.get_state() == before  # a die given by hand rolls nothing


def test_scout_table_data_rows():
    """"Bilan de Succès de Scout": the rulebook's rows (5 -> +2 turns; 10 -> +4 turns and 1
    stress off) are shipped; replies say the data is unverified; another row is asked."""
    s = new()
    r = ok(s, "table scout =5")
    assert (r["turns"], r["loiter"], r["stress"], r["lost"]) == (2, 7, 0, None)
    assert r["data"].startswith("unverified")
    r = ok(s, "table scout =10")
    assert (r["loiter"], r["stress"]) == (9, 1)
    assert "Scout, d10 = 3" in refused(s, "table scout =3", "ask")


def test_ridge_evasion_table_data_row():
    """"Ridge Evasion", the example of play: 8 - 2 stress = 6 -> 2 stress."""
    r = ok(new(), "table ridge =8 -2")
    assert (r["result"], r["stress"]) == (6, 2) and "data" in r
    assert "Ridge Evasion, d10 = 8" in refused(new(), "table ridge =8", "ask")


def test_mission_stress_and_movement_data():
    """"Report du Stress des Pilotes": Enemy Transit missions give 2 stress (the other bands
    are asked); "Mouvement des Bataillons Ennemis": Assault advances on a 5."""
    assert ok(new(), "table stress et")["stress"] == 2
    assert "Air Base sheet" in refused(new(), "table stress fr", "ask")
    assert ok(new(), "table move a =5")["move"] == "advance"
    refused(new(), "table move s =5", "ask")
    refused(new(), "table move x =5", "syntax")


def test_roll_and_ask_rolls_once_and_remembers():
    """Roll and ask (docs/rules.md): a row the documents do not print is asked; the refusal
    names the table, the die and what to read, changes nothing and consumes no die, so the
    answer runs the request again with the same die; the answer is used at once and kept, so
    the same roll needs no question again."""
    s = new(seed=2)
    msg = refused(s, "table scout", "ask")
    die = int(msg.split("d10 = ")[1].split(":")[0])
    assert msg == ("Scout, d10 = %d: read your Tactical Display sheet; answer TURNS (-9..9) "
                   "STRESS (0..9)" % die)
    q = ok(s, "answer")
    assert (q["table"], q["key"], q["read"]) == ("scout", str(die), "Tactical Display sheet")
    assert [f["name"] for f in q["fields"]] == ["turns", "stress"]
    refused(s, "answer 2", "syntax")
    refused(s, "answer 20 0", "range")
    r = ok(s, "answer 1 0")
    assert (r["die"], r["turns"], r["loiter"], r["data"]) == (die, 1, 6, "entered at the table")
    assert r["entered"] == {"table": "scout", "key": str(die), "turns": 1, "stress": 0}
    assert r["saved"] is False and "this session" in r["note"]  # this hook cannot write
    assert ok(s, "table scout =%d" % die)["turns"] == 1  # no question the second time
    assert "no question" in refused(s, "answer 1 0", "state")


def test_a_mission_stress_or_scout_row_is_read_alone_not_its_table():
    """A mission's end and a Scout take their band's or die's row of data/tal/stress.txt and
    scout.txt, not the whole table (on a board it sat in the hungriest request of a campaign,
    replayed by its answer: engine/tal/band_tables.py); the file's own row still brings its data
    note, and the table command still holds the table for it."""
    s = new(seed=2)
    for line in ("ac add a-10a", "mission start 1 vs fl", "mission home"):
        ok(s, line)
    datatables.forget()  # (what the board's console does between two requests)
    refused(s, "mission end fl", "ask")
    assert ok(s, "answer 1")["stress"] == 1
    msg = refused(s, "table scout", "ask")
    die = int(msg.split("d10 = ")[1].split(":")[0])
    assert ok(s, "answer 1 0")["turns"] == 1
    assert sorted(datatables._cache) == ["tal/answers.txt"]
    assert ok(s, "table scout =5")["data"].startswith("unverified")  # the file's row
    assert ok(s, "table stress fl")["data"] == "entered at the table"
    assert "tal/stress.txt" in datatables._cache


def test_dropping_the_parsed_tables_keeps_what_was_entered_at_the_table():
    """Short of memory the parsed tables are dropped (`datatables.forget`, run by
    `engine.core.unload.release`) and read again at their next use; an answer this hook could
    not write is in no file, so its table stays."""
    s = new(seed=2)
    ok(s, "table move a =5")  # a table read from its file
    msg = refused(s, "table scout", "ask")
    die = int(msg.split("d10 = ")[1].split(":")[0])
    ok(s, "answer 1 0")  # kept for this session only
    assert "tal/movement.txt" in datatables._cache
    assert datatables.forget() is True
    assert sorted(datatables._cache) == ["tal/answers.txt"]
    assert datatables.forget() is False
    assert ok(s, "table scout =%d" % die)["data"] == "entered at the table"
    assert ok(s, "table move a =5") == ok(new(), "table move a =5")


def test_answers_are_written_to_the_players_data(tmp_path):
    """The answer goes to the player's data folder (data/tal/answers.txt, through the front
    end's hook) and a new session finds it there."""
    from firmware.datafiles import reader
    from tal_session import DATA
    s = new(data=reader(DATA, str(tmp_path)))
    refused(s, "table ridge =3", "ask")
    assert ok(s, "answer 4")["saved"] is True
    text = (tmp_path / "tal" / "answers.txt").read_text()
    assert "ridge | 3 | stress=4 | entered at the table" in text and "status:" in text
    s = new(data=reader(DATA, str(tmp_path)))
    assert ok(s, "table ridge =3")["stress"] == 4
    refused(s, "table ridge =2", "ask")
    assert ok(s, "answer 5")["saved"] is True
    assert text.count("status:") == (tmp_path / "tal" / "answers.txt").read_text().count("status:")


def test_unwritable_or_malformed_answers_are_one_clear_line():
    """A folder that refuses the write refuses the answer in one line, nothing changed (the
    question still waits); a malformed answers file is refused naming its line."""
    class ReadOnly:
        writes = True  # a hook with a folder, which refuses the write

        def __init__(self):
            self.read = lines_hook({})

        def __call__(self, name):
            return self.read(name)

        def prepare(self, writes):  # (firmware/playerfiles.py: before the state is saved)
            raise OSError(30, "Read-only file system")

    s = new(data=ReadOnly())
    refused(s, "table ridge =3", "ask")
    assert refused(s, "answer 4", "state") == (
        "cannot write data/tal/answers.txt (read-only file system): nothing changed")
    assert ok(s, "answer")["table"] == "ridge"
    bad = "source: me\nstatus: mine\nridge | 3 | stress=x | me\n"
    s = new(data=lines_hook({"tal/answers.txt": bad}))
    msg = refused(s, "table ridge =3", "state")
    assert msg.startswith("data/tal/answers.txt") and "\n" not in msg
    s = new(data=lines_hook({"tal/answers.txt": "source: me\nstatus: mine\nridge 3\n"
                                                 "ridge | 4 | stress=1 | me\n"}))
    assert refused(s, "table ridge =3", "state").startswith("data/tal/answers.txt:3:")
    # (the last line damaged is set aside and said: tests/test_side_files.py)


def test_player_edited_table_is_used():
    """DATA tables are player-editable: a filled-in row is used, and a verified file is not
    flagged as unverified."""
    s = new(data=lines_hook({"tal/scout.txt": "source: my sheet\nstatus: verified by me\n"
                             "1..4 | 0 | 0 | yes | mine\n5..10 | 2 | 0 | no | mine\n"}))
    r = ok(s, "table scout =3")
    assert (r["turns"], r["lost"]) == (0, True) and "data" not in r


@pytest.mark.parametrize("text,where", [
    ("status: x\n5 | 2 | 0 | no | s\n", "line 0"),  # no source: header
    ("source: s\nstatus: x\n5 | two | 0 | no | s\n", ":3:"),
    ("source: s\nstatus: x\n5 | 2 | 0 | maybe | s\n", ":3:"),
    ("source: s\nstatus: x\n6..5 | 2 | 0 | no | s\n", ":3:"),
    ("source: s\nstatus: x\n5 | 2 | 0 | no\n", ":3:")])
def test_bad_data_file_is_refused_naming_the_line(text, where):
    """A bad data file is refused with error state naming the file and the line."""
    s = new(data=lines_hook({"tal/scout.txt": text}))
    msg = refused(s, "table scout =5", "state")
    assert "tal/scout.txt" in msg and (where in msg or "missing header" in msg)


@pytest.mark.parametrize("name,text,line,msg", [
    ("tal/scout.txt", "1..4 | 0 | 0 | yes | a\n5..6 | 2 | 0 | no | b\n4..5 | 1 | 0 | no | c\n",
     "table scout =4", "data/tal/scout.txt:5: die already given on line 3 (one row each)"),
    ("tal/pilots.txt", "1 | viper | a-10 | a\n2 | rock | ah-64 | b\n3 | VIPER | ah-1 | c\n",
     "pilot add viper 5 8 0", "data/tal/pilots.txt:5: name already given on line 3 (one row each)"),
    ("tal/pilots.txt", "1 | viper | a-10 | a\n2 | rock | ah-64 | b\n2 | gator | ah-1 | c\n",
     "pilot add viper 5 8 0", "data/tal/pilots.txt:5: n already given on line 4 (one row each)")])
def test_a_row_given_twice_is_refused_naming_both_lines(name, text, line, msg):
    """Two rows for the same die (spans that overlap) or the same name (in any case) or number:
    the second would be silently ignored, so the file is refused, naming both lines (the two
    rows of the die rolled: a Scout reads the die's row alone, engine/tal/scout_table.py)."""
    s = new(data=lines_hook({name: "source: s\nstatus: x\n" + text}))
    assert refused(s, line, "state") == msg


def test_parsed_rows_give_the_values_at_every_pass_and_keep_rows_entered():
    """`datatables.Rows` keeps the cells' text and converts them again at each pass; a row
    entered at the table is added to it."""
    s = new(data=lines_hook({"tal/pilots.txt": "source: s\nstatus: x\n"
                             "7 | viper | a-10 | a\n12 | rock | ah-64 | b\n"}))
    rows = datatables.rows(s, "tal/pilots.txt", pilots._NAMES, pilots.NAME_KEYS)
    assert len(rows) == 2 and list(rows) == [(7, "viper", "a-10"), (12, "rock", "ah-64")]
    assert list(rows) == list(rows)
    rows.add(("13", "gator", "ah-1"))
    assert len(rows) == 3 and list(rows)[2] == (13, "gator", "ah-1")
    cols = (("die", "span"), ("n", (0, 9), "?"), ("lost", ("no", "yes"), "?"), ("src", "text"))
    s = new(data=lines_hook({"tal/x.txt": "source: s\nstatus: x\n..2 | ? | yes | a b\n"
                             "3.. | 4 | ? | c\n"}))
    assert list(datatables.rows(s, "tal/x.txt", cols)) == [((-999, 2), None, 1),
                                                            ((3, 999), 4, None)]


def test_missing_data_file_and_no_hook():
    """Without the file (or without data files at all) the look-up is refused clearly."""
    s = new(data=lambda name: None)
    assert "missing" in refused(s, "table scout =5", "state")
    s = new()
    s.data = None
    assert "no data files" in refused(s, "table ridge =6", "state")


def test_shipped_data_files_parse():
    """Every shipped data file parses and says it is unverified."""
    s = new()
    for name in ("tal/scout.txt", "tal/ridge.txt", "tal/movement.txt", "tal/stress.txt"):
        assert datacheck.read(s, name) and datatables.data_note(name)  # rows, and unverified
    from engine.tal import aircraft, pilots
    assert len(aircraft.types(s)) == 10 and pilots.name(s, 8) == "judge"


def test_span_column():
    """Die-result columns: a value, lo..hi, ..hi, lo.."""
    assert datafile.span("5") == (5, 5) and datafile.span("1..3") == (1, 3)
    assert datafile.span("..0") == (-999, 0) and datafile.span("9..") == (9, 999)
    assert datafile.span("-3..-1") == (-3, -1)
    with pytest.raises(ValueError):
        datafile.span("4..2")


@pytest.mark.parametrize("line,code", [
    ("table", "syntax"), ("table x", "unknown"), ("table cover =11", "range"),
    ("table cover 3", "syntax"), ("table cover =3 =4", "syntax"), ("table bingo 7 =3", "syntax"),
    ("table sar =5 x", "syntax"), ("table stress", "syntax"), ("table stress xx", "unknown")])
def test_bad_table_input_is_refused(line, code):
    """Bad input gets a clear error and changes nothing (no die rolled)."""
    refused(new(), line, code)


# --- the aircraft cards' `?`: every rule that reads one asks it -----------------------------
CARD_ASKS = [
    # "Résultats de dommages durables": the drones' structure boxes (MQ-1, RQ-1: `?`)
    "ac add mq-1", "ac hit 1 structure", "answer 1", "ac hit 1 structure",
    "ac add rq-1", "ac hit 2 structure", "answer 2",
    # "Armements des Appareils": the MQ-1's Weight Points, shown as the mission is armed
    "ac add mq-1", "mission start 3 vs et", "answer 2", "mission abort",
    # "Achat des Appareils": the cost (a `?` of the player's own file) ...
    "so set 10", "ac add f-16 buy", "answer 5",
    # ... and the year of service (AC-130, MQ-1: `?`) against the campaign's
    "campaign start iraq-1991 surge", "ac add ac-130", "answer 1968", "ac add mq-1",
    "answer 1995", "ac add mq-1", "ac add rq-1", "answer 1991"]
# A new session on the same data folder: each value is asked no more.
CARD_KEPT = ["so set 40", "ac add mq-1", "ac hit 1 structure", "ac hit 1 structure",
             "ac add mq-1", "mission start 2 vs et", "mission abort", "ac add f-16 buy",
             "campaign start iraq-1991 surge", "ac add mq-1", "ac add ac-130"]
CARD_SCRIPT = """
from engine.core.session import Session
from engine.core import protocol
from firmware.datafiles import reader
for lines in (%r, %r):
    s = Session(5)
    s.data = reader(None, %r)
    for line in lines:
        print(protocol.reply(s, line.encode()))
"""


def test_an_aircraft_cards_unknown_value_is_asked_once_wherever_a_rule_reads_it(tmp_path):
    """data/tal/aircraft.txt leaves the values our documents do not print `?` (the MQ-1's and
    RQ-1's structure boxes, the MQ-1's Weight Points, the AC-130's, MQ-1's and RQ-1's years, a
    cost the player blanked): each rule that reads one asks it (roll and ask), names the card, and
    keeps the answer in the player's answers.txt, never asking it again, also when the rule then
    refuses (the MQ-1's 1995, after Iraq 1991's year).  Before, no drone crashed on structure,
    any of them could be bought in any campaign, and the MQ-1 flew with no Weight Points.  The
    same replies on CPython and on MicroPython."""
    import json

    from conftest import run_mpy
    from engine.core import protocol
    from engine.core.session import Session
    from firmware.datafiles import reader

    mine = tmp_path / "tal"
    mine.mkdir()
    shipped = open(DATA + "/tal/aircraft.txt", encoding="utf-8").read()
    mine.joinpath("aircraft.txt").write_text(shipped.replace(
        "6  | f-16   | f-16   | manned  | 5  |", "6  | f-16   | f-16   | manned  | ?  |"))
    out = []
    for lines in (CARD_ASKS, CARD_KEPT):
        s = Session(5)
        s.data = reader(None, str(tmp_path))
        out += [protocol.reply(s, line.encode()) for line in lines]
    mine.joinpath("answers.txt").unlink()  # the MicroPython run starts from no answer
    rc, got, err = run_mpy(CARD_SCRIPT % (CARD_ASKS, CARD_KEPT, str(tmp_path)), heap="512K")
    assert rc == 0, err
    assert got.splitlines() == out  # byte for byte on both interpreters
    r = dict(zip(range(len(out)), [json.loads(x) for x in out]))

    def asked(i, what, field):
        assert r[i]["ok"] is False and r[i]["error"] == "ask", (CARD_ASKS[i], r[i])
        assert r[i]["msg"].startswith(what + ": read your aircraft card; answer " + field)

    asked(1, "MQ-1 card, structure boxes", "BOXES (0..7)")
    assert r[2]["result"] == "marked" and r[2]["entered"]["boxes"] == 1 and r[2]["saved"]
    assert r[3]["result"] == "crashed"  # the hit after its one box
    asked(5, "RQ-1 card, structure boxes", "BOXES")
    assert r[6]["result"] == "marked"
    asked(8, "MQ-1 card, Weight Points", "WP (0..99)")
    assert r[9]["wp"] == [2]  # a drone takes no weight penalty
    asked(12, "F-16 card, cost in SO", "COST (0..99)")
    assert r[13]["cost"] == 5 and r[13]["so"] == 5
    asked(15, "AC-130 card, year of service", "YEAR (1900..2099)")
    assert r[16]["type"] == "ac-130" and r[16]["cost"] == 10
    asked(17, "MQ-1 card, year of service", "YEAR")
    msg = "the MQ-1 entered service in 1995, after the campaign's 1991"
    assert r[18] == {"ok": False, "error": "state", "msg": msg}
    assert r[19] == r[18]  # the answer is kept: refused at once, no question
    asked(20, "RQ-1 card, year of service", "YEAR")
    assert r[21]["type"] == "rq-1"  # in service by 1991: bought
    kept = [r[len(CARD_ASKS) + i] for i in range(len(CARD_KEPT))]
    assert [x["ok"] or x["error"] for x in kept] == [True] * 9 + ["state", True]
    assert kept[3]["result"] == "crashed" and kept[5]["wp"] == [2] and kept[7]["cost"] == 5
    text = mine.joinpath("answers.txt").read_text()
    for row in ("aircraft | mq-1 | boxes=1", "aircraft | rq-1 | boxes=2", "aircraft | mq-1 | wp=2",
                "aircraft | f-16 | cost=5", "aircraft | ac-130 | year=1968",
                "aircraft | mq-1 | year=1995", "aircraft | rq-1 | year=1991"):
        assert text.count(row) == 1, row
