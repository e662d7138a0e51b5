"""Fairness measured on MicroPython: 1,000,000 d10 and d6 rolls, singles and successive pairs.

Chi-square critical values at 0.1 %: 9 df 27.88, 99 df 148.23, 5 df 20.52, 35 df 66.62.
"""

import pytest

from conftest import CORE_HEAP, run_mpy

SCRIPT = """
from engine.core.rng import Rng
from engine.core import dice
import sys
sides = int(sys.argv[1])
r = Rng(int(sys.argv[2]))
n = 1000000
single = [0] * sides
pairs = [0] * (sides * sides)
prev = r.below(sides)
for _ in range(n):
    d = r.below(sides)
    single[d] += 1
    pairs[prev * sides + d] += 1
    prev = d
print(dice.chi_square_x100(single, sides, n), dice.chi_square_x100(pairs, sides * sides, n))
"""


@pytest.mark.parametrize("sides,single_limit,pair_limit", [(10, 2788, 14823), (6, 2052, 6662)])
def test_million_rolls_pass_chi_square_on_micropython(sides, single_limit, pair_limit):
    rc, out, err = run_mpy(SCRIPT, heap="64K", args=[str(sides), "20261129"])
    assert rc == 0, err
    single, pair = map(int, out.split())
    assert single < single_limit, out
    assert pair < pair_limit, out


def test_chi_square_catches_a_biased_die():
    """The same statistic flags the NeoTrellis bug (a d6 rolled as randint(1, 7) folded)."""
    from engine.core import dice

    counts = [2] + [1] * 5  # face 1 twice as likely
    counts = [c * 100000 for c in counts]
    assert dice.chi_square_x100(counts, 6, sum(counts)) > 2052


def test_tally_command_on_micropython_console():
    """`tally d10 1000000` through the MicroPython console passes chi-square (9 df < 27.9)."""
    import json

    from conftest import run_console
    from engine.core import dice

    out = run_console("micropython", ["seed 99", "tally d10 1000000", "tally d6 1000000"],
                      heap=CORE_HEAP).decode().splitlines()
    for line, sides, limit in ((out[1], 10, 2788), (out[2], 6, 2052)):
        counts = json.loads(line)["counts"]
        assert sum(counts) == 1000000
        assert dice.chi_square_x100(counts, sides, 1000000) < limit
