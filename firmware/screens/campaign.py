"""Campaign: SO, Day, VP and the pilots' stress and status (docs/rules.md), each change the engine's
`so`, `day`, `vp`, `campaign` or `pilot` request (docs/protocol/campaign.md).

Page TRACKS: SO gain/spend, weapons cost, VP, next day, end of day, start, record a failure,
end of set-up, the end of day's next step.
Page PILOTS: stress, XP, R&R, promotion, heal, add a pilot.  A cost that cannot be paid is
refused by the engine with the rules' consequence (the campaign ends in failure), shown as is.
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

TRACKS = ("so +", "so -", "weapons", "vp +", "vp -", "next day", "end day", "day step", "ready",
          "start", "failed")
PILOTS = ("stress +", "stress -", "xp +", "r&r", "promote", "heal", "add")
FIELDS = {"so +": ("n",), "so -": ("n",), "weapons": ("points",), "vp +": ("n",),
          "vp -": ("n",), "next day": (), "end day": (), "start": ("days", "so", "daily"),
          "failed": (), "ready": (), "day step": (), "stress +": ("pilot", "n"),
          "stress -": ("pilot", "n"), "xp +": ("pilot", "n"), "r&r": (), "promote": ("pilot",),
          "heal": ("pilot",), "add": ("name", "okay", "shaken", "cool", "speed")}
LABELS = {"n": "Amount", "points": "Arm. points", "days": "Days", "so": "Start SO",
          "daily": "Daily SO", "pilot": "Pilot", "name": "Name", "okay": "Okay to",
          "shaken": "Shaken to", "cool": "Cool", "speed": "Speed"}
LIMITS = {"n": (1, 99), "points": (0, 999), "days": (1, 99), "so": (0, 99), "daily": (0, 20),
          "okay": (0, 60), "shaken": (0, 60), "cool": (0, 7), "name": (1, 99)}
STATUS_INK = {"okay": C.WHITE, "shaken": C.YELLOW, "unfit": C.RED, "killed": C.RED}


class Screen(Form):
    PAGES = ("TRACKS", "PILOTS")
    ACTIONS = (TRACKS, PILOTS)

    def __init__(self, app):
        self.v = {"n": 1, "points": 10, "days": 10, "so": 20, "daily": 3, "pilot": 0, "name": 1,
                  "okay": 5, "shaken": 9, "cool": 1, "speed": 0}
        self.camp = ()
        self.pilots = ()
        super().__init__(app)

    def refresh(self):
        self.camp = self.app.run(["campaign"]) or ()
        self.pilots = ui.get(self.app.run(["pilot", "list"]), "pilots", ()) or ()

    def fields(self):
        return ("act",) + FIELDS[self.act_name()]

    def label(self, f):
        return LABELS[f]

    def pilot_number(self):
        if not self.pilots:
            return None
        return ui.get(ui.pairs_of(self.pilots[self.v["pilot"] % len(self.pilots)]), "pilot")

    def value(self, f):
        x = self.v[f]
        if f == "pilot":
            if not self.pilots:
                return "none"
            p = ui.pairs_of(self.pilots[x % len(self.pilots)])
            return "%d %s" % (ui.get(p, "pilot"), ui.get(p, "name") or "")
        if f == "name":
            return "#%d %s" % (x, _name(self.app.session, x))
        if f == "speed":
            return "slow" if x else "fast"
        return "%d" % x

    def change(self, f, d):
        if f == "pilot":
            self.v[f] = (self.v[f] + (1 if d > 0 else -1)) % max(1, len(self.pilots))
        elif f == "speed":
            self.v[f] ^= 1
        else:
            lo, hi = LIMITS[f]
            self.v[f] = max(lo, min(hi, self.v[f] + d))

    def act(self):
        a = self.act_name()
        v = self.v
        n = "%d" % v["n"]
        k = self.pilot_number()
        if "pilot" in FIELDS[a] and k is None:
            self.app.say("no pilot: add one", C.RED)
            return
        words = {
            "so +": ["so", "+" + n], "so -": ["so", "-" + n],
            "weapons": ["so", "weapons", "%d" % v["points"]],
            "vp +": ["vp", "+" + n], "vp -": ["vp", "-" + n],
            "next day": ["day", "+1"], "end day": ["day", "end"], "ready": ["campaign", "ready"],
            "day step": ["day", "next"],
            "start": ["campaign", "start", "%d" % v["days"], "%d" % v["so"], "%d" % v["daily"]],
            "failed": ["campaign", "fail"],
            "stress +": ["pilot", "stress", "%s" % k, "+" + n],
            "stress -": ["pilot", "stress", "%s" % k, "-" + n],
            "xp +": ["pilot", "xp", "%s" % k, "+" + n],
            "r&r": ["pilot", "rr"],
            "promote": ["pilot", "promote", "%s" % k], "heal": ["pilot", "heal", "%s" % k],
            "add": ["pilot", "add", "#%d" % v["name"], "%d" % v["okay"], "%d" % v["shaken"],
                    "%d" % v["cool"], "slow" if v["speed"] else "fast"],
        }[a]
        r = self.run(words)
        if r is None:
            return
        if a in ("r&r", "end day", "day step", "weapons", "promote"):
            self.app.open("reveal", a.upper(), ui.describe(r))
        st = ui.get(r, "status")
        self.show(" ".join(words), STATUS_INK.get(st, C.WHITE))

    def status(self, c, row, rows):
        r = self.camp
        days = ui.get(r, "days")
        ui.title(c, "CAMPAIGN", "Day %d" % ui.get(r, "day", 0) + ("/%d" % days if days else ""))
        st = ui.get(r, "status", "on")
        c.text(0, row, "SO %d" % ui.get(r, "so", 0), C.CYAN)
        c.text(8, row, "VP %d" % ui.get(r, "vp", 0), C.CYAN)
        if st != "on":
            c.right(row, st.upper(), C.RED if st == "failed" else C.YELLOW)
        row += 1
        rows -= 1
        if not self.pilots:
            if rows > 0:
                c.text(0, row, "No pilots yet.", C.GREY)
            return
        for i in range(min(rows, len(self.pilots))):
            p = ui.pairs_of(self.pilots[i])
            status = "killed" if ui.get(p, "killed") else ui.get(p, "status", "okay")
            ink = STATUS_INK.get(status, C.WHITE)
            c.text(0, row + i, "%d %-8s" % (ui.get(p, "pilot"), (ui.get(p, "name") or "")[:8]), ink)
            c.text(11, row + i, "%2d" % ui.get(p, "stress", 0), ink)
            c.right(row + i, ("W " if ui.get(p, "wounded") else "") + status[:6], ink)


def _name(session, n):
    try:
        from engine import pilots as P

        return P.name(session, n) or "?"
    except Exception:
        return "?"
