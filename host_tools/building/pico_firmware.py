"""`make firmware`: MicroPython for the Pico with the app frozen in (manifest.py), from a MicroPython
checkout (`MICROPY_DIR=...`) with the Pico SDK (its lib/pico-sdk submodule), cmake and
arm-none-eabi-gcc.

Frozen code runs from flash: its bytecode takes no heap.  Flash build/rp2-BOARD/firmware.uf2 (hold
BOOTSEL while plugging the Pico in, copy the file onto the RPI-RP2 drive), then `make deploy
PORT=...` sees the frozen app and copies only main.py and data/.

Usage: python -m host_tools.building.pico_firmware MICROPY_DIR [--board RPI_PICO] [--dry-run]
"""

import argparse
import os
import shutil
import subprocess
import sys

from host_tools.building import fold

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = (("cmake", "cmake"), ("arm-none-eabi-gcc", "gcc-arm-none-eabi libnewlib-arm-none-eabi"))


class FirmwareError(Exception):
    """The firmware cannot be built; the message says why and what to do."""


def board_manifest(micropy_dir, board):
    """The manifest frozen into the image: the board's usual one, then ours (its folded copy,
    host_tools/building/fold.py)."""
    own = os.path.join(micropy_dir, "ports", "rp2", "boards", board, "manifest.py")
    base = "$(BOARD_DIR)/manifest.py" if os.path.isfile(own) else "$(PORT_DIR)/boards/manifest.py"
    return ("# Written by `make firmware`: the board's frozen modules, then the TAL companion.\n"
            "include(%r)\ninclude(%r)\n" % (base, os.path.join(fold.tree(), "manifest.py")))


def commands(micropy_dir, board, build, manifest, jobs=2):
    """The command lines that build the image, in order (the Pico SDK fetched when missing)."""
    rp2 = os.path.join(micropy_dir, "ports", "rp2")
    cmds = []
    if not os.path.isfile(os.path.join(micropy_dir, "lib", "pico-sdk", "README.md")):
        cmds.append(["make", "-C", rp2, "BOARD=" + board, "submodules"])
    cmds.append(["make", "-C", os.path.join(micropy_dir, "mpy-cross"), "-j%d" % jobs])
    cmds.append(["make", "-C", rp2, "-j%d" % jobs, "BOARD=" + board, "BUILD=" + build,
                 "FROZEN_MANIFEST=" + manifest])
    return cmds


def check(micropy_dir, board, which=shutil.which):
    """FirmwareError unless the checkout, the board and the tools are there."""
    if not micropy_dir:
        raise FirmwareError("say where your MicroPython checkout is: make firmware "
                            "MICROPY_DIR=/path/to/micropython (git clone of micropython)")
    rp2 = os.path.join(micropy_dir, "ports", "rp2")
    if not os.path.isfile(os.path.join(rp2, "Makefile")):
        raise FirmwareError("%s has no ports/rp2/Makefile: not a MicroPython checkout" % micropy_dir)
    if not os.path.isdir(os.path.join(rp2, "boards", board)):
        raise FirmwareError("%s has no board %s (ports/rp2/boards/): RPI_PICO, RPI_PICO_W, "
                            "RPI_PICO2, RPI_PICO2_W are the Raspberry Pi ones" % (micropy_dir, board))
    missing = [pkg for tool, pkg in TOOLS if not which(tool)]
    if missing:
        raise FirmwareError("the rp2 build needs %s (Debian/Ubuntu: apt install %s)" % (
            " and ".join(t for t, p in TOOLS if p in missing), " ".join(missing)))


def build(micropy_dir, board="RPI_PICO", run=subprocess.run, out=sys.stdout, which=shutil.which,
          dry_run=False):
    """Build the frozen firmware; return the path of its .uf2."""
    check(micropy_dir, board, which)
    micropy_dir = os.path.abspath(micropy_dir)
    build_dir = os.path.join(ROOT, "build", "rp2-" + board)
    manifest = os.path.join(ROOT, "build", "rp2-manifest.py")
    os.makedirs(os.path.dirname(manifest), exist_ok=True)
    with open(manifest, "w") as f:
        f.write(board_manifest(micropy_dir, board))
    for argv in commands(micropy_dir, board, build_dir, manifest):
        out.write("$ %s\n" % " ".join(argv))
        out.flush()
        if dry_run:
            continue
        try:
            p = run(argv)
        except OSError as e:
            raise FirmwareError("cannot run %s: %s" % (argv[0], e.strerror))
        if p.returncode != 0:
            raise FirmwareError("%s failed (exit status %d): see its output above" % (
                " ".join(argv[:4]), p.returncode))
    uf2 = os.path.join(build_dir, "firmware.uf2")
    out.write("%s: hold BOOTSEL while plugging the Pico in, copy it onto the RPI-RP2 drive; then "
              "make deploy PORT=... copies main.py and data/\n" % uf2)
    return uf2


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.building.pico_firmware",
                                description="MicroPython for the Pico with the app frozen in.")
    p.add_argument("micropy_dir", nargs="?", help="a MicroPython checkout (MICROPY_DIR)")
    p.add_argument("--board", default="RPI_PICO", help="rp2 board (RPI_PICO, RPI_PICO2, ...)")
    p.add_argument("--dry-run", action="store_true", help="print the commands, run none")
    a = p.parse_args(argv)
    try:
        build(a.micropy_dir, a.board, dry_run=a.dry_run)
    except FirmwareError as e:
        sys.stderr.write("error: %s\n" % e)
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("error: interrupted\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
