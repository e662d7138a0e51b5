"""The README's commands, as a player types them, from a clean clone of the repository.

Every line of the README's ```sh blocks is a command a player types.  Each must be known to PLAN
below, which says how it is tried here and what it must show; a README command PLAN does not
know fails the test (a new command is tried before it is published).  The commands run in the
README's order, in a clone of this repository's HEAD with the working tree's changes on top (what
the next commit holds; in CI, a fresh clone, exactly what was pushed), so a file the README needs
that is not in git fails here too.  The clone shares the installed `.venv` and `web/node_modules`
(their install is `make`'s own business, tried by every CI run), and the board is stood in for:
CIRCUITPY is a folder with a `boot_out.txt`, a serial port is a path where no board answers.
"""

import os
import re
import shutil
import subprocess
import time

import pytest

from conftest import ROOT

SHARED = os.path.join(os.path.dirname(ROOT), "shared")
CIRCUITPYTHON = os.environ.get("CIRCUITPY_DIR") or os.path.join(SHARED, "vendor", "circuitpython")
BOOT_OUT = "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19\n"


def readme_commands(text):
    """The command lines of the ```sh blocks, comments and blank lines left out."""
    out = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M):
        for line in block.splitlines():
            line = re.sub(r"(^|\s)#.*", "", line).strip()
            if line:
                out.append(line)
    return out


with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as _f:
    COMMANDS = readme_commands(_f.read())


def test_the_readme_gives_commands_in_shell_blocks():
    assert "make run" in COMMANDS and "make test" in COMMANDS, COMMANDS


def _run(clone, argv, stdin=None, timeout=900, env=None):
    e = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                          "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    e.update(env or {})
    p = subprocess.run(argv, cwd=clone, input=stdin, capture_output=True, text=True,
                       timeout=timeout, env=e)
    return p.returncode, p.stdout, p.stderr


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A clone of HEAD plus the working tree's uncommitted changes and new files."""
    top = tmp_path_factory.mktemp("readme")
    dst = str(top / "tal")
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", ROOT, dst], check=True, timeout=300)
    diff = subprocess.run(["git", "diff", "HEAD", "--binary"], cwd=ROOT, capture_output=True,
                          check=True).stdout
    if diff.strip():
        subprocess.run(["git", "apply", "--whitespace=nowarn"], cwd=dst, input=diff, check=True)
    new = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                         capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, new):
        os.makedirs(os.path.dirname(os.path.join(dst, rel)) or dst, exist_ok=True)
        shutil.copy2(os.path.join(ROOT, rel), os.path.join(dst, rel))
    for rel in (".venv", os.path.join("web", "node_modules")):
        if os.path.isdir(os.path.join(ROOT, rel)):
            os.symlink(os.path.realpath(os.path.join(ROOT, rel)), os.path.join(dst, rel))
    drive = top / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(BOOT_OUT + "Board ID:pybadge\n")
    return {"dir": dst, "drive": str(drive), "port": str(top / "ttyACM0"), "seen": []}


def _subst(c, line):
    return (line.replace("/media/you/CIRCUITPY", c["drive"]).replace("/dev/ttyACM0", c["port"])
            .replace("/path/to/circuitpython", CIRCUITPYTHON))


# --- how each README command is tried ----------------------------------------------------------

def try_run(c, line):
    """`make run` with no display and its input closed: the terminal front end, which draws the
    home screen and ends at the end of its input."""
    rc, out, err = _run(c["dir"], line.split(), stdin="")
    assert rc == 0, out + err
    assert "terminal front end" in out + err and "Check" in out and "A roll" in out, out + err
    assert "Traceback" not in out + err
    if "SIZE=240x135" in line:  # the Pico's 240 x 135: a wider text screen than the PyBadge's
        assert max(len(l) for l in out.splitlines() if l.startswith("|")) > 34, out
    if "STATE=" in line:  # a save file from elsewhere (a pull): opened, not replaced
        state = os.path.join(c["dir"], line.split("STATE=")[1].split()[0])
        assert os.path.isfile(state) and "cannot" not in out + err, out + err


def try_deploy_to_circuitpy(c, line):
    """`make deploy MOUNT=...`: the app on the stand-in drive; without CircuitPython's mpy-cross
    the last line says what that risks and which one to get, with it .mpy files and no warning."""
    rc, out, err = _run(c["dir"], _subst(c, line).split())
    assert rc == 0, out + err
    drive = c["drive"]
    assert os.path.isfile(os.path.join(drive, "code.py")), os.listdir(drive)
    assert os.path.isdir(os.path.join(drive, "lib", "engine"))
    last = out.strip().splitlines()[-1]
    compiled = os.path.isfile(os.path.join(c["dir"], "build", "circuitpython-mpy-cross",
                                           "mpy-cross"))
    if compiled:
        assert not last.startswith("warning"), last
        assert os.path.isfile(os.path.join(drive, "lib", "engine", "__init__.mpy"))
    else:
        assert last.startswith("warning:") and "mpy-cross" in last and "memory" in last, last


def try_circuitpython_mpy_cross(c, line):
    """Built from CircuitPython's source without git tags, its version read off the board."""
    if not os.path.isfile(os.path.join(CIRCUITPYTHON, "mpy-cross", "Makefile")):
        pytest.skip("no CircuitPython source at %s (CIRCUITPY_DIR=... or shared/vendor)"
                    % CIRCUITPYTHON)
    rc, out, err = _run(c["dir"], _subst(c, line).split())
    assert rc == 0, out + err
    assert "CircuitPython 10.0.3" in out, out + err


def try_deploy_without_a_board(c, line):
    """`make deploy PORT=...` where no board is: one line saying so, nothing else."""
    rc, out, err = _run(c["dir"], _subst(c, line).split())
    assert rc != 0 and "Traceback" not in out + err, out + err
    said = [l for l in err.strip().splitlines() if not l.startswith("make: ***")]
    assert said[-1].startswith("error: no board answered on "), err
    assert "in use by another program" not in err


def try_pull_without_a_board(c, line):
    """`pull` where no board is: one line; then stand in for the pulled file with a save the
    console made (the bytes a pull writes) for the README's next command to open."""
    rc, out, err = _run(c["dir"], _subst(c, line).split())
    assert rc == 1 and "Traceback" not in out + err, out + err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    state = os.path.join(c["dir"], line.split("-o ")[1].split()[0])
    rc, out, err = _run(c["dir"], [".venv/bin/python", "-m", "firmware.console", state],
                        stdin="so +4\n")
    assert out == '{"ok":true,"so":4}\n', out + err


def try_web(c, line):
    """`make web`: the page built; `make web-serve` serves it until Ctrl-C (not run here: the
    browser tests serve the same folder)."""
    assert line == "make web && make web-serve"
    if not os.path.isdir(os.path.join(ROOT, "web", "node_modules")):
        pytest.skip("no web/node_modules: npm is not installed (make installs it where it is)")
    rc, out, err = _run(c["dir"], ["make", "web"])
    assert rc == 0, out + err
    assert os.path.isfile(os.path.join(c["dir"], "dist", "web", "index.html"))


def not_here(c, line):
    pass  # `make test` is the suite this test is part of: CI runs it from a fresh clone


PLAN = (
    (r"make test", not_here),
    (r"make run( SIZE=240x135| STATE=[\w.-]+)?", try_run),
    (r"make deploy MOUNT=/media/you/CIRCUITPY", try_deploy_to_circuitpy),
    (r"make circuitpython-mpy-cross CIRCUITPY_DIR=/path/to/circuitpython "
     r"MOUNT=/media/you/CIRCUITPY", try_circuitpython_mpy_cross),
    (r"make deploy PORT=/dev/ttyACM0", try_deploy_without_a_board),
    (r"\.venv/bin/python -m host_tools pull --port /dev/ttyACM0 -o [\w.-]+",
     try_pull_without_a_board),
    (r"make web && make web-serve", try_web),
)


def how(line):
    for pattern, fn in PLAN:
        if re.fullmatch(pattern, line):
            return fn
    return None


def test_every_readme_command_is_known_to_this_test():
    unknown = [c for c in COMMANDS if how(c) is None]
    assert not unknown, "README commands this test does not try (add them to PLAN): %s" % unknown


def test_the_readme_commands_work_from_a_clean_clone(clone):
    """In the README's order: each later command finds what the earlier ones made."""
    skipped = []
    for line in COMMANDS:
        fn = how(line)
        if fn is None:
            continue  # the test above names it
        try:
            t = time.time()
            fn(clone, line)
            print("%5.1f s  %s" % (time.time() - t, line))
        except pytest.skip.Exception as e:
            skipped.append("%s: %s" % (line, e))
    if skipped:
        pytest.skip("; ".join(skipped))
