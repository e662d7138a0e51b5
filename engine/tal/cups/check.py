"""The cups' conservation invariant (engine/tal/cups/state.py), for tests and host tools.

Kept apart from the rules so that the device never loads it: the rules keep the invariant by
construction, this module checks that they do.
"""

from engine.tal.cups import rules, state
from engine.tal.cups.counters import kind


def invariant(vals, lay, cup):
    """None when a cup's state (`lay`: cups.HIT or cups.POPUP) fits definition `cup`, else why not.

    In the cup + held out + removed = total; no counter held twice, held and removed at once,
    or beyond the definition; a Hit slot holds a temporary side, aircraft 1..15 and 1..3 turn
    ends; a Pop-Up slot holds an enemy in hex 1..10; the checksum field is 0 exactly when the
    state is empty, else the definition's.
    """
    at_sum, at_removed, n_removed, at_held, n_held = lay
    n = cup.n
    for i in range(n, n_removed * 15):
        if state.is_removed(vals, lay, i):
            return "counter %d removed beyond the cup's %d" % (i + 1, n)
    seen = set()
    held = 0
    for k in range(at_held, at_held + n_held):
        x = vals[k]
        if x == 0:
            continue
        if x < 0:
            return "slot %d holds %d" % (k - at_held, x)
        c = (x - 1) & 63
        if c >= n:
            return "slot %d holds counter %d of %d" % (k - at_held, c + 1, n)
        if c in seen:
            return "counter %d held twice" % (c + 1)
        seen.add(c)
        if state.is_removed(vals, lay, c):
            return "counter %d held and removed" % (c + 1)
        held += 1
        if lay is state.HIT:
            c, side, aircraft, ends = state.slot_hit(x)
            if kind(cup.effect[side][c]) != 2:
                return "counter %d held on a side that is not temporary" % (c + 1)
            if aircraft < 1 or ends < 1 or ends > 3:
                return "counter %d: holder %d, %d turn ends" % (c + 1, aircraft, ends)
        else:
            if cup.unit[c] == 0:
                return "No Enemy counter %d is out" % (c + 1)
            spot = (x - 1) >> 6
            if spot < 1 or spot > 10:
                return "Pop-Up %d in hex %d" % (c + 1, spot)
    removed = 0
    for i in range(n):
        removed += state.is_removed(vals, lay, i)
    m, h, r = rules.counts(vals, lay, n)
    if m + h + r != n or h != held or r != removed:
        return "in the cup %d + held %d + removed %d != %d" % (m, h, r, n)
    empty = held == 0 and removed == 0
    if (vals[at_sum] == 0) != empty:
        return "checksum %d with %s state" % (vals[at_sum], "an empty" if empty else "a")
    if vals[at_sum] not in (0, cup.sum):
        return "checksum %d is not the definition's %d" % (vals[at_sum], cup.sum)
    return None
