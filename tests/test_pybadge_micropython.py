"""The PyBadge's MicroPython profile (hardware/pybadge_micropython.py, the firmware image's) on the
host, with a stand-in `machine` module that models the badge's parts: the 74HC165 behind the
buttons (it latches, shifts on the clock's rising edge and shows its first bit at once), the
ST7735R's SPI bus and pins (every byte written, with DC and the time), the DAC, the NeoPixels'
bitstream and the LIS3DH on I2C.  The same checks run on the MicroPython unix port and on CPython
(its `time` given MicroPython's ticks and a clock that sleeping moves on)."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT, run_heap_locked, run_mpy
from firmware import inks, keys

FAKE_MACHINE = '''
import time
LOG = []


class HC165:
    """The buttons' shift register: `pressed` holds the key numbers held down (a pressed button
    reads high); key 0 leaves the register first."""
    pressed = set()
    reg = [0] * 8


def _out_pin():
    return HC165.reg[0]


class Pin:
    IN = 0
    OUT = 1
    levels = {}

    def __init__(self, name, mode=-1, pull=-1, value=None):
        if not isinstance(name, str):
            raise ValueError("the profile names its pins")
        self.name = name
        if value is not None:
            self(value)

    def value(self, v=None):
        return self(v)

    def __call__(self, v=None):
        n = self.name
        if v is None:
            return _out_pin() if n == "BUTTON_OUT" else Pin.levels.get(n, 0)
        old = Pin.levels.get(n, 0)
        Pin.levels[n] = v
        if n == "BUTTON_LATCH" and v and not old:  # latch rises: the inputs freeze
            HC165.reg = [1 if k in HC165.pressed else 0 for k in range(8)]
        elif n == "BUTTON_CLOCK" and v and not old and Pin.levels.get("BUTTON_LATCH"):
            HC165.reg = HC165.reg[1:] + [0]  # the next bit out
        if n == "BUTTON_LATCH" and not v:  # latch low: loading, the first input shows through
            HC165.reg = [1 if k in HC165.pressed else 0 for k in range(8)]


class SPI:
    def __init__(self, id, baudrate=0, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        LOG.append(("spi", id, baudrate, sck.name, mosi.name, miso))

    def write(self, b):
        LOG.append(("w", Pin.levels.get("TFT_DC"), bytes(b[:16]), len(b), time.ticks_ms()))


class DAC:
    def __init__(self, id):
        self.id = id

    def write_timed(self, buf, freq, count=1):
        LOG.append(("dac", self.id, len(buf), freq, buf[0], buf[4]))


class I2C:
    devices = {0x19}
    reading = bytes(6)

    def __init__(self, id, scl=None, sda=None, freq=0):
        LOG.append(("i2c", id, scl.name, sda.name))

    def writeto_mem(self, addr, reg, data):
        if addr not in I2C.devices:
            raise OSError(19)
        LOG.append(("reg", addr, reg, bytes(data)))

    def readfrom_mem_into(self, addr, reg, buf):
        if addr not in I2C.devices:
            raise OSError(19)
        buf[:] = I2C.reading


def bitstream(pin, kind, timing, buf):
    LOG.append(("pixels", pin.name, kind, tuple(timing), bytes(buf)))
'''

CHECKS = """
import sys
sys.path.insert(0, %(fake)r)
sys.path.append(%(root)r)
import machine
from machine import HC165, LOG, Pin, I2C
from hardware import pybadge_micropython as pb
from firmware import keys
from firmware.canvas import Canvas
b = pb.Board()
print("keys_none", b.keys())
for k in range(8):
    HC165.pressed = {k}
    print("key%%d" %% k, b.keys())
HC165.pressed = set(range(8))
print("keys_all", b.keys())
HC165.pressed = {1, 6}
print("keys_a_up", b.keys())
HC165.pressed = set()
print("latch_after", Pin.levels["BUTTON_LATCH"])
print("setup", [e[1:] for e in LOG if e[0] in ("i2c", "reg")])
LOG.clear()
be = b.display()
print("spi", LOG[0][1:])
w = [e for e in LOG if e[0] == "w"]
cmds = [e for e in w if e[1] == 0]
print("init", " ".join("%%02x" %% e[2][0] for e in cmds))
def after(c):
    i = [k for k, e in enumerate(cmds) if e[2][0] == c][0]
    return cmds[i + 1][4] - cmds[i][4]
print("waits", after(0x01), after(0x11), after(0x13))
mad = [w[k + 1][2] for k, e in enumerate(w) if e[1] == 0 and e[2][0] == 0x36][0]
print("madctl", mad.hex())
if sys.implementation.name == "micropython":  # (CPython has no framebuf: the stand-in below)
    LOG.clear()
    c = Canvas(160, 128)
    c.begin()
    c.fill(0, 0, 8, 8, 4)
    c.end()
    be.render(c)
    w = [e for e in LOG if e[0] == "w"]
    data = [e for e in w if e[1] == 1 and e[3] > 4]
    cols = [w[i + 1][2].hex() for i, e in enumerate(w) if e[1] == 0 and e[2][0] == 0x2A]
    rows = [w[i + 1][2].hex() for i, e in enumerate(w) if e[1] == 0 and e[2][0] == 0x2B]
    print("frame", sum(e[3] for e in data), len(data))
    print("window", cols[0], rows[0], cols[-1], rows[-1])
print("backend", be.width, be.height, type(be.panel).__name__)
b.backlight(0)
print("bl0", Pin.levels["TFT_LITE"])
b.backlight(40)
print("bl40", Pin.levels["TFT_LITE"])
LOG.clear()
t = b.ticks_ms()
b.flash(%(red)d)
print("flash", LOG[-1][1], LOG[-1][2], LOG[-1][3], LOG[-1][4][:3].hex(), len(LOG[-1][4]))
b.tick(b.ticks_ms())
print("flash_kept", len(LOG))
b.click()
print("click", Pin.levels["SPEAKER_ENABLE"], LOG[-1][1:])
b.sleep_ms(300)
b.tick(b.ticks_ms())
print("after", LOG[-1][4].hex(), Pin.levels["SPEAKER_ENABLE"])
I2C.reading = (3 * 8192).to_bytes(2, "little") + bytes(4)  # 3 g on x
t = 5000
print("shake", [b.shaken(t + 10 * i) for i in range(3)], b.shaken(t + 40))
print("store", b.state_store().paths[0], b.prefs_blob().path, b.data_dir)
print("ticks", b.ticks_diff(5, 3))
I2C.devices = set()  # a PyBadge LC: no accelerometer
lc = pb.Board()
print("lc", lc.shaken(9000), lc._accel)
"""

# CPython has no ticks: a clock of its own that sleeping moves on, as MicroPython's would; nor
# framebuf: a backend that keeps the panel it is given.
CPYTHON_TIME = """
import sys, time, types
class FramebufBackend:
    def __init__(self, width, height, panel):
        self.width, self.height, self.panel = width, height, panel
sys.modules["firmware.display_framebuf"] = types.SimpleNamespace(FramebufBackend=FramebufBackend)
_now = [0]
time.ticks_ms = lambda: _now[0]
time.ticks_diff = lambda a, b: a - b
def _sleep(ms):
    _now[0] += ms
time.sleep_ms = _sleep
"""


def _checks(tmp_path, interpreter):
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    code = CHECKS % {"fake": str(tmp_path), "root": ROOT, "red": inks.RED}
    if interpreter == "micropython":
        rc, out, err = run_mpy(code, heap="256K")
    else:
        p = subprocess.run([sys.executable, "-c", CPYTHON_TIME + code], cwd=str(tmp_path),
                           capture_output=True, text=True, timeout=120)
        rc, out, err = p.returncode, p.stdout, p.stderr
    assert rc == 0, out + err
    return dict(line.split(" ", 1) for line in out.strip().splitlines())


@pytest.mark.parametrize("interpreter", ["micropython", "cpython"])
def test_pybadge_micropython_profile(tmp_path, interpreter):
    got = _checks(tmp_path, interpreter)
    # the buttons: each key number is its logical key, read in the register's order
    order = (keys.B, keys.A, keys.START, keys.SELECT, keys.RIGHT, keys.DOWN, keys.UP, keys.LEFT)
    assert got["keys_none"] == "0"
    assert [int(got["key%d" % k]) for k in range(8)] == list(order)
    assert got["keys_all"] == str(0xFF) and got["keys_a_up"] == str(keys.A | keys.UP)
    assert got["latch_after"] == "0"  # the inputs flow in between reads
    # the LIS3DH: on I2C 2 (SDA PA12, SCL PA13), 100 Hz x y z on, +-4 g
    assert got["setup"] == "[(2, 'SCL', 'SDA'), (25, 32, b'W'), (25, 35, b'\\x98')]"
    # the ST7735R: SERCOM 4 at 24 MHz; CircuitPython's sequence, its waits; 160 x 128 landscape
    assert got["spi"] == "(4, 24000000, 'TFT_SCK', 'TFT_MOSI', None)"
    init = got["init"].split()
    assert init[:3] == ["01", "11", "b1"] and init[-2:] == ["13", "29"]
    reset, sleep_out, normal = (int(x) for x in got["waits"].split())
    assert reset >= 150 and sleep_out >= 500 and normal >= 10
    assert got["madctl"] == "a0"
    # the first frame: 160 x 128 x 2 bytes as data (DC high), in 32 tiles of 40 x 16; its
    # first window columns 0..39, rows 0..15; its last columns 120..159, rows 112..127
    assert got["backend"] == "160 128 ST7789"
    if interpreter == "micropython":
        assert got["frame"] == "40960 32"
        assert got["window"] == "00000027 0000000f 0078009f 0070007f"
    assert got["bl0"] == "0" and got["bl40"] == "1"  # PA01 has no PWM: on or off
    # NeoPixels: five, GRB at an eighth, 800 kHz timing on NEOPIXEL; dark again after 250 ms
    rgb = inks.PALETTE[inks.RED]
    grb = bytes(((rgb >> 8 & 0xFF) // 8, (rgb >> 16) // 8, (rgb & 0xFF) // 8)).hex()
    assert got["flash"] == "NEOPIXEL 0 (400, 850, 800, 450) %s 15" % grb
    assert got["flash_kept"] == "1"  # (not before its 250 ms)
    # a click: the amplifier on, 80 samples of a 1 kHz square at 8 kHz; off again after
    assert got["click"] == "1 (0, 80, 8000, 3072, 1024)"
    assert got["after"] == "00" * 15 + " 0"  # 300 ms later: the lights dark, the amplifier off
    assert got["shake"] == "[False, False, True] False"  # three strong readings, then a rest
    assert got["store"] == "/tal.state /tal.prefs /data"
    assert got["ticks"] == "2"
    assert got["lc"] == "False None"


def test_pybadge_micropython_keys_allocate_nothing(tmp_path):
    """Reading the buttons (every 10 ms) allocates nothing: run with the heap locked."""
    # Pins the allocation check can call: builtins (a Python __call__ would allocate itself)
    (tmp_path / "machine.py").write_text('''
class Pin:
    IN = 0
    OUT = 1
    def __new__(cls, name, mode=-1, pull=-1, value=None):
        return "a".isalpha if name == "BUTTON_OUT" else abs  # every button down
class DAC:
    def __init__(self, id):
        pass
class I2C:
    def __init__(self, *a, **k):
        pass
    def writeto_mem(self, *a):
        raise OSError(19)
class SPI:
    pass
def bitstream(*a):
    pass
''')
    code = """
import sys
sys.path.insert(0, %r)
sys.path.append(%r)
from hardware import pybadge_micropython as pb
b = pb.Board()
def hot():
    n = 0
    for _ in range(100):
        n += b.keys()
    return n
""" % (str(tmp_path), ROOT)
    assert run_heap_locked(code, heap="256K") == str(100 * 0xFF)


def test_main_picks_the_pybadge_profile_on_samd():
    """The image's main.py takes the PyBadge's profile on the samd port, the Pico's elsewhere."""
    with open(os.path.join(ROOT, "firmware", "boards", "micropython", "main.py")) as f:
        text = f.read()
    import types

    for platform, want in (("samd", "hardware.pybadge_micropython"),
                           ("rp2", "hardware.pico_lcd_114")):
        seen = []

        def imp(name, globals=None, locals=None, fromlist=(), level=0):
            seen.append(name)
            if name == "sys":
                return types.SimpleNamespace(platform=platform)
            return types.SimpleNamespace(Board=object, collect=lambda: None,
                                         device=types.SimpleNamespace(
                                             run=lambda board: seen.append("run")))

        exec(compile(text, "main.py", "exec"), {"__builtins__": dict(
            vars(__builtins__) if isinstance(__builtins__, types.ModuleType) else __builtins__,
            __import__=imp)})
        assert want in seen and seen[-1] == "run", (platform, seen)
