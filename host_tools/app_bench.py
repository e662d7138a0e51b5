"""The device app's heap under MicroPython (a section of `make bench`, see host_tools/bench.py).

The whole app runs on the unix port loading .mpy (32-bit when MICROPY_DIR allows, as a board):
frame buffer allocated first (as on the Pico), then the session, settings and app; a tour opens
every menu entry of every game, presses its keys (rolls, draws, ends turns, a self-test of 10,000
dice, settings, undo) and comes back; `tour_code(requests=...)` also has the serial console answer
requests after each game (host_tools/ram_bench.py's "tour" figure).  The smallest heap for which
the tour completes is found by bisection.  On a board the bytecode of the app's modules also lives
in the heap unless frozen (manifest.py), as it does here.
"""

from host_tools import bench, consoles

TOUR = """
import gc
gc.collect()
be = None
if %(fb)d:
    from firmware.display_framebuf import FramebufBackend
    be = FramebufBackend(%(w)d, %(h)d, None, %(band)d)
from engine.session import Session
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware import keys as K
s = Session(7)
s.data = reader()
app = App(s, Prefs(MemoryBlob()))
app.start()
c = Canvas(%(w)d, %(h)d)
def show():
    app.draw(c)
    if be is not None:
        be.render(c)
def press(*evs):
    for ev in evs:
        app.key(ev)
        show()
def console():
    pass
show()
press(K.A, K.DOWN, K.RIGHT, K.DOWN, K.DOWN, K.RIGHT, K.RIGHT, K.A, K.SELECT, K.A, K.SELECT, K.A,
      K.SELECT, K.A, K.SELECT)
for game in ("tal", "exp3", "golan"):
    app.run(["game", game])
    for i in range(len(app.menu())):
        press(K.START)
        for _ in range(i):
            press(K.DOWN)
        press(K.A)
        press(K.A, K.DOWN, K.RIGHT, K.A, K.SELECT, K.A, K.DOWN, K.DOWN, K.RIGHT, K.A, K.UP)
        while len(app.stack) > 1:
            press(K.B)
    console()
press(K.B | K.LONG, K.A)
gc.collect()
print("OK", gc.mem_free(), gc.mem_alloc())
"""


# The serial console answering in the same session (as firmware/device.py polls it): after each
# game's screens, a Link (firmware/serial_link.py) answers request lines; every one must get its
# reply line.
_CONSOLE = """def console():
    from firmware.serial_link import Link
    n = [0]
    def out(b):
        n[0] += 1
    link = Link(s, lambda: b"", out)
    for line in %(requests)r:
        link.feed(line + b"\\n")
    if n[0] != %(count)d:
        raise SystemExit("the console gave %%d replies to %(count)d requests" %% n[0])
"""


def tour_code(width, height, framebuffer=True, band=0, requests=()):
    """The tour's MicroPython code; with `requests` (bytes lines) the serial console answers them
    after each game's screens."""
    code = TOUR % {"w": width, "h": height, "fb": 1 if framebuffer else 0, "band": band}
    if requests:
        code = code.replace("def console():\n    pass\n", _CONSOLE % {
            "requests": tuple(requests), "count": len(requests)})
    return code


def tour_ok(width, height, framebuffer=True, band=0, port=None):
    """ok(heap) for `bench.smallest_heap`: the tour completes within that heap (on `port` of
    host_tools/ports.py; default the 64-bit unix port)."""
    code = tour_code(width, height, framebuffer, band)

    def ok(heap):
        if port is None:
            p = consoles.run_mpy(code, heap=heap, timeout=600)
        else:
            p = port.run_code(code, heap=heap)
        return p.returncode == 0 and b"OK" in p.stdout

    return ok


def measure(port=None):
    """[(label, smallest heap in bytes or None)]."""
    rows = []
    for label, w, h, fb, band in (
            ("app alone (screens drawn to the canvas only)", 240, 135, False, 0),
            ("Pico-LCD-1.14: app + 20-row bands of 240 (9.6 KB)", 240, 135, True, 20),
            ("same with a whole 240x135 RGB565 frame (63.3 KB)", 240, 135, True, 0),
            ("PyBadge-size frame: app + 160x128 RGB565 (40 KB)", 160, 128, True, 0)):
        rows.append((label, bench.smallest_heap(tour_ok(w, h, fb, band, port), lo=16 * 1024,
                                                hi=512 * 1024, step=1024)))
    return rows


def report(w):
    """Write the section (on the 32-bit unix port loading .mpy when MICROPY_DIR allows)."""
    from host_tools import ports

    port = ports.board_like().prepare()
    w("  smallest MicroPython heap for a tour of every screen of every game (%s):\n" % port.label)
    for label, heap in measure(port):
        w("    %-54s %s\n" % (label, bench.kb(heap) if heap else "fails even at 512 KB"))
    if port.name == "unix64-mpy":
        w("  (64-bit: objects take up to twice a board's; set MICROPY_DIR for 32-bit figures)\n")
    w("  (a Pico has about 190 KB of heap, and freezing the code (manifest.py) keeps bytecode and\n"
      "   names out of it; the PyBadge's displayio frame is not in the heap)\n")


if __name__ == "__main__":
    import sys

    report(sys.stdout.write)
