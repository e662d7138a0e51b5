"""Where the state record lives: the stores `engine.core.record` saves to and resumes from.

`FileStore` keeps the two newest frames in two files, writing them alternately: the host console,
the simulator and the Pico (littlefs).  A power cut or a kill during a write damages only the
file being written (its CRC then fails) and the other one holds the previous state; on littlefs a
file's new content is committed atomically when it is closed anyway, and a whole-file write
costs about one block erase, spread over the free blocks (host_tools/benches/flash_bench.py).

The PyBadge keeps its record in a journal on CIRCUITPY (`firmware.journal`); `NvmStore` reads the
frames older firmware kept in `microcontroller.nvm`, so a campaign carries over.
"""

import os

from engine.core.record import FRAME_MAX, HEADER, LEGACY_SLOT, frames_in, size_at

try:
    from os import fsync as _fsync
except ImportError:  # MicroPython: flush() and close() commit the file
    _fsync = None


def _blank(b):
    for x in b:
        if x != 0 and x != 0xFF:
            return False
    return True


def _read(path):
    # The file's frame: as many bytes as its header says, or an older firmware's two slots (4 KB)
    # when that is less or its first slot holds no frame.  Never more: two 70 KB files of junk,
    # read whole, kept a Pico's console from starting.
    try:
        with open(path, "rb") as f:
            size = f.seek(0, 2)
            f.seek(0)
            head = f.read(HEADER)
            n = size_at(head)
            more = min(size, 2 * LEGACY_SLOT if n <= LEGACY_SLOT else n) - len(head)
            return head + f.read(more) if more > 0 else head
    except OSError:
        return b""


class FileStore:
    """The frames in the files `path` and `path + ".1"`, written alternately (each write replaces
    the file that does not hold the newest frame)."""

    limit = FRAME_MAX
    notice = None

    def __init__(self, path):
        self.paths = (path, path + ".1")
        self._newest = 1  # which file holds the newest frame: the first write goes to `path`
        self.why = None  # why nothing can be saved there, or None
        for p in self.paths:
            try:
                mode = os.stat(p)[0]
            except OSError:
                continue  # not there yet: the first write makes it
            if mode & 0xF000 != 0x8000:  # a folder, a device (/dev/null keeps nothing): refused
                self.why = "%s is not a regular file" % p
                self.notice = "nothing will be saved: " + self.why

    def frames(self):
        """The frames of the file holding the newest good one (the first file may be an older
        firmware's two-slot file).  A file there but holding no good frame is worth a notice:
        a power cut while it was written (nothing acknowledged is lost then), or damage since,
        which takes back the changes saved after the other file's."""
        from engine.core.record import best, seq_newer

        out = []
        top = None
        damaged = False
        for i in (0, 1):
            data = _read(self.paths[i])
            if not data:
                continue
            found = frames_in(data) if i == 0 else [data]
            seq = best(found)
            if seq is None:
                damaged = True
            elif top is None or seq_newer(seq[0], top):
                top = seq[0]
                self._newest = i
                out = found  # the other file's bytes are not kept
        if damaged and top is not None:
            self.notice = "a save file was damaged: resumed from the other one"
        return out

    def had_data(self):
        """True if either file holds anything (a failed load is worth a word: a file of zeros
        is a damaged save, not an empty one)."""
        for p in self.paths:
            if _read(p):
                return True
        return False

    def write(self, pieces):
        """Replace the older file with the frame made of `pieces`; return once it is on the medium."""
        if self.why is not None:
            raise OSError(self.why)
        i = 1 - self._newest
        try:
            f = open(self.paths[i], "wb")
            try:
                for p in pieces:
                    f.write(p)
                f.flush()
                if _fsync is not None:
                    _fsync(f.fileno())
            finally:
                f.close()
        except OSError as e:  # the reply names the file ("not saved, nothing changed: ...")
            from engine.core.record import why

            raise OSError("%s: %s" % (self.paths[i], why(e)))
        self._newest = i


class NvmStore:
    """The two frames older firmware kept at `base` in a non-volatile byte array (CircuitPython's
    `microcontroller.nvm`), read so that a campaign resumes; never written again: on the SAMD51
    every nvm write erases its one 8 KiB flash block, which wears it out in weeks of play."""

    limit = 0
    notice = None

    def __init__(self, nvm, base=0):
        if len(nvm) < base + 2 * LEGACY_SLOT:
            raise ValueError("nvm too small for two state slots")
        self.nvm = nvm
        self.base = base

    def frames(self):
        b = self.base
        return [bytes(self.nvm[b:b + LEGACY_SLOT]),
                bytes(self.nvm[b + LEGACY_SLOT:b + 2 * LEGACY_SLOT])]

    def had_data(self):
        a, b = self.frames()
        return not (_blank(a) and _blank(b))

    def write(self, pieces):
        raise OSError("the nvm save of older firmware is read-only")
