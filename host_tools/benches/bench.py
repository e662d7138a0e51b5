"""`make bench`: figures about RAM, code size and speed on MicroPython builds and CPython.

RAM first: the smallest heap of each build for each workload, against the budgets of
host_tools/benches/ram_budgets.py (host_tools/benches/ram_bench.py; the 32-bit builds need MICROPY_DIR), and where
the heap goes at the peak.  Speeds are measured in one run and compared as a ratio (machines are
noisy); the stated requirements (budgets, record <= 1 KB) are marked as met or not.
Usage: python -m host_tools.benches.bench   (or python -m host_tools bench)
"""

import os
import subprocess
import sys
import time

from host_tools.desk import consoles
from host_tools.benches.heaps import HEAP_HI, HEAP_LO, HEAP_STEP, kb, smallest_heap  # noqa: F401

ROOT = consoles.ROOT
ROLLS = 100000


# --- code size ---------------------------------------------------------------------------------
def mpy_sizes():
    """{package: [(module, bytes)...]} of the .mpy build."""
    consoles.ensure_mpy()
    out = {}
    for pkg in ("engine", "firmware", "hardware"):
        top = os.path.join(consoles.MPY_DIR, pkg)
        if not os.path.isdir(top):
            continue
        rows = []
        for dirpath, _dirs, files in os.walk(top):
            for name in files:
                if name.endswith(".mpy"):
                    p = os.path.join(dirpath, name)
                    rows.append((os.path.relpath(p, consoles.MPY_DIR), os.path.getsize(p)))
        out[pkg] = sorted(rows, key=lambda r: -r[1])
    return out


# --- speed -------------------------------------------------------------------------------------
_ROLL_MPY = """
import time
from engine.core.rng import Rng
d = Rng(1).die
n = %d
t = time.ticks_us()
for _ in range(n):
    d(10)
print(time.ticks_diff(time.ticks_us(), t))
"""

_ROLL_CPY = """
import sys, time
sys.path.insert(0, %r)
from engine.core.rng import Rng
d = Rng(1).die
n = %d
t = time.perf_counter()
for _ in range(n):
    d(10)
print(int((time.perf_counter() - t) * 1e6))
"""


def rolls_per_second(n=ROLLS):
    """(MicroPython rolls/s, CPython rolls/s) for n calls of Rng.die(10) each."""
    p = consoles.run_mpy(_ROLL_MPY % n, heap="64K")
    us_mpy = int(p.stdout.split()[-1])
    q = subprocess.run([sys.executable, "-c", _ROLL_CPY % (ROOT, n)], capture_output=True, text=True)
    us_cpy = int(q.stdout.split()[-1])
    return n * 1000000 // max(us_mpy, 1), n * 1000000 // max(us_cpy, 1)


# --- boot ---------------------------------------------------------------------------------------
_BOOT = """
import gc
gc.collect()
a = gc.mem_alloc()
import firmware.console
from engine.core.session import Session
s = Session(1)
gc.collect()
print(gc.mem_alloc() - a, gc.mem_alloc())
"""


def boot_heap():
    """(bytes the console's imports and a session take, total heap in use) under MicroPython."""
    p = consoles.run_mpy(_BOOT, heap="256K")
    words = p.stdout.split()
    return int(words[-2]), int(words[-1])


def first_reply_ms(kind, tries=5):
    """Median milliseconds from starting a console to its first reply line."""
    a, cwd, env = consoles.argv(kind, "64K")
    times = []
    for _ in range(tries):
        t = time.perf_counter()
        p = subprocess.Popen(a, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        p.stdin.write(b"seed\n")
        p.stdin.flush()
        p.stdout.readline()
        times.append((time.perf_counter() - t) * 1000)
        p.stdin.close()
        p.wait()
    times.sort()
    return times[len(times) // 2]


# --- the report ----------------------------------------------------------------------------------
def _campaign_section(write):
    try:
        from host_tools.benches import campaign_bench
    except ImportError:
        write("  (the TAL rules engine is not in this checkout yet: no campaign figures)\n")
        return
    campaign_bench.report(write)


def _app_section(write, quick):
    try:
        from host_tools.benches import app_bench
    except ImportError:
        write("  (no device app to measure yet)\n")
        return
    app_bench.report(write, quick)
    app_bench.panel_report(write)
    from host_tools.benches import key_sweep

    if quick:  # (the tests' run: one sweep; tests/test_key_sweep.py runs the short ones)
        key_sweep.report(write, 300, (1,), ("200K",))
    else:
        key_sweep.report(write)


def report(write=sys.stdout.write, quick=False):
    """Measure everything and write the report.  `quick` (the tests' run): every section, with
    rougher figures where the time goes (RAM to 8 steps, the flash wear trials' saves, the tour's
    layouts)."""
    consoles.ensure_mpy()
    write("TAL companion bench (MicroPython unix port %s, CPython %s)%s\n" % (
        consoles.run_mpy("import sys;print('%d.%d.%d' % sys.implementation.version[:3])")
        .stdout.decode().strip(),
        sys.version.split()[0], ", quick: rougher RAM, flash and tour figures" if quick else ""))
    write("\nRAM (host_tools/benches/ram_budgets.py has the budgets and what each figure runs):\n")
    from host_tools.benches import ram_bench

    got = ram_bench.report(write, quick)
    write("\nThe PyBadge's firmware image, the app frozen in (make firmware-pybadge):\n")
    from host_tools.building import pybadge_firmware

    pybadge_firmware.report(write, got.get(("unix32-frozen", "tour"), (None,))[0])
    write("\n.mpy bytes (mpy-cross):\n")
    for pkg, rows in mpy_sizes().items():
        write("  %-10s total %6d in %d modules\n" % (pkg + "/", sum(r[1] for r in rows), len(rows)))
        for name, size in rows:
            write("    %-34s %6d\n" % (name, size))
    write("\nDice speed (Rng.die(10), %d rolls each):\n" % ROLLS)
    mpy, cpy = rolls_per_second()
    write("  MicroPython %9d rolls/s\n  CPython     %9d rolls/s\n  ratio CPython/MicroPython %.1f\n"
          % (mpy, cpy, cpy / float(max(mpy, 1))))
    write("\nBoot:\n")
    took, total = boot_heap()
    write("  heap after importing the console and making a session: %s (%d bytes in use)\n"
          % (kb(took), total))
    write("  time to first reply: MicroPython %.0f ms, CPython %.0f ms (median of 5)\n" % (
        first_reply_ms("micropython"), first_reply_ms("cpython")))
    write("\nFull campaign:\n")
    _campaign_section(write)
    write("\nDevice app:\n")
    _app_section(write, quick)
    write("\nFlash (each board's write path, the real engine playing a campaign; "
          "docs/storage.md):\n")
    from host_tools.benches import flash_bench

    flash_bench.report(write, saves=600 if quick else 6000)
    __import__("host_tools.building.web", fromlist=["report"]).report(write)  # the web page's first load


def main():
    report()


if __name__ == "__main__":
    main()
