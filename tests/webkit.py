"""The web page in tests: its build, its MicroPython under node, and headless Chromium.

`web_build()` builds the site once per test process into build/web-test (what `make web` puts in
dist/web), a folder per pytest-xdist worker: a build empties its folder first, and one worker's
build under another's running page failed it (a truncated app.tar.gz).  `run_wasm(code)` runs
Python on the page's MicroPython WebAssembly port under node, with the app unpacked as the page
unpacks it (web/node_run.mjs: `page` is the JS object the board talks to, its storage kept in
memory).  `chromium()` launches Debian's Chromium through
playwright-core (web/package.json), never a browser of its own.  Each skips the test, saying
why, where node, the npm packages (`make web`) or Chromium are missing; .ci/run installs them.
"""

import os
import shutil
import subprocess
import tempfile

import pytest

from conftest import ROOT

BUILD = os.path.join(ROOT, "build", "web-test", os.environ.get("PYTEST_XDIST_WORKER", "main"))
NODE = shutil.which("node")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
MODULES = os.path.join(ROOT, "web", "node_modules")
_built = []


def need_node():
    if NODE is None:
        pytest.skip("node is not installed (apt-get install nodejs npm; .ci/run does)")
    if not os.path.isdir(os.path.join(MODULES, "@micropython")):
        pytest.skip("MicroPython's WebAssembly port is not installed: `make web` runs npm ci")


def web_build():
    """The site's directory, built once per run."""
    need_node()
    if not _built:
        from host_tools.building import web

        web.build(BUILD)
        _built.append(BUILD)
    return BUILD


def run_wasm(code, heap=None, timeout=120):
    """(exit status, stdout, stderr) of `code` on the page's MicroPython under node."""
    site = web_build()
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
    try:
        cmd = [NODE, os.path.join(ROOT, "web", "node_run.mjs"), site, f.name]
        if heap:
            cmd.append(str(heap))
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    finally:
        os.unlink(f.name)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def need_chromium():
    need_node()
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (apt-get install chromium chromium-driver; "
                    ".ci/run does)")
    if not os.path.isdir(os.path.join(MODULES, "playwright-core")):
        pytest.skip("playwright-core is not installed: `make web` runs npm ci")
    return CHROMIUM
