"""`make deploy`: put `dist/` on a board without touching the player's campaign.

CircuitPython (`MOUNT=/media/you/CIRCUITPY`): `dist/circuitpython/` onto the drive, in two steps
so that a failed copy leaves the old app runnable:
  1. check the space first: every file that differs is copied into `.tal-deploy/` on the drive
     (deploy's own folder), so the drive must hold them beside the old ones (rounded up to its
     clusters); a drive too full is refused before anything is written, in one line;
  2. once all are there, each takes its place by a rename (no new space needed on FAT), `code.py`
     last: CircuitPython reloads on writes, and the old code.py never runs in front of a half-new
     lib/ except during those renames.  A copy that fails in step 1 (a full drive, an unplugged
     cable, Ctrl-C) removes `.tal-deploy/` and leaves the board as it was.
  The campaign's, the settings' and the entries' journals (`tal-save.bin`, `tal-settings.bin`,
  `tal-data.bin`, firmware/journal.py) are made here when the drive has none, whole and erased,
  before the app's files: the board never makes nor grows a file (a power cut while FAT's tables
  are rewritten can leave the drive unmountable); one there that the board would refuse (empty,
  a folder, damaged) is said and nothing is written.  What the board kept from the table in
  `tal-data.bin` is written out into data/ first, as the player's files (host_tools/board/
  entries.py).  A file where the app needs a folder (`lib` as a file) is
  refused before anything is written, saying what to remove.
  A `lib/.../X.py` beside a shipped `X.mpy` (from a build without CircuitPython's mpy-cross) is
  deleted once the .mpy is in place: CircuitPython imports X.py first, so it would hide the new
  code.
MicroPython (`PORT=/dev/ttyACM0`), with mpremote, by what the board's firmware offers:
  - `frozen`: the firmware holds the app (`make firmware`): only main.py and data/ are copied;
  - `romfs`: the firmware has a ROMFS partition big enough: the app's .mpy go there as one image
    (`mpremote romfs deploy`; they run from flash, without taking heap), main.py and data/ to the
    filesystem;
  - `files`: every .mpy, main.py and data/ onto the filesystem (littlefs).
  In the first two, the .mpy copies a `files` install left (the paths it ships) are removed: the
  filesystem comes first in sys.path and would hide the frozen or ROMFS code.

Both refuse a target that does not look like the board, copy only files that differ, delete
nothing else, and never write:
  - the saved state: nothing named `tal-save*` nor ending in .state, .prefs, .bin, .sav is
    written, moved or deleted, and a dist/ holding one is refused;
  - a data file the player edited: a data file on the board that differs from the shipped one is
    kept, and said so, unless `replace_data` is set.
Every failure is a DeployError: one line saying what happened and what to do.
"""

import errno
import hashlib
import os
import shutil
import subprocess
import sys

from host_tools.building.cp_version import boot_out_version
from host_tools.board.mpremote import Mpremote, MpremoteError

# Never written by a deploy, whatever dist/ holds: the MicroPython app's campaign and settings
# (hardware/pico_lcd_114.py: /tal.state and /tal.state.1, /tal.prefs), the PyBadge's journals
# (tal-save.bin, tal-settings.bin), and anything that looks like saved state.
PROTECTED_SUFFIXES = (".state", ".state.1", ".prefs", ".bin", ".sav")
SAVE_PREFIX = "tal-save"
ENTRY_LAST = ("code.py", "main.py")
STAGING = ".tal-deploy"  # on CIRCUITPY: the new files wait here until all are copied
APP_PACKAGES = ("engine", "firmware", "hardware")
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


# The one .bin that is the app's own: the font file, read beside the fonts' module (at the root of
# dist/micropython/, in lib/ on CIRCUITPY).
FONT_FILE = "firmware/fonts/glyphs.bin"


def _protected(rel):
    name = rel.rsplit("/", 1)[-1]
    if rel == FONT_FILE or rel == "lib/" + FONT_FILE:
        return False
    return (rel.endswith(PROTECTED_SUFFIXES) or name.startswith(SAVE_PREFIX)
            or rel.split("/")[0] == STAGING)


def _check_dist(src):
    if not os.path.isdir(src) or not os.listdir(src):
        raise DeployError("%s is missing: run 'make dist' first" % src)
    bad = [r for r in _tree(src) if _protected(r)]
    if bad:
        raise DeployError("%s holds what looks like saved state (%s): refusing to copy it over "
                          "a player's campaign" % (src, ", ".join(bad)))


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


# --- CircuitPython ----------------------------------------------------------------------------

def circuitpython_version(mount):
    """The CircuitPython major version from the drive's boot_out.txt; DeployError if not a board."""
    return int(board_version(mount).split(".")[0])


def board_version(mount):
    """The CircuitPython version ("10.0.3") in the drive's boot_out.txt; DeployError if it is not
    a board or runs one older than MIN_CIRCUITPYTHON."""
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
    version = boot_out_version(first)
    if version is None:
        raise DeployError("%s: boot_out.txt does not name CircuitPython (%r): refusing to copy "
                          "there" % (mount, first.strip()[:80]))
    try:
        major = int(version.split(".")[0])
    except ValueError:
        raise DeployError("%s: cannot read the CircuitPython version in %r" % (mount, first.strip()))
    if major < MIN_CIRCUITPYTHON:
        raise DeployError("%s runs CircuitPython %s; the app needs %d or newer: update the "
                          "board first" % (mount, version, MIN_CIRCUITPYTHON))
    return version


def _check_compiled_for(major, info):
    """dist/circuitpython.json says which CircuitPython the .mpy are for; refuse another."""
    if info.get("lib") == "mpy" and info.get("circuitpython") != major:
        raise DeployError(
            "dist/circuitpython/lib was compiled for CircuitPython %s but the board runs "
            "CircuitPython %d (.mpy files are made for one major version): make dist with "
            "CircuitPython %d's mpy-cross (CIRCUITPY_MPY_CROSS=...), or update the board" % (
                info.get("circuitpython"), major, major))


def drive_space(mount):
    """(free bytes, cluster size) of the drive; a file takes whole clusters on FAT."""
    if hasattr(os, "statvfs"):
        st = os.statvfs(mount)
        unit = st.f_frsize or st.f_bsize
        return st.f_bavail * unit, max(st.f_bsize, unit, 512)
    return shutil.disk_usage(mount).free, 512  # Windows: the copy itself stays safe if short


def _needed(sizes, dirs, cluster):
    return sum(-(-s // cluster) * cluster for s in sizes) + cluster * dirs


def _remove_tree(path):
    if os.path.isdir(path):
        shutil.rmtree(path)


def _sync():
    if hasattr(os, "sync"):
        os.sync()  # the host's cache out to the drive before the board reads it


_READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


def _read_only(mount, e):
    return DeployError("cannot write to %s (%s): the app keeps CIRCUITPY for itself; hold SELECT "
                       "while you reset the badge, then deploy again (nothing was changed)"
                       % (mount, e.strerror))


def _journal_size(ring):
    from firmware.journal import BLOCK, GUARD

    return (ring + 2 * GUARD) * BLOCK


def extents(path):
    """How many pieces the file at `path` lies in on its drive (Linux's FIEMAP, which vfat
    answers), or None where the system does not say."""
    try:
        import fcntl
        import struct

        # struct fiemap: start, length, flags, mapped extents, extent count (0: count only)
        req = bytearray(struct.pack("=QQLLLL", 0, 0xFFFFFFFFFFFFFFFF, 1, 0, 0, 0))
        with open(path, "rb") as f:
            fcntl.ioctl(f.fileno(), 0xC020660B, req)  # FS_IOC_FIEMAP, FIEMAP_FLAG_SYNC
        return struct.unpack_from("=L", req, 20)[0]
    except (ImportError, OSError):
        return None


def _make_journal(mount, name, ring, kind, log):
    # Whole or not at all: a file cut short would be refused by the board as not its own.  In one
    # piece: the board erases 4 KiB sectors of it, which must hold only its own blocks.
    from firmware.journal import make_file

    path = os.path.join(mount, name)
    try:
        make_file(path, ring, kind)
        with open(path, "rb+") as f:
            os.fsync(f.fileno())
        pieces = extents(path)
        if pieces is not None and pieces > 1:
            raise DeployError(
                "%s is too fragmented to hold %s in one piece (the board would erase blocks of "
                "other files beside it): copy your own files off the drive, erase it (at the "
                "badge's REPL: import storage; storage.erase_filesystem()) and deploy again "
                "(nothing was changed)" % (mount, name))
    except BaseException:
        try:
            os.remove(path)
        except OSError:
            pass
        raise
    log("made %s (%d KB, erased): the board keeps its saves there" % (
        name, _journal_size(ring) // 1024))


def _check_journal(mount, name, ring, kind):
    # The board's own check (firmware/journal.py) of a journal the drive has: a folder, an empty
    # or damaged file is refused by the board, which then saves nothing; deploy never deletes it
    # (it may hold a campaign), so it says so and stops before writing anything.
    from firmware.journal import _REMAKE, Journal

    j = Journal(os.path.join(mount, name), ring, kind, 0, None)
    if j.f is not None:
        j.f.close()
        return
    why = j.why[:-len(_REMAKE)] if j.why.endswith(_REMAKE) else j.why
    raise DeployError("%s on %s: the board cannot save there; copy it off the drive if it may "
                      "hold your campaign, delete it and deploy again, which makes it (nothing "
                      "was changed)" % (why, mount))


def to_circuitpython(src, mount, replace_data=False, log=print, info=None):
    """Install the CircuitPython tree on a mounted CIRCUITPY drive (staged, then switched);
    return (copied, kept, same)."""
    major = circuitpython_version(mount)
    _check_dist(src)
    _check_compiled_for(major, info or {})
    from host_tools.board import entries
    from host_tools.building.dist import pybadge_journals

    journals = [(n, r, k) for n, r, k in pybadge_journals()
                if not os.path.lexists(os.path.join(mount, n))]
    for name, ring, kind in pybadge_journals():  # one there that the board would refuse: said
        if os.path.lexists(os.path.join(mount, name)):
            _check_journal(mount, name, ring, kind)
    # What the badge kept from the table, into data/ as the player's files (then kept as such)
    try:
        entries.write_out(mount, log)
    except OSError as e:
        if e.errno in _READ_ONLY:
            raise _read_only(mount, e)
        raise DeployError("cannot write what the badge kept from the table into %s/data (%s): "
                          "the app was not changed; deploy again" % (mount, e.strerror))
    copied, kept, same, todo = [], [], [], []
    for rel in _tree(src):
        if _protected(rel):
            continue
        s = os.path.join(src, rel)
        d = os.path.join(mount, rel)
        if os.path.isfile(d):
            if _digest(s) == _digest(d):
                same.append(rel)
                continue
            if rel.startswith("data/") and not replace_data:
                kept.append(rel)
                log("kept %s: it differs from the shipped one (your edits?); "
                    "deploy with REPLACE_DATA=1 to overwrite it" % rel)
                continue
        todo.append(rel)
    # X.py on the board hides a shipped X.mpy (CircuitPython imports .py first).
    hiding = [r[:-4] + ".py" for r in _tree(src) if r.startswith("lib/") and r.endswith(".mpy")
              and os.path.isfile(os.path.join(mount, r[:-4] + ".py"))]
    for rel in todo + hiding:  # a file where a folder must be: say so before writing anything
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = os.path.join(mount, *parts[:i])
            if os.path.lexists(d) and not os.path.isdir(d):
                raise DeployError("%s is a file on the drive where the app needs a folder: "
                                  "delete it from %s and deploy again (nothing was changed)"
                                  % ("/".join(parts[:i]), mount))
    if not todo and not hiding and not journals:
        log("%s is up to date (%d files the same, %d kept)" % (mount, len(same), len(kept)))
        _warn_sources(info, major, log)
        return copied, kept, same
    staging = os.path.join(mount, STAGING)
    made = []
    try:
        _remove_tree(staging)  # left by a deploy that was interrupted: ours, and stale
        free, cluster = drive_space(mount)
        os.mkdir(staging)
    except OSError as e:
        if e.errno in _READ_ONLY:
            raise _read_only(mount, e)
        raise DeployError("cannot prepare %s on %s (%s)" % (STAGING, mount, e.strerror))
    try:
        dirs = {os.path.dirname(r) for r in todo} - {""}
        dirs |= {p for d in dirs for p in (d.rsplit("/", i)[0] for i in range(d.count("/") + 1))}
        # Each staged folder takes a cluster, and so does the staging folder itself.
        need = _needed([os.path.getsize(os.path.join(src, r)) for r in todo] +
                       [_journal_size(r) for _n, r, _k in journals], len(dirs) + 1, cluster)
        if need > free:
            raise DeployError(
                "not enough space on %s: this update needs %s (%d files, copied beside the old "
                "app before it switches%s) and the drive has %s free; delete files of your own "
                "from it and deploy again (nothing was changed)" % (
                    mount, _kb(need), len(todo), "".join(
                        ", and %s, %s" % (n, _kb(_journal_size(r))) for n, r, _k in journals),
                    _kb(free)))
        for name, ring, kind in journals:  # first: the drive's longest free run
            try:
                _make_journal(mount, name, ring, kind, log)
            except OSError as e:
                if e.errno in _READ_ONLY:
                    raise _read_only(mount, e)
                raise
            made.append(name)
        for n, rel in enumerate(todo):
            dst = os.path.join(staging, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(os.path.join(src, rel), "rb") as f:
                data = f.read()
            try:
                with open(dst, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
            except OSError as e:
                if e.errno in _READ_ONLY:
                    raise _read_only(mount, e)
                raise DeployError(
                    "copying to %s failed at %s, file %d of %d (%s): nothing was changed, the "
                    "old app still runs" % (mount, rel, n + 1, len(todo),
                                            e.strerror or e.__class__.__name__))
        _sync()
    except (DeployError, OSError, KeyboardInterrupt) as e:
        try:
            _remove_tree(staging)
            for name in made:  # (empty journals: nothing of the player's)
                os.remove(os.path.join(mount, name))
        except OSError:
            pass
        if isinstance(e, DeployError):
            raise
        if isinstance(e, KeyboardInterrupt):
            raise DeployError("interrupted while copying to %s: nothing was changed, the old "
                              "app still runs" % mount)
        raise DeployError("copying to %s failed (%s: %s): nothing was changed, the old app "
                          "still runs" % (mount, e.filename, e.strerror))
    # The switch: renames only, entry points last (todo is in that order).
    rel = None
    try:
        for rel in todo:
            dst = os.path.join(mount, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            os.replace(os.path.join(staging, rel), dst)
            copied.append(rel)
            log("installed %s" % rel)
            twin = rel[:-4] + ".py"
            if rel.endswith(".mpy") and twin in hiding:
                os.remove(os.path.join(mount, twin))
                hiding.remove(twin)
                log("removed %s: it would hide %s" % (twin, rel))
        for twin in hiding:  # the .mpy was already there, unchanged
            rel = twin
            os.remove(os.path.join(mount, twin))
            log("removed %s: it would hide %s" % (twin, twin[:-3] + ".mpy"))
        _remove_tree(staging)
        _sync()
        log("%s: %d files installed, %d the same, %d kept; the board reloads into the new app"
            % (mount, len(copied), len(same), len(kept)))
    except OSError as e:
        raise DeployError("switching to the new files failed at %s (%s): run make deploy again "
                          "to finish" % (rel, e.strerror))
    _warn_sources(info, major, log)
    return copied, kept, same


def _warn_sources(info, major, log):
    # Said last, after the list of files, so that it is what the player reads.
    if (info or {}).get("lib") == "py":
        log("warning: the app went onto the board as .py sources, which the PyBadge compiles in "
            "its own RAM at each start and may run out of memory doing so (MemoryError). Get "
            "CircuitPython's own mpy-cross for CircuitPython %d (the board's version, first line "
            "of boot_out.txt), then make dist CIRCUITPY_MPY_CROSS=/path/to/mpy-cross and deploy "
            "again" % major)


# --- MicroPython ------------------------------------------------------------------------------

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


def _is_code(rel):
    # the .mpy and the font file read beside them (firmware/fonts/glyphs.bin): in a ROMFS image
    # both are there; frozen, neither is copied (the firmware holds the fonts too)
    return rel.split("/")[0] in APP_PACKAGES and rel.endswith((".mpy", ".bin"))


def build_romfs_image(src, rels, out):
    """The ROMFS image of the app's .mpy files (`rels` under `src`), built by `mpremote romfs
    build` into `out`; returns its size."""
    tree = out + ".d"
    _remove_tree(tree)
    for r in rels:
        os.makedirs(os.path.dirname(os.path.join(tree, r)), exist_ok=True)
        shutil.copyfile(os.path.join(src, r), os.path.join(tree, r))
    argv = [sys.executable, "-m", "mpremote", "romfs", "--no-mpy", "-o", out, "build", tree]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if p.returncode != 0 or not os.path.isfile(out):
        msg = (p.stderr or p.stdout).strip().splitlines()
        raise DeployError("mpremote romfs build failed: %s" % (msg[-1] if msg else p.returncode))
    _remove_tree(tree)
    return os.path.getsize(out)


def choose_install(layout, image_size):
    """'frozen', 'romfs' or 'files' for a board whose firmware `layout` is {"frozen": bool,
    "romfs": partition bytes (0: none)}."""
    if layout["frozen"]:
        return "frozen"
    if 0 < image_size <= layout["romfs"]:
        return "romfs"
    return "files"


def to_micropython(src, mp, replace_data=False, restart=True, log=print, image=None):
    """Install the MicroPython tree on a board with mpremote; return (copied, kept, how) where
    `how` is 'frozen', 'romfs' or 'files' (see the module's docstring)."""
    check_micropython(mp)
    _check_dist(src)
    rels = [r for r in _tree(src) if not _protected(r)]
    code = [r for r in rels if _is_code(r)]
    layout = mp.firmware_layout()
    size = 0
    if code and not layout["frozen"] and layout["romfs"]:
        image = image or os.path.join(os.path.dirname(os.path.abspath(src)), "tal.romfs")
        size = build_romfs_image(src, code, image)
    how = choose_install(layout, size) if code else "files"
    if layout["romfs"] and how == "files":
        log("the ROMFS partition (%s) is smaller than the app's image (%s): installing .mpy "
            "files on the filesystem" % (_kb(layout["romfs"]), _kb(size)))
    if how != "files":
        rels = [r for r in rels if r not in code]
    data = [r for r in rels if r.startswith("data/")]
    kept = []
    if data and not replace_data:
        theirs = mp.digests(data)
        for r in data:
            if r in theirs and theirs[r] != _digest(os.path.join(src, r)):
                kept.append(r)
                log("kept %s: it differs from the shipped one (your edits?); "
                    "deploy with REPLACE_DATA=1 to overwrite it" % r)
    if how == "romfs":
        # A failure here leaves the filesystem as it was (and .mpy copies there still run);
        # mpremote erases the partition first, so the next deploy must write it again.
        mp.run(["romfs", "deploy", image], "writing the app's ROMFS image (%s; deploy again "
               "once it is fixed)" % _kb(size))
        log("the app's code is in the ROMFS partition (%s of %s)" % (
            _kb(size), _kb(layout["romfs"])))
    elif how == "frozen":
        log("the firmware holds the app's code (frozen): copying main.py and data/ only")
    # File by file to its full path (mpremote skips unchanged files), entry points last; the
    # directories first, made relative to the board's current directory (its root).
    copied = [r for r in rels if r not in kept]
    parents = set()
    for r in copied:
        parts = r.split("/")[:-1]
        parents |= {"/".join(parts[:i]) for i in range(1, len(parts) + 1)}
    args = ["exec", mp.makedirs_code(parents)] if parents else []
    if how != "files":
        args += (["+"] if args else []) + ["exec", mp.remove_code(code)]
    for r in copied:
        args += (["+"] if args else []) + ["fs", "cp", os.path.join(src, r), ":" + r]
    if restart:
        args += ["+", "reset"]  # boots into main.py with the new code
    mp.run(args, "copying the app")
    for r in copied:
        log("copied (or up to date) %s" % r)
    return copied, kept, how


def deploy(mount=None, port=None, replace_data=False, restart=True, dist=None, log=print,
           runner=None):
    """Deploy to a CIRCUITPY drive (`mount`) or a MicroPython board (`port`)."""
    from host_tools.building.dist import DIST, circuitpython_info

    dist = dist or DIST
    if bool(mount) == bool(port):
        raise DeployError("say where to: make deploy MOUNT=/path/to/CIRCUITPY (CircuitPython) "
                          "or make deploy PORT=/dev/ttyACM0 (MicroPython)")
    try:
        if mount:
            return to_circuitpython(os.path.join(dist, "circuitpython"), mount, replace_data, log,
                                    circuitpython_info(dist))
        mp = Mpremote(port) if runner is None else Mpremote(port, runner)
        return to_micropython(os.path.join(dist, "micropython"), mp, replace_data, restart, log)
    except MpremoteError as e:
        raise DeployError(str(e))
    except OSError as e:
        raise DeployError("%s: %s" % (e.filename or mount or port, e.strerror or e))
    except KeyboardInterrupt:
        raise DeployError("interrupted: run make deploy again to finish (the saved campaign is "
                          "never touched)")

