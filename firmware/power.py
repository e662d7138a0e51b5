"""Dim the backlight after a while without a key press, switch it off after longer.

Deep sleep is not used: the PyBadge's buttons sit behind a shift register and cannot wake the
chip, so the device only dims and idles (the main loop also polls more slowly when idle).  The key
that wakes the screen is swallowed, so a press in the dark never rolls dice by surprise.
"""

ACTIVE = 0
DIM = 1
IDLE = 2

DIM_LEVEL = 4  # a dimmed backlight is brightness / 4 (never below 5 %)
IDLE_FACTOR = 4  # the backlight goes off after IDLE_FACTOR times the dim delay
_IDLE_CAP = 1 << 28  # idle time stops counting here (74 h): far past any delay, a small int


class Power:
    """Backlight state from key activity; `dim_ms` 0 never dims.  Times are integer ticks.

    Tick counters wrap (2**29 ms on the PyBadge, 2**30 on the Pico), and a tick difference is
    only right for spans under half the period: the idle time is summed from the differences
    between successive polls (milliseconds apart), never taken from the last key press.
    """

    def __init__(self, diff, now, dim_ms=60000):
        self.diff = diff
        self.dim_ms = dim_ms
        self.state = ACTIVE
        self.prev = now
        self.idle = 0

    def key(self, now):
        """A key was pressed at `now`: True when it only woke the screen (swallow it)."""
        self.prev = now
        self.idle = 0
        woke = self.state != ACTIVE
        self.state = ACTIVE
        return woke

    def tick(self, now):
        """Advance the state at `now`; True when it changed (the backlight needs setting)."""
        step = self.diff(now, self.prev)
        self.prev = now
        if step > 0:
            self.idle = min(self.idle + step, _IDLE_CAP)
        if not self.dim_ms:
            new = ACTIVE
        else:
            idle = self.idle
            if idle >= self.dim_ms * IDLE_FACTOR:
                new = IDLE
            elif idle >= self.dim_ms:
                new = DIM
            else:
                new = ACTIVE
        if new != self.state:
            self.state = new
            return True
        return False

    def level(self, brightness):
        """Backlight percent for the current state, given the chosen `brightness` percent."""
        if self.state == IDLE:
            return 0
        if self.state == DIM:
            return max(5, brightness // DIM_LEVEL)
        return brightness
