"""Driving the device app by what its screen shows, as a player does: open a screen by its menu
label, choose a page, an action and a setting by the words on screen, press A; read the screen
back.  The tests (tests/appkit.py) and the screenshots (host_tools/desk/simulator.py) use it.

Every key it presses is kept in `pressed` (as the simulator's terminal front end writes keys:
u d l r = d-pad, a b = A B, s = SELECT, t = START, upper case = long press), so a script written
with labels also runs where no driver runs (the MicroPython unix port) as the keys it stands for.

A script is a sequence of steps, each a verb and its argument:

    menu Campaign         the menu entry (START, then UP/DOWN to it, A)
    page Pilots           SELECT until the title bar names the page
    action start          the Action row (the first row) set to "start"
    set Amount=+6         the row labelled Amount stepped (RIGHT, or LEFT when RIGHT stops) to +6
    choose Sound          the selection moved to the row labelled Sound
    do                    A
    spell good            the word typed on the on-screen keyboard, then OK
    type go               the letters typed on the on-screen keyboard (no OK)
    back / undo           B / B held (the Undo screen)
    keys rra              keys pressed as they are
    run so +2             a request run through the app (app.run), as the serial console would
"""

from firmware import inks
from host_tools.desk.keyline import parse_keys

STEPS = 150  # key presses at most to reach a value by stepping


class Player:
    """Drives `app` (a firmware.app.App), drawing each frame on `canvas` (a ReadCanvas);
    `check(canvas)` (if given) is called on every frame drawn (the tests' overflow check)."""

    def __init__(self, app, canvas, check=None):
        self.app = app
        self.canvas = canvas
        self.check = check
        self.pressed = ""
        self.screen()  # the device draws before the first key

    # --- keys ------------------------------------------------------------------------------
    def press(self, keys):
        """Press keys, drawing after each (as the device does); returns the screen's lines."""
        evs, bad = parse_keys(keys)
        assert not bad, bad
        for ev in evs:
            self.app.key(ev)
            self.screen()
        self.pressed += keys
        return self.screen()

    def menu(self, label):
        """Open the menu and the entry `label`."""
        self.press("t")
        labels = [e[0] for e in self.app.menu()]
        assert label in labels, (label, labels)
        for _ in range(len(labels)):
            if self.selected_label() == label:
                break
            self.press("d")
        assert self.selected_label() == label, (label, self.text())
        return self.press("a")

    def page(self, name):
        """Press SELECT until the title bar names page `name`."""
        for _ in range(6):
            if self.title()[1].startswith(name):
                return self.screen()
            self.press("s")
        raise AssertionError("no page %r: %r" % (name, self.title()))

    def action(self, label):
        """Choose the action `label` on the Action row (the first row) of a page."""
        return self.set(self.action_row(), label)

    def action_row(self):
        for _ in range(12):  # the rows scroll: the action row is the first
            for label in ("Action", "Table"):
                if self.row_value(label) is not None:
                    return label
            self.press("u")
        raise AssertionError("no action row: %s" % self.text())

    def set(self, label, value, keys="r"):
        """Select the row labelled `label` and step it (RIGHT, or `keys`; LEFT once RIGHT
        changes it no more) until it shows `value`."""
        self.choose(label)
        key = keys
        now, want = _number(self.row_value(label)), _number(value)
        if keys == "r" and now is not None and want is not None and want < now:
            key = "l"  # a number: the short way
        for _ in range(STEPS):
            now = self.row_value(label)
            if now == value:
                return self.screen()
            self.press(key)
            if self.row_value(label) == now:  # at the end of its range: the other way
                key = "l" if key == "r" else "r"
        raise AssertionError("%s never shows %r: %s" % (label, value, self.text()))

    def choose(self, label):
        """Move the selection (UP/DOWN) to the row labelled `label`."""
        for key in "du":
            for _ in range(14):
                if self.selected_label() == label:
                    return self.screen()
                self.press(key)
        raise AssertionError("no row %r: %s" % (label, self.text()))

    def do(self):
        """Press A."""
        return self.press("a")

    def back(self):
        """Press B: back to the screen below."""
        return self.press("b")

    def undo(self):
        """Hold B: the Undo screen, naming the step it takes back."""
        return self.press("B")

    def spell(self, word, done=True):
        """Type `word` on the on-screen keyboard (the lit key moved to each letter, A), then
        OK when `done`."""
        for target in list(word) + (["ok"] if done else []):
            for _ in range(STEPS):
                lit = self.lit_key()
                assert lit is not None, ("no keyboard", self.text())
                to = [t for t in self.canvas.texts() if t[4] == target]
                assert to, (target, self.text())
                to = to[-1]
                if to[:2] == lit[:2]:
                    break
                self.press("u" if to[1] < lit[1] else "d" if to[1] > lit[1] else
                           "l" if to[0] < lit[0] else "r")
            self.press("a")
        return self.screen()

    def lit_key(self):
        """(x, y, w, h, text, ...) of the keyboard's key under the cursor (None: no keyboard)."""
        from firmware import fonts
        from firmware.keyboard import ERASE, NAMES, OK

        for t in self.canvas.texts():  # a key: a character centred in a wider box, lit blue
            if (t[4] in (ERASE, OK) or len(t[4]) == 1 and t[4] in "".join(NAMES)) and \
                    t[2] > fonts.width(t[6], t[4]) and \
                    self.canvas.fill_under(t[0] + t[2] // 2, t[1] + 5) == inks.BLUE:
                return t
        return None

    def play(self, steps):
        """Run a script (see the module doc); returns the screen's lines."""
        for step in steps:
            verb, _, arg = step.partition(" ")
            if verb == "do":
                self.do()
            elif verb == "spell" or verb == "type":
                self.spell(arg, verb == "spell")
            elif verb == "back" or verb == "undo":
                getattr(self, verb)()
            elif verb == "keys":
                self.press(arg)
            elif verb == "set":
                label, _, value = arg.partition("=")
                self.set(label, value)
            elif verb == "run":
                assert self.app.run(arg.split()) is not None, (arg, self.app.message)
                self.screen()
            elif verb in ("menu", "page", "action", "choose"):
                getattr(self, verb)(arg)
            else:
                raise ValueError("unknown step %r" % step)
        return self.screen()

    # --- reading the screen ------------------------------------------------------------------
    def screen(self):
        """Draw a frame (checked when a check is given); return the screen's lines."""
        self.app.draw(self.canvas)
        if self.check is not None:
            self.check(self.canvas)
        return self.canvas.lines()

    def text(self):
        return "\n".join(self.canvas.lines())

    def flat(self):
        """The screen's text on one line (what wraps on a small screen reads the same)."""
        return " ".join(self.canvas.lines())

    def title(self):
        """(left, right) texts of the title bar."""
        texts = [t for t in self.canvas.texts() if t[1] == 1]
        texts.sort()
        if not texts:
            return ("", "")
        return texts[0][4], " ".join(t[4] for t in texts[1:])

    def ink_of(self, text):
        """The ink of the first text containing `text` on screen."""
        ink = self.canvas.ink_of(text)
        assert ink is not None, (text, self.canvas.lines())
        return ink

    def row_value(self, label):
        """The value shown after the label `label` (without the <...> of a selected one); the
        rows are drawn last, so a label also shown above them (a track's name) is theirs."""
        at = [t for t in self.canvas.texts() if t[4] == label]
        if not at:
            return None
        x0, y0 = at[-1][0], at[-1][1]
        after = sorted((t[0], t[4]) for t in self.canvas.texts()
                       if t[1] == y0 and t[0] > x0 and t[4] not in ("<", ">"))
        return after[0][1] if after else ""

    def selected_label(self):
        """The label of the selected row (the leftmost text on the blue band)."""
        best = None
        for x, y, w, h, s, ink, font in self.canvas.texts():
            if self.canvas.fill_under(x, y + h // 2) == inks.BLUE and (best is None or
                                                                      x < best[0]):
                best = (x, s)
        return best[1] if best else None

    def numeral(self):
        """The big number on screen (a result, a track's count), with its ink: (text, ink)."""
        from firmware import fonts

        for x, y, w, h, s, ink, font in self.canvas.texts():
            if font in (fonts.BIG, fonts.MID):
                return s, ink
        return None, None

    def shows(self, text):
        return text in self.text()


def _number(text):
    """The number a value starts with (+2, 11A, #3 viper), or None."""
    text = (text or "").lstrip("#")
    end = 1 if text[:1] in "+-" else 0
    while end < len(text) and text[end].isdigit():
        end += 1
    try:
        return int(text[:end])
    except ValueError:
        return None
