"""What every MicroPython board's profile does alike (`hardware/pico_lcd_114.py`,
`hardware/pybadge_micropython.py`): MicroPython's integer ticks, the line protocol on the USB
serial port the REPL uses, and the campaign and settings as files on the board's littlefs:
`/tal.state` and `/tal.state.1` (the engine's two newest frames, written alternately) and
`/tal.prefs`."""

import time

from hardware import board as base


class Board(base.Board):
    """A MicroPython board; a profile adds its display, keys and parts."""

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, n):
        time.sleep_ms(n)

    def serial_link(self, session):
        """The line protocol on the USB serial port (the REPL's: Ctrl-C still stops the app,
        and mpremote gets in)."""
        from firmware.serial_link import stdin_link

        return stdin_link(session)

    def state_store(self):
        from firmware.storage import FileStore

        return FileStore("/tal.state")

    def prefs_blob(self):
        from firmware.prefs import FileBlob

        return FileBlob("/tal.prefs")
