"""The engine on the real MicroPython unix port: compiled with mpy-cross, allocation-free rolls,
and the core transcripts within CORE_HEAP on this 64-bit unix port (tests/conftest.py says what its
hungriest block needs; the budgets that count are the 32-bit ones, tests/test_ram_budgets.py)."""

import os
import pytest

from conftest import CORE_HEAP, ROOT, run_console, run_heap_locked, run_mpy
from host_tools.building import build_mpy
from transcripts import blocks


def test_every_device_module_compiles(tmp_path):
    stale = tmp_path / "engine" / "tal" / "gone.mpy"  # a module since removed from the sources
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"M")
    built = build_mpy.build(str(tmp_path))
    assert len(built) == len(build_mpy.sources()) and not stale.exists()
    for path in built:
        with open(path, "rb") as f:
            mpy = f.read()
        assert mpy[:1] == b"M"  # .mpy magic
        # called by the path a board's import gives it, which importing interns anyway
        rel = os.path.relpath(path, str(tmp_path)).replace(os.sep, "/")
        assert build_mpy.source_name(mpy) == rel


HEAP_LOCK = """
from engine.core.rng import Rng
from engine.core import dice
r = Rng(1)
buf = bytearray(dice.MAX_BATCH)
counts = [0] * 10
r.die(10); dice.roll_into(r, buf, 50, 10); dice.tally(r, 10, 10, counts); r.below(7)


def hot():
    for _ in range(1000):
        r.die(10)
        r.die(6)
        r.below(16777216)
    dice.roll_into(r, buf, 50, 10)
    dice.tally(r, 10, 1000, counts)
    return dice.pick(r, 7)
"""


def test_rolls_allocate_nothing():
    assert 1 <= int(run_heap_locked(HEAP_LOCK)) <= 7


def test_heap_lock_does_catch_an_allocation():
    rc, out, err = run_mpy("import micropython\nmicropython.heap_lock()\nx = [1, 2, 3]\n")
    assert rc != 0 and "heap is locked" in out + err
    with pytest.raises(AssertionError, match="heap is locked"):
        run_heap_locked("def hot():\n    return [1, 2, 3]\n")


@pytest.mark.parametrize("name,steps", blocks(os.path.join(ROOT, "docs", "PROTOCOL.md")))
def test_core_transcripts_run_in_the_core_heap(name, steps):
    out = run_console("micropython", [s[0] for s in steps], heap=CORE_HEAP).decode().splitlines()
    assert out == [r for s in steps for r in s[1]], name


def test_engine_sources_avoid_cpython_only_modules():
    banned = ("import dataclasses", "from dataclasses", "import enum", "from enum", "import abc",
              "from abc", "from typing", "import typing", "import random")
    for rel in build_mpy.sources():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        for b in banned:
            if rel.startswith("firmware/") and b in ("from typing", "import typing", "import random"):
                continue  # guarded typing imports and the entropy fallback live in firmware
            assert b not in text, "%s uses %s" % (rel, b)
