"""What `firmware.device` asks of a board: a profile (`hardware/<board>.py`) subclasses `Board`.

A profile is wiring: which display, which keys, where the campaign is kept.  The parts a board
must give raise NotImplementedError here; the parts a board may lack (a speaker, lights, an
accelerometer, a serial link) have a default that does nothing, so the app never asks whether a
board has them.  (After adafruit_pybadger's PyBadgerBase, one small subclass per board.)
"""


class Board:
    NAME = "board"
    DEBOUNCE_MS = 0  # how long a key must be steady; 0 when the scanner debounces already
    data_dir = None  # where the data files are (None: `firmware.datafiles.DEFAULT_DIR`)
    player_dir = None  # where the player's entries at the table are written (None: data_dir)

    # --- what every board gives ---------------------------------------------------------
    def display(self):
        """The display backend (`firmware.display_*`); made first: it holds the biggest buffer."""
        raise NotImplementedError

    def keys(self):
        """The logical keys down now, a bitmask of `firmware.keys` bits."""
        raise NotImplementedError

    def ticks_ms(self):
        """Milliseconds, an integer that wraps (see `ticks_diff`)."""
        raise NotImplementedError

    def ticks_diff(self, a, b):
        """a - b for two `ticks_ms` values, right across the wrap."""
        raise NotImplementedError

    def sleep_ms(self, n):
        raise NotImplementedError

    def state_store(self):
        """Where the engine's record lives (`firmware.storage`, `firmware.journal`)."""
        raise NotImplementedError

    def prefs_blob(self):
        """Where the settings live (`firmware.prefs`)."""
        raise NotImplementedError

    def data_files(self):
        """The engine's data hook (`firmware.datafiles`): the shipped files, and the folder where
        what the player enters at the table (answers, a counter mix) is written."""
        from firmware.datafiles import DEFAULT_DIR, reader

        return reader(self.data_dir, self.player_dir or self.data_dir or DEFAULT_DIR)

    # --- what a board may have: by default it has none ---------------------------------------
    def running(self):
        """False to stop the main loop (the simulator's window closed)."""
        return True

    def backlight(self, pct):
        """Set the backlight, 0..100 percent."""

    def serial_link(self, session):
        """The line protocol on a serial port (`firmware.serial_link.Link`), or None."""
        return None

    def click(self):
        """A short click on the speaker."""

    def flash(self, ink):
        """Flash the board's lights in `ink` (`firmware.inks`) for a moment."""

    def shaken(self, now):
        """True once per shake of the board (then it rolls)."""
        return False

    def tick(self, now):
        """Called every loop: end a flash, switch an amplifier off ..."""
