"""The PyBadge's firmware image (`make firmware-pybadge`, host_tools/building/pybadge_firmware.py),
built from MICROPY_DIR as CI does, held to what a badge needs: it fits its code region with
MARGIN to spare (so a growing app is caught the day it grows), it is a UF2 for the badge's
bootloader, the whole app is frozen in, and the board is configured as the PyBadge is built
(no 32 kHz crystal, the emitters and the unused modules out).  Nothing here runs on a badge.
Skipped without MICROPY_DIR or the arm toolchain; the build is kept in build/ between runs."""

import os
import subprocess

import pytest

from conftest import ROOT
from host_tools.building import micropython_builds, pybadge_firmware as pf

WHY = pf.unavailable()
needs_image = pytest.mark.skipif(WHY is not None, reason="PyBadge firmware: %s" % WHY)


@pytest.fixture(scope="module")
def image():
    try:
        return pf.build()
    except micropython_builds.BuildError as e:
        pytest.fail("the PyBadge firmware does not build: %s" % e)


@needs_image
def test_the_image_fits_its_code_region_with_room_to_spare(image):
    size = pf.size()
    assert size + pf.MARGIN <= pf.CODE_REGION, (
        "the PyBadge image takes %d of its %d bytes: %.1f KB to spare, less than %d KB"
        % (size, pf.CODE_REGION, (pf.CODE_REGION - size) / 1024.0, pf.MARGIN // 1024))


@needs_image
def test_the_uf2_is_for_the_badges_bootloader(image):
    family, start, total = pf.check_uf2(image)
    assert family == 0x55114460  # SAMD51
    assert start == 0x4000  # after the bootloader's 16 KB
    assert pf.size() <= total < pf.size() + 256  # the whole image, in 256-byte blocks
    assert start + total <= 0x4000 + pf.CODE_REGION


@needs_image
def test_the_whole_app_is_frozen_in(image):
    frozen = set(pf.frozen_modules())
    assert {"_boot.py", "main.py"} <= frozen  # the filesystem mounted; the app started
    for pkg in ("engine", "firmware", "hardware"):
        for dirpath, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                rel = os.path.relpath(os.path.join(dirpath, name), ROOT).replace(os.sep, "/")
                if name.endswith(".py") and not name == "manifest.py":
                    assert rel in frozen, rel


@needs_image
def test_the_board_is_configured_as_the_pybadge_is_built(image):
    got = pf.config(["MICROPY_HW_XOSC32K", "MICROPY_HW_DFLL_USB_SYNC", "MICROPY_HW_QSPIFLASH",
                     "MICROPY_EMIT_THUMB", "MICROPY_EMIT_INLINE_THUMB", "MICROPY_VFS_FAT",
                     "MICROPY_VFS_LFS2", "MICROPY_VFS_ROM", "MICROPY_HW_CODESIZE",
                     "MICROPY_PY_MACHINE_BITSTREAM", "MICROPY_PY_MACHINE_DAC"])
    assert got["MICROPY_HW_XOSC32K"] == "(0)"  # no crystal: waiting for it would hang at start
    assert got["MICROPY_HW_DFLL_USB_SYNC"] == "(1)"
    assert "GD25Q16C" in got["MICROPY_HW_QSPIFLASH"]  # the filesystem on the QSPI flash
    assert got["MICROPY_EMIT_THUMB"] == got["MICROPY_EMIT_INLINE_THUMB"] == "(0)"
    assert got["MICROPY_VFS_FAT"] == "(0)" and got["MICROPY_VFS_ROM"] == "0"
    assert got["MICROPY_VFS_LFS2"] == "1"
    assert got["MICROPY_HW_CODESIZE"] == str(pf.CODE_REGION // 1024)
    assert got["MICROPY_PY_MACHINE_BITSTREAM"] == got["MICROPY_PY_MACHINE_DAC"] == "(1)"


@needs_image
def test_what_the_app_does_not_use_is_left_out(image):
    nm = subprocess.run(["arm-none-eabi-nm", os.path.join(pf.BUILD, "firmware.elf")],
                        capture_output=True, text=True, check=True).stdout
    symbols = {line.split()[-1] for line in nm.splitlines()}
    for gone in ("mp_module_re", "mp_module_deflate", "mp_module_uctypes", "mp_module_asyncio",
                 "mp_fat_vfs_type", "emit_native_thumb_method_table",
                 "emit_inline_thumb_method_table", "machine_i2c_target_type", "mp_module_math",
                 "mp_module_json", "mp_module_collections", "mp_module_heapq",
                 "mp_module_platform", "mp_module_onewire", "machine_uart_type",
                 "machine_adc_type", "mp_machine_soft_i2c_type", "mp_machine_soft_spi_type",
                 "machine_usb_device_type", "mp_builtin_help_obj", "mp_type_template"):
        assert gone not in symbols, gone
    for kept in ("mp_module_framebuf", "mp_type_vfs_lfs2", "machine_dac_type", "machine_i2c_type",
                 "machine_spi_type", "mp_module_select", "mp_module_binascii", "mp_module_random",
                 "mp_module_io",
                 "mp_module_hashlib"):  # make deploy: the player's edited data files told apart
        assert kept in symbols, kept


# What the image leaves out (hardware/ADAFRUIT_PYBADGE/mpconfigboard.h): modules, machine's
# classes, builtins.  The tests run the app on other builds, which have them all.
LEFT_OUT = {"math", "cmath", "json", "collections", "heapq", "platform", "re", "deflate",
            "uctypes", "asyncio", "onewire"}
LEFT_OUT_MACHINE = {"UART", "ADC", "SoftI2C", "SoftSPI", "USBDevice", "I2CTarget"}
LEFT_OUT_BUILTINS = {"help"}
# Modules that never run on the badge: the web page's board and screen (its MicroPython is the
# WebAssembly port's, which has json and uctypes).
ELSEWHERE = {"hardware/web.py": {"json"}, "firmware/display_web.py": {"uctypes"}}


def left_out_uses(rel, source):
    """(line, name) of what `source` (the file `rel`) uses of what the image leaves out."""
    import ast

    found = []
    for n in ast.walk(ast.parse(source)):
        names = []
        if isinstance(n, ast.Import):
            names = [a.name.split(".")[0] for a in n.names]
        elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
            names = [n.module.split(".")[0]]
            if n.module == "machine":
                names += ["machine." + a.name for a in n.names]
        elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) \
                and n.value.id == "machine":
            names = ["machine." + n.attr]
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
            names = [n.func.id + "()"]
            if n.func.id == "__import__" and n.args and isinstance(n.args[0], ast.Constant):
                names.append(str(n.args[0].value).split(".")[0])
        for name in names:
            gone = (name in LEFT_OUT or name[8:] in LEFT_OUT_MACHINE and name[:8] == "machine."
                    or name[:-2] in LEFT_OUT_BUILTINS and name[-2:] == "()")
            if gone and name not in ELSEWHERE.get(rel, ()):
                found.append((n.lineno, name))
    return sorted(found)


def test_the_app_uses_nothing_the_image_leaves_out():
    found = []
    for pkg in ("engine", "firmware", "hardware"):
        for dirpath, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                    with open(path, encoding="utf-8") as f:
                        found += ["%s:%d: %s" % ((rel,) + u) for u in left_out_uses(rel, f.read())]
    assert not found, "the PyBadge image has none of these (turn it on in its board folder, " \
        "with the flash it costs): %s" % "; ".join(found)


def test_a_use_of_what_the_image_leaves_out_is_found():
    src = ("import math\nfrom collections import deque\nfrom machine import Pin, UART\n"
           "import machine\nmachine.ADC(0)\nhelp()\n__import__('heapq')\nimport json\n"
           "import engine.core\nfrom . import json\n")
    assert left_out_uses("firmware/x.py", src) == [
        (1, "math"), (2, "collections"), (3, "machine.UART"), (5, "machine.ADC"), (6, "help()"),
        (7, "heapq"), (8, "json")]
    assert left_out_uses("hardware/web.py", "import json\n") == []


def test_a_changed_board_folder_makes_the_builds_module_lists_afresh(tmp_path, monkeypatch):
    # The samd build keeps a module's registration once collected, and the frozen code's C as
    # first written: a module switched off in the board folder failed a warm build.
    board, build = tmp_path / "board", tmp_path / "build"
    board.mkdir()
    (board / "mpconfigboard.h").write_text("#define MICROPY_PY_RE (0)\n")
    monkeypatch.setattr(pf, "BOARD_DIR", str(board))
    monkeypatch.setattr(pf, "BUILD", str(build))
    stale = (build / "genhdr" / "module" / "extmod__modjson.c.module", build / "frozen_content.c")

    def collected():
        stale[0].parent.mkdir(parents=True, exist_ok=True)
        stale[0].write_text("MP_REGISTER_EXTENSIBLE_MODULE(MP_QSTR_json, mp_module_json);\n")
        stale[1].write_text("    MP_QSTR_json,\n")

    collected()
    pf._forget_lists_if_the_board_changed()
    assert not any(p.exists() for p in stale)  # a build from before the stamp: not trusted
    collected()
    pf._forget_lists_if_the_board_changed()
    assert all(p.exists() for p in stale)  # the board as it was: the build goes on incrementally
    (board / "mpconfigboard.h").write_text("#define MICROPY_PY_JSON (0)\n")
    pf._forget_lists_if_the_board_changed()
    assert not any(p.exists() for p in stale)


def test_check_uf2_refuses_what_a_bootloader_would_not_take(tmp_path):
    import struct

    def block(i, n, addr, family=0x55114460, flags=0x2000):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, flags, addr, 256, i, n, family)
        return head + bytes(476 - 0) + struct.pack("<I", 0x0AB16F30)

    good = tmp_path / "good.uf2"
    good.write_bytes(block(0, 2, 0x4000) + block(1, 2, 0x4100))
    assert pf.check_uf2(str(good)) == (0x55114460, 0x4000, 512)
    for name, data in (("gap", block(0, 2, 0x4000) + block(1, 2, 0x4200)),
                       ("family", block(0, 2, 0x4000) + block(1, 2, 0x4100, family=0x68ed2b88)),
                       ("count", block(0, 3, 0x4000) + block(1, 3, 0x4100)),
                       ("no family", block(0, 1, 0x4000, flags=0)),
                       ("torn", block(0, 1, 0x4000)[:300])):
        bad = tmp_path / (name.replace(" ", "_") + ".uf2")
        bad.write_bytes(data)
        with pytest.raises(ValueError):
            pf.check_uf2(str(bad))
