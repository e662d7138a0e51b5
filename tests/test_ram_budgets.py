"""The RAM budgets of host_tools/benches/ram_budgets.py, each workload run in a heap of exactly its budget
on its 32-bit build (host_tools/benches/ram_bench.py: every reply must be the expected one).

A budget not met today is marked xfail(strict) with the figure `make bench` measured: the day a
RAM cut meets it, its test turns red and the mark must go.  Skipped without MICROPY_DIR.
"""

import pytest

from host_tools.benches import ram_bench
from host_tools.building import micropython_builds
from host_tools.desk import ports
from host_tools.benches import app_bench
from host_tools.benches.ram_budgets import BUDGETS, PICO_MPY_TOUR, PYBADGE_HEAP

# (build, figure): what `make bench` measured, while over budget.
UNMET = {
    ("unix32-mpy", "tour"): "measured 173 KB at 160x128, 174 at 240x135",
    ("unix32-mpy", "screen"): "measured 82 (home) to 129.5 KB (Campaign)",
}
CASES = [pytest.param(name, figure, kb, id="%s-%s-%dK" % (name, figure, kb),
                      marks=[pytest.mark.xfail(strict=True, reason=UNMET[(name, figure)])]
                      if (name, figure) in UNMET else [])
         for (name, figure), kb in sorted(BUDGETS.items())]
_work = []


def work():
    if not _work:
        _work.append(ram_bench.Workloads())
    return _work[0]


@pytest.mark.parametrize("name,figure,kb", CASES)
def test_budget(name, figure, kb):
    port = ports.port(name)
    why = port.unavailable()
    if why:
        pytest.skip("%s: %s" % (name, why))
    try:
        port.prepare()
    except micropython_builds.BuildError as e:
        pytest.fail("%s does not build: %s" % (name, e))
    order = [] if figure in ("tour", "screen") else list(range(len(work().sessions(figure))))
    if not ram_bench.passes(port, work(), figure, kb * 1024, order or None):
        why = ""
        if order:  # the session that failed went first: its first wrong reply (or a timeout)
            name_, lines, want = work().sessions(figure)[order[0]]
            got = port.run_each([lines], heap=kb * 1024)[0]
            wrong = [g for g, w in zip(got + ["<no more replies>"] * len(want), want)
                     if g != w and g.strip()]
            why = " (%s: %r)" % (name_, (wrong or got or ["?"])[0][:200])
        pytest.fail("%s %s needs more than its %d KB%s" % (name, figure, kb, why))


def test_every_budget_names_a_build_and_a_figure():
    for (name, figure), kb in BUDGETS.items():
        assert name in ports.BY_NAME and figure in ram_bench.ram_budgets.FIGURES and kb > 0
    assert set(UNMET) <= set(BUDGETS)


def test_pico_tour_from_mpy():
    """A Pico on the official firmware loads the app's .mpy from its filesystem: the tour (every
    screen at the Pico-LCD's 240x135, every rules request) within PICO_MPY_TOUR KB on the same
    build as the PyBadge's."""
    port = ports.port("unix32-mpy")
    why = port.unavailable()
    if why:
        pytest.skip("unix32-mpy: %s" % why)
    port.prepare()
    assert work().tour_passes(port, PICO_MPY_TOUR * 1024, (240, 135, False)), \
        "the tour from .mpy needs more than the Pico's %d KB" % PICO_MPY_TOUR


def test_pybadge_opens_every_screen():
    """Each screen of the "screen" figure (the home screen and the hungriest ones) opens from a
    fresh start within the heap a PyBadge leaves the app, at both sizes."""
    port = ports.port("unix32-mpy")
    why = port.unavailable()
    if why:
        pytest.skip("unix32-mpy: %s" % why)
    port.prepare()
    failed = [name for name, (screen, w, h) in ram_bench.screen_cases()
              if not app_bench.screen_ok(screen, port, w, h)(PYBADGE_HEAP * 1024)]
    assert not failed, "do not open in a PyBadge's %d KB: %s" % (PYBADGE_HEAP, ", ".join(failed))


MEMORY_SAID = ("Out of memory: nothing changed. ", "Saved: ", "Saved, but out of memory to show it. ")
WAY_OUT = ("Restart to free memory: the campaign is kept.", " to free memory.")


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["160x128", "240x135"])
def test_a_long_session_on_a_pybadge_heap_never_stops(size):
    """The tour (every screen of every game, then the console answering every rules request)
    in the heap a PyBadge leaves the app, keys and frames through the device loop's fault
    handling: where memory runs out the tour goes on, each message says so in one of its two
    forms with the way out (B leaves the screen; on the home screen, a restart), and every
    request gets exactly one reply line."""
    port = ports.port("unix32-mpy")
    why = port.unavailable()
    if why:
        pytest.skip("unix32-mpy: %s" % why)
    port.prepare()
    w = work()
    code = app_bench.tour_code(*size, framebuffer=False, requests=w.dice_requests, serve=True,
                               as_a_device=True)
    p = port.run_code(code, heap=PYBADGE_HEAP * 1024, data=w.tour_input())
    out = p.stdout.decode("utf-8", "replace")
    assert p.returncode == 0 and "\nOK " in out, (out[-800:], p.stderr.decode()[-800:])
    from firmware.app import OUT_OF_MEMORY

    said = [l.split(" | ", 1)[1] for l in out.splitlines() if l.startswith("MEMORY ")]
    for text in said:
        if text in (OUT_OF_MEMORY[0][0], OUT_OF_MEMORY[1][0]):  # no memory for more words
            continue
        assert text.startswith(MEMORY_SAID) and text.endswith(WAY_OUT), text
        assert ("B leaves" in text) != ("Restart" in text), text
    replies = app_bench.served(p.stdout)
    assert replies is not None and len(replies) == len(w.session_want())
    import json

    for line in replies:
        assert json.loads(line)["ok"] in (True, False), line
