"""Every transcript in docs/ replays byte for byte on both consoles (each block a fresh session).

The MicroPython console runs with a capped heap: the core page (docs/PROTOCOL.md) in CORE_HEAP
(tests/test_micropython.py), the rules pages in RULES_HEAP.  On the unix port the `.mpy` bytecode
of every rules module a session touches sits in the heap; on a device a frozen build keeps it in
flash.  `make bench` prints the smallest heap each page really needs.
"""

import pytest

from conftest import CORE_HEAP, run_console
from transcripts import all_blocks

BLOCKS = all_blocks()
RULES_HEAP = "256K"
# A whole campaign in one session (docs/protocol/campaign.md, exp3.md) loads every rules module
# of its game: on the 64-bit unix port, .mpy bytecode in the heap, about 170 KB stay alive and it
# needs 288 KB (a frozen 32-bit build keeps the bytecode in flash).
CAMPAIGN_HEAP = "320K"
CAMPAIGN_STEPS = 120


def test_there_are_transcripts():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
@pytest.mark.parametrize("name,steps", BLOCKS, ids=[b[0] for b in BLOCKS])
def test_transcript(kind, name, steps):
    requests = [s[0] for s in steps]
    expected = [r for s in steps for r in s[1]]
    heap = CORE_HEAP if name.startswith("docs/PROTOCOL.md") else (
        CAMPAIGN_HEAP if len(steps) > CAMPAIGN_STEPS else RULES_HEAP)
    out = run_console(kind, requests, heap=heap).decode().splitlines()
    assert out == expected, name
