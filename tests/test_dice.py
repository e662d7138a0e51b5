"""Dice procedures: launch-retain, checks, pick, tally, shuffle ("Les Dés", "Résolution des
attaques")."""

import pytest

from engine.core import dice
from engine.core.rng import Rng


def test_check_passes_at_target_or_more():
    """"Les Dés": a check succeeds when the modified roll is >= the target."""
    assert dice.check_passes(7, 7) and dice.check_passes(8, 7) and not dice.check_passes(6, 7)


def test_launch_retain_rulebook_examples():
    """"Résolution des attaques", LAU-61 with a +1 pilot: 2->3 miss; vs Tank -2, 6->5 spent; vs SCUD
    7->8 kept."""
    x, y = 4, 8  # any X in 4..5 and Y in 6..8 fits the three examples
    assert dice.RETAIN_OUTCOMES[dice.retain_outcome(2 + 1, x, y)] == "miss"
    assert dice.RETAIN_OUTCOMES[dice.retain_outcome(6 + 1 - 2, x, y)] == "spent"
    assert dice.RETAIN_OUTCOMES[dice.retain_outcome(7 + 1, x, y)] == "kept"
    assert dice.RETAIN_OUTCOMES[dice.retain_outcome(4, 4, 4)] == "kept"  # X == Y: no "spent" band


def test_roll_into_fills_and_sums():
    buf = bytearray(dice.MAX_BATCH)
    total = dice.roll_into(Rng(3), buf, 50, 10)
    assert total == sum(buf[:50]) and all(1 <= d <= 10 for d in buf[:50])


def test_pick_is_one_based_and_covers_all():
    r = Rng(8)
    assert set(dice.pick(r, 4) for _ in range(200)) == {1, 2, 3, 4}


def test_tally_counts_everything():
    counts = [99] * 6
    dice.tally(Rng(2), 6, 6000, counts)
    assert sum(counts) == 6000 and min(counts) > 800


def test_shuffle_is_fisher_yates_uniform():
    """All 6 orders of 3 items come up about equally often (a biased shuffle would not)."""
    r = Rng(5)
    seen = {}
    for _ in range(6000):
        s = [0, 1, 2]
        dice.shuffle(r, s)
        seen[tuple(s)] = seen.get(tuple(s), 0) + 1
    assert len(seen) == 6
    expected = [1000] * 6
    chi = sum((seen[k] - 1000) ** 2 / 1000 for k in seen)
    assert chi < 20.5  # 5 df at 0.1 %
    assert sorted(seen.values()) != expected  # it is random, not a fixed rotation


def test_chi_square_x100_matches_float():
    counts = [90, 110, 100, 95, 105, 100]
    exact = sum((c - 100) ** 2 / 100 for c in counts)
    assert dice.chi_square_x100(counts, 6, 600) == round(exact * 100)


def test_a_d10_face_0_given_by_hand_reads_10():
    """"Les Dés": a d10's "0" face reads 10, so `=0` is the die 10, for a d10 only."""
    import tal_session

    s = tal_session.new()
    assert tal_session.ok(s, "check 7 =0")["die"] == 10
    assert tal_session.ok(s, "retain 4 8 =0")["outcome"] == "kept"
    assert tal_session.ok(s, "table cover =0")["die"] == 10
    tal_session.refused(s, "check 7 =00", "range")
    from engine.core import parse

    with pytest.raises(parse.Reject):
        parse.face("=0", 6)
