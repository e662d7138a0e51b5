"""`make dist` (both trees, the zip), manifest.py (freezing) and package.json (mpremote mip)."""

import io
import json
import os
import subprocess
import sys
import zipfile

import pytest

from conftest import ROOT
from host_tools.building import build_mpy, dist


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    n_cp, n_mp, notes = dist.build(str(out), io.StringIO())
    return out, n_cp, n_mp, notes


def _app_sources():
    return [os.path.relpath(os.path.join(d, f), ROOT)
            for pkg in dist.packages()
            for d, _s, files in os.walk(os.path.join(ROOT, pkg)) if "__pycache__" not in d
            for f in files if f.endswith(".py") and f != "manifest.py"  # a pack's build input
            if not os.path.relpath(os.path.join(d, f), ROOT).startswith(dist.BOARDS + os.sep)]


def test_circuitpython_tree_holds_every_module_and_the_data(built):
    out, n_cp, _n_mp, _notes = built
    cp = out / "circuitpython"
    for rel in _app_sources():
        assert (cp / "lib" / rel).exists() or (cp / "lib" / (rel[:-3] + ".mpy")).exists(), rel
    for d, _s, files in os.walk(os.path.join(ROOT, "data")):
        for f in files:
            rel = os.path.relpath(os.path.join(d, f), ROOT)
            assert (cp / rel).read_bytes() == open(os.path.join(ROOT, rel), "rb").read()
    for name in dist.CP_ENTRY:
        src = os.path.join(ROOT, dist.BOARDS, "circuitpython", name)
        assert (cp / name).read_bytes() == open(src, "rb").read()
    assert not (cp / "lib" / dist.BOARDS).exists()
    font = os.path.join("firmware", "fonts", "glyphs.bin")  # read beside the code
    assert (cp / "lib" / font).read_bytes() == open(os.path.join(ROOT, font), "rb").read()
    assert os.path.join("lib", font) in n_cp
    assert not any(p.endswith(".pyc") or "__pycache__" in p for p in n_cp)


def test_the_zip_is_the_tree_and_reproducible(built, tmp_path):
    out = built[0]
    z = zipfile.ZipFile(str(out / "tal-circuitpython.zip"))
    tree = sorted(os.path.relpath(os.path.join(d, f), str(out / "circuitpython")).replace(os.sep, "/")
                  for d, _s, fs in os.walk(str(out / "circuitpython")) for f in fs)
    assert sorted(z.namelist()) == tree
    for name in tree:
        assert z.read(name) == (out / "circuitpython" / name).read_bytes()
    again = tmp_path / "again.zip"
    dist.zip_tree(str(out / "circuitpython"), str(again))
    assert again.read_bytes() == (out / "tal-circuitpython.zip").read_bytes()


def test_micropython_tree_is_mpy_files_that_run(built):
    """The .mpy tree imports and answers on the MicroPython unix port."""
    import subprocess

    from conftest import MICROPYTHON

    mp = built[0] / "micropython"
    for rel in _app_sources():
        assert (mp / (rel[:-3] + ".mpy")).read_bytes()[:1] == b"M", rel
    assert [p.name for p in mp.rglob("*.py")] == ["main.py"]
    font = os.path.join("firmware", "fonts", "glyphs.bin")
    assert (mp / font).read_bytes() == open(os.path.join(ROOT, font), "rb").read()
    assert (mp / "main.py").read_bytes() == open(
        os.path.join(ROOT, dist.BOARDS, "micropython", "main.py"), "rb").read()
    assert not (mp / dist.BOARDS).exists()
    p = subprocess.run([MICROPYTHON, "-X", "heapsize=64K", "-m", "firmware.console"], cwd=str(mp),
                       env=dict(os.environ, MICROPYPATH="."), input=b"seed 42\nroll 3d10\n",
                       capture_output=True, timeout=60)
    assert p.stdout.decode().splitlines()[1] == '{"ok":true,"dice":[4,1,8],"mod":0,"total":13}'


def test_bundle_libraries_are_found_transitively(tmp_path):
    src = tmp_path / "x.py"
    src.write_text("import board\nfrom adafruit_display_text import label\nimport adafruit_blinka\n")
    libs = dist.bundle_libraries([str(src)])
    assert "adafruit_display_text" in libs and "adafruit_blinka" not in libs


def _cp_compiler():
    """The CircuitPython mpy-cross `make circuitpython-mpy-cross` built (.ci/run builds it)."""
    if not os.path.isfile(dist.DEFAULT_CP_MPY_CROSS):
        why = ("no CircuitPython mpy-cross in build/: make circuitpython-mpy-cross "
               "CIRCUITPY_DIR=/path/to/circuitpython builds it")
        if os.environ.get("CI"):
            pytest.fail(why + " (.ci/run must)")
        pytest.skip(why)
    return dist.CircuitPythonCompiler(dist.DEFAULT_CP_MPY_CROSS, "test")


def test_circuitpython_lib_is_circuitpython_mpy_only(built):
    """Every module is CircuitPython-format bytecode (C\\x06): the PyBadge imports it without
    compiling sources in its own RAM.  dist/circuitpython.json says for which CircuitPython."""
    cross = _cp_compiler()
    out = built[0]
    lib = out / "circuitpython" / "lib"
    for rel in _app_sources():
        mpy = (lib / (rel[:-3] + ".mpy")).read_bytes()
        assert mpy[:2] == b"C\x06", rel
        assert build_mpy.source_name(mpy) == "/lib/" + rel[:-3] + ".mpy"  # the board's path
    assert [str(p) for p in lib.rglob("*.py")] == []
    info = json.loads((out / "circuitpython.json").read_text())
    assert info == {"lib": "mpy", "circuitpython": cross.major, "mpy_cross": cross.version}


def test_a_module_that_does_not_compile_is_one_clear_error(tmp_path):
    cross = _cp_compiler()
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n")
    with pytest.raises(dist.DistError) as e:
        cross.compile(str(bad), "engine/bad.py", str(tmp_path / "bad.mpy"))
    assert "engine/bad.py" in str(e.value) and "SyntaxError" in str(e.value)


def test_without_circuitpython_mpy_cross_dist_ships_sources_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setattr(dist, "build_micropython", lambda out, notes: [])  # not under test here
    out = io.StringIO()
    dist.build(str(tmp_path), out, cross=None)
    lib = tmp_path / "circuitpython" / "lib"
    assert (lib / "engine" / "core" / "rng.py").exists() and not list(lib.rglob("*.mpy"))
    assert json.loads((tmp_path / "circuitpython.json").read_text()) == {"lib": "py"}
    warning = [l for l in out.getvalue().splitlines() if l.startswith("warning:")]
    assert len(warning) == 1
    for words in ("compiles at each import", "run out of memory", "CIRCUITPY_MPY_CROSS=",
                  "make circuitpython-mpy-cross CIRCUITPY_DIR="):
        assert words in warning[0]


def test_a_missing_circuitpython_mpy_cross_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv("CIRCUITPY_MPY_CROSS", str(tmp_path / "nope"))
    with pytest.raises(dist.DistError) as e:
        dist.circuitpython_mpy_cross()
    assert "nope: no such file" in str(e.value)


def test_a_micropython_mpy_cross_is_refused_for_circuitpython(monkeypatch):
    """MicroPython's mpy-cross makes files CircuitPython refuses: it is not accepted for it."""
    from host_tools.building.build_mpy import mpy_cross

    monkeypatch.setenv("CIRCUITPY_MPY_CROSS", mpy_cross())
    with pytest.raises(dist.DistError) as e:
        dist.circuitpython_mpy_cross()
    assert "not CircuitPython's" in str(e.value)


def test_package_json_lists_every_engine_module_and_is_current():
    with open(os.path.join(ROOT, "package.json")) as f:
        pj = json.load(f)
    assert pj == dist.package_json(), "package.json is stale: run make dist"
    engine = sorted(p for p in _app_sources() if p.startswith("engine/"))
    assert sorted(u[0] for u in pj["urls"]) == engine


def test_mip_installs_the_engine_from_a_local_path():
    """mpremote's own mip code, on a fake board transport, installs engine/ from package.json."""
    from mpremote import mip

    class Board:
        def __init__(self):
            self.files = {}

        def fs_exists(self, p):
            return any(k == p or k.startswith(p + "/") for k in self.files)

        def fs_mkdir(self, p):
            pass

        def fs_writefile(self, p, data, progress_callback=None):
            self.files[p] = data

    b = Board()
    mip._install_json(b, os.path.join(ROOT, "package.json"), None, "/lib", None, False)
    for rel in (u[0] for u in dist.package_json()["urls"]):
        assert b.files["/lib/" + rel] == open(os.path.join(ROOT, rel), "rb").read()


def test_mip_github_urls_point_into_the_repository():
    from mpremote import mip

    url = mip._rewrite_url("github:someone/tal/engine/core/rng.py", None)
    assert url.endswith("/someone/tal/HEAD/engine/core/rng.py")


def test_manifest_freezes_every_device_package():
    """manifest.py (micropython-lib style) names engine (its own manifest), firmware and
    hardware, all present (tests/test_packs.py reads it with MicroPython's manifestfile)."""

    class Options:
        def defaults(self, **kw):
            self.__dict__.update(kw)

    calls = []
    env = {"options": Options(),"metadata": lambda **kw: calls.append(("metadata", kw)),
           "package": lambda p, **kw: calls.append(("package", p)),
           "module": lambda m, **kw: calls.append(("module", m)),
           "include": lambda p, **kw: calls.append(("include", p)),
           "require": lambda p, **kw: calls.append(("require", p))}
    with open(os.path.join(ROOT, "manifest.py")) as f:
        exec(compile(f.read(), "manifest.py", "exec"), env)
    pkgs = [c[1] for c in calls if c[0] in ("package", "include")]
    assert set(pkgs) == set(dist.APP_PACKAGES)
    for p in pkgs:
        assert os.path.exists(os.path.join(ROOT, p, "__init__.py")), p
    # No version: freezing would append a `__version__` global to every module (RAM, see
    # manifest.py); the version is package.json's and dist's.
    assert calls[0][0] == "metadata" and "version" not in calls[0][1]
    with open(os.path.join(ROOT, "package.json")) as f:
        assert json.load(f)["version"] == dist.VERSION


def test_frozen_names_is_current():
    """frozen_names.py names every module of the app as it is today (a module added or renamed
    would otherwise have its names made in RAM again on a frozen build: tests/test_ports.py)."""
    from host_tools.building import frozen_names

    with open(frozen_names.TARGET) as f:
        assert f.read() == frozen_names.source(), "run: python -m host_tools.building.frozen_names"


def _micropython_checkout(tmp_path, boards=("RPI_PICO",), sdk=False):
    """The parts of a MicroPython checkout `make firmware` looks at."""
    top = tmp_path / "micropython"
    (top / "ports" / "rp2" / "boards").mkdir(parents=True)
    (top / "ports" / "rp2" / "Makefile").write_text("# rp2\n")
    (top / "ports" / "rp2" / "boards" / "manifest.py").write_text("# the port's frozen modules\n")
    for b in boards:
        (top / "ports" / "rp2" / "boards" / b).mkdir(parents=True)
    if sdk:
        (top / "lib" / "pico-sdk").mkdir(parents=True)
        (top / "lib" / "pico-sdk" / "README.md").write_text("pico-sdk\n")
    return top


def test_make_firmware_runs_micropythons_rp2_build_with_our_manifest(tmp_path):
    from host_tools.building import pico_firmware

    top = _micropython_checkout(tmp_path, sdk=True)
    ran = []
    uf2 = pico_firmware.build(str(top), "RPI_PICO", run=lambda argv: ran.append(argv) or
                              subprocess.CompletedProcess(argv, 0), out=io.StringIO(),
                              which=lambda tool: "/usr/bin/" + tool)
    build = os.path.join(ROOT, "build", "rp2-RPI_PICO")
    manifest = os.path.join(ROOT, "build", "rp2-manifest.py")
    assert ran == [["make", "-C", str(top / "mpy-cross"), "-j2"],
                   ["make", "-C", str(top / "ports" / "rp2"), "-j2", "BOARD=RPI_PICO",
                    "BUILD=" + build, "FROZEN_MANIFEST=" + manifest]]
    assert uf2 == os.path.join(build, "firmware.uf2")
    text = open(manifest).read()
    assert "include('$(PORT_DIR)/boards/manifest.py')" in text
    assert "include(%r)" % os.path.join(ROOT, "build", "folded", "manifest.py") in text  # fold.py


def test_make_firmware_fetches_the_pico_sdk_and_keeps_a_boards_own_manifest(tmp_path):
    from host_tools.building import pico_firmware

    top = _micropython_checkout(tmp_path, boards=("RPI_PICO_W",))
    (top / "ports" / "rp2" / "boards" / "RPI_PICO_W" / "manifest.py").write_text("# network\n")
    cmds = pico_firmware.commands(str(top), "RPI_PICO_W", "/b", "/m")
    assert cmds[0] == ["make", "-C", str(top / "ports" / "rp2"), "BOARD=RPI_PICO_W", "submodules"]
    assert "include('$(BOARD_DIR)/manifest.py')" in pico_firmware.board_manifest(str(top), "RPI_PICO_W")


@pytest.mark.parametrize("given,tools,words", [
    (None, ("cmake", "arm-none-eabi-gcc"), "MICROPY_DIR=/path/to/micropython"),
    ("elsewhere", ("cmake", "arm-none-eabi-gcc"), "not a MicroPython checkout"),
    ("RPI_PICO3", ("cmake", "arm-none-eabi-gcc"), "has no board RPI_PICO3"),
    ("RPI_PICO", ("cmake",), "apt install gcc-arm-none-eabi libnewlib-arm-none-eabi"),
])
def test_make_firmware_says_what_is_missing_in_one_line(tmp_path, given, tools, words):
    from host_tools.building import pico_firmware

    top = _micropython_checkout(tmp_path)
    where = None if given is None else str(tmp_path) if given == "elsewhere" else str(top)
    with pytest.raises(pico_firmware.FirmwareError) as e:
        pico_firmware.check(where, given or "RPI_PICO",
                            which=lambda t: "/usr/bin/" + t if t in tools else None)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_the_firmware_manifest_freezes_the_app_for_micropythons_own_tool(tmp_path):
    """MicroPython's tools/manifestfile.py (the one the rp2 build runs) reads the manifest `make
    firmware` writes and freezes every module of the app."""
    import sys

    from host_tools.building import pico_firmware

    mpy_dir = os.environ.get("MICROPY_DIR")
    if not mpy_dir or not os.path.isfile(os.path.join(mpy_dir, "tools", "manifestfile.py")):
        pytest.skip("no MicroPython checkout: MICROPY_DIR=... (.ci/run sets it)")
    sys.path.insert(0, os.path.join(mpy_dir, "tools"))
    try:
        import manifestfile
    finally:
        sys.path.pop(0)
    top = _micropython_checkout(tmp_path)
    path = tmp_path / "board_manifest.py"
    path.write_text(pico_firmware.board_manifest(str(top), "RPI_PICO"))
    m = manifestfile.ManifestFile(manifestfile.MODE_FREEZE, {
        "MPY_DIR": mpy_dir, "PORT_DIR": str(top / "ports" / "rp2"),
        "BOARD_DIR": str(top / "ports" / "rp2" / "boards" / "RPI_PICO")})
    m.execute(str(path))
    frozen = {r.target_path for r in m.files()}
    app = {p.replace(os.sep, "/") for p in _app_sources()}
    assert app <= frozen
    # the rest is never imported: entry points and the names for ROM (frozen_names.py)
    assert all(p.startswith("firmware/boards/") for p in frozen - app)
    assert "firmware/boards/frozen_names.py" in frozen


def test_the_circuitpython_compiler_version_comes_from_the_board_or_is_asked_for(tmp_path):
    # A CircuitPython checkout without git tags (a copy, an archive) cannot name its version:
    # CP_VERSION, else the board's boot_out.txt, else one line saying what to add.
    from host_tools.building import cp_version

    checkout = tmp_path / "circuitpython"
    checkout.mkdir()
    assert cp_version.version(str(checkout), "10.3.0") == "10.3.0"
    with pytest.raises(ValueError, match="not a version"):
        cp_version.version(str(checkout), "ten")
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\n")
    assert cp_version.version(str(checkout), mount=str(drive)) == "10.0.3"
    with pytest.raises(ValueError) as e:
        cp_version.version(str(checkout))
    assert "not a git clone with tags" in str(e.value) and "CP_VERSION=" in str(e.value) \
        and "boot_out.txt" in str(e.value)
    p = subprocess.run([sys.executable, "-m", "host_tools.building.cp_version", str(checkout)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and p.stderr.startswith("error: ") and "Traceback" not in p.stderr
