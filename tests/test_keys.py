"""Logical keys (issue: the device, item 5 "Time"): debounce, long press, repeat, integer ticks.

Time is injected: every test feeds `Keys.update(raw, now)` with plain integer milliseconds.
"""

from conftest import run_mpy
from firmware import keys


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
    k = keys.Keys(delay_ms=450, rate_ms=120)
    assert hold(k, keys.RIGHT, 0, 440) == [keys.RIGHT]  # no repeat before the delay
    evs = hold(k, keys.RIGHT, 450, 820)
    assert evs == [keys.RIGHT | keys.REPEAT] * 4  # at 450, 570, 690, 810
    k.update(0, 830)
    assert drain(k) == []  # releasing a d-pad key says nothing


def test_a_is_a_tap_on_release_and_a_long_press_once_when_held():
    k = keys.Keys(long_ms=700)
    assert hold(k, keys.A, 0, 300) == []
    k.update(0, 310)
    assert drain(k) == [keys.A]
    assert hold(k, keys.B, 1000, 2500) == [keys.B | keys.LONG]  # once, at 1700
    k.update(0, 2510)
    assert drain(k) == []  # no tap after a long press


def test_debounce_ignores_a_bounce_shorter_than_the_window():
    k = keys.Keys(debounce_ms=20)
    k.update(keys.UP, 0)
    k.update(0, 5)  # bounced back up
    k.update(keys.UP, 8)
    assert drain(k) == []
    k.update(keys.UP, 20)
    assert drain(k) == []  # 12 ms stable: not yet
    k.update(keys.UP, 28)
    assert drain(k) == [keys.UP]


def test_two_keys_at_once_give_two_events():
    k = keys.Keys()
    k.update(keys.UP | keys.A, 0)
    assert drain(k) == [keys.UP]
    k.update(0, 50)
    assert drain(k) == [keys.A]


def test_ticks_wrap_around():
    period = 1 << 29  # supervisor.ticks_ms
    k = keys.Keys(diff=lambda a, b: keys.wrap_diff(a, b, period), long_ms=700)
    t0 = period - 300
    k.update(keys.START, t0)
    k.update(keys.START, (t0 + 699) % period)
    assert drain(k) == []
    k.update(keys.START, (t0 + 700) % period)
    assert drain(k) == [keys.START | keys.LONG]
    assert keys.wrap_diff(5, period - 5, period) == 10
    assert keys.wrap_diff(period - 5, 5, period) == -10


def test_a_full_queue_drops_events_without_failing():
    k = keys.Keys()
    for _ in range(40):
        k.press(keys.A)
    assert len(drain(k)) == 16
    k.press(keys.SHAKE)
    k.clear()
    assert drain(k) == [] and k.state == 0


def test_names():
    assert keys.name(keys.A) == "A"
    assert keys.name(keys.B | keys.LONG) == "B long"
    assert keys.name(keys.LEFT | keys.REPEAT) == "LEFT repeat"
    assert keys.name(0) == "none"


def test_reading_keys_allocates_nothing_under_micropython():
    code = """
import micropython
from firmware import keys
k = keys.Keys(debounce_ms=20)
def run(t):
    for i in range(200):
        k.update(keys.RIGHT if (i // 50) % 2 else keys.A, t + 10 * i)
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
