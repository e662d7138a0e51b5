"""The device app on the MicroPython unix port: every module compiles with mpy-cross (board
profiles and entry points too), and the whole app runs a tour of every screen in a bounded heap."""

import os
import subprocess

from conftest import run_mpy
from host_tools.benches import app_bench
from host_tools.building import build_mpy


def test_firmware_hardware_and_entry_points_compile(tmp_path):
    built = build_mpy.build(str(tmp_path), ("firmware", "hardware"))
    names = {os.path.relpath(p, str(tmp_path)) for p in built}
    for want in ("firmware/app.mpy", "firmware/display_framebuf.mpy", "firmware/fonts/__init__.mpy",
                 "firmware/display_displayio.mpy", "firmware/screens/roll.mpy",
                 "hardware/pybadge.mpy", "hardware/pico_lcd_114.mpy",
                 "firmware/boards/circuitpython/code.mpy",
                 "firmware/boards/circuitpython/boot.mpy",
                 "firmware/boards/micropython/main.mpy"):
        assert want in names, want
    for p in built:
        with open(p, "rb") as f:
            assert f.read(1) == b"M"


def test_mpy_cross_rejects_what_micropython_cannot_compile(tmp_path):
    """The check above can fail: a syntax MicroPython lacks is refused."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f(a, /, b):\n    return (x := a)\n")
    p = subprocess.run([build_mpy.mpy_cross(), str(bad)], capture_output=True)
    assert p.returncode != 0


def test_the_whole_app_tours_every_screen_in_a_bounded_heap():
    """App + 240x135 frame + a tour of every screen of every game.  The unix port is 64-bit
    (pointers twice a board's), so this bound is about twice what a Pico needs; `make bench`
    prints the smallest heap (host_tools/benches/app_bench.py)."""
    code = app_bench.TOUR % {"w": 240, "h": 135, "fb": 1}  # as on the Pico
    rc, out, err = run_mpy(code, heap="360K")
    assert rc == 0, out + err
    assert out.startswith("OK")


def test_the_tour_fails_in_a_heap_too_small():
    code = app_bench.TOUR % {"w": 240, "h": 135, "fb": 1}  # as on the Pico
    rc, out, err = run_mpy(code, heap="64K")
    assert rc != 0 and "MemoryError" in out + err


OPEN_OUT_OF_MEMORY = """
import sys
from engine.core.session import Session
from firmware.app import App
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware import ui
s = Session(7)
s.data = reader()
app = App(s, Prefs(MemoryBlob()), None, (240, 135))
app.start()
def full(app, words):
    raise MemoryError
ui.query = full  # the Mission screen reads the roster as it opens: the heap is full then
try:
    app.open("mission")
except MemoryError:
    print("refused")
print(sorted(m for m in sys.modules if m.startswith("firmware.screens.")))
print([screen.name for screen in app.stack])
"""


def test_a_screen_that_cannot_open_leaves_nothing_loaded():
    # On a board its modules would otherwise hold their bytecode in the heap for nothing: measured
    # on unix32-mpy, a Mission screen that ran out of memory opening left 22 KB loaded (8 after).
    rc, out, err = run_mpy(OPEN_OUT_OF_MEMORY, heap="256K")
    assert rc == 0, out + err
    # (the home screen below sleeps, its module gone too, until the next frame wakes it)
    assert out.split("\n")[:3] == ["refused", "[]", "['roll']"], out
