"""EXP3 (Friendlies!): the Close Air Support mission and Air Assault soldiers (Expansion #3).

Two pages (SELECT): CAS, with the Squads at the top (hex, hits/capacity, E Engaged, X
eliminated, F lost to friendly fire) and the actions card / engaged / enemies / attack / hit /
ff / end; ASSAULT, a soldier's attack check and the hexes' Forward Observers.  Every action is
the engine's `cas ...` or `assault ...` request (docs/protocol/exp3.md).
"""

from firmware import canvas as C
from firmware import ui
from firmware.screens.packform import Form

KINDS = ("soldier", "antiveh", "sniper", "leader", "engineers", "forobs")
TARGETS = ("v", "b", "inf", "other")
LABELS = {"draw": "Draw VP", "per": "VP/Squad", "bonus": "Complete VP", "squads": "Squads",
          "enemies": "Enemies", "hex": "Hex", "count": "Enemies", "squad": "Squad",
          "hits": "Hits", "target": "Attack", "skill": "Skill", "kind": "Soldier",
          "vs": "Target", "need": "Need", "lead": "Leader", "far": "1 hex away", "mod": "Modifier"}
CAS_FIELDS = {"card": ("act", "draw", "per", "bonus"),
              "engaged": ("act", "squads", "enemies", "hex"), "enemies": ("act", "hex", "count"),
              "attack": ("act", "squad"), "hit": ("act", "squad", "hits"),
              "ff": ("act", "hex", "target", "skill"), "end": ("act",)}
AA_FIELDS = {"attack": ("act", "kind", "vs", "need", "lead", "far", "mod"),
             "forobs": ("act", "hex"), "turn": ("act",)}
# (lowest, highest) of each number field
LIMITS = {"draw": (0, 20), "per": (0, 20), "bonus": (0, 20), "squads": (1, 8), "enemies": (0, 20),
          "hex": (1, 10), "count": (0, 20), "squad": (1, 8), "hits": (1, 8), "target": (1, 20),
          "skill": (-3, 5), "need": (1, 20), "mod": (-9, 9)}


class Screen(Form):
    PAGES = ("CAS", "ASSAULT")
    ACTIONS = (("card", "engaged", "enemies", "attack", "hit", "ff", "end"),
               ("attack", "forobs", "turn"))

    def __init__(self, app):
        self.v = {"draw": 2, "per": 1, "bonus": 0, "squads": 1, "enemies": 2, "hex": 1,
                  "count": 0, "squad": 1, "hits": 1, "target": 6, "skill": 0, "kind": 0,
                  "vs": 0, "need": 6, "lead": 0, "far": 0, "mod": 0, "random": 1}
        self.cas = None
        self.forobs = ()
        super().__init__(app)

    # --- fields --------------------------------------------------------------------------
    def fields(self):
        if self.page == 0:
            return CAS_FIELDS[self.act_name()]
        return AA_FIELDS[self.act_name()]

    def label(self, f):
        return LABELS[f]

    def _random_hex(self):
        return self.page == 0 and self.act_name() == "engaged" and self.v["random"]

    def value(self, f):
        x = self.v[f]
        if f == "hex" and self._random_hex():
            return "d10"
        if f == "kind":
            return KINDS[x]
        if f == "vs":
            return TARGETS[x]
        if f == "lead" or f == "far":
            return "yes" if x else "no"
        if f == "skill" or f == "mod":
            return ui.signed(x)
        return "%d" % x

    def change(self, f, d):
        if f == "kind":
            self.v[f] = (self.v[f] + d) % len(KINDS)
        elif f == "vs":
            self.v[f] = (self.v[f] + d) % len(TARGETS)
        elif f == "lead" or f == "far":
            self.v[f] ^= 1
        elif f == "hex" and self.page == 0 and self.act_name() == "engaged":
            # d10 (a random hex), then 1..10
            if self.v["random"]:
                self.v["random"] = 0
                self.v["hex"] = 1 if d > 0 else 10
            else:
                h = self.v["hex"] + d
                if h < 1 or h > 10:
                    self.v["random"] = 1
                else:
                    self.v["hex"] = h
        else:
            lo, hi = LIMITS[f]
            self.v[f] = max(lo, min(hi, self.v[f] + d))

    # --- actions -------------------------------------------------------------------------
    def _n(self, f):
        return "%d" % self.v[f]

    def act(self):
        a = self.act_name()
        if self.page == 1:
            self._assault(a)
            return
        if a == "card":
            r = self.run(["cas", "card", self._n("draw"), self._n("per"), self._n("bonus")])
            if r:
                self.show("%d VP now (VP %d)" % (ui.get(r, "vp_change"), ui.get(r, "vp")),
                          C.YELLOW)
        elif a == "engaged":
            words = ["cas", "engaged", self._n("squads"), self._n("enemies")]
            if not self.v["random"]:
                words.append(self._n("hex"))
            r = self.run(words)
            if r:
                sq = ui.get(r, "squads")
                self.show("Squad %d-%d in hex %d" % (sq[0], sq[-1], ui.get(r, "hex")), C.YELLOW)
        elif a == "enemies":
            r = self.run(["cas", "enemies", self._n("hex"), self._n("count")])
            if r:
                self.show("hex %d: %d enemies" % (ui.get(r, "hex"), ui.get(r, "enemies")))
        elif a == "attack" or a == "hit":
            words = ["cas", a, self._n("squad")] + ([self._n("hits")] if a == "hit" else [])
            r = self.run(words)
            if r:
                gone = ui.get(r, "eliminated")
                self.show("Squad %d %d/%d%s" % (self.v["squad"], ui.get(r, "hits"),
                                                ui.get(r, "capacity"), " LOST" if gone else ""),
                          C.RED if gone else C.YELLOW)
        elif a == "ff":
            r = self.run(["cas", "ff", self._n("hex"), self._n("target"),
                          ui.signed(self.v["skill"])])
            if r:
                lost = -ui.get(r, "vp_change")
                self.show("ff: %d lost, %d VP" % (lost, -lost), C.RED if lost else C.GREEN)
        else:
            r = self.run(["cas", "end"])
            if r:
                self.show("%s VP (%s)%s" % (ui.signed(ui.get(r, "vp_change")),
                                            ui.signed(ui.get(r, "mission_vp")),
                                            " COMPLETE" if ui.get(r, "complete") else ""),
                          C.GREEN)

    def _assault(self, a):
        if a == "attack":
            words = ["assault", KINDS[self.v["kind"]], TARGETS[self.v["vs"]], self._n("need")]
            if self.v["lead"]:
                words.append("lead")
            if self.v["far"]:
                words.append("far")
            if self.v["mod"]:
                words.append(ui.signed(self.v["mod"]))
            r = self.run(words)
            if r:
                ok = ui.get(r, "pass")
                self.show("%d%s=%d %s" % (ui.get(r, "die"), ui.signed(ui.get(r, "mod")),
                                          ui.get(r, "result"), "PASS" if ok else "FAIL"),
                          C.GREEN if ok else C.RED)
        elif a == "forobs":
            if self.run(["assault", "forobs", self._n("hex")]):
                self.show("ForObs of hex %d used" % self.v["hex"], C.YELLOW)
        else:
            if self.run(["assault", "turn"]):
                self.show("new turn: ForObs free")

    # --- status ----------------------------------------------------------------------------
    def refresh(self):
        if self.app.game() != "exp3":
            self.cas = None
            return
        if self.page == 0:
            self.cas = self.app.run(["cas"])
        else:
            r = self.app.run(["assault"])
            self.forobs = ui.get(r, "forobs_used", ())

    def status(self, c, row, rows):
        if self.app.game() != "exp3":
            ui.title(c, self.PAGES[self.page])
            c.text(0, row, "Select TAL+EXP3 in", C.YELLOW)
            c.text(0, row + 1, "Settings first.", C.YELLOW)
            return
        if self.page == 1:
            ui.title(c, "ASSAULT")
            c.text(0, row, "ForObs used:", C.GREY)
            c.text(0, row + 1, " ".join("%d" % h for h in self.forobs) or "none", C.WHITE)
            return
        r = self.cas
        on = ui.get(r, "on")
        ui.title(c, "CAS", "mission " + ui.signed(ui.get(r, "mission_vp", 0)) if on else "")
        if not on:
            c.text(0, row, "No CAS mission:", C.WHITE)
            c.text(0, row + 1, "'card' when drawn.", C.GREY)
            return
        squads = ui.get(r, "squads", ())
        if not squads:
            c.text(0, row, "No Squads: 'engaged'", C.GREY)
        half = c.cols // 2
        for k in range(len(squads)):
            if k // 2 >= rows:
                break
            q = ui.get(squads[k].pairs, "fate")
            p = squads[k].pairs
            engaged = ui.get(p, "engaged")
            flag = "X" if q == "eliminated" else "F" if q == "friendly fire" else (
                "E" if engaged else "-")
            ink = C.RED if flag in ("X", "F") else C.YELLOW if engaged else C.GREEN
            c.text((k % 2) * half, row + k // 2, "%d h%d %d/%d%s" % (
                ui.get(p, "squad"), ui.get(p, "hex"), ui.get(p, "hits"), ui.get(p, "capacity"),
                flag), ink)
