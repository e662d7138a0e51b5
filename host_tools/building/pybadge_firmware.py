"""`make firmware-pybadge`: MicroPython for the Adafruit PyBadge with the whole app frozen in,
`dist/tal-pybadge.uf2`, from a MicroPython checkout (`MICROPY_DIR`, with its submodules).

The samd port builds it, for the board folder hardware/ADAFRUIT_PYBADGE (pins, the trimmed
features and why: its README.md), with manifest.py's packages (their folded copy,
host_tools/building/fold.py), the port's `_boot.py` (it mounts the QSPI flash's littlefs at /)
and the app's `main.py`, which picks the board's profile.  The checkout is only read: the folders
the build needs are copied to build/micropython/src as for the 32-bit builds
(host_tools/building/micropython_builds.py), and the build runs again only when an input changed.

The UF2 is for the board's UF2 bootloader (family SAMD51, written from 0x4000: the bootloader's
own 16 KB stay).  `check_uf2` and `size` read what the build made; tests/test_pybadge_firmware.py
holds the image to its code region with MARGIN to spare.  Nothing here has run on a badge.

Usage: python -m host_tools.building.pybadge_firmware [--optional]   (make firmware-pybadge)
"""

import hashlib
import os
import shutil
import struct
import sys

from host_tools.building import fold, micropython_builds as mb

ROOT = mb.ROOT
BOARD_DIR = os.path.join(ROOT, "hardware", "ADAFRUIT_PYBADGE")
MAIN = os.path.join(ROOT, "firmware", "boards", "micropython", "main.py")
UF2 = os.path.join(ROOT, "dist", "tal-pybadge.uf2")
NAME = "samd-pybadge"
BUILD = os.path.join(mb.SRC, "ports", "samd", "build-tal-pybadge")

# What the samd port needs of a checkout beyond the 32-bit builds' folders: its submodules only
# in part (asf4 for the SAMD51, CMSIS's core headers, tinyusb's sources).
SAMD = ("ports/samd", "drivers", "lib/asf4/samd51", "lib/CMSIS_6/CMSIS/Core/Include",
        "lib/tinyusb/src", "tools/boardgen.py", "tools/uf2conv.py", "tools/uf2families.json")
TOOLS = ("make", "gcc", "arm-none-eabi-gcc")  # gcc: mpy-cross

CODE_REGION = 496 * 1024  # the board's MICROPY_HW_CODESIZE: all the flash after the bootloader
MARGIN = 16 * 1024  # what the image must leave of it, so that a growing app is caught early
FLASH_START = 0x4000  # after the UF2 bootloader (TEXT0)
UF2_FAMILY = 0x55114460  # SAMD51 (tools/uf2families.json)
# -O3: no line numbers in the frozen bytecode (tracebacks name the function only): about 7 KB
MPY_CROSS_FLAGS = "-march=armv7m -O3"


def unavailable():
    """Why the image cannot be built here, or None."""
    d = mb.checkout()
    if d is None:
        return "MICROPY_DIR is not set (a MicroPython checkout; .ci/run sets it)"
    if not os.path.isfile(os.path.join(d, "ports", "samd", "Makefile")):
        return "MICROPY_DIR=%s has no ports/samd/Makefile: not a MicroPython checkout" % d
    if not os.path.isdir(os.path.join(d, "lib", "asf4", "samd51")) or not os.path.isdir(
            os.path.join(d, "lib", "tinyusb", "src")):
        return ("MICROPY_DIR=%s lacks the samd port's submodules (make -C ports/samd "
                "submodules)" % d)
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        return "not installed: %s (apt packages in .ci/run)" % ", ".join(missing)
    return None


def manifest():
    """The frozen manifest: the port's _boot.py, the app (manifest.py), its main.py."""
    _q, _u, _e, lib = mb._manifests()  # (and the stand-in for micropython-lib)
    text = ("# Written by `make firmware-pybadge` (host_tools/building/pybadge_firmware.py).\n"
            "freeze(\"$(PORT_DIR)/modules\")  # _boot.py: mounts the QSPI flash's littlefs at /\n"
            "include(\"$(APP_DIR)/manifest.py\")\n"
            "module(\"main.py\", base_path=\"$(APP_DIR)/firmware/boards/micropython\")\n")
    return mb._write(os.path.join(mb.OUT, "manifest-pybadge.py"), text), lib


def _board_files():
    return [os.path.join(BOARD_DIR, n) for n in sorted(os.listdir(BOARD_DIR))
            if not n.endswith(".md")]


def _args():
    man, lib = manifest()
    return ["BOARD_DIR=" + BOARD_DIR, "BUILD=" + BUILD, "MPY_LIB_DIR=" + lib,
            "FROZEN_MANIFEST=" + man, "MICROPY_MANIFEST_APP_DIR=" + fold.tree(),
            "MPY_CROSS_FLAGS=" + MPY_CROSS_FLAGS]


def _forget_lists_if_the_board_changed():
    """The build collects its lists of modules and names file by file and never drops an entry
    when a file no longer has any: a module switched off in the board folder would stay
    registered (the link fails: undefined mp_module_json) and its names would stay in the image.
    Nor does it write the frozen code's C again when the firmware's own names change (it would
    name MP_QSTR_json, gone).  So when the board folder changed, both are made afresh (genhdr/
    and frozen_content.c): the C is all compiled again (about a minute)."""
    h = hashlib.sha256()
    for path in _board_files():
        with open(path, "rb") as f:
            h.update(os.path.basename(path).encode() + b"\0" + f.read() + b"\0")
    stamp = os.path.join(BUILD, "board.key")
    try:
        with open(stamp) as f:
            if f.read() == h.hexdigest():
                return
    except OSError:
        pass
    shutil.rmtree(os.path.join(BUILD, "genhdr"), ignore_errors=True)
    if os.path.exists(os.path.join(BUILD, "frozen_content.c")):
        os.remove(os.path.join(BUILD, "frozen_content.c"))
    os.makedirs(BUILD, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(h.hexdigest())


def build():
    """Build the image (when an input changed); copy it to dist/tal-pybadge.uf2; return that."""
    why = unavailable()
    if why:
        raise mb.BuildError(why)
    os.makedirs(mb.OUT, exist_ok=True)
    key = mb.sync_source(mb.SUBSET + SAMD)
    mb.mpy_cross(mb.sync_source())  # the 32-bit builds' key: theirs is the same compiler
    args = _args()
    full = hashlib.sha256(("%s %s %s" % (key, args, mb._app_key(_board_files() + [MAIN])))
                          .encode()).hexdigest()

    def make():
        _forget_lists_if_the_board_changed()
        mb._make("ports/samd", args, NAME)

    made = mb._cached(NAME, full, os.path.join(BUILD, "firmware.uf2"), make)
    os.makedirs(os.path.dirname(UF2), exist_ok=True)
    if not os.path.exists(UF2) or open(UF2, "rb").read() != open(made, "rb").read():
        shutil.copyfile(made, UF2)
    return UF2


# --- what the build made ----------------------------------------------------------------------
def size():
    """Bytes the image takes of its code region (firmware.bin: code, then the RAM's initial data)."""
    return os.path.getsize(os.path.join(BUILD, "firmware.bin"))


def heap():
    """Bytes of the image's heap: the RAM between its static data and its C stack (the ELF's
    _sheap and _eheap)."""
    import subprocess

    nm = subprocess.run(["arm-none-eabi-nm", os.path.join(BUILD, "firmware.elf")],
                        capture_output=True, text=True, check=True).stdout
    sym = {w[2]: int(w[0], 16) for w in (l.split() for l in nm.splitlines()) if len(w) == 3}
    return sym["_eheap"] - sym["_sheap"]


def config(names):
    """{name: value} of the configuration macros `names` as the image's C code sees them (the
    port's clock set-up preprocessed with the build's own flags; None: not defined)."""
    pp = os.path.join(BUILD, "mcu", "samd51", "clock_config.pp")
    mb._make("ports/samd", _args() + [pp], NAME + "-config")
    got = dict.fromkeys(names)
    with open(pp, errors="replace") as f:
        for line in f:
            words = line.split(None, 2)
            if len(words) >= 2 and words[0] in ("#define", "#undef") and words[1] in got:
                got[words[1]] = words[2].strip() if words[0] == "#define" else None
    return got


def check_uf2(path=UF2):
    """(family, first address, bytes) of a UF2 file; ValueError if a block is not a UF2 block of
    one family, or the blocks do not run on from the first address without a gap."""
    with open(path, "rb") as f:
        data = f.read()
    if not data or len(data) % 512:
        raise ValueError("%s: not whole 512-byte UF2 blocks" % path)
    family = start = None
    nxt = None
    total = 0
    count = len(data) // 512
    for i in range(count):
        blk = data[512 * i:512 * (i + 1)]
        m0, m1, flags, addr, n, seq, blocks, fam = struct.unpack("<8I", blk[:32])
        if (m0, m1, struct.unpack("<I", blk[508:])[0]) != (0x0A324655, 0x9E5D5157, 0x0AB16F30):
            raise ValueError("%s: block %d is not a UF2 block" % (path, i))
        if not flags & 0x2000:
            raise ValueError("%s: block %d names no family" % (path, i))
        if (seq, blocks) != (i, count):
            raise ValueError("%s: block %d is numbered %d of %d" % (path, i, seq, blocks))
        if family is None:
            family, start, nxt = fam, addr, addr
        if fam != family or addr != nxt:
            raise ValueError("%s: block %d at 0x%x, family 0x%x" % (path, i, addr, fam))
        nxt += n
        total += n
    return family, start, total


def frozen_modules():
    """The names of the modules frozen into the image (from the build's frozen_content.c)."""
    with open(os.path.join(BUILD, "frozen_content.c"), errors="replace") as f:
        text = f.read()
    import re

    names = text.split("mp_frozen_names[] = {", 1)[1].split("};", 1)[0]
    return re.findall(r'^\s*"([^"]+)\\0"', names, re.M)


def report(write=sys.stdout.write, tour=None):
    """Size and margin of the image (`make bench`), its heap, and `tour` (bytes: the frozen
    tour's smallest heap, measured on unix32-frozen); says why when it cannot be built here."""
    why = unavailable()
    if why:
        write("  skipped: %s\n" % why)
        return
    uf2 = build()
    n = size()
    family, start, total = check_uf2(uf2)
    write("  %s: %d bytes of the %d KB code region, %.1f KB to spare (at least %d KB: %s)\n" % (
        os.path.relpath(uf2, ROOT), n, CODE_REGION // 1024, (CODE_REGION - n) / 1024.0,
        MARGIN // 1024, "met" if CODE_REGION - n >= MARGIN else "*NOT MET*"))
    write("  UF2: family 0x%08x, from 0x%x, %d bytes; %d modules frozen\n" % (
        family, start, total, len(frozen_modules())))
    write("  heap on the badge: %.1f KB; the tour of every screen with the console, app frozen: "
          "%s (unix 32-bit; RAM table above)\n" % (
              heap() / 1024.0, "%.1f KB" % (tour / 1024.0) if tour else "not measured"))


def main(argv):
    """[--optional]: with --optional, a machine that cannot build it is told why, not an error."""
    why = unavailable()
    if why and "--optional" in argv:
        sys.stderr.write("PyBadge firmware skipped: %s\n" % why)
        return 0
    try:
        uf2 = build()
    except mb.BuildError as e:
        sys.stderr.write("error: %s\n" % e)
        return 1
    n = size()
    sys.stdout.write("%s: %d bytes, %.1f KB of the %d KB code region to spare. Install it with "
                     "make install-pybadge, MOUNT=the CIRCUITPY drive when the badge runs "
                     "CircuitPython: the image erases it, the campaign is saved first "
                     "(hardware/pybadge.md)\n" % (
                         os.path.relpath(uf2, ROOT), n, (CODE_REGION - n) / 1024.0,
                         CODE_REGION // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
