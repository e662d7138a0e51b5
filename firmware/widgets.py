"""The screens' drawing vocabulary: title bar, value field, list with scroll marks, die, bar,
numeral, and text wrapped to a width.

Each widget is a function drawing into a canvas from values the screen prepared when its data
changed (strings made then, not per frame): drawing allocates nothing.  Sizes are in pixels and
follow the fonts (`firmware.fonts`): one row of text is ROW_H high.
"""

from firmware import fonts, inks
from firmware.canvas import CENTRE, DOWN, LEFT, RIGHT, ROUND, UP

TITLE_H = 13  # the title bar
ROW_H = 12  # one row of 11 px text
PAD = 2  # left and right margin


# --- text ------------------------------------------------------------------------------------
def wrap(text, width, font=fonts.SMALL):
    """Split `text` into lines of at most `width` pixels, at spaces where possible (a word wider
    than a line is split where it must be: a path, a long number)."""
    out = []
    space = fonts.advance(font, 32)
    for para in text.split("\n"):
        line = ""
        lw = 0
        for word in para.split(" "):
            ww = fonts.width(font, word)
            while ww > width:  # a word longer than a line: as much as fits, then the rest
                if line:
                    out.append(line)
                    line = ""
                    lw = 0
                k = max(1, fonts.fit(font, word, width))
                out.append(word[:k])
                word = word[k:]
                ww = fonts.width(font, word)
            if not line:
                line = word
                lw = ww
            elif lw + space + ww <= width:
                line = line + " " + word
                lw += space + ww
            else:
                out.append(line)
                line = word
                lw = ww
        out.append(line)
    return out


def fits(text, width, font=fonts.SMALL):
    """True when `text` fits in `width` pixels."""
    return fonts.width(font, text) <= width


def clip(text, width, font=fonts.SMALL):
    """`text` when it fits in `width` pixels, else as much of it as fits followed by '.' (a name
    in a narrow box: made when the text changes, never per frame)."""
    if fonts.width(font, text) <= width:
        return text
    k = fonts.fit(font, text, width - fonts.advance(font, 46))
    return text[:max(0, k)] + "."


# --- bars and rows ---------------------------------------------------------------------------
def title(canvas, text, right="", ink=inks.CYAN):
    """The title bar: `text` at its left, `right` at its right, black on `ink`."""
    canvas.fill(0, 0, canvas.width, TITLE_H - 1, ink)
    rw = fonts.width(fonts.BOLD, right) if right else 0
    canvas.text(PAD, 1, canvas.width - 2 * PAD - rw - (4 if rw else 0), text, inks.BLACK,
                fonts.BOLD)
    if right:
        canvas.text(canvas.width - PAD - rw, 1, rw, right, inks.BLACK, fonts.BOLD, RIGHT)


def hint(canvas, text, y=None):
    """A key hint in grey on the last row (the app's message covers it after an action)."""
    canvas.text(PAD, canvas.height - ROW_H if y is None else y, canvas.width - 2 * PAD, text,
                inks.GREY)


def band(canvas, y, on, x=0, w=0):
    """The selection band behind a row (when `on`)."""
    if on:
        canvas.fill(x, y, w or canvas.width - x, ROW_H, inks.BLUE)


def field(canvas, y, label, value, on, x=0, w=0, ink=inks.WHITE):
    """A setting: its label at the left, its value at the right, in <...> and yellow when
    selected (LEFT/RIGHT change it)."""
    w = w or canvas.width - x
    band(canvas, y, on, x, w)
    vw = fonts.width(fonts.BOLD, value) + (fonts.width(fonts.BOLD, "<>") if on else 0)
    lw = w - 2 * PAD - vw - 4
    canvas.text(x + PAD, y, lw, label, inks.WHITE if on else inks.GREY)
    vx = x + w - PAD - vw
    if on:
        canvas.text(vx, y, 5, "<", inks.YELLOW, fonts.BOLD)
        canvas.text(vx + 5, y, vw - 10, value, inks.YELLOW, fonts.BOLD)
        canvas.text(vx + vw - 5, y, 5, ">", inks.YELLOW, fonts.BOLD)
    else:
        canvas.text(vx, y, vw, value, ink, fonts.BOLD)


def scroll_marks(canvas, x, top, bottom, up, down):
    """Small triangles at the right edge when a list goes on above (`up`) or below (`down`)."""
    if up:
        canvas.tri(x, top + 1, 7, 4, inks.WHITE, UP)
    if down:
        canvas.tri(x, bottom - 5, 7, 4, inks.WHITE, DOWN)


def window(selected, count, rows):
    """First index shown of a list of `count` items in `rows` rows, keeping `selected` in view
    (the selection stays on the second row from an edge while there is more beyond it)."""
    if count <= rows:
        return 0
    top = selected - rows + 2 if selected >= rows - 1 else 0
    if selected < top + 1:
        top = selected - 1
    return max(0, min(count - rows, top))


# --- things on the table ---------------------------------------------------------------------
def die(canvas, x, y, size, sides, value, ink, face=inks.WHITE):
    """A die showing `value`: pips for a d6, the numeral for others (a d10 reads 1..10), on a
    face of colour `face` (e.g. green for a pass) with `ink` for the pips or numeral."""
    canvas.fill(x, y, size, size, face, ROUND)
    if sides == 6 and 1 <= value <= 6:
        canvas.pips(x, y, size, value, ink)
    else:
        font = fonts.BOLD if size < 26 else fonts.MID
        canvas.text(x, y + (size - fonts.HEIGHT[font]) // 2, size, value, ink, font, CENTRE)


def bar(canvas, x, y, w, h, value, top, ink, mark=-1):
    """A horizontal bar: `value` of `top` filled in `ink`, the rest dark; a white tick at
    `mark` (e.g. the expected value) when given."""
    canvas.fill(x, y, w, h, inks.DARK)
    if top > 0 and value > 0:
        canvas.fill(x, y, min(w, w * value // top), h, ink)
    if 0 <= mark and top > 0:
        canvas.fill(x + min(w - 1, w * mark // top), y - 1, 1, h + 2, inks.WHITE)


def numeral(canvas, x, y, w, value, ink, font=fonts.BIG, align=LEFT):
    """A big number (int or str of digits and + - /)."""
    canvas.text(x, y, w, value, ink, font, align)


def badge(canvas, x, y, text, ink, fg=inks.BLACK, font=fonts.BOLD):
    """A word on a coloured tag (e.g. PASS on green); returns its width."""
    w = fonts.width(font, text) + 6
    canvas.fill(x, y, w, ROW_H, ink, ROUND)
    canvas.text(x + 3, y, w - 6, text, fg, font)
    return w


