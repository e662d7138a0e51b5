"""The player-editable data files (data/) for the engine: `session.data = datafiles.reader()`.

The engine never opens files; a front end gives it this hook, `name -> lines` (an open binary
file, which the engine closes after parsing) or None when there is no such file.  The default
directory is `data/` next to the code: the repository on a host, build/mpy/data for the
MicroPython console (host_tools/build_mpy.py copies it there), the board's root on a device
(also when the code is in a ROMFS image at /rom).
"""


def _parent(path, levels):
    # No os.path on MicroPython.
    for _ in range(levels):
        k = path.rfind("/")
        path = path[:k] if k >= 0 else ""
    return path


def _default_dir(home):
    if home == "/rom":
        # The code is in a ROMFS image (read-only, mpremote romfs deploy): the data files the
        # player edits stay on the board's own filesystem, in data/ of its root, when there.
        try:
            import os

            os.stat("data")
            return "data"
        except OSError:
            pass
    # Frozen, __file__ has no folder ("firmware/datafiles.py"): then "data" relative to the
    # current directory, never "./data", which VfsRom (a ROMFS mount) does not resolve.
    return home + "/data" if home else "data"


DEFAULT_DIR = _default_dir(_parent(__file__, 2))


def reader(directory=None):
    """A `session.data` hook reading `directory/name` (default DEFAULT_DIR).

    The file is opened in binary: the engine's parser (`engine.datafile`) splits the lines at LF
    and checks the bytes itself, the same on every interpreter (a text-mode file would end lines
    at a lone CR on CPython only, and decode with each port's own rules).
    """
    base = directory or DEFAULT_DIR

    def read(name):
        if ".." in name or name[:1] == "/":
            return None  # names come from the engine; never leave the data directory
        try:
            return open(base + "/" + name, "rb")
        except OSError:
            return None

    return read
