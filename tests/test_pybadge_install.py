"""`make install-pybadge` (host_tools/board/pybadge_install.py) with stand-ins: a CIRCUITPY drive in
a folder, holding a campaign played on the PyBadge's own store (the journal), the UF2
bootloader's drive in another, and the badge once it runs the image behind a fake mpremote
(tests/host_fakes.py).  The campaign must come back the same on the image's store, and nothing
may be erased before the player was told and said yes."""

import os

import pytest

from conftest import ROOT
from host_fakes import FakeMpremote
from engine.core import protocol, record
from engine.core.session import Session
from firmware import journal
from firmware.prefs import FileBlob, Prefs
from firmware.storage import FileStore
from host_tools.board import pybadge_install as pi
from host_tools.building import dist

BOOT_OUT = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\n"
INFO_UF2 = "UF2 Bootloader v3.15.0 SFHWRO\nModel: PyBadge\nBoard-ID: SAMD51J19A-Badge-v0\n"
PLAY = ("campaign start 10 30 3", "so +4", "roll 3d10", "vp +2")


def _journals(drive):
    return {name: (ring, kind) for name, ring, kind in dist.pybadge_journals()}


def circuitpy(tmp_path, campaign=True):
    """A CIRCUITPY drive as `make deploy` leaves it, with a campaign played on the badge's own
    store, a setting changed, a data file edited and an answer the player entered."""
    d = tmp_path / "media" / "CIRCUITPY"
    (d / "data" / "tal").mkdir(parents=True)
    (d / "boot_out.txt").write_text(BOOT_OUT)
    (d / "code.py").write_text("# the app\n")
    for name, (ring, kind) in _journals(d).items():
        journal.make_file(str(d / name), ring, kind)
    session = None
    if campaign:
        ring, kind = _journals(d)["tal-save.bin"]
        session = Session(7, journal.JournalStore(journal.Journal(
            str(d / "tal-save.bin"), ring, kind, 16384, lambda: None)))
        for line in PLAY:
            assert protocol.reply(session, line.encode()).startswith('{"ok":true'), line
    ring, kind = _journals(d)["tal-settings.bin"]
    prefs = Prefs(journal.JournalBlob(journal.Journal(str(d / "tal-settings.bin"), ring, kind, 64,
                                                      lambda: None)))
    prefs.set("bright", 1)
    with open(os.path.join(ROOT, "data", "tal", "pilots.txt"), "rb") as f:
        (d / "data" / "tal" / "pilots.txt").write_bytes(f.read() + b"# my own pilot notes\n")
    (d / "data" / "tal" / "answers.txt").write_text("# answers entered at the table\n")
    return d, session, prefs


def boot_drive(tmp_path):
    b = tmp_path / "media" / "PYBADGEBOOT"
    b.mkdir(parents=True)
    (b / "INFO_UF2.TXT").write_text(INFO_UF2)
    return b


def a_dist(tmp_path):
    """dist/ with the image and the MicroPython tree (main.py and data/)."""
    d = tmp_path / "dist"
    if d.exists():
        return d
    (d / "micropython").mkdir(parents=True)
    (d / "micropython" / "main.py").write_text("# frozen in the image too\n")
    for sub in ("tal", "exp3"):
        (d / "micropython" / "data" / sub).mkdir(parents=True)
        for name in os.listdir(os.path.join(ROOT, "data", sub)):
            with open(os.path.join(ROOT, "data", sub, name), "rb") as f:
                (d / "micropython" / "data" / sub / name).write_bytes(f.read())
    import struct

    blocks = b"".join(struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x4000 + 256 * i, 256,
                                  i, 2, 0x55114460) + bytes(476) + struct.pack("<I", 0x0AB16F30)
                      for i in range(2))
    (d / pi.UF2_NAME).write_bytes(blocks)
    return d


class Badge(FakeMpremote):
    """The badge behind mpremote: it answers only once the image is on its boot drive."""

    def __init__(self, boot, **kw):
        FakeMpremote.__init__(self, frozen=True, impl="micropython 1.29.0", platform="samd", **kw)
        self.boot = boot

    def __call__(self, argv, **kw):
        import subprocess

        if not (self.boot / pi.UF2_NAME).exists():
            return subprocess.CompletedProcess(argv, 1, "", "failed to access %s\n" % argv[4])
        return FakeMpremote.__call__(self, argv, **kw)


def _install(tmp_path, mount, answers=("yes",), badge=None, **kw):
    boot = boot_drive(tmp_path)
    badge = badge or Badge(boot)
    said, asked = [], []

    def confirm(prompt):
        asked.append((prompt, len(said), (boot / pi.UF2_NAME).exists()))
        return answers[len(asked) - 1]

    done = pi.install("/dev/ttyACM0", mount=str(mount) if mount else None,
                      backup_dir=str(tmp_path / "backup"), dist=str(a_dist(tmp_path)),
                      confirm=confirm, log=said.append, runner=badge,
                      roots=[str(tmp_path / "media")], sleep=lambda s: None, wait_s=4, **kw)
    return done, badge, said, asked


def test_the_campaign_comes_back_on_the_image(tmp_path):
    d, played, prefs = circuitpy(tmp_path)
    done, badge, said, asked = _install(tmp_path, d)
    # told first, then asked, before the image went onto the boot drive
    (prompt, told, flashed), = asked
    assert not flashed and "Type yes" in prompt
    assert said[0].startswith("Installing the firmware image erases the CIRCUITPY drive")
    assert "the campaign (record #" in said[1] and str(tmp_path / "backup") in said[1]
    # the backup: the journals as they were, the record, the settings, the data files
    b = tmp_path / "backup"
    assert (b / "tal-save.bin").read_bytes() == (d / "tal-save.bin").read_bytes()
    assert (b / "data" / "tal" / "pilots.txt").read_bytes().endswith(b"# my own pilot notes\n")
    # on the badge: the same campaign, as the image's store reads it
    board = tmp_path / "board"
    board.mkdir()
    (board / "tal.state").write_bytes(badge.files["/tal.state"])
    resumed = Session(0, FileStore(str(board / "tal.state")))
    assert resumed.payload() == played.payload() and resumed.undo_line() == played.undo_line()
    (board / "tal.prefs").write_bytes(badge.files["/tal.prefs"])
    assert Prefs(FileBlob(str(board / "tal.prefs"))).get("bright") == 1
    # the player's data files back, the edited one kept over the shipped one, and the rest
    assert badge.files["data/tal/pilots.txt"].endswith(b"# my own pilot notes\n")
    assert badge.files["data/tal/answers.txt"] == b"# answers entered at the table\n"
    assert "data/tal/hit_cup.txt" in badge.files and "data/exp3/squads.txt" in badge.files
    assert badge.events[-1] == ("reset",)  # the badge restarts with the app
    assert any(line.startswith("The campaign is on the badge: record #") for line in said)
    assert done == str(b)


def test_no_means_nothing_is_erased(tmp_path):
    d, _played, _prefs = circuitpy(tmp_path)
    before = {p: open(os.path.join(d, p), "rb").read() for p in ("tal-save.bin", "code.py")}
    with pytest.raises(pi.InstallError, match="nothing was installed; the backup is in"):
        _install(tmp_path, d, answers=("no",))
    assert not (tmp_path / "media" / "PYBADGEBOOT" / pi.UF2_NAME).exists()
    assert {p: open(os.path.join(d, p), "rb").read() for p in before} == before
    assert (tmp_path / "backup" / "tal.state").exists()


def test_without_the_drive_a_circuitpython_badge_is_refused(tmp_path):
    circuitpy(tmp_path)  # mounted, but not given
    with pytest.raises(pi.InstallError, match="a CIRCUITPY drive is mounted .* MOUNT="):
        _install(tmp_path, None)
    assert not (tmp_path / "media" / "PYBADGEBOOT" / pi.UF2_NAME).exists()


def test_a_backup_folder_in_use_is_refused(tmp_path):
    d, _p, _q = circuitpy(tmp_path)
    (tmp_path / "backup").mkdir()
    (tmp_path / "backup" / "tal.state").write_bytes(b"an older backup")
    with pytest.raises(pi.InstallError, match="not empty"):
        _install(tmp_path, d)
    assert (tmp_path / "backup" / "tal.state").read_bytes() == b"an older backup"


def test_a_badge_that_never_answers_leaves_the_backup_to_restore(tmp_path):
    d, played, _prefs = circuitpy(tmp_path)
    boot = boot_drive(tmp_path)

    class Silent(Badge):
        def __call__(self, argv, **kw):
            import subprocess

            return subprocess.CompletedProcess(argv, 1, "", "failed to access the port\n")

    with pytest.raises(pi.InstallError, match="RESTORE=.*backup"):
        pi.install("/dev/ttyACM0", mount=str(d), backup_dir=str(tmp_path / "backup"),
                   dist=str(a_dist(tmp_path)), confirm=lambda p: "yes", log=lambda s: None,
                   runner=Silent(boot), roots=[str(tmp_path / "media")], sleep=lambda s: None,
                   wait_s=4)
    # later, the badge answering: RESTORE puts the backup on
    (boot / pi.UF2_NAME).write_bytes(b"copied")
    badge = Badge(boot)
    pi.install("/dev/ttyACM0", restore_dir=str(tmp_path / "backup"), dist=str(a_dist(tmp_path)),
               confirm=lambda p: "yes", log=lambda s: None, runner=badge, sleep=lambda s: None,
               wait_s=4)
    seq, fmt, payload = record.unframe(badge.files["/tal.state"])
    assert payload == played.payload()


def test_restoring_over_another_campaign_asks_first(tmp_path):
    d, played, _prefs = circuitpy(tmp_path)
    _install(tmp_path, d)
    boot = tmp_path / "media" / "PYBADGEBOOT"
    other = Session(3)
    protocol.reply(other, b"so +9")
    badge = Badge(boot, files={"/tal.state": record.frame(other.payload(), 40)})
    said = []
    with pytest.raises(pi.InstallError, match="the badge's campaign was kept"):
        pi.install("/dev/ttyACM0", restore_dir=str(tmp_path / "backup"),
                   dist=str(a_dist(tmp_path)), confirm=lambda p: "no", log=said.append,
                   runner=badge, sleep=lambda s: None, wait_s=4)
    assert record.unframe(badge.files["/tal.state"])[2] == other.payload()
    assert any(s.startswith("The badge holds a campaign already: record #40") for s in said)


def test_an_image_for_another_chip_is_refused(tmp_path):
    d, _p, _q = circuitpy(tmp_path, campaign=False)
    bad = tmp_path / "rp2.uf2"
    import struct

    bad.write_bytes(struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000, 256, 0, 1,
                                0xE48BFF56) + bytes(476) + struct.pack("<I", 0x0AB16F30))
    with pytest.raises(pi.InstallError, match="another chip"):
        _install(tmp_path, d, uf2=str(bad))
