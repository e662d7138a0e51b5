"""Show a `Canvas` in a web page: the screen as one byte of ink per pixel, drawn with `framebuf`.

The screen is one `bytearray` of ink numbers (20 KB at 160 x 128, 32 KB at 240 x 135), as the
displayio backend's Bitmap is; the page reads it straight out of the WebAssembly memory at
`address` and paints the inks' colours (`firmware.inks.PALETTE`) into an HTML canvas.  Each tile
has its own `framebuf.FrameBuffer` over its part of that buffer (GS8, the screen's stride), made
once: a fill or a glyph blit is clipped to the tile being drawn by the framebuf itself, and
drawing allocates nothing.  `box` holds the rectangle redrawn by the last `render` (x0, y0, x1,
y1; empty when x1 == 0), which the page repaints.  The pixels are the other backends', ink for
ink (tests/test_display_backends.py).
"""

import framebuf
from array import array

from firmware import fonts
from firmware.canvas import tile_size
from firmware.raster import Raster

_KEY = 255  # the glyph palette's background: transparent (no ink is 255)


class WebBackend(Raster):
    """A `width` x `height` screen of ink numbers, drawn tile by tile."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.tile_w, self.tile_h = tile_size(width, height)
        self.buf = bytearray(width * height)
        whole = memoryview(self.buf)
        self.tiles = []
        for y0 in range(0, height, self.tile_h):
            for x0 in range(0, width, self.tile_w):
                th = min(self.tile_h, height - y0)  # the last row of the buffer ends the view
                self.tiles.append(framebuf.FrameBuffer(
                    whole[y0 * width + x0:], self.tile_w, th, framebuf.GS8, width))
        self.fb = self.tiles[0]  # the tile being drawn, and its origin
        self.ox = 0
        self.oy = 0
        self.glyph_bytes = bytearray(fonts.MAX_GLYPH_BYTES)
        self.glyph_src = [self.glyph_bytes, 8, 8, framebuf.MONO_HLSB]  # blit source, reused
        self.pal = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.GS8)
        self.pal.pixel(0, 0, _KEY)
        self.box = array("h", [0, 0, 0, 0])
        self.address = _address(self.buf)

    def render(self, frame):
        """Draw every tile canvas `frame` marked as changed; `box` bounds them."""
        tw = self.tile_w
        th = self.tile_h
        d = frame.dirty
        cols = frame.tiles_x
        box = self.box
        box[0] = self.width
        box[1] = self.height
        box[2] = 0
        box[3] = 0
        for i in range(len(d)):
            if not d[i]:
                continue
            d[i] = 0
            x0 = (i % cols) * tw
            y0 = (i // cols) * th
            self.fb = self.tiles[i]
            self.ox = x0
            self.oy = y0
            self.draw_tile(frame, x0, y0, x0 + tw, y0 + th)
            if x0 < box[0]:
                box[0] = x0
            if y0 < box[1]:
                box[1] = y0
            if x0 + tw > box[2]:
                box[2] = x0 + tw
            if y0 + th > box[3]:
                box[3] = y0 + th

    def fill(self, x, y, w, h, ink):
        self.fb.fill_rect(x - self.ox, y - self.oy, w, h, ink)

    def glyph(self, data, at, gw, h, x, y, ink):
        n = h * ((gw + 7) // 8)
        b = self.glyph_bytes
        for i in range(n):
            b[i] = data[at + i]
        src = self.glyph_src
        src[1] = gw
        src[2] = h
        self.pal.pixel(1, 0, ink)
        self.fb.blit(src, x - self.ox, y - self.oy, _KEY, self.pal)  # type: ignore[arg-type]

    def ink_at(self, x, y):
        """The ink number of pixel (x, y) (tests)."""
        return self.buf[y * self.width + x]


def _address(buf):
    # Where the page finds the pixels in the WebAssembly memory (MicroPython's heap never moves
    # an object); None where uctypes is missing (CPython).
    try:
        import uctypes
    except ImportError:
        return None
    return uctypes.addressof(buf)
