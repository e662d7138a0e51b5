"""`make bench`: the heap search and the report (figures are printed, never asserted on)."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT
from host_tools.benches import app_bench, bench, ram_bench
from host_tools.desk import ports


@pytest.mark.parametrize("need", [2048, 2049, 5000, 40000, 511 * 1024])
def test_smallest_heap_finds_the_threshold_to_a_step(need):
    calls = []

    def ok(h):
        calls.append(h)
        return h >= need

    got = bench.smallest_heap(ok)
    assert got >= need and got - need < bench.HEAP_STEP
    assert len(calls) < 20 + 8  # the search, then 8 steps below its answer


def test_smallest_heap_finds_a_fit_below_a_fragmentation_dip():
    """A size can fail where a smaller one passes (MicroPython's heap does not move objects)."""
    def ok(h):
        return h >= 32768 and not 33280 <= h < 33792

    assert bench.smallest_heap(ok) == 32768


def test_smallest_heap_says_none_when_nothing_fits():
    assert bench.smallest_heap(lambda h: False) is None


def test_the_console_heap_search_is_real():
    """The MicroPython console really fails below the heap found and passes at it."""
    session = ("seeded rolls", [b"seed 42", b"roll 3d10"],
               ['{"ok":true,"seed":42}', '{"ok":true,"dice":[4,1,8],"mod":0,"total":13}'])
    port = ports.port("unix64-mpy")

    def ok(heap):
        return ram_bench.all_pass(port, [session], heap)

    heap = bench.smallest_heap(ok)
    assert heap is not None and ok(heap) and not ok(heap - bench.HEAP_STEP)


def test_mpy_sizes_cover_the_engine():
    sizes = bench.mpy_sizes()
    names = [n for n, _ in sizes["engine"]]
    assert "engine/core/rng.mpy" in names and all(s > 0 for _, s in sizes["engine"])


def test_the_report_has_every_section():
    """Without MICROPY_DIR (the 32-bit builds' figures are tests/test_ram_budgets.py's), the
    report still has every section, and says why the 32-bit rows are missing.  `--quick`: the
    same sections, with rougher flash and tour figures (5 minutes of `make test` otherwise)."""
    env = dict(os.environ)
    env.pop("MICROPY_DIR", None)
    p = subprocess.run([sys.executable, "-m", "host_tools", "bench", "--quick"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr
    for title in ("RAM", "smallest heap, KB", "unix 64-bit, .mpy files", ".mpy bytes", "rolls/s",
                  "Boot:", "Full campaign:", "Device app:", "open one screen", "Flash",
                  "firmware image"):
        assert title in p.stdout
    assert "skipped: MICROPY_DIR is not set" in p.stdout


PILOT_SESSION = [b"seed 1", b"campaign start 10 30 3", b"pilot add viper 7 12 0", b"pilot show 1"]


def test_the_heap_profile_sees_modules_data_tables_and_the_session():
    """Where the heap goes (host_tools/benches/heap_profile.py, under MicroPython): the import hook and
    the data hook see the command's modules and the pilot names table, each with its bytes."""
    port = ports.port("unix64-mpy")
    events = ram_bench.profile(port, PILOT_SESSION)["heap"]
    peak = max(range(len(events)), key=lambda e: events[e])
    got = ram_bench.profile(port, PILOT_SESSION, peak)
    assert got["peak"] == events[peak] > 0
    assert got["modules"]["engine.core.protocol"][0] > 0
    assert got["modules"]["engine.tal.cmd_pilots"][0] > 0
    assert got["tables"]["data/tal/pilots.txt"] > 0
    assert got["objects"]["(the Session object)"] > 0


def test_the_first_failure_names_the_request_where_memory_runs_out():
    port = ports.port("unix64-mpy")
    want = port.run([PILOT_SESSION])[0]
    heap = bench.smallest_heap(lambda h: ram_bench.all_pass(port, [("pilots", PILOT_SESSION, want)],
                                                            h), step=1024, below=2)
    f = ram_bench.first_failure(port, PILOT_SESSION, heap, 1024)
    assert f is not None and 2 <= f["request"] <= 4
    assert f["line"] == PILOT_SESSION[f["request"] - 1].decode()
    assert "GC: total:" in f["gc"]


def test_the_tour_has_the_serial_console_answer_every_request():
    """The "tour" figure's workload runs whole (every screen, every console request replied to),
    and fails when the console's replies are short (a reply count it checks)."""
    work = ram_bench.Workloads()
    port = ports.port("unix64-mpy")
    assert ram_bench.passes(port, work, "tour", 1024 * 1024)
    short = work.tour_code().replace("n[0] += 1", "pass")
    p = port.run_code(short, heap=1024 * 1024)
    assert p.returncode != 0 and b"replies to" in p.stdout + p.stderr


def test_a_screen_counts_as_open_only_when_the_player_sees_it():
    """The per-screen figure's check (host_tools/benches/app_bench.py): opened through the menu in a
    roomy heap; not in one where the app starts but the screen runs out of memory."""
    port = ports.port("unix64-mpy")
    assert app_bench.screen_ok("mission", port)(1024 * 1024)
    assert not app_bench.screen_ok("mission", port)(160 * 1024)
    assert not app_bench.screen_ok("no-such-screen", port)(1024 * 1024)
