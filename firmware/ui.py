"""What every screen uses: the base class and reading the engine's replies."""


class Screen:
    """A screen: takes key events, draws itself into a canvas.

    `key(ev)` returns True when it used the event; otherwise the app applies the common keys
    (B back, START menu, long B undo).  A screen acts on the game only through `app.run(words)`
    and prepares what it shows (its strings) when that changes: `draw(canvas)` only draws, so a
    frame allocates nothing.  `refresh()` reads the engine again; the app calls it before a
    frame when the game changed since (a command from the serial line, an undo).
    """

    name = ""
    # The attributes holding what the player set and sees: a screen naming them gives its code
    # back while another covers it, and is made again with them (firmware/app.py `_sleep`).
    sleeps = ()
    # Likewise, only while another of the menu's screens covers it (`App.go`: B comes back to
    # it as it was), not under its own pages (a result, a question, the menu): () when it keeps
    # nothing more than it is made with; None, a screen closed when another is chosen.
    leaves = None

    def asleep(self):
        """What it keeps while asleep (`wake` puts it back in a screen made again)."""
        return tuple(getattr(self, a) for a in self.sleeps or self.leaves or ())

    def wake(self, state):
        for attr, value in zip(self.sleeps or self.leaves or (), state):
            setattr(self, attr, value)

    def __init__(self, app):
        self.app = app
        self._seen = -1  # the session's change count when refresh() last ran

    def sync(self):
        """Before a frame: refresh if the game changed since (the session counts its changes);
        nothing to do, nothing allocated."""
        changes = self.app.session.changes
        if changes != self._seen:
            self._seen = changes
            self.refresh()

    def refresh(self):
        pass

    def draw(self, canvas):
        pass

    def key(self, ev):
        return False


def get(pairs, key, default=None):
    """The value of `key` in an engine reply (a tuple of (key, value) pairs)."""
    if pairs:
        for k, v in pairs_of(pairs):
            if k == key:
                return v
    return default


def pairs_of(value):
    """The (key, value) pairs of a nested reply object (a `engine.core.jsonline.Obj`) or tuple."""
    return getattr(value, "pairs", value) or ()


def signed(n):
    """`+2`, `-1`, `+0`."""
    return "+%d" % n if n >= 0 else "%d" % n


def count(n, one, many=None):
    """`1 pilot`, `3 pilots` (`many`: a plural not made with an s)."""
    return "%d %s" % (n, one if n == 1 else many or one + "s")


def sentence(text):
    """`text` as a sentence: a capital first, a full stop last (a refusal's words are the
    engine's, in lower case: "not enough SO (have 5, need 8)").  A file's path or a die first
    stays as it is: "data/tal/scout.txt:4: ...", "d10 6: ..."."""
    text = "%s" % text
    if text and text[-1] not in ".:!?":
        text += "."
    head = text.split(" ", 1)[0]
    if "/" in head or head[-1:].isdigit():
        return text
    return text[:1].upper() + text[1:]


def listed(words):
    """`1`, `1 and 2`, `1, 2 and 3`: a list as said."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def word(value):
    """A reply value in words: yes/no, "none", lists joined by spaces."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return " ".join(word(x) for x in value) or "none"
    return "%s" % value


def condition(status, wounded=False):
    """A pilot's condition, the one way every screen says it: his stress status as his card
    prints it (Okay, Shaken, Unfit; Killed), then the Wounded marker when he has it: "Shaken,
    Wounded"."""
    text = status[:1].upper() + status[1:]
    return text + ", Wounded" if wounded and status != "killed" else text


def data_status(reply):
    """The short warning for a draw from a cup whose mix is not the player's (None when it is:
    the reply's `data`, the cup file's status, is there only then): outside a campaign a draw
    may go on, marked so (in a campaign the engine refuses it)."""
    if not get(reply, "data"):
        return None
    return "Shipped mix, not yours"


def execute(session, words):
    """`protocol.execute` as the serial console runs it: `unload.settle` first (between two
    requests the console settles too), so with over half the heap in use the game's modules and
    tables are dropped and the request loads what it needs above what stays, rather than running
    out of memory among the holes and trying again.  Measured, unix32-mpy: the tour of every
    screen 166 KB at both sizes against 173 and 180; from a fresh start Mission 129 against 137,
    Cups 121 against 131, Campaign 136 against 137 (160 x 128)."""
    from engine.core import protocol, unload

    unload.settle(None)
    return protocol.execute(session, words)


def query(app, words):
    """A reading that may be refused or asked (e.g. a campaign's result not yet entered): its
    reply pairs, or None, saying nothing and opening nothing (the screen offers the action)."""
    from engine.core import parse

    try:
        return execute(app.session, words)
    except parse.Reject:
        return None


def aircraft_types(session, families):
    """The aircraft types of data/tal/aircraft.txt (engine/tal/aircraft.py), or the type families
    printed on Hit counters when `families`; () when the file does not load (the engine says why
    when it is used)."""
    try:
        from engine.tal import aircraft

        rows = aircraft.types(session)
    except Exception:
        return ()
    out = []
    for _number, type_name, family, _class, _cost, _boxes, _wp, _year in rows:
        name = (family if families else type_name).lower()
        if name not in out:
            out.append(name)
    return tuple(out)
