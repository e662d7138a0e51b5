"""`make dist`: the install trees for both kinds of board, a zip, and the mip package list.

    dist/circuitpython/          copy its contents onto the CIRCUITPY drive: that is the install
        code.py boot.py          entry points (from firmware/boards/circuitpython/)
        lib/engine/ lib/firmware/ lib/hardware/    the app (see below for .py or .mpy)
        lib/adafruit_*           the bundle libraries the app imports (copied from .venv)
        data/                    the player-editable data files
    dist/tal-circuitpython.zip   the same tree, zipped (reproducible: fixed dates, sorted)
    dist/micropython/            main.py (firmware/boards/micropython/) + engine/ firmware/ hardware/
                                 as .mpy (mpy-cross) + data/

CircuitPython runs its own .mpy format, made by its own mpy-cross (not on PyPI nor in Debian; the
Adafruit build tools download it at build time).  So `lib/` gets the .py sources, which
CircuitPython compiles when it imports them; set CIRCUITPY_MPY_CROSS=/path/to/CircuitPython's
mpy-cross to ship .mpy instead (it is checked to be CircuitPython's).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

from host_tools import build_mpy

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


class DistError(Exception):
    """The trees cannot be built; the message says why."""


def packages():
    """The app's packages present in this checkout."""
    return [p for p in APP_PACKAGES if os.path.isdir(os.path.join(ROOT, p))]


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


def circuitpython_mpy_cross():
    """CircuitPython's mpy-cross from CIRCUITPY_MPY_CROSS, checked; None when not set."""
    path = os.environ.get("CIRCUITPY_MPY_CROSS")
    if not path:
        return None
    try:
        v = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError as e:
        raise DistError("CIRCUITPY_MPY_CROSS=%s cannot run: %s" % (path, e))
    if "CircuitPython" not in v:
        raise DistError("CIRCUITPY_MPY_CROSS=%s is not CircuitPython's mpy-cross (it says %r): "
                        "CircuitPython refuses MicroPython's .mpy files" % (path, v.strip()))
    return path


def _entry(kind, names):
    top = os.path.join(ROOT, BOARDS, kind)
    return [(n, os.path.join(top, n)) for n in names if os.path.exists(os.path.join(top, n))]


def _in_boards(rel):
    return rel.startswith(BOARDS + os.sep)


def build_circuitpython(out, notes):
    """The CIRCUITPY tree in `out`; returns the list of files written (relative)."""
    shutil.rmtree(out, ignore_errors=True)
    written = []
    cross = circuitpython_mpy_cross()
    sources = []
    for pkg in packages():
        for src in _files(os.path.join(ROOT, pkg), lambda n: n.endswith(".py")):
            rel = os.path.relpath(src, ROOT)
            if _in_boards(rel):
                continue
            sources.append(src)
            if cross:
                dst = os.path.join(out, "lib", rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                subprocess.run([cross, "-s", rel, "-o", dst, src], check=True)
            else:
                dst = os.path.join(out, "lib", rel)
                _copy(src, dst)
            written.append(os.path.relpath(dst, out))
    entry = _entry("circuitpython", CP_ENTRY)
    if not any(n == "code.py" for n, _ in entry):
        notes.append("no %s/circuitpython/code.py: the CircuitPython tree has no entry point" % BOARDS)
    for name, src in entry:
        _copy(src, os.path.join(out, name))
        written.append(name)
        sources.append(src)
    for name, src in sorted(bundle_libraries(sources).items()):
        if os.path.isdir(src):
            for f in _files(src, lambda n: n.endswith(".py")):
                rel = os.path.join("lib", name, os.path.relpath(f, src))
                _copy(f, os.path.join(out, rel))
                written.append(rel)
        else:
            _copy(src, os.path.join(out, "lib", name + ".py"))
            written.append(os.path.join("lib", name + ".py"))
    written += _copy_data(out)
    notes.append("CircuitPython lib/: %s" % (
        ".mpy from %s" % cross if cross else
        ".py sources (no CircuitPython mpy-cross here; set CIRCUITPY_MPY_CROSS to compile)"))
    return written


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
    for src in _files(os.path.join(ROOT, "engine"), lambda n: n.endswith(".py")):
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


def build(dist=DIST, out=sys.stdout):
    """Build both trees and the zip under `dist`; print what was made."""
    notes = []
    cp = os.path.join(dist, "circuitpython")
    mp = os.path.join(dist, "micropython")
    n_cp = build_circuitpython(cp, notes)
    zpath = os.path.join(dist, "tal-circuitpython.zip")
    zip_tree(cp, zpath)
    n_mp = build_micropython(mp, notes)
    if dist == DIST and write_package_json():
        notes.append("package.json updated (engine modules changed)")
    out.write("%s: %d files (copy its contents onto CIRCUITPY)\n" % (os.path.relpath(cp), len(n_cp)))
    out.write("%s: %d bytes\n" % (os.path.relpath(zpath), os.path.getsize(zpath)))
    out.write("%s: %d files (make deploy PORT=...)\n" % (os.path.relpath(mp), len(n_mp)))
    for n in notes:
        out.write("note: %s\n" % n)
    return n_cp, n_mp, notes
