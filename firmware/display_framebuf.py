"""Show a `Canvas` with MicroPython `framebuf` in RGB565, on an ST7789-like panel.

Only the tiles the canvas marked as changed are drawn, one at a time, into one tile-sized
buffer (40 x 15 pixels on a 240 x 135 screen: 1.2 KB, where a whole frame would be 63 KB), and
each is sent at once with `panel.show(x, y, w, h, buf)`, which writes that window of the panel.
`sent` counts the pixel bytes sent (`make bench` reports them per action).  Glyphs are blitted
from the font's bytes with `FrameBuffer.blit` and a two-colour palette (MicroPython 1.20+), the
source given as a reused list so that nothing is allocated while drawing.  `framebuf.RGB565`
stores pixels little-endian while the ST7789 reads them big-endian, so the palette holds
byte-swapped colours and the buffer goes to the panel as is.
"""

import framebuf
from array import array

from firmware import fonts, inks
from firmware.canvas import tile_size
from firmware.raster import Raster

_KEY = 0x0020  # the glyph palette's background: transparent; no ink swaps to it


def rgb565(rgb):
    """0xRRGGBB to RGB565 (as the panel reads it, big-endian)."""
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def swapped(c565):
    """The RGB565 value that framebuf must store so the panel receives `c565` big-endian."""
    return ((c565 & 0xFF) << 8) | (c565 >> 8)


class FramebufBackend(Raster):
    """A `width` x `height` screen drawn tile by tile and sent with `panel.show(x, y, w, h, buf)`
    (panel None: drawn and counted only)."""

    def __init__(self, width, height, panel=None):
        self.width = width
        self.height = height
        self.tile_w, self.tile_h = tile_size(width, height)
        self.buf = bytearray(self.tile_w * self.tile_h * 2)
        self.fb = framebuf.FrameBuffer(self.buf, self.tile_w, self.tile_h, framebuf.RGB565)
        self.panel = panel
        self.colours = array("H", [swapped(rgb565(c)) for c in inks.PALETTE])
        for v in self.colours:
            assert v != _KEY
        self.ox = 0  # the tile being drawn
        self.oy = 0
        self.glyph_bytes = bytearray(fonts.MAX_GLYPH_BYTES)
        self.glyph_src = [self.glyph_bytes, 8, 8, framebuf.MONO_HLSB]  # blit source, reused
        self.pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
        self.pal.pixel(0, 0, _KEY)
        self.sent = 0  # pixel bytes sent to the panel
        self.windows = 0  # tiles sent

    def render(self, frame):
        """Draw and send every tile canvas `frame` marked as changed."""
        tw = self.tile_w
        th = self.tile_h
        d = frame.dirty
        cols = frame.tiles_x
        for i in range(len(d)):
            if not d[i]:
                continue
            d[i] = 0
            x0 = (i % cols) * tw
            y0 = (i // cols) * th
            self.ox = x0
            self.oy = y0
            self.draw_tile(frame, x0, y0, x0 + tw, y0 + th)
            if self.panel is not None:
                self.panel.show(x0, y0, tw, th, self.buf)
            self.sent += len(self.buf)
            self.windows += 1

    def fill(self, x, y, w, h, ink):
        self.fb.fill_rect(x - self.ox, y - self.oy, w, h, self.colours[ink])

    def glyph(self, data, at, gw, h, x, y, ink):
        n = h * ((gw + 7) // 8)
        b = self.glyph_bytes
        for i in range(n):
            b[i] = data[at + i]
        src = self.glyph_src
        src[1] = gw
        src[2] = h
        self.pal.pixel(1, 0, self.colours[ink])
        # a (buffer, w, h, format) list as the source: MicroPython 1.20+ (the stubs know only
        # a FrameBuffer, whose making would allocate per glyph)
        self.fb.blit(src, x - self.ox, y - self.oy, _KEY, self.pal)  # type: ignore[arg-type]


class FramePanel:
    """A panel kept in RAM as one whole RGB565 frame (tests and the bench): `pixel(x, y)`."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.frame = bytearray(width * height * 2)

    def show(self, x, y, w, h, buf):
        f = self.frame
        for r in range(h):
            src = 2 * r * w
            dst = 2 * ((y + r) * self.width + x)
            f[dst:dst + 2 * w] = buf[src:src + 2 * w]

    def pixel(self, x, y):
        """The RGB565 colour at (x, y), as the panel reads it (big-endian)."""
        i = 2 * (y * self.width + x)
        return (self.frame[i] << 8) | self.frame[i + 1]
