"""Adafruit PyBadge / PyBadge LC under CircuitPython 9+: the only file that knows its pins.

Sources for every pin and part (all checked against the CircuitPython board definition,
`adafruit/circuitpython` `ports/atmel-samd/boards/pybadge/pins.c`, as listed in
circuitpython-stubs 10.3.1 `board_definitions/pybadge`):
- display: the built-in 160 x 128 ST7735R, `board.DISPLAY` (backlight `TFT_LITE`, PWM), set up
  by CircuitPython itself.
- buttons: 74HC165 shift register on `BUTTON_CLOCK` (PB31), `BUTTON_OUT` (PB30), `BUTTON_LATCH`
  (PB00), read with `keypad.ShiftRegisterKeys(..., key_count=8, value_when_pressed=True)`; key
  numbers 0=B 1=A 2=START 3=SELECT 4=RIGHT 5=DOWN 6=UP 7=LEFT (adafruit/Adafruit_CircuitPython_
  PyBadger `pybadge.py`: `Buttons = namedtuple("Buttons", "b a start select right down up left")`).
- accelerometer: LIS3DH on `board.I2C()` at 0x19 (0x18 on some batches; PyBadger tries both).
  Read here with two register writes and one 6-byte read into a buffer made once, not with the
  bundle's adafruit_lis3dh (5.2.10): its `shake()` sleeps 0.1 s per call and `acceleration`
  allocates a tuple and three floats per reading, where this loop polls every 10 ms and must
  allocate nothing; its .mpy would also add 3.2 KB of bytecode to the heap.
- speaker: `SPEAKER` (PA02, the DAC A0) through an amplifier enabled by `SPEAKER_ENABLE` (PA27).
- NeoPixels: 5 on `NEOPIXEL` (PA15), GRB order, written with `neopixel_write`.
- storage: three journal files on CIRCUITPY, the 2 MB SPI flash (GD25Q16C: 4 KiB sectors,
  100,000 erase cycles), `/tal-save.bin` for the campaign, `/tal-settings.bin` for the settings
  and `/tal-data.bin` for what the player enters at the table (answers, counter mixes: the
  device writes no other file there), made by `make deploy` and never created nor grown here
  (firmware/journal.py explains why; docs/storage.md has the figures).  Saves of older
  firmware in `microcontroller.nvm` (one 8 KiB SAMD51 flash block, erased by every write) are read
  once and carried over, never written.
"""

from array import array

import audiocore
import audioio
import board
import digitalio
import keypad
import microcontroller
import neopixel_write
import supervisor
import time

from firmware import keys
from hardware import board as base
from hardware import pybadge_parts as parts
from hardware.pybadge_parts import KEY_ORDER, pressed_keys  # noqa: F401 (the tests' names)

NAME = "PyBadge"
BOOT_KEEP_DRIVE_KEY = parts.SELECT_NUMBER  # held at boot: the USB drive stays writable (boot.py)
DATA_DIR = "/data"  # the player-editable data files, at the root of CIRCUITPY
DRIVE = "/"  # CIRCUITPY, where the journals live
SAVE_FILE = "tal-save.bin"  # the campaign's journal: 384 blocks of 512 bytes between guards
SAVE_RING = 384
SETTINGS_FILE = "tal-settings.bin"
SETTINGS_RING = 48  # (a file older firmware made on the board: kept at its size)
SETTINGS_BODY = 64
DATA_FILE = "tal-data.bin"  # what the player enters at the table (answers, counter mixes)
DATA_RING = 80
DATA_BODY = 8192
LEGACY_PREFS = 4096  # where older firmware kept the settings in nvm, after two 2 KB slots

_TICKS_PERIOD = 1 << 29  # supervisor.ticks_ms() wraps at 2**29
_OUT = bytes((parts.LIS3DH_OUT,))  # the register the readings start at


def ticks_diff(a, b):
    """a - b for `supervisor.ticks_ms` values, across the wrap (as adafruit_ticks does)."""
    return keys.wrap_diff(a, b, _TICKS_PERIOD)


def _shift_register_keys():
    return keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True)


def keep_drive_for_computer():
    """True when SELECT is held at boot: boot.py then leaves CIRCUITPY writable by the computer."""
    scanner = _shift_register_keys()
    try:
        time.sleep(0.05)  # let the scanner see the keys a few times
        ev = keypad.Event()
        held = False
        while scanner.events.get_into(ev):
            if ev.pressed and ev.key_number == BOOT_KEEP_DRIVE_KEY:
                held = True
        return held
    finally:
        scanner.deinit()


class Board(base.Board):
    """The PyBadge: the wiring of `hardware.board.Board`."""

    NAME = NAME
    DEBOUNCE_MS = 0  # keypad debounces
    data_dir = DATA_DIR
    width = 160
    height = 128

    def __init__(self):
        self._keys = _shift_register_keys()
        self._event = keypad.Event()  # one event, reused: reading keys allocates nothing
        self._down = 0
        self._pixels_pin = digitalio.DigitalInOut(board.NEOPIXEL)
        self._pixels_pin.direction = digitalio.Direction.OUTPUT
        self._pixels = bytearray(3 * parts.PIXELS)
        self._flash_t = None
        self._speaker_on = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._speaker_on.direction = digitalio.Direction.OUTPUT
        self._audio = audioio.AudioOut(board.SPEAKER)
        # 10 ms of a 1 kHz square wave at 8 kHz: a short click
        self._click = audiocore.RawSample(array("H", ([0xC000] * 4 + [0x4000] * 4) * 10),
                                          sample_rate=8000)
        self._i2c = None
        self._accel = None
        self._shake = parts.Shake(ticks_diff)
        self._setup_accel()

    # --- display and time ---------------------------------------------------------------
    def display(self):
        from firmware.display_displayio import DisplayioBackend

        return DisplayioBackend(board.DISPLAY)

    def ticks_ms(self):
        return supervisor.ticks_ms()

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def sleep_ms(self, n):
        time.sleep(n / 1000)

    def backlight(self, pct):
        board.DISPLAY.brightness = pct / 100

    # --- keys -----------------------------------------------------------------------------
    def keys(self):
        q = self._keys.events
        if q.overflowed:  # events were lost: start again from "all released"
            q.clear()
            self._keys.reset()
            self._down = 0
        ev = self._event
        while q.get_into(ev):
            bit = KEY_ORDER[ev.key_number]
            if ev.pressed:
                self._down |= bit
            else:
                self._down &= ~bit
        return self._down

    # --- USB serial -----------------------------------------------------------------------
    def serial_link(self, session):
        """The line protocol on the second USB serial port, which boot.py enables (or None)."""
        from firmware.usb_link import usb_data_link

        return usb_data_link(session)

    # --- storage --------------------------------------------------------------------------
    def state_store(self):
        import os

        from firmware.journal import STATE, Journal, JournalStore
        from firmware.storage import NvmStore

        journal = self._journal = Journal(DRIVE + SAVE_FILE, SAVE_RING, STATE, 16384, os.sync)
        notice = None
        if journal.why == "the drive is read-only to the device":
            notice = ("nothing will be saved: SELECT was held at power-on, so CIRCUITPY belongs "
                      "to the computer; restart without it to play")
        return JournalStore(journal, NvmStore(microcontroller.nvm, 0), notice)

    def player_entries(self):
        """What the player enters at the table: in a journal of its own, never as files of
        CIRCUITPY (firmware/journal.py `JournalBundle`), its buffers the saves' journal's."""
        import os

        from firmware.journal import DATA, Journal, JournalBundle

        return JournalBundle(Journal(DRIVE + DATA_FILE, DATA_RING, DATA, DATA_BODY, os.sync,
                                     getattr(self, "_journal", None)))

    def prefs_blob(self):
        import os

        from firmware.journal import SETTINGS, Journal, JournalBlob
        from firmware.prefs import NvmBlob

        return JournalBlob(Journal(DRIVE + SETTINGS_FILE, SETTINGS_RING, SETTINGS, SETTINGS_BODY,
                                   os.sync),
                           NvmBlob(microcontroller.nvm, LEGACY_PREFS))

    # --- sound, lights, shake -------------------------------------------------------------
    def click(self):
        self._speaker_on.value = True
        self._audio.play(self._click)

    def flash(self, ink):
        parts.paint(self._pixels, ink)
        neopixel_write.neopixel_write(self._pixels_pin, self._pixels)
        self._flash_t = supervisor.ticks_ms()

    def tick(self, now):
        if self._flash_t is not None and ticks_diff(now, self._flash_t) >= parts.FLASH_MS:
            parts.dark(self._pixels)
            neopixel_write.neopixel_write(self._pixels_pin, self._pixels)
            self._flash_t = None
        if self._speaker_on.value and not self._audio.playing:
            self._speaker_on.value = False  # the amplifier hisses when left on

    def _setup_accel(self):
        try:
            i2c = board.I2C()
        except (RuntimeError, ValueError):
            return
        for addr in parts.LIS3DH_ADDRESSES:
            first, then = parts.LIS3DH_SETUP
            if self._write_reg(i2c, addr, *first):
                self._write_reg(i2c, addr, *then)
                self._i2c = i2c
                self._accel = addr
                return

    def _write_reg(self, i2c, addr, reg, value):
        if not i2c.try_lock():
            return False
        try:
            i2c.writeto(addr, bytes((reg, value)))
            return True
        except OSError:
            return False
        finally:
            i2c.unlock()

    def shaken(self, now):
        """True once per shake (hardware/pybadge_parts.py: a few strong readings close together)."""
        shake = self._shake
        if shake.resting(now):
            return False
        i2c = self._i2c
        if i2c is None or self._accel is None:
            return False
        if not i2c.try_lock():
            return False
        try:
            i2c.writeto_then_readfrom(self._accel, _OUT, shake.buf)  # x, y, z
        except OSError:
            return False
        finally:
            i2c.unlock()
        return shake.reading(now)
