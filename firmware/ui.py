"""What every screen uses: the base class, title bar, hint line, lists, replies, wrapping."""

from firmware import canvas as C


class Screen:
    """A screen: draws itself into a canvas and takes key events.

    `key(ev)` returns True when it used the event; otherwise the app applies the common keys
    (B back, START menu, long B undo).  A screen acts on the game only through `app.run(words)`.
    """

    name = ""

    def __init__(self, app):
        self.app = app

    def draw(self, c):
        pass

    def key(self, ev):
        return False


def get(pairs, key, default=None):
    """The value of `key` in an engine reply (a tuple of (key, value) pairs)."""
    if pairs:
        for k, v in pairs:
            if k == key:
                return v
    return default


def title(c, text, right=""):
    """The title bar on row 0: black on cyan, `right` at its right end."""
    c.band(0, C.CYAN)
    c.text(0, 0, text[:c.cols], C.BLACK)
    if right:
        c.right(0, right, C.BLACK)


def hint(c, text):
    """The key hint on the last row (the app's message replaces it after an action)."""
    c.text(0, c.rows - 1, text[:c.cols], C.GREY)


def signed(n):
    """`+2`, `-1`, `+0`."""
    return "+%d" % n if n >= 0 else "%d" % n


def wrap(s, width):
    """Split `s` into lines of at most `width` characters, at spaces where possible."""
    out = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:  # a word longer than a line is cut
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class Cursor:
    """A selection in a list of `n` items with a scrolled window of `size` rows."""

    def __init__(self, n=0, size=1):
        self.n = n
        self.size = size
        self.sel = 0
        self.top = 0

    def resize(self, n, size):
        self.n = n
        self.size = size
        if self.sel >= n:
            self.sel = max(0, n - 1)
        self._scroll()

    def move(self, delta, wrap_around=True):
        """Move the selection; True when it moved."""
        if self.n <= 0:
            return False
        old = self.sel
        s = self.sel + delta
        if wrap_around:
            s %= self.n
        else:
            s = max(0, min(self.n - 1, s))
        self.sel = s
        self._scroll()
        return s != old

    def _scroll(self):
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + self.size:
            self.top = self.sel - self.size + 1
        if self.top > max(0, self.n - self.size):
            self.top = max(0, self.n - self.size)
        if self.top < 0:
            self.top = 0

    def visible(self):
        """Indexes of the items in the window."""
        return range(self.top, min(self.n, self.top + self.size))


def selected(c, row, on):
    """Highlight `row` when `on` (the selected line of a list)."""
    if on:
        c.band(row, C.BLUE)
        c.text(0, row, ">", C.YELLOW)


def pairs_of(v):
    """The (key, value) pairs of a nested reply object (an `engine.jsonline.Obj`) or a tuple."""
    return getattr(v, "pairs", v) or ()


def word(v):
    """A reply value as short text: yes/no, "-" for none, lists joined by spaces."""
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if v is None:
        return "-"
    if isinstance(v, (list, tuple)):
        return " ".join(word(x) for x in v) or "none"
    if hasattr(v, "pairs"):
        return " ".join("%s %s" % (k, word(x)) for k, x in v.pairs)
    return "%s" % v


def describe(pairs, skip=()):
    """A reply as (text, ink) lines, one per pair (the data-status warning in yellow)."""
    out = []
    for k, v in pairs_of(pairs):
        if k in skip:
            continue
        if k == "data":
            out.append((v, C.YELLOW))
        elif k == "note":
            out.append((v, C.GREY))
        elif isinstance(v, (list, tuple)) and v and hasattr(v[0], "pairs"):
            out.append((k + ":", C.GREY))
            for x in v:
                out.append((" " + word(x), C.WHITE))
        else:
            out.append(("%s %s" % (k.replace("_", " "), word(v)), C.WHITE))
    return out


def draw_lines(c, row, rows, lines, first=0):
    """Draw (text, ink) lines wrapped to the screen from `row`, at most `rows` rows; returns the
    number of wrapped rows there are in all (to scroll)."""
    wrapped = []
    for text, ink in lines:
        for part in wrap(text, c.cols):
            wrapped.append((part, ink))
    for i in range(min(rows, max(0, len(wrapped) - first))):
        text, ink = wrapped[first + i]
        c.text(0, row + i, text, ink)
    return len(wrapped)
