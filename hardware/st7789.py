"""A Sitronix ST7789 panel on SPI, written a window at a time: the driver the Pico-LCD-1.14 profile
(hardware/pico_lcd_114.py) wires up, and the PyBadge's firmware image (hardware/
pybadge_micropython.py) for its ST7735R, which takes the same commands to write a window.  A
profile gives the bus, the pins, its panel's init sequence and where its visible area starts
(after Peter Hinch's nano-gui, whose board files are wiring and whose drivers live apart).

The panel reads RGB565 big-endian; `firmware.display_framebuf` swaps the colour bytes for it, and
sends only the tiles that changed, each with `show`.
"""

import time


class ST7789:
    """The panel on `spi` with chip select `cs`, data/command `dc` and reset `rst` (callable pins);
    `init` is its (command, data) sequence, a step with a third item waiting that many ms after
    it (a reset, sleep out), (`col0`, `row0`) the panel address of the visible area's top left.  `show(x, y, w, h, buf)` writes a window of RGB565 big-endian pixels."""

    def __init__(self, spi, cs, dc, rst, init, col0=0, row0=0):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.col0 = col0
        self.row0 = row0
        self._cmd = bytearray(1)
        self._caset = bytearray(4)
        self._raset = bytearray(4)
        self.reset()
        for step in init:
            self.command(step[0], step[1])
            if len(step) > 2:
                time.sleep_ms(step[2])
        time.sleep_ms(10)

    def reset(self):
        self.rst(1)
        time.sleep_ms(5)
        self.rst(0)
        time.sleep_ms(10)
        self.rst(1)
        time.sleep_ms(120)

    def command(self, cmd, data=b""):
        self._cmd[0] = cmd
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def show(self, x, y, w, h, buf):
        _span(self._caset, self.col0 + x, w)
        self.command(0x2A, self._caset)
        _span(self._raset, self.row0 + y, h)
        self.command(0x2B, self._raset)
        self.command(0x2C)
        self.cs(0)
        self.dc(1)
        self.spi.write(buf)
        self.cs(1)


def _span(out, start, n):
    """CASET / RASET data: first and last address, big-endian."""
    end = start + n - 1
    out[0] = start >> 8
    out[1] = start & 0xFF
    out[2] = end >> 8
    out[3] = end & 0xFF
