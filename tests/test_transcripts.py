"""Every transcript in docs/ replays byte for byte on both consoles (each block a fresh session)."""

import pytest

from conftest import run_console
from transcripts import all_blocks

BLOCKS = all_blocks()


def test_there_are_transcripts():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("kind,heap", [("cpython", None), ("micropython", "64K")])
@pytest.mark.parametrize("name,steps", BLOCKS, ids=[b[0] for b in BLOCKS])
def test_transcript(kind, heap, name, steps):
    requests = [s[0] for s in steps]
    expected = [r for s in steps for r in s[1]]
    out = run_console(kind, requests, heap=heap or "64K").decode().splitlines()
    assert out == expected, name
