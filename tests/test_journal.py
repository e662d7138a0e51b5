"""The PyBadge's save journal (firmware/journal.py) as a file: made once by the computer, records
appended to erased blocks, the newest found again at start, torn records stepped over, erases
kept away from the newest record, and a clear reason when it cannot be written (read-only drive,
a file missing, too small, or a folder)."""

import os

import pytest

import oom_faults
from conftest import ROOT, run_mpy
from engine.core import protocol
from engine.core.session import Session
from firmware import journal
from transcripts import doc_files


def _journal(path, ring=80, max_body=4096, syncs=None, make=True):
    if make and not os.path.exists(str(path)):
        journal.make_file(str(path), ring, journal.STATE)  # make deploy does
    return journal.Journal(str(path), ring, journal.STATE, max_body,
                           (lambda: syncs.append(1)) if syncs is not None else (lambda: None))


def test_made_once_full_of_erased_blocks(tmp_path):
    j = _journal(tmp_path / "j")
    data = (tmp_path / "j").read_bytes()
    assert len(data) == (80 + 2 * journal.GUARD) * journal.BLOCK
    assert data[16:] == b"\xff" * (len(data) - 16)  # the first block says what it is
    assert j.why is None and not j.used and j.newest() == []


def test_the_board_never_makes_nor_grows_the_file(tmp_path):
    """A missing, empty, short or foreign file, a folder, a device: one line saying what is
    there and how to fix it, and nothing written."""
    j = _journal(tmp_path / "tal-save.bin", make=False)
    assert not (tmp_path / "tal-save.bin").exists()
    assert j.why.startswith("tal-save.bin is missing: ") and "make deploy" in j.why
    whole = (80 + 2 * journal.GUARD) * journal.BLOCK
    for size, said in ((0, "0 KB"), (4096, "4 KB"), (whole + 1, "%d bytes" % (whole + 1))):
        (tmp_path / "s").write_bytes(b"\xff" * size)
        j = _journal(tmp_path / "s")
        assert j.why.startswith("s is %s, not a save file the app made (48 KB)" % said), j.why
        with pytest.raises(OSError):
            j.write((b"x",))
        assert (tmp_path / "s").read_bytes() == b"\xff" * size
    journal.make_file(str(tmp_path / "w"), 64, journal.STATE)  # made for another ring
    data = (tmp_path / "w").read_bytes() + b"\xff" * 16 * journal.BLOCK
    (tmp_path / "w").write_bytes(data)
    assert "not a save file the app made" in _journal(tmp_path / "w").why
    journal.make_file(str(tmp_path / "w"), 80, journal.STATE)  # one block too long: said so
    (tmp_path / "w").write_bytes((tmp_path / "w").read_bytes() + b"\xff" * journal.BLOCK)
    assert _journal(tmp_path / "w").why.startswith(
        "w is %d bytes, not a save file the app made (48 KB)" % (whole + journal.BLOCK))
    (tmp_path / "d").mkdir()
    assert _journal(tmp_path / "d").why.startswith("d is a folder, not the save file: ")
    assert _journal("/dev/null").why.startswith("null is not a file: ")


def test_the_settings_ring_of_the_pybadge_is_one_the_journal_works_in(tmp_path):
    """hardware/pybadge.py's settings file (48 blocks) was refused as too small from the second
    start on: settings went back to defaults at every restart."""
    from firmware import prefs
    from host_tools.building import dist

    rings = {name: ring for name, ring, _kind in dist.pybadge_journals()}
    path = str(tmp_path / "tal-settings.bin")
    journal.make_file(path, rings["tal-settings.bin"], journal.SETTINGS)

    def settings():
        return prefs.Prefs(journal.JournalBlob(journal.Journal(
            path, rings["tal-settings.bin"], journal.SETTINGS, 64, lambda: None)))

    for n in range(200):  # many laps, erasing ahead
        p = settings()
        assert p.notice is None, p.notice
        p.step("bright", 1)
        assert p.notice is None, p.notice
        want = p.get("bright")
        del p  # (closes the file: CPython buffers what the board's os.sync writes out)
        assert settings().get("bright") == want


def test_the_newest_record_is_found_again_through_many_laps(tmp_path):
    j = _journal(tmp_path / "j")
    bodies = [bytes([n]) * (1 + n * 37 % 1500) for n in range(200)]  # 1 to 4 blocks each
    for n, body in enumerate(bodies):
        j.write((body[:5], body[5:]))
        if n % 23 == 0:
            again = _journal(tmp_path / "j")
            assert again.newest()[0] == body and again.seq == j.seq
    assert _journal(tmp_path / "j").newest() == [bodies[-1], bodies[-2]]
    data = (tmp_path / "j").read_bytes()
    guard = journal.GUARD * journal.BLOCK
    made = journal.BLOCK  # the first block is the computer's: the guards are never written
    assert data[made:guard] == b"\xff" * (guard - made) and data[-guard:] == b"\xff" * guard


def test_erasing_stays_clear_of_the_newest_record(tmp_path):
    erased = []

    class Watched(journal.Journal):
        def _erase(self, r):
            assert self._safe(r)
            live = set(range(self.live, self.live_end))
            assert not live & set(range(r - journal.SECTOR + 1, r + journal.CHUNK +
                                        journal.SECTOR - 1))
            erased.append(r)
            journal.Journal._erase(self, r)

    journal.make_file(str(tmp_path / "j"), 80, journal.STATE)
    j = Watched(str(tmp_path / "j"), 80, journal.STATE, 4096, lambda: None)
    for n in range(300):
        j.write((bytes([n % 251]) * (100 + n % 900),))
    assert len(erased) > 10


def test_a_torn_record_is_stepped_over(tmp_path):
    path = tmp_path / "j"
    j = _journal(path)
    j.write((b"one",))
    j.write((b"two" * 300,))
    start = j.live
    data = bytearray(path.read_bytes())
    # the second block of the newest record: torn
    at = (journal.GUARD + start) * journal.BLOCK + 600
    data[at:at + 100] = b"\x00" * 100
    path.write_bytes(bytes(data))
    again = _journal(path)
    assert again.newest() == [b"one"]
    again.write((b"three",))
    assert _journal(path).newest() == [b"three", b"one"]


def test_a_write_out_of_memory_half_way_programs_no_block_twice(tmp_path):
    """A MemoryError after some blocks of an entry are written (the heap full in `_put`): the
    next entry goes to erased blocks, never over those (CIRCUITPY writes a block that does not
    read erased by erasing its whole 4 KiB sector, which may hold the newest record)."""
    over = []
    calls = [0]

    class Short(journal.Journal):
        def _block(self, block):
            if not self._read(block, self.back) or self.back != journal._FF:
                over.append(block)
            calls[0] += 1
            if calls[0] == 3:  # the second block of the second entry
                raise MemoryError
            return journal.Journal._block(self, block)

    path = tmp_path / "j"
    journal.make_file(str(path), 80, journal.STATE)
    j = Short(str(path), 80, journal.STATE, 4096, lambda: None)
    j.write((b"one",))
    with pytest.raises(MemoryError):
        j.write((b"two" * 300,))
    j.write((b"three",))
    j.write((b"four" * 300,))
    assert over == [] and calls[0] == 7  # 1, 2 (the second failed), 1, 3
    assert _journal(path).newest() == [b"four" * 300, b"three"]


@pytest.mark.parametrize("page", doc_files(), ids=[os.path.basename(p) for p in doc_files()])
def test_out_of_memory_anywhere_in_a_request_leaves_the_journal_holding_the_state_in_ram(page):
    """tests/oom_faults.py with the journal as the session's store (the PyBadge's)."""
    oom_faults.check(page, "--journal")


def test_a_save_too_big_is_refused_clearly(tmp_path):
    j = _journal(tmp_path / "j")
    with pytest.raises(OSError, match="too big"):
        j.write((b"x" * 5000,))


def test_the_engine_saves_and_resumes_on_it(tmp_path):
    from firmware.storage import NvmStore

    nvm = bytearray(b"\xff" * 8192)
    s = Session(3, journal.JournalStore(_journal(tmp_path / "j"), NvmStore(nvm)))
    for line in ("so +4", "roll 3d10", "vp +2", "undo"):
        assert protocol.reply(s, line.encode()).startswith('{"ok":true')
    t = Session(0, journal.JournalStore(_journal(tmp_path / "j"), NvmStore(nvm)))
    assert t.payload() == s.payload() and t.undo_line() == b"so +4"


def test_an_older_firmware_save_in_nvm_carries_over(tmp_path):
    from engine.core import record
    from firmware.storage import NvmStore

    old = Session(7)
    protocol.reply(old, b"so +9")
    nvm = bytearray(b"\xff" * 8192)
    image = record.frame(old.payload(), 12)
    nvm[2048:2048 + len(image)] = image
    s = Session(0, journal.JournalStore(_journal(tmp_path / "j"), NvmStore(nvm)))
    assert s.payload() == old.payload()
    assert protocol.reply(s, b"so +1") == '{"ok":true,"so":10}'
    t = Session(0, journal.JournalStore(_journal(tmp_path / "j"), NvmStore(nvm)))
    assert protocol.reply(t, b"so") == '{"ok":true,"so":10}' and t._seq == 13


# A CIRCUITPY drive on the flash model (host_tools/benches/flashsim.py), mounted at /d: the start
# of the MicroPython scenarios below.
A_DRIVE = """
import sys, os, vfs
sys.path.append(%(root)r + "/host_tools/benches")
from flashsim import Nor, CircuitPyDrive
from engine.core.session import Session
from engine.core import protocol
from firmware.journal import Journal, JournalStore, STATE, make_file, GUARD, BLOCK
nor = Nor(512 * 1024, 4096, 256)
dev = CircuitPyDrive(nor)
vfs.VfsFat.mkfs(dev)
vfs.mount(vfs.VfsFat(dev), "/d")
"""

SCENARIO = A_DRIVE + """%(setup)s
vfs.umount("/d")
vfs.mount(vfs.VfsFat(dev), "/d", readonly=%(ro)s)
j = Journal("/d/tal-save.bin", 384, STATE, 16384, lambda: dev.ioctl(3, 0))
s = Session(1, JournalStore(j))
for line in ("so", "so +1", "roll d10"):
    print(protocol.reply(s, line.encode()))
print(sorted(os.listdir("/d")))
"""
MADE = 'make_file("/d/tal-save.bin", 384, STATE)'


def _scenario(setup, ro=False):
    rc, out, err = run_mpy(SCENARIO % {"root": ROOT, "setup": setup, "ro": ro}, heap="4M")
    assert rc == 0, out + err
    return out.splitlines()


def test_a_drive_read_only_to_the_board_answers_queries_and_refuses_changes():
    first, change, roll, _files = _scenario(MADE, ro=True)
    assert first == ('{"ok":true,"so":0,"notice":"nothing will be saved: the drive is read-only '
                     'to the device"}')
    assert change == ('{"ok":false,"error":"state","msg":"not saved, nothing changed: the drive '
                      'is read-only to the device"}')
    assert roll.startswith('{"ok":false,"error":"state","msg":"not saved')


@pytest.mark.parametrize("setup,what", [
    ("", "tal-save.bin is missing"),
    ('os.mkdir("/d/tal-save.bin")', "tal-save.bin is a folder, not the save file"),
    ('open("/d/tal-save.bin", "wb").close()', "tal-save.bin is 0 KB, not a save file the app made "
                                              "(200 KB)")])
def test_on_the_board_a_save_file_not_there_is_said_and_never_made(setup, what):
    """MicroPython's FatFs (the board's): the file is never made nor grown at start (a cut while
    FAT's tables are rewritten can leave the drive unmountable); a folder of its name is not a
    read-only drive."""
    first, change, _roll, files = _scenario(setup)
    fix = (": hold SELECT while the badge starts, delete it from CIRCUITPY on the computer and "
           "run make deploy, which makes it again")
    assert first == '{"ok":true,"so":0,"notice":"nothing will be saved: %s%s"}' % (what, fix)
    assert change.startswith('{"ok":false,"error":"state","msg":"not saved, nothing changed: '
                             + what)
    assert files == repr([] if not setup else ["tal-save.bin"])


JUNK = A_DRIVE + """make_file("/d/tal-save.bin", 384, STATE)
dev.ioctl(3, 0)
def boot():
    global dev
    dev.retire()  # (the power went: the old file objects' finalisers write nothing)
    vfs.umount("/d")
    dev = CircuitPyDrive(nor)
    vfs.mount(vfs.VfsFat(dev), "/d")
    return Session(1, JournalStore(Journal("/d/tal-save.bin", 384, STATE, 16384,
                                           lambda: dev.ioctl(3, 0))))
%(before)s
# The file's blocks on the flash: erased in their first 256-byte page, junk in the second (a
# torn erase, or junk copied there), from ring block %(start)d on.
first = bytes(nor.mem).find(b"TJFILE")
for r in range(%(start)d, 384):
    a = first + (GUARD + r) * BLOCK
    nor.mem[a + 256:a + BLOCK] = bytes(range(256))
s = boot()
for line in %(lines)r:
    print(protocol.reply(s, line.encode()))
s = boot()
print(protocol.reply(s, b"so"))
"""


def test_a_torn_erase_or_junk_never_stops_the_journal_saving():
    """Blocks whose first page reads erased and second does not: CircuitPython programs such a
    block instead of erasing it, so the journal could erase nothing and refused every save for
    good, `reset` included.  Junk from the start: the device says the save is unreadable, and
    `reset` starts over; junk after the newest record: saves go on and keep it."""
    rc, out, err = run_mpy(JUNK % {"root": ROOT, "start": 0, "before": "", "lines": (
        "so +1", "reset 1", "so +2", "so +3")}, heap="4M")
    assert rc == 0, out + err
    refused, reset, two, three, after = [x for x in out.splitlines() if x.startswith("{")]
    assert "unreadable" in refused and '"ok":false' in refused
    assert reset.startswith('{"ok":true') and two.startswith('{"ok":true')
    assert three == '{"ok":true,"so":5}' and after == '{"ok":true,"so":5}'
    before = "s = boot()\nfor i in range(3):\n    protocol.reply(s, b'so +1')"
    rc, out, err = run_mpy(JUNK % {"root": ROOT, "start": 40, "before": before, "lines": tuple(
        "so +1" for _ in range(300))}, heap="4M")
    assert rc == 0, out + err
    got = [x for x in out.splitlines() if x.startswith("{")]  # (the old files' finalisers)
    assert got[0] == '{"ok":true,"so":4}' and got[-2] == '{"ok":true,"so":303}', got[:3]
    assert got[-1] == '{"ok":true,"so":303}'


def test_garbage_before_the_end_of_the_ring_starts_a_new_lap_not_a_write_past_it(tmp_path):
    path = tmp_path / "j"
    j = _journal(path)
    while j.head < 68:  # one-block entries up to block 68 of 80
        j.write((b"x" * 100,))
    last = j.newest()[0]
    data = bytearray(path.read_bytes())
    for r in range(j.head, 80):  # torn writes up to the ring's end, too close to be erased
        at = (journal.GUARD + r) * journal.BLOCK
        data[at:at + journal.BLOCK] = b"\x00" * journal.BLOCK
    path.write_bytes(bytes(data))
    again = _journal(path)
    assert again.newest()[0] == last
    again.write((b"after",))
    assert again.live < 60  # the new lap: erasing blocks 68-75 could reach the newest entry
    assert _journal(path).newest()[0] == b"after"
    data = path.read_bytes()
    guard = journal.GUARD * journal.BLOCK
    assert data[-guard:] == b"\xff" * guard  # nothing past the ring
