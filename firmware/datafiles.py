"""The player-editable data files (data/) for the engine: `session.data = datafiles.reader()`.

The engine never opens files; a front end gives it this hook: called with a name it returns the
lines (an open binary file, which the engine closes after parsing) or None when there is no such
file.  The default directory is `data/` next to the code: the repository on a host,
build/mpy/data for the MicroPython console (host_tools/building/build_mpy.py copies it there), the
board's root on a device (also when the code is in a ROMFS image at /rom).

With `mine`, the player's own data folder, the hook also writes what the player enters at the
table (the answers to "roll and ask", a counter mix: docs/rules.md): `append(name, text)` and
`write(name, text)`; a name is read from `mine` first.  On a board `mine` is the data folder
itself; the simulator keeps its own next to its state file, so the repository's data/ stays as
shipped.  Without `mine` nothing is written (OSError): the engine then keeps the answer for the
session only and says so.
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
    """A `session.data` hook over `base` (shipped files) and `mine` (the player's, or None).

    Files are opened in binary: the engine's parser (`engine.core.datafile`) splits the lines at LF
    and checks the bytes itself, the same on every interpreter (a text-mode file would end lines
    at a lone CR on CPython only, and decode with each port's own rules).
    """

    def __init__(self, base, mine=None):
        self.base = base
        self.mine = mine
        self.writes = bool(mine)  # the engine writes what the player enters only where it can

    def __call__(self, name):
        if ".." in name or name[:1] == "/":
            return None  # names come from the engine; never leave the data directory
        for path in ((self.mine + "/" + name, self.mine + "/" + name + ".new") if self.mine
                     else ()) + (self.base + "/" + name,):
            try:
                folder = os.stat(path)[0] & 0x4000
            except OSError:
                continue  # not there (.new: only while a replacement is between write and rename)
            if folder:  # (MicroPython opens a folder, and CPython does not: one message on both)
                raise OSError("a folder is there, not a file")
            try:
                return open(path, "rb")
            except OSError:
                pass
        return None

    def _path(self, name):
        if not self.mine:
            raise OSError("no folder for the player's data here")
        path = self.mine
        for part in [""] + name.split("/")[:-1]:  # the folder and its sub-folders (tal/)
            path += "/" + part if part else ""
            try:
                os.mkdir(path)
            except OSError:
                pass  # it exists
        return self.mine + "/" + name

    def append(self, name, text):
        """Add `text` (whole lines) at the end of the player's file `name`; a player's file made
        here for the first time starts as a copy of the shipped one (its header)."""
        path = self._path(name)
        try:
            open(path).close()
        except OSError:
            if self.mine != self.base:
                try:
                    with open(self.base + "/" + name, encoding="utf-8") as f:
                        text = f.read() + text
                except OSError:
                    pass
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)

    def write(self, name, text):
        """Replace the player's file `name` with `text`: written aside, then renamed over it
        (a power cut leaves the old file, or the new one as name.new, which is read instead)."""
        path = self._path(name)
        new = path + ".new"  # (made before anything changes: out of memory, nothing has)
        with open(new, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            os.remove(path)  # FAT cannot rename onto an existing file
        except OSError:
            pass
        os.rename(new, path)


def reader(directory=None, mine=None):
    """A `session.data` hook reading `directory` (default DEFAULT_DIR), writing into `mine`."""
    return DataDir(directory or DEFAULT_DIR, mine)
