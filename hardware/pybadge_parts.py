"""The Adafruit PyBadge's parts as both of its profiles drive them: `hardware/pybadge.py`
(CircuitPython) and `hardware/pybadge_micropython.py` (MicroPython, the firmware image).  What
the two share is here, the same on either: the buttons' order on the shift register, the
NeoPixels' colours, the LIS3DH's set-up and the shake that rolls.  Each profile does its own I/O.

Sources: adafruit/Adafruit_CircuitPython_PyBadger `pybadge.py` (the key order,
`Buttons = namedtuple("Buttons", "b a start select right down up left")`, and the LIS3DH at 0x19,
else 0x18 on some batches); ST's LIS3DH datasheet (the registers below).
"""

from firmware import inks, keys

# The 74HC165's bits in the order they are shifted out (key numbers 0..7) -> logical key
KEY_ORDER = (keys.B, keys.A, keys.START, keys.SELECT, keys.RIGHT, keys.DOWN, keys.UP, keys.LEFT)
SELECT_NUMBER = 3

PIXELS = 5  # NeoPixels (none on a PyBadge LC: writing to them then does nothing)
FLASH_MS = 250

LIS3DH_ADDRESSES = (0x19, 0x18)
LIS3DH_SETUP = ((0x20, 0x57),  # CTRL_REG1: 100 Hz, x y z on
                (0x23, 0x98))  # CTRL_REG4: block update, high resolution, +-4 g
LIS3DH_OUT = 0xA8  # OUT_X_L, the address auto-incrementing: x, y, z as 16-bit little-endian
_SHAKE_G2 = 2 * 64 * 2 * 64  # |a|^2 above (2 g)^2, in 1/64 g units (at rest: 1 g)
_SHAKE_HITS = 3  # readings over the threshold within one window
_SHAKE_WINDOW_MS = 400
_SHAKE_REST_MS = 1000  # ignore shaking right after a shake roll


def pressed_keys(down_numbers):
    """Logical bitmask for the key numbers that are down (testable without a board)."""
    mask = 0
    for n in down_numbers:
        mask |= KEY_ORDER[n]
    return mask


def paint(pixels, ink):
    """Fill `pixels` (3 bytes a NeoPixel, GRB) with `ink` (`firmware.inks`) at an eighth of full
    brightness: bright enough at a table, not blinding."""
    rgb = inks.PALETTE[ink]
    g = ((rgb >> 8) & 0xFF) // 8
    r = ((rgb >> 16) & 0xFF) // 8
    b = (rgb & 0xFF) // 8
    for i in range(0, len(pixels), 3):
        pixels[i] = g
        pixels[i + 1] = r
        pixels[i + 2] = b


def dark(pixels):
    for i in range(len(pixels)):
        pixels[i] = 0


class Shake:
    """A shake of the badge from LIS3DH readings: a few strong ones (beyond 2 g) close together,
    then a rest.  A profile reads the six output bytes into `buf` when `resting` is False, then
    asks `reading`.  Nothing is allocated per reading."""

    def __init__(self, ticks_diff):
        self.ticks_diff = ticks_diff
        self.buf = bytearray(6)
        self._hits = 0
        self._hit_t = 0
        self._shake_t = None  # when the last shake roll was (resting after it), or None

    def resting(self, now):
        """True while a reading is not wanted (just after a shake roll)."""
        # Timers are dropped as soon as they run out (this runs every poll): a tick difference
        # is only right for spans under half the ticks' period (74.6 h on CircuitPython).
        if self._shake_t is not None:
            if 0 <= self.ticks_diff(now, self._shake_t) < _SHAKE_REST_MS:
                return True
            self._shake_t = None
        if self._hits and not 0 <= self.ticks_diff(now, self._hit_t) <= _SHAKE_WINDOW_MS:
            self._hits = 0
        return False

    def reading(self, now):
        """True once per shake, given the reading now in `buf`."""
        b = self.buf
        g2 = 0
        for i in (0, 2, 4):
            v = (b[i] | (b[i + 1] << 8))
            if v >= 0x8000:
                v -= 0x10000
            v >>= 7  # 8192 per g at +-4 g (left-justified) -> 64 per g
            g2 += v * v
        if g2 > _SHAKE_G2:
            if self._hits == 0:
                self._hit_t = now
            self._hits += 1
            if self._hits >= _SHAKE_HITS:
                self._hits = 0
                self._shake_t = now
                return True
        return False
