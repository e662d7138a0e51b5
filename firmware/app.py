"""The device app: a stack of screens driven by logical keys, acting only through the engine.

No game rules live here or in the screens: every action is a protocol request run with
`engine.core.protocol.execute` (the serial console's path: the same checks, the same undo step
names, the record durable before the screen shows the result).  The app owns the screen stack,
the common keys and the message; `firmware.device` runs it on a board, the tests and the
simulator drive it with key events directly.

Common keys: START (or a held SELECT) opens the menu and closes it, B goes back, a long B
offers Undo.  A message (a refusal, what was done) shows at the bottom of the screen until the
next key; one too long for MESSAGE_LINES lines opens as a page of its own, read in full.
"""

import sys

from engine.core import parse, protocol
from engine.core import unload
from firmware import fonts, inks, keys, widgets
from firmware.ui import execute, sentence  # (the screens' path of a request; a message said)

# The menu: (label, screen module in firmware/screens).
MENU = (
    ("Roll", "roll"),
    ("Cups", "cups"),
    ("Mission", "mission"),
    ("Campaign", "campaign"),
    ("Tables", "tables"),
    ("Undo", "undo"),
    ("Self-test", "selftest"),
    ("Counter mix", "mix"),  # set up once; kept out of the way of the everyday screens
    ("Settings", "settings"),
)
HOME = "roll"
# Game-pack screens, shown when the campaign plays that game: (label, module, game, after).
PACK_MENU = (
    ("CAS (EXP3)", "exp3", "exp3", "mission"),
    ("Golan", "golan", "golan", "roll"),
)
TAL_ONLY = ("cups", "mix", "mission", "campaign", "tables")  # no use in the Golan game
MESSAGE_LINES = 3
_PKG = "firmware.screens."
# Said when memory runs out and not even these words can be wrapped: made at import, so saying
# them allocates nothing; each line fits the 160-pixel screen (tests/test_low_memory.py).
_OUT = ("changed. B leaves a screen;", "a restart, campaign kept, frees it.")
OUT_OF_MEMORY = (("Out of memory: nothing",) + _OUT,
                 ("Saved, but out of memory to", "show it. B leaves a screen;", _OUT[1]))


class App:
    """Screens, keys and the message around one engine `session`, for a screen of `size`."""

    def __init__(self, session, prefs, board=None, size=(160, 128)):
        self.session = session
        self.did = None  # type: list | None
        self.prefs = prefs
        self.board = board  # optional extras: click(), flash(ink), backlight(pct)
        self.width, self.height = size
        self.stack = []
        self.message = ""
        self.message_ink = inks.WHITE
        self.message_lines = ()
        self.dirty = True
        self.notice = None  # a request's notice, said after its key
        self.mark()

    # --- start ---------------------------------------------------------------------------
    def start(self, fresh_seed=None):
        """Open the home screen; reseed in random-dice mode; show what went wrong at load."""
        self.open(HOME)
        notices = []
        if self.session.notice:
            notices.append(self.session.notice)
            self.session.notice = None
        if self.prefs.notice:
            notices.append(self.prefs.notice)
            self.prefs.notice = None
        if fresh_seed is not None and not self.prefs.seeded() and not self.session.read_only:
            self.run(["seed", str(fresh_seed)])
        if notices:
            self.open("notice", "Notice", "\n".join(notices))

    # --- the engine ------------------------------------------------------------------------
    def run(self, words):
        """Run one request; its reply pairs, or None after showing the refusal as the message."""
        # Random dice are reseeded at every start: a roll alone need not wear the flash.
        self.session.save_dice = self.prefs.seeded()
        try:
            pairs = execute(self.session, words)
            if self.did is None and self.done():
                self.did = words  # what the key did, said if memory runs out before it is shown
            if self.session.notice is not None:  # said after the key (`key`)
                self.notice = self.session.notice
                self.session.notice = None
            return pairs
        except parse.Reject as e:
            if e.code == "ask":
                # a table row our documents do not print: the die is kept, the player is asked;
                # an answer that leads to the next question (a Campaign card's values, then its
                # Situation card's) asks that one in place of the first
                if words[0] == "answer" and self.top().name == "ask":
                    self.close()
                self.open("ask")
                return None
            if (words[0] == "answer" and self.top().name == "ask"
                    and getattr(self.session, "asking", None) is None):
                # answered, then its request refused: no question waits any more, so no Ask
                # screen stays (each A on it said "no question is waiting"); the refusal is
                # said on the screen that asked
                self.close()
            self.say(self._in_words(e.msg), inks.RED)
            return None
        except MemoryError:  # (execute put everything back: said as done if a request before did)
            self.out_of_memory()
            return None

    def _in_words(self, msg):
        # A refusal in the screen's own words (its `in_words`, whose code loads for a refusal
        # only); with no room for that code even once the game's modules are dropped, the
        # engine's words: the refusal is still said, in one line.
        words_of = getattr(self.top(), "in_words", None)
        for _ in range(2):
            if words_of is None:
                break
            try:
                return words_of(msg)
            except MemoryError:
                unload.release()
        return msg

    def game(self):
        """The campaign's game, "tal", "exp3" or "golan" (the engine's `game`)."""
        try:
            from engine.tal import cmd_game
        except ImportError:  # an engine without game packs plays TAL
            return "tal"
        return cmd_game.NAMES[cmd_game.selected(self.session)]

    def die(self):
        """Sides of the game's die: GOLAN rolls d6 (the Golan fragment), TAL d10 ("Les Dés")."""
        return 6 if self.game() == "golan" else 10

    def menu(self):
        """The menu's (label, module) entries for the campaign's game (MENU plus its pack)."""
        game = self.game()
        out = []
        for entry in MENU:
            if game == "golan" and entry[1] in TAL_ONLY:
                continue
            out.append(entry)
            for label, module, pack, after in PACK_MENU:
                if pack == game and after == entry[1]:
                    out.append((label, module))
        return out

    def label(self, name):
        """The menu's name for screen module `name`, or "this screen"."""
        for entry in MENU:
            if entry[1] == name:
                return entry[0]
        for entry in PACK_MENU:
            if entry[1] == name:
                return entry[0]
        return "this screen"

    def has(self, command):
        """True when the engine knows `command` (screens of features still to come check it)."""
        return protocol.knows(command)

    # --- screens ---------------------------------------------------------------------------
    def open(self, name, *args):
        """Push the screen of module `firmware.screens.<name>`."""
        self._sleep()
        before = list(sys.modules)  # what was loaded before: closing the screen keeps only that
        try:
            screen = self._make(name, args)
        except BaseException:  # out of memory above all: what it loaded goes, not left to fill
            self._unload(before)  # the heap that the next screen needs
            raise
        screen.loaded_before = before
        self.stack.append(screen)
        self.dirty = True
        return screen

    def _make(self, name, args):
        module = __import__(_PKG + name)
        for part in (_PKG + name).split(".")[1:]:
            module = getattr(module, part)
        screen = module.Screen(self, *args)
        screen.name = name
        screen.args = args
        return screen

    def close(self, wake=True):
        """Pop the top screen (never the last one) and free its module if nothing else uses it;
        wake the one below if it sleeps (or leave that to the next key or frame)."""
        if len(self.stack) <= 1:
            return
        screen = self.stack.pop()
        self.dirty = True
        for other in self.stack:
            if other.name == screen.name:
                break
        else:
            self._unload(getattr(screen, "loaded_before", None))
        if wake:
            self.top()

    def go(self, name, *args):
        """Open `name` from the menu: back to it if it is already open (what covers it closes),
        else over the screen it was chosen on, which B comes back to as it was: that screen
        gives its code back meanwhile (`Screen.leaves`); one that cannot, and the pages it
        opened (a result, a question), close first, as a screen opened over the home screen."""
        for i in range(len(self.stack)):
            if self.stack[i].name == name:
                while len(self.stack) > i + 1:
                    self.close(False)
                self.top()
                return
        while len(self.stack) > 1:
            top = self.stack[-1]
            if isinstance(top, _Asleep) or top.sleeps or top.leaves is not None:
                break
            self.close(False)
        self._sleep(True)
        self.open(name, *args)
        self.top()

    def top(self):
        """The screen on top, woken if it slept (see `_sleep`)."""
        while True:
            top = self.stack[-1]
            if not isinstance(top, _Asleep):
                return top
            try:
                screen = self._make(top.name, top.args)
                screen.loaded_before = top.loaded_before
                screen.wake(top.state)
            except MemoryError:
                if len(self.stack) == 1:
                    raise
                # a screen left for another cannot come back in a long session's heap: it
                # closes, as it would have had it not waited under the other, and the screen
                # below it wakes; said in the out-of-memory words
                self.stack.pop()
                self._unload(top.loaded_before)
                self.out_of_memory()
                continue
            screen._seen = -1  # read the engine at the next frame: it may have changed meanwhile
            self.stack[-1] = screen
            return screen

    def _sleep(self, leaving=False):
        # The screen about to be covered gives its code back if it names the attributes that
        # hold its state (`Screen.sleeps`): the home screen under every other one.  Measured,
        # unix32-mpy, the tour with every rules request (240x135): 180 KB against 196.  A screen
        # left for another of the menu's (`leaving`, `go`) gives back the code it loaded too,
        # as closing it would (`Screen.leaves`): B comes back to it with no more in the heap
        # than a screen opened over the home screen.
        if not self.stack:
            return
        top = self.stack[-1]
        if not (top.sleeps or (leaving and top.leaves is not None)):
            return
        self.stack[-1] = _Asleep(top)
        for i in range(len(self.stack) - 1):
            if self.stack[i].name == top.name:
                return  # (its code is in use below)
        if top.sleeps:
            unload.unload(_PKG + top.name)
        else:
            unload.since(top.loaded_before, _PKG, "engine.")
        import gc

        gc.collect()

    def _unload(self, before):
        # Bytecode of an imported module lives in RAM on the boards (unless frozen): when a
        # screen closes, drop the screens and engine modules loaded since it opened, except those
        # that keep parsed data (engine/core/unload.py).  The rest hold no game state (that is all in
        # the session), so the next use imports them again.  Measured, the tour's smallest heap
        # (host_tools/benches/ram_bench.py): 197 KB on unix32-mpy, 61 on unix32-frozen; dropping only
        # the screens: 251 and 79; dropping nothing: 293 and 88.
        if before is None:
            return
        unload.since(before, _PKG, "engine.")
        import gc

        gc.collect()

    # --- feedback --------------------------------------------------------------------------
    def say(self, text, ink=inks.WHITE):
        """Show a message until the next key: at the bottom of the screen, or as a page of its
        own when it is too long to read there."""
        try:
            text = sentence(text) if text else text
        except MemoryError:  # (said as it came: the words matter more than their capital)
            pass
        lines = widgets.wrap(text, self.width - 2 * widgets.PAD) if text else ()
        if len(lines) > MESSAGE_LINES:
            self.message = ""
            self.message_lines = ()
            self.open("notice", "Message" if ink != inks.RED else "Refused", text, ink)
        else:
            self.message = text
            self.message_lines = tuple(lines)
        self.message_ink = ink
        self.dirty = True

    def mark(self):
        """From here on, a change is the key's (`done`): at each key, and each step of the
        device loop."""
        s = self.session
        self.did = None
        self.mark_changes = s.changes
        self.mark_dice = s.rng.x0 | s.rng.x1 << 12  # (a small int: allocates nothing)

    def done(self):
        """Whether something was saved since `mark`: a change, a roll, what was entered."""
        s = self.session
        return s.changes != self.mark_changes or (s.rng.x0 | s.rng.x1 << 12) != self.mark_dice

    def out_of_memory(self, done=None):
        """Memory ran out: one line saying whether the key's action was made and saved (`done`,
        by default `self.done()`), and if so what it was, and the way out: leaving the screen
        frees its code (`close`); on the home screen (a screen that could not open, the names
        and fragments a long session leaves in a board's heap), a restart, which starts from the
        smallest heap with every action kept.  Never raises: with no memory for these words,
        OUT_OF_MEMORY's, made at import."""
        import gc

        if done is None:
            done = self.done()
        text = None
        for _ in range(2):
            try:
                gc.collect()
                text = self._memory_words(done)
                break
            except MemoryError:
                text = None
                unload.release()  # the game's modules and tables: then once more
        lines = last = OUT_OF_MEMORY[1 if done else 0]
        if text is not None:
            try:
                got = widgets.wrap(text, self.width - 2 * widgets.PAD)
                if len(got) <= MESSAGE_LINES + 1:  # (a line more than other messages: no page)
                    lines = got
            except MemoryError:
                pass
        self.message = text if lines is not last else last[0]
        self.message_lines = lines
        self.message_ink = inks.RED
        self.dirty = True

    def _memory_words(self, done):
        if len(self.stack) > 1:
            out = "B leaves %s to free memory." % self.label(self.stack[-1].name)
        else:
            out = "Restart to free memory: the campaign is kept."
        if not done:
            return "Out of memory: nothing changed. " + out
        what = None
        if self.did is not None:
            try:
                from firmware.screens.undo import said

                what = said(self.session, " ".join(self.did))
            except Exception:  # noqa: BLE001 - no room for the words of it: said without them
                pass
        text = ("Saved: %s. Out of memory to show it. " % what if what else
                "Saved, but out of memory to show it. ") + out
        if len(widgets.wrap(text, self.width - 2 * widgets.PAD)) > MESSAGE_LINES + 1:
            text = "Saved, but out of memory to show it. " + out
        return text

    def feedback(self, ink=inks.WHITE):
        """An action happened: click if sound is on, flash the board's lights in `ink`."""
        board = self.board
        if board is None:
            return
        if self.prefs.get("sound"):
            board.click()
        if ink == inks.YELLOW or ink == inks.RED or ink == inks.GREEN:
            board.flash(ink)

    # --- keys and drawing --------------------------------------------------------------------
    def key(self, event):
        """Handle one key event; then say what a request of it noticed (a damaged line of a
        data file set aside, what was saved but not written), unless the key said something."""
        self.mark()
        self._key(event)
        if self.notice is not None and not self.message_lines:
            text = self.notice
            self.notice = None
            self.say(text, inks.YELLOW)

    def _key(self, event):
        self.dirty = True
        self.message = ""
        self.message_lines = ()
        top = self.top()
        if event & keys.START or event == keys.SELECT | keys.LONG:
            # the menu, whatever the screen; a held SELECT too, for boards without START
            if top.name == "menu":
                self.close()
            else:
                self.open("menu")
            return
        if top.key(event):
            return
        if event == keys.B | keys.LONG:
            if top.name != "undo":
                self.open("undo")
        elif event == keys.B:
            self.close()

    def draw(self, canvas):
        """Draw the top screen and the message as a frame of `canvas` (allocates nothing unless
        the screen has to read the engine again)."""
        top = self.top()
        top.sync()
        canvas.begin()
        top.draw(canvas)
        lines = self.message_lines
        if lines:
            h = len(lines) * widgets.ROW_H + 3
            y = canvas.height - h
            canvas.fill(0, y, canvas.width, h, inks.BLACK)
            canvas.fill(0, y, canvas.width, 1, self.message_ink)
            y += 2
            for line in lines:
                canvas.text(widgets.PAD, y, canvas.width - 2 * widgets.PAD, line,
                            self.message_ink, fonts.SMALL)
                y += widgets.ROW_H
        canvas.end()
        self.dirty = False


class _Asleep:
    """In the stack, a covered screen that gave its code back: what wakes it (`App.top`)."""

    sleeps = ()
    leaves = None

    def __init__(self, screen):
        self.name = screen.name
        self.args = screen.args
        self.loaded_before = screen.loaded_before
        self.state = screen.asleep()
