"""Logical keys (issue: the device, item 5 "Time"): debounce, long press, repeat, integer ticks.

Time is injected: every test feeds `Keys.update(raw, now)` with plain integer milliseconds.
"""

from conftest import run_mpy
from firmware import keys as K


def drain(k):
    out = []
    ev = k.get()
    while ev:
        out.append(ev)
        ev = k.get()
    return out


def hold(k, raw, t0, t1, step=10):
    """Keep `raw` down from t0 to t1 (inclusive) in steps; return the events."""
    out = []
    t = t0
    while t <= t1:
        k.update(raw, t)
        out += drain(k)
        t += step
    return out


def test_dpad_reports_at_once_then_repeats_after_the_delay():
    k = K.Keys(delay_ms=450, rate_ms=120)
    assert hold(k, K.RIGHT, 0, 440) == [K.RIGHT]  # no repeat before the delay
    evs = hold(k, K.RIGHT, 450, 820)
    assert evs == [K.RIGHT | K.REPEAT] * 4  # at 450, 570, 690, 810
    k.update(0, 830)
    assert drain(k) == []  # releasing a d-pad key says nothing


def test_a_is_a_tap_on_release_and_a_long_press_once_when_held():
    k = K.Keys(long_ms=700)
    assert hold(k, K.A, 0, 300) == []
    k.update(0, 310)
    assert drain(k) == [K.A]
    assert hold(k, K.B, 1000, 2500) == [K.B | K.LONG]  # once, at 1700
    k.update(0, 2510)
    assert drain(k) == []  # no tap after a long press


def test_debounce_ignores_a_bounce_shorter_than_the_window():
    k = K.Keys(debounce_ms=20)
    k.update(K.UP, 0)
    k.update(0, 5)  # bounced back up
    k.update(K.UP, 8)
    assert drain(k) == []
    k.update(K.UP, 20)
    assert drain(k) == []  # 12 ms stable: not yet
    k.update(K.UP, 28)
    assert drain(k) == [K.UP]


def test_two_keys_at_once_give_two_events():
    k = K.Keys()
    k.update(K.UP | K.A, 0)
    assert drain(k) == [K.UP]
    k.update(0, 50)
    assert drain(k) == [K.A]


def test_ticks_wrap_around():
    period = 1 << 29  # supervisor.ticks_ms
    k = K.Keys(diff=lambda a, b: K.wrap_diff(a, b, period), long_ms=700)
    t0 = period - 300
    k.update(K.START, t0)
    k.update(K.START, (t0 + 699) % period)
    assert drain(k) == []
    k.update(K.START, (t0 + 700) % period)
    assert drain(k) == [K.START | K.LONG]
    assert K.wrap_diff(5, period - 5, period) == 10
    assert K.wrap_diff(period - 5, 5, period) == -10


def test_a_full_queue_drops_events_without_failing():
    k = K.Keys()
    for _ in range(40):
        k.press(K.A)
    assert len(drain(k)) == 16
    k.press(K.SHAKE)
    k.clear()
    assert drain(k) == [] and k.state == 0


def test_names():
    assert K.name(K.A) == "A"
    assert K.name(K.B | K.LONG) == "B long"
    assert K.name(K.LEFT | K.REPEAT) == "LEFT repeat"
    assert K.name(0) == "none"


def test_reading_keys_allocates_nothing_under_micropython():
    code = """
import micropython
from firmware import keys as K
k = K.Keys(debounce_ms=20)
def run(t):
    for i in range(200):
        k.update(K.RIGHT if (i // 50) % 2 else K.A, t + 10 * i)
        while k.get():
            pass
    return t + 2000
t = run(0)
micropython.heap_lock()
t = run(t)
micropython.heap_unlock()
print("ok")
"""
    rc, out, err = run_mpy(code)
    assert rc == 0, err
    assert out.strip() == "ok"
