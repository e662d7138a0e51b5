"""What the player enters at the table (answers, a counter mix), written where each board keeps
it, whole and with the state or not at all (engine/core/sidefiles.py; docs/storage.md, "What
you enter at the table").

- A data folder on a file system (the desktop, the simulator's, the Pico's littlefs): a request's
  files go first into one bundle (`STAGED`, firmware/bundle.py) written aside and renamed into
  place, the commit point; then each file is written aside and renamed over its old self.  A
  bundle found at start (a cut came before the files were all written) is written out again; a
  bundle never committed is deleted.  So a cut at any moment leaves every file as it was or as
  the request left it, never a file half-written or half of a request's files.
- A bundle store (the PyBadge's journal on CIRCUITPY, where the board never writes another file;
  the page's storage in a browser): the bundle itself is kept, every file the device wrote,
  whole, in one entry written at once, read in place.
"""

import os

from firmware import bundle


class PlayerFiles:
    """A `session.data` hook reading through `read` (a `firmware.datafiles.DataDir`, which reads
    `mine` before the shipped files) that also writes what the player enters at the table: into
    `mine` (a folder) or `entries` (a bundle store: the PyBadge's journal, the page's storage,
    read before `read`).  `firmware.datafiles.reader` makes it.

    What a request writes (engine/core/sidefiles.py) comes in two steps around the state's save:
    `prepare(writes)` makes it ready without changing what is read (OSError: the request is
    refused, nothing changed), `commit(ready)` makes it true once the state is saved, whole or
    not at all (`discard` drops what `prepare` made when the request is refused after all).
    """

    def __init__(self, read, mine=None, entries=None):
        self.read = read
        self.mine = None if entries is not None else mine
        self.entries = entries
        # why nothing is written here (the engine then keeps an answer for the session only)
        self.why = getattr(entries, "why", None) if entries is not None else None
        self.writes = self.why is None
        self._held = None  # the bundle store's files, {name: bundle.Window}, once read
        self._pending = False  # a folder's committed bundle not yet written out
        if self.mine:
            self._recover()

    def __call__(self, name):
        if self.entries is not None:
            got = self.held().get(name) if ".." not in name else None
            if got is not None:
                got.seek(0)
                return got
        elif self._pending:
            self._recover()
        return self.read(name)

    def held(self):
        """The files the bundle store holds, {name: bundle.Window} (read once per write)."""
        if self._held is None:
            f = self.entries.open()
            self._held = (bundle.index(f, self.entries.limit) if f is not None else None) or {}
        return self._held

    # --- what a request writes --------------------------------------------------------------
    def prepare(self, writes):
        """Make `writes` ([(name, text, append)...] in order: text replaces the file, or with
        `append` goes at its end) ready to be kept; what `commit` and `discard` take."""
        if not self.writes:
            raise OSError(self.why)
        files = []  # [(name, [piece...])], a piece bytes or a bundle.Window
        for name, text, append in writes:
            if ".." in name or name[:1] == "/" or " " in name:
                raise OSError("%s is not a data file's name" % name)
            parts = [text.encode()]
            if append:
                parts = self._now(files, name) + parts
            files = [f for f in files if f[0] != name] + [(name, parts)]
        if self.entries is not None:
            ours = [f[0] for f in files]
            parts = bundle.pieces([f for f in self.held().items() if f[0] not in ours] + files)
            if bundle.size(parts) > self.entries.limit:
                raise OSError("no room left for what you entered (%d KB at most)" % (
                    self.entries.limit // 1024))
            return parts
        if self._pending:
            self._recover()
            if self._pending:  # (a folder that cannot be written now)
                raise OSError("%s cannot be written" % STAGED)
        self._put(self._path(STAGED) + ".new", bundle.pieces(files))
        return files

    def commit(self, ready):
        """Make what `prepare` made true (after the state's save).  OSError or MemoryError before
        the commit point: nothing was kept; after it, nothing is raised (what is left to write
        is written at the next read, write or start)."""
        if self.entries is not None:
            self.entries.write(ready)
            self._held = None
            return
        staged = "%s/%s" % (self.mine, STAGED)
        _rename(staged + ".new", staged)
        self._pending = True
        try:
            self._write_out(ready)
            os.remove(staged)
            self._pending = False
        except Exception:  # noqa: BLE001 - kept: written out by the next `_recover`
            pass

    def discard(self, ready):
        """Forget what `prepare` made (the request was refused after all); never raises."""
        if self.mine:
            try:
                os.remove(self.mine + "/" + STAGED + ".new")
            except OSError:
                pass

    def _now(self, files, name):
        # The pieces of file `name` as it is now: this request's, the bundle store's, the
        # player's copy, or the shipped one (a copy made here starts from it, with its header).
        # A last line without its end (cut short, before this firmware) is dropped: what follows
        # would join it.
        for f in files:
            if f[0] == name:
                return f[1]
        if self.entries is not None:
            got = self.held().get(name)
            if got is not None:
                return [got]
        f = self(name)
        if f is None:
            return []
        try:
            data = f.read()
        finally:
            f.close()
        return [data[:data.rfind(b"\n") + 1]] if data else []

    def _path(self, name):
        path = "%s" % self.mine
        for part in [""] + name.split("/")[:-1]:  # the folder and its sub-folders (tal/)
            path += "/" + part if part else ""
            try:
                os.mkdir(path)
            except OSError:
                pass  # it exists
        return "%s/%s" % (self.mine, name)

    def _put(self, path, parts):
        f = open(path, "wb")
        try:
            bundle.write_to(f, parts)
            f.flush()
            if _fsync is not None:
                _fsync(f.fileno())
        finally:
            f.close()

    def _write_out(self, files):
        # Each file aside, then renamed over the old one: a cut leaves the old file or the new.
        for name, parts in files:
            path = self._path(name)
            self._put(path + ".new", parts if isinstance(parts, list) else [parts])
            _rename(path + ".new", path)

    def _recover(self):
        # At start and before the next read or write after a failed one: a bundle committed and
        # not all written out is written out (again); one prepared and never committed goes.
        self._pending = False
        staged = "%s/%s" % (self.mine, STAGED)
        try:
            os.remove(staged + ".new")
        except OSError:
            pass
        try:
            f = open(staged, "rb")
        except OSError:
            return  # none
        try:
            try:
                files = bundle.index(f, FILE_MAX * 8)
                if files is not None:
                    self._write_out(list(files.items()))
            finally:
                f.close()
            os.remove(staged)
        except OSError:
            self._pending = True


STAGED = ".staged"  # a folder's bundle of the files of the request being kept
FILE_MAX = 16384  # (engine/core/datafile.py: the largest data file read)

try:
    from os import fsync as _fsync
except ImportError:  # MicroPython: flush() and close() commit the file
    _fsync = None


def _rename(old, new):
    # Over the old file in one step where the file system can (POSIX, littlefs); FAT renames
    # onto no file, so the old one goes first (a cut between leaves the bundle to replay).
    try:
        getattr(os, "replace", os.rename)(old, new)
    except OSError:
        try:
            os.remove(new)
        except OSError:
            pass
        os.rename(old, new)
