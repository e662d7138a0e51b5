"""A game pack can be left out of a build (manifest.py's options exp3 and golan), and a build
without it refuses the pack's commands clearly while the rest plays on."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import MICROPYTHON, MPY_DIR, ensure_mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _frozen(**options):
    """The target paths manifest.py freezes with these options (MicroPython's own reader)."""
    checkout = os.environ.get("MICROPY_DIR")
    tools = checkout and os.path.join(checkout, "tools")
    if not tools or not os.path.exists(os.path.join(tools, "manifestfile.py")):
        pytest.skip("no MicroPython checkout (MICROPY_DIR=...; .ci/run sets it) for "
                    "tools/manifestfile.py")
    sys.path.insert(0, tools)
    try:
        import manifestfile
    finally:
        sys.path.remove(tools)
    m = manifestfile.ManifestFile(manifestfile.MODE_FREEZE, {"MPY_DIR": tools})
    m.include(os.path.join(ROOT, "manifest.py"), **options)
    return sorted(f.target_path.replace(os.sep, "/") for f in m.files())


def test_the_manifest_freezes_every_pack_by_default():
    files = _frozen()
    assert "engine/core/protocol.py" in files and "engine/tal/cups/rules.py" in files
    assert "engine/exp3/cmd_cas.py" in files and "engine/golan/commands.py" in files
    assert not [f for f in files if f.endswith("manifest.py")]


@pytest.mark.parametrize("pack", ["exp3", "golan"])
def test_a_pack_left_out_freezes_none_of_its_files(pack):
    files = _frozen(**{pack: False})
    assert not [f for f in files if f.startswith("engine/%s/" % pack)]
    other = "golan" if pack == "exp3" else "exp3"
    assert [f for f in files if f.startswith("engine/%s/" % other)]
    assert "engine/tal/cmd_game.py" in files


def test_a_build_without_a_pack_refuses_its_commands(tmp_path):
    if not os.path.exists(MICROPYTHON):
        pytest.skip("no MicroPython unix port in the venv")
    ensure_mpy()
    tree = tmp_path / "mpy"
    shutil.copytree(MPY_DIR, tree)
    shutil.rmtree(tree / "engine" / "golan")
    lines = ["game golan", "golan", "mine list", "roll 2d6"]
    p = subprocess.run([MICROPYTHON, "-m", "firmware.console"], cwd=tree,
                       env=dict(os.environ, MICROPYPATH="."), capture_output=True, timeout=120,
                       input="".join(l + "\n" for l in lines).encode())
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr.decode()
    got = [json.loads(l) for l in p.stdout.decode().splitlines()]
    refusal = {"ok": False, "error": "state", "msg": "cannot load this command: ImportError"}
    assert got[1] == refusal and got[2] == refusal
    assert got[0]["ok"] is True and got[3]["ok"] is True
