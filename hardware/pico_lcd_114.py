"""Raspberry Pi Pico + Waveshare Pico-LCD-1.14 under MicroPython: the only file that knows pins.

Sources (both agree):
- Waveshare's wiki demo for this board, https://www.waveshare.com/wiki/Pico-LCD-1.14
  (`Pico-LCD-1.14.py`, class `LCD_1inch14`): DC 8, CS 9, SCK 10, MOSI 11, RST 12, BL 13 (PWM);
  keys A 15, B 17, joystick up 2, centre 3, left 16, down 18, right 20, all to ground (pull-up,
  pressed = 0); the ST7789 init sequence below and the 240 x 135 landscape window (columns
  40..279, rows 53..187).
- peterhinch/micropython-nano-gui `setup_examples/st7789_pico_lcd_114.py`: SPI(1) on SCK 10 /
  MOSI 11, CS 9, RST 12, BL 13, DC 8 ("Can go to 62.5MHz").
The panel reads RGB565 big-endian; `firmware.display_framebuf` swaps the colour bytes for it.
Storage: littlefs files, as every MicroPython board keeps them (hardware/micropython_board.py).
"""

from machine import PWM, SPI, Pin

from firmware import keys
from hardware import micropython_board as base

NAME = "Pico-LCD-1.14"
WIDTH = 240
HEIGHT = 135

PIN_DC = 8
PIN_CS = 9
PIN_SCK = 10
PIN_MOSI = 11
PIN_RST = 12
PIN_BL = 13
DATA_DIR = "/data"  # the player-editable data files (copied beside main.py)
SPI_ID = 1
SPI_BAUD = 40_000_000  # the panel takes 62.5 MHz; 40 MHz leaves margin for long wires

# GPIO -> logical key.  Seven inputs for eight keys: the joystick press is SELECT (mode, page)
# and holding it opens the menu, as START does (firmware/app.py).
KEY_PINS = (
    (15, keys.A),
    (17, keys.B),
    (2, keys.UP),
    (18, keys.DOWN),
    (16, keys.LEFT),
    (20, keys.RIGHT),
    (3, keys.SELECT),  # joystick press
)

# This panel's ST7789 init (Waveshare demo): (command, data bytes); the driver is hardware/st7789.py
_INIT = (
    (0x36, b"\x70"),  # MADCTL: landscape
    (0x3A, b"\x05"),  # 16 bits per pixel
    (0xB2, b"\x0c\x0c\x00\x33\x33"),  # porch
    (0xB7, b"\x35"),  # gate control
    (0xBB, b"\x19"),  # VCOM
    (0xC0, b"\x2c"),  # LCM
    (0xC2, b"\x01"),  # VDV and VRH enable
    (0xC3, b"\x12"),  # VRH
    (0xC4, b"\x20"),  # VDV
    (0xC6, b"\x0f"),  # frame rate 60 Hz
    (0xD0, b"\xa4\xa1"),  # power
    (0xE0, b"\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23"),  # gamma +
    (0xE1, b"\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23"),  # gamma -
    (0x21, b""),  # inversion on (this panel needs it)
    (0x11, b""),  # sleep out
    (0x29, b""),  # display on
)
COL0 = 40  # the panel's columns 40..279 and rows 53..187 are the 240 x 135 visible ones
ROW0 = 53


class Board(base.Board):
    """The Pico with its LCD: the wiring of `hardware.board.Board` (a MicroPython board)."""

    NAME = NAME
    DEBOUNCE_MS = 20  # bare switches on GPIO bounce for a few ms
    data_dir = DATA_DIR
    width = WIDTH
    height = HEIGHT

    def __init__(self):
        self._pins = [(Pin(gpio, Pin.IN, Pin.PULL_UP), bit) for gpio, bit in KEY_PINS]
        self._bl = PWM(Pin(PIN_BL))
        self._bl.freq(1000)
        self._bl.duty_u16(0)  # dark until the first frame

    def display(self):
        from firmware.display_framebuf import FramebufBackend
        from hardware.st7789 import ST7789

        spi = SPI(SPI_ID, baudrate=SPI_BAUD, polarity=0, phase=0, sck=Pin(PIN_SCK),
                  mosi=Pin(PIN_MOSI), miso=None)
        panel = ST7789(spi, cs=Pin(PIN_CS, Pin.OUT, value=1), dc=Pin(PIN_DC, Pin.OUT, value=1),
                       rst=Pin(PIN_RST, Pin.OUT, value=1), init=_INIT, col0=COL0, row0=ROW0)
        return FramebufBackend(WIDTH, HEIGHT, panel)

    def keys(self):
        mask = 0
        for pin, bit in self._pins:
            if not pin.value():  # pressed pulls the pin to ground
                mask |= bit
        return mask

    def backlight(self, pct):
        self._bl.duty_u16(pct * 65535 // 100)

    # No speaker, lights nor accelerometer on this board: the base's defaults.
