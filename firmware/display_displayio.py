"""Show a `Canvas` with CircuitPython `displayio` (on the desktop: Blinka + PyGame).

The screen is one 4-bit `displayio.Bitmap` of ink numbers behind one palette, shown by one
TileGrid: 10 KB on a 160 x 128 PyBadge, allocated once.  The tiles the canvas marked as changed
are drawn into it with `bitmaptools.fill_region` (glyphs as runs of pixels, `firmware.raster`),
and displayio then sends only the area that changed.  The pixels are the framebuf backend's,
ink for ink: the same screen code looks the same on both boards.
"""

import bitmaptools
import displayio

from firmware import inks
from firmware.raster import Raster


class DisplayioBackend(Raster):
    """Draws canvases into a Bitmap shown on `display` (its root group)."""

    def __init__(self, display, width=None, height=None):
        self.display = display
        self.width = width if width is not None else display.width
        self.height = height if height is not None else display.height
        self.palette = displayio.Palette(inks.COUNT)
        for i in range(inks.COUNT):
            self.palette[i] = inks.PALETTE[i]
        self.bitmap = displayio.Bitmap(self.width, self.height, 16)
        self.root = displayio.Group()
        self.root.append(displayio.TileGrid(self.bitmap, pixel_shader=self.palette))
        self.cx0 = 0  # the tile being drawn: fills are clipped to it
        self.cy0 = 0
        self.cx1 = 0
        self.cy1 = 0
        display.root_group = self.root

    def render(self, frame):
        """Draw every tile canvas `frame` marked as changed, then refresh the display."""
        tw = frame.tile_w
        th = frame.tile_h
        d = frame.dirty
        cols = frame.tiles_x
        changed = False
        for i in range(len(d)):
            if not d[i]:
                continue
            d[i] = 0
            x0 = (i % cols) * tw
            y0 = (i // cols) * th
            self.cx0 = x0
            self.cy0 = y0
            self.cx1 = x0 + tw
            self.cy1 = y0 + th
            self.draw_tile(frame, x0, y0, x0 + tw, y0 + th)
            changed = True
        if changed:
            self.refresh()

    def fill(self, x, y, w, h, ink):
        x0 = x if x > self.cx0 else self.cx0
        y0 = y if y > self.cy0 else self.cy0
        x1 = x + w if x + w < self.cx1 else self.cx1
        y1 = y + h if y + h < self.cy1 else self.cy1
        if x0 < x1 and y0 < y1:
            bitmaptools.fill_region(self.bitmap, x0, y0, x1, y1, ink)

    def ink_at(self, x, y):
        """The ink number of pixel (x, y) (tests)."""
        return self.bitmap[x, y]

    def refresh(self):
        """Push the changes to the panel (auto-refresh is off to avoid half-drawn frames)."""
        d = self.display
        if getattr(d, "auto_refresh", False):
            d.auto_refresh = False
        d.refresh()
