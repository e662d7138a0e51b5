"""Every string the device's screens show, collected by driving the real app as a player does.

    from host_tools.desk.screen_strings import collect_strings
    seen = collect_strings()          # {(160, 128): {text: Shown, ...}, (240, 135): {...}}

The app runs on CPython with a `ReadCanvas` (firmware/screen_text.py) at both screen sizes (the
PyBadge's 160 x 128, the Pico-LCD's 240 x 135).  The tour (`tour_scripts`) plays every script of
`make screenshots` (host_tools/desk/simulator.py SHOTS), the scripts below that reach the states a
new player meets (undo after an action, the end of a day, the pilots, refusals), and an explorer
that opens every menu entry of every game, turns every page (SELECT), and on each page performs
every action its Action row offers (A), from a fresh game and from a campaign under way.  Every
frame drawn is read: its texts (with their font, ink and box) and its problems (text cut by its
box or by the screen's edge, text running into other text).

`leaks(text)` says what in a line is the protocol's, not the player's: a command's words, a
`key=value`, a field name, `#1`, a `done:` echo.  tests/test_screen_words.py fails on any of them
and on any problem; a glyph test can render the same strings (`Shown.font`).
"""

import re

from host_tools.desk.screen_driver import Player

SIZES = ((160, 128), (240, 135))


class Shown:
    """A string as a screen drew it: its font and ink, the width of its box, and where it was
    first seen (script name, screen title)."""

    __slots__ = ("text", "font", "ink", "box", "where", "titles")

    def __init__(self, text, font, ink, box, where, title=""):
        self.text = text
        self.font = font
        self.ink = ink
        self.box = box
        self.where = where
        self.titles = set((title,))  # the title of every screen that showed it

    def __repr__(self):
        return "Shown(%r, font %d, at %s)" % (self.text, self.font, self.where)


# --- the tour --------------------------------------------------------------------------------
def tour_scripts():
    """[(name, player steps)]: the screenshots' scripts, then the states the issue's new player
    met; the explorer (`explore`) adds every action of every page."""
    from host_tools.desk import simulator as sim

    out = [(name, steps if not isinstance(steps, str) else ("keys " + steps,))
           for name, steps, _title in sim.SHOTS]
    campaign = sim.CAMPAIGN
    FLYING = campaign + ("run ac set 1 pilot 1", "run ac set 2 pilot 3",
                         "run mission start 1 2 vs 11a")
    out += [
        ("undo-a-purchase", ("run campaign start iraq-1991 surge", "menu Campaign",
                             "action buy aircraft", "do", "undo", "do")),
        ("undo-end-turn", sim.MISSION + ("action end turn", "do", "undo", "do")),
        ("undo-from-menu", campaign + ("menu Campaign", "menu Undo")),
        ("undo-next-day", campaign + ("run day end", "run bn stay 11a", "run bn stay 4a",
                                      "menu Undo")),
        ("pilots-page", campaign + ("menu Campaign", "page Pilots", "action stress +", "do",
                                    "action XP +", "do", "action new card", "do",
                                    "action heal pilot", "do", "action R&R", "do")),
        ("end-of-day", campaign + ("menu Campaign", "action end of day", "do", "back")),
        ("refused-fail", campaign + ("menu Campaign", "action record failure", "do")),
        # a campaign's draw from a cup whose mix is not the player's: refused, saying where
        ("refused-mix", ("run campaign start 3 20 3", "menu Cups", "set Unit 1=2 Heavy",
                         "action draw", "do")),
        ("mix-set-up", ("menu Campaign", "do", "do", "action check kind by kind", "do", "do",
                        "action not in my cup", "do", "action keep all the rest", "do",
                        "page Pop-Up", "page Ground Forces")),
        ("mission-pilot", campaign + ("menu Mission", "page Roster")),
        ("mission-end-answered", campaign + (
            "run ac set 1 pilot 1", "run ac set 2 pilot 3", "run mission start 1 2 vs fl",
            "run loiter start", "run loiter next", "run mission home", "menu Mission",
            "action end", "do", "do", "keys dddddd")),
        # what the issue 39 player read: a Scout, the checks, a wounded pilot, a second scout
        ("scout", FLYING + ("menu Mission", "action loiter", "set Scout=yes", "do", "do",
                            "keys ddd", "back", "run mission home", "run mission end stress 0",
                            "run ac set 3 pilot 5", "run mission start 3 vs 11a",
                            "action loiter", "do", "do")),
        ("bingo-check", FLYING + ("run loiter start",) + ("run loiter next",) * 5 + (
            "run mission home", "menu Mission", "action Bingo check", "do", "back",
            "action end", "do", "do", "keys ddddd")),
        ("engine-sar", ("run pilot add viper 7 12 0 fast", "run ac add a-10a pilot 1",
                        "run ac hit 1 engine", "run mission start 1", "menu Mission",
                        "action Engine check", "do", "back", "run loiter start") +
         ("run ac hit 1 structure",) * 4 + ("action SAR", "do")),
        ("wounded", FLYING + ("run loiter start", "run ac hit 2 wounded", "menu Campaign",
                              "page Pilots", "set Pilot=Hammer (AH-64)", "action stress +",
                              "do", "action stress -", "do")),
        ("card-asked", ("menu Campaign", "set Campaign card=Libya 2011", "do")),
    ]
    return out


def explore(player, pages=6, actions=24):
    """Every page of the screen on top: each action of its Action row performed (A) once, what
    it opens closed again (B); the fields of each action stepped once each way.  An action that
    goes to another screen is not performed (the tour opens that one itself); after one
    performed, the Action row is put back on it (it opens on the engine's next step)."""
    app = player.app
    home = app.top()
    for _page in range(pages):
        title = player.title()
        for _ in range(actions):
            label = player.row_value(player.action_row()) if _has_action(player) else None
            fields = len(home.rows()) if hasattr(home, "actions") else 0
            for i in range(fields):  # each setting of the action: one step up, one down
                player.press("d" * (i + 1) + "rl" + "u" * (i + 1))
                _back_to(player, home)
            if label is None or not getattr(home.action(), "goes", None):
                player.press("a")
                _back_to(player, home)
                if home not in app.stack:  # it opened a screen in its place (the set-up's
                    return  # counter mix): the tour opens that one itself
            if label is None:
                break
            if player.row_value(player.action_row()) != label and label in [
                    a.label for a in home.actions[home.page]]:
                player.action(label)
            player.press("r")
            if player.row_value(player.action_row()) in (label, None) or _first(home):
                break
        player.press("s")
        if player.title() == title:
            break


def _has_action(player):
    return any(player.row_value(label) is not None for label in ("Action", "Table"))


def _first(screen):
    """True when the page's Action row is back on its first action (the list went round)."""
    chosen = getattr(screen, "chosen", None)
    return chosen is not None and chosen[screen.page] == 0


def _back_to(player, screen):
    for _ in range(8):
        if player.app.top() is screen or screen not in player.app.stack:
            return
        player.press("b")


# --- collecting ------------------------------------------------------------------------------
class Collector:
    """Reads every frame a Player draws: `seen` {text: Shown}, `problems` [(problem, where)]."""

    def __init__(self):
        self.seen = {}
        self.results = {}  # {text: where}: each result line and message (`Form.show`, `App.say`)
        self.problems = []
        self.where = ""
        self.frames = set()

    def __call__(self, canvas):
        frame = tuple(canvas.items())
        if frame in self.frames:  # read already (the driver draws a frame twice, and screens
            return  # come back to the same frames)
        self.frames.add(frame)
        title = ""
        for x, y, w, h, s, ink, font in canvas.texts():
            if y == 1 and not title:
                title = s
        where = "%s / %s" % (self.where, title)
        for x, y, w, h, s, ink, font in canvas.texts():
            if s and s not in self.seen:
                self.seen[s] = Shown(s, font, ink, w, where, title)
            elif s:
                self.seen[s].titles.add(title)
        for p in canvas.problems():
            self.problems.append((p, where))


def new_player(size, collector, seed=7, folder=None):
    """A fresh app (seed 7, settings in RAM, the player's data folder `folder`) at `size`,
    driven by a Player whose every frame `collector` reads."""
    from engine.core.session import Session
    from firmware.app import App
    from firmware.datafiles import reader
    from firmware.prefs import MemoryBlob, Prefs
    from firmware.screen_text import ReadCanvas

    session = Session(seed)
    session.data = reader(None, folder)
    app = App(session, Prefs(MemoryBlob()), None, size)
    app.start()
    return Player(app, ReadCanvas(*size), collector)


def collect_size(size, scripts=None, explore_from=None):
    """The Collector of one screen size after the tour."""
    from firmware.app import App
    from firmware.screens.form import Form

    c = Collector()
    show, say, open_ = Form.show, App.say, App.open
    saying = [False]

    def shown(form, text, *ink):  # a result line, before it is wrapped
        if text:
            c.results.setdefault(text, c.where)
        return show(form, text, *ink)

    def said(app, text, *ink):  # a message, as the app shows it
        saying[0] = True
        try:
            say(app, text, *ink)
        finally:
            saying[0] = False
        if app.message:
            c.results.setdefault(app.message, c.where)

    def opened(app, name, *args):  # a message too long for its line: a page of its own
        if name == "notice" and saying[0]:
            c.results.setdefault(args[1], c.where)
        return open_(app, name, *args)

    Form.show, App.say, App.open = shown, said, opened
    try:
        return _tour(c, size, scripts, explore_from)
    finally:
        Form.show, App.say, App.open = show, say, open_


def _tour(c, size, scripts, explore_from):
    # The scripts played, then every menu entry explored from each start, each on a fresh app.
    import shutil
    import tempfile

    from host_tools.desk import simulator as sim

    scripts = tour_scripts() if scripts is None else scripts
    if explore_from is None:
        explore_from = (("fresh", ()), ("campaign", sim.CAMPAIGN), ("over", sim.OVER),
                        ("set-up", ("run campaign start iraq-1991 surge",)))
    runs = [(name, steps, False) for name, steps in scripts]
    runs += [("explore " + name, steps, True) for name, steps in explore_from]
    for name, steps, wander in runs:
        folder = tempfile.mkdtemp(prefix="tal-strings-")
        try:
            c.where = name
            p = new_player(size, c, folder=folder)
            p.play(steps)
            if wander:
                for game in ("tal", "exp3", "golan"):
                    if game != "tal":
                        p.play(("run game " + game,))
                    for label, _module in p.app.menu():
                        c.where = "%s %s %s" % (name, game, label)
                        p.menu(label)
                        explore(p)
                        while len(p.app.stack) > 1:
                            p.press("b")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return c


def collect_strings(sizes=SIZES, scripts=None, explore_from=None):
    """{size: {text: Shown}}: every string the screens drew in the tour, at each size."""
    return dict((size, collect_size(size, scripts, explore_from).seen) for size in sizes)


# --- the player's words ------------------------------------------------------------------------
# The protocol's command words (engine/core/protocol.py's table) with a word after them that
# makes them a request (`ac set`, `day +1`, `campaign fail`), and other traces of the protocol.
_COMMANDS = ("cup|ac|mission|loiter|bingo|engine|sar|ridge|table|so|day|vp|campaign|bn|pilot|"
             "game|cas|assault|golan|mine|leader|sagger|heli|avlb|mortar|answer|mix")
_SUBS = ("set|add|remove|move|stay|roll|list|show|start|ready|fail|result|cards|scouts|next|end|"
         "stress|xp|heal|rr|level|promote|replace|repair|weapons|battalion|draw|put|"
         "hit|engaged|reveal|attack|fuel|arm|check|spend|gain")
LEAKS = (
    (r"\bdone:", "a request echoed ('done: ...')"),
    (r"#\d", "a number for a name ('#1')"),
    (r"\b\w+=\S", "key=value"),
    (r"\b[a-z]+_[a-z_]+\b", "a field name with '_'"),
    (r"\b(%s) (%s)\b" % (_COMMANDS, _SUBS), "a command's words"),
    (r"\bpilot card\b", "a command's words"),
    (r"\b(day|so|vp|loiter) [+-]\d", "a request's delta ('day +1')"),
    (r"\b(status (okay|shaken|unfit)|xp \d|promoted (yes|no)|name [a-z#]|level [a-z]+,)",
     "a field name and its value"),
    (r"'(%s) " % _COMMANDS, "a command to type"),
    (r"-0 ", "a minus zero"),
)


# What a reply's dump looks like on a screen (issue 39): "die: 3", "lost: no", "end: done",
# "outcome: quick recovery", "pilots:" over a list, "aircraft 1, bingo 6, die 6, stress 0".
_REPLY_KEYS = ("die|dice|mod|modifier|result|outcome|stress|turns|lost|saved|checks|bingo|crash|"
               "cancels|band|kind|move|entered|note|pilots|game|loiter|phase|status|level|xp|"
               "so|vp|wp|hex|key|table|data|left|turn|start|returned|gain|loss")
DUMPS = (
    (r"^[a-z]+(?: [a-z]+)?: (?:-?\d+|yes|no|none|done)$", "a 'key: value' dump"),
    (r"^\s*(?:%s):" % _REPLY_KEYS, "a 'key: value' dump"),
    (r"^[a-z]+:$", "a key over a list"),
    (r"\b(?:[a-z]+ -?\d+, ){2,}[a-z]+ -?\d+", "a reply object's 'key value' pairs"),
)
# Names not as the rulebook prints them: a battalion in lower case (13a), a card's or a
# placeholder's protocol word (iraq-1991, israeli-1, a-10), a Golan leader's id (i1); a
# counter's protocol word (bullet-holes, no-stand-off, stress:1, attack:-1); a mark the screen
# never explains ("*").
IDS = (
    (r"\b\d{1,2}[acs]\b", "a battalion in lower case"),
    (r"\b[a-z]+(?:-[a-z]+)*-\d+[a-z]?\b", "a protocol word for a name"),
    (r"\b[is][1-3]\b", "a leader's id"),
    (r"\b[a-z]+:-?\d", "a counter's protocol word"),
    (r"\*", "a mark never explained"),
)


def _words_of_the_data():
    """The protocol's words for names: the counters' (engine/tal/cups/counters.py) joined by
    '-', the cards' and the pilots' of the data files (data/tal/*.txt, read by the engine's
    parser): each a leak where a screen shows it as it is (in lower case)."""
    from engine.core import datatables
    from engine.core.session import Session
    from engine.tal import cards, pilots
    from engine.tal.cups import counters
    from firmware.datafiles import reader

    words = set(w for w in counters.EFFECTS + counters.UNITS + counters.GROUND if "-" in w)
    s = Session(0)
    s.data = reader()
    words.update(cards.names(s, "campaign") + cards.names(s, "situation"))
    words.update(row[1] for row in datatables.rows(s, "tal/pilots.txt", pilots._NAMES,
                                                   pilots.NAME_KEYS))
    return tuple(sorted(words))


_DATA_WORDS = []


def _data_words():
    if not _DATA_WORDS:
        _DATA_WORDS.append(re.compile(r"(?<![\w-])(%s)(?![\w-])" % "|".join(
            re.escape(w) for w in _words_of_the_data())))
    return _DATA_WORDS[0]


def leaks(text):
    """What in `text` is the protocol's rather than a player's words: [reason] ([] when none)."""
    out = [why for pattern, why in LEAKS + DUMPS + IDS if re.search(pattern, text)]
    if _data_words().search(text):
        out.append("a name as the data files key it")
    return out
