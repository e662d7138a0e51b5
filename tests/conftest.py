"""Shared helpers: run code and consoles under CPython and the real MicroPython unix port."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_DIR = os.path.join(ROOT, "build", "mpy")
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
# The heap of a dice session's console on this 64-bit unix port (.mpy bytecode in the heap): the
# core transcripts' hungriest block (docs/PROTOCOL.md, `undo`) needs 36.9 KB since the undo log
# is changed in place (0.8 KB more code, for a campaign's heap halved on the 32-bit builds).
CORE_HEAP = "38K"
sys.path.insert(0, ROOT)


def as_in_a_terminal():
    """`preexec_fn` of a process a test interrupts with SIGINT: Ctrl-C at a terminal reaches a
    command whose SIGINT is the default.  Tests started in the background of a script (`cmd &`,
    as a CI runner may start them) inherit SIGINT ignored, and so would the command: the
    simulator then ran on 30 s after its Ctrl-C."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ensure_mpy():
    """Compile engine/ and firmware/ to build/mpy (cheap when up to date)."""
    from host_tools.building import build_mpy

    build_mpy.build(MPY_DIR)


def run_mpy(code, heap="64K", stdin=b"", timeout=600, args=()):
    """Run `code` under MicroPython importing the .mpy build; return (rc, stdout, stderr)."""
    ensure_mpy()
    env = dict(os.environ, MICROPYPATH=".")
    p = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, "-c", code] + list(args),
                       cwd=MPY_DIR, env=env, input=stdin, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


HEAP_LOCKED = """
n = hot()  # once to warm up (globals bound, buffers made), then again with the heap locked
import micropython
micropython.heap_lock()
try:
    n = hot()
finally:
    micropython.heap_unlock()
print("noalloc", n)
"""


def run_heap_locked(code, heap="32K"):
    """Run `code`, which defines hot(), then hot() with MicroPython's heap locked: any allocation
    raises.  Returns what hot() returned, as text; fails the test on an allocation."""
    rc, out, err = run_mpy(code + HEAP_LOCKED, heap=heap)
    assert rc == 0, out + err
    assert out.split()[0] == "noalloc", out
    return out.split(None, 1)[1].strip()


def console_cmd(kind, heap="64K", state=None):
    """argv and cwd of the CPython or MicroPython protocol console."""
    extra = [state] if state else []
    if kind == "cpython":
        return [sys.executable, "-m", "firmware.console"] + extra, ROOT, dict(os.environ)
    ensure_mpy()
    env = dict(os.environ, MICROPYPATH=".")
    return [MICROPYTHON, "-X", "heapsize=" + heap, "-m", "firmware.console"] + extra, MPY_DIR, env


def run_console(kind, lines, heap="64K", state=None, timeout=600):
    """Feed request bytes to a console; return its stdout bytes (asserting a clean exit)."""
    argv, cwd, env = console_cmd(kind, heap, state)
    data = lines if isinstance(lines, bytes) else "".join(l + "\n" for l in lines).encode()
    p = subprocess.run(argv, cwd=cwd, env=env, input=data, capture_output=True, timeout=timeout)
    assert p.returncode == 0, p.stderr.decode()
    assert b"Traceback" not in p.stderr, p.stderr.decode()
    return p.stdout


@pytest.fixture(params=["cpython", "micropython"])
def console(request):
    """A function (lines, **kw) -> reply bytes, run on each interpreter."""
    return lambda lines, **kw: run_console(request.param, lines, **kw)
