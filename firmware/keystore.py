"""The state record and the settings in a key-value store of text: the web page's localStorage.

`KeyStore` is `firmware.storage.FileStore` with two keys for its two files: the two newest
frames of the engine's record, written alternately, each key holding one frame as base64 text
(`name` and `name + ".1"`).  A browser writes a key whole or not at all, and `setItem` returns
once the page's storage holds it (it outlives a reload, a closed tab or a crashed page); a write
the browser refuses (storage full, or blocked) is an OSError, so the action is refused and
nothing changes.  `KeyBlob` keeps the settings (`firmware.prefs`) under one key.

`kv` is anything with `getItem(key)` (None when absent) and `setItem(key, text)`, which returns
None or "" once stored, else why not: the page's localStorage through MicroPython's `js` module
and a wrapper that catches its exceptions (web/boot.mjs: a JS exception would not reach
MicroPython as a Python one), or a dict-backed stand-in in the tests.
"""

from binascii import a2b_base64, b2a_base64

from engine.record import FRAME_MAX, best


def _get(kv, key):
    # The bytes under `key` (b"" when absent; b"\x00" when not base64: the CRC check refuses it).
    text = kv.getItem(key)
    if not text:
        return b""
    try:
        return a2b_base64(text.encode())
    except ValueError:
        return b"\x00"  # something is there, and unreadable


def _put(kv, key, data):
    why = kv.setItem(key, b2a_base64(data).decode().strip())
    if why:  # QuotaExceededError (storage full), SecurityError (storage blocked)
        raise OSError("the browser refused to store it (%s)" % str(why).split("\n")[0][:80])


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
            data = _get(self.kv, self.keys[i])
            if not data:
                continue
            found = best([data])
            if found is not None and (top is None or _after(found[0], top)):
                top = found[0]
                self._newest = i
            out.append(data)
        return out

    def had_data(self):
        for k in self.keys:
            if _get(self.kv, k):
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
        return _get(self.kv, self.name) or None

    def write(self, b):
        _put(self.kv, self.name, b)
