"""Mission: the aircraft, Loiter turns and Bingo at a glance; end turn, leave, checks
(docs/rules.md), each the engine's `ac`, `mission`, `loiter`, `bingo`, `engine`, `sar` request
(docs/protocol/mission.md).

Page FLY follows a mission: start (the picked aircraft), loiter (Scout, modifier), end turn,
leave, home, Bingo and engine checks, SAR, end.  Page ROSTER adds aircraft, gives one a pilot
(the Campaign screen's pilot numbers), picks those that fly, repairs and removes them.  Above
the fields, one line per aircraft: number, type, its Loiter turns left, its Bingo marker (B6
yellow, B10 red) and where it is.
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

FLY = ("end turn", "leave", "start", "loiter", "home", "bingo", "engine", "sar", "end", "abort")
ROSTER = ("add", "pilot", "pick", "repair", "remove")
FIELDS = {"start": (), "loiter": ("scout", "mod"), "end turn": (), "leave": ("ac",), "home": (),
          "bingo": (), "engine": (), "sar": ("ac", "wp", "where"),
          "end": ("band", "destroyed", "all"), "abort": (),
          "add": ("type", "speed", "fuel", "ecm", "evasive"), "pilot": ("ac", "pk"),
          "pick": ("ac",),
          "repair": ("ac", "marker"), "remove": ("ac",)}
LABELS = {"scout": "Scout", "mod": "Modifier", "ac": "Aircraft", "wp": "WP spent",
          "where": "Crashed", "band": "Target band", "destroyed": "Bn destroyed",
          "all": "All units", "type": "Type", "speed": "Pilot", "fuel": "Fuel tank",
          "ecm": "ECM pod", "evasive": "Evasive", "marker": "Marker", "pk": "Pilot #"}
WHERE = ("battle", "target", "home")  # SAR: crashed on the battlefield, target- or home-bound
BANDS = ("er", "et", "fl", "ft", "fr", "ab")
MARKERS = ("structure", "engine", "pylon", "bullet-holes", "hud", "display", "controls",
           "cannon")
PHASE_SHORT = {"none": "", "target-bound": "to target", "battlefield-fast": "fast",
               "battlefield-slow": "slow", "home-bound": "home"}


class Screen(Form):
    PAGES = ("FLY", "ROSTER")
    ACTIONS = (FLY, ROSTER)

    def __init__(self, app):
        self.v = {"scout": 0, "mod": 0, "ac": 0, "wp": 0, "where": 0, "band": 1, "destroyed": 0,
                  "all": 0, "type": 0, "speed": 0, "fuel": 0, "ecm": 0, "evasive": 0,
                  "marker": 0, "pk": 1}
        self.roster = ()  # `ac list` aircraft (reply objects)
        self.loiter = ()  # `loiter` reply
        self.picked = []  # aircraft numbers picked to fly (none picked: all at the base)
        self.types = ()
        super().__init__(app)

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        r = self.app.run(["ac", "list"])
        self.roster = ui.get(r, "aircraft", ()) or ()
        self.loiter = self.app.run(["loiter"]) or ()
        if not self.types:
            self.types = aircraft_types(self.app.session, False) or ("a-10a",)
        nums = self.numbers()
        self.picked = [n for n in self.picked if n in nums]

    def numbers(self):
        return [ui.get(ui.pairs_of(a), "ac") for a in self.roster]

    def aircraft(self, n):
        for a in self.roster:
            if ui.get(ui.pairs_of(a), "ac") == n:
                return ui.pairs_of(a)
        return ()

    def chosen(self):
        """The aircraft number of the `ac` field (cycling through the roster), or None."""
        nums = self.numbers()
        if not nums:
            return None
        return nums[self.v["ac"] % len(nums)]

    # --- fields ----------------------------------------------------------------------------
    def fields(self):
        return ("act",) + FIELDS[self.act_name()]

    def label(self, f):
        return LABELS[f]

    def value(self, f):
        x = self.v[f]
        if f == "ac":
            n = self.chosen()
            if n is None:
                return "none"
            mark = "*" if n in self.picked and self.act_name() == "pick" else ""
            return "%d %s%s" % (n, ui.get(self.aircraft(n), "type", ""), mark)
        if f == "mod":
            return ui.signed(x)
        if f in ("scout", "destroyed", "all", "fuel", "ecm"):
            return "yes" if x else "no"
        if f == "where":
            return WHERE[x]
        if f == "band":
            return BANDS[x]
        if f == "type":
            return self.types[x % len(self.types)] if self.types else "?"
        if f == "speed":
            return "slow" if x else "fast"
        if f == "marker":
            return MARKERS[x]
        if f == "pk":
            return "%d" % x if x else "none"
        return "%d" % x

    def change(self, f, d):
        one = 1 if d > 0 else -1
        if f in ("scout", "destroyed", "all", "fuel", "ecm", "speed"):
            self.v[f] ^= 1
        elif f == "mod":
            self.v[f] = max(-9, min(9, self.v[f] + one))
        elif f == "wp":
            self.v[f] = max(0, min(99, self.v[f] + d))
        elif f == "evasive":
            self.v[f] = max(0, min(7, self.v[f] + one))
        elif f == "pk":  # the pilot roster number (Campaign), or none
            self.v[f] = (self.v[f] + one) % 13
        else:
            n = {"ac": max(1, len(self.roster)), "where": len(WHERE), "band": len(BANDS),
                 "type": max(1, len(self.types)), "marker": len(MARKERS)}[f]
            self.v[f] = (self.v[f] + one) % n

    # --- actions ---------------------------------------------------------------------------
    def act(self):
        a = self.act_name()
        v = self.v
        n = self.chosen()
        if a == "pick":
            if n is None:
                return
            if n in self.picked:
                self.picked.remove(n)
            else:
                self.picked.append(n)
            self.show("flying: " + (" ".join("%d" % x for x in sorted(self.picked)) or
                                    "all at the base"))
            return
        if "ac" in FIELDS[a] and n is None:
            self.app.say("no aircraft: add one (ROSTER)", C.RED)
            return
        if a == "start":
            fly = sorted(self.picked) or [ui.get(ui.pairs_of(x), "ac") for x in self.roster
                                          if ui.get(ui.pairs_of(x), "status") == "base"]
            words = ["mission", "start"] + ["%d" % x for x in fly]
        elif a == "loiter":
            words = ["loiter", "start"] + (["scout"] if v["scout"] else []) + (
                [ui.signed(v["mod"])] if v["mod"] else [])
        elif a == "end turn":
            words = ["loiter", "next"]
        elif a == "leave":
            words = ["ac", "leave", "%d" % n]
        elif a == "home":
            words = ["mission", "home"]
        elif a == "bingo":
            words = ["bingo", "check"]
        elif a == "engine":
            words = ["engine", "check"]
        elif a == "sar":
            words = ["sar", "%d" % n, "wp", "%d" % v["wp"], WHERE[v["where"]]]
        elif a == "end":
            words = ["mission", "end", BANDS[v["band"]]] + (["destroyed"] if v["destroyed"] else
                                                            []) + (["all"] if v["all"] else [])
        elif a == "abort":
            words = ["mission", "abort"]
        elif a == "add":
            words = ["ac", "add", self.value("type"), self.value("speed")] + (
                ["fuel"] if v["fuel"] else []) + (["ecm"] if v["ecm"] else []) + (
                ["evasive", "%d" % v["evasive"]] if v["evasive"] else [])
        elif a == "pilot":
            words = ["ac", "set", "%d" % n] + (["pilot", "%d" % v["pk"]] if v["pk"] else
                                                ["nopilot"])
        elif a == "repair":
            words = ["ac", "repair", "%d" % n, MARKERS[v["marker"]]]
        else:  # remove
            words = ["ac", "remove", "%d" % n]
        r = self.run(words)
        if r is None:
            return
        if a == "end turn":
            self._turn(r)
        elif a == "loiter":
            scout = ui.get(r, "scout")
            if scout is not None:
                self.app.open("reveal", "SCOUT", ui.describe(ui.pairs_of(scout)) +
                              [("Loiter: %d turns" % ui.get(r, "start", 0), C.WHITE)] +
                              ui.describe(r, ("scout", "mod", "phase", "start", "turn", "left",
                                              "aircraft")))
            self.show("Loiter: %d turns" % ui.get(r, "start", 0))
        elif a in ("bingo", "engine", "sar", "end"):
            self.app.open("reveal", a.upper(), ui.describe(r))
            self.show(" ".join(words))
        else:
            self.show(" ".join(words), C.WHITE)

    def _turn(self, r):
        left = ui.get(r, "left", 0)
        lines = [("Turn %d" % ui.get(r, "turn", 0) + (": %d left" % left if left >= 0 else ""),
                  C.WHITE)]
        for key, text, ink in (("bingo6", "Bingo 6: ", C.YELLOW), ("bingo10", "Bingo 10: ", C.RED),
                               ("crashed", "crashed: ", C.RED)):
            got = ui.get(r, key, ())
            if got:
                lines.append((text + " ".join("%d" % x for x in got), ink))
        ink = C.RED if len(lines) > 1 and lines[-1][1] == C.RED else (
            C.YELLOW if len(lines) > 1 else C.WHITE)
        if len(lines) > 1:
            self.app.open("reveal", "END OF TURN", lines + ui.describe(r, ("turn", "left", "bingo6",
                                                                             "bingo10", "crashed")))
        self.show(lines[0][0], ink)

    # --- the glance ------------------------------------------------------------------------
    def status(self, c, row, rows):
        lo = self.loiter
        phase = ui.get(lo, "phase", "none")
        right = PHASE_SHORT.get(phase, phase)
        if phase in ("battlefield-fast", "battlefield-slow"):
            right = "T%d L%d %s" % (ui.get(lo, "turn", 0), ui.get(lo, "left", 0), right)
        ui.title(c, "MISSION" if self.page == 0 else "ROSTER", right)
        if not self.roster:
            c.text(0, row, "No aircraft yet:", C.GREY)
            c.text(0, row + 1, "ROSTER page (SEL)", C.GREY)
            return
        c.text(0, row, "# type    left", C.GREY)
        row += 1
        rows -= 1
        left = {}
        for x in ui.get(lo, "aircraft", ()) or ():
            p = ui.pairs_of(x)
            left[ui.get(p, "ac")] = ui.get(p, "left")
        shown = 0
        for x in self.roster:
            if shown >= rows:
                break
            p = ui.pairs_of(x)
            n = ui.get(p, "ac")
            st = ui.get(p, "status", "")
            bingo = ui.get(p, "bingo", 0)
            ink = C.WHITE
            if st == "crashed" or st == "down":
                ink = C.RED
            elif st == "left" or st == "base":
                ink = C.GREY
            mark = "*" if n in self.picked else " "
            line = "%d%s%-7s" % (n, mark, ui.get(p, "type", "")[:7])
            c.text(0, row + shown, line, ink)
            if n in left:
                c.text(10, row + shown, "%2d" % left[n], C.CYAN)
            if bingo:
                c.text(13, row + shown, "B%d" % bingo, C.YELLOW if bingo == 6 else C.RED)
            c.right(row + shown, st[:5] if st != "flying" else "", ink)
            shown += 1


def aircraft_types(session, families):
    """The aircraft types of data/tal/aircraft.txt (engine.aircraft), or the type families printed
    on Hit counters when `families`; () when the file does not load (the engine says why when it
    is used)."""
    try:
        from engine import aircraft as A

        rows = A.types(session)
    except Exception:
        return ()
    out = []
    for row in rows:
        name = (row[A.T_FAMILY] if families else row[A.T_NAME]).lower()
        if name not in out:
            out.append(name)
    return tuple(out)
