"""Counter mix set-up: enter a cup's counters from the counter sheets, once (docs/protocol/cups.md).

One page per cup (SELECT): Hit, Pop-Up, Ground Forces.  The fields are one kind of counter: how
many, and its sides chosen from the known effects (LEFT/RIGHT); the actions are the engine's
`mix CUP new|add|done|cancel`: start from none, add this kind, make the mix the cup's, forget it.
Above: the cup's counters and status, and how many counters the mix being entered has.
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

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
FIELDS = (("count", "heavy", "htag", "light", "ltag"), ("count", "counter", "attack", "range"),
          ("count", "result"))
CHOICES = {"heavy": SIDES, "light": SIDES, "htag": TAGS, "ltag": TAGS, "counter": UNITS,
           "attack": ATTACKS, "range": RANGES, "result": RESULTS}
LABELS = {"count": "Count", "heavy": "Heavy", "htag": " tag", "light": "Light", "ltag": " tag",
          "counter": "Unit", "attack": "Hits", "range": "Range", "result": "Result"}


class Screen(Form):
    PAGES = ("HIT CUP", "POP-UP CUP", "GROUND CUP")
    ACTIONS = (("add", "new", "done", "cancel"),) * 3

    def __init__(self, app):
        self.v = {"count": 1}
        for f in CHOICES:
            self.v[f] = 0
        self.cup = ()
        super().__init__(app)

    def fields(self):
        return ("act",) + (FIELDS[self.page] if self.act_name() == "add" else ())

    def label(self, f):
        return LABELS[f]

    def value(self, f):
        return "%d" % self.v["count"] if f == "count" else CHOICES[f][self.v[f]]

    def change(self, f, d):
        if f == "count":
            self.v["count"] = max(1, min(40, self.v["count"] + d))
        else:
            self.v[f] = (self.v[f] + d) % len(CHOICES[f])

    def refresh(self):
        self.cup = self.app.run(["mix", CUPS[self.page]]) or ()

    def act(self):
        a = self.act_name()
        words = ["mix", CUPS[self.page], a]
        if a == "add":
            words += [self.value(f) for f in FIELDS[self.page]]
        if self.run(words) is not None:
            self.show(" ".join(words[2:]), C.GREEN)

    def status(self, c, row, rows):
        ui.title(c, self.PAGES[self.page], "%d counters" % ui.get(self.cup, "counters", 0))
        st = ui.get(self.cup, "status", "")
        entering = ui.get(self.cup, "entering")
        lines = ui.wrap(st, c.cols)[:max(1, rows - 1)] + [
            "entering: %s" % ("-" if entering is None else "%d counters" % entering)]
        for i in range(min(rows, len(lines))):
            c.text(0, row + i, lines[i], C.YELLOW if st.startswith("placeholder") else C.WHITE)
