"""Command logs (firmware.cmdlog via the console's --log=) and `python -m host_tools replay`."""

import subprocess
import sys

import pytest

from conftest import ROOT, console_cmd
from host_tools.desk import cmdlog, replay

SESSION = ["seed 5", "roll 3d10", "", "# a note", "check 6 +1", "pick 4", "roll 0d10",
           "retain 3 8 =7", "tally d6 60", "x" * 230, "roll d10 +2"]


def _log(kind, tmp_path, lines=SESSION, state=None, name="play.log"):
    log = tmp_path / name
    argv, cwd, env = console_cmd(kind, state=state)
    data = "".join(l + "\n" for l in lines).encode()
    p = subprocess.run(argv + ["--log=%s" % log], cwd=cwd, env=env, input=data,
                       capture_output=True, timeout=300)
    assert p.returncode == 0, p.stderr.decode()
    return log, p.stdout.decode().splitlines()


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
def test_the_log_holds_each_answered_request_and_its_reply(kind, tmp_path):
    log, replies = _log(kind, tmp_path)
    events = cmdlog.read(str(log))
    assert events[0][0] == "seed"
    reqs = [e for e in events if e[0] == "req"]
    assert len(reqs) == len(replies) == 9  # the blank and the # line get no reply, no entry
    assert [e[2][0] for e in reqs] == replies
    assert reqs[0][1] == b"seed 5"
    assert reqs[7][1].startswith(b"x" * 200)  # a too-long line is logged by its first bytes


@pytest.mark.parametrize("on", ["here", "cpython", "micropython"])
def test_replay_reproduces_every_reply(on, tmp_path):
    """A log made on MicroPython replays exactly on CPython, in process or through a console."""
    log, replies = _log("micropython", tmp_path)
    res = replay.replay(cmdlog.read(str(log)), on=on)
    assert res.ok, [(s.raw, s.expected, s.got) for s in res.mismatches()] + res.problems
    assert [s.got[0] for s in res.steps] == replies


def test_replay_without_the_seed_line_uses_the_random_seed_logged(tmp_path):
    """The console's own random seed is in the log: rolls before any `seed N` replay too."""
    log, replies = _log("cpython", tmp_path, ["roll 5d10", "pick 50", "seed"])
    res = replay.replay(cmdlog.read(str(log)))
    assert res.ok and [s.got[0] for s in res.steps] == replies


def test_replay_across_a_restart_of_a_durable_session(tmp_path):
    state = str(tmp_path / "s.bin")
    log, first = _log("cpython", tmp_path, ["seed 8", "roll 2d10"], state=state)
    _log("micropython", tmp_path, ["roll 2d10", "pick 9"], state=state)
    events = cmdlog.read(str(log))
    assert [e[0] for e in events if e[0] != "at"] == ["seed", "req", "req", "resume", "req", "req"]
    res = replay.replay(events)
    assert res.ok and len(res.steps) == 4
    res = replay.replay(events, on="micropython")
    assert res.ok, res.problems


def test_replay_reports_a_changed_reply_and_a_gap(tmp_path):
    log, _ = _log("cpython", tmp_path, ["seed 5", "roll 3d10", "roll d10"])
    text = log.read_text()
    tampered = text.replace('"total":13}', '"total":14}')
    assert tampered != text
    res = replay.replay(cmdlog.parse(tampered))
    assert not res.ok and len(res.mismatches()) == 1
    gap = text + "# resume 00000000\n> roll d6\n"
    res = replay.replay(cmdlog.parse(gap))
    assert not res.ok and "resume 00000000" in res.problems[0]


def test_a_plain_request_file_replays_with_a_seed(tmp_path):
    f = tmp_path / "reqs.txt"
    f.write_text("seed 42\nroll 3d10\n")
    with pytest.raises(cmdlog.LogError):
        replay.replay(cmdlog.read(str(f)))  # no seed: refused, with what to do
    res = replay.replay(cmdlog.read(str(f)), seed=1)
    assert [s.got[0] for s in res.steps][1] == '{"ok":true,"dice":[4,1,8],"mod":0,"total":13}'


def test_replay_cli(tmp_path):
    log, replies = _log("cpython", tmp_path)
    p = subprocess.run([sys.executable, "-m", "host_tools", "replay", str(log)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    got = [l[2:] for l in p.stdout.splitlines() if l.startswith("< ")]
    assert got == replies
    assert "0 differ" in p.stdout.splitlines()[-1]
    bad = tmp_path / "bad.log"
    bad.write_text(log.read_text().replace('"seed":5', '"seed":6'))
    p = subprocess.run([sys.executable, "-m", "host_tools", "replay", "-q", str(bad)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "! logged:" in p.stdout
    p = subprocess.run([sys.executable, "-m", "host_tools", "replay", str(tmp_path / "none")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "cannot read" in p.stderr and "Traceback" not in p.stderr
