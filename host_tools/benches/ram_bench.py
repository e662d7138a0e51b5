"""RAM figures of every build (a section of `make bench`): the smallest heap for each workload of
host_tools/benches/ram_budgets.py, checked against its budget, and where the heap goes at the peak.

The smallest heap is found by bisection (heaps.smallest_heap): a heap passes when every reply is
the expected one (a transcript's documented replies; for the one-session run, CPython's).  A
figure over many transcripts is the largest of their own smallest heaps, each on a fresh console
(one qemu boot each, 0.15 s): transcripts are tried hungriest first (the order found on the
previous build), and one that passes in the largest heap so far needs no bisection.

Where the heap goes: host_tools/benches/heap_profile.py runs the same requests on the 32-bit unix port,
frozen and .mpy, measuring each import and each data-file parse (gc.mem_alloc() around it), and
reports what is loaded at the moment (an import, a parse, a request's end) the heap in use is
highest; then, just under the smallest heap, the request where memory first runs out, the failed
allocation and mem_info's largest free run (the heap does not move objects: fragmentation counts).
"""

import os
import subprocess
import sys

from host_tools.benches import app_bench, heaps, ram_budgets
from host_tools.desk import consoles, ports

ROOT = consoles.ROOT
KB = 1024
QEMU_HI = 240 * KB  # below the firmware's heap (micropython_builds.QEMU_HEAP)
ORDER = ("unix32-frozen", "qemu-frozen", "unix32-mpy", "qemu-romfs", "unix64-mpy")
STEP = {"dice": 256, "rules": 256, "session": 1024, "tour": 1024, "screen": 1024}  # resolution, bytes
BELOW = 4  # steps tried under the bisection's answer (heaps.smallest_heap: fragmentation)
TOUR_SIZE = (240, 135, False)  # screens drawn to the canvas only: the PyBadge's frame is
# displayio's, outside the heap (the Pico's framebuf backend: app_bench's own section)


def _transcripts():
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from transcripts import blocks, doc_files

    files = doc_files()
    return blocks(files[0]), [b for f in files[1:] for b in blocks(f)]


class Workloads:
    """The request lines and expected replies of each figure."""

    def __init__(self):
        dice, rules = _transcripts()
        self.blocks = {"dice": dice, "rules": rules}
        self.session = ["seed 1"] + [s[0] for b in rules for s in b[1]]
        self._session_want = None
        self.dice_requests = [s[0].encode() for b in dice for s in b[1]]

    def sessions(self, figure):
        """[(name, [request bytes], [expected reply lines])]."""
        if figure == "session":
            return [("every rules request, one console", [l.encode() for l in self.session],
                     self.session_want())]
        return [(b[0], [s[0].encode() for s in b[1]], [r for s in b[1] for r in s[1]])
                for b in self.blocks[figure]]

    def session_want(self):
        if self._session_want is None:
            data = "".join(l + "\n" for l in self.session).encode()
            p = consoles.run("cpython", data, timeout=900)
            self._session_want = p.stdout.decode("utf-8", "replace").splitlines()
        return self._session_want

    def tour_code(self, size=TOUR_SIZE):
        return app_bench.tour_code(*size, requests=self.dice_requests, serve=True)

    def tour_input(self):
        """The tour's console lines (stdin): every rules request, after a `reset` of the session
        the screens played in (its reply is the fresh console's `seed`'s)."""
        return "".join(l + "\n" for l in ["reset 1"] + self.session[1:]).encode()

    def tour_passes(self, port, heap, size=TOUR_SIZE):
        """Whether the tour completes in `heap` bytes, every console request answered right."""
        p = port.run_code(self.tour_code(size), heap=heap, data=self.tour_input())
        return (p.returncode == 0 and b"\nOK " in p.stdout
                and app_bench.served(p.stdout) == self.session_want())


def _hi(port):
    return QEMU_HI if port.kind == "qemu" else heaps.HEAP_HI


# The "screen" figure's screens and sizes: the PyBadge's and the Pico-LCD-1.14's.
SCREEN_SIZES = ((160, 128), (240, 135))


def screen_cases():
    """[(name, (screen, width, height))]: each of app_bench.SCREENS opened from a fresh start, at
    each size."""
    return [("%s %dx%d" % (screen, w, h), (screen, w, h))
            for w, h in SCREEN_SIZES for screen in app_bench.SCREENS]


# A tour on qemu takes one to two minutes a size (every rules request emulated): there it runs
# at the PyBadge's size, the 32-bit unix port (the same object sizes) at both.
TOUR_SIZES = {"qemu": ((160, 128),)}


def passes(port, work, figure, heap, order=None):
    """Whether every session of `figure` runs right in `heap` bytes (see all_pass)."""
    if figure == "tour":
        return all(work.tour_passes(port, heap, size + (False,))
                   for size in TOUR_SIZES.get(port.kind, SCREEN_SIZES))
    if figure == "screen":
        return all(app_bench.screen_ok(s, port, w, h)(heap) for _, (s, w, h) in screen_cases())
    return all_pass(port, work.sessions(figure), heap, order)


def all_pass(port, sessions, heap, order=None):
    """Whether each (name, request lines, expected replies) of `sessions` gets exactly its
    replies on a fresh console with `heap` bytes; `order` (indices, hungriest first) is updated:
    a failing session moves to its front."""
    order = order if order is not None else list(range(len(sessions)))
    for k, i in enumerate(list(order)):
        name, lines, want = sessions[i]
        if port.run_each([lines], heap=heap)[0] != want:
            order.insert(0, order.pop(k))
            return False
    return True


def smallest(port, work, figure, order=None, coarse=1):
    """(smallest heap in bytes or None, name of the hungriest session): the largest of the
    sessions' own smallest heaps.  `order` (indices, hungriest first: a previous build's) is
    updated; a session that passes in the largest heap so far costs one run.  `coarse`: steps
    that many times STEP, one tried below (a rougher figure in about half the runs)."""
    step, below = STEP[figure] * coarse, BELOW if coarse == 1 else 1
    if figure == "tour":
        return heaps.smallest_heap(lambda h: passes(port, work, figure, h), hi=_hi(port),
                                   step=step, below=below), ""
    if figure == "screen":  # the hungriest screen's
        best = None
        for name, (s, w, h) in screen_cases():
            need = heaps.smallest_heap(app_bench.screen_ok(s, port, w, h), lo=best or heaps.HEAP_LO,
                                       hi=_hi(port), step=step, below=below)
            if need is None:
                return None, name
            if best is None or need > best:
                best, worst = need, name
        return best, worst
    sessions = work.sessions(figure)
    if order is None:
        order = []
    if not order:
        order.extend(range(len(sessions)))
    best, worst = None, order[0]
    for i in order:
        if best is not None and passes(port, work, figure, best, [i]):
            continue
        need = heaps.smallest_heap(lambda h: passes(port, work, figure, h, [i]),
                                   lo=best or heaps.HEAP_LO, hi=_hi(port), step=step,
                                   below=below)
        if need is None:
            return None, sessions[i][0]
        if best is None or need > best:
            best, worst = need, i
    order.remove(worst)
    order.insert(0, worst)
    return best, sessions[worst][0]


def measure(names=ORDER, figures=ram_budgets.FIGURES, coarse=1):
    """{(port, figure): (bytes or None, hungriest session)}, {port: why it is unavailable}."""
    work = Workloads()
    got, skipped, orders = {}, {}, {}
    for name in names:
        port = ports.port(name)
        why = port.unavailable()
        if why:
            skipped[name] = why
            continue
        port.prepare()
        for figure in figures:
            if figure == "screen" and port.kind == "qemu":
                continue  # (a bisection per screen, each boot emulated: the unix port's do)
            if figure == "tour" and port.kind == "qemu":
                # a bisection would take a quarter of an hour: checked at its budget
                kb = ram_budgets.BUDGETS.get((name, figure))
                if kb:
                    got[(name, figure)] = (kb * KB if passes(port, work, figure, kb * KB)
                                           else None, AT_BUDGET)
                continue
            # the order found on one build (hungriest first) starts the next build's search
            got[(name, figure)] = smallest(port, work, figure, orders.setdefault(figure, []),
                                            coarse)
    return got, skipped, work


AT_BUDGET = "(checked at its budget)"


def _kb(n):
    return "%.1f" % (n / float(KB)) if n else "-"


def table(got, skipped, write, names=ORDER):
    """The figures, one row per build, KB; budgets beside them."""
    write("  smallest heap, KB (budget in brackets, * = over budget):\n")
    write("    %-34s" % "build" + " %14s" * len(ram_budgets.FIGURES) % ram_budgets.FIGURES + "\n")
    for name in names:
        port = ports.port(name)
        if name in skipped:
            write("    %-34s skipped: %s\n" % (port.label, skipped[name]))
            continue
        cells = []
        for figure in ram_budgets.FIGURES:
            heap = got.get((name, figure), (None, ""))[0]
            budget = ram_budgets.BUDGETS.get((name, figure))
            cell = _kb(heap) if (name, figure) in got else "n/a"
            if budget:
                over = heap is None or heap > budget * KB
                if got.get((name, figure), (0, ""))[1] == AT_BUDGET:
                    cell = "within" if heap else "over"  # (no smallest heap: see measure)
                cell = "%s%s [%d]" % ("*" if over else "", cell, budget)
            cells.append(cell)
        write("    %-34s" % port.label + " %14s" * len(cells) % tuple(cells) + "\n")
    if ("unix32-mpy", "screen") in got:
        need = got[("unix32-mpy", "screen")][0]
        opens = need is not None and need <= ram_budgets.PYBADGE_HEAP * KB
        write("    a PyBadge leaves the app %d KB: %s (the hungriest screen from a fresh start: "
              "%s)\n" % (ram_budgets.PYBADGE_HEAP, "every screen opens" if opens
                         else "*some screen does not open", _kb(need)))
    write("    hungriest transcript (dice, rules) and screen:\n")
    for name in names:
        if (name, "rules") in got:
            write("      %-32s %s, %s%s\n" % (ports.port(name).label, got[(name, "dice")][1],
                                         got[(name, "rules")][1],
                                         ", " + got[(name, "screen")][1]
                                         if (name, "screen") in got else ""))


# --- where the heap goes --------------------------------------------------------------------------
def _probe_dir(port):
    """A folder holding heap_profile.mpy, compiled for `port` (from .mpy: no compiler garbage in
    a small heap, and its bytecode is in the baseline)."""
    from host_tools.building import build_mpy, micropython_builds

    if port.kind == "unix64":
        out, cross = os.path.join(ROOT, "build", "mpy-probe"), build_mpy.mpy_cross()
    else:
        out, cross = os.path.join(micropython_builds.OUT, "probe"), micropython_builds.mpy_cross()
    src = os.path.join(ROOT, "host_tools", "benches", "heap_profile.py")
    dst = os.path.join(out, "heap_profile.mpy")
    if not os.path.exists(dst) or os.path.getmtime(dst) < max(os.path.getmtime(src),
                                                                os.path.getmtime(cross)):
        os.makedirs(out, exist_ok=True)
        build_mpy.compile_to(cross, "heap_profile.py", src, dst)
    return out


def profile(port, lines, stop=-1, tour=None):
    """Run heap_profile on a unix port; its "@" lines, parsed.  With `tour` (a Workloads), the
    app's tour measured, `lines` its console's."""
    code = "import heap_profile\nheap_profile.profile(%d)\n" % stop
    if tour is not None:
        code = app_bench.tour_code(*TOUR_SIZE, requests=tour.dice_requests, serve=True,
                                   profile=stop)
    argv, cwd, env = port._unix(1024 * KB, ["-c", code])
    env["MICROPYPATH"] += ":" + _probe_dir(port)
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"".join(l + b"\n" for l in lines),
                       capture_output=True, timeout=600)
    out = {"modules": {}, "tables": {}, "objects": {}, "mem_info": [], "heap": [], "open": []}
    info = False
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        words = line.split()
        if line.startswith("@end"):
            info = False
        elif info:
            out["mem_info"].append(line.strip())
        elif line.startswith("@peak"):
            out["peak"] = int(words[1])
            out["event"] = " ".join(words[2:])
        elif line.startswith("@request"):
            out["request"] = int(words[1])
        elif line.startswith("@open"):
            out["open"].append(words[1])
        elif line.startswith("@heap"):
            out["heap"] = [int(x) for x in words[1:]]
        elif line.startswith("@module"):
            out["modules"][words[1]] = (int(words[2]), int(words[3]))
        elif line.startswith("@table"):
            out["tables"][words[1]] = int(words[2])
        elif line.startswith("@object"):
            out["objects"][" ".join(words[1:-1])] = int(words[-1])
        elif line.startswith("@mem_info"):
            info = True
        elif line.startswith("qstr pool:"):
            out["names"] = dict(w.split("=") for w in line[len("qstr pool:"):].split(", "))
    if not out["heap"] or (stop >= 0 and "peak" not in out):
        raise RuntimeError("heap_profile failed on %s: %s" % (port, p.stderr.decode()[-500:]))
    return out


def _probe(port, code, lines, heap):
    argv, cwd, env = port._unix(heap, ["-c", code])
    env["MICROPYPATH"] += ":" + _probe_dir(port)
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"".join(l + b"\n" for l in lines),
                       capture_output=True, timeout=600)
    return p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def _frames(tb):
    frames = [l.strip() for l in tb.splitlines() if l.strip().startswith("File")
              and "heap_profile" not in l and "<stdin>" not in l]
    return [f.replace("File ", "").replace('"', "") for f in frames[-3:]]


def first_failure(port, lines, heap, step):
    """Where memory first runs out just under the smallest heap `heap`: {"request", "line",
    "error", "where", "gc", "largest"}, or None.  heap_profile's own code takes some heap: it is
    added back."""
    cost = _profile_cost(port)
    for k in range(1, 17):  # (the heap's layout moves the edge by a few KB)
        out, err = _probe(port, "import heap_profile\nheap_profile.first_failure()\n", lines,
                          heap + cost - k * step)
        if "@fail" not in out:
            tb = out + err
            if "MemoryError" in tb:  # before the first request: the console's start-up
                return {"request": 0, "line": "(start-up)", "reply": "", "where": _frames(tb),
                        "error": tb.strip().splitlines()[-1]}
            continue
        got = {"where": [], "error": ""}
        tb = out[out.find("@traceback"):out.find("@fail")] if "@traceback" in out else ""
        if _frames(tb):
            got["where"] = _frames(tb)
            got["error"] = tb.strip().splitlines()[-1]
        fail = out[out.find("@fail"):].splitlines()
        words = fail[0].split("`")
        got["request"] = int(words[0].split()[1])
        got["line"] = words[1]
        got["reply"] = words[2].strip()
        for l in fail:
            if l.startswith("GC:"):
                got["gc"] = l.strip()
            if "max free sz:" in l:
                got["largest"] = int(l.split("max free sz:")[1].split()[0])
        return got
    return None


_COST = {}


def _profile_cost(port):
    """Heap the profiler module takes once imported."""
    if port.name not in _COST:
        code = ("import gc\ngc.collect()\na = gc.mem_alloc()\nimport heap_profile\n"
                "gc.collect()\nprint(gc.mem_alloc() - a)\n")
        argv, cwd, env = port._unix(1024 * KB, ["-c", code])
        env["MICROPYPATH"] += ":" + _probe_dir(port)
        p = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, timeout=60)
        _COST[port.name] = int(p.stdout.split()[-1])
    return _COST[port.name]


def start_heap(port):
    """Heap in use when the interpreter starts (before any module of ours)."""
    p = port.run_code("import gc\ngc.collect()\nprint(gc.mem_alloc())")
    return int(p.stdout.split()[-1])


def breakdown(lines, names=("unix32-frozen", "unix32-mpy"), tour=None):
    """{port: heap_profile at the event where the heap in use is highest on that port}."""
    out = {}
    for name in names:
        port = ports.port(name)
        events = profile(port, lines, tour=tour)["heap"]
        peak = max(range(len(events)), key=lambda e: events[e])
        out[name] = profile(port, lines, peak, tour)
        out[name]["start"] = start_heap(port)
    return out


def write_breakdown(write, title, lines, heaps, names=("unix32-frozen", "unix32-mpy"), top=16,
                    step=256, tour=None):
    """A column per build: what is loaded at its peak (bytes each keeps), then the rest."""
    got = breakdown(lines, names, tour)
    cols = [got[n] for n in names]
    write("\n  %s, %d requests: bytes in use at the peak\n" % (title, len(lines)))
    for n, c in zip(names, cols):
        write("    %s: peak at request %d, %s%s\n" % (
            n, c["request"], c["event"],
            " (inside: %s)" % " > ".join(c["open"]) if c["open"] else ""))
    write("    (each import's own bytes: nested imports are their own rows; from .mpy, the import "
          "that\n    starts a new pool of interned names is charged for the whole pool)\n")
    if tour is not None:
        write("    (in a roomy heap, 1 MB: the console and the app drop modules only when the heap "
              "is tight,\n    so these are the modules the tour loads, more than a board holds "
              "at once; the profiler's\n    own hooks do not fit a heap near the smallest)\n")
    write("    %-44s" % "" + "".join("%14s" % n for n in names) + "\n")

    def row(label, vals):
        write("    %-44s" % label + "".join("%14s" % v for v in vals) + "\n")

    def total(c, kind):
        return sum(v[0] if isinstance(v, tuple) else v for v in c[kind].values())

    row("interpreter at start", [c["start"] for c in cols])
    mods = sorted({m for c in cols for m in c["modules"]},
                  key=lambda m: -max(c["modules"].get(m, (0, 0))[0] for c in cols))
    row("modules loaded: globals, objects (+ code: .mpy)", [total(c, "modules") for c in cols])
    for m in mods[:top]:
        row("  %s (%d names)" % (m, max(c["modules"].get(m, (0, 0))[1] for c in cols)),
            [c["modules"].get(m, ("-", 0))[0] for c in cols])
    if len(mods) > top:
        row("  %d more modules" % (len(mods) - top),
            [sum(c["modules"].get(m, (0, 0))[0] for m in mods[top:]) for c in cols])
    tabs = sorted({t for c in cols for t in c["tables"]},
                  key=lambda t: -max(c["tables"].get(t, 0) for c in cols))
    row("data tables parsed", [total(c, "tables") for c in cols])
    for t in tabs:
        row("  " + t, [c["tables"].get(t, "-") for c in cols])
    for o in sorted({o for c in cols for o in c["objects"]}):
        row(o, [c["objects"].get(o, "-") for c in cols])
    known = [c["start"] + total(c, "modules") + total(c, "tables") + total(c, "objects")
             for c in cols]
    used = [c["start"] + c["peak"] for c in cols]
    row("other: session state, work in progress", [u - k for u, k in zip(used, known)])
    if any(u < k for u, k in zip(used, known)):
        write("    (other < 0: something measured above has been freed since)\n")
    row("= in use at the peak", used)
    row("  of which interned names (%s at most)" % max(
        int(c["names"]["n_qstr"]) if "names" in c else 0 for c in cols),
        [c["names"]["n_total_bytes"] if "names" in c else "-" for c in cols])
    if heaps:
        row("smallest heap (the table above)", [heaps.get(n) or "-" for n in names])
        row("  - in use at the peak: garbage, fragmentation",
            [heaps[n] - u if heaps.get(n) else "-" for n, u in zip(names, used)])
    for n in names:
        if not heaps.get(n) or tour is not None:  # (first_failure replays a console)
            continue
        f = first_failure(ports.port(n), lines, heaps[n], step)
        if f is None:
            write("    %s: no failure found just under %d bytes\n" % (n, heaps[n]))
            continue
        write("    %s runs out first just under its smallest heap at request %d `%s`:\n"
              "      %s%s\n" % (n, f["request"], f["line"], f["error"] or f["reply"],
                           " at " + " < ".join(reversed(f["where"])) if f["where"] else ""))
        if "gc" in f:
            write("      heap then: %s; largest free run %d blocks of %d bytes\n" % (
                f["gc"], f.get("largest", 0), 32 if n == "unix64-mpy" else 16))


def report(write, quick=False):
    """Write the section: the table, then the heap at the peak of the hungriest rules transcript
    and of the one-session run (32-bit builds; the 64-bit one without MICROPY_DIR).  `quick`:
    figures to 8 steps (STEP), not one.  Returns the figures ({(build, figure): (bytes,
    ...)})."""
    coarse = 8 if quick else 1
    got, skipped, work = measure(coarse=coarse)
    table(got, skipped, write)
    names = ("unix32-frozen", "unix32-mpy")
    if any(n in skipped for n in names):
        names = ("unix64-mpy",)
    board = names[-1]
    worst = got.get((board, "rules"), (None, ""))[1]
    for title, figure in (("hungriest rules transcript (%s)" % worst, "rules"),
                          ("every rules request in one session", "session")):
        sessions = work.sessions(figure)
        lines = [s for s in sessions if s[0] == worst][0][1] if figure == "rules" else \
            sessions[0][1]
        found = {n: got.get((n, figure), (None,))[0] for n in names}
        write_breakdown(write, title, lines, found, names, step=STEP[figure] * coarse)
    if (board, "tour") in got:
        found = {n: got.get((n, "tour"), (None,))[0] for n in names}
        write_breakdown(write, "the tour of every screen, then every rules request (%dx%d)"
                        % TOUR_SIZE[:2], work.tour_input().splitlines(), found,
                        names[-1:] if quick else names, top=24, tour=work)
    return got
