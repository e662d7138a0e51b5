"""Mission: the Loiter track, the aircraft and their Bingo markers at a glance; end turn, leave,
checks (docs/rules.md), each the engine's `ac`, `mission`, `loiter`, `bingo`, `engine`, `sar`
request (docs/protocol/mission.md).

Page Fly follows a mission: start (the picked aircraft, against a battalion on the sector map or
a range band: `vs`), loiter (Scout, modifier), end turn, leave, home, Bingo and engine checks,
SAR, end (the target's band by default), abort, Fuel Priority (1 SO: no weight penalty), an
aircraft's altitude.  Page Roster adds aircraft (at high altitude if chosen), gives one a pilot
(the Campaign screen's pilot numbers), picks those that fly, repairs, removes them, sets their
altitude.

The glance: the Loiter track as on the board, a row of boxes counting the turns left down to
the Bingo 6 (yellow) and Bingo 10 (red) boxes, the marker on the current box (an aircraft with a
fuel tank has its own marker two boxes behind, its number under it); below, each aircraft with
its Bingo marker as a chit.
"""

from firmware import fonts, inks, widgets
from firmware import ui
from firmware.canvas import CENTRE, DOWN, ROUND
from firmware.pickers import Action, Choice, Number, Toggle
from firmware.screens.form import Form, text_rows

_ALTITUDES = (("low", "low"), ("high", "high"))
_HIGH = (("high", "high"),)

WHERE = (("on the battlefield", "battle"), ("target-bound", "target"), ("home-bound", "home"))
BANDS = (("Enemy Rear", "er"), ("Enemy Transit", "et"), ("Front Line", "fl"),
         ("Friendly Transit", "ft"), ("Friendly Rear", "fr"), ("Air Base", "ab"))
MARKERS = ("structure", "engine", "pylon", "bullet-holes", "hud", "display", "controls",
           "cannon")
PHASES = {"none": "no mission", "target-bound": "target-bound", "battlefield-fast": "Fast part",
          "battlefield-slow": "Slow part", "home-bound": "home-bound"}
STATUS_INK = {"flying": inks.WHITE, "base": inks.GREY, "left": inks.GREY, "crashed": inks.RED,
              "down": inks.RED}
BINGO_W = 20  # a Bingo box reading "B10"
NO_AIRCRAFT = "No aircraft yet: add one on the Roster page"
NONE_AT_BASE = "No aircraft may fly now: each flies once a day, with a pilot who may fly"
MISSION_ON = "A mission is being flown: end it before starting another"
FLOWN = ("flying", "left", "crashed")  # statuses of a mission still being flown
NUMBER_W = 13  # a box reading "12"


class Screen(Form):
    TITLE = "Mission"
    PAGES = ("Fly", "Roster")
    leaves = ("picked",)  # kept while another screen covers it (form.py)

    def __init__(self, app):
        self.roster = ()  # `ac list` aircraft (reply objects)
        self.crew = ()  # `pilot list` pilots (reply objects)
        self.picked = []  # aircraft numbers picked to fly (none picked: all at the base)
        self.ac = Choice("Aircraft", empty="none yet")
        self.scout = Toggle("Scout", "scout")
        self.mod = Number("Modifier", -9, 9, 0, "%+d", "%+d", omit=0)
        self.wp = Number("WP spent", 0, 99, 0, word="wp")
        self.where = Choice("Crashed", WHERE)
        self.band = Choice("Target band", BANDS, 1)
        self.target = Choice("Target", (("none", ""),))  # a battalion on the map, or a band
        self.flyers = Choice("To fly")  # not a row: the picked aircraft, else all at the base
        self.altitude = Choice("Altitude", _ALTITUDES)
        self.high = Toggle("High altitude", "high")
        self.destroyed = Toggle("Bn destroyed", "destroyed")
        self.all = Toggle("All units", "all")
        types = ui.aircraft_types(app.session, False) or ("a-10a",)
        self.type = Choice("Type", [(t.upper(), t) for t in types])
        self.speed = Choice("Speed", (("fast", "fast"), ("slow", "slow")))
        self.fuel = Toggle("Fuel tank", "fuel")
        self.ecm = Toggle("ECM pod", "ecm")
        self.evasive = Number("Evasive", 0, 7, 0, word="evasive", omit=0)
        self.pilot = Choice("Pilot", [("none", "nopilot")])
        from firmware.screens import counters

        self.marker = Choice("Marker", [(counters.name(m), m) for m in MARKERS])
        self.points = Number("Arm. points", 0, 99, 10)
        need = (self.ac, "no aircraft: add one (Roster page)")
        crew = Action("pilot", ("ac", "set", self.ac, self.pilot), needs=need, then="said")
        self.a_start = Action("start", ("mission", "start", self.flyers, self.target),
                              (self.target,), then="started", needs=(self.flyers, NO_AIRCRAFT))
        # Page Fly in the rulebook's order ("Séquence de jeu"), opened on the engine's next step
        # (`follow`); a step of the Campaign screen's: "go to Campaign"
        self.actions = (
            (crew, self.a_start,
             Action("abort", ("mission", "abort"), then="said"),
             Action("Fuel Priority", ("mission", "fuel"), then="fuelled"),
             Action("weapons", ("so", "weapons", self.points), then="armed"),
             Action("Engine check", ("engine", "check"), then="reveal"),
             Action("loiter", ("loiter", "start", self.scout, self.mod), then="loitering"),
             Action("end turn", ("loiter", "next"), then="turn_ended"),
             Action("leave", ("ac", "leave", self.ac), needs=need, then="said"),
             Action("home", ("mission", "home"), then="said"),
             Action("Bingo check", ("bingo", "check"), then="reveal"),
             Action("SAR", ("sar", self.ac, self.wp, self.where), needs=need, then="reveal"),
             Action("end", ("mission", "end", self.band, self.destroyed, self.all),
                    then="reveal"),
             Action("altitude", ("ac", "set", self.ac, self.altitude), needs=need,
                    then="climbed", step=""),
             Action("go to Campaign", None, (), goes="campaign")),
            (Action("add", ("ac", "add", self.type, self.speed, self.fuel, self.ecm,
                            self.evasive, self.high), then="added"),
             crew,
             Action("pick to fly", None, (self.ac,), then="pick", needs=need),
             Action("repair", ("ac", "repair", self.ac, self.marker), needs=need, then="said"),
             Action("remove", ("ac", "remove", self.ac), needs=need, then="said"),
             Action("altitude", ("ac", "set", self.ac, self.altitude), needs=need,
                    then="climbed", step="")),
        )
        # the glance, made by refresh()
        self.track = ()
        self.track_inks = ()
        self.track_at = -1
        self.fuel_at = ()  # (box, aircraft number) of the fuel-tank aircraft's own markers
        self.phase = ""
        self.big = ""
        self.rows_text = ()
        self.aim = ""  # the mission's target, in words
        self.phase_lines = ()
        super().__init__(app)

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        r = self.app.run(["ac", "list"])
        self.roster = tuple(ui.pairs_of(a) for a in ui.get(r, "aircraft", ()) or ())
        nums = [ui.get(a, "ac") for a in self.roster]
        self.picked = [n for n in self.picked if n in nums]
        self.ac.set_options([("%d %s" % (ui.get(a, "ac"), ui.get(a, "type", "").upper()),
                              "%d" % ui.get(a, "ac")) for a in self.roster])
        nxt = ui.query(self.app, ["next"]) or ()
        step = ui.get(nxt, "next")
        # by default the aircraft the engine says may fly as they are (at the base, not flown
        # today, with a pilot who may fly), not every one at the base
        may = ui.get(nxt, "aircraft", ()) if step == "mission start" else ()
        fly = " ".join("%d" % n for n in (sorted(self.picked) or may))
        self.flyers.set_options([(fly, fly)] if fly else [])
        # none to fly: the player's words for why, not the engine's usage of `mission start`
        flown = [a for a in self.roster if ui.get(a, "status") in FLOWN]
        self.a_start.needs = (self.flyers, NO_AIRCRAFT if not self.roster else (
            MISSION_ON if flown else NONE_AT_BASE))
        bns = ui.get(self.app.run(["bn", "list"]), "battalions", ()) or ()
        self.target.set_options((("none", ""),) + tuple(
            ("battalion " + ui.get(ui.pairs_of(b), "battalion").upper(),
             "vs " + ui.get(ui.pairs_of(b), "battalion")) for b in bns
            if ui.get(ui.pairs_of(b), "strength") != "destroyed") + tuple(
            (name, "vs " + code) for name, code in BANDS))
        self.crew = tuple(ui.pairs_of(p) for p in
                          ui.get(self.app.run(["pilot", "list"]), "pilots", ()) or ())
        self.changed(self.ac)
        m = ui.query(self.app, ["mission"]) or ()  # a reading: never asks while drawing
        target = ui.get(m, "target")
        self.band.set_options(((("its target", ""),) if target else ()) + BANDS)
        if target:
            self.band.select("")
        self.aim = ("vs %s" % (target.upper() if target[:1].isdigit() else
                               dict((c, n) for n, c in BANDS).get(target, target)) +
                    (", Fuel Priority" if ui.get(m, "fuel_priority") else "")) if target else ""
        lo = self.app.run(["loiter"]) or ()
        self.make_glance(lo)
        if step != self.step:  # the step's settings as the engine gives them
            if step == "loiter start":
                self.scout.set(ui.get(nxt, "scout", False))  # a scout may fly it
            elif step == "sar":
                self.ac.select("%d" % ui.get(nxt, "ac", 0))
                self.changed(self.ac)
        self.follow(step)

    def elsewhere(self, page, step):
        # A step of the Campaign screen's (the set-up, the end of the day): go there; with no
        # campaign, a mission's start
        if page == 0:
            return self.at(0, self.a_start) if step == "campaign start" else (
                len(self.actions[0]) - 1)
        return None

    def make_glance(self, lo):
        phase = ui.get(lo, "phase", "none")
        self.phase = PHASES.get(phase, phase)
        left = ui.get(lo, "left", 0)
        start = ui.get(lo, "start", 0)
        self.tabs = self.PAGES[self.page]
        if phase.startswith("battlefield"):
            self.title = "Mission: turn %d" % ui.get(lo, "turn", 0)
            own = {}
            for x in ui.get(lo, "aircraft", ()) or ():
                p = ui.pairs_of(x)
                own[ui.get(p, "ac")] = ui.get(p, "left")
            top = max([start] + [v + ui.get(lo, "turn", 0) for v in own.values()])
            boxes = [n for n in range(top, 0, -1)] + ["B6", "B10"]
            room = 2 + (self.app.width - 2 * widgets.PAD - 2 * BINGO_W) // NUMBER_W
            markers = [self.box(top, left)] + [self.box(top, v) for v in own.values()]
            # past turns leave the screen first, never a marker
            shift = max(0, min(len(boxes) - room, min(markers)))
            boxes = boxes[shift:]
            self.track = tuple(boxes)
            self.track_inks = tuple(inks.YELLOW if b == "B6" else inks.RED if b == "B10" else
                                    inks.DARK for b in boxes)
            self.track_at = self.box(top, left) - shift
            self.fuel_at = tuple((self.box(top, v) - shift, "%d" % n)
                                 for n, v in sorted(own.items()) if v != left)
            self.big = "%d" % left if left > 0 else ""
            self.big_text = ("turns left" if left != 1 else "turn left") if left > 0 else (
                "BINGO 6" if left == 0 else "BINGO 10" if left == -1 else "past Bingo 10")
            self.big_ink = inks.WHITE if left > 0 else inks.YELLOW if left == 0 else inks.RED
        else:
            self.title = self.TITLE
            self.track = ()
            self.track_at = -1
            self.fuel_at = ()
            self.big = ""
            self.big_text = self.phase
            self.big_ink = inks.GREY
        self.phase_lines = self.lines_of(self.big_text + (" " + self.aim if self.aim and not
                                                          self.big else ""))[:2]
        rows = []
        for a in self.roster:
            n = ui.get(a, "ac")
            st = ui.get(a, "status", "")
            bingo = ui.get(a, "bingo", 0)
            if self.page == 0:  # (picked to fly: said where its status is, "base")
                rows.append(("%d %s" % (n, ui.get(a, "type", "").upper()),
                             inks.CYAN if n in self.picked else STATUS_INK.get(st, inks.WHITE),
                             "to fly" if n in self.picked and st == "base" else st if
                             st != "flying" else
                             ("high" if ui.get(a, "altitude") == "high" else ""),
                             "B%d" % bingo if bingo else "", inks.YELLOW if bingo == 6 else
                             inks.RED))
            else:
                pilot = ui.get(a, "pilot")
                damage = ui.pairs_of(ui.get(a, "damage"))
                rows.append(("%d %s %s%s" % (n, ui.get(a, "type", "").upper(),
                                             ui.get(a, "speed", ""),
                                             " high" if ui.get(a, "altitude") == "high" else ""),
                             inks.CYAN if n in self.picked else STATUS_INK.get(st, inks.WHITE),
                             self.pilot_name(pilot) if pilot else "no pilot",
                             ("%d dmg" % sum(v for _k, v in damage)) if damage else "",
                             inks.ORANGE))
        self.rows_text = tuple(rows)

    @staticmethod
    def box(top, left):
        """The box of the track for `left` turns left (0: Bingo 6, -1: Bingo 10)."""
        return top - left

    def changed(self, field):
        if field is self.ac:  # the altitude picker offers the aircraft's other altitude
            crew = []
            for a in self.roster:
                if self.ac.chosen() == "%d" % ui.get(a, "ac"):
                    # the AC-130 flies high only (engine.tal.cmd_ac refuses low): offer nothing else
                    self.altitude.set_options(_HIGH if ui.get(a, "class") == "gunship" else
                                              _ALTITUDES)
                    self.altitude.select("low" if ui.get(a, "altitude") == "high" else "high")
                    crew = self.may_fly(a)
            self.pilot.set_options([("none", "nopilot")] + crew)

    def may_fly(self, aircraft):
        """The pilots aircraft a may take, as engine.tal.aircraft.assign allows them ("Choix des
        Pilotes": his card's type only; not killed, not Unfit, not in another aircraft)."""
        if ui.get(aircraft, "class") == "drone":
            return []
        n = ui.get(aircraft, "ac")
        out = []
        for p in self.crew:
            name = ui.get(p, "name") or ""
            if ui.get(p, "status") in ("killed", "unfit") or ui.get(p, "ac") not in (None, n) \
                    or not _flies(self.app.session, name, ui.get(aircraft, "type", "")):
                continue
            family = _family(self.app.session, name)  # the type his card flies, as the
            out.append((self.pilot_name(ui.get(p, "pilot")) + (  # Campaign's picker shows it
                " (%s)" % family.upper() if family else ""), "pilot %d" % ui.get(p, "pilot")))
        return out

    def pilot_name(self, k):
        """Pilot `k` (his number) by his name: Pirate."""
        for p in self.crew:
            name = ui.get(p, "name") or ""
            if ui.get(p, "pilot") == k and name and not name.startswith("#"):
                return name[:1].upper() + name[1:]
        return "pilot %d" % k

    # --- after an action -------------------------------------------------------------------
    def said(self, _reply):
        """What an action without a result of its own did, in words."""
        label = self.action().label
        craft = "aircraft " + self.ac.text
        self.show({"leave": "A" + craft[1:] + " leaves the battlefield.",
                   "home": "The flight turns home.", "abort": "The mission is aborted.",
                   "repair": "%s repaired on %s." % (self.marker.text, craft),
                   "remove": "A" + craft[1:] + " is off the roster.",
                   "pilot": "%s flies %s." % (self.pilot.text.split(" (")[0], craft) if
                   self.pilot.chosen() != "nopilot" else "A" + craft[1:] + " has no pilot now."
                   }.get(label, label))

    def started(self, reply):
        self.picked = []  # flown: the next mission's aircraft are picked anew
        self.destroyed.set(False)  # what the last mission's end said is not this one's
        self.all.set(False)
        wp = ui.get(reply, "wp")
        self.show("The flight is target-bound" + (
            ", WP " + ui.listed([ui.word(x) for x in wp]) + "." if wp else "."), inks.WHITE)

    def armed(self, reply):
        points, cost = ui.get(reply, "points", 0), ui.get(reply, "cost", 0)
        so = ui.get(reply, "so", 0)
        self.show(self.fit("%d armament points cost %d SO: SO %d now." % (points, cost, so),
                           "Weapons cost %d SO: SO %d now." % (cost, so)))

    def fuelled(self, reply):
        self.show("Fuel Priority: no weight penalty. SO %d now." % ui.get(reply, "so", 0))

    def climbed(self, reply):
        self.show("Aircraft %d flies at %s altitude." % (ui.get(reply, "ac"),
                                                          ui.get(reply, "altitude")))

    def added(self, reply):
        self.show("%s added to the roster as aircraft %d." % (ui.get(reply, "type", "").upper(),
                                                                ui.get(reply, "ac")))

    def pick(self, _reply):
        n = int(self.ac.chosen())
        if n in self.picked:
            self.picked.remove(n)
        else:
            self.picked.append(n)
        picked = ["%d" % x for x in sorted(self.picked)]
        self.show(("Aircraft %s fly the next mission." % ui.listed(picked) if len(picked) > 1
                   else "Aircraft %s flies the next mission." % picked[0]) if picked else
                  "None picked: all that may fly go.", inks.CYAN)

    def loitering(self, reply):
        if ui.get(reply, "scout") is not None:
            from firmware.screens import results

            self.app.open("reveal", "Scout", results.scouted(reply))
        self.show("The Loiter marker is on %s." % ui.count(ui.get(reply, "start", 0), "turn"))

    def turn_ended(self, reply):
        left = ui.get(reply, "left", 0)
        text = "Turn %d is over: %s." % (
            ui.get(reply, "turn", 0), ui.count(left, "turn") + " left" if left > 0 else
            "the Loiter marker is on Bingo 6" if left == 0 else
            "the Loiter marker is on Bingo 10" if left == -1 else "past Bingo 10")
        lines = []
        for key, what, ink in (("bingo6", "A Bingo 6 marker on aircraft %s.", inks.YELLOW),
                               ("bingo10", "A Bingo 10 marker on aircraft %s.", inks.RED),
                               ("crashed", "Aircraft %s crashed.", inks.RED)):
            got = ui.get(reply, key, ())
            if got:
                lines.append((what % ui.listed(["%d" % x for x in got]), ink))
        ink = lines[-1][1] if lines else inks.WHITE
        if lines:
            from firmware.screens import results

            self.app.open("reveal", "End of turn", [(text, inks.WHITE)] + lines +
                          results.returned(reply) + results.vp(reply))
        self.show(text, ink)

    def reveal(self, reply):
        """A check's or the mission's end's result, a page of sentences (results.py)."""
        from firmware.screens import results

        label = self.action().label
        name = self.pilot_name
        if label == "Bingo check":
            lines, done = results.bingo(reply, name), "The Bingo checks are rolled."
        elif label == "Engine check":
            lines, done = results.engine(reply), "The engine checks are rolled."
        elif label == "SAR":
            lines, done = results.sar(reply, name), "SAR is rolled for aircraft %d." % ui.get(
                reply, "ac", 0)
        else:
            lines, done = results.ended(reply, name), "The mission is over."
        self.app.open("reveal", "Mission over" if label == "end" else label, lines)
        if ui.get(reply, "status") == "over":  # the mission that destroyed the last battalion
            self.show("No battalion is left: the campaign is over.", inks.YELLOW)
        else:
            self.show(done)

    # --- the glance ------------------------------------------------------------------------
    def two_columns(self, cw):
        """Whether every aircraft's row fits half the screen (two to a row): "1 A-10A left B6"
        does not on a PyBadge's."""
        for label, _ink, state, tag, _tag_ink in self.rows_text:
            if _row_w(label, state, tag) > cw - 2 * widgets.PAD:
                return False
        return True

    def status(self, canvas, top, bottom):
        w = canvas.width
        y = top
        if self.page == 0:
            if self.track:
                y += 6
                track(canvas, widgets.PAD, y, w - 2 * widgets.PAD, 14, self.track,
                              self.track_inks, self.track_at)
                for box, label in self.fuel_at:
                    if 0 <= box < len(self.track):
                        step = track_step(self.track, w - 2 * widgets.PAD, box)
                        bx = widgets.PAD + track_left(self.track, w - 2 * widgets.PAD,
                                                              box)
                        canvas.tri(bx + (step - 1) // 2 - 3, y + 15, 7, 3, inks.CYAN, 0)
                        canvas.text(bx, y + 18, step - 1, label, inks.CYAN, fonts.SMALL, 1)
                y += 18 + (11 if self.fuel_at else 0)
            if self.big:
                widgets.numeral(canvas, widgets.PAD, y, 40, self.big, self.big_ink, fonts.MID)
                canvas.text(widgets.PAD + 4 + fonts.width(fonts.MID, self.big), y + 6, w - 60,
                            self.big_text, self.big_ink, fonts.BOLD)
                y += 21
            else:
                for line in self.phase_lines:
                    canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, line, self.big_ink,
                                fonts.BOLD)
                    y += widgets.ROW_H
                y += 1
        if not self.roster:
            text_rows(canvas, widgets.PAD, y, w, bottom, ("No aircraft yet: add them on the",
                                                          "Roster page (SELECT)."))
            return
        cols = 2 if self.page == 0 and self.two_columns(w // 2) else 1
        cw = w // cols
        rows = (bottom - y) // widgets.ROW_H
        for i in range(len(self.rows_text)):
            r = i // cols
            if r >= rows:
                break
            x = (i % cols) * cw
            yy = y + r * widgets.ROW_H
            label, ink, state, tag, tag_ink = self.rows_text[i]
            tw = fonts.width(fonts.BOLD, tag) + 6 if tag else 0
            sw = fonts.width(fonts.SMALL, state) + 2 if state else 0
            if sw and fonts.width(fonts.BOLD, label) + sw > cw - 2 * widgets.PAD - tw:
                sw = 0  # no room for the word: its ink says it ("2 AH-64A *" picked, at the base)
            canvas.text(x + widgets.PAD, yy, cw - 2 * widgets.PAD - tw - sw, label, ink,
                        fonts.BOLD)
            if sw:
                canvas.text(x + cw - widgets.PAD - tw - sw, yy, sw, state, ink, fonts.SMALL)
            if tag:
                widgets.badge(canvas, x + cw - widgets.PAD - tw, yy, tag, tag_ink)


def _row_w(label, state, tag):
    """The width an aircraft's row takes on the glance (as `Screen.status` draws it)."""
    return (fonts.width(fonts.BOLD, label) + (fonts.width(fonts.SMALL, state) + 2 if state else 0)
            + (fonts.width(fonts.BOLD, tag) + 6 if tag else 0))


def _family(session, name):
    """The aircraft type pilot `name`'s card flies (a-10), None when the files do not say."""
    try:
        from engine.tal import pilots

        return pilots.family(session, pilots.name_number(session, name))
    except Exception:
        return None


def _flies(session, name, ac_type):
    """Whether the pilot named `name` flies aircraft type `ac_type` by his card's type (True when
    the data files do not say: the engine then accepts him too)."""
    try:
        from engine.tal import aircraft, pilots

        flies = pilots.family(session, pilots.name_number(session, name))
        row = aircraft.find_type(session, ac_type)
        _number, _name, family, _class, _cost, _boxes, _wp, _year = row
        return flies is None or flies == family.lower()
    except Exception:
        return True


# --- the Loiter track, as on the Tactical Display ------------------------------------------
# (Here and the chits in hits.py, not in firmware/widgets.py, which the home screen holds under
# every other: measured, unix32-mpy, the home screen 55.1 KB in use against 55.9.)
def track_left(labels, w, i):
    """Where box i of a track `w` pixels wide starts: the boxes share the width evenly, a label
    wider than its share (B10 on a long track) widening its box at the plain boxes' expense.
    (Ints only, no tuple: the track is drawn every frame.)"""
    left = 0
    for k in range(i):
        left += track_step(labels, w, k)
    return left


def track_step(labels, w, i):
    """The width of box i of the track, its 1-pixel gap included (see `track_left`): a label
    wider than the plain boxes' share gets its width, the others share what is left."""
    share = _share(labels, w)
    need = fonts.width(fonts.BOLD, labels[i]) + 1  # the box is its step less a pixel
    return need if need > share and share else (share or w // len(labels))


_SHARED = [None, 0, 0]  # the track's labels, width and share last found: one search a track


def _share(labels, w):
    """The plain boxes' width: what the wider labels leave, shared, again while one of the
    others no longer fits its share (9 turns and "B6" at 160 px: "B6" needs 14, the share of 11
    boxes in 156 px is 14, 13 once "B10" took its 20; the first share cut it).  0 when even that
    cannot fit every label (the boxes then share the width evenly).  Kept for the next frame in
    place: a frame allocates nothing."""
    if _SHARED[0] is labels and _SHARED[1] == w:
        return _SHARED[2]
    n = len(labels)
    share = w // n
    while True:
        wide = 0
        narrow = 0
        for k in range(n):
            need = fonts.width(fonts.BOLD, labels[k]) + 1
            if need > share:
                wide += need
            else:
                narrow += 1
        if not narrow or wide > w:
            share = 0  # the labels cannot all fit
            break
        fair = (w - wide) // narrow
        if fair >= share:
            break
        share = fair
    _SHARED[0] = labels
    _SHARED[1] = w
    _SHARED[2] = share
    return share


def track(canvas, x, y, w, h, labels, colours, at, marker_ink=inks.WHITE):
    """A row of boxes as on the board, left to right: `labels[i]` (int or str) in box i, drawn
    in `colours[i]` (DARK for a plain box); the marker on box `at` (none when at < 0)."""
    n = len(labels)
    bx = x
    for i in range(n):
        step = track_step(labels, w, i)
        ink = colours[i]
        on = i == at
        if on and ink == inks.DARK:  # the marker on a plain box: the box lit
            canvas.fill(bx, y, step - 1, h, marker_ink, ROUND)
        elif ink == inks.DARK:
            canvas.frame(bx, y, step - 1, h, inks.DIM)
        else:  # a coloured box (Bingo) keeps its colour; the marker rings it
            canvas.fill(bx, y, step - 1, h, ink, ROUND)
            if on:
                canvas.frame(bx - 1, y - 1, step + 1, h + 2, marker_ink)
        text_ink = inks.BLACK if on or ink != inks.DARK else inks.GREY
        canvas.text(bx, y + (h - 11) // 2, step - 1, labels[i], text_ink, fonts.BOLD, CENTRE)
        if on:
            canvas.tri(bx + (step - 1) // 2 - 4, y - 5, 9, 4, marker_ink, DOWN)
        bx += step
