"""Reading the words of a protocol request, and the error every rejected request carries."""

SYNTAX = "syntax"
RANGE = "range"
UNKNOWN = "unknown"
STATE = "state"

_MAX_DIGITS = 10  # refuse before int(): 2**30 - 1 has 10 digits, a hostile line no more


class Reject(Exception):
    """A request that is refused: `code` is one of syntax/range/unknown/state, `msg` says why."""

    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
        self.msg = msg


_isascii = getattr(str, "isascii", None)  # CPython; MicroPython's isdigit is ASCII-only already


def digits(word):
    """`word` is one or more ASCII digits.  No loop over its characters: each would be a new
    one-character string, and in a fragmented heap those once left `roll d6` failing for good."""
    return word.isdigit() and (_isascii is None or _isascii(word))


def number(word, lo, hi, what):
    """A plain decimal `word` in lo..hi; syntax error if not digits, range error if outside."""
    if not digits(word):
        raise Reject(SYNTAX, what + " must be a number")
    if len(word.lstrip("0")) > _MAX_DIGITS:  # leading zeros aside: refused before int()
        raise Reject(RANGE, "%s must be %d..%d" % (what, lo, hi))
    n = int(word)
    if n < lo or n > hi:
        raise Reject(RANGE, "%s must be %d..%d" % (what, lo, hi))
    return n


def signed(word, lo, hi, what):
    """A signed decimal (`+3`, `-2`, `4`) in lo..hi."""
    body = word[1:] if word and (word[0] == "+" or word[0] == "-") else word
    if not digits(body):
        raise Reject(SYNTAX, what + " must be a number")
    n = int(body) if len(body.lstrip("0")) <= _MAX_DIGITS else max(hi, -lo) + 1
    if word[0] == "-":
        n = -n
    if n < lo or n > hi:
        raise Reject(RANGE, "%s must be %d..%d" % (what, lo, hi))
    return n


MOD_LIMIT = 99


def face(word, sides):
    """The die of a word `=D` a player rolled by hand, 1..sides; a d10's face "0" reads 10."""
    if sides == 10 and word == "=0":
        return 10
    return number(word[1:], 1, sides, "die")


def modifiers(words, start, sides=0):
    """Sum the modifier words `+M`/`-M` from `words[start:]` (each |M| <= 99).

    With `sides`, one word `=D` may also give the die a player rolled by hand (1..sides); the
    result is then (modifier, D), else (modifier, 0), and no random number is used for it.
    """
    total = 0
    die = 0
    for i in range(start, len(words)):
        word = words[i]
        if sides and word[:1] == "=":
            if die:
                raise Reject(SYNTAX, "one die rolled by hand (=D) at most")
            die = face(word, sides)
            continue
        if not word or (word[0] != "+" and word[0] != "-"):
            raise Reject(SYNTAX, "modifiers look like +2 or -1" + (", a rolled die =D" if sides else ""))
        total += signed(word, -MOD_LIMIT, MOD_LIMIT, "modifier")
    return (total, die) if sides else total


def dice(word, max_n, lo_sides, hi_sides):
    """`NdS` or `dS` -> (n, sides)."""
    k = word.find("d")
    if k < 0:
        raise Reject(SYNTAX, "dice look like 3d10 or d6")
    n = number(word[:k], 1, max_n, "dice count") if k > 0 else 1
    sides = number(word[k + 1:], lo_sides, hi_sides, "sides")
    return n, sides


def arity(words, lo, hi, usage):
    """Refuse a request with fewer than `lo` or more than `hi` words (command word included)."""
    if len(words) < lo or len(words) > hi:
        raise Reject(SYNTAX, "usage: " + usage)
