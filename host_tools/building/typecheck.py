"""Type-check the device code against each board's API (stubs): a call the board lacks fails.

    python -m host_tools.building.typecheck [circuitpython|micropython ...]

No board runs here, so this is how `make test` catches `time.ticks_ms()` on CircuitPython or a
`machine` import in a CircuitPython file.  Each board gets its own stub search path, built under
build/typecheck/<board>/ from the installed stub packages, and mypy runs without site-packages:
- circuitpython: circuitpython-stubs (every `*-stubs` package; `board` is the PyBadge's own
  definition from `board_definitions/pybadge`), CPython's typeshed for the standard library;
- micropython: micropython-rp2-stubs (machine, framebuf, time, gc ...) with
  micropython-stdlib-stubs as the standard library (`--custom-typeshed-dir`).
The shared app (`firmware/` minus the other board's backend) is checked in both; the engine is
followed (its calls must exist too) but only firmware/, hardware/ and the entry points report.
"""

import os
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "typecheck")

SHARED = ("firmware/app.py", "firmware/canvas.py", "firmware/keys.py", "firmware/power.py",
          "firmware/prefs.py", "firmware/ui.py", "firmware/device.py", "firmware/font8.py",
          "firmware/storage.py", "firmware/entropy.py", "firmware/datafiles.py",
          "firmware/playerfiles.py", "firmware/bundle.py")
BOARDS = {
    "circuitpython": SHARED + ("firmware/display_displayio.py", "hardware/pybadge.py",
                               "firmware/boards/circuitpython/code.py",
                               "firmware/boards/circuitpython/boot.py"),
    "micropython": SHARED + ("firmware/display_framebuf.py", "hardware/pico_lcd_114.py",
                             "firmware/display_web.py", "firmware/keystore.py", "hardware/web.py",
                             "firmware/boards/micropython/main.py"),
}
# Stub files that do not pass mypy themselves: not ours to fix.
_STUB_MODULES = ("board", "circuitpython_typing", "circuitpython_typing.*", "machine", "vfs",
                 "_mpy_shed", "_mpy_shed.*", "rp2", "rp2.*", "network",
                 "bluetooth", "socket", "select", "micropython", "time", "gc", "framebuf")


def site_packages():
    return sysconfig.get_paths()["purelib"]


def _link(src, dst):
    # Made aside and renamed over the old link: test workers in parallel refresh the same links,
    # and a remove then a symlink raced (FileExistsError, now and then under pytest -n).
    tmp = "%s.%d" % (dst, os.getpid())
    os.symlink(src, tmp)
    os.replace(tmp, dst)


def stub_dir(board):
    """Build (or refresh) the stub search path of `board`; return its directory."""
    sp = site_packages()
    d = os.path.join(OUT, board, "stubs")
    os.makedirs(d, exist_ok=True)
    if board == "circuitpython":
        for name in os.listdir(sp):
            if name.endswith("-stubs") and name != "board-stubs":
                _link(os.path.join(sp, name), os.path.join(d, name[:-6]))
        _link(os.path.join(sp, "circuitpython_typing"), os.path.join(d, "circuitpython_typing"))
        board_dir = os.path.join(d, "board")
        if os.path.islink(board_dir):
            os.remove(board_dir)
        os.makedirs(board_dir, exist_ok=True)
        _link(os.path.join(sp, "board_definitions", "pybadge", "__init__.pyi"),
              os.path.join(board_dir, "__init__.pyi"))
    else:
        for name in os.listdir(sp):
            if name.endswith(".pyi"):
                _link(os.path.join(sp, name), os.path.join(d, name))
        for pkg in ("_mpy_shed", "rp2"):
            _link(os.path.join(sp, pkg), os.path.join(d, pkg))
    return d


def config(board):
    """Write the mypy config of `board`; return its path."""
    path = os.path.join(OUT, board, "mypy.ini")
    # The device code carries no annotations (no typing at run time on the boards): mypy's
    # inference complaints (`X = ()` later given a longer tuple, `x = None` then a function) are
    # off; a missing module, attribute or argument stays an error, which is the point.
    lines = ["[mypy]", "check_untyped_defs = True", "no_site_packages = True",
             "disable_error_code = assignment, var-annotated",
             "explicit_package_bases = True", "warn_unused_ignores = False",
             "mypy_path = %s:%s" % (stub_dir(board), ROOT),
             "cache_dir = %s" % os.path.join(OUT, board, "cache")]
    if board == "micropython":
        lines.append("custom_typeshed_dir = %s" % site_packages())
    lines += ["", "[mypy-engine.*]", "ignore_errors = True", "",
              "[mypy-%s]" % ",".join(_STUB_MODULES), "ignore_errors = True", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return path


def check(board, extra=()):
    """Run mypy for `board` (plus `extra` files): (ok, output)."""
    files = [f for f in BOARDS[board] if os.path.exists(os.path.join(ROOT, f))] + list(extra)
    files += sorted(os.path.join("firmware", "screens", n)
                    for n in os.listdir(os.path.join(ROOT, "firmware", "screens"))
                    if n.endswith(".py"))
    env = dict(os.environ)
    env.pop("MYPYPATH", None)
    p = subprocess.run([sys.executable, "-m", "mypy", "--config-file", config(board)] + files,
                       cwd=ROOT, env=env, capture_output=True, text=True)
    return p.returncode == 0, p.stdout + p.stderr


def main(argv):
    ok = True
    for board in argv or sorted(BOARDS):
        good, out = check(board)
        print("== %s: %s" % (board, "ok" if good else "FAILED"))
        if not good:
            print(out)
        ok = ok and good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
