"""The player-editable data files (data/) for the engine: `session.data = datafiles.reader()`.

The engine never opens files; a front end gives it this hook, `name -> lines` (an open text
file, which the engine closes after parsing) or None when there is no such file.  The default
directory is `data/` next to the code: the repository on a host, build/mpy/data for the
MicroPython console (host_tools/build_mpy.py copies it there), the board's root on a device.
"""


def _parent(path, levels):
    # No os.path on MicroPython.
    for _ in range(levels):
        k = path.rfind("/")
        path = path[:k] if k >= 0 else ""
    return path


# Frozen, __file__ has no folder ("firmware/datafiles.py"): then "data" relative to the current
# directory, never "./data", which VfsRom (a ROMFS mount) does not resolve.
_HOME = _parent(__file__, 2)
DEFAULT_DIR = _HOME + "/data" if _HOME else "data"


def reader(directory=None):
    """A `session.data` hook reading `directory/name` (default DEFAULT_DIR)."""
    base = directory or DEFAULT_DIR

    def read(name):
        if ".." in name or name[:1] == "/":
            return None  # names come from the engine; never leave the data directory
        try:
            return open(base + "/" + name, encoding="utf-8")
        except OSError:
            return None

    return read
