"""Dim after idle, dark after longer, the waking key swallowed (issue: the device, item 5)."""

from firmware import power


def diff(a, b):
    return a - b


def test_dim_then_idle_then_wake():
    p = power.Power(diff, 0, dim_ms=1000)
    assert not p.tick(999) and p.state == power.ACTIVE
    assert p.tick(1000) and p.state == power.DIM
    assert p.level(80) == 20
    assert p.tick(4000) and p.state == power.IDLE
    assert p.level(80) == 0
    assert p.key(4100) is True  # this key only wakes the screen
    assert p.state == power.ACTIVE and p.level(80) == 80
    assert p.key(4200) is False  # the next one counts
    assert not p.tick(5100)


def test_never_dims_when_disabled():
    p = power.Power(diff, 0, dim_ms=0)
    assert not p.tick(10 ** 8)
    assert p.state == power.ACTIVE


def test_dim_level_never_below_five_percent():
    p = power.Power(diff, 0, dim_ms=10)
    p.tick(10)
    assert p.level(20) == 5
