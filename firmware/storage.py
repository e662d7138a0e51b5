"""Where the state record lives: the stores `engine.core.record` saves to and resumes from.

`FileStore` keeps the two newest frames in two files, writing them alternately: the host console,
the simulator and the Pico (littlefs).  A power cut or a kill during a write damages only the
file being written (its CRC then fails) and the other one holds the previous state; on littlefs a
file's new content is committed atomically when it is closed anyway, and a whole-file write
costs about one block erase, spread over the free blocks (host_tools/flash_bench.py).

The PyBadge keeps its record in a journal on CIRCUITPY (`firmware.journal`); `NvmStore` reads the
frames older firmware kept in `microcontroller.nvm`, so a campaign carries over.
"""

from engine.core.record import FRAME_MAX, LEGACY_SLOT, frames_in

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
    # The file's bytes (at most what a frame, or older firmware's two slots, can take).
    try:
        with open(path, "rb") as f:
            n = f.seek(0, 2)
            f.seek(0)
            return f.read(min(n, FRAME_MAX + LEGACY_SLOT))
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

    def frames(self):
        """The frames of both files (the first file may be an older firmware's two-slot file)."""
        from engine.core.record import best, seq_newer

        out = []
        top = None
        for i in (0, 1):
            data = _read(self.paths[i])
            if not data:
                continue
            found = frames_in(data) if i == 0 else [data]
            seq = best(found)
            if seq is not None and (top is None or seq_newer(seq[0], top)):
                top = seq[0]
                self._newest = i
            out.extend(found)
        return out

    def had_data(self):
        """True if either file holds anything but blank bytes (a failed load is worth a word)."""
        for p in self.paths:
            if not _blank(_read(p)):
                return True
        return False

    def write(self, pieces):
        """Replace the older file with the frame made of `pieces`; return once it is on the medium."""
        i = 1 - self._newest
        f = open(self.paths[i], "wb")
        try:
            for p in pieces:
                f.write(p)
            f.flush()
            if _fsync is not None:
                _fsync(f.fileno())
        finally:
            f.close()
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
