"""The device app under MicroPython (a section of `make bench`, see host_tools/benches/bench.py).

The heap: the whole app runs on the unix port loading .mpy (32-bit when MICROPY_DIR allows, as a
board), the display backend made first (as on the Pico), then the session, settings and app; a
tour opens every menu entry of every game, presses its keys (rolls, draws, ends turns, a self-test
of 10,000 dice, settings, undo) and comes back; `tour_code(requests=...)` also has the serial
console answer requests after each game (host_tools/benches/ram_bench.py's "tour" figure).  The smallest
heap for which the tour completes is found by bisection.  On a board the bytecode of the app's
modules also lives in the heap unless frozen (manifest.py), as it does here.

The panel: the bytes the framebuf backend sends for typical actions (a roll, a batch, a draw of
Hit counters, an end of turn), with the screen already shown: only the tiles that changed.
"""

from host_tools.benches import heaps
from host_tools.desk import consoles

# The keys and frames (firmware/device.py has the device's own: `_AS_A_DEVICE`).
_PLAIN = """def show():
    app.draw(c)
    if be is not None:
        be.render(c)
def press(*evs):
    for ev in evs:
        app.key(ev)
        show()
"""
TOUR = """
import gc
gc.collect()
be = None
if %(fb)d:
    from firmware.display_framebuf import FramebufBackend
    be = FramebufBackend(%(w)d, %(h)d, None)
from engine.core.session import Session
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware import keys
s = Session(7)
s.data = reader()
app = App(s, Prefs(MemoryBlob()), None, (%(w)d, %(h)d))
app.start()
c = Canvas(%(w)d, %(h)d)
""" + _PLAIN + """def console():
    pass
def serve():
    pass
show()
press(keys.A, keys.DOWN, keys.RIGHT, keys.DOWN, keys.DOWN, keys.RIGHT, keys.RIGHT, keys.A,
      keys.SELECT, keys.A, keys.SELECT, keys.A, keys.SELECT, keys.A, keys.SELECT)
for game in ("tal", "exp3", "golan"):
    app.run(["game", game])
    for i in range(len(app.menu())):
        press(keys.START)
        for _ in range(len(app.menu())):
            press(keys.UP)  # round the menu: back to its first entry, where it opens
        for _ in range(i):
            press(keys.DOWN)
        press(keys.A)
        press(keys.A, keys.DOWN, keys.RIGHT, keys.A, keys.SELECT, keys.A, keys.DOWN, keys.DOWN,
              keys.RIGHT, keys.A, keys.UP)
        while len(app.stack) > 1:
            press(keys.B)
    console()
serve()
press(keys.B | keys.LONG, keys.A)
gc.collect()
print("OK", gc.mem_free(), gc.mem_alloc())
"""

# A fresh app, as firmware/device.py makes it (without a board), and its canvas.
APP = """
from engine.core.session import Session
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware import keys
s = Session(7)
s.data = reader()
app = App(s, Prefs(MemoryBlob()), None, (%(w)d, %(h)d))
app.start()
c = Canvas(%(w)d, %(h)d)
"""
# One screen opened from a fresh start through the menu, as a player would: what a board needs to
# open it at all (the tour's figure holds every screen's leftovers too).
SCREEN = APP + """app.draw(c)
items = [m[1] for m in app.menu()]
k = items.index(%(screen)r)
for ev in (keys.START,) + (keys.UP,) * len(items) + (keys.DOWN,) * k + (keys.A,):
    app.key(ev)
    app.draw(c)
print("OPEN" if app.top().name == %(screen)r and not app.message else "NOT OPEN " + app.message)
"""
SCREENS = ("roll", "cups", "mission", "campaign")  # the home screen, then the hungriest ones


def screen_ok(screen, port, width=240, height=135):
    """ok(heap) for `heaps.smallest_heap`: TAL's screen `screen` opens from a fresh start."""
    code = SCREEN % {"w": width, "h": height, "screen": screen}

    def ok(heap):
        p = port.run_code(code, heap=heap)
        return p.returncode == 0 and b"OPEN\n" in p.stdout

    return ok


PANEL = "from firmware.display_framebuf import FramebufBackend" + APP + """
be = FramebufBackend(%(w)d, %(h)d, None)
K = {"u": keys.UP, "d": keys.DOWN, "l": keys.LEFT, "r": keys.RIGHT, "a": keys.A, "b": keys.B,
     "s": keys.SELECT, "t": keys.START}
def press(word):
    for ch in word:
        app.key(K[ch])
        app.draw(c)
        be.render(c)
app.draw(c)
be.render(c)
print("frame", be.sent, be.windows)
for label, setup, act in %(actions)r:
    press(setup)
    sent = be.sent
    tiles = be.windows
    press(act)
    print(label + "|%%d|%%d" %% (be.sent - sent, be.windows - tiles))
"""

# (label, keys to get there, the action's key): from the start of a fresh app, one after the other
ACTIONS = (
    ("a roll (check, after one)", "a", "a"),
    ("a batch of 8 dice", "ddrrrrrrr", "a"),
    # two aircraft added on the Roster page; on the Fly page start, then loiter: each A the
    # next step, the Action row then on end turn
    ("an end of turn (Mission)", "tdda" + "sa" + "drua" + "s" + "a" + "a", "a"),
    ("a draw of Hit counters (Cups)", "tda" + "dddr", "a"),  # (the menu opens on Roll)
    ("back from the counters drawn", "", "b"),
)


# The serial console answering in the same session (as firmware/device.py polls it): after each
# game's screens, a Link (firmware/serial_link.py) answers request lines; every one must get its
# reply line.
_CONSOLE = """def console():
    from firmware.serial_link import Link
    n = [0]
    def out(buf, k):
        n[0] += 1
    link = Link(s, lambda buf: 0, out)
    for line in %(requests)r:
        link.feed(line + b"\\n")
    if n[0] != %(count)d:
        raise SystemExit("the console gave %%d replies to %(count)d requests" %% n[0])
"""


# Once every screen was shown: the console answers the request lines of stdin in the same
# session (firmware/lines.py's `serve`, as the serial link does), one reply line each between
# the two markers, read from a file, not held in the code (the code's constants are in the heap).
# With a data hook of its own, as a fresh console's: what the screens confirmed for their session
# only (a counter mix: engine/tal/cups/mine.py) is not the fresh console's, whose replies these
# must be (`reset` starts a new game, not a new player).
_SERVE = """def serve():
    from firmware.lines import serve
    from firmware.datafiles import reader
    s.data = reader()
    print("SERVE")
    serve(s, sys.stdin.buffer, sys.stdout.buffer)
    print("SERVED")
    del serve
    show()
"""


# The keys and frames as firmware/device.py's loop handles them: a fault (out of memory above all)
# is said on the screen and the session goes on.  Each new message about memory is printed
# "MEMORY <the screens open> | <the message>".  The serial link's module loads at the start, as
# the device makes its link (firmware/device.py `Loop`).
_AS_A_DEVICE = """from firmware import device
from firmware.serial_link import Link
def show():
    if device.draw(app, c) and be is not None:
        be.render(c)
def press(*evs):
    for ev in evs:
        app.mark()
        try:
            app.key(ev)
        except Exception as e:
            device.fault(app, e, not isinstance(e, MemoryError))
        if "memory" in app.message:
            print("MEMORY", " ".join([x.name for x in app.stack]), "|", app.message)
            app.message = ""
        show()
"""


def tour_code(width, height, framebuffer=True, requests=(), serve=False, profile=None,
              as_a_device=False):
    """The tour's MicroPython code; with `requests` (bytes lines) the serial console answers them
    after each game's screens; with `serve`, it answers stdin's lines once every screen was shown
    (`served` reads the replies).  `profile` (an event number, -1 for none) measures it with
    host_tools/benches/heap_profile.py, an event after every key and every request, replies
    dropped.  `as_a_device`: keys and frames through the device loop's fault handling (a tour
    that runs out of memory goes on, printing each message about it: `_AS_A_DEVICE`)."""
    code = TOUR % {"w": width, "h": height, "fb": 1 if framebuffer else 0}
    if as_a_device:
        code = code.replace(_PLAIN, _AS_A_DEVICE)
    if requests:
        code = code.replace("def console():\n    pass\n", _CONSOLE % {
            "requests": tuple(requests), "count": len(requests)})
    if serve:
        code = "import sys\n" + code.replace("def serve():\n    pass\n", _SERVE)
    if profile is not None:
        code = ("import heap_profile as _hp\n_hp.tour(%d)\n" % profile + code
                .replace("s.data = reader()", "s.data = _hp.traced(reader())")
                .replace("        be.render(c)\n", "        be.render(c)\n    _hp.step(app.stack[-1].name)\n", 1)
                .replace("sys.stdin.buffer, sys.stdout.buffer", "_hp._Input(), _hp._Drop()")
                + "_hp.tour_end()\n")
    return code


def served(stdout):
    """The reply lines the tour's console wrote (see tour_code), or None if it never served."""
    head, sep, rest = stdout.partition(b"SERVE\n")
    if not sep or b"SERVED\n" not in rest:
        return None
    return rest.split(b"SERVED\n")[0].decode("utf-8", "replace").splitlines()


def tour_ok(width, height, framebuffer=True, port=None):
    """ok(heap) for `heaps.smallest_heap`: the tour completes within that heap (on `port` of
    host_tools/desk/ports.py; default the 64-bit unix port)."""
    code = tour_code(width, height, framebuffer)

    def ok(heap):
        if port is None:
            p = consoles.run_mpy(code, heap=heap, timeout=600)
        else:
            p = port.run_code(code, heap=heap)
        return p.returncode == 0 and b"OK" in p.stdout

    return ok


LAYOUTS = (("app alone (screens drawn to the canvas only)", 240, 135, False),
           ("Pico-LCD-1.14: app + framebuf, 40x15 tiles (1.2 KB)", 240, 135, True),
           ("PyBadge size: app + framebuf, 40x16 tiles (1.3 KB)", 160, 128, True))


HI = 512 * 1024  # bytes: the most heap the app's figures try


def smallest(ok):
    """The smallest heap (bytes, to 1 KB) for which ok(heap) holds, or None up to HI."""
    return heaps.smallest_heap(ok, lo=16 * 1024, hi=HI, step=1024)


def heap_text(heap):
    return heaps.kb(heap) if heap else "fails even at %d KB" % (HI // 1024)


def measure(port=None, layouts=LAYOUTS):
    """[(label, smallest heap in bytes or None)] for each of `layouts`."""
    return [(label, smallest(tour_ok(w, h, fb, port))) for label, w, h, fb in layouts]


def panel_bytes(width=240, height=135):
    """(bytes of a whole frame, [(action, bytes sent, tiles sent)]) on the framebuf backend."""
    p = consoles.run_mpy(PANEL % {"w": width, "h": height, "actions": ACTIONS}, heap="512K")
    assert p.returncode == 0, p.stdout + p.stderr
    frame = None
    rows = []
    for line in p.stdout.decode().splitlines():
        if line.startswith("frame "):
            frame = int(line.split()[1])
        elif "|" in line:
            label, sent, tiles = line.split("|")
            rows.append((label, int(sent), int(tiles)))
    return frame, rows


def report(write, quick=False):
    """Write the section (on the 32-bit unix port loading .mpy when MICROPY_DIR allows); `quick`:
    the tour on its first layout only."""
    from host_tools.desk import ports

    port = ports.board_like().prepare()
    write("  smallest MicroPython heap for a tour of every screen of every game (%s):\n" %
          port.label)
    for label, heap in measure(port, LAYOUTS[:1] if quick else LAYOUTS):
        write("    %-54s %s\n" % (label, heap_text(heap)))
    cells = ["%s %s" % (screen, heap_text(smallest(screen_ok(screen, port))))
             for screen in SCREENS]
    write("  smallest heap to open one screen of TAL from a fresh start (%s):\n    %s\n" % (
        port.label, ", ".join(cells)))
    if port.name == "unix64-mpy":
        write("  (64-bit: objects take up to twice a board's; set MICROPY_DIR for 32-bit "
              "figures)\n")
    write("  (a Pico has about 190 KB of heap, and freezing the code (manifest.py) keeps bytecode "
          "and\n   names out of it; the PyBadge's displayio bitmap (10 KB) is not measured here)\n")


def panel_report(write):
    """Write the bytes sent to the panel per action."""
    for size in ((240, 135), (160, 128)):
        frame, rows = panel_bytes(*size)
        write("  bytes sent to the panel per action, framebuf %dx%d (a whole frame: %d):\n"
              % (size[0], size[1], frame))
        for label, sent, tiles in rows:
            write("    %-40s %6d bytes  %3d tiles  %3d%% of a frame\n"
                  % (label, sent, tiles, 100 * sent // frame))


if __name__ == "__main__":
    import sys

    report(sys.stdout.write)
    panel_report(sys.stdout.write)
