"""Logical keys: debounce, long press and key repeat from a raw bitmask and integer ticks.

A board profile reads its buttons into a bitmask of the logical keys below and calls
`Keys.update(raw, now)` every few milliseconds; the app takes events with `Keys.get()`.  Time is
integer milliseconds from the board's tick counter, compared through the board's `diff` function
(ticks wrap around), so nothing here reads a clock and tests drive it with plain integers.

Events are ints: a key bit, plus LONG for a long press or REPEAT for an auto-repeat.  The d-pad
reports at once and repeats while held; A, B, SELECT and START report on release (a tap) or once
when held past `long_ms` (a long press, and then nothing on release).  Nothing allocates.
"""

from array import array

UP = 0x01
DOWN = 0x02
LEFT = 0x04
RIGHT = 0x08
A = 0x10
B = 0x20
SELECT = 0x40
START = 0x80
SHAKE = 0x100  # the PyBadge's accelerometer, sent by the board as a key (it rolls)
KEY_MASK = 0x1FF
LONG = 0x1000
REPEAT = 0x2000

DPAD = UP | DOWN | LEFT | RIGHT
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "SELECT", "START", "SHAKE")

_QUEUE = 16


def _plain_diff(a, b):
    return a - b


def wrap_diff(a, b, period):
    """a - b for tick counts that wrap at `period` (a power of two), valid within period / 2."""
    d = (a - b) & (period - 1)
    return d - period if d >= period // 2 else d


def name(ev):
    """Readable name of an event, e.g. "A", "B long", "LEFT repeat" (logs and tests)."""
    for i in range(len(NAMES)):
        if ev & (1 << i):
            s = NAMES[i]
            if ev & LONG:
                s += " long"
            if ev & REPEAT:
                s += " repeat"
            return s
    return "none"


class Keys:
    """Turns raw key states into events (see the module docstring)."""

    def __init__(self, diff=None, debounce_ms=0, long_ms=700, delay_ms=450, rate_ms=120):
        self.diff = diff if diff is not None else _plain_diff
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.delay_ms = delay_ms
        self.rate_ms = rate_ms
        self.state = 0  # debounced keys down
        self._raw = 0
        self._raw_t = 0
        self._down_t = array("l", [0] * 8)  # when each key went down
        self._rep_t = array("l", [0] * 8)  # when each d-pad key last repeated
        self._fired = 0  # long-press keys whose long event was sent; d-pad keys repeating
        self._q = array("H", [0] * _QUEUE)
        self._head = 0
        self._n = 0

    def _put(self, ev):
        if self._n < _QUEUE:  # a full queue drops the newest: never blocks, never allocates
            self._q[(self._head + self._n) % _QUEUE] = ev
            self._n += 1

    def get(self):
        """The oldest pending event, or 0."""
        if not self._n:
            return 0
        ev = self._q[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._n -= 1
        return ev

    def clear(self):
        """Forget pending events and treat every key as released (e.g. after a queue overflow)."""
        self._n = 0
        self.state = 0
        self._raw = 0
        self._fired = 0

    def update(self, raw, now):
        """Feed the raw keys down at tick `now`; queues the events this produces."""
        raw &= 0xFF
        if raw != self._raw:
            self._raw = raw
            self._raw_t = now
        if raw != self.state and self.diff(now, self._raw_t) >= self.debounce_ms:
            self._change(raw, now)
        self._held(now)

    def _change(self, raw, now):
        was = self.state
        self.state = raw
        for i in range(8):
            bit = 1 << i
            if raw & bit and not was & bit:
                self._down_t[i] = now
                self._fired &= ~bit
                if bit & DPAD:
                    self._put(bit)
            elif was & bit and not raw & bit:
                if bit & DPAD:
                    self._fired &= ~bit
                else:
                    if self._fired & bit:
                        self._fired &= ~bit
                    else:
                        self._put(bit)

    def _held(self, now):
        s = self.state
        if not s:
            return
        for i in range(8):
            bit = 1 << i
            if not s & bit:
                continue
            held = self.diff(now, self._down_t[i])
            if bit & DPAD:
                if self._fired & bit:
                    if self.diff(now, self._rep_t[i]) >= self.rate_ms:
                        self._rep_t[i] = now
                        self._put(bit | REPEAT)
                elif held >= self.delay_ms:
                    self._fired |= bit
                    self._rep_t[i] = now
                    self._put(bit | REPEAT)
            elif not self._fired & bit and held >= self.long_ms:
                self._fired |= bit
                self._put(bit | LONG)

    def press(self, ev):
        """Queue an event directly (a board's shake, a terminal's typed key)."""
        self._put(ev)
