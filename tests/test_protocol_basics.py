"""The line protocol's contract (issue: core engine and line protocol; "Les Dés", "Résolution des
attaques")."""

import json

import pytest

from engine.core import layout, protocol
from engine.core.session import Session


def ask(s, line):
    r = protocol.reply(s, line.encode() if isinstance(line, str) else line)
    return None if r is None else json.loads(r)


def test_seed_and_roll_shapes():
    s = Session(0)
    assert ask(s, "seed 7") == {"ok": True, "seed": 7}
    r = ask(s, "roll 3d10 +2 -1")
    assert list(r) == ["ok", "dice", "mod", "total"]
    assert len(r["dice"]) == 3 and all(1 <= d <= 10 for d in r["dice"])
    assert r["mod"] == 1 and r["total"] == sum(r["dice"]) + 1
    assert ask(s, "ROLL d6")["dice"][0] in range(1, 7)


def test_check_retain_pick_tally_shapes():
    s = Session(3)
    r = ask(s, "check 6 +1")
    assert list(r) == ["ok", "die", "mod", "result", "target", "pass"]
    assert r["pass"] == (r["die"] + 1 >= 6)
    r = ask(s, "retain 3 8 +1")
    assert list(r) == ["ok", "die", "mod", "result", "outcome"]
    assert r["outcome"] in ("miss", "spent", "kept")
    assert 1 <= ask(s, "pick 4")["pick"] <= 4
    r = ask(s, "tally d6 600")
    assert r["sides"] == 6 and r["n"] == 600 and sum(r["counts"]) == 600


def test_blank_and_comment_lines_get_no_reply():
    s = Session(0)
    assert ask(s, "") is None
    assert ask(s, "   ") is None
    assert ask(s, "# a note") is None
    assert ask(s, "  # " + "a long note " * 30) is None  # of any length
    assert ask(s, " " * 300) is None
    assert ask(s, "\t# a tab is a control character")["error"] == "syntax"


MALFORMED = [
    ("roll", "syntax"), ("roll 3d10 x", "syntax"), ("roll 0d10", "range"), ("roll 51d10", "range"),
    ("roll 3d1", "range"), ("roll 3d101", "range"), ("roll 3d", "syntax"), ("roll d", "syntax"),
    ("roll 99999999999999999999d10", "range"), ("roll 3d10 +100", "range"), ("roll 3d10 +", "syntax"),
    ("roll 3d10 ++1", "syntax"), ("roll -3d10", "syntax"), ("check", "syntax"), ("check 0", "range"),
    ("check 6 7", "syntax"), ("check x", "syntax"), ("retain 8 3", "range"), ("retain 3", "syntax"),
    ("pick 0", "range"), ("pick 51", "range"), ("pick 1 2", "syntax"), ("tally d10", "syntax"),
    ("tally d10 0", "range"), ("tally d10 1000001", "range"), ("tally 2d10 5", "range"),
    ("seed 1073741824", "range"), ("seed -1", "syntax"), ("seed 1 2", "syntax"),
    ("frobnicate", "unknown"), ("state now", "syntax"), ("undo", "state"),
    ("roll 3d10\x01", "syntax"), ("roll\t3d10", "syntax"), (b"roll 3d10 \xc3\xa9", "syntax"),
    ("x" * 201, "syntax"), ("roll 3d10 " + "+1 " * 80, "syntax"), ("check 5 =5 =6", "syntax"),
]


@pytest.mark.parametrize("line,code", MALFORMED)
def test_malformed_lines_change_nothing(line, code):
    s = Session(11)
    ask(s, "roll 2d10")
    before = ask(s, "state")
    r = ask(s, line)
    assert r["ok"] is False and r["error"] == code and r["msg"]
    assert ask(s, "state") == before
    t = Session(11)
    ask(t, "roll 2d10")
    assert ask(s, "roll 5d10") == ask(t, "roll 5d10")  # no random number was consumed


def test_execute_is_the_device_path():
    s = Session(5)
    assert protocol.execute(s, ["roll", "2d6"])[0][0] == "dice"


def test_every_seed_up_to_2_30_is_taken():
    """Ten-digit seeds (1,000,000,000 .. 2**30 - 1) are seeds too; 2**30 is out of range."""
    s = Session(0)
    assert ask(s, "seed 1073741823") == {"ok": True, "seed": 1073741823}
    assert ask(s, "seed 1015640934") == {"ok": True, "seed": 1015640934}
    assert ask(s, "seed 1073741824")["error"] == "range"
    assert ask(s, "seed 99999999999")["error"] == "range"


def test_a_command_whose_module_cannot_load_is_refused_cleanly(monkeypatch):
    """A rules module missing on the board (or no RAM to load it) is an error reply, not a crash."""
    import builtins

    real = builtins.__import__

    def broken(name, *a, **kw):
        if name == "engine.tal.cmd_campaign":
            raise ImportError("no module named 'engine.tal.cmd_campaign'")
        return real(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", broken)
    s = Session(0)
    assert ask(s, "so") == {"ok": False, "error": "state",
                            "msg": "cannot load this command: ImportError"}


def test_knows_tells_commands_without_importing_them():
    import sys

    sys.modules.pop("engine.golan.commands", None)
    assert protocol.knows("mine") and protocol.knows("roll") and not protocol.knows("min")
    assert not protocol.knows("cmd_golan") and not protocol.knows("")
    assert "engine.golan.commands" not in sys.modules


def test_a_dice_session_never_makes_the_fields_and_its_state_is_the_same():
    # The fields (636 bytes) are made on first use: dice commands never make them, `state` and
    # the saved record read them as zeros until then, and a game's first command makes them.
    s = Session(5)
    for line in ("roll 3d10", "check 7", "seed 9", "roll d10", "undo"):
        ask(s, line)
    state, payload = ask(s, "state"), s.payload()
    assert s._vals is None
    assert not any(s.vals) and len(s.vals) == layout.COUNT
    assert ask(s, "state") == state and s.payload() == payload
    s = Session(5)
    ask(s, "pilot list")
    assert s._vals is not None
