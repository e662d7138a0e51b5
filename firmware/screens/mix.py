"""Counter mix set-up: enter a cup's counters from the counter sheets, once (docs/protocol/cups.md).

One page per cup (SELECT): Hit, Pop-Up, Ground Forces.  The actions are the engine's
`mix CUP new|add|done|cancel`: start from none, add one kind of counter (how many, and its sides
chosen from the known effects), make the mix the cup's, forget it.  Above: the cup's counters and
status, and how many counters the mix being entered has.
"""

from firmware import inks
from firmware import ui
from firmware.pickers import Action, Choice, Number
from firmware.screens.form import Form, text_rows
from firmware import widgets

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


def _choice(label, words):
    return Choice(label, [(w, w) for w in words])


class Screen(Form):
    TITLE = "Counter mix"
    PAGES = ("Hit cup", "Pop-Up cup", "Ground cup")

    def __init__(self, app):
        count = Number("Count", 1, 40, 1)
        kinds = (
            (count, _choice("Heavy side", SIDES), _choice("Heavy tag", TAGS),
             _choice("Light side", SIDES), _choice("Light tag", TAGS)),
            (count, _choice("Unit", UNITS), _choice("Hits", ATTACKS), _choice("Range", RANGES)),
            (count, _choice("Result", RESULTS)),
        )
        self.actions = tuple(
            (Action("add counters", ("mix", cup, "add") + kind, then="added"),
             Action("start a new mix", ("mix", cup, "new"), then="added"),
             Action("make it the cup's", ("mix", cup, "done"), then="added"),
             Action("forget the mix", ("mix", cup, "cancel"), then="added"))
            for cup, kind in zip(CUPS, kinds))
        self.lines = ()
        super().__init__(app)

    def refresh(self):
        r = self.app.run(["mix", CUPS[self.page]]) or ()
        st = ui.get(r, "status", "") or ""
        entering = ui.get(r, "entering")
        ink = inks.YELLOW if st.startswith("placeholder") else inks.WHITE
        self.lines = (("%d counters in the cup" % ui.get(r, "counters", 0), inks.WHITE),) + tuple(
            (line, ink) for line in self.lines_of(st)) + (
            ("entering: none" if entering is None else "entering: %d counters" % entering,
             inks.CYAN),)

    def added(self, r):
        self.show("done: " + " ".join(self.action().words()[2:]), inks.GREEN)

    def status(self, canvas, top, bottom):
        text_rows(canvas, widgets.PAD, top, canvas.width - 2 * widgets.PAD, bottom, self.lines)
