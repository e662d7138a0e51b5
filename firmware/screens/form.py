"""Pages of actions over a glance of the game: the shape of Cups, Mission, Campaign, Tables and
the game packs' screens.

The top of the screen shows the page's status (what the game holds now, drawn by the screen);
the bottom, the page's chosen action and its settings, three rows at a time.  SELECT changes
the page; UP/DOWN choose a row, LEFT/RIGHT change it (the first row is the action); A performs
the action through `app.run` (the engine's protocol), so every action is checked, saved and
undoable exactly as the same line typed on the serial console.  The line above the rows says
what the last action did.

A screen declares its pages as `firmware.pickers.Action`s: the command's words and the fields
that feed it; `then` names the method that shows a reply (default: the result line says what
was done), or a function of the screen in its module of replies (`REPLIES`), loaded with the
first.  A long list of fields is the list editor: the rows scroll, with marks.
"""

from firmware import fonts, inks, keys, widgets
from firmware import ui

FIELD_ROWS = 3


class Form(ui.Screen):
    """Subclasses set TITLE, PAGES and `self.actions` (a tuple of Actions per page), and give
    refresh() (read the engine) and status(canvas, top, bottom) (draw the glance)."""

    TITLE = ""
    PAGES = ()
    REPLIES = ""  # the module holding the `then`s the screen does not: loaded for a reply only
    actions = ()  # type: tuple  # per page: its Actions (made by the screen)
    # Left for another of the menu's screens, it gives its code back, keeping its page, action,
    # settings and result line (`asleep`), and the attributes named here (firmware/app.py `go`).
    leaves = ()

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.asked = None  # the action whose request asked a question (the Ask screen)
        self.chosen = [0] * len(self.PAGES)
        self.sel = 0
        self.result = ()
        self.result_ink = inks.WHITE
        self.acted = -1  # the session's change count after this screen's last action
        self.step = None  # the engine's next step the Action rows last opened on (`follow`)
        self.title = self.TITLE
        self.tabs = self.PAGES[0] if self.PAGES else ""
        self.sync()

    def sync(self):
        """Before a frame: the game changed, and not by this screen's last action (an undo, a
        request on the serial line): its result line no longer says what is, and goes."""
        changes = self.app.session.changes
        if changes != self._seen and changes != self.acted:
            self.result = ()
        ui.Screen.sync(self)

    # --- asleep under another screen ----------------------------------------------------------
    def asleep(self):
        return (self.page, tuple(self.chosen), self.sel, self.result, self.result_ink,
                self.acted, self.step, tuple((f.label, _kept(f)) for f in self.fields()),
                ui.Screen.asleep(self))

    def wake(self, state):
        # (the step its rows last followed too: a step taken meanwhile moves them on, in refresh)
        (self.page, chosen, self.sel, self.result, self.result_ink, self.acted, self.step, fields,
         mine) = state
        self.chosen = list(chosen)
        self.tabs = self.PAGES[self.page]
        ui.Screen.wake(self, mine)
        self.refresh()  # the page's choices (those read from the engine) before its settings
        for i in range(len(self.actions)):  # (the game may have moved on meanwhile)
            if self.chosen[i] >= len(self.actions[i]):
                self.chosen[i] = 0
        now = self.fields()
        for _ in range(2):  # again once each has changed: a choice offered by another's value
            for i in range(min(len(now), len(fields))):
                if now[i].label == fields[i][0]:
                    _put(now[i], fields[i][1])
            for f in now:
                self.changed(f)

    def fields(self):
        """Every field of every action, each once, in the order the pages give them."""
        out = []
        for page in self.actions:
            for act in page:
                for f in act.fields:
                    if f not in out:
                        out.append(f)
        return out

    # --- the actions -------------------------------------------------------------------------
    def action(self):
        """The page's chosen Action."""
        return self.actions[self.page][self.chosen[self.page]]

    def rows(self):
        """The rows below the status: None (the action), then the action's fields."""
        return self.action().fields

    def perform(self):
        """Run the chosen action; show what it did."""
        act = self.action()
        if act.needs is not None:
            field, why = act.needs
            if not field.words():
                self.app.say(why, inks.RED)
                return
        if act.command is None:  # done on the device alone
            self.reply_to(act.then, None)
            return
        words = act.words()
        r = self.app.run(words)
        self.acted = self.app.session.changes
        if r is None:
            # refused (the message says why), or asked: the Ask screen hands the reply back
            self.asked = act if self.app.top().name == "ask" else None
            self.show("")
            return
        if act.then:
            self.reply_to(act.then, r)
        else:
            self.show(self.done(act))

    def answered(self, reply):
        """The player answered the question this screen's action raised (a table row the
        documents do not print): show the action's reply as if it had not asked.  False when
        the question was not this screen's."""
        act = self.asked
        self.asked = None
        if act is None or act is not self.action():
            return False
        self.acted = self.app.session.changes
        if act.then:
            self.reply_to(act.then, reply)
        else:
            self.show(self.done(act))
        self.refresh()
        return True

    def reply_to(self, then, reply):
        """Show `reply` by the screen's `then` method, or its function in the module REPLIES."""
        shown = getattr(self, then, None)
        if shown is not None:
            shown(reply)
            return
        import sys

        __import__(self.REPLIES)
        getattr(sys.modules[self.REPLIES], then)(self, reply)

    def done(self, act):
        """What an action without a result of its own did: its label and settings as the
        screen shows them ("Done: pick 2 Heavy"), never the request's words."""
        said = " ".join([act.label] + [f.text for f in act.fields if f.text])
        return "Done: " + said + "."

    def show(self, text, ink=inks.WHITE):
        """The result line (two lines at most; longer, it opens as a page to read in full), with
        the board's click / flash for a result."""
        lines = widgets.wrap(text, self.app.width - 2 * widgets.PAD) if text else ()
        if len(lines) > 2:
            self.app.open("notice", self.title, text, ink)
            lines = ()
        self.result = tuple(lines)
        self.result_ink = ink
        if text:
            self.app.feedback(ink)

    def fit(self, *texts):
        """The first of `texts` (the fullest wording first) that fits one result line, else the
        first: a second line would hide what the status above it says (the Campaign's step)."""
        room = self.app.width - 2 * widgets.PAD
        for text in texts:
            if fonts.width(fonts.SMALL, text) <= room:
                return text
        return texts[0]

    # --- keys ----------------------------------------------------------------------------------
    def key(self, event):
        n = 1 + len(self.rows())
        k = event & keys.KEY_MASK
        if event == keys.A:
            self.perform()
            if self in self.app.stack:  # (not after "go to ...": the screen has closed)
                self.refresh()
        elif k == keys.UP:
            self.sel = (self.sel - 1) % n
        elif k == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif k == keys.LEFT or k == keys.RIGHT:
            d = -1 if k == keys.LEFT else 1
            if self.sel == 0:
                count = len(self.actions[self.page])
                self.chosen[self.page] = (self.chosen[self.page] + d) % count
                self.result = ()
            else:
                field = self.rows()[self.sel - 1]
                if field.opens:  # a field with a screen of its own (a word to spell)
                    self.app.open(field.opens, field, self.prompt(field))
                    return True
                field.step(d * (5 if event & keys.REPEAT else 1))
                self.changed(field)
        elif event == keys.SELECT:
            self.page = (self.page + 1) % len(self.PAGES)
            self.tabs = self.PAGES[self.page]
            self.sel = 0
            self.result = ()
            self.refresh()
        else:
            return False
        return True

    def in_words(self, text):
        """A refusal in the screen's words (firmware/screens/words.py: loaded for a refusal
        only, its code never in the heap of a screen that is not refused)."""
        from firmware.screens import words

        return words.said(self, text)

    def lines_of(self, text, font=fonts.BOLD):
        """`text` wrapped to the screen's width (a status line that may be long)."""
        return tuple(widgets.wrap(text, self.app.width - 2 * widgets.PAD, font))

    def follow(self, step, again=False):
        """The engine's next step (`next`, engine/tal/sequence.py) moved on (or `again`: the page's
        actions changed): each page's Action row opens on the action that takes it, else where
        `elsewhere` says; while the step stays, the row stays where the player put it."""
        if step == self.step and not again:
            return
        self.step = step
        for page in range(len(self.actions)):
            acts = self.actions[page]
            at = None
            for i in range(len(acts)):
                if step and acts[i].takes(step):
                    at = i
                    break
            if at is None:
                at = self.elsewhere(page, step)
            if at is not None and at != self.chosen[page]:
                self.chosen[page] = at
                if page == self.page:
                    self.sel = 0  # the Action row, to press A on

    def go_to(self, _reply):
        """An action's `goes`: the screen where the next step is taken, in place of this one."""
        self.app.go(self.action().goes)

    def elsewhere(self, page, step):
        """The action (index) a page opens on when none of it takes the step (None: as it was)."""
        return None

    def at(self, page, action):
        """The index of `action` among page `page`'s actions (None when it is not there)."""
        acts = self.actions[page]
        for i in range(len(acts)):
            if acts[i] is action:
                return i
        return None

    def offer(self, page, actions):
        """Make `actions` the page's (a screen whose actions follow the game's step)."""
        self.actions = tuple(actions if i == page else self.actions[i]
                             for i in range(len(self.actions)))

    def changed(self, field):
        """A field was changed (screens that tie fields together override this)."""

    def prompt(self, field):
        """What to say above a field's own screen (e.g. the keyboard)."""
        return ""

    # --- to override -----------------------------------------------------------------------
    def status(self, canvas, top, bottom):
        pass

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, canvas):
        fs = self.rows()
        n = 1 + len(fs)
        sel = self.sel if self.sel < n else 0
        shown = n if n < FIELD_ROWS else FIELD_ROWS
        fields_y = canvas.height - shown * widgets.ROW_H
        lines = len(self.result) if self.result else 1
        result_y = fields_y - lines * widgets.ROW_H - 1
        widgets.title(canvas, self.title, self.tabs)
        self.status(canvas, widgets.TITLE_H + 1, result_y - 1)
        room = canvas.width - 2 * widgets.PAD
        if self.result:
            y = result_y
            for line in self.result:
                canvas.text(widgets.PAD, y, room, line, self.result_ink)
                y += widgets.ROW_H
        else:
            canvas.text(widgets.PAD, result_y, room, self.HINT, inks.GREY)
        first = widgets.window(sel, n, shown)
        y = fields_y
        w = canvas.width - (9 if n > shown else 0)
        for i in range(first, first + shown):
            if i == 0:
                widgets.field(canvas, y, "Action", self.action().label, sel == 0, 0, w,
                              inks.CYAN)
            else:
                widgets.field(canvas, y, fs[i - 1].label, fs[i - 1].text, sel == i, 0, w)
            y += widgets.ROW_H
        if n > shown:
            widgets.scroll_marks(canvas, canvas.width - 8, fields_y, canvas.height, first > 0,
                                 first + shown < n)

    HINT = "A do it    SELECT page"


def _kept(field):
    """A field's setting as `_put` sets it again: a choice's word, else its value."""
    chosen = getattr(field, "chosen", None)
    return chosen() if chosen is not None else getattr(field, "value", None)


def _put(field, value):
    if value is None:
        return
    if hasattr(field, "select"):
        field.select(value)
    elif hasattr(field, "set"):
        field.set(value)


def text_rows(canvas, x, y, w, bottom, rows, ink=inks.GREY):
    """Draw rows from y while they fit above `bottom`: strings in `ink`, or (text, ink) pairs;
    returns how many were drawn."""
    n = 0
    for row in rows:
        if y + widgets.ROW_H > bottom:
            break
        if isinstance(row, str):
            canvas.text(x, y, w, row, ink, fonts.SMALL)
        else:
            canvas.text(x, y, w, row[0], row[1], fonts.SMALL)
        y += widgets.ROW_H
        n += 1
    return n
