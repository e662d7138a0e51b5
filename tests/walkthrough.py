"""The README's walk-through as a script: the buttons it names, pressed, and the screen texts it
quotes, read off the screen.

The walk-through's prose follows a few conventions, so that a player reads it as instructions and
this module reads it as a script (tests/test_readme_walkthrough.py plays it at both sizes):

    **A**, **B**, **START**, **SELECT**, **UP**, **DOWN**, **LEFT**, **RIGHT**   the button, once
    **Hold B**                        B held (the Undo screen)
    **DOWN** twice, **A** 3 times     the button pressed that many times
    **DOWN** to "Label"               pressed until the chosen row (or menu entry) is "Label"
    **RIGHT** to "value"              pressed until the chosen row shows "value"
    **SELECT** to "Page"              pressed until the title bar names the page "Page"
    "text"                            a text the screen shows now ("a ... b": a, then b)

Every other word is prose for the player.  A quote the screen does not show, a row never reached,
fails with the screen's text.
"""

import re

KEYS = {"A": "a", "B": "b", "START": "t", "SELECT": "s", "UP": "u", "DOWN": "d", "LEFT": "l",
        "RIGHT": "r", "Hold B": "B"}
TIMES = {"twice": 2, "three times": 3, "four times": 4}
STEPS = 60  # presses at most to reach a row, a value or a page

_TOKEN = re.compile(
    r'\*\*(?P<key>Hold B|START|SELECT|UP|DOWN|LEFT|RIGHT|A|B)\*\*'
    r'(?:\s+(?P<times>twice|three times|four times|(?P<n>\d+) times))?'
    r'(?:\s+to\s+"(?P<to>[^"]+)")?'
    r'|"(?P<quote>[^"]+)"')


def section(readme, heading):
    """The text of the README's section `heading` (to the next heading of its level)."""
    start = readme.index("\n## " + heading)
    end = readme.find("\n## ", start + 1)
    return readme[start:end if end > 0 else None]


def steps(text):
    """The script of `text`: ("key", keys, None), ("to", key, target), ("see", text), in order,
    each with the line it stands on."""
    out = []
    for m in _TOKEN.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        if m.group("quote") is not None:
            out.append(("see", m.group("quote"), line))
            continue
        key = KEYS[m.group("key")]
        times = int(m.group("n")) if m.group("n") else TIMES.get(m.group("times"), 1)
        if m.group("to") is not None:
            out.append(("to", (key, m.group("to")), line))
        else:
            out.append(("key", key * times, line))
    return out


def _norm(text):
    return " ".join(text.replace("\u2026", "...").split())


def shows(player, quote):
    """True when the screen shows `quote` (its parts around " ... " in order)."""
    flat = _norm(player.flat())
    at = 0
    for part in _norm(quote).split(" ... "):
        at = flat.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


def reach(player, key, target):
    """Press `key` until the chosen row (UP/DOWN), its value (LEFT/RIGHT) or the page (SELECT)
    is `target`; False when it never is."""
    for _ in range(STEPS):
        if _there(player, key, target):
            return True
        player.press(key)
    return _there(player, key, target)


def _there(player, key, target):
    if key == "s":
        return player.title()[1].startswith(target)
    label = player.selected_label()
    if key in "ud":
        return label == target
    return label is not None and player.row_value(label) == target


def play(player, script, where="README"):
    """Play `script` (from `steps`) on `player` (host_tools.desk.screen_driver.Player); fails at
    the first quote not shown or target not reached, naming the README's line."""
    for kind, what, line in script:
        if kind == "key":
            player.press(what)
        elif kind == "to":
            key, target = what
            assert reach(player, key, target), "%s line %d: %s to %r never reached:\n%s" % (
                where, line, key, target, player.text())
        else:
            assert shows(player, what), "%s line %d: the screen does not show %r:\n%s" % (
                where, line, what, player.text())
