"""`make deploy`: a temp folder stands in for CIRCUITPY; the MicroPython unix port on a pty stands
in for a MicroPython board (driven by the real mpremote)."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT
from host_fakes import repl_device
from host_tools import deploy
from host_tools.mpremote import Mpremote


def _tree(root, files):
    for rel, data in files.items():
        p = os.path.join(str(root), rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


DIST_CP = {"code.py": b"import firmware.app\n", "boot.py": b"# boot\n",
           "lib/engine/__init__.py": b"", "lib/engine/rng.py": b"# rng v2\n",
           "data/tal/hit_cup.txt": b"shipped v2\n", "data/tal/popup_cup.txt": b"popup v2\n"}


@pytest.fixture
def circuitpy(tmp_path):
    """A CIRCUITPY drive with a player's files on it."""
    drive = tmp_path / "CIRCUITPY"
    _tree(drive, {"boot_out.txt": b"Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge "
                                  b"with samd51j19\nBoard ID:pybadge\n",
                  "lib/engine/rng.py": b"# rng v1\n",
                  "data/tal/hit_cup.txt": b"my corrected cup\n",  # the player's edit
                  "data/tal/popup_cup.txt": b"popup v2\n",
                  "notes.txt": b"mine\n"})
    src = tmp_path / "dist" / "circuitpython"
    _tree(src, DIST_CP)
    return drive, src


def test_circuitpython_copies_changes_keeps_edits_and_writes_code_last(circuitpy):
    drive, src = circuitpy
    log = []
    copied, kept, same = deploy.to_circuitpython(str(src), str(drive), log=log.append)
    assert copied[-1] == "code.py"  # the auto-reload comes once everything is there
    assert "lib/engine/rng.py" in copied and (drive / "lib/engine/rng.py").read_bytes() == b"# rng v2\n"
    assert kept == ["data/tal/hit_cup.txt"]
    assert (drive / "data/tal/hit_cup.txt").read_bytes() == b"my corrected cup\n"
    assert any("REPLACE_DATA" in l for l in log)
    assert same == ["data/tal/popup_cup.txt"]
    assert (drive / "notes.txt").read_bytes() == b"mine\n"  # nothing is deleted
    again = deploy.to_circuitpython(str(src), str(drive), log=log.append)
    assert again[0] == []  # a second deploy writes nothing
    deploy.to_circuitpython(str(src), str(drive), replace_data=True, log=log.append)
    assert (drive / "data/tal/hit_cup.txt").read_bytes() == b"shipped v2\n"


@pytest.mark.parametrize("boot_out,words", [
    (None, "no boot_out.txt"),
    (b"MicroPython v1.22\n", "does not name CircuitPython"),
    (b"Adafruit CircuitPython 8.2.9 on 2023-12-06; Adafruit PyBadge\n", "needs 9 or newer"),
])
def test_circuitpython_refuses_what_is_not_a_board(tmp_path, boot_out, words):
    drive = tmp_path / "NOTABOARD"
    drive.mkdir()
    (drive / "precious.txt").write_bytes(b"x")
    if boot_out is not None:
        (drive / "boot_out.txt").write_bytes(boot_out)
    src = tmp_path / "src"
    _tree(src, DIST_CP)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive))
    assert words in str(e.value)
    assert sorted(os.listdir(str(drive))) == sorted(["precious.txt"] + (
        ["boot_out.txt"] if boot_out else []))


def test_a_read_only_drive_is_refused_before_copying(circuitpy, monkeypatch):
    """boot.py gives CIRCUITPY to the app: the computer cannot write, and is told what to do."""
    drive, src = circuitpy
    real_open = open

    def ro_open(path, mode="r", *a, **kw):
        if "w" in mode and str(path).startswith(str(drive)):
            raise OSError(30, "Read-only file system")
        return real_open(path, mode, *a, **kw)

    monkeypatch.setattr("builtins.open", ro_open)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive))
    assert "hold SELECT" in str(e.value) and "Read-only" in str(e.value)


def test_a_state_file_in_dist_is_never_copied(circuitpy):
    drive, src = circuitpy
    (src / "tal.state").write_bytes(b"defaults")
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive))
    assert "saved state" in str(e.value)


def test_deploy_needs_exactly_one_target():
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy()
    assert "MOUNT=" in str(e.value) and "PORT=" in str(e.value)


def test_make_deploy_without_a_target_says_what_to_give():
    p = subprocess.run([sys.executable, "-m", "host_tools", "deploy"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and "MOUNT=" in p.stderr and "Traceback" not in p.stderr


class FakeRunner:
    """Answers mpremote command lines like a board would, recording them."""

    def __init__(self, impl="micropython 1.24.1"):
        self.impl = impl
        self.argvs = []

    def __call__(self, argv, **kw):
        self.argvs.append(argv)
        args = argv[argv.index("resume") + 1:]
        out = ""
        if args[0] == "exec" and "implementation" in args[1]:
            out = self.impl + "\n"
        elif args[0] == "exec":
            out = ""  # no data files on the board yet
        return subprocess.CompletedProcess(argv, 0, out, "")


def test_micropython_command_lines(tmp_path):
    src = tmp_path / "mp"
    _tree(src, {"main.py": b"", "engine/rng.mpy": b"M", "firmware/app.mpy": b"M",
                "data/tal/hit_cup.txt": b"x"})
    r = FakeRunner()
    deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", r), log=lambda s: None)
    last = r.argvs[-1]
    assert last[:6] == [sys.executable, "-m", "mpremote", "connect", "/dev/ttyACM0", "resume"]
    cmd = " ".join(last[6:])
    assert cmd.startswith("exec ") and "['data', 'engine', 'firmware', 'data/tal']" in cmd
    for rel in ("engine/rng.mpy", "firmware/app.mpy", "data/tal/hit_cup.txt"):
        assert "+ fs cp %s :%s +" % (src / rel, rel) in cmd
    assert cmd.endswith("+ fs cp %s :main.py + reset" % (src / "main.py"))


@pytest.mark.parametrize("impl,words", [("circuitpython 9.2.1", "MOUNT="),
                                        ("micropython 1.19.1", "1.22.0 or newer")])
def test_micropython_refuses_other_boards(tmp_path, impl, words):
    src = tmp_path / "mp"
    _tree(src, {"main.py": b""})
    r = FakeRunner(impl)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", r))
    assert words in str(e.value)
    assert len(r.argvs) == 1  # asked what it is, copied nothing


@pytest.fixture
def board(tmp_path):
    fs = tmp_path / "board"
    fs.mkdir()
    dev = repl_device(str(fs))
    yield dev, fs
    dev.close()


def test_micropython_deploy_to_a_unix_port_on_a_pty(board, tmp_path):
    """The real mpremote copies the tree; the saved state and an edited data file survive."""
    dev, fs = board
    _tree(fs, {"tal.state": b"the campaign", "tal.prefs": b"my settings", "data/tal/hit_cup.txt": b"my cup\n"})
    src = tmp_path / "mp"
    _tree(src, {"main.py": b"print('tal')\n", "engine/__init__.mpy": b"M\x06",
                "engine/rng.mpy": b"M\x06rng", "firmware/app.mpy": b"M\x06app",
                "data/tal/hit_cup.txt": b"shipped\n", "data/tal/popup_cup.txt": b"popup\n"})
    log = []
    copied, kept = deploy.to_micropython(str(src), Mpremote(dev.port), restart=False,
                                         log=log.append)
    assert kept == ["data/tal/hit_cup.txt"]
    assert (fs / "engine/rng.mpy").read_bytes() == b"M\x06rng"
    assert (fs / "firmware/app.mpy").read_bytes() == b"M\x06app"
    assert (fs / "main.py").read_bytes() == b"print('tal')\n"
    assert (fs / "data/tal/popup_cup.txt").read_bytes() == b"popup\n"
    assert (fs / "data/tal/hit_cup.txt").read_bytes() == b"my cup\n"
    assert (fs / "tal.state").read_bytes() == b"the campaign"
    assert (fs / "tal.prefs").read_bytes() == b"my settings"


def test_pull_via_mpremote_from_a_unix_port_on_a_pty(board, tmp_path):
    """`pull --via mpremote` copies the two-slot state file and keeps its newest record."""
    from conftest import run_console
    from host_tools import pull

    dev, fs = board
    state = fs / "tal.state"
    run_console("cpython", ["seed 3", "roll d10", "pick 7"], state=str(state))
    image = pull.via_mpremote(Mpremote(dev.port), "tal.state")
    out = tmp_path / "pulled.bin"
    pull.save(image, str(out))
    a = run_console("cpython", ["state", "roll 3d10"], state=str(state))
    b = run_console("cpython", ["state", "roll 3d10"], state=str(out))
    assert a == b
