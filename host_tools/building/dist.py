"""`make dist`: the install trees for both kinds of board, a zip, and the mip package list.

    dist/circuitpython/          copy its contents onto the CIRCUITPY drive: that is the install
        code.py boot.py          entry points (from firmware/boards/circuitpython/)
        lib/engine/ lib/firmware/ lib/hardware/    the app (see below for .py or .mpy)
        lib/adafruit_*           the bundle libraries the app imports (copied from .venv)
        data/                    the player-editable data files
    dist/tal-circuitpython.zip   the same tree, zipped (reproducible: fixed dates, sorted)
    dist/micropython/            main.py (firmware/boards/micropython/) + engine/ firmware/ hardware/
                                 as .mpy (mpy-cross) + data/

    dist/circuitpython.json      what lib/ holds and for which CircuitPython (deploy checks it)

CircuitPython loads only its own .mpy format (`C\x06`), made by CircuitPython's own mpy-cross, of
the same major version as the board's firmware (not on PyPI nor in Debian).  `make dist` uses
CIRCUITPY_MPY_CROSS=path, else build/circuitpython-mpy-cross/mpy-cross (`make
circuitpython-mpy-cross CIRCUITPY_DIR=...` builds it from a CircuitPython checkout).  Without one,
`lib/` gets the .py sources, which the board compiles at each import, in its own heap: `make dist`
says so, since a PyBadge may run out of memory doing it.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

from host_tools.building import build_mpy
from host_tools.building import fold

ROOT = build_mpy.ROOT
DIST = os.path.join(ROOT, "dist")
APP_PACKAGES = ("engine", "firmware", "hardware")
CP_ENTRY = ("boot.py", "code.py")
MP_ENTRY = ("boot.py", "main.py")
# The entry points live in firmware/boards/<kind>/ and go to the root of the board's drive; that
# folder is not part of the app's library.
BOARDS = os.path.join("firmware", "boards")
VERSION = "0.1.0"
# Blinka's own plumbing: on a real board these are built in or not needed.
_NOT_BUNDLE = ("adafruit_blinka", "adafruit_platformdetect", "adafruit_pureio")
_IMPORT = re.compile(r"^\s*(?:from\s+([A-Za-z_][\w]*)|import\s+([A-Za-z_][\w]*))", re.M)


# Where `make circuitpython-mpy-cross` puts the compiler it builds.
DEFAULT_CP_MPY_CROSS = os.path.join(ROOT, "build", "circuitpython-mpy-cross", "mpy-cross")
CP_MPY_MAGIC = b"C\x06"  # CircuitPython's .mpy header (MicroPython's is M\x06)


class DistError(Exception):
    """The trees cannot be built; the message says why."""


def packages():
    """The app's packages present in this checkout."""
    return [p for p in APP_PACKAGES if os.path.isdir(os.path.join(ROOT, p))]


def _module(name):
    # a package's modules; a pack's manifest.py is build input (manifest.py), not a module
    return name.endswith(".py") and name != "manifest.py"


def _files(top, keep=lambda name: True):
    out = []
    for dirpath, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if keep(name):
                out.append(os.path.join(dirpath, name))
    return out


def _copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)


def _imports(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return {a or b for a, b in _IMPORT.findall(text)}


def _site_packages():
    import sysconfig

    return sysconfig.get_paths()["purelib"]


def bundle_libraries(sources):
    """{name: path} of the CircuitPython bundle libraries the given sources import, transitively."""
    site = _site_packages()
    found = {}
    todo = set()
    for s in sources:
        todo |= _imports(s)
    while todo:
        name = todo.pop()
        if name in found or not name.startswith("adafruit_") or name.startswith(_NOT_BUNDLE):
            continue
        for cand in (os.path.join(site, name), os.path.join(site, name + ".py")):
            if os.path.exists(cand):
                found[name] = cand
                inner = _files(cand, lambda n: n.endswith(".py")) if os.path.isdir(cand) else [cand]
                for f in inner:
                    todo |= _imports(f)
                break
    return found


class CircuitPythonCompiler:
    """CircuitPython's mpy-cross at `path`, checked by its --version line."""

    def __init__(self, path, origin):
        try:
            v = subprocess.run([path, "--version"], capture_output=True, text=True,
                               timeout=30).stdout.strip()
        except (OSError, subprocess.SubprocessError) as e:
            raise DistError("%s=%s cannot run: %s" % (origin, path, e))
        m = re.match(r"CircuitPython (\d+)\.", v)
        if not m:
            raise DistError("%s=%s is not CircuitPython's mpy-cross (it says %r): CircuitPython "
                            "refuses MicroPython's .mpy files" % (origin, path, v))
        self.path = path
        self.version = v
        self.major = int(m.group(1))

    def compile(self, src, rel, dst):
        """Compile `src` (named `rel` in tracebacks) to `dst`; DistError naming the file."""
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        p = subprocess.run([self.path] + list(build_mpy.FLAGS) + ["-s", rel, "-o", dst, src],
                           capture_output=True, text=True, timeout=120)
        lines = (p.stderr or p.stdout).strip().splitlines()
        if p.returncode != 0:
            raise DistError("CircuitPython's mpy-cross failed on %s: %s" % (
                rel, lines[-1] if lines else "exit status %d" % p.returncode))
        with open(dst, "rb") as f:
            if f.read(2) != CP_MPY_MAGIC:
                raise DistError("%s made %s without CircuitPython's .mpy header" % (self.path, dst))


def circuitpython_mpy_cross():
    """CircuitPython's mpy-cross (CircuitPythonCompiler) from CIRCUITPY_MPY_CROSS, else the one
    `make circuitpython-mpy-cross` built; None when there is neither."""
    path = os.environ.get("CIRCUITPY_MPY_CROSS")
    if path:
        if not os.path.isfile(path):
            raise DistError("CIRCUITPY_MPY_CROSS=%s: no such file" % path)
        return CircuitPythonCompiler(path, "CIRCUITPY_MPY_CROSS")
    if os.path.isfile(DEFAULT_CP_MPY_CROSS):
        return CircuitPythonCompiler(DEFAULT_CP_MPY_CROSS, "the mpy-cross built in")
    return None


NO_CP_MPY_CROSS = (
    "no CircuitPython mpy-cross: dist/circuitpython/lib/ holds .py sources, which the board "
    "compiles at each import in its own RAM, and a PyBadge may run out of memory (MemoryError) "
    "doing so. Get the mpy-cross of your board's CircuitPython version and run make dist "
    "CIRCUITPY_MPY_CROSS=/path/to/it (README, Put it on the board), or build one: make "
    "circuitpython-mpy-cross CIRCUITPY_DIR=/path/to/circuitpython")


def _entry(kind, names):
    top = os.path.join(ROOT, BOARDS, kind)
    return [(n, os.path.join(top, n)) for n in names if os.path.exists(os.path.join(top, n))]


def _in_boards(rel):
    return rel.startswith(BOARDS + os.sep)


def build_circuitpython(out, notes, cross=None):
    """The CIRCUITPY tree in `out`, .mpy compiled by `cross` (a CircuitPythonCompiler) or .py
    sources when it is None; returns the list of files written (relative)."""
    shutil.rmtree(out, ignore_errors=True)
    written = []
    sources = []
    jobs = []  # (source, name in tracebacks, .mpy path) for CircuitPython's mpy-cross

    def put(src, rel):  # rel: the .py path under `out`
        if cross:  # (named as the board's import names it: /lib/...)
            mpy = rel[:-3] + ".mpy"
            jobs.append((src, build_mpy.board_path(rel, "/"), os.path.join(out, mpy)))
            rel = mpy
        else:
            _copy(src, os.path.join(out, rel))
        written.append(rel)

    folded = fold.tree()  # our modules as the boards get them (host_tools/building/fold.py)
    for pkg in packages():
        for src in _files(os.path.join(folded, pkg), _module):
            rel = os.path.relpath(src, folded)
            if _in_boards(rel):
                continue
            sources.append(src)
            put(src, os.path.join("lib", rel))
    for rel in build_mpy.resources(packages(), folded):  # the font file, read beside the code
        _copy(os.path.join(folded, rel), os.path.join(out, "lib", rel))
        written.append(os.path.join("lib", rel))
    entry = _entry("circuitpython", CP_ENTRY)
    if not any(n == "code.py" for n, _ in entry):
        notes.append("no %s/circuitpython/code.py: the CircuitPython tree has no entry point" % BOARDS)
    for name, src in entry:
        _copy(src, os.path.join(out, name))  # CircuitPython runs only code.py/boot.py sources
        written.append(name)
        sources.append(src)
    for name, src in sorted(bundle_libraries(sources).items()):
        if os.path.isdir(src):
            for f in _files(src, lambda n: n.endswith(".py")):
                put(f, os.path.join("lib", name, os.path.relpath(f, src)))
        else:
            put(src, os.path.join("lib", name + ".py"))
    if jobs:
        # One mpy-cross process per module: run a few at once (the first failure is raised).
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=min(8, (os.cpu_count() or 1) * 2)) as pool:
            for f in [pool.submit(cross.compile, *job) for job in jobs]:
                f.result()
    written += _copy_data(out)
    return written


def _write_circuitpython_info(path, cross):
    info = {"lib": "mpy", "mpy_cross": cross.version, "circuitpython": cross.major} if cross \
        else {"lib": "py"}
    with open(path, "w") as f:
        json.dump(info, f, sort_keys=True)
        f.write("\n")


def pybadge_names():
    """The constants hardware/pybadge.py gives its names to (read, not imported: it imports
    CircuitPython's modules)."""
    import ast

    with open(os.path.join(ROOT, "hardware", "pybadge.py")) as f:
        tree = ast.parse(f.read())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    names[t.id] = node.value.value
    return names


def pybadge_journals():
    """[(file name, ring, kind)] of the PyBadge's journals, as hardware/pybadge.py names them.
    `make deploy` makes them."""
    from firmware.journal import DATA, SETTINGS, STATE

    names = pybadge_names()
    return [(names["SAVE_FILE"], names["SAVE_RING"], STATE),
            (names["SETTINGS_FILE"], names["SETTINGS_RING"], SETTINGS),
            (names["DATA_FILE"], names["DATA_RING"], DATA)]


def circuitpython_info(dist=DIST):
    """What `make dist` put in dist/circuitpython/lib ({} when unknown)."""
    try:
        with open(os.path.join(dist, "circuitpython.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def _copy_data(out):
    data = os.path.join(ROOT, "data")
    written = []
    for f in _files(data) if os.path.isdir(data) else []:
        rel = os.path.relpath(f, ROOT)
        _copy(f, os.path.join(out, rel))
        written.append(rel)
    return written


def build_micropython(out, notes):
    """The MicroPython tree in `out` (.mpy by mpy-cross); returns the files written (relative)."""
    shutil.rmtree(out, ignore_errors=True)
    built = build_mpy.build(out, tuple(packages()))
    shutil.rmtree(os.path.join(out, BOARDS), ignore_errors=True)
    written = [os.path.relpath(p, out) for p in built if not _in_boards(os.path.relpath(p, out))]
    written += build_mpy.resources(packages())  # the font file, copied beside the .mpy
    entry = _entry("micropython", MP_ENTRY)
    if not any(n == "main.py" for n, _ in entry):
        notes.append("no %s/micropython/main.py: the MicroPython tree has no entry point" % BOARDS)
    for name, src in entry:
        _copy(src, os.path.join(out, name))
        written.append(name)
    written += _copy_data(out)
    return written


def zip_tree(tree, path):
    """Zip `tree`'s contents (paths relative to it) reproducibly into `path`."""
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for f in _files(tree):
            info = zipfile.ZipInfo(os.path.relpath(f, tree).replace(os.sep, "/"), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(f, "rb") as src:
                z.writestr(info, src.read())
    os.replace(tmp, path)


def package_json():
    """The mip package list (engine only): `mpremote mip install github:OWNER/REPO` or a path."""
    urls = []
    for src in _files(os.path.join(ROOT, "engine"), _module):
        rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
        urls.append([rel, rel])
    return {"urls": urls, "deps": [], "version": VERSION}


def write_package_json(path=None):
    """Write package.json if its contents changed; return True if written."""
    path = path or os.path.join(ROOT, "package.json")
    pj = package_json()
    text = "{\n  \"urls\": [\n%s\n  ],\n  \"deps\": [],\n  \"version\": %s\n}\n" % (
        ",\n".join("    " + json.dumps(u) for u in pj["urls"]), json.dumps(pj["version"]))
    try:
        with open(path) as f:
            if f.read() == text:
                return False
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)
    return True


def build(dist=DIST, out=sys.stdout, cross=False):
    """Build both trees and the zip under `dist`; print what was made.  `cross`: the
    CircuitPythonCompiler to use, None for none, False (default) to look for one.  Any failure
    is a DistError (one line)."""
    try:
        return _build(dist, out, cross)
    except OSError as e:
        raise DistError("%s: %s" % (e.filename or dist, e.strerror or e))
    except subprocess.SubprocessError as e:
        raise DistError(str(e).splitlines()[0])


def _build(dist, out, cross):
    notes = []
    if cross is False:
        cross = circuitpython_mpy_cross()
    cp = os.path.join(dist, "circuitpython")
    mp = os.path.join(dist, "micropython")
    n_cp = build_circuitpython(cp, notes, cross)
    _write_circuitpython_info(os.path.join(dist, "circuitpython.json"), cross)
    zpath = os.path.join(dist, "tal-circuitpython.zip")
    zip_tree(cp, zpath)
    n_mp = build_micropython(mp, notes)
    if dist == DIST and write_package_json():
        notes.append("package.json updated (engine modules changed)")
    out.write("%s: %d files (copy its contents onto CIRCUITPY), lib/ %s\n" % (
        os.path.relpath(cp), len(n_cp),
        "compiled for CircuitPython %d by %s" % (cross.major, cross.path) if cross else
        "as .py sources"))
    out.write("%s: %d bytes\n" % (os.path.relpath(zpath), os.path.getsize(zpath)))
    out.write("%s: %d files (make deploy PORT=...)\n" % (os.path.relpath(mp), len(n_mp)))
    for n in notes:
        out.write("note: %s\n" % n)
    if not cross:
        out.write("warning: %s\n" % NO_CP_MPY_CROSS)
    return n_cp, n_mp, notes
