"""Tick counters wrap (PyBadge `supervisor.ticks_ms` at 2**29 ms = 74.6 h, the Pico's
`time.ticks_ms` at 2**30 ms = 149 h): nothing that compares ticks may misread a long idle as a
fresh key press.  The boards' clocks are injected; the simulator's, which reads the host's
monotonic clock, is driven with freezegun."""

import datetime

import pytest
from freezegun import freeze_time

from firmware import device
from firmware import keys
from firmware import power
from firmware.prefs import MemoryBlob, Prefs
from hardware.board import Board

HOUR = 3600 * 1000
PERIODS = {"pybadge": 1 << 29, "pico": 1 << 30}


class WrappingBoard(Board):
    """A board whose tick counter starts `start` ms before its wrap, running for `hours`, with a
    key pressed at each of `presses` (hours).  The main loop polls every 10-50 ms; here a poll
    is 5 s apart for 2 minutes after the start or a key, then 10 minutes apart (faster, and a
    step far below half the period is all that wrap-safe code may assume)."""

    DEBOUNCE_MS = 0

    def __init__(self, period, hours, start=3 * 60000, presses=()):
        self.period = period
        self.t = (period - start) % period
        self.elapsed = 0
        self.end = hours * HOUR
        self.presses = [int(h * HOUR) for h in presses]
        self.fine_until = 120000
        self.down = 0
        self.levels = []  # (hours since start, backlight percent) at each change
        self.blob = MemoryBlob()
        Prefs(self.blob).set("dim", 0)  # the shortest delay: dim at 15 s, dark at 60 s

    def display(self):
        class Backend:
            width = 160
            height = 128

            def render(self, c):
                pass

        return Backend()

    def keys(self):
        if self.down:
            self.down = 0
        elif self.presses and self.elapsed >= self.presses[0]:
            self.presses.pop(0)
            self.down = keys.A
            self.fine_until = self.elapsed + 120000
        return self.down

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return keys.wrap_diff(a, b, self.period)

    def sleep_ms(self, n):
        step = 5000 if self.elapsed < self.fine_until else 600000
        self.elapsed += step
        self.t = (self.t + step) % self.period

    def running(self):
        return self.elapsed < self.end

    def state_store(self):
        return None

    def prefs_blob(self):
        return self.blob

    def backlight(self, pct):
        self.levels.append((self.elapsed / HOUR, pct))

    def click(self):
        pass

    def flash(self, ink):
        pass

    def shaken(self, now):
        return False

    def tick(self, now):
        pass


@pytest.mark.parametrize("board", sorted(PERIODS))
def test_the_backlight_stays_dark_through_days_of_idle_across_the_tick_wrap(board):
    """The review's finding: after 74.6 h idle the PyBadge lit up at full brightness for good."""
    period = PERIODS[board]
    b = WrappingBoard(period, hours=2.2 * period / HOUR)  # past the wrap, twice past its half
    device.run(b)
    assert [pct for _h, pct in b.levels] == [80, 20, 0], b.levels


@pytest.mark.parametrize("board", sorted(PERIODS))
def test_a_key_after_a_long_idle_wakes_the_screen_and_is_swallowed(board):
    period = PERIODS[board]
    b = WrappingBoard(period, hours=1.7 * period / HOUR, presses=[1.6 * period / HOUR])
    device.run(b)
    assert [pct for _h, pct in b.levels] == [80, 20, 0, 80, 20, 0], b.levels


def test_power_counts_idle_time_in_small_steps_whatever_the_clock():
    """Power sums the tick differences between polls, so an idle of any length reads right."""
    period = PERIODS["pybadge"]
    t = period - 1000
    p = power.Power(lambda a, b: keys.wrap_diff(a, b, period), t, dim_ms=15000)
    for _ in range(3 * period // 30000):  # 1.5 wrap periods, a poll every 30 s
        t = (t + 30000) % period
        p.tick(t)
        if p.state == power.IDLE:
            break
    assert p.state == power.IDLE
    for _ in range(3 * period // 30000):
        t = (t + 30000) % period
        assert not p.tick(t)
    assert p.state == power.IDLE and p.level(80) == 0
    assert p.key(t) is True and p.state == power.ACTIVE


def test_a_long_press_across_the_wrap_and_a_press_days_later():
    period = PERIODS["pybadge"]
    k = keys.Keys(diff=lambda a, b: keys.wrap_diff(a, b, period), long_ms=700)
    t = period - 100
    k.update(keys.B, t)
    k.update(keys.B, (t + 700) % period)
    assert k.get() == keys.B | keys.LONG
    k.update(0, (t + 800) % period)
    assert k.get() == 0  # released after the long press: nothing more
    t = (t + 800) % period
    for _ in range(100):  # 100 h of polls, one a minute
        t = (t + 60000) % period
        k.update(0, t)
    k.update(keys.A, t)
    k.update(0, (t + 50) % period)
    assert k.get() == keys.A


# --- the PyBadge's own timers (shake rest, shake window) -----------------------------------------

def _badge(monkeypatch, reading):
    from test_hardware_profiles import fake_circuitpython

    pybadge, _written, _i2c = fake_circuitpython(monkeypatch, reading)
    return pybadge, pybadge.Board()


STRONG = (3 * 8192).to_bytes(2, "little", signed=True) + b"\x00\x00" * 2  # 3 g on x


def _poll_quietly(b, t, period, hours):
    """The main loop polls the accelerometer all along: a reading of 1 g at rest, once a minute."""
    b._i2c.reading = (8192).to_bytes(2, "little") + b"\x00\x00" * 2
    for i in range(int(hours * 60)):
        t = (t + 60000) % period
        assert b.shaken(t) is False
    b._i2c.reading = STRONG
    return t


def test_pybadge_shake_is_seen_at_boot_and_days_after_the_last_one(monkeypatch):
    pybadge, b = _badge(monkeypatch, STRONG)
    period = PERIODS["pybadge"]
    t = period - 2000  # CircuitPython starts its ticks shortly before the wrap
    assert [b.shaken((t + 10 * i) % period) for i in range(3)] == [False, False, True]
    t = _poll_quietly(b, t, period, 0.6 * period / HOUR)  # 45 h: past half the period
    assert [b.shaken((t + 10 * i) % period) for i in range(3)] == [False, False, True]


def test_pybadge_knocks_days_apart_are_not_a_shake(monkeypatch):
    pybadge, b = _badge(monkeypatch, STRONG)
    period = PERIODS["pybadge"]
    t = 260000000  # 72 h after boot
    assert b.shaken(t) is False  # one knock on the table
    t = _poll_quietly(b, t, period, 80)  # 80 h later (past half the period), two more, 1 s apart
    assert b.shaken(t) is False
    t = _poll_quietly(b, t, period, 0)
    assert b.shaken((t + 1000) % period) is False


# --- the simulator's clock is the host's: freezegun drives it -------------------------------------

def _sim():
    from host_tools.desk import simulator

    return simulator


def _frozen_near_wrap(sim, ms_before):
    """A frozen instant whose monotonic milliseconds are `ms_before` short of the wrap."""
    base = datetime.datetime(2026, 3, 1, 12, 0, 0)
    with freeze_time(base):
        now = sim.ticks_ms()
    return base + datetime.timedelta(milliseconds=sim._TICKS_PERIOD - now - ms_before)


def test_simulator_ticks_wrap_and_differ_right_across_the_wrap():
    sim = _sim()
    with freeze_time(_frozen_near_wrap(sim, 5000)) as clock:
        a = sim.ticks_ms()
        assert a == sim._TICKS_PERIOD - 5000
        clock.tick(datetime.timedelta(seconds=12))
        b = sim.ticks_ms()
        assert b == 7000  # wrapped
        assert sim.ticks_diff(b, a) == 12000 and sim.ticks_diff(a, b) == -12000


def test_simulator_clock_keeps_the_backlight_dark_for_days():
    sim = _sim()
    with freeze_time(_frozen_near_wrap(sim, 60000)) as clock:
        p = power.Power(sim.ticks_diff, sim.ticks_ms(), dim_ms=15000)
        states = []
        for _ in range(int(2.5 * sim._TICKS_PERIOD // (10 * 60000))):  # 2.5 wraps, polls 10 min apart
            clock.tick(datetime.timedelta(minutes=10))
            p.tick(sim.ticks_ms())
            if not states or states[-1] != p.state:
                states.append(p.state)
    assert states == [power.IDLE]
