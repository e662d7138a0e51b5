"""Running the protocol console as a subprocess: CPython, or the MicroPython unix port on the .mpy build."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_DIR = os.path.join(ROOT, "build", "mpy")


def micropython():
    """The MicroPython unix port installed beside this interpreter (make installs it in .venv)."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else "micropython"


def ensure_mpy():
    """Compile engine/ and firmware/ to build/mpy (cheap when up to date)."""
    from host_tools import build_mpy

    build_mpy.build(MPY_DIR)


def argv(kind, heap="64K", module="firmware.console", args=()):
    """(argv, cwd, env) of a console on `kind` ("cpython" or "micropython")."""
    if kind == "cpython":
        return [sys.executable, "-m", module] + list(args), ROOT, dict(os.environ)
    if kind != "micropython":
        raise ValueError("kind is cpython or micropython")
    ensure_mpy()
    env = dict(os.environ, MICROPYPATH=".")
    return [micropython(), "-X", "heapsize=" + str(heap), "-m", module] + list(args), MPY_DIR, env


def run(kind, data, heap="64K", args=(), timeout=600, module="firmware.console"):
    """Feed `data` (bytes) to a console; return the CompletedProcess (stdout, stderr as bytes)."""
    a, cwd, env = argv(kind, heap, module, args)
    return subprocess.run(a, cwd=cwd, env=env, input=data, capture_output=True, timeout=timeout)


def run_mpy(code, heap="64K", timeout=600):
    """Run Python `code` under MicroPython with the .mpy build importable; CompletedProcess."""
    ensure_mpy()
    env = dict(os.environ, MICROPYPATH=".")
    return subprocess.run([micropython(), "-X", "heapsize=" + str(heap), "-c", code], cwd=MPY_DIR,
                          env=env, capture_output=True, timeout=timeout)
