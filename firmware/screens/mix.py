"""Counter mix set-up: enter a cup's counters from the counter sheets, once (docs/protocol/cups.md).

One page per cup (SELECT): Hit, Pop-Up, Ground Forces.  The actions are the engine's
`mix CUP new|add|done|cancel`: start from none, add one kind of counter (how many, and its sides
chosen from the known effects), make the mix the cup's, forget it; the next one is offered first.

The glance: the cup as it is (how many counters, the placeholder said in yellow, the player's own
mix in green); the mix being entered (`mix CUP list`): how many counters of how many kinds, the
last kinds entered as rows of counters (a Hit counter's Heavy side on red, its Light side on
yellow), and the kind the next A adds, in cyan.
"""

from firmware import fonts, inks, widgets
from firmware import ui
from firmware.canvas import CENTRE, DASHED
from firmware.pickers import Action, Choice, Number
from firmware.screens.form import Form

CUPS = ("hit", "popup", "ground")
SIDES = (("no-effect", "killed") + tuple("stress:%d" % n for n in range(1, 5)) +
         ("structure*", "engine*", "pylon*", "hud*", "display*", "controls*", "cannon*",
          "bullet-holes*", "wounded*", "altitude", "attack:-1", "attack:-2", "no-cannon",
          "no-hover", "no-stand-off", "no-strike"))
TAGS = ("-", "a-10", "ah-64", "ah-1", "f-16", "av-8b", "ac-130", "mq-1", "rq-1")
UNITS = ("no-enemy", "aaa", "aaa-site", "apc", "building", "command", "helicopter", "infantry",
         "sam", "scud", "spa", "storage", "tank", "truck")
ATTACKS = ("-", "1l", "2l", "3l", "1h", "2h", "3h")
RANGES = ("-", "0", "1", "2", "3")
RESULTS = ("no-effect", "1-hit", "2-hits")
COUNT_W = 22  # "40x" before a kind's counters


def _choice(label, words, shown=None):
    return Choice(label, [((shown or _plain)(w), w) for w in words])


def _plain(word):
    return "none" if word == "-" else word


def _type(tag):
    return "any" if tag == "-" else tag.upper()


class Screen(Form):
    TITLE = "Counter mix"
    PAGES = ("Hit cup", "Pop-Up cup", "Ground cup")

    def __init__(self, app):
        self.count = Number("Count", 1, 40, 1)
        self.kinds = (
            (self.count, _choice("Heavy side", SIDES), _choice("Heavy type", TAGS, _type),
             _choice("Light side", SIDES), _choice("Light type", TAGS, _type)),
            (self.count, _choice("Unit", UNITS), _choice("Attack", ATTACKS, _attack),
             _choice("Range", RANGES)),
            (self.count, _choice("Result", RESULTS)),
        )
        self.plans = tuple(
            (Action("add counters", ("mix", cup, "add") + kind, then="added"),
             Action("start a new mix", ("mix", cup, "new"), then="started"),
             Action("make it the cup's", ("mix", cup, "done"), then="made"),
             Action("forget the mix", ("mix", cup, "cancel"), then="forgot"))
            for cup, kind in zip(CUPS, self.kinds))
        self.actions = self.plans
        self.entering = None
        self.cup_line = ("", inks.WHITE)
        self.mix_line = ("", inks.WHITE)
        self.rows_shown = ()  # (count text, ((text, fill ink)...)) of the last kinds entered
        self.next_row = None
        super().__init__(app)

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        cup = CUPS[self.page]
        r = self.app.run(["mix", cup]) or ()
        st = ui.get(r, "status", "") or ""
        n = ui.get(r, "counters", 0)
        if st.startswith("verified"):
            self.cup_line = ("%d counters: your mix" % n, inks.GREEN)
        else:
            self.cup_line = ("%d counters: %s" % (n, st.split(":")[0] or "?"), inks.YELLOW)
        self.entering = ui.get(r, "entering")
        kinds = ()
        if self.entering is not None:
            got = ui.query(self.app, ["mix", cup, "list"]) or ()
            kinds = [ui.pairs_of(k) for k in ui.get(got, "kinds", ()) or ()]
            self.mix_line = ("Entering: %d counters, %d kind%s" % (
                self.entering, len(kinds), "" if len(kinds) == 1 else "s"), inks.WHITE)
        else:
            self.mix_line = ("No mix being entered: start one.", inks.GREY)
        rows = [self.kind_row(ui.get(k, "count", 0), ui.get(k, "sides", ()) or ())
                for k in kinds]
        self.rows_shown = tuple(rows[-4:])
        self.changed(None)
        plan = self.plans[self.page]
        self.offer(self.page, plan if self.entering is not None else (
            plan[1], plan[0], plan[2], plan[3]))

    def changed(self, field):
        """The kind the next A adds, as a row of counters (made when a field changes)."""
        kind = self.kinds[self.page]
        self.next_row = self.kind_row(self.count.value, [f.chosen() for f in kind[1:]])

    def kind_row(self, count, sides):
        """(count text, ((text, fill ink)...)) of one kind of counter, each text fitting its
        box at this screen's width."""
        w = (self.app.width - 2 * widgets.PAD - COUNT_W) // (2 if self.page == 0 else 1) - 4
        if self.page == 0 and len(sides) == 4:
            boxes = ((_side(sides[0], sides[1], w), inks.RED),
                     (_side(sides[2], sides[3], w), inks.YELLOW))
        elif self.page == 1 and len(sides) == 3:
            words = sides[0] if sides[1] == "-" else "%s %s%s" % (
                sides[0], _attack(sides[1]), "" if sides[2] == "-" else ", range " + sides[2])
            boxes = ((widgets.clip(words, w), inks.DIM),)
        else:
            boxes = ((widgets.clip(" ".join(sides), w), inks.DIM),)
        return ("%dx" % count, boxes)

    # --- after an action -------------------------------------------------------------------
    def added(self, reply):
        self.show("added: %d counters; %d in the mix" % (self.count.value,
                                                          ui.get(reply, "entering", 0)), inks.GREEN)

    def started(self, reply):
        self.show("a new mix: add each kind of counter", inks.GREEN)

    def made(self, reply):
        self.show("the cup is yours: %d counters" % ui.get(reply, "counters", 0), inks.GREEN)

    def forgot(self, reply):
        self.show("the mix entered is forgotten")

    # --- the glance ------------------------------------------------------------------------
    def status(self, canvas, top, bottom):
        w = canvas.width - 2 * widgets.PAD
        y = top
        for i in range(2):
            text, ink = self.cup_line if i == 0 else self.mix_line
            if y + widgets.ROW_H <= bottom:
                canvas.text(widgets.PAD, y, w, text, ink, fonts.SMALL)
            y += widgets.ROW_H
        adding = self.entering is not None and self.action() is self.plans[self.page][0]
        room = (bottom - y) // widgets.ROW_H - (1 if adding else 0)
        rows = self.rows_shown
        first = max(0, len(rows) - room)
        for i in range(first, len(rows)):
            self.draw_kind(canvas, y, rows[i], inks.WHITE)
            y += widgets.ROW_H
        if adding and y + widgets.ROW_H <= bottom:
            self.draw_kind(canvas, y, self.next_row, inks.CYAN, True)

    def draw_kind(self, canvas, y, row, ink, adding=False):
        """One kind: its count, then its counter's sides as boxes (Heavy red, Light yellow);
        the kind A adds next as outlines."""
        count, boxes = row
        canvas.text(widgets.PAD, y, COUNT_W - 2, count, ink, fonts.BOLD)
        x = widgets.PAD + COUNT_W
        bw = (canvas.width - x - widgets.PAD) // len(boxes)
        for text, fill in boxes:
            if adding:
                canvas.frame(x, y, bw - 2, widgets.ROW_H - 1, fill if fill != inks.DIM else
                             ink, DASHED)
                text_ink = fill if fill != inks.DIM else ink
            else:
                canvas.fill(x, y, bw - 2, widgets.ROW_H - 1, fill)
                text_ink = inks.BLACK if fill != inks.DIM else ink
            canvas.text(x + 1, y, bw - 4, text, text_ink, fonts.SMALL, CENTRE)
            x += bw


def _side(effect, tag, width):
    """A Hit counter's side in a box: its effect, and the aircraft type printed on it if any."""
    if tag != "-" and widgets.fits(effect + " " + tag, width):
        return effect + " " + tag
    return widgets.clip(effect, width)


def _attack(code):
    """`2h` -> "2 Heavy"."""
    if code == "-":
        return "none"
    return "%s %s" % (code[:-1], "Heavy" if code[-1] == "h" else "Light")
