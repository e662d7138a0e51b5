"""Protocol command `assault` of Expansion #3, Friendlies! (Expansion #3): Air Assault soldiers.

The attack check of a soldier counter with its EXP3 bonus, and the once-a-turn Forward Observer
of each hex.  Refused (error `state`) unless `game exp3` is selected.
"""

from engine.exp3 import rules
from engine.core import parse
from engine.tal.cmd_game import EXP3, dice_words, require

_MAX_WORDS = 100
MAX_TARGET = 99


def _hexno(word):
    return parse.number(word, 1, rules.HEXES, "hex")


# --- assault --------------------------------------------------------------------------------
def assault(session, words):
    """`assault KIND TARGET T [lead] [far] [+M ...] [=D]`: an Air Assault soldier's attack check;
    `assault forobs HEX`: use that hex's Forward Observer this turn; `assault turn`: a new turn;
    `assault`: the hexes whose ForObs was used this turn."""
    require(session, EXP3)
    parse.arity(words, 1, _MAX_WORDS, "assault [KIND TARGET T ... | forobs HEX | turn]")
    vals = session.vals
    sub = words[1] if len(words) > 1 else ""
    if sub == "" or sub == "turn":
        parse.arity(words, 1, 2, "assault [turn]")
        if sub == "turn":
            vals[rules.AA_FOROBS] = 0
        return (("forobs_used", _forobs_list(vals)),)
    if sub == "forobs" and len(words) == 3:
        h = _hexno(words[2])
        if vals[rules.AA_FOROBS] & (1 << (h - 1)):
            raise parse.Reject(parse.STATE, "the ForObs of hex %d was used this turn" % h)
        vals[rules.AA_FOROBS] |= 1 << (h - 1)
        return (("hex", h), ("forobs_used", _forobs_list(vals)))
    return _soldier_attack(session, words)


def _forobs_list(vals):
    return [h for h in range(1, rules.HEXES + 1) if vals[rules.AA_FOROBS] & (1 << (h - 1))]


def _index(word, names, what):
    for i in range(len(names)):
        if names[i] == word:
            return i
    raise parse.Reject(parse.UNKNOWN, "%s: %s" % (what, " ".join(names)))


def _soldier_attack(session, words):
    parse.arity(words, 4, _MAX_WORDS, "assault KIND TARGET T [lead] [far] [+M ...] [=D]")
    kind = _index(words[1], rules.SOLDIERS, "soldiers")
    target = _index(words[2], rules.TARGETS, "targets")
    need = parse.number(words[3], 1, MAX_TARGET, "target")
    lead = False
    far = False
    rest = []
    for x in words[4:]:
        if x == "lead" and not lead:
            lead = True
        elif x == "far" and not far:
            far = True
        else:
            rest.append(x)
    if far and rules.max_range(kind) < 1:
        raise parse.Reject(parse.STATE, "only Snipers attack out to 1 hex away")
    mod, hand = dice_words(rest, 0, 10)
    if len(hand) > 1:
        raise parse.Reject(parse.SYNTAX, "one die =D")
    bonus = rules.soldier_bonus(kind, target, lead)
    die = hand[0] if hand else session.rng.die(10)
    result = die + bonus + mod
    return (("kind", rules.SOLDIERS[kind]), ("bonus", bonus), ("die", die), ("mod", bonus + mod),
            ("result", result), ("target", need), ("pass", result >= need))
