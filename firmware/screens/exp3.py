"""EXP3 (Friendlies!): the Close Air Support mission and Air Assault soldiers (Expansion #3).

Two pages (SELECT): CAS, with the Squads at the top (their hex, a box per hit they can take,
filled for each hit, and whether they are engaged, eliminated or lost to friendly fire) and
the actions card / engaged / enemies / attack / hit / friendly fire / end; Assault, a
soldier's attack check and the hexes' Forward Observers.  Every action is the engine's
`cas ...` or `assault ...` request (docs/protocol/exp3.md).
"""

from firmware import fonts, inks, widgets
from firmware import ui
from firmware.pickers import Action, Choice, Number, Toggle
from firmware.screens.form import Form

KINDS = (("soldier", "soldier"), ("anti-vehicle", "antiveh"), ("sniper", "sniper"),
         ("leader", "leader"), ("engineers", "engineers"), ("forward observer", "forobs"))
TARGETS = (("vehicle", "v"), ("building", "b"), ("infantry", "inf"), ("other", "other"))
FATE_INK = {"eliminated": inks.RED, "friendly fire": inks.RED}


class Screen(Form):
    TITLE = "EXP3"
    PAGES = ("CAS", "Assault")

    def __init__(self, app):
        self.vp_draw = Number("VP lost at draw", 0, 20, 2)
        self.vp_squad = Number("VP per Squad", 0, 20, 1)
        self.vp_bonus = Number("VP if complete", 0, 20, 0)
        self.squads = Number("Squads", 1, 8, 1)
        self.enemies = Number("Enemies", 0, 20, 2)
        self.where = Choice("Hex", [("roll a d10", "")] + [("%d" % h, "%d" % h)
                                                            for h in range(1, 11)])
        self.hex = Number("Hex", 1, 10, 1)
        self.count = Number("Enemies", 0, 20, 0)
        self.squad = Number("Squad", 1, 8, 1)
        self.hits = Number("Hits", 1, 8, 1)
        self.target = Number("Attack factor", 1, 20, 6)
        self.skill = Number("Skill", -3, 5, 0, "%+d", "%+d")
        self.kind = Choice("Soldier", KINDS)
        self.vs = Choice("Target", TARGETS)
        self.need = Number("Need", 1, 20, 6, "%d+")
        self.lead = Toggle("Leader", "lead")
        self.far = Toggle("1 hex away", "far")
        self.mod = Number("Modifier", -9, 9, 0, "%+d", "%+d", omit=0)
        self.actions = (
            (Action("card", ("cas", "card", self.vp_draw, self.vp_squad, self.vp_bonus),
                    then="card"),
             Action("engaged", ("cas", "engaged", self.squads, self.enemies, self.where),
                    then="engaged"),
             Action("enemies", ("cas", "enemies", self.hex, self.count), then="hex_enemies"),
             Action("attack", ("cas", "attack", self.squad), then="squad_hit"),
             Action("hit", ("cas", "hit", self.squad, self.hits), then="squad_hit"),
             Action("friendly fire", ("cas", "ff", self.hex, self.target, self.skill),
                    then="friendly_fire"),
             Action("end", ("cas", "end"), then="ended")),
            (Action("attack", ("assault", self.kind, self.vs, self.need, self.lead, self.far,
                               self.mod), then="assault"),
             Action("Forward Obs.", ("assault", "forobs", self.hex), then="forobs"),
             Action("new turn", ("assault", "turn"), then="new_turn")),
        )
        self.lines = ()  # the glance: (text, ink, right, right ink, boxes, hits)
        self.head = ()
        self.head_ink = inks.WHITE
        super().__init__(app)

    # --- after an action -------------------------------------------------------------------
    def card(self, reply):
        self.show("VP %s at the draw: VP %d now." % (ui.signed(ui.get(reply, "vp_change")),
                                                     ui.get(reply, "vp")), inks.YELLOW)

    def engaged(self, reply):
        sq = ui.get(reply, "squads")
        self.show("Squads %d to %d are engaged in hex %d." % (sq[0], sq[-1], ui.get(reply, "hex"))
                  if len(sq) > 1 else "Squad %d is engaged in hex %d." % (sq[0],
                                                                         ui.get(reply, "hex")),
                  inks.YELLOW)

    def hex_enemies(self, reply):
        self.show("Hex %d: %s." % (ui.get(reply, "hex"),
                                   ui.count(ui.get(reply, "enemies"), "enemy", "enemies")))

    def squad_hit(self, reply):
        gone = ui.get(reply, "eliminated")
        self.show("Squad %d has %d of %d hits%s" % (self.squad.value, ui.get(reply, "hits"),
                                                    ui.get(reply, "capacity"),
                                                    ": it is eliminated." if gone else "."),
                  inks.RED if gone else inks.YELLOW)

    def friendly_fire(self, reply):
        lost = -ui.get(reply, "vp_change")
        self.show("Friendly fire: %s lost, VP %d." % (ui.count(lost, "Squad"), -lost),
                  inks.RED if lost else inks.GREEN)

    def ended(self, reply):
        self.show("CAS mission over%s: VP %s (the mission's %s)." % (
            ", complete" if ui.get(reply, "complete") else "",
            ui.signed(ui.get(reply, "vp_change")), ui.signed(ui.get(reply, "mission_vp"))),
            inks.GREEN)

    def assault(self, reply):
        ok = ui.get(reply, "pass")
        mod = ui.get(reply, "mod")
        self.show("%s: the Assault %s." % (
            "d10 %d %s = %d" % (ui.get(reply, "die"), ui.signed(mod), ui.get(reply, "result"))
            if mod else "d10 %d" % ui.get(reply, "die"), "passes" if ok else "fails"),
                  inks.GREEN if ok else inks.RED)

    def forobs(self, reply):
        self.show("The Forward Observer of hex %d is used." % self.hex.value, inks.YELLOW)

    def new_turn(self, reply):
        self.show("A new turn: the Forward Observers are free.")

    # --- the glance ------------------------------------------------------------------------
    def refresh(self):
        self.lines = ()
        self.head = ()
        self.head_ink = inks.WHITE
        if self.app.game() != "exp3":
            self.head = self.lines_of("Choose TAL + EXP3 in Settings first.")
            self.head_ink = inks.YELLOW
            return
        if self.page == 1:
            used = ui.get(self.app.run(["assault"]), "forobs_used", ()) or ()
            self.head = self.lines_of("Forward Observers used:")
            self.lines = (("in hex " + ", ".join("%d" % h for h in used) if used else "none",
                           inks.WHITE, "", inks.WHITE, 0, 0),)
            return
        r = self.app.run(["cas"]) or ()
        self.follow(ui.get(ui.query(self.app, ["next"]), "next"))  # a card drawn: its Squads
        if not ui.get(r, "on"):
            self.head = self.lines_of("No CAS mission: do 'card' when the card is drawn.")
            return
        self.head = self.lines_of("Mission VP %s" % ui.signed(ui.get(r, "mission_vp", 0)))
        lines = []
        for x in ui.get(r, "squads", ()) or ():
            p = ui.pairs_of(x)
            fate = ui.get(p, "fate")
            engaged = ui.get(p, "engaged")
            state = ("eliminated" if fate == "eliminated" else "lost: friendly fire"
                     if fate == "friendly fire" else "engaged" if engaged else "unengaged")
            ink = FATE_INK.get(fate, inks.YELLOW if engaged else inks.GREEN)
            lines.append(("Squad %d, hex %d" % (ui.get(p, "squad"), ui.get(p, "hex")),
                          inks.WHITE, state, ink, ui.get(p, "capacity", 0), ui.get(p, "hits", 0)))
        if not lines:
            lines.append(("No Squads yet: 'engaged'.", inks.GREY, "", inks.GREY, 0, 0))
        self.lines = tuple(lines)

    def status(self, canvas, top, bottom):
        w = canvas.width
        y = top
        for line in self.head:
            canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, line, self.head_ink, fonts.BOLD)
            y += widgets.ROW_H
        if self.head:
            y += 1
        for text, ink, right, right_ink, boxes, hits in self.lines:
            if y + widgets.ROW_H > bottom:
                break
            rw = fonts.width(fonts.SMALL, right) if right else 0
            bw = boxes * 6
            canvas.text(widgets.PAD, y, w - 2 * widgets.PAD - rw - bw - 6, text, ink,
                        fonts.SMALL)
            x = w - widgets.PAD - rw - bw - 3
            for b in range(boxes):  # a box per hit the Squad can take, filled when taken
                if b < hits:
                    canvas.fill(x + b * 6, y + 3, 5, 6, inks.RED)
                else:
                    canvas.frame(x + b * 6, y + 3, 5, 6, inks.DIM)
            if right:
                canvas.text(w - widgets.PAD - rw, y, rw, right, right_ink, fonts.SMALL)
            y += widgets.ROW_H
