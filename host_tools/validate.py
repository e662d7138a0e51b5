"""`python -m host_tools validate [FILE...]`: check the game data files exactly as the device reads them.

Each file goes through the engine's own read path (`session.data` hook -> the module that owns
the file -> `engine.datafile` / `engine.cupparse`), with a session whose hook serves the file
being checked.  So a file that passes here loads on the device, and an error is the device's own
message ("data/NAME:LINE: what is wrong"), reported against the path checked.

READERS below names, per data file, the engine call that reads it; a file under data/ that no
reader claims is an error (a misspelt name would otherwise be ignored on the device), and so
`tests/test_host_cli.py` asks for a reader for every shipped file.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "data")
DATA_EXT = (".txt",)


def _cup(const):
    def read(s):
        from engine import cupdata
        return cupdata.definition(s, getattr(cupdata, const))
    return read


def _squads(s):
    from engine import exp3data
    return exp3data.squads(s)


def _aircraft(s):
    from engine import aircraft
    return aircraft.types(s)


def _find(candidates):
    """The first (module, attribute) of `candidates` that exists (the engine may move things)."""
    import importlib

    for mod, attr in candidates:
        try:
            m = importlib.import_module(mod)
        except ImportError:
            continue
        if hasattr(m, attr):
            return getattr(m, attr)
    raise LookupError("none of %s" % ", ".join("%s.%s" % c for c in candidates))


_ROW_TABLES = ("engine.sheets", "engine.datatables", "engine.tables")


def _rows(columns, name):
    def read(s):
        rows = _find([(m, "rows") for m in _ROW_TABLES])
        return rows(s, name, _find(columns))
    return read


# data file (name under data/) -> the engine call that reads it from a session
READERS = {
    "tal/hit_cup.txt": _cup("HIT_FILE"),
    "tal/popup_cup.txt": _cup("POPUP_FILE"),
    "exp3/ground_forces_cup.txt": _cup("GROUND_FILE"),
    "exp3/squads.txt": _squads,
    "tal/aircraft.txt": _aircraft,
    "tal/pilots.txt": _rows([("engine.pilots", "_NAMES")], "tal/pilots.txt"),
    "tal/scout.txt": _rows([(m, "_SCOUT") for m in _ROW_TABLES], "tal/scout.txt"),
    "tal/ridge.txt": _rows([(m, "_RIDGE") for m in _ROW_TABLES], "tal/ridge.txt"),
    "tal/movement.txt": _rows([(m, "_MOVE") for m in _ROW_TABLES], "tal/movement.txt"),
    "tal/stress.txt": _rows([(m, "_STRESS") for m in _ROW_TABLES], "tal/stress.txt"),
    "tal/campaigns.txt": _rows([("engine.cards", "_CARDS")], "tal/campaigns.txt"),
    "tal/situations.txt": _rows([("engine.cards", "_SITUATIONS")], "tal/situations.txt"),
    "tal/evaluation.txt": _rows([("engine.cards", "_EVALUATION")], "tal/evaluation.txt"),
    "tal/answers.txt": _rows([("engine.answers", "_COLUMNS")], "tal/answers.txt"),
}

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
    from engine import parse
    from engine.session import Session

    name = name or data_name(path)
    reader = READERS.get(name)
    if reader is None:
        return "%s: not a known data file (the data files are: %s)" % (
            path, ", ".join(sorted(READERS)))
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8")
    except UnicodeDecodeError as e:
        return "%s: not UTF-8 text (%s at byte %d)" % (path, e.reason, e.start)
    except OSError as e:
        return "%s: %s" % (path, e.strerror)

    s = Session(0)
    s.data = lambda n: text.splitlines() if n == name else None  # a fresh hook: no cached parse
    try:
        reader(s)
    except parse.Reject as e:
        m = _WHERE.match(e.msg)
        if m:
            return "%s:%s: %s" % (path, m.group(2), m.group(3))
        return "%s: %s" % (path, e.msg)
    except Exception as e:  # the engine's reader moved: say so rather than a traceback
        return "%s: could not be checked: the engine's reader for %s failed (%s: %s); " \
               "host_tools/validate.py READERS needs updating" % (path, name, type(e).__name__, e)
    return None


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
