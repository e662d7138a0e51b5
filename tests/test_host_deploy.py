"""`make deploy`: a temp folder stands in for CIRCUITPY; the MicroPython unix port on a pty stands
in for a MicroPython board (driven by the real mpremote)."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT
from host_fakes import FakeMpremote, FatDrive, repl_device
from host_tools.board import deploy
from host_tools.board.mpremote import Mpremote


def _tree(root, files):
    for rel, data in files.items():
        p = os.path.join(str(root), rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


DIST_CP = {"code.py": b"import firmware.app\n", "boot.py": b"# boot\n",
           "lib/engine/__init__.mpy": b"C\x06", "lib/engine/rng.mpy": b"C\x06rng v2",
           "data/tal/hit_cup.txt": b"shipped v2\n", "data/tal/popup_cup.txt": b"popup v2\n"}
BOOT_OUT = b"Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\n"


_CAMPAIGN = []


def campaign():
    """The bytes of a PyBadge's save file holding a campaign (a journal with an entry)."""
    if not _CAMPAIGN:
        import tempfile

        from firmware import journal
        from host_tools.building.dist import pybadge_journals

        ring = dict((n, r) for n, r, _k in pybadge_journals())["tal-save.bin"]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "tal-save.bin")
            journal.make_file(path, ring, journal.STATE)
            j = journal.Journal(path, ring, journal.STATE, 16384, lambda: None)
            j.write((b"the campaign",))
            j.f.close()
            with open(path, "rb") as f:
                _CAMPAIGN.append(f.read())
    return _CAMPAIGN[0]


@pytest.fixture
def circuitpy(tmp_path):
    """A CIRCUITPY drive with the old app and a player's files on it."""
    drive = tmp_path / "CIRCUITPY"
    _tree(drive, {"boot_out.txt": BOOT_OUT + b"Board ID:pybadge\n",
                  "code.py": b"import firmware.app  # v1\n",
                  "lib/engine/rng.mpy": b"C\x06rng v1",
                  "data/tal/hit_cup.txt": b"my corrected cup\n",  # the player's edit
                  "data/tal/popup_cup.txt": b"popup v2\n",
                  "tal-save-settings.json": b"{}",
                  "notes.txt": b"mine\n", "lib/my_lib.py": b"# the player's\n"})
    (drive / "tal-save.bin").write_bytes(campaign())
    src = tmp_path / "dist" / "circuitpython"
    _tree(src, DIST_CP)
    return drive, src


def _player_files(snap):
    return {k: v for k, v in snap.items() if k.startswith(("tal-save", "notes", "lib/my_lib"))}


def test_circuitpython_installs_changes_keeps_edits_and_switches_code_last(circuitpy):
    drive, src = circuitpy
    before = FatDrive(drive, 1 << 20).snapshot()
    log = []
    copied, kept, same = deploy.to_circuitpython(str(src), str(drive), log=log.append)
    assert copied[-1] == "code.py"  # the auto-reload runs the new app once everything is there
    assert (drive / "lib/engine/rng.mpy").read_bytes() == b"C\x06rng v2"
    assert (drive / "code.py").read_bytes() == b"import firmware.app\n"
    assert kept == ["data/tal/hit_cup.txt"]
    assert (drive / "data/tal/hit_cup.txt").read_bytes() == b"my corrected cup\n"
    assert any("REPLACE_DATA" in l for l in log)
    assert same == ["data/tal/popup_cup.txt"]
    after = FatDrive(drive, 1 << 20).snapshot()
    assert _player_files(after) == _player_files(before)  # saves, notes, own libraries: untouched
    assert not (drive / deploy.STAGING).exists()
    assert deploy.to_circuitpython(str(src), str(drive), log=log.append)[0] == []  # nothing to do
    deploy.to_circuitpython(str(src), str(drive), replace_data=True, log=log.append)
    assert (drive / "data/tal/hit_cup.txt").read_bytes() == b"shipped v2\n"


def _big_dist(src, n=30, size=100):
    """A dist/ of n small modules: their bytes fit a drive their clusters do not."""
    files = dict(DIST_CP)
    files.update({"lib/firmware/m%02d.mpy" % i: b"C\x06" + bytes(size - 2) for i in range(n)})
    _tree(src, files)


def test_a_nearly_full_drive_is_refused_before_anything_is_written(circuitpy, monkeypatch):
    """The drive has room for the bytes, not for the clusters: one line naming both, and the
    old app exactly as it was (once, this stopped with a traceback after 61 of 91 files)."""
    drive, src = circuitpy
    _big_dist(src)
    fat = FatDrive(drive, capacity=0)
    fat.capacity = fat.used() + 10 * 1024  # 3.4 KB in 34 files need 17 KB of 512-byte clusters
    before = fat.snapshot()
    fat.install(monkeypatch)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), log=lambda s: None)
    msg = str(e.value)
    assert "\n" not in msg and "not enough space" in msg and "nothing was changed" in msg
    # + 4 folders, and the settings' and the entries' journals the drive has not (32, 48 KB)
    assert "needs 99.0 KB (34 files" in msg and "has 10.0 KB free" in msg, msg
    assert "and tal-settings.bin, 32.0 KB, and tal-data.bin, 48.0 KB)" in msg
    assert fat.snapshot() == before


def test_a_copy_that_fails_midway_leaves_the_old_app_runnable(circuitpy, monkeypatch):
    """The cable comes out (EIO) at the 5th file: the staged copies go, the old app stays."""
    drive, src = circuitpy
    _big_dist(src)
    fat = FatDrive(drive, capacity=1 << 20, fail_at=7)  # (the first two: the journals)
    before = fat.snapshot()
    fat.install(monkeypatch)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), log=lambda s: None)
    assert "file 5 of 34" in str(e.value) and "the old app still runs" in str(e.value)
    assert fat.snapshot() == before


def test_the_drive_filling_up_during_the_copy_leaves_the_old_app(circuitpy, monkeypatch):
    """The space check cannot see everything (another program writes, a FAT grows): ENOSPC in
    the middle of the copy also leaves the board as it was."""
    drive, src = circuitpy
    _big_dist(src)
    fat = FatDrive(drive, capacity=1 << 20)
    before = fat.snapshot()
    fat.install(monkeypatch)
    monkeypatch.setattr(deploy, "drive_space", lambda mount: (1 << 30, 512))
    fat.capacity = fat.used() + 8 * 1024
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), log=lambda s: None)
    assert "No space left" in str(e.value) and "nothing was changed" in str(e.value)
    assert fat.snapshot() == before


def test_a_source_left_from_a_py_install_does_not_hide_the_new_mpy(circuitpy):
    """CircuitPython imports X.py before X.mpy: the old lib/engine/rng.py must go."""
    drive, src = circuitpy
    _tree(drive, {"lib/engine/rng.py": b"# v1 source\n", "lib/engine/__init__.py": b""})
    log = []
    deploy.to_circuitpython(str(src), str(drive), log=log.append)
    assert not (drive / "lib/engine/rng.py").exists()
    assert not (drive / "lib/engine/__init__.py").exists()
    assert (drive / "lib/engine/rng.mpy").read_bytes() == b"C\x06rng v2"
    assert (drive / "lib/my_lib.py").exists()  # not a twin of anything shipped
    assert any("would hide" in l for l in log)


def test_an_interrupted_deploy_is_finished_by_the_next(circuitpy):
    drive, src = circuitpy
    _tree(drive, {deploy.STAGING + "/lib/engine/rng.mpy": b"C\x06half"})
    deploy.to_circuitpython(str(src), str(drive), log=lambda s: None)
    assert not (drive / deploy.STAGING).exists()
    assert (drive / "lib/engine/rng.mpy").read_bytes() == b"C\x06rng v2"


def test_mpy_for_another_circuitpython_is_refused(circuitpy):
    drive, src = circuitpy
    (drive / "boot_out.txt").write_bytes(b"Adafruit CircuitPython 9.2.1 on 2024-11-20; PyBadge\n")
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), info={"lib": "mpy", "circuitpython": 10})
    assert "compiled for CircuitPython 10 but the board runs CircuitPython 9" in str(e.value)
    assert (drive / "lib/engine/rng.mpy").read_bytes() == b"C\x06rng v1"


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


def test_a_read_only_drive_is_refused_and_left_as_it_was(circuitpy, monkeypatch):
    """boot.py gives CIRCUITPY to the app: the computer cannot write, and is told what to do."""
    drive, src = circuitpy
    before = FatDrive(drive, 1 << 20).snapshot()
    real_open = open

    def ro_open(path, mode="r", *a, **kw):
        if "w" in mode and str(path).startswith(str(drive)):
            raise OSError(30, "Read-only file system")
        return real_open(path, mode, *a, **kw)

    monkeypatch.setattr("builtins.open", ro_open)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive))
    assert "hold SELECT" in str(e.value) and "Read-only" in str(e.value)
    monkeypatch.undo()
    assert FatDrive(drive, 1 << 20).snapshot() == before


@pytest.mark.parametrize("name", ["tal.state", "tal-save.bin", "tal-save-2"])
def test_saved_state_in_dist_is_never_copied(circuitpy, name):
    drive, src = circuitpy
    (src / name).write_bytes(b"defaults")
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive))
    assert "saved state" in str(e.value)
    assert (drive / "tal-save.bin").read_bytes() == campaign()


def test_deploy_needs_exactly_one_target():
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy()
    assert "MOUNT=" in str(e.value) and "PORT=" in str(e.value)


def test_make_deploy_without_a_target_says_what_to_give():
    p = subprocess.run([sys.executable, "-m", "host_tools", "deploy"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and "MOUNT=" in p.stderr and "Traceback" not in p.stderr


def test_sources_on_the_badge_end_the_deploy_with_what_matters(circuitpy):
    # Without CircuitPython's mpy-cross, dist/ holds .py sources: the last line says what that
    # risks and which mpy-cross to get, after however many "installed" lines.
    drive, src = circuitpy
    log = []
    deploy.to_circuitpython(str(src), str(drive), log=log.append, info={"lib": "py"})
    assert log[-1].startswith("warning: ") and "out of memory" in log[-1]
    assert "mpy-cross for CircuitPython 10" in log[-1] and "CIRCUITPY_MPY_CROSS=" in log[-1]
    log = []
    deploy.to_circuitpython(str(src), str(drive), log=log.append, info={"lib": "py"})
    assert "up to date" in log[-2] and "out of memory" in log[-1]  # nothing copied: said again
    log = []
    deploy.to_circuitpython(str(src), str(drive), replace_data=True, log=log.append,
                            info={"lib": "mpy", "circuitpython": 10})
    assert not any("warning" in l for l in log)


def test_make_deploy_to_a_port_with_no_board_says_no_board_answered(tmp_path):
    port = str(tmp_path / "ttyACM0")  # no such port: the real mpremote
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(port=port, dist=str(tmp_path), log=lambda s: None)
    msg = str(e.value)
    assert msg.startswith("no board answered on %s" % port) and "plugged in" in msg
    assert "in use by another program" not in msg


DIST_MP = {"main.py": b"print('tal')\n", "engine/__init__.mpy": b"M\x06",
           "engine/rng.mpy": b"M\x06rng", "firmware/app.mpy": b"M\x06app",
           "hardware/pico_lcd_114.mpy": b"M\x06board",
           "data/tal/hit_cup.txt": b"shipped\n", "data/tal/popup_cup.txt": b"popup\n"}
OLD_PICO = {"tal.state": b"the campaign", "tal.prefs": b"my settings", "main.py": b"old",
            "engine/rng.mpy": b"M\x06old rng", "data/tal/hit_cup.txt": b"my cup\n"}


def _pico(tmp_path, **board):
    src = tmp_path / "dist" / "micropython"
    _tree(src, DIST_MP)
    return src, FakeMpremote(dict(OLD_PICO), **board)


def test_micropython_command_lines(tmp_path):
    src, fake = _pico(tmp_path)
    deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", fake), log=lambda s: None)
    last = fake.argvs[-1]
    assert last[:6] == [sys.executable, "-m", "mpremote", "connect", "/dev/ttyACM0", "resume"]
    cmd = " ".join(last[6:])
    assert cmd.startswith("exec ") and "['data', 'engine', 'firmware', 'hardware', 'data/tal']" in cmd
    for rel in ("engine/rng.mpy", "firmware/app.mpy", "data/tal/popup_cup.txt"):
        assert "+ fs cp %s :%s +" % (src / rel, rel) in cmd
    assert cmd.endswith("+ fs cp %s :main.py + reset" % (src / "main.py"))


def test_a_pico_without_romfs_gets_mpy_files(tmp_path):
    """The stock Pico firmware has no ROMFS partition: .mpy files on littlefs."""
    src, fake = _pico(tmp_path)
    copied, kept, how = deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", fake),
                                              log=lambda s: None)
    assert how == "files" and fake.romfs is None
    assert fake.files["engine/rng.mpy"] == b"M\x06rng" and fake.files["main.py"] == DIST_MP["main.py"]
    assert kept == ["data/tal/hit_cup.txt"] and fake.files["data/tal/hit_cup.txt"] == b"my cup\n"
    assert fake.files["tal.state"] == b"the campaign" and fake.files["tal.prefs"] == b"my settings"
    assert fake.events[-2:] == [("cp", "main.py"), ("reset",)]


def test_a_pico_with_romfs_gets_the_code_as_one_image(tmp_path):
    """A ROMFS partition: the .mpy run from flash; the copies an older install left on littlefs
    (which comes first in sys.path) go; main.py, data, the campaign stay on littlefs."""
    src, fake = _pico(tmp_path, romfs=128 * 1024)
    log = []
    copied, kept, how = deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", fake),
                                              log=log.append)
    assert how == "romfs" and fake.romfs[:3] == b"\xd2\xcd\x31"  # mpremote's ROMFS image
    assert [e[0] for e in fake.events] == ["romfs", "rm"] + ["cp"] * 2 + ["reset"]
    assert ("rm", "engine/rng.mpy") in fake.events
    assert not any(p.endswith(".mpy") for p in fake.files)
    assert fake.files["main.py"] == DIST_MP["main.py"] and fake.events[-2] == ("cp", "main.py")
    assert fake.files["data/tal/hit_cup.txt"] == b"my cup\n" and kept == ["data/tal/hit_cup.txt"]
    assert fake.files["tal.state"] == b"the campaign" and fake.files["tal.prefs"] == b"my settings"
    assert any("ROMFS partition" in l for l in log)


def test_a_romfs_partition_too_small_falls_back_to_files(tmp_path):
    src, fake = _pico(tmp_path, romfs=64)
    log = []
    how = deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", fake), log=log.append)[2]
    assert how == "files" and fake.romfs is None and fake.files["firmware/app.mpy"] == b"M\x06app"
    assert any("smaller than the app's image" in l for l in log)


def test_a_pico_running_the_frozen_firmware_gets_main_and_data_only(tmp_path):
    src, fake = _pico(tmp_path, frozen=True, romfs=128 * 1024)
    how = deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", fake), log=lambda s: None)[2]
    assert how == "frozen" and fake.romfs is None
    assert not any(p.endswith(".mpy") for p in fake.files)  # they would hide the frozen code
    assert fake.files["main.py"] == DIST_MP["main.py"]


def test_a_failed_romfs_write_is_one_line_and_leaves_the_files(tmp_path, monkeypatch):
    src, fake = _pico(tmp_path, romfs=128 * 1024)
    fake.romfs_size = 1  # mpremote refuses the image: too big
    monkeypatch.setattr(deploy, "choose_install", lambda layout, size: "romfs")
    with pytest.raises(deploy.DeployError) as e:
        deploy.deploy(port="/dev/ttyACM0", dist=str(tmp_path / "dist"), runner=fake,
                      log=lambda s: None)
    assert "ROMFS image is too big" in str(e.value) and "\n" not in str(e.value)
    assert fake.files == OLD_PICO


def test_the_romfs_layout_runs_the_app_with_the_data_the_player_edits(tmp_path):
    """On MicroPython: the app's code in a ROMFS image at /rom (appended to sys.path, as the
    firmware does), main.py and data/ on the filesystem: the app reads data/ of the
    filesystem, where the player's edits are, and its font file from the image."""
    from conftest import MICROPYTHON, ensure_mpy
    from host_tools.building import build_mpy

    ensure_mpy()
    code = tmp_path / "code"
    rels = [r[:-3] + ".mpy" for r in build_mpy.sources(("engine", "firmware"))]
    rels += build_mpy.resources(("firmware",))
    assert all(deploy._is_code(r) for r in rels) and "firmware/fonts/glyphs.bin" in rels
    for r in rels:
        _tree(code, {r: open(os.path.join(build_mpy.ROOT, "build", "mpy", r), "rb").read()})
    image = str(tmp_path / "app.romfs")
    deploy.build_romfs_image(str(code), rels, image)
    fs = tmp_path / "fs"
    _tree(fs, {"data/tal/hit_cup.txt": b"edited on the board\n"})
    p = subprocess.run([MICROPYTHON, "-c", (
        "import sys,vfs\nvfs.mount(vfs.VfsRom(open(%r,'rb').read()),'/rom')\nsys.path.append('/rom')\n"
        "from firmware import datafiles\nprint(datafiles.__file__, datafiles.DEFAULT_DIR)\n"
        "print(datafiles.reader()('tal/hit_cup.txt').read().strip().decode())\n"
        "from firmware import fonts\n"
        "n = (fonts.advance(1, 109) + 7) // 8 * fonts.HEIGHT[1]\n"
        "print(fonts.PROBLEM, fonts.width(1, 'turn'), fonts.rows(1, 109), sum(fonts.DATA[:n]))"
    ) % image],
        cwd=str(fs), capture_output=True, text=True, timeout=60)
    from firmware import fonts

    at = fonts.rows(1, 109)  # 'm', read from the file here too (its rows only: the buffer holds
    n = (fonts.advance(1, 109) + 7) // 8 * fonts.HEIGHT[1]  # what longer glyphs left after them)
    assert p.stdout.splitlines() == ["/rom/firmware/datafiles.mpy data", "edited on the board",
                                     "None %d 0 %d" % (fonts.width(1, "turn"),
                                                       sum(fonts.DATA[at:at + n]))], p


@pytest.mark.parametrize("impl,words", [("circuitpython 9.2.1", "MOUNT="),
                                        ("micropython 1.19.1", "1.22.0 or newer")])
def test_micropython_refuses_other_boards(tmp_path, impl, words):
    src, fake = _pico(tmp_path, impl=impl)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_micropython(str(src), Mpremote("/dev/ttyACM0", fake))
    assert words in str(e.value)
    assert len(fake.argvs) == 1 and fake.files == OLD_PICO  # asked what it is, copied nothing


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
    mp = Mpremote(dev.port)
    assert mp.firmware_layout() == {"romfs": 0, "frozen": False}  # the snippet, on MicroPython
    copied, kept, how = deploy.to_micropython(str(src), mp, restart=False, log=log.append)
    assert kept == ["data/tal/hit_cup.txt"] and how == "files"
    assert (fs / "engine/rng.mpy").read_bytes() == b"M\x06rng"
    assert (fs / "firmware/app.mpy").read_bytes() == b"M\x06app"
    assert (fs / "main.py").read_bytes() == b"print('tal')\n"
    assert (fs / "data/tal/popup_cup.txt").read_bytes() == b"popup\n"
    assert (fs / "data/tal/hit_cup.txt").read_bytes() == b"my cup\n"
    assert (fs / "tal.state").read_bytes() == b"the campaign"
    assert (fs / "tal.prefs").read_bytes() == b"my settings"
    mp.run(["exec", mp.remove_code(["engine/__init__.mpy", "engine/rng.mpy", "firmware/x.mpy"])],
           "removing")  # as after a ROMFS install: gone, with the folder they leave empty
    assert not (fs / "engine").exists() and (fs / "firmware/app.mpy").exists()


def test_pull_via_mpremote_from_a_unix_port_on_a_pty(board, tmp_path):
    """`pull --via mpremote` copies the two-slot state file and keeps its newest record."""
    from conftest import run_console
    from host_tools.board import pull

    dev, fs = board
    state = fs / "tal.state"
    run_console("cpython", ["seed 3", "roll d10", "pick 7"], state=str(state))
    image = pull.via_mpremote(Mpremote(dev.port), "tal.state")
    out = tmp_path / "pulled.bin"
    pull.save(image, str(out))
    a = run_console("cpython", ["state", "roll 3d10"], state=str(state))
    b = run_console("cpython", ["state", "roll 3d10"], state=str(out))
    assert a == b


def test_deploy_makes_the_journals_the_board_never_makes_and_keeps_a_campaign(circuitpy):
    """The PyBadge's journals are made by the computer, whole and erased, when the drive has
    none (the board never makes nor grows them); an existing one is the campaign: untouched."""
    from firmware import journal
    from host_tools.building.dist import pybadge_journals

    drive, src = circuitpy
    log = []
    deploy.to_circuitpython(str(src), str(drive), log=log.append)
    assert (drive / "tal-save.bin").read_bytes() == campaign()
    for name, ring, kind in pybadge_journals():
        if name == "tal-save.bin":
            continue
        data = (drive / name).read_bytes()
        assert len(data) == (ring + 2 * journal.GUARD) * journal.BLOCK
        j = journal.Journal(str(drive / name), ring, kind, 64, lambda: None)
        assert j.why is None and j.newest() == [] and any(name in l for l in log)
    assert deploy.to_circuitpython(str(src), str(drive), log=log.append)[0] == []


def test_a_drive_too_fragmented_for_a_journal_in_one_piece_is_refused(circuitpy, monkeypatch):
    """The board erases 4 KiB sectors of its journal: a journal the computer wrote in pieces
    would share sectors with other files, whose blocks a cut during an erase damages.  Where the
    system says how many pieces (FIEMAP), more than one is refused and nothing is left."""
    drive, src = circuitpy
    before = FatDrive(drive, 1 << 20).snapshot()
    assert deploy.extents(str(drive / "tal-save.bin")) in (1, None)  # (the real call answers)
    monkeypatch.setattr(deploy, "extents", lambda path: 3)
    with pytest.raises(deploy.DeployError) as e:
        deploy.to_circuitpython(str(src), str(drive), log=lambda s: None)
    assert "too fragmented to hold tal-settings.bin in one piece" in str(e.value)
    assert "\n" not in str(e.value) and "nothing was changed" in str(e.value)
    assert FatDrive(drive, 1 << 20).snapshot() == before


def test_deploy_writes_out_what_the_badge_kept_from_the_table(circuitpy):
    """The board keeps answers and mixes in tal-data.bin (it writes no other file of CIRCUITPY):
    make deploy writes them into data/ as the player's files, kept as such, and empties it."""
    from firmware import journal
    from firmware.datafiles import reader
    from host_tools.building.dist import pybadge_names
    from tal_session import new, ok, refused

    drive, src = circuitpy
    names = pybadge_names()
    path = str(drive / names["DATA_FILE"])

    def badge():  # a session as the PyBadge makes it, on the drive
        j = journal.Journal(path, names["DATA_RING"], journal.DATA, names["DATA_BODY"],
                            lambda: None)
        return new(data=reader(str(drive / "data"), None, journal.JournalBundle(j)))

    from tal_session import DATA

    for top, _dirs, files in os.walk(DATA):  # the shipped data files, as on a board
        for name in files:
            dst = os.path.join(str(drive / "data"), os.path.relpath(os.path.join(top, name), DATA))
            if not os.path.exists(dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(os.path.join(top, name), "rb") as f, open(dst, "wb") as g:
                    g.write(f.read())
    journal.make_file(path, names["DATA_RING"], journal.DATA)
    s = badge()
    refused(s, "table ridge =3", "ask")
    ok(s, "answer 4")
    for line in ("mix ground new", "mix ground add 6 no-effect", "mix ground add 4 1-hit",
                 "mix ground done"):
        ok(s, line)
    s.data.entries.journal.f.close()
    size = os.path.getsize(path)
    log = []
    deploy.to_circuitpython(str(src), str(drive), log=log.append)
    assert "wrote data/tal/answers.txt: what the badge kept from the table (yours to edit)" in log
    assert "ridge | 3 | stress=4 | entered at the table" in (
        drive / "data" / "tal" / "answers.txt").read_text()
    assert "4 | 1-hit" in (drive / "data" / "exp3" / "ground_forces_cup.txt").read_text()
    j = journal.Journal(path, names["DATA_RING"], journal.DATA, names["DATA_BODY"], lambda: None)
    assert j.why is None and j.newest() == [] and os.path.getsize(path) == size  # emptied
    j.f.close()
    s = badge()  # the board reads them from its data folder now
    assert ok(s, "table ridge =3")["stress"] == 4 and ok(s, "cup show ground")["total"] == 10
    log = []
    deploy.to_circuitpython(str(src), str(drive), log=log.append)  # the next: nothing to write
    assert not [line for line in log if "the badge kept" in line]
