"""Random keys through every screen at small heaps, as the device loop handles them (issue 42).

Seeded and repeatable: the keys come from a seeded generator, the dice from a seeded session.
A sweep runs the app on a MicroPython unix port (the 64-bit one by default, loading .mpy), with
a state file and a data folder (so answers and mixes are saved), keys and frames through
`firmware.device`'s fault handling (`trouble`, `draw`), and the serial link answering a request
every few keys.  It counts, over its keys:

    escaped   exceptions that left the loop (on a board, the app would stop)
    lies      "nothing changed" said after a key whose change was saved (the state or a file)
    unsaid    a key whose change was saved, out of memory, with no word of it
    replies   requests answered with other than exactly one line

A sweep prints `sweep KEYS ESCAPED LIES UNSAID REQUESTS BAD-REPLIES SAVES OOM` on its last line,
and one `FAULT` line per problem (the key's number, the screens open, what was said).
`make bench` runs 2 seeds at each heap; tests/test_key_sweep.py a short sweep; the long one:

    python -m host_tools.benches.key_sweep [KEYS [SEEDS...]]     e.g. 2000 1 2 3 4 5 6 7 8
"""

import os
import shutil
import tempfile

from host_tools.desk import consoles

# Keys: a d-pad and A most, B, START, SELECT, and long presses.
CODE = """
import gc
gc.collect()
from engine.core.session import Session
from engine.core import protocol
from firmware.app import App
from firmware.canvas import Canvas
from firmware.datafiles import reader
from firmware.prefs import MemoryBlob, Prefs
from firmware.storage import FileStore
from firmware import device, keys
from firmware.serial_link import Link
NEW = hasattr(device, "fault")
WORK = %(work)r
s = Session(%(seed)d, FileStore(WORK + "/tal.state"))
s.data = reader(None, WORK + "/data")
saves = [0]
inner_write = s.store.write
def counted_write(pieces):
    inner_write(pieces)
    saves[0] += 1
s.store.write = counted_write
def counted(inner):
    def write(*args):
        inner(*args)
        saves[0] += 1
    return write
for how in ("commit", "append", "write"):  # (before issue 42: append and write)
    if hasattr(s.data, how):
        setattr(s.data, how, counted(getattr(s.data, how)))
app = App(s, Prefs(MemoryBlob()), None, (%(w)d, %(h)d))
app.start()
c = Canvas(%(w)d, %(h)d)
replies = [0]
def out(buf, n):
    replies[0] += 1
link = Link(s, lambda buf: 0, out)
KEYS = (keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.A, keys.A, keys.A, keys.UP, keys.DOWN,
        keys.B, keys.START, keys.SELECT, keys.A | keys.LONG, keys.B | keys.LONG, keys.RIGHT,
        keys.LEFT)
REQUESTS = (b"so", b"roll 2d10", b"cup show hit", b"state", b"bogus", b"so +1", b"undo",
            b"pilot list", b"day")
x = %(seed)d * 7919 + 1
escaped = lies = unsaid = bad = oom = 0
requests = 0
shown = s.changes
def where():
    return " ".join([getattr(t, "name", "?") for t in app.stack])
for n in range(%(keys)d):
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    ev = KEYS[(x >> 8) %% len(KEYS)]
    before = saves[0]
    try:  # as firmware/device.py's Loop.step (before issue 42: its `trouble`, `draw` and `shown`)
        if NEW:
            app.mark()
        try:
            app.key(ev)
        except Exception as e:
            if NEW:
                device.fault(app, e, not isinstance(e, MemoryError))
            else:
                if not isinstance(e, MemoryError):
                    app.close()
                device.trouble(app, e, app.session.changes != shown)
        if NEW:
            device.draw(app, c)
        else:
            device.draw(app, c, app.session.changes != shown)
    except Exception as e:
        escaped += 1
        print("FAULT", n, "escaped", where(), "|", type(e).__name__, e)
    said = app.message
    if "memory" in said:
        oom += 1
    if saves[0] != before and "nothing changed" in said:
        lies += 1
        print("FAULT", n, "lie", where(), "|", said)
    if saves[0] != before and "memory" in said and not said.startswith(("Saved", "Done")):
        unsaid += 1
        print("FAULT", n, "unsaid", where(), "|", said)
    shown = app.session.changes
    if n %% 7 == 3:
        requests += 1
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        got = replies[0]
        try:
            link.feed(REQUESTS[(x >> 8) %% len(REQUESTS)] + b"\\n")
        except Exception as e:
            escaped += 1
            print("FAULT", n, "escaped the link |", type(e).__name__, e)
        if replies[0] - got != 1:
            bad += 1
            print("FAULT", n, "replies", replies[0] - got)
print("sweep", %(keys)d, escaped, lies, unsaid, requests, bad, saves[0], oom)
"""

FIELDS = ("keys", "escaped", "lies", "unsaid", "requests", "bad_replies", "saves", "oom")


def code(work, seed, keys, width=160, height=128):
    return CODE % {"work": work, "seed": seed, "keys": keys, "w": width, "h": height}


def run(heap, seed, keys, width=160, height=128, port=None, timeout=900):
    """(figures {FIELDS...} or None when the sweep did not end, FAULT lines, output) of one
    sweep in `heap` bytes."""
    work = tempfile.mkdtemp(prefix="tal-sweep-")
    try:
        text = code(work, seed, keys, width, height)
        if port is None:
            p = consoles.run_mpy(text, heap=heap, timeout=timeout)
        else:
            p = port.run_code(text, heap=heap, timeout=timeout)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out = p.stdout.decode("utf-8", "replace")
    lines = out.splitlines()
    faults = [l for l in lines if l.startswith("FAULT")]
    last = lines[-1].split() if lines else []
    if p.returncode != 0 or not last or last[0] != "sweep":
        return None, faults, out + p.stderr.decode("utf-8", "replace")
    return dict(zip(FIELDS, [int(w) for w in last[1:]])), faults, out


def sweep(heaps, seeds, keys, write=None):
    """Every (heap, seed): the figures summed and the faults; `write` a line per sweep."""
    total = dict.fromkeys(FIELDS, 0)
    faults = []
    for heap in heaps:
        for seed in seeds:
            got, f, out = run(heap, seed, keys)
            if got is None:
                faults.append("heap %s seed %d: the sweep stopped: %s" % (
                    heap, seed, out.strip().splitlines()[-1:] or "?"))
                got = dict.fromkeys(FIELDS, 0)
                got["escaped"] = 1
            for k in FIELDS:
                total[k] += got[k]
            faults.extend("heap %s seed %d: %s" % (heap, seed, x) for x in f)
            if write is not None:
                write("    heap %-5s seed %-3d %s\n" % (heap, seed, " ".join(
                    "%s %d" % (k, got[k]) for k in FIELDS)))
    return total, faults


HEAPS = ("190K", "200K", "210K", "220K", "230K")  # (64-bit: where memory runs out, the review's)


def report(write, keys=1000, seeds=(1, 2), heaps=HEAPS):
    """Write a sweep's figures (`make bench`: 2 seeds x 5 heaps x 1,000 keys, about 5 minutes;
    the long one, 8 seeds x 2,500 keys, from the command line)."""
    write("  random keys through the device loop, %d a sweep, 64-bit unix port (.mpy):\n" % keys)
    total, faults = sweep(heaps, seeds, keys, write)
    write("    in all: %s\n" % " ".join("%s %d" % (k, total[k]) for k in FIELDS))
    for f in faults[:10]:
        write("    %s\n" % f)


if __name__ == "__main__":
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2500
    seeds = [int(a) for a in sys.argv[2:]] or [1, 2, 3, 4, 5, 6, 7, 8]
    report(sys.stdout.write, n, seeds)
