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


def test_deploy_to_a_drive_where_lib_is_a_file_says_what_to_remove_and_writes_nothing(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_bytes(b"Adafruit CircuitPython 10.0.3 on 2025-10-17; PyBadge\n")
    (drive / "lib").write_bytes(b"not a folder")
    src = tmp_path / "dist"
    (src / "lib" / "engine").mkdir(parents=True)
    (src / "lib" / "engine" / "rng.mpy").write_bytes(b"C\x06")
    (src / "code.py").write_bytes(b"import firmware.app\n")
    before = sorted(os.listdir(str(drive)))
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), log=lambda line: None)
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
