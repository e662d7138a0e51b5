"""Campaign: SO, Day, VP and the pilots' stress (RULES §6-7), each change the engine's `so`,
`day`, `vp`, `campaign` or `pilot` request (docs/protocol/campaign.md).

Page Tracks: SO gain/spend, weapons cost, VP, next day, end of day, start, record a failure.
Page Pilots: stress, XP, rest, R&R, promotion, heal, add a pilot.  A cost that cannot be paid is
refused by the engine with the rules' consequence (the campaign ends in failure), shown in full.

The glance: SO, Day and VP as large numerals, SO and Day over bars as their tracks run on the
board (SO 0..15, its marker flipped past 15; Day 1..the campaign's length); each pilot with a
stress bar: white in the Okay range, yellow in Shaken, red beyond (Unfit).
"""

from firmware import fonts, inks, widgets
from firmware import ui
from firmware.canvas import CENTRE
from firmware.pickers import Action, Choice, Number
from firmware.screens.form import Form, text_rows

STATUS_INK = {"okay": inks.WHITE, "shaken": inks.YELLOW, "unfit": inks.RED, "killed": inks.RED}
SO_TRACK = 15  # the SO track's last box; the marker flips to its "15" side beyond


class Screen(Form):
    TITLE = "Campaign"
    PAGES = ("Tracks", "Pilots")

    def __init__(self, app):
        self.n = Number("Amount", 1, 99, 1)
        self.points = Number("Arm. points", 0, 999, 10)
        self.days = Number("Days", 1, 99, 10)
        self.so = Number("Start SO", 0, 99, 20)
        self.daily = Number("Daily SO", 0, 20, 3)
        self.who = Choice("Pilot", empty="none yet")
        self.pilot_name = Number("Name", 1, 99, 1, "#%d", "#%d")
        self.okay = Number("Okay to", 0, 60, 5)
        self.shaken = Number("Shaken to", 0, 60, 9)
        self.cool = Number("Cool", 0, 7, 1)
        self.speed = Choice("Speed", (("fast", "fast"), ("slow", "slow")))
        self.plus = Number("Amount", 1, 99, 1, "+%d", "+%d")
        self.minus = Number("Amount", 1, 99, 1, "-%d", "-%d")
        need = (self.who, "no pilot: add one first")
        self.actions = (
            (Action("SO gain", ("so", self.plus), then="tracks"),
             Action("SO spend", ("so", self.minus), then="tracks"),
             Action("weapons", ("so", "weapons", self.points), then="reveal"),
             Action("VP gain", ("vp", self.plus), then="tracks"),
             Action("VP loss", ("vp", self.minus), then="tracks"),
             Action("next day", ("day", "+1"), then="tracks"),
             Action("end of day", ("so", "endday"), then="reveal"),
             Action("start", ("campaign", "start", self.days, self.so, self.daily),
                    then="tracks"),
             Action("record failure", ("campaign", "fail"), then="tracks")),
            (Action("stress +", ("pilot", "stress", self.who, self.plus), needs=need,
                    then="pilot"),
             Action("stress -", ("pilot", "stress", self.who, self.minus), needs=need,
                    then="pilot"),
             Action("XP +", ("pilot", "xp", self.who, self.plus), needs=need, then="pilot"),
             Action("rest day", ("pilot", "rest"), then="reveal"),
             Action("R&R", ("pilot", "rr"), then="reveal"),
             Action("promote", ("pilot", "promote", self.who), needs=need, then="reveal"),
             Action("heal", ("pilot", "heal", self.who), needs=need, then="pilot"),
             Action("add", ("pilot", "add", self.pilot_name, self.okay, self.shaken, self.cool,
                            self.speed), then="pilot")),
        )
        self.numbers = ()  # (label, value, bar value, bar top, ink)
        self.state = ""
        self.state_ink = inks.WHITE
        self.pilots = ()  # (name, stress, okay, shaken, ink, status words)
        super().__init__(app)

    def refresh(self):
        r = self.app.run(["campaign"]) or ()
        so = ui.get(r, "so", 0)
        day = ui.get(r, "day", 0)
        days = ui.get(r, "days")
        vp = ui.get(r, "vp", 0)
        self.numbers = (("SO", "%d" % so, min(so, SO_TRACK), SO_TRACK,
                         inks.CYAN if so <= SO_TRACK else inks.GREEN),
                        ("Day", "%d" % day if not days else "%d/%d" % (day, days), day,
                         days or 0, inks.CYAN),
                        ("VP", "%d" % vp, 0, 0, inks.GREEN if vp > 0 else inks.RED if vp < 0
                         else inks.WHITE))
        st = ui.get(r, "status", "on")
        self.state = "" if st == "on" else "campaign " + st
        self.state_ink = inks.RED if st == "failed" else inks.YELLOW
        pilots = [ui.pairs_of(p) for p in
                  ui.get(self.app.run(["pilot", "list"]), "pilots", ()) or ()]
        self.who.set_options([("%d %s" % (ui.get(p, "pilot"), ui.get(p, "name") or ""),
                               "%d" % ui.get(p, "pilot")) for p in pilots])
        self.changed(self.pilot_name)
        rows = []
        for p in pilots:
            status = "killed" if ui.get(p, "killed") else ui.get(p, "status", "okay")
            words = "wounded" if ui.get(p, "wounded") and status != "killed" else status
            rows.append(("%d %s" % (ui.get(p, "pilot"), ui.get(p, "name") or ""),
                         ui.get(p, "stress", 0), ui.get(p, "okay", 0), ui.get(p, "shaken", 0),
                         STATUS_INK.get(status, inks.WHITE), words))
        self.pilots = tuple(rows)

    def changed(self, field):
        if field is self.pilot_name:
            n = self.pilot_name.value
            name = _name(self.app.session, n)
            self.pilot_name.text = "#%d" % n if name.startswith("#") else "#%d %s" % (n, name)

    # --- after an action -------------------------------------------------------------------
    def tracks(self, r):
        parts = []
        for key in ("so", "vp", "day"):
            v = ui.get(r, key)
            if v is not None:
                parts.append("%s %d" % (key.upper() if key != "day" else "Day", v))
        self.show(", ".join(parts) or "done", inks.RED if ui.get(r, "status") == "failed" else
                  inks.WHITE)

    def pilot(self, r):
        status = ui.get(r, "status", "okay")
        self.show("pilot %s: stress %s, %s" % (ui.word(ui.get(r, "pilot")),
                                               ui.word(ui.get(r, "stress")), status),
                  STATUS_INK.get(status, inks.WHITE))

    def reveal(self, r):
        label = self.action().label
        self.app.open("reveal", label[:1].upper() + label[1:], ui.describe(r))
        self.show(label + ": done")

    # --- the glance ------------------------------------------------------------------------
    def status(self, canvas, top, bottom):
        w = canvas.width
        y = top
        if self.page == 0:
            third = w // 3
            for i in range(3):
                label, value, bar_value, bar_top, ink = self.numbers[i]
                x = i * third
                canvas.text(x + widgets.PAD, y, third - 2 * widgets.PAD, label, inks.GREY,
                            fonts.SMALL, CENTRE)
                canvas.text(x + widgets.PAD, y + 11, third - 2 * widgets.PAD, value, ink,
                            fonts.MID, CENTRE)
                if bar_top:
                    widgets.bar(canvas, x + 4, y + 32, third - 8, 4, bar_value, bar_top, ink)
            y += 40
            if self.state:
                canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, self.state, self.state_ink,
                            fonts.BOLD)
                y += widgets.ROW_H
        if not self.pilots:
            text_rows(canvas, widgets.PAD, y, w, bottom, ("No pilots yet: add them on the",
                                                          "Pilots page (SELECT)."))
            return
        rows = (bottom - y) // widgets.ROW_H
        name_w = w * 2 // 5
        for i in range(min(rows, len(self.pilots))):
            name, stress, okay, shaken, ink, words = self.pilots[i]
            yy = y + i * widgets.ROW_H
            canvas.text(widgets.PAD, yy, name_w - widgets.PAD, name, ink, fonts.BOLD)
            # the stress bar: Okay range, Shaken range, Unfit beyond; the pilot's stress over it
            x = name_w
            bw = w - name_w - 62
            top_stress = shaken + 2
            canvas.fill(x, yy + 3, bw * min(okay, top_stress) // top_stress, 5, inks.DARK)
            canvas.fill(x + bw * okay // top_stress, yy + 3,
                        bw * (shaken - okay) // top_stress, 5, inks.DIM)
            if stress:
                canvas.fill(x, yy + 4, min(bw, bw * stress // top_stress), 3, ink)
            canvas.text(x + bw + 3, yy, 14, stress, ink, fonts.BOLD)
            canvas.text(w - 44, yy, 42, words, ink, fonts.SMALL, 2)


def _name(session, n):
    try:
        from engine import pilots

        return pilots.name(session, n) or "?"
    except Exception:
        return "?"
