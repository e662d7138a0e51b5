"""Where the state record lives: two slots, written alternately (see `engine.record`).

`FileStore` keeps both slots in one file (host, MicroPython littlefs); `NvmStore` in a byte
array such as CircuitPython's `microcontroller.nvm`.  Each slot write replaces one slot only, so
a power cut mid-write damages at most the slot being written; the other still holds the last
acknowledged state.
"""

from engine.record import SLOT_SIZE

try:
    from os import fsync as _fsync
except ImportError:  # MicroPython: flush() and close() commit the file
    _fsync = None


def _blank(b):
    for x in b:
        if x != 0 and x != 0xFF:
            return False
    return True


class FileStore:
    """Two SLOT_SIZE slots in the file at `path` (created on first write)."""

    def __init__(self, path):
        self.path = path

    def read_slots(self):
        try:
            with open(self.path, "rb") as f:
                data = f.read(2 * SLOT_SIZE)
        except OSError:
            data = b""
        return [data[:SLOT_SIZE], data[SLOT_SIZE:2 * SLOT_SIZE]]

    def had_data(self):
        """True if the file holds anything but blank slots (so a failed load is worth a word)."""
        a, b = self.read_slots()
        return not (_blank(a) and _blank(b))

    def write_slot(self, i, image):
        """Overwrite slot `i` with `image` and return once it has reached the medium."""
        try:
            f = open(self.path, "r+b")
        except OSError:
            f = open(self.path, "w+b")
        try:
            f.seek(i * SLOT_SIZE)
            f.write(image)
            f.flush()
            if _fsync is not None:
                _fsync(f.fileno())
        finally:
            f.close()


class NvmStore:
    """Two slots in a byte-addressable non-volatile array (`microcontroller.nvm`)."""

    def __init__(self, nvm, base=0):
        if len(nvm) < base + 2 * SLOT_SIZE:
            raise ValueError("nvm too small for two state slots")
        self.nvm = nvm
        self.base = base

    def read_slots(self):
        b = self.base
        return [bytes(self.nvm[b:b + SLOT_SIZE]), bytes(self.nvm[b + SLOT_SIZE:b + 2 * SLOT_SIZE])]

    def had_data(self):
        a, b = self.read_slots()
        return not (_blank(a) and _blank(b))

    def write_slot(self, i, image):
        # One slice assignment: CircuitPython erases and writes the flash page(s) once.
        at = self.base + i * SLOT_SIZE
        self.nvm[at:at + len(image)] = image
