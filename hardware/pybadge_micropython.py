"""Adafruit PyBadge under MicroPython, the firmware image with the app frozen in (`make
firmware-pybadge`): the only file that knows its pins there.  (`hardware/pybadge.py` is the
same badge under CircuitPython; what the two drive alike is in `hardware/pybadge_parts.py`.)

Every pin by the name CircuitPython's board definition gives it (adafruit/circuitpython
`ports/atmel-samd/boards/pybadge/pins.c`), which the image's board folder
(hardware/ADAFRUIT_PYBADGE/pins.csv) gives `machine.Pin` too:
- display: the 160 x 128 ST7735R on SPI (SERCOM 4: TFT_SCK PB13, TFT_MOSI PB15), TFT_CS PB07,
  TFT_DC PB05, TFT_RST PA00, backlight TFT_LITE PA01; the init sequence, window and rotation
  are CircuitPython's `boards/pybadge/board.c` (its 255 ms code after sleep-out means 500 ms,
  `shared-module/busdisplay/BusDisplay.c`).  The panel reads RGB565 big-endian, as the ST7789.
  PA01 has no TCC, which the samd port's `machine.PWM` needs: the backlight is on or off.
- buttons: the 74HC165 on BUTTON_LATCH PB00, BUTTON_CLOCK PB31, BUTTON_OUT PB30, read as
  CircuitPython's `keypad.ShiftRegisterKeys` does (`shared-module/keypad/ShiftRegisterKeys.c`):
  latch high freezes the inputs and puts the first bit on the data pin at once; each bit is
  read with the clock low, then the clock rises to shift the next; latch low lets the inputs in
  again.  Key numbers in that order, pressed reading high (value_when_pressed=True).
- speaker: the DAC on SPEAKER (PA02) through the amplifier SPEAKER_ENABLE (PA27) switches on.
- NeoPixels: 5 on NEOPIXEL (PA15), GRB, written with `machine.bitstream` (800 kHz timing).
- accelerometer: the LIS3DH on I2C 2 (SDA PA12, SCL PA13), read into a buffer made once.
- storage: the QSPI flash's littlefs, mounted at / by the port's `_boot.py`: the campaign and
  settings as on every MicroPython board (hardware/micropython_board.py), the data files in
  `/data`.
"""

from array import array

import time

from machine import DAC, I2C, SPI, Pin, bitstream

from hardware import micropython_board as base
from hardware import pybadge_parts as parts

NAME = "PyBadge"
WIDTH = 160
HEIGHT = 128
DATA_DIR = "/data"
SPI_ID = 4  # SERCOM 4: TFT_SCK on its pad 1, TFT_MOSI on pad 3
SPI_BAUD = 24_000_000  # the SERCOM's fastest: half its 48 MHz clock
I2C_ID = 2  # SERCOM 2: SDA PA12, SCL PA13
_WS2812 = (400, 850, 800, 450)  # ns: high for a 0, low for a 0, high for a 1, low for a 1
_CLICK_MS = 20  # the amplifier stays on this long after a click starts (the click is 10 ms)

# The ST7735R's start (CircuitPython's board.c): (command, data[, ms to wait after])
_INIT = (
    (0x01, b"", 150),  # software reset
    (0x11, b"", 500),  # sleep out
    (0xB1, b"\x01\x2c\x2d"),  # frame rate: normal mode
    (0xB2, b"\x01\x2c\x2d"),  # idle mode
    (0xB3, b"\x01\x2c\x2d\x01\x2c\x2d"),  # partial mode
    (0xB4, b"\x07"),  # line inversion
    (0xC0, b"\xa2\x02\x84"),  # power: GVDD 4.7 V
    (0xC1, b"\xc5"),  # VGH 14.7 V, VGL -7.35 V
    (0xC2, b"\x0a\x00"),  # op-amp current, boost frequency
    (0xC3, b"\x8a\x2a"),
    (0xC4, b"\x8a\xee"),
    (0xC5, b"\x0e"),  # VCOM
    (0x2A, b""),  # (as board.c sends it, where its comment says inversion off)
    (0x36, b"\xa0"),  # MADCTL: rows and columns exchanged, rows mirrored: 160 x 128 landscape
    (0x3A, b"\x05"),  # 16 bits per pixel
    (0xE0, b"\x02\x1c\x07\x12\x37\x32\x29\x2d\x29\x25\x2b\x39\x00\x01\x03\x10"),  # gamma +
    (0xE1, b"\x03\x1d\x07\x06\x2e\x2c\x29\x2d\x2e\x2e\x37\x3f\x00\x00\x02\x10"),  # gamma -
    (0x2A, b"\x02\x00\x81"),  # (board.c's column and row windows; each frame sets its own)
    (0x2B, b"\x02\x00\x81"),
    (0x13, b"", 10),  # normal display
    (0x29, b"", 100),  # display on
)


class Board(base.Board):
    """The PyBadge on MicroPython: the wiring of `hardware.board.Board` (a MicroPython board)."""

    NAME = NAME
    DEBOUNCE_MS = 20  # the shift register passes the switches' bounce on
    data_dir = DATA_DIR
    width = WIDTH
    height = HEIGHT

    def __init__(self):
        self._latch = Pin("BUTTON_LATCH", Pin.OUT, value=0)  # low: the inputs flow in
        self._clock = Pin("BUTTON_CLOCK", Pin.OUT, value=0)
        self._data = Pin("BUTTON_OUT", Pin.IN)
        self._bl = Pin("TFT_LITE", Pin.OUT, value=0)  # dark until the first frame
        self._pixels_pin = Pin("NEOPIXEL", Pin.OUT, value=0)
        self._pixels = bytearray(3 * parts.PIXELS)
        self._flash_t = None
        self._amp = Pin("SPEAKER_ENABLE", Pin.OUT, value=0)
        self._dac = DAC(0)  # on SPEAKER, PA02
        # 10 ms of a 1 kHz square wave at 8 kHz on the 12-bit DAC: a short click
        self._click = array("H", ([3072] * 4 + [1024] * 4) * 10)
        self._click_t = None
        self._i2c = None
        self._accel = None
        self._shake = parts.Shake(time.ticks_diff)
        self._setup_accel()

    # --- display ---------------------------------------------------------------------------
    def display(self):
        from firmware.display_framebuf import FramebufBackend
        from hardware.st7789 import ST7789

        spi = SPI(SPI_ID, baudrate=SPI_BAUD, polarity=0, phase=0, sck=Pin("TFT_SCK"),
                  mosi=Pin("TFT_MOSI"), miso=None)
        panel = ST7789(spi, cs=Pin("TFT_CS", Pin.OUT, value=1),
                       dc=Pin("TFT_DC", Pin.OUT, value=1), rst=Pin("TFT_RST", Pin.OUT, value=1),
                       init=_INIT)
        return FramebufBackend(WIDTH, HEIGHT, panel)

    def backlight(self, pct):
        self._bl(1 if pct > 0 else 0)

    # --- keys -----------------------------------------------------------------------------
    def keys(self):
        latch, clock, data = self._latch, self._clock, self._data
        latch(1)  # freeze the eight inputs; key 0 is on the data pin now
        mask = 0
        for bit in parts.KEY_ORDER:
            clock(0)
            if data():
                mask |= bit
            clock(1)  # the next key's bit
        latch(0)
        return mask

    # --- sound, lights, shake -------------------------------------------------------------
    def click(self):
        self._amp(1)
        self._dac.write_timed(self._click, 8000)  # played by DMA: returns at once
        self._click_t = time.ticks_ms()

    def flash(self, ink):
        parts.paint(self._pixels, ink)
        bitstream(self._pixels_pin, 0, _WS2812, self._pixels)
        self._flash_t = time.ticks_ms()

    def tick(self, now):
        if self._flash_t is not None and time.ticks_diff(now, self._flash_t) >= parts.FLASH_MS:
            parts.dark(self._pixels)
            bitstream(self._pixels_pin, 0, _WS2812, self._pixels)
            self._flash_t = None
        if self._click_t is not None and time.ticks_diff(now, self._click_t) >= _CLICK_MS:
            self._amp(0)  # the amplifier hisses when left on
            self._click_t = None

    def _setup_accel(self):
        i2c = I2C(I2C_ID, scl=Pin("SCL"), sda=Pin("SDA"), freq=400_000)
        for addr in parts.LIS3DH_ADDRESSES:
            try:
                for reg, value in parts.LIS3DH_SETUP:
                    i2c.writeto_mem(addr, reg, bytes((value,)))
            except OSError:  # nothing there (a PyBadge LC has no accelerometer)
                continue
            self._i2c = i2c
            self._accel = addr
            return

    def shaken(self, now):
        """True once per shake (hardware/pybadge_parts.py: a few strong readings close together)."""
        shake = self._shake
        i2c = self._i2c
        if i2c is None or shake.resting(now):
            return False
        try:
            i2c.readfrom_mem_into(self._accel, parts.LIS3DH_OUT, shake.buf)  # x, y, z
        except OSError:
            return False
        return shake.reading(now)
