"""Keys typed as letters or words (u d l r a b s t k, upper case = long press): the simulator's
terminal front end, the screen driver and the tests write keys so."""

from firmware import keys

WORDS = {"u": keys.UP, "up": keys.UP, "d": keys.DOWN, "down": keys.DOWN, "l": keys.LEFT,
         "left": keys.LEFT, "r": keys.RIGHT, "right": keys.RIGHT, "a": keys.A, "b": keys.B,
         "s": keys.SELECT, "select": keys.SELECT, "t": keys.START, "start": keys.START,
         "k": keys.SHAKE, "shake": keys.SHAKE}
_LONG = keys.A | keys.B | keys.SELECT | keys.START


def parse_keys(line):
    """Key events from a typed line: words or letters (u d l r a b s t k), upper case = long.

    `rra` = RIGHT RIGHT A; `up up a`; `B` = long B (undo).  A word with a letter that is no key
    is refused whole (`roll` presses nothing): the refused words are returned.
    """
    out = []
    bad = []
    for word in line.split():
        lw = word.lower()
        if lw in WORDS and len(word) > 1:
            out.append(WORDS[lw])
            continue
        if any(ch.lower() not in WORDS for ch in word):
            bad.append(word)
            continue
        for ch in word:
            ev = WORDS[ch.lower()]
            out.append(ev | (keys.LONG if ch.isupper() and ev & _LONG else 0))
    return out, bad
