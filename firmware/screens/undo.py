"""Undo, with a confirmation that shows the action it takes back (the engine's `undo`)."""

from firmware import fonts, inks, keys, widgets
from firmware import ui

# A request line in the player's words: "command sub|words", the first that starts the line
# (`said`); $1 is its first word after them, $U the same in capitals (a battalion, a type), $P
# the pilot it names.  One string: loaded with this screen only, and let go with it.
SAID = """
ac add|buying aircraft $U
ac set|a change to aircraft $1
ac remove|removing aircraft $1
ac leave|aircraft $1 leaving
ac repair|repairing aircraft $1
ac replace|replacing aircraft $1
ac|an aircraft's damage
mission start|the start of the mission
mission home|turning home
mission end|the end of the mission
mission abort|aborting the mission
mission fuel|Fuel Priority
mission|a step of the mission
loiter start|placing the Loiter marker
loiter|the end of the turn
bingo|the Bingo check
engine|the engine check
sar|the SAR roll
ridge|the ridge roll
cup draw|a draw from the cup
cup|a change to the cups
so weapons|the weapons' cost
so set|the SO track set to $1
day end|the end of the day
day next|the SO losses
day set|the Day track set to $1
day|the next day
vp battalion|the VP for battalion $U
vp set|the VP set to $1
campaign start|the start of the campaign
campaign scouts|buying scouts
campaign ready|the end of the set-up
campaign fail|the failure recorded
campaign rule|a rule switch
campaign|the campaign's end
bn add|drawing battalion $U
bn move|moving battalion $U
bn remove|removing battalion $U
bn roll|battalion $U's movement
bn stay|battalion $U staying
pilot add|adding $N
pilot card|$P's new card
pilot stress|$P's stress
pilot xp|$P's XP
pilot promote|promoting $P
pilot level|$P's skill level
pilot rr|R&R
pilot heal|healing $P
pilot replace|replacing $P
pilot remove|removing $P
game|$G chosen
cas|a step of the CAS mission
assault|an assault
answer|your answer
mix|a change to the counter mix
seed|the dice seed
"""
_SIGNED = {"so": ("SO gained", "SO spent"), "vp": ("VP gained", "VP lost")}


def said(session, line):
    """`line` (a request) in the player's words: "buying aircraft A-10A"."""
    words = line.split()
    if not words:
        return line
    if words[0] in _SIGNED and len(words) == 2 and words[1][:1] in "+-":
        gained, lost = _SIGNED[words[0]]
        text = "%s %s" % (words[1][1:], gained if words[1][0] == "+" else lost)
        return text
    if words[:2] == ["ac", "set"] and len(words) > 3:  # a pilot or an altitude
        craft = "aircraft " + words[2]
        if words[3] == "pilot" and len(words) > 4:
            return "%s in %s" % (_pilot(session, words[4]), craft)
        return craft + (" without its pilot" if words[3] == "nopilot" else
                        " to %s altitude" % words[3])
    text = None
    for two in (" ".join(words[:2]), words[0]):
        at = SAID.find("\n" + two + "|")
        if at >= 0:
            at += len(two) + 2
            text = SAID[at:SAID.find("\n", at)]
            rest = words[len(two.split()):]
            break
    if text is None:  # a game pack's step (the Golan game's mines, leaders...)
        return "the last step of the game"
    first = rest[0] if rest else ""
    text = text.replace("$G", {"exp3": "TAL + EXP3", "golan": "Golan"}.get(first, "TAL"))
    text = text.replace("$U", first.upper()).replace("$1", first).replace(
        "$N", first[:1].upper() + first[1:]).replace("$P", _pilot(session, first))
    return text


def _pilot(session, k):
    """Pilot `k`'s name (a word, the slot's number), or "pilot K" when it has none."""
    try:
        from engine.tal import fields, pilots

        name = pilots.name(session, session.vals[fields.P_NAME + int(k) - 1])
        if not name.startswith("#"):
            return name[:1].upper() + name[1:]
    except Exception:
        pass
    return "pilot " + k


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.steps = 0
        self.lines = ()
        self.phrase = ""
        self.font = fonts.BOLD
        self.count = ""

    def rows(self, height):
        """Rows between the title and the count line."""
        return (height - widgets.TITLE_H - 4 - 2 * widgets.ROW_H - 2) // widgets.ROW_H

    def refresh(self):
        n = self.app.session.undo_steps
        self.steps = n
        self.lines = ()
        if n:
            self.phrase = said(self.app.session, self.app.session.undo_line().decode())
            line = self.phrase[:1].upper() + self.phrase[1:]
            room = self.app.width - 3 * widgets.PAD
            self.font = fonts.BOLD
            self.lines = widgets.wrap(line, room, fonts.BOLD)
            if len(self.lines) > self.rows(self.app.height):  # a long request: smaller type
                self.font = fonts.SMALL
                self.lines = widgets.wrap(line, room, fonts.SMALL)
        self.count = ("%d step can be undone" if n == 1 else "%d steps can be undone") % n

    def key(self, event):
        k = event & keys.KEY_MASK
        if event == keys.A and self.app.session.undo_steps:
            what = self.phrase  # said before it is taken back (a pilot's name goes with him)
            self.app.close()  # first: a refusal may open a page of its own
            r = self.app.run(["undo"])
            if r is not None:
                self.app.say("Undone: " + what, inks.YELLOW)
        elif k == keys.A or k == keys.B:
            self.app.close()
        else:
            return False
        return True

    def draw(self, canvas):
        room = canvas.width - 2 * widgets.PAD
        if not self.steps:
            widgets.title(canvas, "Undo: take back")
            canvas.text(widgets.PAD, widgets.TITLE_H + 4, room, "Nothing to undo.", inks.WHITE)
            widgets.hint(canvas, "B back")
            return
        widgets.title(canvas, "Undo: take back")
        y = widgets.TITLE_H + 4
        for i in range(len(self.lines)):
            canvas.text(2 * widgets.PAD, y, room - widgets.PAD, self.lines[i], inks.YELLOW,
                        self.font)
            y += widgets.ROW_H
        canvas.text(widgets.PAD, canvas.height - 2 * widgets.ROW_H - 2, room, self.count,
                    inks.GREY)
        widgets.hint(canvas, "A undo   B keep")
