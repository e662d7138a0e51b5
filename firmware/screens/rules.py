"""Rule switches: where the documents contradict each other the campaign keeps a documented
default and a switch (docs/rules.md, "Where the documents disagree").  Each switch is a row with
its value as the engine holds it (`campaign`); UP/DOWN choose one, A or LEFT/RIGHT turn it on or
off through `campaign rule NAME on|off`, recorded and undoable like any action.  B goes back.
"""

from firmware import fonts, inks, keys, widgets
from firmware import ui

# (the engine's switch word, its key in the `campaign` reply, label, what "on" means)
SWITCHES = (("damage-once", "damage_once", "Damage once",
             "on: a durable damage type at most once per aircraft; off: stacked, as in the "
             "example of play"),
            ("last-day-end", "last_day_end", "Last day's end",
             "on: the last day has its end of day too; off: the campaign ends with its "
             "missions"))


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.sel = 0
        self.values = ()
        self.about = ()
        self.sync()

    def refresh(self):
        r = self.app.run(["campaign"]) or ()
        self.values = tuple(bool(ui.get(r, s[1])) for s in SWITCHES)
        self.about = tuple(widgets.wrap(SWITCHES[self.sel][3],
                                        self.app.width - 2 * widgets.PAD, fonts.SMALL))

    def key(self, event):
        k = event & keys.KEY_MASK
        if k == keys.UP or k == keys.DOWN:
            self.sel = (self.sel + (1 if k == keys.DOWN else -1)) % len(SWITCHES)
        elif k == keys.LEFT or k == keys.RIGHT or event == keys.A:
            word, _key, label, _about = SWITCHES[self.sel]
            on = not self.values[self.sel]
            if self.app.run(["campaign", "rule", word, "on" if on else "off"]) is not None:
                self.app.say("%s: %s" % (label, "on" if on else "off"), inks.YELLOW)
        else:
            return False
        self.refresh()
        return True

    def draw(self, canvas):
        widgets.title(canvas, "Rule switches")
        y = widgets.TITLE_H + 1
        for i in range(len(SWITCHES)):
            widgets.field(canvas, y, SWITCHES[i][2], "on" if self.values[i] else "off",
                          i == self.sel)
            y += widgets.ROW_H
        y += 2
        for line in self.about:
            if y + 2 * widgets.ROW_H > canvas.height:
                break
            canvas.text(widgets.PAD, y, canvas.width - 2 * widgets.PAD, line, inks.GREY,
                        fonts.SMALL)
            y += widgets.ROW_H
        widgets.hint(canvas, "A switch   B back")
