"""32-bit MicroPython builds of the app, made from a MicroPython checkout (`MICROPY_DIR`).

    qemu-frozen    Cortex-M3 firmware (qemu `mps2-an385`) with manifest.py frozen: the Pico's
                   custom-firmware install path; data/ in a ROMFS image (its filesystem here)
    qemu-romfs     the same firmware stock (nothing of ours frozen), the app as .mpy in a ROMFS
                   image: the Pico's stock-firmware install path (`mpremote romfs deploy`)
    unix32-frozen  the unix port built 32-bit (i686) with manifest.py frozen
    unix32-mpy     the same port with nothing frozen, loading our .mpy files: the way of the
                   PyBadge and of a Pico without ROMFS

The checkout is only read: the folders the builds need are copied to build/micropython/src
(changed files only), and everything is built there with `make`.  A build runs only when its
inputs changed (a key of the checkout's files, the make arguments and, for frozen builds, our
sources), so `make test` does not rebuild needlessly.  Needs: make, gcc-arm-none-eabi,
libnewlib-arm-none-eabi, qemu-system-arm, gcc-i686-linux-gnu, libc6-dev-i386-cross (see .ci/run).

Usage: python -m host_tools.building.micropython_builds [qemu|unix32|all]   (make firmware-qemu,
firmware-unix32, builds32)
"""

import hashlib
import os
import shutil
import subprocess
import sys

from host_tools.building import fold

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "micropython")
SRC = os.path.join(OUT, "src")

# What the builds below need of a checkout (no git submodule).
SUBSET = ("py", "extmod", "shared", "mpy-cross", "ports/qemu", "ports/unix", "lib/libm",
          "lib/libm_dbl", "lib/littlefs", "lib/oofatfs", "lib/uzlib", "lib/re1.5",
          "lib/crypto-algorithms", "tools/makemanifest.py", "tools/manifestfile.py",
          "tools/mpy-tool.py", "tools/mpy_ld.py")
APP = ("engine", "firmware", "hardware")  # manifest.py's packages
LAUNCHER = os.path.join(ROOT, "host_tools", "building", "uart_console.py")

QEMU_BOARD = "MPS2_AN385"  # Cortex-M3, as the Pico's M0+ a core without an FPU
QEMU_ROMFS_ADDR = "0x21000000"  # the board's MICROPY_HW_ROMFS_PART0_START
# The qemu port's heap is fixed when built: make it large, the launcher leaves any smaller heap
# (host_tools/building/uart_console.py).  A Pico (RP2040) has about 190 KB of heap.
QEMU_HEAP = 256 * 1024
UNIX32_FLAGS = ["VARIANT=standard", "CROSS_COMPILE=i686-linux-gnu-", "MICROPY_PY_BTREE=0",
                "MICROPY_PY_FFI=0", "MICROPY_PY_SSL=0",
                "LDFLAGS_EXTRA=-static"]  # static: runs without the i386 C library installed

TOOLS = {"qemu": ("make", "gcc", "arm-none-eabi-gcc", "qemu-system-arm"),  # gcc: mpy-cross
         "unix32": ("make", "gcc", "i686-linux-gnu-gcc")}


class BuildError(Exception):
    pass


def checkout():
    """The MicroPython checkout named by MICROPY_DIR, or None."""
    d = os.environ.get("MICROPY_DIR", "").strip()
    return os.path.abspath(d) if d else None


def unavailable(kind):
    """Why the `kind` ("qemu" or "unix32") builds cannot be made here, or None when they can."""
    d = checkout()
    if d is None:
        return "MICROPY_DIR is not set (a MicroPython checkout; .ci/run sets it)"
    if not os.path.isfile(os.path.join(d, "py", "mpconfig.h")):
        return "MICROPY_DIR=%s is not a MicroPython checkout (no py/mpconfig.h)" % d
    missing = [t for t in TOOLS[kind] if shutil.which(t) is None]
    if missing:
        return "not installed: %s (apt packages in .ci/run)" % ", ".join(missing)
    return None


# --- the source copy and the cache keys ---------------------------------------------------------
def _walk(top, rel):
    path = os.path.join(top, rel)
    if os.path.isfile(path):
        yield rel
        return
    for dirpath, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("build") and d != "__pycache__")
        for name in sorted(files):
            yield os.path.relpath(os.path.join(dirpath, name), top)


def sync_source(parts=SUBSET):
    """Copy the checkout's `parts` to build/micropython/src (files whose size or mtime changed);
    return a key of what was copied."""
    top = checkout()
    h = hashlib.sha256()
    for part in parts:
        if not os.path.exists(os.path.join(top, part)):
            continue  # an older or newer checkout may lack a folder it does not need
        for rel in _walk(top, part):
            src = os.path.join(top, rel)
            dst = os.path.join(SRC, rel)
            st = os.stat(src)
            h.update(("%s %d %d\n" % (rel, st.st_size, st.st_mtime_ns)).encode())
            try:
                dt = os.stat(dst)
                same = dt.st_size == st.st_size and dt.st_mtime_ns == st.st_mtime_ns
            except OSError:
                same = False
            if not same:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)  # not copy2: the checkout may be read-only
                os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))  # make compares mtimes
    return h.hexdigest()


def _app_key(extra=()):
    h = hashlib.sha256()
    files = [os.path.join(ROOT, "manifest.py"), fold.__file__] + list(extra)
    files += [os.path.join(ROOT, f) for f in fold.OTHERS]  # (they decide what fold.py keeps)
    for pkg in APP:
        for dirpath, dirs, names in os.walk(os.path.join(ROOT, pkg)):
            dirs.sort()
            files += [os.path.join(dirpath, n) for n in sorted(names) if n.endswith(".py")]
    for f in files:
        h.update(os.path.relpath(f, ROOT).encode())
        with open(f, "rb") as fh:
            h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()


def _cached(name, key, target, make):
    """Run make() unless build/micropython/<name>.key holds `key` and `target` exists."""
    stamp = os.path.join(OUT, name + ".key")
    try:
        with open(stamp) as f:
            if f.read() == key and os.path.exists(target):
                return target
    except OSError:
        pass
    make()
    if not os.path.exists(target):
        raise BuildError("%s: the build made no %s" % (name, target))
    with open(stamp, "w") as f:
        f.write(key)
    return target


def _make(subdir, args, log_name):
    jobs = "-j%d" % max(1, min(4, os.cpu_count() or 1))
    cmd = ["make", "-C", os.path.join(SRC, subdir), jobs] + args
    log = os.path.join(OUT, log_name + ".log")
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n")
        f.flush()
        # The ceiling keeps py/makeversionhdr.py's `git describe` from finding our repository
        # around build/: the firmware then reports the checkout's own version (py/mpconfig.h).
        env = dict(os.environ, GIT_CEILING_DIRECTORIES=OUT)
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    if p.returncode != 0:
        with open(log) as f:
            tail = f.read()[-3000:]
        raise BuildError("%s failed (log: %s):\n%s" % (" ".join(cmd), log, tail))


def _write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path, "w") as f:
            f.write(text)
    return path


def _manifests():
    """(frozen manifest for qemu, for unix, empty manifest, MPY_LIB_DIR)."""
    lib = os.path.join(OUT, "no-micropython-lib")
    # py/manifest.mk only checks that MPY_LIB_DIR holds a README.md: our manifest needs nothing
    # from micropython-lib.
    _write(os.path.join(lib, "README.md"), "Stands in for micropython-lib: nothing is used.\n")
    app = 'include("$(APP_DIR)/manifest.py")\n'  # APP_DIR: the folded copy (host_tools/building/fold.py)
    qemu = _write(os.path.join(OUT, "manifest-qemu.py"),
                  app + 'module("uart_console.py", base_path=%r)\n' % os.path.dirname(LAUNCHER))
    unix = _write(os.path.join(OUT, "manifest-unix.py"), app)
    empty = _write(os.path.join(OUT, "manifest-stock.py"), "# nothing frozen: a stock firmware\n")
    return qemu, unix, empty, lib


# --- the builds --------------------------------------------------------------------------------
def _ready(kind):
    why = unavailable(kind)
    if why:
        raise BuildError(why)
    os.makedirs(OUT, exist_ok=True)
    return sync_source()


def mpy_cross(src_key=None):
    """The checkout's mpy-cross (its .mpy match the firmware built from the same checkout)."""
    key = src_key or _ready("unix32")
    target = os.path.join(SRC, "mpy-cross", "build", "mpy-cross")
    return _cached("mpy-cross", key, target, lambda: _make("mpy-cross", [], "mpy-cross"))


def qemu_firmware(frozen):
    """firmware.elf of the Cortex-M3 board, with the app frozen or stock."""
    key = _ready("qemu")
    mpy_cross(key)
    qemu_m, _unix_m, empty, lib = _manifests()
    name = "qemu-frozen" if frozen else "qemu-stock"
    args = ["BOARD=" + QEMU_BOARD, "BUILD=build-tal-" + name, "MPY_LIB_DIR=" + lib,
            "MICROPY_HEAP_SIZE=%d" % QEMU_HEAP, "MICROPY_MANIFEST_APP_DIR=" + fold.tree(),
            "FROZEN_MANIFEST=" + (qemu_m if frozen else empty)]
    full = hashlib.sha256(("%s %s %s" % (key, args, _app_key([LAUNCHER]) if frozen else ""))
                          .encode()).hexdigest()
    target = os.path.join(SRC, "ports", "qemu", "build-tal-" + name, "firmware.elf")
    return _cached(name, full, target, lambda: _make("ports/qemu", args, name))


def unix32(frozen):
    """The 32-bit unix port binary, with the app frozen or nothing frozen."""
    key = _ready("unix32")
    mpy_cross(key)
    _qemu_m, unix_m, _empty, lib = _manifests()
    name = "unix32-frozen" if frozen else "unix32-plain"
    args = UNIX32_FLAGS + ["BUILD=build-tal-" + name, "PROG=micropython", "MPY_LIB_DIR=" + lib,
                           "MICROPY_MANIFEST_APP_DIR=" + fold.tree(),
                           "FROZEN_MANIFEST=" + (unix_m if frozen else "")]
    full = hashlib.sha256(("%s %s %s" % (key, args, _app_key() if frozen else ""))
                          .encode()).hexdigest()
    target = os.path.join(SRC, "ports", "unix", "build-tal-" + name, "micropython")
    return _cached(name, full, target, lambda: _make("ports/unix", args, name))


def mpy_tree():
    """build/micropython/mpy: engine/, firmware/, hardware/ compiled by the checkout's mpy-cross,
    the launcher beside them, and data/ (what the .mpy builds load)."""
    from host_tools.building import build_mpy

    out = os.path.join(OUT, "mpy")
    cross = mpy_cross()
    stamp = os.path.join(OUT, "mpy.key")
    key = "%s %d" % (cross, os.stat(cross).st_mtime_ns)
    try:
        with open(stamp) as f:
            same = f.read() == key
    except OSError:
        same = False
    if not same:  # another mpy-cross: build_mpy only compares mtimes, start afresh
        shutil.rmtree(out, ignore_errors=True)
    build_mpy.build(out, APP, cross=cross)
    with open(stamp, "w") as f:
        f.write(key)
    dst = os.path.join(out, "uart_console.mpy")
    if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(LAUNCHER):
        subprocess.run([cross, "-s", "uart_console.py", "-o", dst, LAUNCHER], check=True)
    return out


def data_dir():
    """build/micropython/run: a current directory holding only data/ (frozen builds: no
    engine/ there to shadow the frozen one, since '' comes first in sys.path)."""
    from host_tools.building import build_mpy

    out = os.path.join(OUT, "run")
    build_mpy.copy_data(out)
    return out


def _romfs(name, stage):
    img = os.path.join(OUT, name + ".romfs")
    tmp = img + ".tmp"
    # mpremote's own image builder; the staging folder holds .mpy files already (compiled by the
    # checkout's mpy-cross), which it stores as they are.
    p = subprocess.run([sys.executable, "-m", "mpremote", "romfs", "-o", tmp, "build", stage],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise BuildError("mpremote romfs build %s failed: %s" % (stage, p.stderr or p.stdout))
    os.replace(tmp, img)
    return img


def _stage(name, with_code):
    stage = os.path.join(OUT, name)
    shutil.rmtree(stage, ignore_errors=True)
    src = mpy_tree() if with_code else data_dir()
    for top in (APP if with_code else ()) + ("data",):
        shutil.copytree(os.path.join(src, top), os.path.join(stage, top),
                        ignore=shutil.ignore_patterns("*.py", "README.md"))
    if with_code:
        shutil.copy(os.path.join(src, "uart_console.mpy"), stage)
    return stage


def _tree_key(top):
    h = hashlib.sha256()
    for dirpath, dirs, files in os.walk(top):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(dirpath, f)
            h.update(os.path.relpath(p, top).encode())
            with open(p, "rb") as fh:
                h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()


def romfs_image(with_code):
    """The ROMFS image the qemu board mounts at /rom: the app as .mpy and data/ (for the stock
    firmware), or data/ alone (for the frozen one: the board's filesystem)."""
    name = "romfs-app" if with_code else "romfs-data"
    stage = _stage(name + "-stage", with_code)
    img = os.path.join(OUT, name + ".romfs")
    return _cached(name, _tree_key(stage), img, lambda: _romfs(name, stage))


def romfs_with(with_code, extra):
    """romfs_image's image with the files `extra` ({name: bytes}) beside data/ (a program's
    input on qemu: ports.Port.run_code); one per content, kept."""
    stage = _stage("romfs-run-%d" % os.getpid(), with_code)
    for name, data in extra.items():
        with open(os.path.join(stage, name), "wb") as f:
            f.write(data)
    img = os.path.join(OUT, "romfs-run-%s.romfs" % _tree_key(stage)[:16])
    if not os.path.exists(img):
        os.replace(_romfs("romfs-run-%d" % os.getpid(), stage), img)
    shutil.rmtree(stage, ignore_errors=True)
    return img


def build(which="all", out=sys.stdout):
    """Make every build of `which` ("qemu", "unix32" or "all"); print where they are."""
    done = []
    if which in ("qemu", "all"):
        done += [("qemu, app frozen", qemu_firmware(True)), ("qemu data ROMFS", romfs_image(False)),
                 ("qemu, stock", qemu_firmware(False)), ("qemu app ROMFS", romfs_image(True))]
    if which in ("unix32", "all"):
        done += [("unix 32-bit, app frozen", unix32(True)), ("unix 32-bit", unix32(False)),
                 (".mpy of the checkout's mpy-cross", mpy_tree())]
    for label, path in done:
        out.write("%-34s %s\n" % (label, os.path.relpath(path, ROOT)))


def main(argv):
    """[qemu|unix32|all] [--optional]: with --optional, a machine that cannot build (no
    MICROPY_DIR, no toolchain) is told why and it is not an error (make test)."""
    optional = "--optional" in argv
    args = [a for a in argv[1:] if a != "--optional"]
    which = args[0] if args else "all"
    if which not in ("qemu", "unix32", "all"):
        sys.stderr.write("usage: python -m host_tools.building.micropython_builds [qemu|unix32|all] "
                         "[--optional]\n")
        return 2
    if optional:
        why = [unavailable(k) for k in (("qemu", "unix32") if which == "all" else (which,))]
        why = [w for w in why if w]
        if why:
            sys.stderr.write("32-bit builds skipped: %s\n" % "; ".join(sorted(set(why))))
            return 0
    try:
        build(which)
    except BuildError as e:
        sys.stderr.write("error: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
