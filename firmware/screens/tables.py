"""Tables: the d10 look-ups (ECM, Bingo, Ridge Evasion, cover, SAR, engine, Scout, battalion
movement: docs/rules.md), each the engine's `table ...` request (docs/protocol/campaign.md).

LEFT/RIGHT on the first line choose the table; A rolls it and shows the engine's answer.  Tables
our documents do not print (Scout, Ridge Evasion, Movement, mission stress) come from the
player-editable data files: until they are filled in, the engine says so and that is shown.
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

# (action shown, request words, fields)
TABLES = (
    ("cover", ("table", "cover"), ()),
    ("sar", ("table", "sar"), ("mod",)),
    ("engine", ("table", "engine"), ()),
    ("ecm", ("table", "ecm"), ()),
    ("bingo 6", ("table", "bingo", "6"), ()),
    ("bingo 10", ("table", "bingo", "10"), ()),
    ("scout", ("table", "scout"), ()),
    ("ridge", ("table", "ridge"), ("mod",)),
    ("move", ("table", "move"), ("kind", "mod")),
    ("stress", ("table", "stress"), ("band",)),
)
KINDS = ("a", "s", "c")  # battalion kinds of `table move`
KIND_NAMES = ("assault", "support", "command")
BANDS = ("er", "et", "fl", "ft", "fr", "ab")  # range bands, Enemy Rear .. Air Base


class Screen(Form):
    PAGES = ("TABLES",)
    ACTIONS = (tuple(t[0] for t in TABLES),)

    def __init__(self, app):
        self.mod = 0
        self.kind = 0
        self.band = 1
        self.lines = ()
        super().__init__(app)

    def _table(self):
        return TABLES[self.action[0]]

    def fields(self):
        return ("act",) + self._table()[2]

    def label(self, f):
        return {"mod": "Modifier", "kind": "Battalion", "band": "Range band"}[f]

    def value(self, f):
        if f == "mod":
            return ui.signed(self.mod)
        if f == "kind":
            return KIND_NAMES[self.kind]
        return BANDS[self.band]

    def change(self, f, d):
        if f == "mod":
            self.mod = max(-9, min(9, self.mod + (1 if d > 0 else -1)))
        elif f == "kind":
            self.kind = (self.kind + d) % len(KINDS)
        else:
            self.band = (self.band + d) % len(BANDS)

    def act(self):
        name, words, fs = self._table()
        words = list(words)
        if "kind" in fs:
            words.append(KINDS[self.kind])
        if "band" in fs:
            words.append(BANDS[self.band])
        if "mod" in fs and self.mod:
            words.append(ui.signed(self.mod))
        r = self.run(words)
        if r is None:
            self.lines = ()
            return
        self.lines = ui.describe(r)
        ink = C.WHITE
        if ui.get(r, "crash") or ui.get(r, "stress"):
            ink = C.RED
        elif ui.get(r, "cancels"):
            ink = C.GREEN
        self.show("%s: d10 %s" % (name, ui.word(ui.get(r, "die"))), ink)

    def status(self, c, row, rows):
        ui.title(c, "TABLES", "d10")
        if not self.lines:
            c.text(0, row, "Choose a table,", C.GREY)
            c.text(0, row + 1, "A rolls it.", C.GREY)
            return
        ui.draw_lines(c, row, rows, self.lines)
