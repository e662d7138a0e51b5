"""`make deploy`: put `dist/` on a board without touching the player's campaign.

CircuitPython (`MOUNT=/media/you/CIRCUITPY`): copies `dist/circuitpython/` onto the drive.
MicroPython (`PORT=/dev/ttyACM0`): copies `dist/micropython/` with mpremote.

Both refuse a target that does not look like the board, copy only files that differ (less flash
wear, fewer CircuitPython auto-reloads), write the entry point last (so the board never restarts
into half-copied code), delete nothing, and never write:
  - the saved state (it is not in dist/, and the names below are refused outright);
  - a data file the player edited: a data file on the board that differs from the shipped one is
    kept, and said so, unless `replace_data` is set.
"""

import hashlib
import os
import shutil

from host_tools.mpremote import Mpremote, MpremoteError

# Never written by a deploy, whatever dist/ holds: the MicroPython app's campaign and settings
# (hardware/pico_lcd_114.py: /tal.state, /tal.prefs) and anything that looks like saved state.
PROTECTED_SUFFIXES = (".state", ".prefs", ".bin", ".sav")
ENTRY_LAST = ("code.py", "main.py")
MIN_MICROPYTHON = (1, 22, 0)
MIN_CIRCUITPYTHON = 9


class DeployError(Exception):
    """The target was refused or the copy failed; the message says what to do."""


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _tree(src):
    out = []
    for dirpath, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            out.append(os.path.relpath(os.path.join(dirpath, name), src).replace(os.sep, "/"))
    # Entry points last: CircuitPython reloads on each write, a board may reset at the end.
    return sorted(out, key=lambda r: (r in ENTRY_LAST, r))


def _protected(rel):
    return rel.endswith(PROTECTED_SUFFIXES)


def _check_dist(src, kind):
    if not os.path.isdir(src) or not os.listdir(src):
        raise DeployError("%s is missing: run 'make dist' first" % src)
    bad = [r for r in _tree(src) if _protected(r)]
    if bad:
        raise DeployError("%s holds what looks like saved state (%s): refusing to copy it over "
                          "a player's campaign" % (src, ", ".join(bad)))


def circuitpython_version(mount):
    """The CircuitPython major version from the drive's boot_out.txt; DeployError if not a board."""
    if not mount:
        raise DeployError("no CIRCUITPY drive given (MOUNT=/media/you/CIRCUITPY, or D:\\ on Windows)")
    if not os.path.isdir(mount):
        raise DeployError("%s is not a folder: is the board plugged in and its CIRCUITPY drive "
                          "mounted?" % mount)
    boot_out = os.path.join(mount, "boot_out.txt")
    try:
        with open(boot_out, encoding="utf-8", errors="replace") as f:
            first = f.readline()
    except OSError:
        raise DeployError("%s has no boot_out.txt: it does not look like a CIRCUITPY drive, "
                          "refusing to copy there" % mount)
    words = first.split()
    if "CircuitPython" not in words or words.index("CircuitPython") + 1 >= len(words):
        raise DeployError("%s: boot_out.txt does not name CircuitPython (%r): refusing to copy "
                          "there" % (mount, first.strip()[:80]))
    version = words[words.index("CircuitPython") + 1]
    try:
        major = int(version.split(".")[0])
    except ValueError:
        raise DeployError("%s: cannot read the CircuitPython version in %r" % (mount, first.strip()))
    if major < MIN_CIRCUITPYTHON:
        raise DeployError("%s runs CircuitPython %s; the app needs %d or newer: update the "
                          "board first" % (mount, version, MIN_CIRCUITPYTHON))
    return major


def _check_writable(mount):
    probe = os.path.join(mount, ".tal-deploy-probe")
    try:
        with open(probe, "wb") as f:
            f.write(b"x")
        os.remove(probe)
    except OSError as e:
        raise DeployError("cannot write to %s (%s): the app keeps CIRCUITPY for itself; hold "
                          "SELECT while you reset the badge, then deploy again" % (
                              mount, e.strerror))


def to_circuitpython(src, mount, replace_data=False, log=print):
    """Copy the CircuitPython tree onto a mounted CIRCUITPY drive; return (copied, kept, same)."""
    circuitpython_version(mount)
    _check_dist(src, "circuitpython")
    copied, kept, same = [], [], []
    todo = []
    for rel in _tree(src):
        s = os.path.join(src, rel)
        d = os.path.join(mount, rel)
        if _protected(rel):
            continue
        if os.path.exists(d):
            if _digest(s) == _digest(d):
                same.append(rel)
                continue
            if rel.startswith("data/") and not replace_data:
                kept.append(rel)
                log("kept %s: it differs from the shipped one (your edits?); "
                    "deploy with REPLACE_DATA=1 to overwrite it" % rel)
                continue
        todo.append((s, d, rel))
    if todo:
        _check_writable(mount)
    need = sum(os.path.getsize(s) for s, _d, _r in todo)
    try:
        free = shutil.disk_usage(mount).free
    except OSError:
        free = None
    if free is not None and need > free:
        raise DeployError("%d bytes to copy but %s has %d free: remove old files from it first"
                          % (need, mount, free))
    for s, d, rel in todo:
        os.makedirs(os.path.dirname(d), exist_ok=True)
        with open(s, "rb") as f:
            data = f.read()
        with open(d, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        copied.append(rel)
        log("copied %s" % rel)
    return copied, kept, same


def check_micropython(mp):
    """Refuse a port that is not a MicroPython board new enough for the .mpy files."""
    name, version = mp.implementation()
    if name != "micropython":
        hint = " (for CircuitPython, copy to its drive: make deploy MOUNT=...)" \
            if name == "circuitpython" else ""
        raise DeployError("%s runs %s, not MicroPython: refusing to deploy there%s" % (
            mp.port, name, hint))
    if version < MIN_MICROPYTHON:
        raise DeployError("%s runs MicroPython %s; the .mpy files need %s or newer" % (
            mp.port, ".".join(map(str, version)), ".".join(map(str, MIN_MICROPYTHON))))
    return version


def to_micropython(src, mp, replace_data=False, restart=True, log=print):
    """Copy the MicroPython tree to a board with mpremote; return (copied, kept)."""
    check_micropython(mp)
    _check_dist(src, "micropython")
    rels = [r for r in _tree(src) if not _protected(r)]
    data = [r for r in rels if r.startswith("data/")]
    kept = []
    if data and not replace_data:
        theirs = mp.digests(data)
        for r in data:
            if r in theirs and theirs[r] != _digest(os.path.join(src, r)):
                kept.append(r)
                log("kept %s: it differs from the shipped one (your edits?); "
                    "deploy with REPLACE_DATA=1 to overwrite it" % r)
    # File by file to its full path (mpremote skips unchanged files), entry points last; the
    # directories first, made relative to the board's current directory (its root).
    copied = [r for r in rels if r not in kept]
    parents = set()
    for r in copied:
        parts = r.split("/")[:-1]
        parents |= {"/".join(parts[:i]) for i in range(1, len(parts) + 1)}
    args = ["exec", mp.makedirs_code(parents)] if parents else []
    for r in copied:
        args += (["+"] if args else []) + ["fs", "cp", os.path.join(src, r), ":" + r]
    if restart:
        args += ["+", "reset"]  # boots into main.py with the new code
    mp.run(args, "copying the app")
    for r in copied:
        log("copied (or up to date) %s" % r)
    return copied, kept


def deploy(mount=None, port=None, replace_data=False, restart=True, dist=None, log=print,
           runner=None):
    """Deploy to a CIRCUITPY drive (`mount`) or a MicroPython board (`port`)."""
    from host_tools.dist import DIST

    dist = dist or DIST
    if bool(mount) == bool(port):
        raise DeployError("say where to: make deploy MOUNT=/path/to/CIRCUITPY (CircuitPython) "
                          "or make deploy PORT=/dev/ttyACM0 (MicroPython)")
    if mount:
        return to_circuitpython(os.path.join(dist, "circuitpython"), mount, replace_data, log)
    mp = Mpremote(port) if runner is None else Mpremote(port, runner)
    try:
        return to_micropython(os.path.join(dist, "micropython"), mp, replace_data, restart, log)
    except MpremoteError as e:
        raise DeployError(str(e))
