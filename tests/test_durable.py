"""Durable state on a file store: two CRC-checked frames in two files survive a cut at any byte and
any flipped bit; damaged or foreign saves never crash the console, never silently win over a
newer save, and never stop queries; an action the store cannot keep is refused whole.
(The boards' own flash paths are tested in tests/test_flash_power_cut.py.)"""

import os
import random
import signal
import subprocess
import time

import pytest

from conftest import console_cmd, run_console
from engine.core import protocol, record
from engine.core.record import FRAME_BYTES, LEGACY_SLOT
from engine.core.layout import UNDO_DEPTH, UNDO_MAX
from engine.core.session import Session
from firmware.storage import FileStore, NvmStore


HEAP = "128K"  # the campaign commands' modules live in the heap on the unix port


def ask(session, line):
    return protocol.reply(session, line.encode())


class Recorder(FileStore):
    """A FileStore that remembers every frame it writes, and which file it went to."""

    def __init__(self, path):
        FileStore.__init__(self, path)
        self.writes = []

    def write(self, pieces):
        FileStore.write(self, pieces)
        self.writes.append((self._newest, b"".join(bytes(p) for p in pieces)))


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def test_resume_where_it_was(tmp_path):
    path = str(tmp_path / "s")
    a = Session(5, FileStore(path))
    ask(a, "roll 3d10")
    state = ask(a, "state")
    b = Session(0, FileStore(path))
    assert ask(b, "state") == state
    assert ask(b, "roll 5d10") == ask(a, "roll 5d10")


def test_nothing_written_when_nothing_changed(tmp_path):
    s = Session(1, Recorder(str(tmp_path / "s")))
    ask(s, "roll d10")
    n = len(s.store.writes)
    for line in ("state", "help", "roll 0d10", "seed", "so", "pilot list", "campaign", "bn list"):
        ask(s, line)  # reads, and one refused line
    assert len(s.store.writes) == n


def test_files_alternate_with_rising_sequence(tmp_path):
    s = Session(1, Recorder(str(tmp_path / "s")))
    for _ in range(4):
        ask(s, "roll d10")
    assert [w[0] for w in s.store.writes] == [0, 1, 0, 1]
    assert [record.unframe(w[1])[0] for w in s.store.writes] == [1, 2, 3, 4]
    assert _read(str(tmp_path / "s.1")) == s.store.writes[-1][1]


def _states_before_and_after(tmp_path):
    path = str(tmp_path / "s")
    s = Session(9, Recorder(path))
    for line in ("roll 3d10", "roll 2d6", "roll d10"):
        ask(s, line)
    old = s.payload()
    ask(s, "roll 4d10")
    new = s.payload()
    i, image = s.store.writes[-1]
    return s.store.paths[i], old, new, image


def test_power_cut_at_every_byte_loads_old_or_new(tmp_path):
    target, old, new, image = _states_before_and_after(tmp_path)
    for cut in range(len(image) + 1):  # the file was truncated, then written up to `cut`
        with open(target, "wb") as f:
            f.write(image[:cut])
        got = Session(0, FileStore(str(tmp_path / "s"))).payload()
        assert got == (new if cut == len(image) else old), cut


def test_every_flipped_bit_loads_old_or_new(tmp_path):
    target, old, new, image = _states_before_and_after(tmp_path)
    for i in range(len(image) * 8):
        data = bytearray(image)
        data[i // 8] ^= 1 << (i % 8)
        with open(target, "wb") as f:
            f.write(data)
        assert Session(0, FileStore(str(tmp_path / "s"))).payload() == old, i


def test_both_files_bad_are_kept_until_reset_with_a_notice(tmp_path):
    """Neither file holds a good frame: the session starts from defaults, says so, and refuses
    changes until `reset N` (the damaged files are the player's to look at, not overwritten by
    the first action)."""
    path = str(tmp_path / "s")
    s = Session(3, FileStore(path))
    ask(s, "roll d10")
    ask(s, "roll d10")
    damaged = {}
    for p in (path, path + ".1"):
        data = bytearray(_read(p))
        data[20] ^= 0xFF
        damaged[p] = bytes(data)
    for kind in ("cpython", "micropython"):
        for p, data in damaged.items():
            with open(p, "wb") as f:
                f.write(data)
        out = run_console(kind, ["seed 4", "seed"], state=path).decode().splitlines()
        assert out[0] == ('{"ok":false,"error":"state","msg":"not saved, nothing changed: the '
                          'saved state is unreadable: \'reset N\' replaces it","notice":"saved '
                          'state unreadable: it is kept until \'reset N\' starts over"}'), kind
        assert out[1].startswith('{"ok":true,"seed":')  # queries answer
        for p, data in damaged.items():
            assert _read(p) == data
        out = run_console(kind, ["reset 4", "seed 9"], state=path).decode().splitlines()
        assert out[0].startswith('{"ok":true,"seed":4,"notice":"saved state unreadable')
        assert out[1] == '{"ok":true,"seed":9}'
        assert run_console(kind, ["seed"], state=path).decode() == '{"ok":true,"seed":9}\n'


def test_zeroed_files_and_one_damaged_file_are_said(tmp_path):
    """Files of zeros (a file system's state after some crashes) are a damaged save, not an
    empty one; one damaged file of the two resumes from the other and says so."""
    path = str(tmp_path / "s")
    s = Session(3, FileStore(path))
    ask(s, "so +2")
    ask(s, "so +3")
    good = {p: _read(p) for p in (path, path + ".1")}
    with open(path + ".1", "wb") as f:  # the newest
        f.write(bytes(len(good[path + ".1"])))
    r = ask(Session(0, FileStore(path)), "so")
    assert r == '{"ok":true,"so":2,"notice":"a save file was damaged: resumed from the other one"}'
    with open(path, "wb") as f:
        f.write(b"\xff" * len(good[path]))
    assert "saved state unreadable" in ask(Session(0, FileStore(path)), "so")


def test_garbage_files_never_crash(tmp_path):
    path = str(tmp_path / "s")
    rnd = random.Random(1)
    for size in (0, 1, 13, 100, LEGACY_SLOT, 2 * LEGACY_SLOT, 3 * LEGACY_SLOT):
        for p in (path, path + ".1"):
            with open(p, "wb") as f:
                f.write(bytes(rnd.getrandbits(8) for _ in range(size)))
        s = Session(0, FileStore(path))
        r = ask(s, "seed 1")
        assert r.startswith('{"ok":true') or "'reset N' replaces it" in r
        assert ask(s, "reset 1") == '{"ok":true,"seed":1}'


def test_valid_crc_but_nonsense_payload_is_refused(tmp_path):
    path = str(tmp_path / "s")
    junk = record.frame(b"\x01\x00\x05\xff\xff\xff\xff", 7)  # layout 1, 0 fields, overlong varint
    with open(path, "wb") as f:
        f.write(junk)
    s = Session(2, FileStore(path))
    r = ask(s, "seed")
    assert '"notice":"save not loaded' in r and "kept until 'reset N'" in r


def _newer_format_frame(seq):
    image = bytearray(record.frame(b"future", seq))
    image[2] = record.FORMAT + 1
    body = bytes(image[:-4])
    from engine.core.crc import crc32

    return body + crc32(body).to_bytes(4, "little")


def test_newer_format_is_kept_and_refused_until_reset_which_then_sticks(tmp_path):
    """A save from newer firmware: changes refused, queries answered, `reset N` replaces it for
    good (the next save outranks it: before, it got sequence number 1 and lost at the restart)."""
    path = str(tmp_path / "s")
    image = _newer_format_frame(40)
    for kind in ("cpython", "micropython"):
        for p in (path, path + ".1"):
            if os.path.exists(p):
                os.remove(p)
        with open(path, "wb") as f:
            f.write(image)
        out = run_console(kind, ["roll d10", "state", "so", "so +1", "reset 8", "roll d10", "so +2"],
                          state=path, heap=HEAP)
        lines = out.decode().splitlines()
        assert "newer than this firmware" in lines[0] and '"ok":false' in lines[0]
        assert lines[1].startswith('{"ok":true,"bytes"')
        assert lines[2] == '{"ok":true,"so":0}'  # a query answers
        assert lines[3].startswith('{"ok":false,"error":"state","msg":"not saved, nothing changed')
        assert lines[4] == '{"ok":true,"seed":8}'
        assert lines[5].startswith('{"ok":true,"dice"')
        after = run_console(kind, ["so"], state=path, heap=HEAP).decode().splitlines()
        assert after == ['{"ok":true,"so":2}'], kind  # the restart resumes the new campaign


def test_a_save_of_another_layout_never_outranks_the_next_save(tmp_path):
    """An undecodable frame (older layout) with a high sequence number: the first action after
    the update is kept at the next start (before, the old frame won and the action was lost)."""
    path = str(tmp_path / "s")
    with open(path, "wb") as f:
        f.write(record.frame(b"\x00\x01\x02", 1000))  # layout 0: not this firmware's
    s = Session(1, FileStore(path))
    assert "save not loaded" in ask(s, "so +3")  # refused: kept until reset
    assert ask(s, "reset 1") == '{"ok":true,"seed":1}'
    assert ask(s, "so +3") == '{"ok":true,"so":3}'
    assert ask(Session(0, FileStore(path)), "so") == '{"ok":true,"so":3}'


def test_older_firmware_two_slot_file_resumes_and_is_never_overwritten_first(tmp_path):
    path = str(tmp_path / "s")
    a = Session(6)
    ask(a, "so +5")
    old = a.payload()
    blob = bytearray(2 * LEGACY_SLOT)
    blob[0:0] = b""
    first = record.frame(b"junk", 3)  # slot 0: an older frame
    blob[:len(first)] = first
    newest = record.frame(old, 4)  # slot 1: the newest, as older firmware wrote them
    blob[LEGACY_SLOT:LEGACY_SLOT + len(newest)] = newest
    with open(path, "wb") as f:
        f.write(blob)
    s = Session(0, Recorder(path))
    assert s.payload() == old
    ask(s, "so +1")
    assert s.store.writes[0][0] == 1  # the new frame goes beside the old file, not over it
    assert _read(path) == bytes(blob)
    assert ask(Session(0, FileStore(path)), "so") == '{"ok":true,"so":6}'


def test_older_firmware_two_slot_file_with_a_blank_first_slot_resumes_from_the_second(tmp_path):
    path = str(tmp_path / "s")
    a = Session(6)
    ask(a, "so +5")
    blob = bytearray(b"\xff" * 2 * LEGACY_SLOT)
    newest = record.frame(a.payload(), 4)
    blob[LEGACY_SLOT:LEGACY_SLOT + len(newest)] = newest
    with open(path, "wb") as f:
        f.write(blob)
    assert ask(Session(0, FileStore(path)), "so") == '{"ok":true,"so":5}'


def test_a_file_of_junk_is_read_no_further_than_two_slots(tmp_path):
    """Two 70 KB files of junk: each read is 4 KB at most (read whole, they kept a Pico's console
    from starting), and the session says the save is unreadable."""
    from firmware import storage

    path = str(tmp_path / "s")
    for p in (path, path + ".1"):
        with open(p, "wb") as f:
            f.write(bytes(random.Random(p).getrandbits(8) for _ in range(70000)))
    assert all(len(storage._read(p)) == 2 * LEGACY_SLOT for p in (path, path + ".1"))
    assert "saved state unreadable" in ask(Session(0, FileStore(path)), "so")


def test_older_firmware_nvm_save_is_read_never_written():
    nvm = bytearray(8192)
    a = Session(6)
    ask(a, "roll 2d10")
    image = record.frame(a.payload(), 9)
    nvm[LEGACY_SLOT:LEGACY_SLOT + len(image)] = image
    store = NvmStore(nvm)
    assert record.best(store.frames())[2] == a.payload() and store.had_data()
    with pytest.raises(OSError):
        store.write((b"x",))
    with pytest.raises(ValueError):
        NvmStore(bytearray(100))


def test_durable_change_that_cannot_be_written_is_refused(tmp_path):
    class Broken(FileStore):
        def write(self, pieces):
            raise OSError(28, "No space left on device")

    s = Session(1, Broken(str(tmp_path / "s")))
    before = s.payload()
    r = ask(s, "roll d10")
    assert r == ('{"ok":false,"error":"state","msg":"not saved, nothing changed: '
                 'no space left on the device"}')
    assert s.payload() == before


def test_an_errno_alone_is_named():
    assert record.why(OSError(28)) == "no space left on the device"
    assert record.why(OSError(30)) == "read-only file system"
    assert record.why(OSError(2)) == "no such directory"
    assert record.why(OSError("the drive is read-only")) == "the drive is read-only"


def _kill_test(kind, path, kills, rnd, command, read_value):
    acked = 0
    for _ in range(kills):
        argv, cwd, env = console_cmd(kind, heap=HEAP, state=path)
        p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        # Acknowledged lines first, then one more sent and killed at a random moment.
        for _ in range(rnd.randint(0, 4)):
            p.stdin.write(command)
            p.stdin.flush()
            assert p.stdout.readline().startswith(b'{"ok":true'), kind
            acked += 1
        p.stdin.write(command)
        p.stdin.flush()
        time.sleep(rnd.uniform(0, 0.004))
        p.send_signal(signal.SIGKILL)
        p.wait()
        p.stdout.close()
        p.stdin.close()
        value = read_value(kind, path)
        assert value in (acked, acked + 1), (kind, value, acked)
        acked = value  # the line in flight may or may not have landed; both are legal
    return acked


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
def test_kill_9_loses_no_acknowledged_action(tmp_path, kind):
    """50 kill -9 per console at random moments of a stream of `so +1` (100 in all)."""
    path = str(tmp_path / "s")

    def so(kind, path):
        out = run_console(kind, ["so"], heap=HEAP, state=path).decode()
        return int(out.split('"so":')[1].split("}")[0].split(",")[0])

    rnd = random.Random(kind)
    total = _kill_test(kind, path, 50, rnd, b"so +1\n", so)
    assert total >= 50


def test_undo_survives_a_restart(tmp_path):
    path = str(tmp_path / "s")
    for kind in ("cpython", "micropython"):
        for p in (path, path + ".1"):
            if os.path.exists(p):
                os.remove(p)
        run_console(kind, ["so +3", "so +4"], heap=HEAP, state=path)
        out = run_console(kind, ["undo", "so", "undo", "so", "undo"], heap=HEAP,
                          state=path).decode()
        lines = out.splitlines()
        assert lines[0] == '{"ok":true,"undone":"so +4"}'
        assert lines[1] == '{"ok":true,"so":3}'
        assert lines[2] == '{"ok":true,"undone":"so +3"}'
        assert lines[3] == '{"ok":true,"so":0}'
        assert '"error":"state"' in lines[4]


def test_undo_is_32_deep_exact_and_never_rewinds_the_dice(tmp_path):
    """At least 32 steps, also after a restart; fields exact; dice go on."""
    path = str(tmp_path / "s")
    s = Session(4, FileStore(path))
    states = []
    for n in range(40):
        states.append(list(s.vals))
        assert ask(s, "so +%d" % (n % 3 + 1)).startswith('{"ok":true')
    ask(s, "roll d10")
    t = Session(0, FileStore(path))  # a power cycle
    dice_after = Session(0, FileStore(path)).rng.get_state()
    for n in range(39, 7, -1):
        assert ask(t, "undo") == '{"ok":true,"undone":"so +%d"}' % (n % 3 + 1)
        assert list(t.vals) == states[n]
    assert t.rng.get_state() == dice_after  # undo rolled nothing back


def test_undo_keeps_32_steps_of_the_longest_lines(tmp_path):
    """Lines near the 200-byte limit: still 32 steps after a restart (the old 2 KB slot kept
    about 10 of these)."""
    from firmware.datafiles import reader

    path = str(tmp_path / "s")
    s = Session(4, FileStore(path))
    s.data = reader()
    ask(s, "bn add 1a 3 er")  # no campaign: battalions roll whenever asked
    # =5: the one result the shipped movement table holds (an Assault battalion advances)
    lines = ["bn roll 1a" + " +099 -099" * 17 + " %s00 =5" % "+-"[n % 2]
             for n in range(UNDO_DEPTH + 5)]
    for line in lines:
        assert len(line) >= 187 and ask(s, line).startswith('{"ok":true')
    t = Session(0, FileStore(path))
    assert t.undo_steps >= UNDO_DEPTH
    for line in reversed(lines[-UNDO_DEPTH:]):
        assert ask(t, "undo") == '{"ok":true,"undone":"%s"}' % line


def test_undo_log_past_32_steps_is_trimmed_to_the_soft_record_size(tmp_path):
    """More than 32 steps only while the record stays small: its size is flash wear."""
    s = Session(4, FileStore(str(tmp_path / "s")))
    for n in range(UNDO_MAX + 10):
        ask(s, "so +1")
    assert UNDO_DEPTH < s.undo_steps <= UNDO_MAX
    assert len(s.payload()) + FRAME_BYTES <= record.RECORD_SOFT
    assert s.undo_line() == b"so +1"


def test_rolls_alone_skip_the_store_when_dice_need_not_be_kept(tmp_path):
    """Random-dice devices reseed at start: rolls write nothing (flash wear); changes still do."""
    s = Session(3, Recorder(str(tmp_path / "s")))
    s.save_dice = False
    for _ in range(5):
        ask(s, "roll 2d10")
    assert s.store.writes == []
    ask(s, "so +1")
    assert len(s.store.writes) == 1
    assert Session(0, FileStore(str(tmp_path / "s"))).rng.get_state() == s.rng.get_state()
