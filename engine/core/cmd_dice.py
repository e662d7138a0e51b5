"""Protocol commands for the dice ("Les Dés", "Résolution des attaques"): seed, roll, check, retain,
pick, tally."""

from engine.core import dice
from engine.core import parse

# The bounds are literals below, not globals, so that the module keeps 12 names, the size of its
# table (see engine.core.protocol): targets 1..99, at most 100 words (a 200-byte line holds no
# more), dice of 2..100 sides, tallies of 1..1000000 dice; the seed's limit is imported where it
# is read.  With the sides' bounds as globals (19 names, 23 slots) the dice transcripts' smallest
# heap was 8.9 against 8.77 KB on qemu-frozen (sum 52.5 against 52.1); with the others too
# (16 names, 17 slots),
# 8.51 KB either way on qemu-frozen but a sum of 50.5 against 50.2, 7.94 against 7.81 KB on
# unix32-frozen.

_buf = bytearray(dice.MAX_BATCH)  # the dice of the last batch: rolling allocates nothing


def seed(session, words):
    """`seed` shows the seed of this session; `seed N` restarts the dice from N."""
    parse.arity(words, 1, 2, "seed [N]")
    if len(words) == 2:
        from engine.core.rng import SEED_LIMIT

        session.rng.seed(parse.number(words[1], 0, SEED_LIMIT - 1, "seed"))
    return (("seed", session.rng.seed_value),)


def _first(a, b):
    """The smaller of two `str.find` results, -1 when neither found."""
    return a if b < 0 or (0 <= a < b) else b


def roll(session, words):
    """`roll [N]dS [+M ...]`: N dice of S sides (a batch "for each"), their sum plus modifiers.

    `roll d10+2` is `roll d10 +2`: modifiers may be glued to the dice."""
    d = words[1] if len(words) > 1 else ""
    j = _first(d.find("+", 1), d.find("-", 1))  # find, not a loop making a string per character
    if j > 0:
        words = [words[0], d[:j]] + d[j:].replace("+", " +").replace("-", " -").split() + words[2:]
    parse.arity(words, 2, 100, "roll [N]dS [+M ...]")
    n, sides = parse.dice(words[1], dice.MAX_BATCH, 2, 100)
    mod = parse.modifiers(words, 2)
    total = dice.roll_into(session.rng, _buf, n, sides)
    return (("dice", list(_buf[:n])), ("mod", mod), ("total", total + mod))


def check(session, words):
    """`check T [+M ...] [=D]`: a d10 (or the die D rolled by hand) plus modifiers against T."""
    parse.arity(words, 2, 100, "check T [+M ...] [=D]")
    target = parse.number(words[1], 1, 99, "target")
    mod, die = parse.modifiers(words, 2, 10)
    die = die or session.rng.die(10)
    result = die + mod
    return (("die", die), ("mod", mod), ("result", result), ("target", target),
            ("pass", dice.check_passes(result, target)))


def retain(session, words):
    """`retain X Y [+M ...] [=D]`: a launch (retain) X(Y) weapon's d10: miss, spent or kept."""
    parse.arity(words, 3, 100, "retain X Y [+M ...] [=D]")
    x = parse.number(words[1], 1, 99, "X")
    y = parse.number(words[2], 1, 99, "Y")
    if x > y:
        raise parse.Reject(parse.RANGE, "X must not exceed Y")
    mod, die = parse.modifiers(words, 3, 10)
    die = die or session.rng.die(10)
    result = die + mod
    return (("die", die), ("mod", mod), ("result", result),
            ("outcome", dice.RETAIN_OUTCOMES[dice.retain_outcome(result, x, y)]))


def pick(session, words):
    """`pick N`: one of N at random (1..N), e.g. a tie between equally near aircraft."""
    parse.arity(words, 2, 2, "pick N")
    n = parse.number(words[1], 1, dice.MAX_BATCH, "N")
    return (("pick", dice.pick(session.rng, n)),)


def tally(session, words):
    """`tally dS N`: roll N dice of S sides and count each face (the fairness self-test)."""
    parse.arity(words, 3, 3, "tally dS N")
    n, sides = parse.dice(words[1], 1, 2, 100)
    count = parse.number(words[2], 1, 1000000, "N")
    counts = [0] * sides
    dice.tally(session.rng, sides, count, counts)
    return (("sides", sides), ("n", count), ("counts", counts))
