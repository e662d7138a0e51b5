"""The console's command log (firmware/cmdlog.py): local time stamps, checked with freezegun
across midnight and the year's end, and requests typed outside printable ASCII, which the log
escapes so that it stays a readable ASCII transcript that replays byte for byte."""

import datetime
import io
import time

from freezegun import freeze_time

from engine.core.session import Session
from firmware import lines
from firmware.cmdlog import CommandLog
from host_tools.desk import cmdlog, replay


class TickingInput:
    """Request lines that arrive `every` apart on a frozen clock (read a byte at a time)."""

    def __init__(self, data, clock, every):
        self.inp = io.BytesIO(data)
        self.clock = clock
        self.every = every
        self.fresh = True  # the next byte starts a line

    def readinto(self, buf):
        if self.fresh:
            self.clock.tick(self.every)
        n = self.inp.readinto(buf)
        self.fresh = n > 0 and buf[0] == 10
        return n


def play(path, data, clock=None, every=datetime.timedelta(seconds=40), seed=5):
    s = Session(seed)
    out = io.BytesIO()
    inp = TickingInput(data, clock, every) if clock else io.BytesIO(data)
    c = CommandLog(str(path), s)
    lines.serve(s, inp, out, None, c.entry)
    c.f.close()
    return out.getvalue().decode().splitlines()


def test_the_log_stamps_the_local_minute_across_midnight_and_the_new_year(tmp_path):
    log = tmp_path / "night.log"
    with freeze_time("2026-12-31 23:58:10") as clock:
        play(log, b"roll d10\n" * 4, clock)
    stamps = [l for l in log.read_text().splitlines() if l.startswith("# at ")]
    assert stamps == ["# at 2026-12-31 23:58", "# at 2026-12-31 23:59", "# at 2027-01-01 00:00"]
    lines = log.read_text().splitlines()
    after = lines[lines.index("# at 2027-01-01 00:00"):]
    assert [l for l in after if l.startswith("> ")] == ["> roll d10"] * 2  # 00:00:10, 00:00:50
    events = cmdlog.read(str(log))
    assert [e[1] for e in events if e[0] == "at"] == [s[5:] for s in stamps]
    assert replay.replay(events).ok


def test_the_stamps_follow_the_local_time_zone(tmp_path, monkeypatch):
    log = tmp_path / "tz.log"
    monkeypatch.setenv("TZ", "UTC-2")  # POSIX: two hours east of UTC
    time.tzset()
    try:
        with freeze_time("2026-06-30 22:30:00"):  # UTC; 00:30 the next day there
            play(log, b"seed 3\n")
    finally:
        monkeypatch.undo()
        time.tzset()
    assert "# at 2026-07-01 00:30" in log.read_text().splitlines()


def test_requests_outside_printable_ascii_are_escaped_and_replay_byte_for_byte(tmp_path):
    log = tmp_path / "odd.log"
    sent = [b"roll d10\x0b", b"roll d6\x0c", b"roll d8\r\r", b"so \\x41", b"roll d\xc3\xa9",
            b"roll 2d6\rroll d4", b"roll d10"]
    replies = play(log, b"".join(l + b"\n" for l in sent))
    assert len(replies) == len(sent) + 1  # a lone CR ends a line, as a serial terminal's Enter
    raw = log.read_bytes()
    assert all(0x20 <= c <= 0x7E or c == 0x0A for c in raw), raw
    assert b">\\ roll d10\\x0b\n" in raw and b"> so \\x41\n" in raw
    events = cmdlog.read(str(log))
    assert [e[1] for e in events if e[0] == "req"] == [
        b"roll d10\x0b", b"roll d6\x0c", b"roll d8", b"so \\x41", b"roll d\xc3\xa9",
        b"roll 2d6", b"roll d4", b"roll d10"]  # as `serve` read them: CR, LF and CRLF end lines
    for on in ("here", "cpython"):
        res = replay.replay(events, on=on)
        assert res.ok and [s.got[0] for s in res.steps] == replies, (on, res.problems)
