"""The PyBadge's save journal (firmware/journal.py) as a file: made once, records appended to
erased blocks, the newest found again at start, torn records stepped over, erases kept away
from the newest record, and a clear reason when it cannot be written (read-only drive, no room)."""

import os

import pytest

import oom_faults
from conftest import ROOT, run_mpy
from engine.core import protocol
from engine.core.session import Session
from firmware import journal
from transcripts import doc_files


def _journal(path, ring=80, max_body=4096, syncs=None):
    return journal.Journal(str(path), ring, journal.STATE, max_body,
                           (lambda: syncs.append(1)) if syncs is not None else (lambda: None))


def test_made_once_full_of_erased_blocks(tmp_path):
    j = _journal(tmp_path / "j")
    data = (tmp_path / "j").read_bytes()
    assert len(data) == (80 + 2 * journal.GUARD) * journal.BLOCK and data == b"\xff" * len(data)
    assert j.why is None and not j.used and j.newest() == []


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
    assert data[:guard] == data[-guard:] == b"\xff" * guard  # the guards are never written


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


def test_a_save_too_big_or_a_file_too_small_is_refused_clearly(tmp_path):
    j = _journal(tmp_path / "j")
    with pytest.raises(OSError, match="too big"):
        j.write((b"x" * 5000,))
    (tmp_path / "small").write_bytes(b"\xff" * 4096)
    small = _journal(tmp_path / "small")
    assert "too small" in small.why
    with pytest.raises(OSError):
        small.write((b"x",))


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


SCENARIO = """
import sys, vfs
sys.path.append(%(root)r + "/host_tools")
from flashsim import Nor, CircuitPyDrive
from engine.core.session import Session
from engine.core import protocol
from firmware.journal import Journal, JournalStore, STATE
nor = Nor(%(size)d, 4096, 256)
dev = CircuitPyDrive(nor)
vfs.VfsFat.mkfs(dev)
vfs.mount(vfs.VfsFat(dev), "/d", readonly=%(ro)s)
j = Journal("/d/tal-save.bin", 384, STATE, 16384, lambda: dev.ioctl(3, 0))
s = Session(1, JournalStore(j))
for line in ("so", "so +1", "roll d10"):
    print(protocol.reply(s, line.encode()))
"""


def test_a_drive_read_only_to_the_board_answers_queries_and_refuses_changes():
    rc, out, err = run_mpy(SCENARIO % {"root": ROOT, "size": 512 * 1024, "ro": "True"},
                           heap="4M")
    assert rc == 0, out + err
    first, change, roll = out.splitlines()
    assert first == ('{"ok":true,"so":0,"notice":"nothing will be saved: the drive is read-only '
                     'to the device"}')
    assert change == ('{"ok":false,"error":"state","msg":"not saved, nothing changed: the drive '
                      'is read-only to the device"}')
    assert roll.startswith('{"ok":false,"error":"state","msg":"not saved')


def test_a_drive_without_room_says_how_much_the_save_file_needs():
    rc, out, err = run_mpy(SCENARIO % {"root": ROOT, "size": 96 * 1024, "ro": "False"},
                           heap="4M")
    assert rc == 0, out + err
    assert out.splitlines()[0] == ('{"ok":true,"so":0,"notice":"nothing will be saved: no room '
                                   'for the save file (200 KB needed)"}')


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
