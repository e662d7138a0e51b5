"""Campaign: the rulebook's sequence of play, led step by step (docs/rules.md), each action the
engine's `campaign`, `day`, `bn`, `so`, `vp`, `pilot` or `ac` request (docs/protocol/campaign.md).

Page Day leads: the step the campaign is at, said in words under SO, Day and VP (large numerals
over their tracks), and that step's actions, the next one first, in the rulebook's order:

    no campaign   new campaign (its Campaign and Situation cards chosen from the data files, or
                  other cards spelled, or their numbers)
    set-up        each cup's counter mix confirmed or changed (the Counter mix screen), then
                  draw the battalions (the pile the engine names), then buy aircraft and scouts,
                  choose pilots, adjust skills, priority promotions; set-up done
    a day         end of day (the missions are flown on the Mission screen); weapons, a
                  battalion hit, SO and VP by hand
    end of day    roll each battalion still to roll (or it stays, by a card's note), the SO
                  losses; replacements, repairs, R&R, in that order; next day
    the end       the campaign's result, as its card gives it (asked when the files do not say)

At every step, last: "rule switches" opens the switches of the rules the documents state two
ways (firmware/screens/rules.py); once the days run, "set day" corrects the Day track.

Page Map shows the sector map as its range bands, each battalion in its band (a halved one's box
half filled, those still to roll in cyan, the one the action names framed in yellow); page
Pilots each pilot's stress on a bar of his card's Okay and Shaken ranges.  A refusal (an action
out of its step) says what comes first.
"""

from firmware import fonts, inks, widgets
from firmware import ui
from firmware.canvas import CENTRE
from firmware.counter_words import CUP_NAMES, CUPS
from firmware.keyboard import NAMES, Word
from firmware.pickers import Action, Choice, Field, Number, Toggle
from firmware.screens.form import Form, text_rows

STATUS_INK = {"okay": inks.WHITE, "shaken": inks.YELLOW, "unfit": inks.RED, "killed": inks.RED}
SO_TRACK = 15  # the SO track's last box; the marker flips to its "15" side beyond
BANDS = ("er", "et", "fl", "ft", "fr", "ab")
BAND_NAMES = ("Enemy Rear", "Enemy Transit", "Front Line", "Friendly Transit", "Friendly Rear",
              "Air Base")
BAND_HEADS = ("ER", "ET", "FL", "FT", "FR", "AB")
BAND_INKS = (inks.GREY, inks.GREY, inks.GREY, inks.GREY, inks.ORANGE, inks.RED)  # FR, AB cost SO
KINDS = (("Assault", "a"), ("Support", "s"), ("Command", "c"))
LEVELS = ("newbie", "green", "average", "skilled", "veteran", "ace")
MOVES = {"advance": inks.RED, "hold": inks.WHITE, "retreat": inks.GREEN}
MORE = tuple("+%d" % n for n in range(10))  # a band with more battalions than rows


class Designation(Field):
    """A battalion card's designation, its number and kind: `11a` (shown 11A)."""

    def __init__(self, label):
        self.label = label
        self.number = 1
        self.kind = 0
        self.taken = ()  # the designations on the map (`11a`): not offered again
        self._show()

    def _show(self):
        self.text = "%d%s" % (self.number, KINDS[self.kind][1].upper())

    def step(self, delta):
        self.number = 1 + (self.number - 1 + delta) % 99
        self.free(1 if delta > 0 else -1)

    def set_kind(self, kind):
        self.kind = kind
        self.free(1)

    def free(self, way):
        """Move on (`way` 1 or -1) past the designations already on the map."""
        for _ in range(99):
            if self.words()[0] not in self.taken:
                break
            self.number = 1 + (self.number - 1 + way) % 99
        self._show()

    def words(self):
        return ["%d%s" % (self.number, KINDS[self.kind][1])]


class Screen(Form):
    TITLE = "Campaign"
    PAGES = ("Day", "Map", "Pilots")
    leaves = ("stage",)  # the step it showed: the action chosen stays if it is still the step's
    REPLIES = "firmware.screens.campaign_replies"  # what each action's reply says

    def __init__(self, app):
        # --- the fields ---
        self.card = Choice("Campaign card", empty="none listed")
        self.situation = Choice("Situation", empty="none listed")
        self.card_word = Word("Campaign card", most=12, keys=NAMES)
        self.situation_word = Word("Situation", most=12, keys=NAMES)
        self.days = Number("Days", 1, 99, 3)
        self.so = Number("Start SO", 0, 99, 20)
        self.daily = Number("Daily SO", 0, 20, 3)
        self.bn_new = Designation("Battalion")
        self.bn_kind = Choice("Kind", [(k[0], k[1]) for k in KINDS])
        self.bn_vp = Number("VP", 0, 99, 3)
        self.bn_fixed = Toggle("Fixed", "fixed")
        self.bn = Choice("Battalion", empty="none")
        self.to_roll = Choice("Battalion", empty="all moved")
        self.mod = Number("Modifier", -9, 9, 0, "%+d", "%+d", omit=0)
        self.band = Choice("To", [(BAND_NAMES[i], BANDS[i]) for i in range(6)] +
                           [("one band on", "advance"), ("one band back", "retreat")])
        self.strength = Choice("Result", (("halved", "half"), ("destroyed", "destroyed")))
        self.ac_type = Choice("Type", empty="?")  # read at the set-up only (see refresh)
        self.aircraft = Choice("Aircraft", empty="none")
        self.salvage = Choice("Salvage to", (("no", ""),))
        self.marker = Choice("Marker", empty="no damage")  # the chosen aircraft's markers
        self.damage = {}  # aircraft number (word) -> its markers' options
        self.scouts = Number("Scouts", 1, 15, 1, "+%d", "+%d")
        self.who = Choice("Pilot", empty="none yet")
        self.pilot_name = Number("Name", 1, 99, 1, "#%d", "#%d")
        self.okay = Number("Okay to", 0, 60, 5)
        self.shaken = Number("Shaken to", 0, 60, 9)
        self.cool = Number("Cool", 0, 7, 1)
        self.speed = Choice("Speed", (("fast", "fast"), ("slow", "slow")))
        self.need_xp = Number("XP to promote", 0, 30, 0, word="need", omit=0, zero="none")
        self.level = Choice("Level", [(x, x) for x in LEVELS], 2)
        self.levels = Number("Levels", 1, 5, 1, omit=1)
        self.points = Number("Arm. points", 0, 999, 10)
        self.plus = Number("Amount", 1, 99, 1, "+%d", "+%d")
        self.minus = Number("Amount", 1, 99, 1, "-%d", "-%d")
        self.day_to = Number("Day", 1, 99, 1)  # the Day track corrected (day set)
        pilot = (self.who, "no pilot: add one first")
        battalion = (self.bn, "no battalion on the map")
        # --- the actions ---
        self.a_start = Action(
            "new campaign", ("campaign", "start", self.card, self.situation), then="started",
            needs=(self.card, "no card listed: other cards"))
        self.a_start_other = Action(
            "other cards", ("campaign", "start", self.card_word, self.situation_word),
            then="started", needs=(self.card_word, "spell the card's name (RIGHT)"))
        self.a_start_numbers = Action(
            "by numbers", ("campaign", "start", self.days, self.so, self.daily),
            then="started")
        self.a_draw = Action(
            "draw battalion", ("bn", "add", self.bn_new, self.bn_vp, self.bn_fixed),
            (self.bn_new, self.bn_kind, self.bn_vp, self.bn_fixed), then="battalion")
        self.a_move = Action(
            "move battalion", ("bn", "move", self.bn, self.band), needs=battalion,
            then="battalion")
        self.a_remove = Action("remove battalion", ("bn", "remove", self.bn), needs=battalion,
                               then="removed")
        self.a_buy = Action("buy aircraft", ("ac", "add", self.ac_type), then="bought")
        self.a_buy_scouts = Action(
            "buy scouts", ("campaign", "scouts", self.scouts), then="tracks")
        self.a_add_pilot = Action(
            "add pilot", ("pilot", "add", self.pilot_name, self.okay, self.shaken, self.cool,
                          self.speed), then="pilot")
        self.a_set_level = Action(
            "skill level", ("pilot", "level", self.who, self.level), needs=pilot,
            then="leveled")
        self.a_promote = Action(
            "promote", ("pilot", "promote", self.who, self.levels), needs=pilot,
            then="promoted")
        self.a_new_card = Action(
            "new card", ("pilot", "card", self.who, self.okay, self.shaken, self.cool,
                         self.speed, self.need_xp), needs=pilot, then="promoted")
        self.a_ready = Action("set-up done", ("campaign", "ready"), then="tracks")
        self.a_fly = Action("go to Mission", None, (), goes="mission")  # a mission's steps
        self.a_end_day = Action("end of day", ("day", "end"), then="day_ended")
        self.a_weapons = Action("weapons cost", ("so", "weapons", self.points), then="tracks")
        self.a_bn_hit = Action(
            "battalion hit", ("vp", "battalion", self.bn, self.strength), needs=battalion,
            then="bn_hit")
        moved = (self.to_roll, "every battalion has moved")
        self.a_roll = Action(
            "roll battalion", ("bn", "roll", self.to_roll, self.mod), needs=moved,
            then="rolled")
        self.a_stay = Action(
            "battalion stays", ("bn", "stay", self.to_roll), needs=moved, then="battalion")
        self.a_losses = Action("SO losses", ("day", "next"), then="losses")
        self.a_replace_ac = Action(
            "replace aircraft", ("ac", "replace", self.aircraft, self.salvage),
            needs=(self.aircraft, "no aircraft"), then="tracks")
        self.a_replace_pilot = Action(
            "replace pilot", ("pilot", "replace", self.who, self.pilot_name, self.okay,
                              self.shaken, self.cool, self.speed), needs=pilot, then="pilot")
        self.a_repair = Action(
            "repair aircraft", ("ac", "repair", self.aircraft, self.marker),
            needs=(self.marker, "no damage marker on that aircraft"), then="tracks")
        self.a_heal = Action("heal pilot", ("pilot", "heal", self.who), needs=pilot, then="pilot")
        self.a_rr = Action("R&R", ("pilot", "rr"), then="rested")
        self.a_next_day = Action("next day", ("day", "+1"), then="tracks")
        self.a_result = Action("result", ("campaign", "result"), then="resulted")
        # where the documents disagree: the documented defaults' switches, a page of their own
        self.a_rules = Action("rule switches", None, (), then="rule_switches")
        # the device's own set-up step: each cup's counter mix the player's (Counter mix)
        self.a_mix = Action("counter mix", None, (), then="counter_mix", step="mix")
        self.mixes = ()  # the cups whose mix is still to confirm, at the set-up
        self.a_by_hand = (Action("SO spend", ("so", self.minus), then="tracks"),
                          Action("SO gain", ("so", self.plus), then="tracks"),
                          Action("VP gain", ("vp", self.plus), then="tracks"),
                          Action("VP loss", ("vp", self.minus), then="tracks"),
                          Action("record failure", ("campaign", "fail"), then="tracks"),
                          Action("set day", ("day", "set", self.day_to), then="tracks"),
                          self.a_rules)
        self.a_stress = Action("stress +", ("pilot", "stress", self.who, self.plus),
                               needs=pilot, then="pilot")
        # in the rulebook's order: the set-up's, a mission's by hand, the end of the day's
        self.a_pilot_actions = (
            self.a_add_pilot, self.a_set_level, self.a_promote, self.a_new_card, self.a_stress,
            Action("stress -", ("pilot", "stress", self.who, self.minus), needs=pilot,
                   then="pilot"),
            Action("XP +", ("pilot", "xp", self.who, self.plus), needs=pilot, then="promoted"),
            self.a_heal, self.a_replace_pilot, self.a_rr,
            Action("remove pilot", ("pilot", "remove", self.who), needs=pilot, then="removed"))
        self.actions = ((self.a_start,), (self.a_draw,), self.a_pilot_actions)
        self.stage = ""
        self.status_word = ""
        # --- the glance, made by refresh() ---
        self.numbers = ()  # (label, value, bar value, bar top, ink)
        self.banner = ()  # (text, ink) lines: the step, what to do
        self.chips = ()  # (band, row, text, ink, fill): the sector map
        self.counts = (0,) * 6
        self.map_note = ()
        self.pilots = ()  # (name, stress, okay, shaken, ink, status words)
        super().__init__(app)

    # --- reading the engine ----------------------------------------------------------------
    def refresh(self):
        run = self.app.run
        r = run(["campaign"]) or ()
        status = ui.get(r, "status", "none")
        so = ui.get(r, "so", 0)
        day = ui.get(r, "day", 0)
        days = ui.get(r, "days")
        vp = ui.get(r, "vp", 0)
        self.day_to.hi = days or 99
        self.day_to.set(day or 1)
        self.numbers = (("SO", "%d" % so, min(so, SO_TRACK), SO_TRACK,
                         inks.CYAN if so <= SO_TRACK else inks.GREEN),
                        ("Day", "%d" % day if not days else "%d/%d" % (day, days), day,
                         days or 0, inks.CYAN),
                        ("VP", "%d" % vp, 0, 0, inks.GREEN if vp > 0 else inks.RED if vp < 0
                         else inks.WHITE))
        d = run(["day"]) or ()
        step = ui.get(d, "step", "missions")
        rolls = ui.get(d, "roll", ()) or ()
        bns = [ui.pairs_of(b) for b in ui.get(run(["bn", "list"]), "battalions", ()) or ()]
        # the pilots, likewise: on their page, at the set-up and the end of the day
        pilots = [ui.pairs_of(p) for p in ui.get(run(["pilot", "list"]), "pilots", ()) or ()] if (
            self.page == 2 or status == "setup" or step in ("replacements", "repairs")) else []
        # The aircraft only where the campaign's step needs them (the set-up, the end of the
        # day's replacements and repairs): their commands take 34 KB of a 64-bit heap to load.
        craft = [ui.pairs_of(a) for a in ui.get(run(["ac", "list"]), "aircraft", ()) or ()] if (
            status == "setup" or step in ("replacements", "repairs")) else []
        if status == "setup" and not self.ac_type.options:
            self.ac_type.set_options([(t.upper(), t) for t in
                                      ui.aircraft_types(self.app.session, False) or ("a-10a",)])
        draw = ui.get(r, "draw")
        self.mixes = ui.get(ui.query(self.app, ["mix"]), "to_confirm", ()) or () if (
            status == "setup") else ()
        self.choices(status, bns, rolls, pilots, craft, draw)
        self.lead(status, step, rolls, draw, r, bns, pilots, craft,
                  ui.get(ui.query(self.app, ["next"]), "next"))
        self.make_map(bns, rolls)
        self.make_pilots(pilots)

    def choices(self, status, bns, rolls, pilots, craft, draw):
        """The fields' options from what the engine holds now."""
        if status in ("none", "over", "failed"):
            cards = ui.query(self.app, ["campaign", "cards"]) or ()
            names = ui.get(cards, "names")  # as the cards print them (data/tal/card_names.txt)
            self.card.set_options([(ui.get(names, c, c), c)
                                   for c in ui.get(cards, "cards", ()) or ()])
            self.situation.set_options([(ui.get(names, c, c), c)
                                        for c in ui.get(cards, "situations", ()) or ()])
        self.bn_new.taken = [ui.get(b, "battalion") for b in bns]
        alive = [b for b in bns if ui.get(b, "strength") != "destroyed"]
        self.bn.set_options([(ui.get(b, "battalion").upper(), ui.get(b, "battalion"))
                             for b in alive])
        self.to_roll.set_options([(b.upper(), b) for b in rolls])
        if draw:  # the set-up's next card: from the pile the engine names
            for i in range(3):
                if KINDS[i][0].lower() == draw:
                    self.bn_kind.index = i
                    self.bn_kind.set_options(self.bn_kind.options, False)
                    self.bn_new.set_kind(i)
        self.bn_new.free(1)  # the next card's designation: not one already on the map
        self.set_pilots(pilots)
        self.changed(self.pilot_name)
        self.aircraft.set_options([("%d %s" % (ui.get(a, "ac"), ui.get(a, "type", "").upper()),
                                    "%d" % ui.get(a, "ac")) for a in craft])
        if craft:
            from firmware.screens import counters  # the markers' printed names

            self.damage = dict(("%d" % ui.get(a, "ac"), [
                (counters.name(m) + (" x%d" % n if n > 1 else ""), m)
                for m, n in ui.pairs_of(ui.get(a, "damage"))]) for a in craft)
        else:
            self.damage = {}
        self.changed(self.aircraft)
        self.salvage.set_options((("no", ""),) + tuple(
            ("%d %s" % (ui.get(a, "ac"), ui.get(a, "type", "").upper()),
             "salvage %d" % ui.get(a, "ac")) for a in craft))

    def lead(self, status, step, rolls, draw, reply, bns, pilots, craft, nxt):
        """The Day page: the step in words and its actions in the rulebook's order, each page
        opened on the engine's next step `nxt` (`next`)."""
        day = ui.get(reply, "day", 0)
        days = ui.get(reply, "days")
        of = " of %d" % days if days else ""
        rest = self.a_by_hand
        if status == "none":
            stage = "none"
            actions = (self.a_start, self.a_start_other, self.a_start_numbers) + rest[:4] + (
                self.a_rules,)
            banner = (("No campaign", inks.GREY),
                      ("New campaign: choose its cards.", inks.WHITE))
        elif status == "setup" and self.mixes:  # first: no placeholder counter in the days
            stage = "mix"
            actions = (self.a_mix, self.a_draw, self.a_buy, self.a_add_pilot, self.a_ready,
                       self.a_rules)
            banner = (("Set-up: the counter mix", inks.YELLOW),
                      ("Cups to confirm: " + ", ".join(CUP_NAMES[CUPS.index(c)][:-4]
                                                       for c in self.mixes), inks.WHITE))
        elif status == "setup" and draw:
            stage = "draw"
            got = 0
            for b in bns:
                got += ui.get(b, "vp", 0)
            actions = (self.a_draw, self.a_move, self.a_buy, self.a_buy_scouts,
                       self.a_add_pilot, self.a_set_level, self.a_promote, self.a_new_card,
                       self.a_ready, self.a_rules)
            vp = ui.get(ui.get(reply, "set_up"), "setup_vp")
            banner = (("Set-up: battalions to %d VP" % vp if vp is not None else
                       "Set-up: the battalions", inks.YELLOW),
                      ("%s pile next, %d VP drawn" % (draw[:1].upper() + draw[1:], got),
                       inks.WHITE))
        elif status == "setup":
            stage = "squadron"
            actions = (self.a_buy, self.a_buy_scouts, self.a_add_pilot, self.a_set_level,
                       self.a_promote, self.a_new_card, self.a_ready, self.a_move, self.a_rules)
            banner = (("Set-up: the squadron", inks.YELLOW),
                      ("%d aircraft, %s, %s" % (
                          len(craft), ui.count(len(pilots), "pilot"),
                          ui.count(ui.get(reply, "scouts", 0), "scout")), inks.WHITE))
        elif status == "on" and step == "missions":
            stage = "missions"
            actions = (self.a_fly, self.a_end_day, self.a_weapons, self.a_bn_hit) + rest
            banner = (("Day %d%s: the missions" % (day, of), inks.CYAN),
                      ("Fly them, then end of day.", inks.WHITE))
        elif status == "on" and step == "movement":
            stage = "movement" if rolls else "losses"
            actions = ((self.a_roll, self.a_stay, self.a_move) if rolls else
                       (self.a_losses,)) + rest
            banner = (("End of day %d: battalions move" % day, inks.YELLOW),
                      (self.to_roll_line(rolls) if rolls else "All moved: SO losses next.",
                       inks.WHITE))
        elif status == "on":
            stage = step
            later = (self.a_replace_ac, self.a_replace_pilot, self.a_repair, self.a_heal,
                     self.a_rr, self.a_next_day)
            first = {"replacements": 0, "repairs": 2, "r&r": 5}.get(step, 0)
            actions = later[first:] + rest  # (a later step closed the earlier ones)
            banner = (("End of day %d: %s" % (day, step if step != "r&r" else "R&R"),
                       inks.YELLOW),
                      (("Then repairs, R&R, next day.", "", "Then R&R, next day.", "", "",
                        "Then next day.")[first], inks.WHITE))
        else:
            stage = status
            actions = (self.a_result, self.a_start, self.a_start_other, self.a_start_numbers,
                       self.a_rules)
            res = ui.query(self.app, ["campaign", "result"]) if ui.get(reply, "card") else None
            word = ui.get(res, "result") if res else None
            failed = status == "failed"
            banner = (("Campaign failed" if failed else "Campaign over",
                       inks.RED if failed else inks.YELLOW),
                      ("Result: %s (%d VP)" % (word, ui.get(reply, "vp", 0)),
                       inks.RED if failed or word == "failure" else inks.GREEN) if word else
                      ("Its result: read your card." if ui.get(reply, "card") else
                       "No card to read a result on.", inks.WHITE))
        self.banner = tuple((line, ink) for text, ink in banner for line in self.lines_of(
            text, fonts.BOLD if ink != inks.WHITE else fonts.SMALL))
        if status == "on" and step == "movement":
            maps = (self.a_roll, self.a_stay, self.a_bn_hit, self.a_move, self.a_remove)
        elif status == "setup" and draw:
            maps = (self.a_draw, self.a_move, self.a_remove)
        elif status == "setup":
            maps = (self.a_move, self.a_remove)
        else:
            maps = (self.a_bn_hit, self.a_move, self.a_draw, self.a_remove)
        self.set_actions(0, actions, stage != self.stage)
        self.set_actions(1, maps, stage != self.stage)
        self.status_word = status
        self.follow(nxt, stage != self.stage)
        self.stage = stage

    def elsewhere(self, page, step):
        # A mission's step: the Mission screen; on the Pilots page, the set-up's first action,
        # or once the days run the everyday one (an action a pilot takes, not one refused)
        if page == 0:
            return self.at(0, self.a_fly)
        if page == 2:
            return self.at(2, self.a_stress if self.status_word == "on" else self.a_add_pilot)
        return None

    def to_roll_line(self, rolls):
        """"N to roll: 11A 4A ...", as many names as one line holds ("and N more" after them:
        the Map page shows them all)."""
        names = [b.upper() for b in rolls]
        room = self.app.width - 2 * widgets.PAD
        k = len(names)
        text = "%d to roll: %s" % (k, " ".join(names))
        while k > 1 and fonts.width(fonts.SMALL, text) > room:
            k -= 1
            text = "%d to roll: %s and %d more" % (len(names), " ".join(names[:k]),
                                                    len(names) - k)
        return text

    def set_actions(self, page, actions, new_stage):
        """A page's actions; the one chosen stays chosen unless the campaign moved on a step
        (then the step's first action is offered)."""
        acts = self.actions[page]
        # (the chosen one of the step it showed: after a new game, its old place may be past
        # the end of the actions the screen was made with again, firmware/app.py `go`)
        old = acts[self.chosen[page]] if self.chosen[page] < len(acts) else None
        self.offer(page, actions)
        self.chosen[page] = 0
        if not new_stage:
            for i in range(len(actions)):
                if actions[i] is old:
                    self.chosen[page] = i
        if page == self.page and (new_stage or self.sel > len(self.action().fields)):
            self.sel = 0  # a new step: its first action, on the action row

    def make_map(self, bns, rolls):
        """The sector map: each surviving battalion in its band's column, a row each."""
        rows = [0] * 6
        chips = []
        gone = []
        for b in bns:
            name = ui.get(b, "battalion")
            strength = ui.get(b, "strength")
            if strength == "destroyed":
                gone.append(name.upper())
                continue
            band = BANDS.index(ui.get(b, "band", "fl"))
            ink = inks.CYAN if name in rolls else inks.WHITE
            chips.append((band, rows[band], name.upper(), ink,
                          inks.DIM if strength == "half" else inks.DARK))
            rows[band] += 1
        self.chips = tuple(chips)
        self.counts = tuple(rows)
        notes = []
        if gone:
            notes.append(("destroyed: " + " ".join(gone), inks.GREY))
        if [c for c in chips if c[4] == inks.DIM]:
            notes.append(("half a box: halved", inks.GREY))
        if rolls:
            notes.append(("to roll today", inks.CYAN))
        if not bns:
            notes.append(("No battalion on the map yet.", inks.GREY))
        self.map_note = tuple((line, ink) for text, ink in notes for line in self.lines_of(
            text, fonts.SMALL))

    def make_pilots(self, pilots):
        rows = []
        for p in pilots:
            status = "killed" if ui.get(p, "killed") else ui.get(p, "status", "okay")
            words = ui.condition(status, ui.get(p, "wounded"))  # as every screen says it
            rows.append((_cap(ui.get(p, "name") or "pilot %d" % ui.get(p, "pilot")),
                         ui.get(p, "stress", 0), ui.get(p, "okay", 0), ui.get(p, "shaken", 0),
                         STATUS_INK.get(status, inks.WHITE), words))
        self.pilots = tuple(rows)

    def changed(self, field):
        if field is self.pilot_name:
            n = self.pilot_name.value
            name = _name(self.app.session, n)
            self.pilot_name.text = "unlisted %d" % n if name.startswith("#") else name
        elif field is self.bn_kind:
            self.bn_new.set_kind(self.bn_kind.index)
        elif field is self.aircraft:
            self.marker.set_options(self.damage.get(self.aircraft.chosen(), ()))

    def prompt(self, field):
        if field is self.card_word or field is self.situation_word:
            return "The card's name: its letters and digits, '-' for a space"
        return ""

    def set_pilots(self, pilots):
        """The pilot picker: each pilot by name, with the aircraft type his card flies."""
        session = self.app.session
        self.who.set_options([(_flies(session, ui.get(p, "name") or "", ui.get(p, "pilot")),
                               "%d" % ui.get(p, "pilot")) for p in pilots])

    # --- the glance ------------------------------------------------------------------------
    def status(self, canvas, top, bottom):
        w = canvas.width
        if self.page == 0:
            third = w // 3
            for i in range(3):
                label, value, bar_value, bar_top, ink = self.numbers[i]
                x = i * third
                canvas.text(x + widgets.PAD, top, third - 2 * widgets.PAD, label, inks.GREY,
                            fonts.SMALL, CENTRE)
                canvas.text(x + widgets.PAD, top + 11, third - 2 * widgets.PAD, value, ink,
                            fonts.MID, CENTRE)
                if bar_top:
                    widgets.bar(canvas, x + 4, top + 32, third - 8, 4, bar_value, bar_top, ink)
            y = top + 39
            for i in range(len(self.banner)):
                text, ink = self.banner[i]
                if y + widgets.ROW_H > bottom:  # the step unread: a text to make shorter
                    canvas.dropped += len(self.banner) - i
                    break
                canvas.text(widgets.PAD, y, w - 2 * widgets.PAD, text, ink,
                            fonts.SMALL if ink == inks.WHITE else fonts.BOLD)
                y += widgets.ROW_H
        elif self.page == 1:
            self.draw_map(canvas, top, bottom)
        else:
            self.draw_pilots(canvas, top, bottom)

    def draw_map(self, canvas, top, bottom):
        col = canvas.width // 6
        for i in range(6):
            canvas.text(i * col, top, col - 1, BAND_HEADS[i], BAND_INKS[i], fonts.SMALL, CENTRE)
        y0 = top + 12
        notes = len(self.map_note)
        rows = max(1, (bottom - y0 - notes * widgets.ROW_H) // widgets.ROW_H)
        fields = self.action().fields
        chosen = (self.to_roll.text if self.to_roll in fields else
                  self.bn.text if self.bn in fields else None)
        for band, row, text, ink, fill in self.chips:
            count = self.counts[band]
            if row >= rows or (row == rows - 1 and count > rows):
                if row == rows:  # more than the column holds: how many more
                    canvas.text(band * col + 1, y0 + (rows - 1) * widgets.ROW_H, col - 3,
                                MORE[min(9, count - rows + 1)], inks.GREY, fonts.BOLD, CENTRE)
                continue
            x = band * col
            y = y0 + row * widgets.ROW_H
            if fill == inks.DIM:  # halved: half a counter's box filled
                canvas.frame(x + 1, y, col - 3, widgets.ROW_H - 1, inks.DIM)
                canvas.fill(x + 1, y, (col - 3) // 2, widgets.ROW_H - 1, inks.DIM)
            else:
                canvas.fill(x + 1, y, col - 3, widgets.ROW_H - 1, fill)
            if text == chosen:
                canvas.frame(x, y - 1, col - 1, widgets.ROW_H + 1, inks.YELLOW)
            canvas.text(x + 1, y, col - 3, text, ink, fonts.BOLD, CENTRE)
        if notes:  # the legend, under the map
            text_rows(canvas, widgets.PAD, max(y0 + rows * widgets.ROW_H,
                                               bottom - notes * widgets.ROW_H),
                      canvas.width - 2 * widgets.PAD, bottom, self.map_note)

    def draw_pilots(self, canvas, top, bottom):
        w = canvas.width
        if not self.pilots:
            text_rows(canvas, widgets.PAD, top, w, bottom, ("No pilots yet: add pilot.",))
            return
        rows = (bottom - top) // widgets.ROW_H
        first = widgets.window(self.who.index, len(self.pilots), rows)
        name_w = min(w * 2 // 5, w - 101)  # room for "Shaken, Wounded" after the stress
        for i in range(first, min(len(self.pilots), first + rows)):
            name, stress, okay, shaken, ink, words = self.pilots[i]
            yy = top + (i - first) * widgets.ROW_H
            if i == self.who.index:
                canvas.fill(0, yy, 2, widgets.ROW_H - 1, inks.YELLOW)  # the pilot chosen
            canvas.text(widgets.PAD + 1, yy, name_w - widgets.PAD - 1, name, ink, fonts.BOLD)
            canvas.text(name_w, yy, 14, stress, ink, fonts.BOLD, 2)
            # his condition at the right; between, the stress bar (Okay range, Shaken range,
            # Unfit beyond, his stress over it) where the words leave room (a Wounded marker's
            # words take it)
            ww = fonts.width(fonts.SMALL, words)
            x = name_w + 17
            bw = w - widgets.PAD - ww - 4 - x
            if bw >= 12:
                top_stress = shaken + 2
                canvas.fill(x, yy + 3, bw * min(okay, top_stress) // top_stress, 5, inks.DARK)
                canvas.fill(x + bw * okay // top_stress, yy + 3,
                            bw * (shaken - okay) // top_stress, 5, inks.DIM)
                if stress:
                    canvas.fill(x, yy + 4, min(bw, bw * stress // top_stress), 3, ink)
            canvas.text(w - widgets.PAD - ww, yy, ww, words, ink, fonts.SMALL)
        widgets.scroll_marks(canvas, w - 8, top, top + rows * widgets.ROW_H, first > 0,
                             first + rows < len(self.pilots))


def _cap(name):
    return name[:1].upper() + name[1:]


def _flies(session, name, k):
    """A pilot as the pickers show him: "Pirate (A-10)", his card's aircraft type with him when
    data/tal/pilots.txt gives it."""
    if not name or name.startswith("#"):
        return "pilot %d" % k
    try:
        from engine.tal import pilots

        family = pilots.family(session, pilots.name_number(session, name))
    except Exception:
        family = None
    return _cap(name) + (" (%s)" % family.upper() if family else "")


def _name(session, n):
    try:
        from engine.tal import pilots

        name = pilots.name(session, n) or "#"
    except Exception:
        return "#"
    return name if name.startswith("#") else _flies(session, name, n)
