"""The version `make circuitpython-mpy-cross` gives CircuitPython's build, printed on stdout.

CircuitPython's build reads its version from the checkout's git tags and stops ("must be built
from a git clone with tags") in a copy without them, such as a downloaded archive; CP_VERSION
stands in for the tags.  The version names the compiler (`mpy-cross --version`, which `make dist`
and `make deploy` match against the board's major version), so it must be the board's:

    python -m host_tools.building.cp_version CIRCUITPY_DIR [--given X.Y.Z] [--mount CIRCUITPY]

prints X.Y.Z when given; nothing when the checkout has tags (its own version then); else the
version in boot_out.txt on the board's drive (--mount); else fails in one line saying what to add.
"""

import argparse
import os
import subprocess
import sys


def _tagged(checkout):
    try:
        p = subprocess.run(["git", "describe", "--tags", "--match", "[!v]*"], cwd=checkout,
                           capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return p.returncode == 0 and bool(p.stdout.strip())


def boot_out_version(first_line):
    """The CircuitPython version ("10.0.3") named by the first line of a board's boot_out.txt,
    None if it names none.  (make deploy reads the board's version with it too.)"""
    words = first_line.split()
    if "CircuitPython" not in words or words.index("CircuitPython") + 1 >= len(words):
        return None
    return words[words.index("CircuitPython") + 1]


def board_version(mount):
    """The version in boot_out.txt on the drive at `mount`; ValueError saying why not."""
    try:
        with open(os.path.join(mount, "boot_out.txt"), encoding="utf-8", errors="replace") as f:
            first = f.readline()
    except OSError as e:
        raise ValueError("%s: cannot read boot_out.txt (%s): is it the board's CIRCUITPY drive?"
                         % (mount, e.strerror))
    v = boot_out_version(first)
    if not v or not v.split(".")[0].isdigit():
        raise ValueError("%s: boot_out.txt names no CircuitPython version (%r)"
                         % (mount, first.strip()[:80]))
    return v


def version(checkout, given=None, mount=None):
    """The CP_VERSION to build `checkout` with ("" for the checkout's own); ValueError saying what
    to add when it cannot be known."""
    if given:
        if not all(part.isdigit() for part in given.split(".")) or given.count(".") != 2:
            raise ValueError("CP_VERSION=%s is not a version like 10.0.3" % given)
        return given
    if _tagged(checkout):
        return ""
    if mount:
        return board_version(mount)
    raise ValueError(
        "%s is not a git clone with tags, so CircuitPython's build cannot tell its version: add "
        "CP_VERSION=X.Y.Z, your board's version (the first line of boot_out.txt on its CIRCUITPY "
        "drive, e.g. CP_VERSION=10.0.3), or MOUNT=/path/to/CIRCUITPY to read it there" % checkout)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.building.cp_version")
    p.add_argument("checkout")
    p.add_argument("--given", default="")
    p.add_argument("--mount", default="")
    a = p.parse_args(argv)
    try:
        v = version(a.checkout, a.given, a.mount)
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 1
    sys.stdout.write(v + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
