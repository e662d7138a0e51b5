"""The Roll screen (issue: the device, item 1; "Les Dés", launch-retain, ties).

The screen must show exactly what the protocol answers for the same request on a session with
the same seed (one path for buttons and serial lines), and colour pass/fail by the engine's rule.
"""

from appkit import Driver, ask, twin
from engine import dice
from firmware import canvas as C


def test_a_check_shows_the_engine_result_in_green_or_red():
    """"Les Dés": a check passes when die + modifiers >= target."""
    d = Driver(seed=7)
    t = twin(7)
    for _ in range(6):  # re-roll: each A is a new check, as the protocol's next reply
        lines = d.press("a")
        r = ask(t, "check 6 +0")
        assert lines[-1] == "[big] %d" % r["result"]
        word = "PASS" if r["pass"] else "FAIL"
        assert word in d.text()
        assert d.canvas.big_ink == (C.GREEN if r["pass"] else C.RED)
        assert "die %d" % r["die"] in d.text()


def test_a_modifier_and_target_set_with_the_dpad():
    d = Driver(seed=3)
    d.press("d" + "r" * 3 + "d" + "l" * 2)  # target 9, modifier -2
    assert "9+" in d.text() and "-2" in d.text()
    d.press("a")
    r = ask(twin(3), "check 9 -2")
    assert d.screen()[-1] == "[big] %d" % r["result"]
    assert d.canvas.big_ink == (C.GREEN if r["result"] >= 9 else C.RED)


def test_limits_hold():
    d = Driver()
    d.press("d" + "r" * 40)
    assert "20+" in d.text()
    d.press("l" * 40)
    assert "1+" in d.text()


def test_a_batch_for_each_shows_every_die_coloured():
    """"for each": N rolls at once, each judged against the target."""
    d = Driver(seed=11)
    d.press("drrdd" + "r" * 7 + "a")  # target 8, 8 dice
    r = ask(twin(11), "roll 8d10 +0")
    passes = sum(1 for x in r["dice"] if dice.check_passes(x, 8))
    assert d.screen()[-1] == "[big] %d/8" % passes
    row = d.canvas.line(4).split()
    assert row == [str(x) for x in r["dice"][:6]]
    assert d.canvas.line(5).split() == [str(x) for x in r["dice"][6:]]
    for i, x in enumerate(r["dice"]):
        col = (i % 6) * 3 + (1 if x < 10 else 0)
        ink = d.canvas.ink_at(col, 4 + i // 6)
        assert ink == (C.GREEN if x >= 8 else C.RED)


def test_batch_size_is_what_the_screen_can_show():
    small = Driver(size=(160, 128))
    small.press("ddd" + "r" * 60)
    assert "<18>" in small.text()
    wide = Driver(size=(240, 135))
    wide.press("ddd" + "r" * 60 + "a")
    assert "<30>" in wide.text()
    assert wide.screen()[-1].endswith("/30")


def test_plain_roll_total():
    d = Driver(seed=5)
    d.press("s" + "drr" + "a")  # roll mode, 3 dice
    r = ask(twin(5), "roll 3d10 +0")
    assert d.screen()[-1] == "[big] %d" % r["total"]
    assert d.canvas.line(4).split() == [str(x) for x in r["dice"]]


def test_launch_retain_outcome_word_and_colour():
    """Launch (retain) X(Y): miss / spent / kept."""
    d = Driver(seed=9)
    t = twin(9)
    inks = {"miss": C.RED, "spent": C.YELLOW, "kept": C.GREEN}
    d.press("ss")
    for _ in range(8):
        d.press("a")
        r = ask(t, "retain 3 8 +0")
        assert r["outcome"].upper() in d.text()
        assert d.canvas.big_ink == inks[r["outcome"]]
        assert d.ink_of(r["outcome"].upper()) == C.BLACK  # on a band of its colour


def test_pick_one_of_n():
    """"Attaques Ennemies": ties between nearest aircraft are broken at random."""
    d = Driver(seed=4)
    d.press("sss" + "drr" + "a")
    r = ask(twin(4), "pick 4")
    assert d.screen()[-1] == "[big] %d" % r["pick"]


def test_shake_rolls_like_a():
    d = Driver(seed=2)
    d.press("k")
    assert d.screen()[-1] == "[big] %d" % ask(twin(2), "check 6 +0")["result"]


def test_feedback_clicks_and_flashes_in_the_result_colour():
    d = Driver(seed=7)
    d.press("a")
    assert d.board.clicks == 1
    assert d.board.flashes == [d.canvas.big_ink]
    d.prefs.set("sound", 0)
    d.press("a")
    assert d.board.clicks == 1


def test_a_refused_roll_is_shown_not_raised(tmp_path):
    """A save from newer firmware is kept: with seeded dice (whose position is saved with every
    roll) rolling is refused on screen; with random dice a roll writes nothing, so it goes on."""
    from firmware.storage import FileStore

    path = str(tmp_path / "s.state")
    store = FileStore(path)
    d0 = Driver(store=store)
    d0.app.run(["so", "+1"]) if d0.app.has("so") else d0.app.run(["seed", "5"])
    with open(path, "rb") as f:
        saved = f.read()
    d0.session.read_only = True  # as after loading a newer firmware's save
    d0.app.prefs.set("dice", 1)  # seeded
    lines = d0.press("a")
    assert "not saved" in "\n".join(lines)
    assert d0.app.message_ink == C.RED
    d0.app.prefs.set("dice", 0)  # random: the roll is not written, the foreign save stays
    lines = d0.press("a")
    assert "not saved" not in "\n".join(lines)
    with open(path, "rb") as f:
        assert f.read() == saved
