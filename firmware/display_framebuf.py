"""Show a `Canvas` with MicroPython `framebuf` in RGB565, for an ST7789 panel.

The frame is drawn in horizontal bands of `band` rows into one RGB565 buffer (a 240 x 135 frame
whole is 63 KB; a band of 20 rows 9.6 KB), each band sent with `panel.show_rows(y, rows, buf)`
before the next is drawn: framebuf clips what falls outside the band, so every band draws the
same canvas shifted up.  With `band` 0 the buffer holds the whole frame (tests read its pixels).
The buffer is allocated when the backend is made, which should be first thing after boot
(`gc.collect()` before), so that it gets a contiguous block.  `framebuf.RGB565` stores pixels
little-endian while the ST7789 reads them big-endian, so the palette holds byte-swapped colours
and the buffer goes to the panel as is.
"""

import framebuf

from firmware import canvas as C
from firmware import font8


def rgb565(rgb):
    """0xRRGGBB to RGB565 (as the panel reads it, big-endian)."""
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def swapped(c565):
    """The RGB565 value that framebuf must store so the panel receives `c565` big-endian."""
    return ((c565 & 0xFF) << 8) | (c565 >> 8)


class FramebufBackend:
    """A `width` x `height` frame drawn `band` rows at a time (0: whole), sent with
    `panel.show_rows(y, rows, buf)` (panel None: kept in RAM, e.g. tests)."""

    def __init__(self, width, height, panel=None, band=0):
        self.width = width
        self.height = height
        self.band = band if 0 < band < height else height
        self.buf = bytearray(width * self.band * 2)
        self.fb = framebuf.FrameBuffer(self.buf, width, self.band, framebuf.RGB565)
        last = height % self.band or self.band
        self._views = (memoryview(self.buf), memoryview(self.buf)[:width * last * 2])
        self.panel = panel
        self.colours = [swapped(rgb565(c)) for c in C.PALETTE]
        self.frames = 0

    def render(self, c):
        """Draw canvas `c` band by band and send each band to the panel."""
        y0 = 0
        while y0 < self.height:
            rows = min(self.band, self.height - y0)
            self._draw(c, y0, rows)
            if self.panel is not None:
                self.panel.show_rows(y0, rows, self._views[rows != self.band])
            y0 += rows
        self.frames += 1

    def _draw(self, c, y0, rows):
        # The canvas shifted up by y0; framebuf clips everything outside the band.
        fb = self.fb
        col = self.colours
        fb.fill(col[C.BLACK])
        r = c.rects
        for i in range(c.nrects):
            j = 5 * i
            fb.fill_rect(r[j], r[j + 1] - y0, r[j + 2], r[j + 3], col[r[j + 4]])
        cols = c.cols
        chars = c.chars
        inks = c.inks
        top = (C.CELL_H - font8.HEIGHT) // 2
        for row in range(c.rows):
            y = row * C.CELL_H + top - y0
            if y + font8.HEIGHT <= 0 or y >= rows:
                continue  # this text row lies outside the band
            at = row * cols
            for x in range(cols):
                ch = chars[at + x]
                if ch != 32:
                    fb.text(chr(ch), x * C.CELL_W, y, col[inks[at + x]])
        if c.big_text:
            self._big(c.big_text, c.big_x, c.big_y - y0, c.big_scale, col[c.big_ink])

    def _big(self, s, x0, y0, scale, colour):
        fb = self.fb
        for i in range(len(s)):
            code = ord(s[i])
            x = x0 + i * C.CELL_W * scale
            for gy in range(font8.HEIGHT):
                bits = font8.row(code, gy)
                gx = 0
                while bits:  # runs of set pixels become one rectangle each
                    if bits & 0x80:
                        run = 0
                        while bits & 0x80:
                            run += 1
                            bits = (bits << 1) & 0xFF
                        fb.fill_rect(x + (gx) * scale, y0 + gy * scale, run * scale, scale,
                                     colour)
                        gx += run
                    else:
                        bits = (bits << 1) & 0xFF
                        gx += 1

    def pixel(self, x, y):
        """The colour at (x, y) as 0xRRGGBB-ish RGB565 unswapped (tests)."""
        return swapped(self.fb.pixel(x, y))
