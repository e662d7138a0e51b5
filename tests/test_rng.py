"""The dice source: deterministic, the same on CPython and MicroPython, in range, small ints."""

import pytest

from conftest import run_mpy
from engine.core import rng as rng_mod
from engine.core.rng import Rng

VECTOR_SCRIPT = """
from engine.core.rng import Rng
for seed in (0, 1, 42, 123456789, 1073741823):
    r = Rng(seed)
    print(seed, [r.die(10) for _ in range(12)], [r.die(6) for _ in range(6)], r.below(16777216), r.get_state())
"""


def run_vectors_cpython():
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(VECTOR_SCRIPT, {})
    return out.getvalue()


def test_same_numbers_on_cpython_and_micropython():
    rc, out, err = run_mpy(VECTOR_SCRIPT, heap="32K")
    assert rc == 0, err
    assert out == run_vectors_cpython()


def test_known_sequence_is_drand48():
    """The generator is the 48-bit LCG of drand48/java.util.Random: check against big-int maths."""
    mask = (1 << 48) - 1
    for seed in (0, 42, (1 << 30) - 1):
        x = (seed ^ 0x5DEECE66D) & mask
        r = Rng(seed)
        for _ in range(50):
            x = (x * 0x5DEECE66D + 0xB) & mask
            assert r._next24() == x >> 24


def test_intermediates_stay_small():
    """Every sum in _next24 is below 2**30 (31-bit small ints on 32-bit boards): worst case."""
    worst = (rng_mod._A0 + rng_mod._A1 + rng_mod._A2) * 0xFFF + rng_mod._C + (1 << 15)
    assert worst < 1 << 27


@pytest.mark.parametrize("sides", list(range(2, 101)))
def test_every_die_covers_exactly_its_faces(sides):
    r = Rng(sides)
    seen = set(r.die(sides) for _ in range(sides * 60))
    assert seen == set(range(1, sides + 1))


def test_below_refuses_bad_ranges():
    r = Rng(1)
    for n in (0, -1, (1 << 24) + 1):
        with pytest.raises(ValueError):
            r.below(n)
    assert r.below(1) == 0


def test_seed_bounds_and_state_round_trip():
    with pytest.raises(ValueError):
        Rng(1 << 30)
    with pytest.raises(ValueError):
        Rng(-1)
    a = Rng(77)
    a.die(10)
    b = Rng(0)
    b.set_state(*a.get_state())
    assert [a.die(10) for _ in range(20)] == [b.die(10) for _ in range(20)]
    with pytest.raises(ValueError):
        b.set_state(1, 0x1000, 0, 0, 0)


def test_no_modulo_bias_reject_region():
    """below(n) rejects the top 2**24 mod n outputs: n=3 leaves an exact multiple."""
    assert ((1 << 24) - (1 << 24) % 3) % 3 == 0
