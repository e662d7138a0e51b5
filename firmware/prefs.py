"""Device settings (not game state): sound, brightness, idle timeout, dice mode.

Kept apart from the engine's record because they belong to the device, not to the campaign, and
are never undone (the game played belongs to the campaign: the engine's `game` command).
Stored as a tiny checked blob: b"TP", version, one byte per setting, a check byte.  A blob that
fails its check is reported (`notice`) and defaults are used; it is replaced only when the player
changes a setting.
"""

BRIGHTNESS = (20, 40, 60, 80, 100)  # percent
DIM_AFTER = (15, 30, 60, 120, 300, 0)  # seconds; 0 = never
DIM_NAMES = ("15 s", "30 s", "1 min", "2 min", "5 min", "never")
DICE_MODES = ("random", "seeded")

# (name, number of choices, default)
FIELDS = (
    ("sound", 2, 1),
    ("bright", len(BRIGHTNESS), 3),
    ("dim", len(DIM_AFTER), 2),
    ("dice", len(DICE_MODES), 0),
)
_MAGIC = b"TP"
_VERSION = 1
SIZE = len(_MAGIC) + 1 + len(FIELDS) + 1


def _check(b, n):
    c = 0x5A
    for i in range(n):
        c = ((c << 1) | (c >> 7)) & 0xFF  # rotate, then add: catches swapped bytes too
        c = (c + b[i]) & 0xFF
    return c


class Prefs:
    """The settings as small ints (indexes into the tuples above)."""

    def __init__(self, blob=None):
        self.blob = blob
        self.vals = bytearray(len(FIELDS))
        self.notice = None
        self.defaults()
        if blob is not None:
            self.load()

    def defaults(self):
        for i, (_name, _choices, default) in enumerate(FIELDS):
            self.vals[i] = default

    def _index(self, name):
        i = 0  # no enumerate (an object on the heap): the device loop reads settings each poll
        for field_name, _choices, _default in FIELDS:
            if field_name == name:
                return i
            i += 1
        raise KeyError(name)

    def get(self, name):
        """The setting's index value."""
        return self.vals[self._index(name)]

    def set(self, name, value):
        """Set a setting (wrapped into its range) and save."""
        i = self._index(name)
        _name, choices, _default = FIELDS[i]
        self.vals[i] = value % choices
        self.save()

    def step(self, name, delta):
        """Move a setting by `delta` choices (wrapping) and save."""
        self.set(name, self.get(name) + delta)

    # convenient readings
    def brightness(self):
        """Backlight percent."""
        return BRIGHTNESS[self.get("bright")]

    def dim_ms(self):
        """Milliseconds before dimming (0 = never)."""
        return DIM_AFTER[self.get("dim")] * 1000

    def seeded(self):
        """True when the dice continue from a chosen seed instead of a fresh random one."""
        return self.get("dice") == 1

    def dump(self):
        """The stored form."""
        b = bytearray(SIZE)
        b[0:2] = _MAGIC
        b[2] = _VERSION
        b[3:3 + len(FIELDS)] = self.vals
        b[SIZE - 1] = _check(b, SIZE - 1)
        return bytes(b)

    def load(self):
        """Read the blob; a blank one gives defaults silently, a bad one with a notice."""
        try:
            b = self.blob.read()
        except OSError:
            b = None
        if not b or len(b) < SIZE or b[:2] == b"\xff\xff" or b[:2] == b"\x00\x00":
            return  # never saved
        if b[:2] != _MAGIC or b[2] != _VERSION or b[SIZE - 1] != _check(b, SIZE - 1):
            self.notice = "settings unreadable: defaults used"
            return
        for i, (_name, choices, _default) in enumerate(FIELDS):
            if b[3 + i] >= choices:
                self.notice = "settings out of range: defaults used"
                self.defaults()
                return
            self.vals[i] = b[3 + i]

    def save(self):
        if self.blob is not None:
            try:
                self.blob.write(self.dump())
            except OSError as e:  # the journal says why (a file missing, a read-only drive)
                why = e.args[0] if e.args and isinstance(e.args[0], str) else "storage read-only?"
                self.notice = "settings not saved: " + why


class FileBlob:
    """Settings in a small file (MicroPython littlefs, the simulator)."""

    def __init__(self, path):
        self.path = path

    def read(self):
        try:
            with open(self.path, "rb") as f:
                return f.read(SIZE)
        except OSError:
            return None

    def write(self, data):
        with open(self.path, "wb") as f:
            f.write(data)


class NvmBlob:
    """Settings in a slice of a non-volatile byte array (CircuitPython `microcontroller.nvm`)."""

    def __init__(self, nvm, base):
        if len(nvm) < base + SIZE:
            raise ValueError("nvm too small for the settings")
        self.nvm = nvm
        self.base = base

    def read(self):
        return bytes(self.nvm[self.base:self.base + SIZE])

    def write(self, data):
        if bytes(self.nvm[self.base:self.base + SIZE]) != data:  # flash: write only on change
            self.nvm[self.base:self.base + SIZE] = data


class MemoryBlob:
    """Settings kept in RAM (tests)."""

    def __init__(self, data=None):
        self.data = data

    def read(self):
        return self.data

    def write(self, data):
        self.data = bytes(data)
