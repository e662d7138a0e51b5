"""The board profiles (issue: the device, item 3) on the host: the Pico-LCD-1.14 profile under the
MicroPython unix port with a stand-in `machine` module (pins, SPI, PWM recorded), the PyBadge
profile under CPython with stand-ins for CircuitPython's board modules."""

import sys
import types

from conftest import ROOT, run_mpy
from firmware import keys

FAKE_MACHINE = '''
LOG = []
class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    levels = {}
    def __init__(self, n, mode=-1, pull=-1, value=None):
        self.n = n
        if value is not None:
            Pin.levels[n] = value
    def value(self, v=None):
        if v is None:
            return Pin.levels.get(self.n, 1)
        Pin.levels[self.n] = v
    def __call__(self, v):
        Pin.levels[self.n] = v
class SPI:
    def __init__(self, *a, **k):
        LOG.append(("spi", a, k.get("baudrate")))
    def write(self, b):
        LOG.append(("w", Pin.levels.get(8), bytes(b[:16]), len(b)))
class PWM:
    def __init__(self, pin):
        self.pin = pin
    def freq(self, f):
        pass
    def duty_u16(self, d):
        LOG.append(("duty", d))
'''

PICO = """
import sys
sys.path.insert(0, %(fake)r)
sys.path.append(%(root)r)
import machine
from hardware import pico_lcd_114
from firmware import keys
from firmware.canvas import Canvas
from firmware.inks import RED
b = pico_lcd_114.Board()
print("keys0", b.keys())
machine.Pin.levels[3] = 0   # joystick press
machine.Pin.levels[15] = 0  # key A
print("keys1", b.keys() == keys.SELECT | keys.A)
machine.Pin.levels[3] = 1
machine.Pin.levels[15] = 1
machine.LOG.clear()
be = b.display()
cmds = [e[2][0] for e in machine.LOG if e[0] == "w" and e[1] == 0]
print("init", " ".join("%%02x" %% c for c in cmds))
machine.LOG.clear()
c = Canvas(240, 135)
c.begin()
c.fill(0, 0, 8, 8, RED)
c.end()
be.render(c)
writes = [e for e in machine.LOG if e[0] == "w"]
data = [e for e in writes if e[1] == 1 and e[3] > 4]  # pixel data (DC high), tile by tile
print("frame", sum(e[3] for e in data), len(data))
cols = [writes[i + 1][2].hex() for i, e in enumerate(writes) if e[1] == 0 and e[2][0] == 0x2A]
rows = [writes[i + 1][2].hex() for i, e in enumerate(writes) if e[1] == 0 and e[2][0] == 0x2B]
print("window", cols[0], rows[0], cols[-1], rows[-1])
machine.LOG.clear()
c.begin()
c.fill(0, 0, 8, 8, RED)
c.fill(100, 50, 4, 4, RED)
c.end()
be.render(c)
writes = [e for e in machine.LOG if e[0] == "w"]
data = [e for e in writes if e[1] == 1 and e[3] > 4]
cols = [writes[i + 1][2].hex() for i, e in enumerate(writes) if e[1] == 0 and e[2][0] == 0x2A]
rows = [writes[i + 1][2].hex() for i, e in enumerate(writes) if e[1] == 0 and e[2][0] == 0x2B]
print("change", sum(e[3] for e in data), len(data), cols[0], rows[0])
b.backlight(50)
print("duty", machine.LOG[-1][1])
print("ticks", b.ticks_diff(5, 3))
"""


def test_pico_profile_pins_panel_and_backlight(tmp_path):
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    rc, out, err = run_mpy(PICO % {"fake": str(tmp_path), "root": ROOT}, heap="256K")
    assert rc == 0, out + err
    got = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert got["keys0"] == "0"  # pull-ups: nothing pressed
    assert got["keys1"] == "True"
    # Waveshare's init order: MADCTL, COLMOD, porch ... inversion on, sleep out, display on
    assert got["init"].split()[:2] == ["36", "3a"]
    assert got["init"].split()[-3:] == ["21", "11", "29"]
    # the first frame: the whole RGB565 frame (240 x 135 x 2) as data (DC high), in 54 tiles
    assert got["frame"] == "64800 54"
    # the first tile: columns 40..79, rows 53..67; the last: columns 240..279, rows 173..187
    assert got["window"] == "0028004f 00350043 00f00117 00ad00bb"
    # then only what changed: one tile of 40 x 15 (columns 120..159, rows 98..112)
    assert got["change"] == "1200 1 0078009f 00620070"
    assert got["duty"] == str(50 * 65535 // 100)
    assert got["ticks"] == "2"


# --- the PyBadge, with stand-ins for CircuitPython's modules --------------------------------

class FakeEvent:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class FakeQueue:
    def __init__(self):
        self.items = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.items:
            return False
        ev.key_number, ev.pressed = self.items.pop(0)
        return True

    def clear(self):
        self.items = []
        self.overflowed = False


class FakeKeys:
    def __init__(self, **kw):
        self.events = FakeQueue()
        self.resets = 0

    def reset(self):
        self.resets += 1

    def deinit(self):
        pass


class FakeI2C:
    def __init__(self, reading):
        self.reading = reading
        self.written = []

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, addr, data):
        self.written.append((addr, bytes(data)))

    def writeto_then_readfrom(self, addr, out, into):
        into[:] = self.reading


def fake_circuitpython(monkeypatch, reading=b"\x00" * 6):
    written = []
    mods = {
        "board": types.SimpleNamespace(
            BUTTON_CLOCK=1, BUTTON_OUT=2, BUTTON_LATCH=3, NEOPIXEL=4, SPEAKER=5,
            SPEAKER_ENABLE=6, DISPLAY=types.SimpleNamespace(brightness=1.0),
            I2C=lambda: i2c),
        "keypad": types.SimpleNamespace(ShiftRegisterKeys=FakeKeys, Event=FakeEvent),
        "digitalio": types.SimpleNamespace(
            DigitalInOut=lambda pin: types.SimpleNamespace(direction=None, value=False),
            Direction=types.SimpleNamespace(OUTPUT=1)),
        "audioio": types.SimpleNamespace(AudioOut=lambda pin: types.SimpleNamespace(
            play=lambda s: None, playing=False)),
        "audiocore": types.SimpleNamespace(RawSample=lambda *a, **k: object()),
        "neopixel_write": types.SimpleNamespace(
            neopixel_write=lambda pin, buf: written.append(bytes(buf))),
        "microcontroller": types.SimpleNamespace(nvm=bytearray(8192)),
        "supervisor": types.SimpleNamespace(ticks_ms=lambda: 0),
    }
    i2c = FakeI2C(reading)
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.setitem(sys.modules, "hardware.pybadge", None)  # undone after the test
    del sys.modules["hardware.pybadge"]
    import hardware.pybadge as pybadge

    return pybadge, written, i2c


def test_pybadge_buttons_map_to_logical_keys(monkeypatch):
    pybadge, _w, _i = fake_circuitpython(monkeypatch)
    assert pybadge.pressed_keys([0, 1, 2, 3, 4, 5, 6, 7]) == 0xFF
    assert pybadge.pressed_keys([1, 6]) == keys.A | keys.UP
    b = pybadge.Board()
    b._keys.events.items = [(1, True), (7, True)]
    assert b.keys() == keys.A | keys.LEFT
    b._keys.events.items = [(1, False)]
    assert b.keys() == keys.LEFT
    b._keys.events.overflowed = True  # events lost: start again from "all released"
    assert b.keys() == 0 and b._keys.resets == 1


def test_pybadge_storage_ticks_lights(monkeypatch, tmp_path):
    pybadge, written, _i = fake_circuitpython(monkeypatch)
    monkeypatch.setattr(pybadge, "DRIVE", str(tmp_path) + "/")
    b = pybadge.Board()
    assert pybadge.ticks_diff(3, (1 << 29) - 2) == 5  # supervisor.ticks_ms wraps at 2**29
    store = b.state_store()
    assert not (tmp_path / "tal-save.bin").exists()  # never made on the board: make deploy does
    assert store.notice.startswith("nothing will be saved: tal-save.bin is missing: ")
    from host_tools.building import dist
    from firmware import journal

    for name, ring, kind in dist.pybadge_journals():
        journal.make_file(str(tmp_path / name), ring, kind)
    store = b.state_store()
    assert store.notice is None and store.legacy.base == 0  # older firmware's nvm save is read
    blob = b.prefs_blob()
    assert blob.journal.why is None and blob.journal.ring == pybadge.SETTINGS_RING == 48
    assert blob.legacy.base == 4096  # where older firmware kept the settings
    b.flash(4)  # RED
    assert written[-1][:3] == bytes((0x30 // 8, 0xFF // 8, 0x30 // 8))  # GRB, an eighth
    b.tick(1000)
    assert written[-1] == bytes(15)  # off again
    b.backlight(40)
    assert pybadge.board.DISPLAY.brightness == 0.4


def test_pybadge_shake_needs_several_strong_readings(monkeypatch):
    strong = (3 * 8192).to_bytes(2, "little", signed=True)  # 3 g on x (4 g full scale)
    pybadge, _w, i2c = fake_circuitpython(monkeypatch, strong + b"\x00\x00" * 2)
    b = pybadge.Board()
    assert i2c.written[0] == (0x19, b"\x20\x57")  # 100 Hz, x y z on
    t = 2000
    got = [b.shaken(t + 10 * i) for i in range(3)]
    assert got == [False, False, True]
    assert b.shaken(t + 40) is False  # resting after a shake roll
    quiet_pb, _w2, _i2 = fake_circuitpython(monkeypatch, (8192).to_bytes(2, "little") +
                                            b"\x00\x00" * 2)
    q = quiet_pb.Board()
    assert not any(q.shaken(2000 + 10 * i) for i in range(10))  # 1 g at rest: no roll
