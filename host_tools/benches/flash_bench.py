"""Flash life and power cuts on each board's real write path (a section of `make bench`).

Runs host_tools/benches/flash_trials.py on the MicroPython unix port (its FatFs and littlefs are the
boards') over the models of host_tools/benches/flashsim.py, driving the real engine with a campaign's
requests: erases per saved action give the flash life at the play rate the requirement names, and
a power cut at every flash operation of a run of actions gives the worst outcome.

Endurance (minimum, from the datasheets):
- PyBadge CIRCUITPY: GigaDevice GD25Q16C (CircuitPython's pybadge board definition), 100,000
  program/erase cycles per sector;
- PyBadge microcontroller.nvm: SAMD51 flash (SAM D5x/E5x data sheet, NVM electrical
  specifications), 10,000 cycles;
- Pico: Winbond W25Q16JV (Raspberry Pi Pico datasheet), 100,000 cycles per sector.
"""

import os
import subprocess
import tempfile

from host_tools.desk import consoles

SAVES_PER_WEEK = 2880  # one state-changing action every 5 s, 4 hours a week
WEEKS_PER_YEAR = 52.18
BOARDS = (
    # board, what, endurance, flash
    ("pybadge", "PyBadge: journal on CIRCUITPY", 100000, "GD25Q16C"),
    ("pico", "Pico: two files on littlefs", 100000, "W25Q16JV"),
    ("pybadge-nvm", "PyBadge before: 2 slots in nvm", 10000, "SAMD51 NVM"),
)
SETUP = 48  # requests of the campaign lines that set it up; the rest are played in a loop
SIDE_BOARDS = (
    # board, what, laps of the entries' journal first, steps
    ("pybadge", "PyBadge: entries in tal-data.bin", 20, 11),
    ("pico", "Pico: entries as files on littlefs", 0, 11),
    ("pybadge-files", "PyBadge before: entries as files of CIRCUITPY", 0, 3),
)


def campaign_lines():
    """The full-campaign requests (host_tools/benches/campaign_bench.py): setup, then play."""
    from host_tools.benches import campaign_bench

    _session, lines = campaign_bench.build()
    return lines


def run(args, heap=None, timeout=900):
    """Run flash_trials.py with `args`; (result fields of its last line, FAIL lines, output).

    The heap holds the emulated flash (the cut trials copy it: 64 MB) and the engine.  The wear
    trials, thousands of requests, get 16 MB: the engine asks `gc.mem_free()` after each request
    (engine/core/unload.settle), which walks the whole heap's allocation table; at 64 MB a wear
    trial of 600 saves took 10.2 s, at 16 MB 2.8."""
    heap = heap or ("64M" if args[0] in ("cuts", "settings") else "16M")
    consoles.ensure_mpy()
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, MICROPYPATH=".:" + here)
    p = subprocess.run([consoles.micropython(), "-X", "heapsize=" + heap,
                        os.path.join(here, "flash_trials.py")] + [str(a) for a in args],
                       cwd=consoles.MPY_DIR, env=env, capture_output=True, timeout=timeout)
    out = p.stdout.decode()
    lines = out.splitlines()
    fails = [x for x in lines if x.startswith("FAIL")]
    if p.returncode != 0 or not lines:
        raise RuntimeError("flash trials %s failed: %s" % (" ".join(map(str, args)),
                                                           (out + p.stderr.decode())[-2000:]))
    words = lines[-1].split()
    return dict(zip(words[::2], [int(w) for w in words[1::2]])), fails, out


def years(result, endurance):
    """Years until the most-erased sector reaches `endurance` at SAVES_PER_WEEK."""
    per_save = result["max_sector"] / float(result["saves"])
    return endurance / (per_save * SAVES_PER_WEEK * WEEKS_PER_YEAR)


def lines_file(lines):
    fd, path = tempfile.mkstemp(prefix="tal-flash-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def report(write, saves=6000, cut_actions=30):
    path = lines_file(campaign_lines())
    try:
        write("  %d saved actions a week (one every 5 s, 4 h); erases counted per 4 KiB sector "
              "(nvm: its 8 KiB block)\n" % SAVES_PER_WEEK)
        write("  %-32s %8s %10s %12s %8s  %s\n" % ("", "record", "erases", "worst sector", "life",
                                            "power cut at each operation"))
        for board, what, endurance, chip in BOARDS:
            r, _f, _o = run(["wear", board, saves if board != "pybadge-nvm" else 500, path, SETUP])
            c, fails, _o = run(["cuts", board, 3, path, 40, cut_actions])
            outcome = ("%d cuts: old or new state every time" % c["trials"] if not fails else
                       "%d of %d cuts lose the campaign" % (c["failures"], c["trials"]))
            life = years(r, endurance)
            write("  %-32s %6d B %6.2f/save %7.4f/save %8s  %s\n" % (
                what, r["record_bytes"], r["erases"] / float(r["saves"]),
                r["max_sector"] / float(r["saves"]),
                "%.1f y" % life if life >= 1 else "%.0f wk" % (life * WEEKS_PER_YEAR), outcome))
        write("  (endurance: GD25Q16C and W25Q16JV 100,000 cycles, SAMD51 NVM 10,000 cycles)\n")
        write("  answers and a counter mix with the state, a power cut at each operation of 11 "
              "steps:\n")
        for board, what, laps, count in SIDE_BOARDS:
            r, fails, _o = run(["sides", board, 0, count, "even", laps])
            write("    %-44s %5d cuts: %d ghost answers, %d half mixes, %d other failures\n" % (
                what, r["trials"], r["ghosts"], r["halves"],
                r["failures"] - r["ghosts"] - r["halves"]))
    finally:
        os.remove(path)


if __name__ == "__main__":
    import sys

    report(sys.stdout.write)
