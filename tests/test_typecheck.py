"""The device code against each board's API (issue: the device, item 7): mypy with the
CircuitPython stubs for the PyBadge files and the MicroPython rp2 stubs for the Pico files, so a
call the board lacks fails the build."""

import os

import pytest

from host_tools.building import typecheck

PROBE = """
import time
import supervisor
import machine


def f():
    return time.ticks_ms() + supervisor.ticks_ms()
"""


@pytest.mark.parametrize("board", sorted(typecheck.BOARDS))
def test_device_code_uses_only_what_the_board_has(board):
    ok, out = typecheck.check(board)
    assert ok, out


def test_a_call_the_board_lacks_fails(tmp_path):
    os.makedirs(typecheck.OUT, exist_ok=True)
    probe = os.path.join(typecheck.OUT, "probe_api.py")
    with open(probe, "w") as f:
        f.write(PROBE)
    rel = os.path.relpath(probe, typecheck.ROOT)
    ok, out = typecheck.check("circuitpython", [rel])
    assert not ok
    assert 'named "machine"' in out  # no machine module on CircuitPython
    assert 'no attribute "ticks_ms"' in out  # CircuitPython's time has no ticks_ms
    ok, out = typecheck.check("micropython", [rel])
    assert not ok
    assert 'named "supervisor"' in out  # no supervisor on MicroPython
