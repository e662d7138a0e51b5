"""Rule switches: where the documents contradict each other the campaign keeps a documented
default and a switch (docs/rules.md, "Where the documents disagree").  Each switch is a row with
its value as the engine holds it (`campaign`); UP/DOWN choose one, A or LEFT/RIGHT turn it on or
off through `campaign rule NAME on|off`, recorded and undoable like any action.  B goes back.
The switches, their labels and what on and off mean are the engine's one list
(engine/tal/cmd_setup.py, SWITCHES): a switch added there is a row here.  The module is loaded
already: this screen's `campaign` request runs it.
"""

from engine.tal import cmd_setup
from firmware import fonts, inks, keys, widgets
from firmware import ui


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.switches = cmd_setup.SWITCHES  # (word, bit, label, what on and off mean)
        self.sel = 0
        self.values = ()
        self.about = ()
        self.sync()

    def refresh(self):
        r = self.app.run(["campaign"]) or ()
        self.values = tuple(bool(ui.get(r, s[0].replace("-", "_"))) for s in self.switches)
        self.about = tuple(widgets.wrap(self.switches[self.sel][3],
                                        self.app.width - 2 * widgets.PAD, fonts.SMALL))

    def key(self, event):
        k = event & keys.KEY_MASK
        if k == keys.UP or k == keys.DOWN:
            self.sel = (self.sel + (1 if k == keys.DOWN else -1)) % len(self.switches)
        elif k == keys.LEFT or k == keys.RIGHT or event == keys.A:
            word, _bit, label, _about = self.switches[self.sel]
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
        for i in range(len(self.switches)):
            widgets.field(canvas, y, self.switches[i][2], "on" if self.values[i] else "off",
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
