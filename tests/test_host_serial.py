"""USB serial: the device's line-protocol link (firmware.serial_link) and the host's client.

The device side runs on the real MicroPython unix port, behind a pty (pyserial opens it like a
board's port) or plain pipes.
"""

import os
import subprocess
import sys

import pytest

from conftest import MICROPYTHON, MPY_DIR, ROOT, ensure_mpy, run_console
from host_fakes import app_link_device
from host_tools.board import link, pull


def _link_proc(lines):
    ensure_mpy()
    env = dict(os.environ, MICROPYPATH=".")
    p = subprocess.run([MICROPYTHON, "-X", "heapsize=64K", "-m", "firmware.serial_link"],
                       cwd=MPY_DIR, env=env, input=lines, capture_output=True, timeout=120)
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr.decode()
    return p.stdout


def test_link_answers_like_the_console_over_pipes():
    """The serial link gives the console's replies byte for byte, refusals included."""
    lines = (b"seed 9\nroll 4d10 +1\n\n# note\nROLL d6\r\n" + b"x" * 300 + b"\npick 3\n"
             b"roll 3d\nstate")  # the last line has no newline: it is still answered
    want = run_console("micropython", lines + b"\n")
    assert _link_proc(lines) == want
    assert want.count(b"\n") == 7


def test_link_feed_in_fragments_cpython():
    """Bytes arriving a few at a time (as USB delivers them) make the same replies."""
    from engine.core.session import Session
    from firmware.serial_link import Link

    out = []
    lk = Link(Session(4), lambda buf: 0, lambda buf, n: out.append(bytes(buf[:n])))
    data = b"seed 4\nroll 2d10\n" + b"y" * 450 + b"\npick 5\n"
    for i in range(0, len(data), 7):
        lk.feed(data[i:i + 7])
    replies = b"".join(out).decode().splitlines()
    assert len(replies) == 4
    assert replies[2] == '{"ok":false,"error":"syntax","msg":"line longer than 200 bytes"}'
    assert replies[3].startswith('{"ok":true,"pick":')


@pytest.fixture
def device():
    d = app_link_device()
    yield d
    d.close()


def test_host_link_over_a_pty(device):
    """pyserial on the pty talks to the device: JSON replies, refusals stay replies."""
    ln = link.connect(device.port, timeout=10)
    try:
        assert ln.ask("seed 42") == {"ok": True, "seed": 42}
        assert ln.ask_raw("roll 3d10") == '{"ok":true,"dice":[4,1,8],"mod":0,"total":13}'
        assert ln.ask("roll 0d10")["error"] == "range"
        with pytest.raises(link.LinkError):
            ln.ask("")  # gets no reply: refused before sending
    finally:
        ln.close()


def test_pull_over_serial_gives_a_state_file_the_console_resumes(device, tmp_path):
    """`pull` copies the record; the console opened on the copy continues the same dice."""
    ln = link.connect(device.port, timeout=10)
    try:
        ln.ask("seed 42")
        ln.ask("roll 3d10")
        image = pull.via_link(ln)
        nxt = ln.ask_raw("roll d10")  # what the device rolls next
    finally:
        ln.close()
    out = tmp_path / "pulled.bin"
    pull.save(image, str(out))
    got = run_console("cpython", ["roll d10"], state=str(out)).decode().strip()
    assert got == nxt


def test_pull_rejects_a_damaged_record():
    from engine.core.record import frame

    image = bytearray(frame(b"\x01\x00", 3))
    image[-1] ^= 0x40
    with pytest.raises(pull.PullError):
        pull.check(bytes(image))


def test_send_subcommand_over_a_pty(device):
    p = subprocess.run([sys.executable, "-m", "host_tools", "send", "--port", device.port,
                        "seed 42", "roll 3d10", "# skipped"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ['{"ok":true,"seed":42}',
                                     '{"ok":true,"dice":[4,1,8],"mod":0,"total":13}']


def test_send_to_a_silent_port_says_what_to_check(tmp_path):
    """A port that never answers (here: a pty nobody serves) gives a clear error, not a hang."""
    import pty
    import tty

    m, s = pty.openpty()
    tty.setraw(s)
    try:
        p = subprocess.run([sys.executable, "-m", "host_tools", "send", "--port", os.ttyname(s),
                            "--timeout", "0.5", "seed"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
    finally:
        os.close(m)
        os.close(s)
    assert p.returncode == 1
    assert "no reply" in p.stderr and "Traceback" not in p.stderr


def test_circuitpython_usb_data_link_with_a_stand_in_port(monkeypatch):
    """firmware.usb_link on a stand-in for `usb_cdc.data`: bytes in as they come, replies out."""
    import types

    from engine.core.session import Session
    from firmware.usb_link import usb_data_link

    class Port:
        def __init__(self):
            self.inbox = b""
            self.out = b""

        @property
        def in_waiting(self):
            return len(self.inbox)

        def readinto(self, buf):  # with timeout 0: what has arrived, at most len(buf)
            n = len(buf)
            d, self.inbox = self.inbox[:n], self.inbox[n:]
            buf[:len(d)] = d
            return len(d)

        def write(self, b):
            self.out += b

    port = Port()
    monkeypatch.setitem(sys.modules, "usb_cdc", types.SimpleNamespace(data=port))
    lk = usb_data_link(Session(0))
    assert lk.poll() == 0
    port.inbox = b"seed 42\nroll 3"
    assert lk.poll() == 1
    port.inbox = b"d10\n"
    assert lk.poll() == 1
    assert port.out == b'{"ok":true,"seed":42}\n{"ok":true,"dice":[4,1,8],"mod":0,"total":13}\n'
    monkeypatch.setitem(sys.modules, "usb_cdc", types.SimpleNamespace(data=None))
    assert usb_data_link(Session(0)) is None  # boot.py did not enable the data port
