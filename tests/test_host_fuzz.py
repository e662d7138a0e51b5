"""Bad input to the host tools gets one clear line naming the file (and line), never a traceback:
the review's cases first, then a few hundred mutated command lines and files (`python -m
host_tools` run in this process, seeded, so a failure replays)."""

import contextlib
import io
import os
import random
import sys

import pytest

from conftest import ROOT
from engine.core import record
from engine.core.session import Session
from firmware.storage import FileStore
from host_tools.desk import validate
from host_tools.__main__ import main

CAMPAIGN = [b"seed 3", b"campaign start 3 10 2", b"pilot add pirate 4 8 2", b"so -2", b"vp +1",
            b"day +1", b"so +1", b"undo", b"roll 3d10"]


def run(argv):
    """(exit status, stdout, stderr) of `python -m host_tools ARGV`, in this process."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("roll d10\n")  # `send` without LINEs reads them here
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:  # argparse's usage errors (status 2) and --help (0)
            rc = e.code
        finally:
            sys.stdin = stdin
    return rc, out.getvalue(), err.getvalue()


def one_line_error(rc, err, *words):
    assert rc == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for w in words:
        assert w in lines[0], (w, err)
    return lines[0]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A real command log and state file, and damaged or foreign versions of them."""
    from test_cmdlog import play

    d = tmp_path_factory.mktemp("fuzz")
    log = d / "play.log"
    play(log, b"".join(l + b"\n" for l in CAMPAIGN), seed=3)
    state = d / "play.state"
    s = Session(3, FileStore(str(state)))
    from firmware.datafiles import reader

    s.data = reader()
    from engine.core import protocol

    for line in CAMPAIGN:
        protocol.reply(s, line)
    payload = bytearray(s.payload())
    assert payload[0] < 0x7F  # the layout version is a one-byte varint: make it another
    payload[0] += 1
    other = d / "other.state"
    other.write_bytes(record.frame(bytes(payload), 1))
    return {"dir": d, "log": log, "state": state, "other": other, "payload": s.payload()}


# --- the review's cases ------------------------------------------------------------------------
def test_a_save_of_another_layout_is_named_not_a_traceback(files):
    other = str(files["other"])
    for argv in (["log", other], ["log", other, "--commands", str(files["log"])],
                 ["replay", "--state", other, str(files["log"])]):
        line = one_line_error(*run(argv)[::2], other, "another firmware")
        assert "state layout" in line


def test_a_missing_file_is_named(files):
    gone = str(files["dir"] / "gone")
    for argv in (["log", gone], ["log", "--commands", gone], ["replay", gone],
                 ["replay", "--state", gone, str(files["log"])]):
        one_line_error(*run(argv)[::2], gone, "No such file")
    one_line_error(*run(["log", str(files["dir"])])[::2], str(files["dir"]), "a folder")


@pytest.mark.parametrize("bad", [b"\x0b", b"\x0c", b"\r", b"\x00", b"\xc3\xa9"])
def test_a_log_line_holding_a_control_character_is_refused_by_file_and_line(files, bad):
    text = files["log"].read_bytes().split(b"\n")
    text[4] = text[4][:5] + bad + text[4][5:]
    f = files["dir"] / "bad.log"
    f.write_bytes(b"\n".join(text))
    for argv in (["replay", str(f)], ["log", "--commands", str(f)]):
        line = one_line_error(*run(argv)[::2], "%s:5:" % f)
        assert ("0x%02x" % bad[0]) in line


@pytest.mark.parametrize("seed", ["1073741824", "99999999999999999999", "-1", "x"])
def test_a_logged_seed_the_dice_cannot_take_is_refused_by_file_and_line(files, seed):
    f = files["dir"] / "seed.log"
    f.write_text("# seed %s\n> roll d10\n" % seed)
    for argv in (["replay", str(f)], ["log", "--commands", str(f)]):
        one_line_error(*run(argv)[::2], "%s:1:" % f, "seed")


def test_replay_on_micropython_says_where_the_binary_is_expected(files, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    line = one_line_error(*run(["replay", "--on", "micropython", str(files["log"])])[::2],
                          str(tmp_path / "bin" / "micropython"))
    assert "make" in line


def test_writing_the_sheet_where_it_cannot_go_is_one_line(files):
    for where, why in (("/no/such/dir/s.md", "No such file"), ("/dev/full", "No space")):
        one_line_error(*run(["log", str(files["state"]), "--md", where])[::2], where, why)


# --- fuzzing -------------------------------------------------------------------------------------
def _mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[at:at] = bytes([rng.choice(b"\x00\x0b\x0c\r\n\x85#<>\\ 9-|:")])
        elif op == 2:
            del data[at:at + rng.randint(1, 40)]
        elif op == 3:
            data[at:at] = rng.choice([b"# seed 99999999999\n", b"# resume zz\n", b"> \n",
                                      b"< {}\n", b"# at 2026-13-45 99:99\n", b">\\ \\x\n",
                                      b"\xe2\x80\xa8", b"\xff\xfe", b"\n" * 3, b"x" * 300])
        elif op == 4:
            data = data[:at]
        else:
            data += bytes(rng.randrange(256) for _ in range(rng.randint(1, 30)))
    return bytes(data)


def _arg_file(rng, files, d, n):
    """A path for a file argument: real, damaged, foreign, missing, odd."""
    k = rng.randrange(10)
    if k < 2:
        return str(files["log"] if rng.random() < 0.5 else files["state"])
    if k < 6:
        src = rng.choice([files["log"], files["state"], files["other"]] + DATA_FILES)
        p = d / ("m%d" % n)
        with open(src, "rb") as f:
            p.write_bytes(_mutate(rng, f.read()))
        return str(p)
    if k < 7:  # a damaged payload in a sound frame: the CRC cannot tell
        p = d / ("m%d" % n)
        p.write_bytes(record.frame(_mutate(rng, files["payload"]), 1))
        return str(p)
    return rng.choice([str(files["other"]), str(d / "missing"), str(d), "/dev/null",
                       "/no/such/dir/x", "x" * 300, "", "-"])


def _argv(rng, files, d, n):
    cmd = rng.choice(["log", "replay", "validate", "log", "replay", "log", "replay", "send",
                      "pull"])
    argv = [cmd]
    if cmd in ("send", "pull"):  # no device here: a port that is not one
        argv += ["--port", rng.choice(["/no/such/port", "/dev/null", str(d), ""])]
        argv += rng.choice([[], ["roll d10"], ["--timeout", "-1"], ["--baud", "x"],
                            ["-o", "/no/such/dir/x.state"], ["--via", "serial"]])
    elif cmd == "validate":
        argv += [_arg_file(rng, files, d, n) for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.4:
            argv += ["--as", rng.choice(DATA_NAMES + ["tal/../x", "", "?"])]
    elif cmd == "log":
        if rng.random() < 0.8:
            argv.append(_arg_file(rng, files, d, n))
        if rng.random() < 0.6:
            argv += ["--commands", _arg_file(rng, files, d, n)]
        if rng.random() < 0.2:
            argv += ["--md", rng.choice([str(d / "s.md"), "/no/such/dir/s.md", "/dev/full",
                                         str(d)])]
        if rng.random() < 0.2:
            argv += ["--csv", rng.choice([str(d / "s.csv"), "/dev/full", str(d)])]
    else:
        argv.append(_arg_file(rng, files, d, n))
        if rng.random() < 0.3:
            argv += ["--seed", rng.choice(["0", "5", "-3", "1073741824", "x", "1e3", ""])]
        if rng.random() < 0.2:
            argv += ["--state", _arg_file(rng, files, d, n)]
        if rng.random() < 0.1:
            argv.append("-q")
    if rng.random() < 0.15:
        argv += ["--data", rng.choice([str(d), "/no/such/dir", os.path.join(ROOT, "data")])]
    if rng.random() < 0.05:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(["--bogus", "--", "-h", "\x01"]))
    return argv


FUZZ_RUNS = 500
DATA_NAMES = sorted(validate.data_name(p) for p in validate.shipped())
DATA_FILES = validate.shipped()


def test_fuzzed_command_lines_and_files_never_give_a_traceback(files, tmp_path):
    rng = random.Random(20261201)
    seen = {0: 0, 1: 0, 2: 0}
    for n in range(FUZZ_RUNS):
        argv = _argv(rng, files, tmp_path, n)
        try:
            rc, out, err = run(argv)
        except Exception as e:  # noqa: BLE001 - the finding is the escaping exception
            pytest.fail("run %d: %r raised %s: %s" % (n, argv, type(e).__name__, e))
        assert rc in (0, 1, 2), (n, argv, rc)
        seen[rc] += 1
        assert "Traceback" not in out + err, (n, argv, err)
        errors = [l for l in err.splitlines() if l.startswith("error: ")]
        if rc == 1 and argv[0] != "validate" and "-h" not in argv:
            assert errors or "differ" in out, (n, argv, out, err)
        assert "internal error" not in out + err, (n, argv, out)
    assert seen[0] and seen[1] and seen[2], seen  # the mutations reached every outcome
