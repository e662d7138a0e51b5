"""Paths that are not what they should be (issue 32): each is one clear line and changes nothing.
A device as a state file (`/dev/null` kept nothing and acknowledged every save), a device read by
the host tools (`/dev/zero` was read until the kernel killed them), a folder where a data file
should be (two messages on MicroPython and CPython), a file where deploy needs a folder."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT, as_in_a_terminal, run_mpy
from firmware.datafiles import DataDir
from host_tools.board import deploy


@pytest.mark.parametrize("argv", [
    ["validate", "--as", "tal/hit_cup.txt", "/dev/zero"],
    ["replay", "/dev/zero"],
    ["log", "--commands", "/dev/zero"],
])
def test_the_host_tools_refuse_a_device_instead_of_reading_it_without_end(argv):
    p = subprocess.run([sys.executable, "-m", "host_tools"] + argv, cwd=ROOT,
                       capture_output=True, timeout=60)
    out = (p.stdout + p.stderr).decode()
    assert p.returncode != 0 and "/dev/zero: not a regular file (a device)" in out, out
    assert "Traceback" not in out


def test_the_host_tools_name_a_pipe_as_a_pipe(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    p = subprocess.run([sys.executable, "-m", "host_tools", "replay", str(fifo)], cwd=ROOT,
                       capture_output=True, timeout=60)
    out = (p.stdout + p.stderr).decode()
    assert p.returncode != 0 and "%s: not a regular file (a pipe)" % fifo in out, out


def test_a_state_file_that_is_not_a_regular_file_is_refused_not_acknowledged():
    p = subprocess.run([sys.executable, "-m", "firmware.console", "/dev/null"], cwd=ROOT,
                       input=b"so +1\nso\n", capture_output=True, timeout=60)
    first, second = p.stdout.decode().splitlines()
    assert first == ('{"ok":false,"error":"state","msg":"not saved, nothing changed: /dev/null '
                     'is not a regular file","notice":"nothing will be saved: /dev/null is not a '
                     'regular file"}')
    assert second == '{"ok":true,"so":0}'


FOLDER = """
from firmware.datafiles import DataDir
try:
    DataDir(%r, %r)("tal/hit_cup.txt")
    print("opened")
except OSError as e:
    print(e)
"""


def test_a_folder_where_a_data_file_should_be_is_one_message_on_both(tmp_path):
    os.makedirs(str(tmp_path / "mine" / "tal" / "hit_cup.txt"))
    base = os.path.join(ROOT, "data")
    with pytest.raises(OSError) as e:
        DataDir(base, str(tmp_path / "mine"))("tal/hit_cup.txt")
    assert str(e.value) == "a folder is there, not a file"
    rc, out, err = run_mpy(FOLDER % (base, str(tmp_path / "mine")))
    assert rc == 0 and out.strip() == str(e.value), out + err


def _refused_deploy(tmp_path, drive):
    """A small app deployed onto `drive`: the DeployError it must raise."""
    src = tmp_path / "dist"
    (src / "lib" / "engine").mkdir(parents=True)
    (src / "lib" / "engine" / "rng.mpy").write_bytes(b"C\x06")
    (src / "code.py").write_bytes(b"import firmware.app\n")
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), log=lambda line: None)
    return e


def test_deploy_to_a_drive_where_lib_is_a_file_says_what_to_remove_and_writes_nothing(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_bytes(b"Adafruit CircuitPython 10.0.3 on 2025-10-17; PyBadge\n")
    (drive / "lib").write_bytes(b"not a folder")
    before = sorted(os.listdir(str(drive)))
    e = _refused_deploy(tmp_path, drive)
    assert str(e.value) == ("lib is a file on the drive where the app needs a folder: delete it "
                            "from %s and deploy again (nothing was changed)" % drive)
    assert sorted(os.listdir(str(drive))) == before
    assert (drive / "lib").read_bytes() == b"not a folder"


def test_the_mpy_build_interrupted_is_one_line_and_folding_runs_only_after_a_change(tmp_path):
    """`make console-mpy` folded and shortened every module (about 3 s) at every start, and a
    Ctrl-C in its build step printed a traceback."""
    import signal
    import time

    from host_tools.building import fold

    fold.tree()
    t = time.time()
    p = subprocess.run([sys.executable, "-c", "from host_tools.building import fold; fold.tree()"],
                       cwd=ROOT, capture_output=True, timeout=120)
    assert p.returncode == 0 and time.time() - t < 1.5, p.stderr.decode()
    # A build into an empty folder compiles every module: several seconds to interrupt.
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.building.build_mpy", str(tmp_path / "mpy")],
                            cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            preexec_fn=as_in_a_terminal)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the build finished before the interrupt")
    assert proc.returncode == 130 and b"Traceback" not in err, err.decode()
    assert err.decode().strip().startswith("interrupted: the build stopped")


def _tool(argv, timeout=60):
    """(exit status, output, the tool's largest resident size in KB) of `python -m host_tools`."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    p = subprocess.run([sys.executable, "-m", "host_tools"] + argv, cwd=ROOT,
                       capture_output=True, timeout=timeout)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return p.returncode, (p.stdout + p.stderr).decode(), max(rss, before)


def test_validate_of_a_pipe_says_so_instead_of_waiting_for_a_writer(tmp_path):
    """`validate --as tal/scout.txt FIFO` opened the pipe before asking what it was, and waited
    for a writer for ever."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    rc, out, _rss = _tool(["validate", "--as", "tal/scout.txt", str(fifo)], timeout=30)
    assert rc != 0 and "%s: not a regular file (a pipe)" % fifo in out, out
    assert "Traceback" not in out


@pytest.mark.parametrize("argv", [["replay"], ["log", "--commands"]])
def test_a_huge_file_that_is_no_log_is_refused_at_its_first_line(tmp_path, argv):
    """`replay` and `log --commands` read a 3 GB file whole before refusing its first line: now
    they read what the first line needs (a line of a log is 64 KB at most)."""
    big = tmp_path / "big.log"
    with open(big, "wb") as f:  # 3 GB, sparse: a first line of NULs with no end
        f.truncate(3 << 30)
    rc, out, rss = _tool(argv + [str(big)])
    assert rc != 0 and "%s:1: a line longer than 65536 bytes (is this a command log?)" % big in out
    with open(big, "r+b") as f:
        f.write(b"roll d10\n\x01\n")
    rc, out, rss2 = _tool(argv + [str(big)])
    assert rc != 0 and "%s:2: a control character (0x01)" % big in out, out
    assert "Traceback" not in out and max(rss, rss2) < 300 * 1024, (rss, rss2)


def _remade(path, more):
    from firmware import journal

    journal.make_file(str(path), 384, journal.STATE)
    path.write_bytes(path.read_bytes() + b"\xff" * more)


@pytest.mark.parametrize("what,setup", [
    ("is 0 KB, not a save file the app made (200 KB)", lambda p: p.write_bytes(b"")),
    ("is a folder, not the save file", lambda p: p.mkdir()),
    ("is 205312 bytes, not a save file the app made (200 KB)", lambda p: _remade(p, 512)),
    ("is damaged: its first block is not the app's", lambda p: p.write_bytes(
        b"TJFILE" + bytes(200 * 1024 - 6)))])
def test_deploy_refuses_a_save_file_the_board_would_refuse(tmp_path, what, setup):
    """`make deploy` exited 0 and said nothing about an empty, damaged or folder tal-save.bin
    (only the board said it, then saved nothing): one line, nothing written, the file kept."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_bytes(b"Adafruit CircuitPython 10.0.3 on 2025-10-17; PyBadge\n")
    setup(drive / "tal-save.bin")
    before = sorted(os.listdir(str(drive)))
    e = _refused_deploy(tmp_path, drive)
    msg = str(e.value)
    assert msg.startswith("tal-save.bin ") and what in msg and "\n" not in msg, msg
    assert msg.endswith(" on %s: the board cannot save there; copy it off the drive if it may "
                        "hold your campaign, delete it and deploy again, which makes it (nothing "
                        "was changed)" % drive), msg
    assert sorted(os.listdir(str(drive))) == before
