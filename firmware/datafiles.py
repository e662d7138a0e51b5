"""The player-editable data files (data/) for the engine: `session.data = datafiles.reader()`.

The engine never opens files; a front end gives it this hook: called with a name it returns the
lines (an open binary file, which the engine closes after parsing) or None when there is no such
file.  The default directory is `data/` next to the code: the repository on a host,
build/mpy/data for the MicroPython console (host_tools/building/build_mpy.py copies it there), the
board's root on a device (also when the code is in a ROMFS image at /rom).

What the player enters at the table (the answers to "roll and ask", a counter mix: docs/rules.md)
is written through the same hook, once the request's state is saved (engine/core/sidefiles.py):
into `mine`, the player's own data folder, read before the shipped files (on the Pico `mine` is
the data folder itself; the simulator keeps its own next to its state file, so the repository's
data/ stays as shipped), or into `entries`, a store that keeps them as one bundle (the PyBadge,
which never writes a file of CIRCUITPY but its journals; the browser's storage).  With neither,
nothing is written (OSError): the engine then keeps an answer for the session only and says so.
"""

import os


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


class DataDir:
    """A `session.data` hook reading `base` (shipped files), and `mine` first (the player's own
    folder) when given; it writes nothing (`writes` False; a hook that writes is a
    `firmware.playerfiles.PlayerFiles`, made by `reader`).

    Files are opened in binary: the engine's parser (`engine.core.datafile`) splits the lines at LF
    and checks the bytes itself, the same on every interpreter (a text-mode file would end lines
    at a lone CR on CPython only, and decode with each port's own rules).
    """

    writes = False
    why = None  # (the engine says it as the console does: no data folder here)

    def __init__(self, base, mine=None):
        self.base = base
        self.mine = mine

    def __call__(self, name):
        if ".." in name or name[:1] == "/":
            return None  # names come from the engine; never leave the data directory
        for path in ((self.mine + "/" + name,) if self.mine else ()) + (self.base + "/" + name,):
            try:
                folder = os.stat(path)[0] & 0x4000
            except OSError:
                continue
            if folder:  # (MicroPython opens a folder, and CPython does not: one message on both)
                raise OSError("a folder is there, not a file")
            try:
                return open(path, "rb")
            except OSError:
                pass
        return None


def reader(directory=None, mine=None, entries=None):
    """A `session.data` hook reading `directory` (default DEFAULT_DIR), writing what the player
    enters into the folder `mine` or the bundle store `entries` (firmware/playerfiles.py, loaded
    only then: the console's reads stay small)."""
    if mine or entries is not None:
        from firmware.playerfiles import PlayerFiles

        return PlayerFiles(DataDir(directory or DEFAULT_DIR, None if entries else mine), mine,
                           entries)
    return DataDir(directory or DEFAULT_DIR)
