"""Counter mix: each cup's counters made the player's, once (docs/protocol/cups.md): the shipped
mix confirmed as it stands, checked kind by kind against the counter sheets, or entered from none.

One page per cup (SELECT): Hit, Pop-Up, Ground Forces.  The actions are the engine's `mix CUP
...` requests, the next step first:

    not the player's yet   confirm as it stands (one A), check kind by kind, start from none
    checking               the next kind of the shipped mix in the fields, as printed: A keeps it
                           (or enters it as changed, once a field is changed), not in my cup,
                           keep all the rest, forget the mix
    entering               add counters (a kind: how many, and its sides), make it the cup's,
                           forget the mix

Once a cup is the player's, the page of the next cup still to confirm opens: from the
Campaign's set-up, a whole game's cups confirmed as they stand are one A each, and the set-up
comes back once the last is the player's.

The glance: the cup as it is (yellow while it is the shipped mix, green once it is the
player's); while checking, the kind being checked as it is shipped, a row of counters (a Hit
counter's Heavy side on red, its Light side on yellow); while entering, the last kinds entered
and, in outline, the kind A adds next.  Every word is the counters' as printed
(firmware/counter_words.py).
"""

from firmware import counter_words, fonts, inks, widgets
from firmware import ui
from firmware.canvas import CENTRE, DASHED
from firmware.pickers import Action, Choice, Number
from firmware.screens.form import Form

CUPS = counter_words.CUPS
SIDES = (("no-effect", "killed") + tuple("stress:%d" % n for n in range(1, 10)) +
         ("structure*", "engine*", "pylon*", "hud*", "display*", "controls*", "cannon*",
          "bullet-holes*", "wounded*", "altitude", "attack:-1", "attack:-2", "no-cannon",
          "no-hover", "no-stand-off", "no-strike"))
TAGS = ("-", "a-10", "ah-64", "ah-1", "f-16", "av-8b", "ac-130", "mq-1", "rq-1")
UNITS = ("no-enemy", "aaa", "aaa-site", "apc", "building", "command", "helicopter", "infantry",
         "sam", "scud", "spa", "storage", "tank", "truck")
ATTACKS = ("-", "1l", "2l", "3l", "4l", "1h", "2h", "3h", "4h")
RANGES = ("-",) + tuple("%d" % n for n in range(10))
RESULTS = ("no-effect", "1-hit", "2-hits")
COUNT_W = 22  # "40x" before a kind's counters


def _type(tag):
    return "any" if tag == "-" else counter_words.type_name(tag)


def _range(word):
    return "none" if word == "-" else word


# Per cup, after the count, the columns of a kind of counter as `mix CUP add` takes them: (label,
# the words, how each is shown).  The screen's pickers and the web page's form (hardware/web.py).
COLUMNS = (
    (("Heavy side", SIDES, counter_words.name), ("Heavy type", TAGS, _type),
     ("Light side", SIDES, counter_words.name), ("Light type", TAGS, _type)),
    (("Counter", UNITS, counter_words.name), ("Attack", ATTACKS, counter_words.attack),
     ("Range", RANGES, _range)),
    (("Result", RESULTS, counter_words.name),),
)


class Named(Choice):
    """A word picker over fixed `words`, each shown as `name` says when it is chosen: no (shown,
    word) pair, nor a shown name, made per word (the screen's nine pickers offer 90 words)."""

    def __init__(self, label, words, name):
        self.label = label
        self.word = None
        self.empty = "none"
        self.index = 0
        self.all = words
        self.name = name
        self._show()

    def _show(self):
        self.text = self.name(self.all[self.index])

    def step(self, delta):
        if delta:
            self.index = (self.index + (1 if delta > 0 else -1)) % len(self.all)
            self._show()

    def select(self, word):
        if word in self.all:
            self.index = self.all.index(word)
            self._show()

    def shown(self, word):
        return self.name(word)

    def chosen(self):
        return self.all[self.index]


class Screen(Form):
    TITLE = "Counter mix"
    PAGES = ("Hit cup", "Pop-Up cup", "Ground Forces")

    def __init__(self, app, back=None):
        self.back = back  # the screen that sent the player here (the Campaign's set-up): once
        # every cup is the player's, it opens again
        self.leaving = False
        self.count = Number("Count", 1, 64, 1)
        self.columns = tuple(tuple(Named(label, words, shown) for label, words, shown in columns)
                             for columns in COLUMNS)
        self.kinds = tuple((self.count,) + c for c in self.columns)  # the fields of `add`
        self.plans = tuple(self.plan(cup, kind) for cup, kind in zip(CUPS, self.kinds))
        self.actions = tuple((p[0],) for p in self.plans)
        self.mine = False
        self.entering = None
        self.next = None  # the shipped kind being checked: (count, [word...]), or None
        self.left = 0  # kinds of the shipped mix still to check
        self.total = 0  # kinds of the shipped mix
        self.preset = None  # (page, left) the fields were last set from the shipped mix for
        self.doing = ("", 0)  # the action being performed and the kind it checks
        self.cup_line = ("", inks.WHITE)
        self.mix_lines = ()  # (text, ink) lines above the kinds
        self.rows_shown = ()  # rows of counters ((count text, text, fill ink)...) entered last
        self.next_rows = ()  # the kind the fields hold: what A adds next
        self.check_rows = ()  # while checking: (text, ink) lines and the kind's rows of counters
        super().__init__(app)

    @staticmethod
    def plan(cup, kind):
        """A page's actions: (confirm, check, new, keep, skip, rest, add, done, cancel)."""
        return (Action("confirm as it stands", ("mix", cup, "confirm"), (), then="made"),
                Action("check kind by kind", ("mix", cup, "check"), (), then="started"),
                Action("start from none", ("mix", cup, "new"), (), then="started"),
                Action("keep this kind", ("mix", cup, "add") + kind, then="kept"),
                Action("not in my cup", ("mix", cup, "skip"), (), then="kept"),
                Action("keep all the rest", ("mix", cup, "rest"), (), then="kept"),
                Action("add counters", ("mix", cup, "add") + kind, then="added"),
                Action("make it the cup's", ("mix", cup, "done"), (), then="made"),
                Action("forget the mix", ("mix", cup, "cancel"), (), then="forgot"))

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        cup = CUPS[self.page]
        r = self.app.run(["mix", cup]) or ()
        st = ui.get(r, "status", "") or ""
        n = ui.get(r, "counters", 0)
        self.mine = st.startswith("verified")
        if self.mine:
            self.cup_line = (ui.count(n, "counter") + ": your mix", inks.GREEN)
        else:
            self.cup_line = (ui.count(n, "counter") + ", as shipped", inks.YELLOW)
        self.entering = ui.get(r, "entering")
        kinds = ()
        self.next = None
        self.left = 0
        if self.entering is not None:
            got = ui.query(self.app, ["mix", cup, "list"]) or ()
            kinds = [ui.pairs_of(k) for k in ui.get(got, "kinds", ()) or ()]
            nxt = ui.get(got, "next")
            self.left = ui.get(got, "left", 0) or 0
            if nxt is not None:
                p = ui.pairs_of(nxt)
                self.next = (ui.get(p, "count", 1), list(ui.get(p, "sides", ()) or ()))
        rows = []
        for k in kinds:
            rows.extend(self.kind_rows(ui.get(k, "count", 0), ui.get(k, "sides", ()) or ()))
        self.rows_shown = tuple(rows[-4:])
        plan = self.plans[self.page]
        confirm, check, new, keep, skip, rest, add, done, cancel = plan
        fresh = False
        if self.next is not None:
            self.total = self.left + (ui.get(got, "checked", 0) or 0)
            if self.preset != (self.page, self.left):  # a new kind to check: as shipped
                self.preset = (self.page, self.left)
                self.set_kind(self.next)
                fresh = True
            acts = (keep, skip, rest, cancel)
            self.check_rows = ((("Kind %d of %d, as shipped:" % (
                self.total - self.left + 1, self.total), inks.GREY),) +
                self.kind_rows(*self.next) +
                (("Yours so far: " + ui.count(self.entering, "counter"), inks.WHITE),))
        elif self.entering is not None:
            self.preset = None
            checked = ui.get(got, "checked", 0) and self.entering  # a check, every kind seen
            acts = (done, add, cancel) if checked else (add, done, cancel)
            self.check_rows = ()
            self.mix_lines = (("Entering: %s, %s" % (
                ui.count(self.entering, "counter"), ui.count(len(kinds), "kind")), inks.WHITE),)
        else:
            self.preset = None
            acts = (check, new) if self.mine else (confirm, check, new)
            self.check_rows = ()
            self.mix_lines = (self.cup_line,) + (
                (("Checked against your counters.", inks.GREY),) if self.mine else
                (("Compare it with your counters,", inks.WHITE),
                 ("then confirm it or check it.", inks.WHITE)))
        if acts != self.actions[self.page] or fresh:  # a new step: its first action
            self.chosen[self.page] = 0
            self.sel = 0
        self.offer(self.page, acts)
        self.changed(None)

    def set_kind(self, kind):
        """The fields set to a kind of the shipped mix: (count, [word...])."""
        count, words = kind
        self.count.set(count)
        for f, w in zip(self.columns[self.page], words):
            f.select(w)

    def changed(self, field):
        """The kind the next A adds (made when a field changes); while checking, the action
        says whether it keeps the shipped kind or enters it changed."""
        words = [f.chosen() for f in self.columns[self.page]]
        self.next_rows = self.kind_rows(self.count.value, words)
        keep = self.plans[self.page][3]
        same = self.next is not None and self.next[0] == self.count.value and \
            self.next[1] == words
        keep.label = "keep this kind" if same or self.next is None else "enter as changed"

    def kind_rows(self, count, sides):
        """One kind of counter as rows of (count text, text, fill ink): a Hit counter's Heavy
        side on red, then its Light side on yellow; a Pop-Up or Ground Forces counter in one."""
        cup = CUPS[self.page]
        room = self.app.width - 2 * widgets.PAD - COUNT_W - 4  # a box's text, as drawn
        if cup == "hit" and len(sides) == 4:
            return (("%dx" % count, widgets.clip(counter_words.side(sides[0], sides[1]), room),
                     inks.RED),
                    ("", widgets.clip(counter_words.side(sides[2], sides[3]), room), inks.YELLOW))
        return (("%dx" % count, widgets.clip(counter_words.kind(cup, sides), room), inks.DIM),)

    # --- after an action -------------------------------------------------------------------
    def started(self, reply):
        if self.action() is self.plans[self.page][1]:
            self.show("Keep or change each kind.", inks.GREEN)
        else:
            self.show("A new mix: add each kind of counter.", inks.GREEN)

    def perform(self):
        self.doing = (self.action().label, self.total - self.left + 1)  # what `kept` says
        super().perform()

    def key(self, event):
        used = super().key(event)
        if self.leaving:  # every cup is the player's: back to the screen that sent him here
            self.leaving = False
            said = " ".join(self.result)
            self.app.go(self.back)
            self.app.say(said, inks.GREEN)
        return used

    def kept(self, reply):
        label, k = self.doing
        n = ui.get(reply, "entering", 0)
        if label == "keep all the rest":
            self.show("The rest kept: %s in the mix." % ui.count(n, "counter"), inks.GREEN)
        elif label == "not in my cup":
            self.show("Kind %d: not in your cup." % k)
        else:
            self.show("Kind %d %s." % (k, "kept" if label == "keep this kind" else
                                       "entered as changed"), inks.GREEN)

    def added(self, reply):
        self.show("%d added: %s in the mix." % (
            self.count.value, ui.count(ui.get(reply, "entering", 0), "counter")), inks.GREEN)

    def made(self, reply):
        """A cup is the player's: the page of the next cup still to confirm opens."""
        name = self.PAGES[self.page]
        left = ui.get(ui.query(self.app, ["mix"]) or (), "to_confirm", ()) or ()
        if left:
            self.page = CUPS.index(left[0])
            self.tabs = self.PAGES[self.page]
            self.sel = 0
            self.show("%s: yours. Next: the %s." % (name, counter_words.cup_name(left[0])),
                      inks.GREEN)
        elif self.back:
            self.leaving = True  # (once this key is handled: see `key`)
            self.show("%s: yours. Every cup is ready." % name, inks.GREEN)
        else:
            self.show("%s: yours. Every cup is ready." % name, inks.GREEN)

    def forgot(self, reply):
        self.show("The mix entered is forgotten.")

    # --- the glance ------------------------------------------------------------------------
    def status(self, canvas, top, bottom):
        w = canvas.width - 2 * widgets.PAD
        y = top
        if self.check_rows:  # the kind being checked first, then what is in the mix so far
            for row in self.check_rows:
                if y + widgets.ROW_H <= bottom:
                    if len(row) == 2:
                        canvas.text(widgets.PAD, y, w, row[0], row[1], fonts.SMALL)
                    else:
                        self.draw_kind(canvas, y, row, inks.WHITE)
                y += widgets.ROW_H
            return
        for text, ink in self.mix_lines:
            if y + widgets.ROW_H <= bottom:
                canvas.text(widgets.PAD, y, w, text, ink, fonts.SMALL)
            y += widgets.ROW_H
        adding = self.entering is not None and self.action() is self.plans[self.page][6]
        room = (bottom - y) // widgets.ROW_H - (len(self.next_rows) if adding else 0)
        rows = self.rows_shown
        for i in range(max(0, len(rows) - room), len(rows)):
            self.draw_kind(canvas, y, rows[i], inks.WHITE)
            y += widgets.ROW_H
        if adding:
            for row in self.next_rows:
                if y + widgets.ROW_H <= bottom:
                    self.draw_kind(canvas, y, row, inks.CYAN, True)
                y += widgets.ROW_H

    def draw_kind(self, canvas, y, row, ink, adding=False):
        """One row of a kind: its count, then a side in a box (Heavy red, Light yellow); the
        kind A adds next as outlines."""
        count, text, fill = row
        canvas.text(widgets.PAD, y, COUNT_W - 2, count, ink, fonts.BOLD)
        x = widgets.PAD + COUNT_W
        bw = canvas.width - x - widgets.PAD
        if adding:
            canvas.frame(x, y, bw - 2, widgets.ROW_H - 1, fill if fill != inks.DIM else ink,
                         DASHED)
            text_ink = fill if fill != inks.DIM else ink
        else:
            canvas.fill(x, y, bw - 2, widgets.ROW_H - 1, fill)
            text_ink = inks.BLACK if fill != inks.DIM else ink
        canvas.text(x + 1, y, bw - 4, text, text_ink, fonts.SMALL, CENTRE)
