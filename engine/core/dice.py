"""Dice procedures of the rules ("Les Dés", "Résolution des attaques"): batches, checks,
launch-retain, pick, tally, shuffle.

Every function takes the `Rng` to use, so a session's dice are one reproducible sequence.  The
batch and tally functions fill caller-owned buffers, so a roll allocates nothing.
"""

MAX_BATCH = 50  # dice in one batch ("roll for each" of a whole battalion fits)

# retain_outcome's results index RETAIN_OUTCOMES: 0 miss, 1 spent, 2 kept (literals, not named
# constants: this module keeps 11 names, a table of 12 slots, see engine.core.protocol).
RETAIN_OUTCOMES = ("miss", "spent", "kept")


def roll_into(rng, buf, n, sides):
    """Roll `n` dice with `sides` faces into `buf[0:n]`; return their sum."""
    total = 0
    for i in range(n):
        d = rng.die(sides)
        buf[i] = d
        total += d
    return total


def check_passes(result, target):
    """A check succeeds when the modified roll is at least the target ("Les Dés")."""
    return result >= target


def retain_outcome(result, x, y):
    """Launch (retain) X(Y), "Résolution des attaques": below X miss; X..Y-1 destroyed, spent; Y+
    destroyed, kept."""
    if result < x:
        return 0  # miss
    if result < y:
        return 1  # spent
    return 2  # kept


def pick(rng, n):
    """Pick one of `n` (1..n) at random, e.g. to break a tie between nearest aircraft ("Attaques
    Ennemies")."""
    return rng.below(n) + 1


def tally(rng, sides, n, counts):
    """Roll `n` dice and count the faces into `counts[0:sides]` (cleared first)."""
    for i in range(sides):
        counts[i] = 0
    for _ in range(n):
        counts[rng.below(sides)] += 1


def shuffle(rng, seq):
    """Fisher-Yates in place: every order is equally likely (j drawn from 0..i)."""
    i = len(seq) - 1
    while i > 0:
        j = rng.below(i + 1)
        seq[i], seq[j] = seq[j], seq[i]
        i -= 1


def chi_square_x100(counts, n_cells, total):
    """Pearson's chi-square of `counts` against a uniform spread, times 100, in integers.

    Integer maths so that the self-test shows the same figure on every interpreter (CircuitPython
    floats are single precision).  Big intermediates are fine here: this is not a hot path.
    """
    acc = 0
    for i in range(n_cells):
        d = counts[i] * n_cells - total
        acc += d * d
    # sum((c - E)^2 / E) with E = total / n_cells  ==  sum((c*k - T)^2) / (k * T)
    return (acc * 100 + (n_cells * total) // 2) // (n_cells * total)
