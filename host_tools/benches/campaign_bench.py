"""Bench figures for a full campaign: record size against JSON, engine heap, allocation-free draw.

The campaign is the one the durable-state requirement names (issue "TAL rules engine"): 8
aircraft, 12 pilots, 10 battalions, 4 Hit counters held, 32 undo steps, built with protocol
requests from data/'s pilot names and aircraft types.
"""

import json
import os
import shutil
import tempfile

from engine.core import record, undolog
from host_tools.desk import consoles

RECORD_LIMIT = 1024
HEAP_LIMIT = 48 * 1024

# One pilot per aircraft and one more per type (docs/rules.md, "Choix des Pilotes").
PILOTS = ("pirate", "viper", "thor", "gumby", "hammer", "judge", "rock", "shadow", "dart",
          "mohawk", "divot", "genius")
AIRCRAFT = ("a-10a", "a-10c fuel", "ah-64a ecm", "ah-64d", "f-16", "av-8b", "a-10a", "ah-64a")
CREW = (1, 2, 5, 6, 9, 11, 3, 7)  # the pilot of each aircraft
BANDS = ("er", "et", "fl", "er", "et", "er", "et", "er", "fl", "er")
KINDS = "aasc" "aasc" "aa"  # the set-up draws Assault, Assault, Support, Command, again
HELD = 4
UNDO = 32


def setup_lines():
    """The requests that set the campaign up (before the mission)."""
    out = ["campaign start 10 60 3"]
    out += ["ac add " + a for a in AIRCRAFT]
    out += ["pilot add %s 4 8 2%s" % (p, " slow" if i == 1 else "") for i, p in enumerate(PILOTS)]
    out += ["bn add %d%s %d %s" % (i + 1, KINDS[i], 2 + i % 3, BANDS[i]) for i in range(10)]
    out += ["mix hit confirm", "mix popup confirm", "campaign ready"]  # (the set-up's cups)
    out += ["ac set %d pilot %d" % (a + 1, k) for a, k in enumerate(CREW)]
    out += ["mission start 1 2 3 4", "loiter start"]
    return out


def play_lines():
    """32 ordinary undoable requests of a mission and a day."""
    cycle = ["pilot stress %d +1", "so -1", "vp +1", "pilot xp %d +1"]
    return [cycle[i % 4] % (1 + i % 12) if "%d" in cycle[i % 4] else cycle[i % 4]
            for i in range(UNDO)]


def _session():
    from engine.core.session import Session
    from firmware.datafiles import reader

    session = Session(0)
    session.data = reader()
    return session


def _ask(session, line):
    from engine.core import protocol

    r = protocol.reply(session, line.encode())
    if r is None or not r.startswith('{"ok":true'):
        raise RuntimeError("the full-campaign script failed at %r: %s" % (line, r))
    return json.loads(r)


def build():
    """(session, requests) of the full campaign: the seed is the first giving exactly 4 held."""
    for seed in range(1, 200):
        session = _session()
        lines = ["seed %d" % seed] + setup_lines()
        for line in lines:
            _ask(session, line)
        for a in (1, 2, 3, 4, 1, 2, 3, 4):
            held = len(_ask(session, "cup show hit")["held"])
            if held >= HELD:
                break
            line = "ac attacked %d 2l 1h" % a
            _ask(session, line)
            lines.append(line)
        if len(_ask(session, "cup show hit")["held"]) != HELD:
            continue
        for line in play_lines():
            _ask(session, line)
            lines.append(line)
        while session.undo_steps > UNDO:  # the record keeps at least 32: measure with exactly 32
            undolog.drop_oldest(session)
        return session, lines
    raise RuntimeError("no seed below 200 leaves exactly %d counters held" % HELD)


def as_json(session):
    """The same state as compact JSON: fields, dice, undo steps."""
    steps = record.undo_steps(bytes(session.undo_log()), session.undo_steps)
    return json.dumps({"layout": 1, "fields": list(session.vals),
                       "dice": list(session.rng.get_state()),
                       "undo": [[line.decode(), [list(d) for d in diffs]]
                                for line, diffs in steps]},
                      separators=(",", ":")).encode()


def write_state(session, path):
    """The session's record as a console state file."""
    from engine.core.record import frame

    with open(path, "wb") as f:
        f.write(frame(session.payload(), 1))


_DRAW = """
import gc, micropython
from engine.core.session import Session
from firmware.storage import FileStore
from firmware.datafiles import reader
from engine.tal.cups import counters, data as cupdata, rules as cups
s = Session(1, FileStore(%(path)r))
s.data = reader()
d = cupdata.definition(s, cupdata.HIT_FILE)
units = bytearray([2, 1 | 128])
cups.check_hit(s, d, units, 2, 4)
t = counters.aircraft_type("ah-64d")
m = -1
err = "ALLOCATED"  # globals exist before the lock: storing to them then allocates nothing
gc.collect()
micropython.heap_lock()
try:
    m = cups.draw_hit(s, d, units, 2, True, 1, False, 4, t)
    err = "none"
except MemoryError:
    pass
micropython.heap_unlock()
print("DRAW", m, err)
"""

LOADED_LINES = ["state", "undo"]  # the core: the record, its undo log, the dice
RULES_LINES = ["so", "so +1", "day", "vp", "pilot show 1", "cup show hit", "ac attacked 4 2l 1h"]


def engine_heap(path, lines, port=None):
    """Smallest MicroPython heap in which the console of `port` (host_tools/desk/ports.py; default
    the 64-bit unix port), on this campaign, answers `lines` as CPython does."""
    from host_tools.benches.heaps import smallest_heap

    data = "".join(l + "\n" for l in lines).encode()
    tmp = tempfile.mkdtemp(prefix="tal-bench-")
    try:
        ref = os.path.join(tmp, "ref.bin")
        shutil.copy(path, ref)
        want = consoles.run("cpython", data, args=[ref]).stdout.decode().splitlines()

        def ok(heap):
            # a fresh folder each run: the store writes beside its file (path + ".1")
            st = os.path.join(tempfile.mkdtemp(dir=tmp), "s.bin")
            shutil.copy(path, st)
            if port is None:
                p = consoles.run("micropython", data, heap=heap, args=[st])
            else:
                p = port.console_process(data, heap=heap, args=[st])
            return p.returncode == 0 and p.stdout.decode().splitlines() == want

        return smallest_heap(ok)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _kb(n):
    return "%.1f KB" % (n / 1024.0) if n else "none fits"


def report(write):
    """Write the campaign section of the bench report."""
    from engine.core.record import FRAME_BYTES

    session, lines = build()
    payload = session.payload()
    rec = len(payload) + FRAME_BYTES
    js = as_json(session)
    write("  built with %d requests: %d aircraft, %d pilots, %d battalions, %d held, "
          "%d undo steps\n" % (len(lines), len(AIRCRAFT), len(PILOTS), 10, HELD,
                               session.undo_steps))
    write("  state record %d bytes (payload %d + frame %d)   same state as JSON %d bytes   "
          "(required <= %d: %s)\n" % (rec, len(payload), FRAME_BYTES, len(js), RECORD_LIMIT,
                                      "met" if rec <= RECORD_LIMIT else "NOT MET"))
    fd, path = tempfile.mkstemp(prefix="tal-campaign-", suffix=".state")
    os.close(fd)
    try:
        write_state(session, path)
        from host_tools.desk import ports

        builds = [ports.port(n) for n in ("unix32-mpy", "unix32-frozen", "unix64-mpy")]
        builds = [b.prepare() for b in builds if b.unavailable() is None]
        write("  smallest MicroPython heap for the engine with this campaign loaded (record read "
              "and\n  checked, then %s answered; required <= %d KB on a board):\n" % (
                  " and ".join(LOADED_LINES), HEAP_LIMIT // 1024))
        for b in builds:
            loaded = engine_heap(path, LOADED_LINES, b)
            met = "met" if loaded and loaded <= HEAP_LIMIT else "NOT MET"
            write("    %-28s %s%s\n" % (b.label, _kb(loaded),
                                        "" if b.name == "unix64-mpy" else "   (%s)" % met))
        b = builds[0]
        write("  each rules command on it also loads its modules' bytecode into the heap (%s; a\n"
              "  frozen build keeps bytecode and names in flash):\n"
              "    %s\n" % (b.label, "; ".join("%s %s" % (line, _kb(engine_heap(path, [line], b)))
                                              for line in RULES_LINES)))
        write("    all of them in one session: %s\n"
              % _kb(engine_heap(path, LOADED_LINES + RULES_LINES, b)))
        p = consoles.run_mpy(_DRAW % {"path": path}, heap="128K")
        out = p.stdout.decode().split()
        if "DRAW" in out:
            i = out.index("DRAW")
            write("  Hit draw (ECM, Evasive, 3 counters) under micropython.heap_lock(): %s "
                  "counters drawn, allocations: %s\n" % (out[i + 1], out[i + 2]))
        else:
            write("  Hit draw under heap_lock: could not run (%s)\n"
                  % p.stderr.decode().strip().splitlines()[-1:])
    finally:
        os.unlink(path)
