"""The state record and the settings in a key-value store of text: the web page's browser storage.

`KeyStore` is `firmware.storage.FileStore` with two keys for its two files: the two newest
frames of the engine's record, written alternately, each key holding one frame as base64 text
(`name` and `name + ".1"`).  A browser writes a key whole or not at all, and `setItem` returns
once the page's storage holds it (it outlives a reload, a closed tab or a crashed page); a write
the browser refuses (storage full, or blocked) is an OSError, so the action is refused and
nothing changes.  `KeyBlob` keeps the settings (`firmware.prefs`) under one key.

`kv` is anything with `getItem(key)` (None when absent) and `setItem(key, text)`, which returns
None or "" once stored, else why not, and may have `mirror(key)`: a second copy of the value, the
page's IndexedDB (web/boot.mjs writes every value to localStorage and IndexedDB; Chromium keeps
localStorage in memory for a while, so after a killed browser IndexedDB may hold the newer frame:
the sequence numbers decide).  The page passes its storage through MicroPython's `js` module; the
tests, a dict-backed stand-in.
"""

from binascii import a2b_base64, b2a_base64

from engine.core.record import FRAME_MAX, best


def _bytes(text):
    # The bytes of a stored value (b"" when absent; b"\x00" when not base64: the CRC refuses it).
    if not text:
        return b""
    try:
        return a2b_base64(text.encode())
    except ValueError:
        return b"\x00"  # something is there, and unreadable


def _copies(kv, key):
    # Every copy of `key`'s value there is (the second from `mirror`, when it differs).
    first = kv.getItem(key)
    mirror = getattr(kv, "mirror", None)
    second = mirror(key) if mirror is not None else None
    return [_bytes(t) for t in (first, second if second != first else None) if t]


def _put(kv, key, data):
    why = kv.setItem(key, b2a_base64(data).decode().strip())
    if why and str(why).startswith("another tab"):  # web/boot.mjs: one tab owns the save
        raise OSError(str(why))
    if why:  # QuotaExceededError (storage full), SecurityError (storage blocked)
        raise OSError("the browser refused to store it (%s)" % str(why).split("\n")[0][:80])


def keep(kv, key, data):
    """Store `data` (bytes: a data file the player's entries made) under `key`; OSError when the
    browser refuses it (nothing stored)."""
    _put(kv, key, data)


def kept(kv, key):
    """The bytes stored under `key`, or None: the page's IndexedDB copy when it has one (on the
    disk before the page showed what stored it), else localStorage's."""
    copies = _copies(kv, key)
    return copies[-1] if copies else None


class KeyStore:
    """The engine's record in the keys `name` and `name + ".1"`, written alternately."""

    limit = FRAME_MAX
    notice = None

    def __init__(self, kv, name="tal.state"):
        self.kv = kv
        self.keys = (name, name + ".1")
        self._newest = 1  # which key holds the newest frame: the first write goes to `name`

    def frames(self):
        out = []
        top = None
        for i in (0, 1):
            for data in _copies(self.kv, self.keys[i]):
                found = best([data])
                if found is not None and (top is None or _after(found[0], top)):
                    top = found[0]
                    self._newest = i
                out.append(data)
        return out

    def had_data(self):
        for k in self.keys:
            if _copies(self.kv, k):
                return True
        return False

    def write(self, pieces):
        """Replace the key that does not hold the newest frame with the frame of `pieces`."""
        i = 1 - self._newest
        data = bytearray()
        for p in pieces:
            data.extend(p)
        _put(self.kv, self.keys[i], data)
        self._newest = i

    def newest(self):
        """(seq, format, payload) of the newest good frame, or None (export)."""
        return best(self.frames())


def _after(a, b):
    return ((a - b) & 0xFFFFFFFF) < 0x80000000 and a != b


class KeyBlob:
    """The settings blob under one key (see `firmware.prefs`)."""

    def __init__(self, kv, name="tal.prefs"):
        self.kv = kv
        self.name = name

    def read(self):
        for data in _copies(self.kv, self.name):
            return data
        return None

    def write(self, data):
        _put(self.kv, self.name, data)
