"""Tables: the d10 look-ups (ECM, Bingo, Ridge Evasion, cover, SAR, engine, Scout, battalion
movement: docs/rules.md), each the engine's `table ...` request (docs/protocol/campaign.md).

LEFT/RIGHT on the action row choose the table; A rolls it and shows the die and the engine's
answer.  Tables our documents do not print (Scout, Ridge Evasion, Movement, mission stress)
come from the player-editable data files: until they are filled in, the engine says so, and
that is shown.
"""

from firmware import inks, widgets
from firmware import ui
from firmware.pickers import Action, Choice, Number
from firmware.screens.form import Form, text_rows

KINDS = (("assault", "a"), ("support", "s"), ("command", "c"))  # battalion kinds
BANDS = (("Enemy Rear", "er"), ("Enemy Transit", "et"), ("Front Line", "fl"),
         ("Friendly Transit", "ft"), ("Friendly Rear", "fr"), ("Air Base", "ab"))


class Screen(Form):
    TITLE = "Tables"
    PAGES = ("d10",)
    leaves = ("die", "die_ink", "lines")  # the last table's answer, kept (form.py)

    def __init__(self, app):
        self.mod = Number("Modifier", -9, 9, 0, "%+d", "%+d", omit=0)
        self.kind = Choice("Battalion", KINDS)
        self.band = Choice("Range band", BANDS, 1)
        t = "table"
        self.actions = ((
            Action("Enemy Cover", (t, "cover"), then="looked_up"),
            Action("SAR", (t, "sar", self.mod), then="looked_up"),
            Action("Engine check", (t, "engine"), then="looked_up"),
            Action("ECM pod", (t, "ecm"), then="looked_up"),
            Action("Bingo 6", (t, "bingo", "6"), then="looked_up"),
            Action("Bingo 10", (t, "bingo", "10"), then="looked_up"),
            Action("Scout", (t, "scout"), then="looked_up"),
            Action("Ridge Evasion", (t, "ridge", self.mod), then="looked_up"),
            Action("Movement", (t, "move", self.kind, self.mod), then="looked_up"),
            Action("Mission stress", (t, "stress", self.band), then="looked_up"),
        ),)
        self.die = 0
        self.die_ink = inks.WHITE
        self.lines = ()
        super().__init__(app)

    def looked_up(self, reply):
        self.die = ui.get(reply, "die", 0) if isinstance(ui.get(reply, "die"), int) else 0
        from firmware.screens import results

        lines = []
        for text, ink in results.table(self.action().label, reply):
            for part in widgets.wrap(text, self.app.width - 2 * widgets.PAD - 24):
                lines.append((part, ink))
        self.lines = tuple(lines)
        ink = inks.WHITE
        if ui.get(reply, "crash") or ui.get(reply, "stress"):
            ink = inks.RED
        elif ui.get(reply, "cancels"):
            ink = inks.GREEN
        self.die_ink = ink
        die = ui.get(reply, "die")
        self.show("%s: the d10 rolled %d." % (self.action().label, die) if isinstance(die, int)
                  else "%s: read from the table." % self.action().label, ink)

    def key(self, event):
        if self.sel == 0 and event & 0x0C:  # another table: its last answer no longer applies
            self.lines = ()
            self.die = 0
        return super().key(event)

    def status(self, canvas, top, bottom):
        w = canvas.width
        if not self.lines:
            text_rows(canvas, widgets.PAD, top, w, bottom, ("Choose a table, A rolls it.",))
            return
        x = widgets.PAD
        if self.die:
            widgets.die(canvas, x, top + 1, 20, 10, self.die, inks.BLACK, self.die_ink)
            x += 24
        text_rows(canvas, x, top, w - x - widgets.PAD, bottom, self.lines)


