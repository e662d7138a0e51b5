"""A page of settings plus an action, the shape of the game packs' screens (EXP3, Golan).

SELECT changes the page; UP/DOWN choose a field, LEFT/RIGHT change it (the first field is the
page's action); A performs the action through `app.run` (the engine's protocol), so every action
is checked, saved and undoable exactly as the same line typed on the serial console.  Above the
fields: the page's status (from a read-only request) and the last result.
"""

from firmware import canvas as C
from firmware import keys as K
from firmware import ui


class Form(ui.Screen):
    """Subclasses give PAGES, ACTIONS (per page), fields(), value(f), change(f, d), act(),
    status(c, row, rows) and refresh()."""

    PAGES = ()
    ACTIONS = ()  # per page: the action words shown in the first field

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.action = [0] * len(self.PAGES)
        self.sel = 0
        self.result = ""
        self.result_ink = C.WHITE
        self._seen = None  # the undo log when the status was read
        self.refresh()

    # --- to override -----------------------------------------------------------------------
    def fields(self):
        return ("act",)

    def value(self, f):
        return ""

    def change(self, f, d):
        pass

    def act(self):
        pass

    def status(self, c, row, rows):
        pass

    def refresh(self):
        pass

    # --- shared ------------------------------------------------------------------------------
    def act_name(self):
        """The word of the page's chosen action."""
        return self.ACTIONS[self.page][self.action[self.page]]

    def show(self, text, ink=C.WHITE):
        """The result line under the status (with the board's click / flash for a result)."""
        self.result = text
        self.result_ink = ink
        if text:
            self.app.feedback(ink)

    def run(self, words):
        """Run one request; on refusal the app shows why (and the result line is cleared)."""
        r = self.app.run(words)
        if r is None:
            self.show("")
        return r

    def key(self, ev):
        fs = self.fields()
        k = ev & K.KEY_MASK
        if ev == K.A:
            self.act()
            self.refresh()
        elif k == K.UP:
            self.sel = (self.sel - 1) % len(fs)
        elif k == K.DOWN:
            self.sel = (self.sel + 1) % len(fs)
        elif k == K.LEFT or k == K.RIGHT:
            d = -1 if k == K.LEFT else 1
            if fs[self.sel] == "act":
                n = len(self.ACTIONS[self.page])
                self.action[self.page] = (self.action[self.page] + d) % n
                self.sel = 0
            else:
                self.change(fs[self.sel], d * (5 if ev & K.REPEAT else 1))
        elif ev == K.SELECT:
            self.page = (self.page + 1) % len(self.PAGES)
            self.sel = 0
            self.show("")
            self.refresh()
        else:
            return False
        return True

    def draw(self, c):
        log = self.app.session.undo
        if log is not self._seen:
            # the state changed elsewhere (a confirm screen, Undo): read the status again.
            # Every change makes a new log object, so identity tells.
            self._seen = log
            self.refresh()
        fs = self.fields()
        if self.sel >= len(fs):
            self.sel = 0
        first = c.rows - 1 - len(fs)  # the fields sit above the hint line
        self.status(c, 1, first - 2)
        if self.result:
            c.text(0, first - 1, self.result[:c.cols], self.result_ink)
        for i in range(len(fs)):
            row = first + i
            on = i == self.sel
            ui.selected(c, row, on)
            f = fs[i]
            c.text(2, row, "Action" if f == "act" else self.label(f), C.WHITE)
            v = self.act_name() if f == "act" else self.value(f)
            c.right(row, "<%s>" % v if on else v, C.YELLOW if on else C.WHITE)
        ui.hint(c, "A do  SEL page")

    def label(self, f):
        return f
