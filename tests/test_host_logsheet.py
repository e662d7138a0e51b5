"""`python -m host_tools log`: the campaign log sheet (SO, Day, VP, pilots, damage: docs/rules.md)
from a state file and a command log made by the console."""

import csv
import io
import subprocess
import sys

import pytest

from conftest import ROOT, console_cmd
from host_tools.desk import logsheet

CAMPAIGN = [
    "seed 3", "campaign start 3 20 2", "ac add a-10a", "ac add ah-64a",  # set-up: 12 SO spent
    "pilot add pirate 4 8 2", "pilot add hammer 4 8 2", "bn add 1a 3 er fixed",
    "mix hit confirm", "mix popup confirm", "campaign ready",
    "ac set 1 pilot 1", "ac set 2 pilot 2",
    "so -2",  # day 1: spend 2
    "mission start 1 2", "loiter start", "ac attacked 1 2l 1h", "mission end stress 2",
    "vp +1",
    "so +5", "undo",  # taken back: counts nowhere
    "day end", "day next", "day +1",  # +2 daily SO
    "so weapons 13",  # day 2: 13 armament points cost 2 SO ("Point de coût d'Armement")
    "day end", "pilot stress 1 +3", "vp -1", "day next", "day +1",
]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    d = tmp_path_factory.mktemp("camp")
    state, log = str(d / "c.state"), str(d / "c.log")
    argv, cwd, env = console_cmd("micropython", heap="256K", state=state)
    p = subprocess.run(argv + ["--log=" + log], cwd=cwd, env=env,
                       input="".join(l + "\n" for l in CAMPAIGN).encode(), capture_output=True,
                       timeout=300)
    replies = p.stdout.decode().splitlines()
    assert len(replies) == len(CAMPAIGN)
    bad = [(l, r) for l, r in zip(CAMPAIGN, replies) if not r.startswith('{"ok":true')]
    assert bad == [], bad
    return state, log


def test_days_from_the_command_log(played):
    state, log = played
    sheet = logsheet.build(state, log)
    assert sheet["notes"] == []
    rows = {d.day: d for d in sheet["days"]}
    assert sorted(rows) == [0, 1, 2]
    setup, d1, d2 = rows[0], rows[1], rows[2]
    assert (setup.so_gained, setup.so_spent, setup.end["so"]) == (20, 12, 8)
    assert (d1.missions, d1.so_gained, d1.so_spent, d1.end["so"]) == (1, 2, 2, 8)
    assert (d1.vp_won, d1.vp_lost, d1.end["vp"]) == (1, 0, 1)
    assert (d2.missions, d2.so_spent, d2.end["so"], d2.vp_lost, d2.end["vp"]) == (0, 2, 8, 1, 0)
    pirate = [p for p in d2.end["pilots"] if p["name"] == "pirate"][0]
    assert pirate["stress"] == 3 and pirate["xp"] == 1  # one mission flown: +1 XP


def test_the_state_file_alone(played):
    state, _log = played
    now = logsheet.build(state)["now"]
    assert (now["day"], now["days"], now["so"], now["vp"]) == (3, 3, 8, 0)
    assert [p["name"] for p in now["pilots"]] == ["pirate", "hammer"]
    assert [a["type"] for a in now["aircraft"]] == ["a-10a", "ah-64a"]
    assert now["battalions"][0]["name"] == "1a"


def test_markdown_and_csv(played, tmp_path):
    state, log = played
    md, cv = tmp_path / "s.md", tmp_path / "s.csv"
    p = subprocess.run([sys.executable, "-m", "host_tools", "log", state, "--commands", log,
                        "--md", str(md), "--csv", str(cv)], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    text = md.read_text()
    for part in ("# Thunderbolt Apache Leader: campaign log", "Day 3 of 3 · SO 8 · VP 0",
                 "## Days", "## Pilots", "## Aircraft", "## Battalions",
                 "| 1 | +2 | -2 | 8 | +1 | -0 | 1 |", "| 1 | pirate | average | 3 |"):
        assert part in text, part
    rows = list(csv.DictReader(io.StringIO(cv.read_text())))
    assert [r["day"] for r in rows] == ["setup", "1", "2"]
    assert rows[2]["so_spent"] == "2" and rows[2]["pirate stress"] == "3"


def test_a_log_that_stops_early_is_flagged(played, tmp_path):
    state, log = played
    short = tmp_path / "short.log"
    short.write_text("".join(open(log).readlines()[:-4]))
    sheet = logsheet.build(state, str(short))
    assert sheet["notes"] and "does not end where the state file does" in sheet["notes"][0]


def test_nothing_to_lay_out():
    p = subprocess.run([sys.executable, "-m", "host_tools", "log"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and "give a state file" in p.stderr and "Traceback" not in p.stderr


# --- the sheet follows what the state holds: undone and abandoned days are not on it ----------
def _play(path, lines, seed=3):
    """Play `lines` through the console's own loop and command log, in this process."""
    import io as _io

    from engine.core.session import Session
    from firmware import lines as transport
    from firmware.cmdlog import CommandLog
    from firmware.datafiles import reader

    s = Session(seed)
    s.data = reader()
    out = _io.BytesIO()
    c = CommandLog(str(path), s)
    transport.serve(s, _io.BytesIO("".join(l + "\n" for l in lines).encode()), out, None, c.entry)
    c.f.close()
    replies = out.getvalue().decode().splitlines()
    assert len(replies) == len(lines)
    return replies


def test_undone_days_are_not_on_the_sheet(tmp_path):
    log = tmp_path / "u.log"
    replies = _play(log, ["campaign start 3 10 2", "mix hit confirm", "mix popup confirm",
                          "campaign ready", "so -2", "day end", "day next", "day +1",
                          "so -1", "vp +2", "undo", "undo", "undo",  # day 2 taken back whole
                          "so -3"])
    assert all(r.startswith('{"ok":true') for r in replies), replies
    sheet = logsheet.build(None, str(log))
    rows = {d.day: d for d in sheet["days"]}
    assert sorted(rows) == [0, 1]
    d1 = rows[1]
    assert (d1.so_spent, d1.vp_won, d1.end["so"], d1.end["day"]) == (5, 0, 7, 1)
    assert "| 2 |" not in logsheet.markdown(sheet)
    assert [r["day"] for r in csv.DictReader(io.StringIO(logsheet.csv_text(sheet)))] == [
        "setup", "1"]


def test_an_undone_day_end_leaves_the_day_as_it_really_ended(tmp_path):
    log = tmp_path / "e.log"
    _play(log, ["campaign start 3 10 2", "mix hit confirm", "mix popup confirm",
                "campaign ready", "so -2", "day end", "day next", "day +1", "so -1", "undo",
                "undo", "so +4", "day +1", "vp +1"])
    rows = {d.day: d for d in logsheet.build(None, str(log))["days"]}
    assert sorted(rows) == [0, 1, 2]
    assert (rows[1].so_spent, rows[1].so_gained, rows[1].end["so"]) == (2, 6, 14)
    assert (rows[2].so_spent, rows[2].vp_won, rows[2].end["vp"]) == (0, 1, 1)


def test_a_campaign_started_afresh_in_the_same_log_replaces_the_old_one(tmp_path):
    log = tmp_path / "two.log"
    _play(log, ["campaign start 3 10 2", "mix hit confirm", "mix popup confirm",
                "campaign ready", "so -2", "day end", "day next", "day +1", "so -4", "day end",
                "day next", "day +1"])
    _play(log, ["campaign start 2 6 1", "mix hit confirm", "mix popup confirm", "campaign ready",
                "so -1"], seed=4)  # from scratch
    sheet = logsheet.build(None, str(log))
    assert sorted(d.day for d in sheet["days"]) == [0, 1]
    assert sheet["days"][1].end["so"] == 5
    assert any("started afresh" in n for n in sheet["notes"]), sheet["notes"]


def test_each_day_shows_the_dates_it_was_played_on_across_midnight(tmp_path):
    import datetime

    from freezegun import freeze_time
    from test_cmdlog import play

    log = tmp_path / "night.log"
    lines = [b"seed 3", b"campaign start 3 10 2", b"mix hit confirm",
             b"mix popup confirm", b"campaign ready", b"so -2", b"vp +1",
             b"day end", b"day next", b"day +1", b"so -1"]
    with freeze_time("2026-03-01 23:54:30") as clock:
        play(log, b"".join(l + b"\n" for l in lines), clock, datetime.timedelta(seconds=50))
    rows = {d.day: d for d in logsheet.build(None, str(log))["days"]}
    # a request every 50 s from 23:55:20: campaign start 23:56:10, the two cups' mixes
    # confirmed, ready 23:58:40, so -2 23:59:30, then past midnight vp +1 00:00:20 and the end
    # of day 1; so -1 on day 2
    assert rows[0].played == ["2026-03-01"]
    assert rows[1].played == ["2026-03-01", "2026-03-02"]
    assert rows[2].played == ["2026-03-02"]
    sheet = logsheet.build(None, str(log))
    md = logsheet.markdown(sheet)
    assert "| Played |" in md and "| 1 | 2026-03-01 to 2026-03-02 |" in md
    got = list(csv.DictReader(io.StringIO(logsheet.csv_text(sheet))))
    assert [r["played"] for r in got] == ["2026-03-01", "2026-03-01 2026-03-02", "2026-03-02"]
