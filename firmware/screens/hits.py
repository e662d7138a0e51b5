"""The Hit counters just drawn against an aircraft, as the chits they are (docs/rules.md).

Each counter is a square tile in the colour of the side it was read on (Light yellow, Heavy red)
with its effect in words; a temporary one (held beside the aircraft until the end of its next
turn) has a dashed edge; one that does not apply is grey, with why.  Above them: the ECM dice
(7 or more cancels an attacking unit) and the hits left after ECM and Evasive.  UP/DOWN scroll
a draw too big for the screen; A or B goes back.
"""

from firmware import fonts, inks, keys, widgets
from firmware import ui
from firmware.canvas import CENTRE, DASHED, ROUND
from firmware.screens import counters

GAP = 2  # (5 chits a row at 240 px: 45 px each, room for "Structure" as printed)
CHIT_H = 34  # three lines of words


class Screen(ui.Screen):
    def __init__(self, app, reply):
        super().__init__(app)
        self.heading = "Hits on aircraft %s" % ui.word(ui.get(reply, "ac"))
        self.summary = "%d Light, %d Heavy" % (ui.get(reply, "light", 0),
                                              ui.get(reply, "heavy", 0))
        self.ecm = tuple(ui.get(reply, "ecm_dice", ui.get(reply, "ecm", ())) or ())
        chits = []
        for x in ui.get(reply, "draws", ()) or ():
            p = ui.pairs_of(x)
            heavy = ui.get(p, "side") == "heavy"
            first, second, value = counters.chit(ui.get(p, "effect", ""), ui.get(p, "value", 0))
            ignored = ui.get(p, "ignored")
            result = ui.get(p, "result") or ""
            ink = inks.RED if heavy else inks.YELLOW
            if ignored or result == "ignored":
                ink = inks.DIM
                value = "ignored"
            temporary = ui.get(p, "kind") == "temporary" or result == "held"
            chits.append((first, second, value, ink, temporary and not ignored))
        self.chits = tuple(chits)
        status = ui.get(reply, "status")
        self.crashed = "aircraft CRASHED" if status in ("crashed", "down") else ""
        self.nothing = "" if chits else "no counter drawn"
        self.warning = ui.data_status(reply) or ""
        self.first_row = 0
        self.layout = _Layout()


    def key(self, event):
        k = event & keys.KEY_MASK
        self.layout.fit(self.app.width, self.app.height)
        per_row = self.layout.per_row
        rows = self.layout.rows
        total = (len(self.chits) + per_row - 1) // per_row
        if k == keys.A or k == keys.B:
            self.app.close()
        elif k == keys.DOWN:
            self.first_row = min(self.first_row + 1, max(0, total - rows))
        elif k == keys.UP:
            self.first_row = max(0, self.first_row - 1)
        else:
            return k != keys.START
        return True

    def draw(self, canvas):
        w = canvas.width
        widgets.title(canvas, self.heading)
        y = widgets.TITLE_H + 1
        canvas.text(widgets.PAD, y, 90, self.summary, inks.WHITE, fonts.BOLD)
        if self.ecm:  # the ECM dice, at the right: green cancels
            x = w - widgets.PAD - len(self.ecm) * 14
            canvas.text(x - 30, y, 28, "ECM", inks.GREY, fonts.SMALL, 2)
            for d in self.ecm:
                widgets.die(canvas, x, y, 12, 10, d, inks.BLACK,
                            inks.GREEN if d >= 7 else inks.RED)
                x += 14
        y += widgets.ROW_H + 2
        lay = self.layout
        lay.fit(w, canvas.height)
        cw = lay.width
        ch = CHIT_H
        per_row = lay.per_row
        rows = lay.rows
        first = self.first_row * per_row
        end = min(len(self.chits), first + rows * per_row)
        for i in range(first, end):
            k = i - first
            x = widgets.PAD + (k % per_row) * (cw + GAP)
            cy = y + (k // per_row) * (ch + GAP)
            first_word, second, value, ink, temporary = self.chits[i]
            chit(canvas, x, cy, cw, ch, ink, first_word, second, temporary, value)
        bottom = y + rows * (ch + GAP)
        widgets.scroll_marks(canvas, w - 8, y, bottom, first > 0, end < len(self.chits))
        if self.nothing:
            canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, self.nothing, inks.GREEN,
                        fonts.BOLD)
        if self.crashed:
            widgets.badge(canvas, widgets.PAD, canvas.height - 2 * widgets.ROW_H,
                          self.crashed, inks.RED)
        else:
            canvas.text(widgets.PAD, canvas.height - 2 * widgets.ROW_H, w - 2 * widgets.PAD,
                        "dashed: held till its turn ends", inks.GREY)
        widgets.hint(canvas, "A ok")
        if self.warning:
            canvas.text(40, canvas.height - widgets.ROW_H, w - 40 - widgets.PAD, self.warning,
                        inks.PURPLE, fonts.SMALL, 2)


class _Layout:
    """Chits per row and rows shown for a screen (a chit is wide enough for "Stand-Off")."""

    def __init__(self):
        self.width = self.per_row = self.rows = 0

    def fit(self, width, height):
        self.per_row = 3 if width < 200 else 4
        self.width = (width - 2 * widgets.PAD - (self.per_row - 1) * GAP) // self.per_row
        top = widgets.TITLE_H + 1 + widgets.ROW_H + 2
        self.rows = max(1, (height - top - 2 * widgets.ROW_H) // (CHIT_H + GAP))


def chit(canvas, x, y, w, h, ink, word1, word2="", temporary=False, value=""):
    """A counter: a square tile in its side's colour (Light yellow, Heavy red) with its effect in
    black words (and its value: stress 2, -1); a temporary one has a dashed edge."""
    canvas.fill(x, y, w, h, ink, ROUND)
    if temporary:
        canvas.frame(x, y, w, h, inks.BLACK, DASHED)
    lines = 1 + (1 if word2 else 0) + (1 if value else 0)
    ty = y + (h - lines * 10) // 2 - 1
    _word(canvas, x + 1, ty, w - 2, word1)
    if word2:
        ty += 10
        _word(canvas, x + 1, ty, w - 2, word2)
    if value:
        _word(canvas, x + 1, ty + 10, w - 2, value)


def _word(canvas, x, y, w, text):
    """Black words on a chit: bold when they fit, else the regular font."""
    font = fonts.BOLD if fonts.width(fonts.BOLD, text) <= w else fonts.SMALL
    canvas.text(x, y, w, text, inks.BLACK, font, CENTRE)
