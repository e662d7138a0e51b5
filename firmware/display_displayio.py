"""Show a `Canvas` with CircuitPython `displayio` (on the desktop: Blinka + PyGame).

The text is a terminal-like grid, as `terminalio` does it: one TileGrid of cells per ink over a
glyph sheet built once from `firmware.font8`, so changing a character sets one tile index (no
label objects, nothing allocated per frame).  Rectangles go into a half-resolution bitmap (cells
are 8 x 10, so every cell edge falls on it) shown at scale 2; the big text is one more TileGrid in
a scaled group.  RAM on a 160 x 128 PyBadge: glyph sheet 0.9 KB, background 2.5 KB, tile grids
under 2 KB.
"""

import displayio

from firmware import canvas as C
from firmware import font8

_GLYPHS = font8.LAST - font8.FIRST + 1
_BLANK = 0  # the glyph of a space


def glyph_sheet():
    """A 1-bit Bitmap holding every glyph in an 8 x 10 cell (one blank row above, one below)."""
    sheet = displayio.Bitmap(_GLYPHS * C.CELL_W, C.CELL_H, 2)
    top = (C.CELL_H - font8.HEIGHT) // 2
    for g in range(_GLYPHS):
        x0 = g * C.CELL_W
        for y in range(font8.HEIGHT):
            bits = font8.GLYPHS[g * 8 + y]
            if bits:
                for x in range(8):
                    if bits & (0x80 >> x):
                        sheet[x0 + x, top + y] = 1
    return sheet


class DisplayioBackend:
    """Builds the display group for a `width` x `height` canvas and shows canvases on it."""

    def __init__(self, display, width=None, height=None):
        self.display = display
        self.width = width if width is not None else display.width
        self.height = height if height is not None else display.height
        self.cols = self.width // C.CELL_W
        self.rows = self.height // C.CELL_H
        self.root = displayio.Group()
        sheet = glyph_sheet()
        # background: half resolution, 8 inks
        self.bg_palette = displayio.Palette(C.INKS)
        for i in range(C.INKS):
            self.bg_palette[i] = C.PALETTE[i]
        self.bg = displayio.Bitmap((self.width + 1) // 2, (self.height + 1) // 2, C.INKS)
        bg_group = displayio.Group(scale=2)
        bg_group.append(displayio.TileGrid(self.bg, pixel_shader=self.bg_palette))
        self.root.append(bg_group)
        # text: one layer per ink, transparent where blank
        self.layers = []
        for ink in range(C.INKS):
            pal = displayio.Palette(2)
            pal[0] = 0
            pal[1] = C.PALETTE[ink]
            pal.make_transparent(0)
            tg = displayio.TileGrid(sheet, pixel_shader=pal, width=self.cols, height=self.rows,
                                    tile_width=C.CELL_W, tile_height=C.CELL_H, default_tile=_BLANK)
            self.layers.append(tg)
            self.root.append(tg)
        # big text
        self.big_palette = displayio.Palette(2)
        self.big_palette[0] = 0
        self.big_palette[1] = C.PALETTE[C.WHITE]
        self.big_palette.make_transparent(0)
        self.big_grid = displayio.TileGrid(sheet, pixel_shader=self.big_palette, width=C.MAX_BIG,
                                           height=1, tile_width=C.CELL_W, tile_height=C.CELL_H,
                                           default_tile=_BLANK)
        self.big_group = displayio.Group(scale=3)
        self.big_group.append(self.big_grid)
        self.root.append(self.big_group)
        # what is on screen now, to change only what differs
        n = self.cols * self.rows
        self.chars = bytearray(b" " * n)
        self.inks = bytearray(n)
        self.rects = None
        self.big_key = None
        display.root_group = self.root

    def _rects(self, c):
        key = bytes(memoryview(c.rects)[:5 * c.nrects]) if c.nrects else b""
        if key == self.rects:
            return
        self.rects = key
        bg = self.bg
        bg.fill(C.BLACK)
        r = c.rects
        for i in range(c.nrects):
            x = r[5 * i] // 2
            y = r[5 * i + 1] // 2
            w = (r[5 * i + 2] + 1) // 2
            h = (r[5 * i + 3] + 1) // 2
            ink = r[5 * i + 4]
            _fill(bg, x, y, w, h, ink)

    def render(self, c):
        """Make the display show canvas `c` (only cells that changed are touched)."""
        cols = self.cols
        chars = self.chars
        inks = self.inks
        layers = self.layers
        for i in range(len(chars)):
            ch = c.chars[i]
            ink = c.inks[i]
            if ch != chars[i] or ink != inks[i]:
                x = i % cols
                y = i // cols
                if chars[i] != 32:
                    layers[inks[i]][x, y] = _BLANK
                if ch != 32:
                    layers[ink][x, y] = ch - font8.FIRST
                chars[i] = ch
                inks[i] = ink
        self._rects(c)
        self._big(c)
        self.refresh()

    def _big(self, c):
        key = (c.big_text, c.big_x, c.big_y, c.big_scale, c.big_ink)
        if key == self.big_key:
            return
        self.big_key = key
        g = self.big_grid
        s = c.big_text
        for i in range(C.MAX_BIG):
            code = ord(s[i]) if i < len(s) else 32
            g[i, 0] = code - font8.FIRST if font8.FIRST <= code <= font8.LAST else _BLANK
        self.big_palette[1] = C.PALETTE[c.big_ink]
        self.big_group.scale = max(1, c.big_scale)
        # the group's position is in its parent's (unscaled) pixels; the glyph cell has one
        # blank row on top, so shift up by the scale to put the ink at big_y
        self.big_group.x = c.big_x
        self.big_group.y = c.big_y - max(1, c.big_scale)
        self.big_group.hidden = not s

    def refresh(self):
        """Push the changes to the panel (auto-refresh is off to avoid half-drawn frames)."""
        d = self.display
        if getattr(d, "auto_refresh", False):
            d.auto_refresh = False
        d.refresh()


def _fill(bitmap, x, y, w, h, v):
    try:
        import bitmaptools

        bitmaptools.fill_region(bitmap, x, y, x + w, y + h, v)
    except (ImportError, AttributeError):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                bitmap[xx, yy] = v
