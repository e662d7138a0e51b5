"""`python -m host_tools validate [FILE...]`: check the game data files exactly as the device reads them.

Each file goes through the engine's own read path (`session.data` hook -> the module that owns
the file -> `engine.core.datafile` / `engine.tal.cups.fileformat`), with a session whose hook
serves the file being checked.  So a file that passes here loads on the device, and an error is the device's own
message ("data/NAME:LINE: what is wrong"), reported against the path checked.

READERS below names, per data file, the engine call that reads it (`engine/datacheck.py`, which
the tests also run on MicroPython); a file under data/ that no reader claims is an error (a
misspelt name would otherwise be ignored on the device), and so `tests/test_host_cli.py` asks for
a reader for every shipped file.
"""

import os
import re
import sys

from host_tools.desk import cmdlog

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "data")
DATA_EXT = (".txt",)


def _readers():
    """The data files and the engine call reading each (engine/datacheck.py)."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from engine import datacheck

    return {name: (lambda session, n=name: datacheck.read(session, n)) for name in datacheck.FILES}


# data file (name under data/) -> the engine call that reads it from a session
READERS = _readers()

_WHERE = re.compile(r"^data/(\S+?):(\d+): (.*)$", re.S)


def shipped():
    """Every data file under data/ (absolute paths), sorted."""
    out = []
    for dirpath, dirs, files in os.walk(DATA):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(DATA_EXT):
                out.append(os.path.join(dirpath, f))
    return out


def data_name(path):
    """The file's name under data/ (the engine's key), for a path in data/ or in a copy of it."""
    full = os.path.abspath(path)
    if full.startswith(DATA + os.sep):
        return os.path.relpath(full, DATA).replace(os.sep, "/")
    parts = full.replace(os.sep, "/").split("/")
    return "/".join(parts[-2:])  # e.g. a pulled or edited copy: .../tal/hit_cup.txt


def check(path, name=None):
    """None if the file loads, else the error text "path:line: message" (or "path: message")."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from engine.core import parse
    from engine.core.session import Session

    name = name or data_name(path)
    reader = READERS.get(name)
    if reader is None:
        return "%s: not a known data file (the data files are: %s)" % (
            path, ", ".join(sorted(READERS)))
    try:
        there = cmdlog.not_a_file(path)  # first: opening a pipe waits for a writer
        if there:
            return "%s: %s" % (path, there)
        open(path, "rb").close()
    except OSError as e:
        return "%s: %s" % (path, e.strerror or e)

    session = Session(0)
    # A fresh hook (no cached parse) opening the file in binary, as firmware/datafiles.py does
    session.data = lambda n: open(path, "rb") if n == name else None
    try:
        reader(session)
    except parse.Reject as e:
        return _at(path, e.msg)
    if session.notice:  # a damaged last line the device sets aside: worth mending all the same
        return _at(path, session.notice)
    return None


def _at(path, msg):
    m = _WHERE.match(msg)
    if m:
        return "%s:%s: %s" % (path, m.group(2), m.group(3))
    return "%s: %s" % (path, msg)


def run(files=(), out=sys.stdout, err=sys.stderr, as_name=None):
    """Check `files` (default: every shipped file), printing each; return the number that failed."""
    paths = list(files) or shipped()
    if not paths:
        err.write("no data files found under %s\n" % DATA)
        return 1
    bad = 0
    for p in paths:
        problem = check(p, as_name)
        shown = os.path.relpath(p, ROOT) if os.path.abspath(p).startswith(ROOT + os.sep) else p
        if problem is None:
            out.write("ok    %s\n" % shown)
        else:
            bad += 1
            out.write("FAIL  %s\n" % shown)
            err.write(problem + "\n")
    return bad
