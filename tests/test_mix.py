"""Counter mix set-up (docs/protocol/cups.md): the player enters a cup's counters from the counter
sheets once; until then every draw says the mix is a placeholder."""

import subprocess
import sys

from conftest import ROOT
from firmware.datafiles import reader
from tal_session import DATA, new, ok, refused


def player(tmp_path):
    return new(data=reader(DATA, str(tmp_path)))


def test_a_mix_entered_kind_by_kind_becomes_the_cup(tmp_path):
    """`mix hit new`, one `mix hit add` per kind of counter (checked as the device reads the
    file), `mix hit done`: the player's file replaces the placeholder, draws use it and no longer
    say "placeholder"."""
    s = player(tmp_path)
    assert ok(s, "cup draw hit ac 1 type a-10 1l")["data"].startswith("placeholder")
    assert "mix hit new" in refused(s, "mix hit add 3 structure* - stress:1 -", "state")
    assert ok(s, "mix hit new")["entering"] == 0
    assert ok(s, "mix hit add 3 structure* - stress:1 -")["entering"] == 3
    msg = refused(s, "mix hit add 1 kiled - engine* f-16", "range")
    assert msg.startswith("heavy: 'kiled' is not a Hit effect")
    refused(s, "mix hit add 1 killed - engine*", "syntax")
    assert ok(s, "mix hit add 1 killed - engine* f-16")["entering"] == 4
    assert ok(s, "mix hit")["counters"] == 40  # the placeholder still, until done
    r = ok(s, "mix hit done")
    assert (r["counters"], r["status"], r["entering"]) == (
        4, "verified: entered from the counter sheets", None)
    r = ok(s, "cup show hit")
    assert r["total"] == 4 and "data" not in r
    text = (tmp_path / "tal" / "hit_cup.txt").read_text()
    assert "1 | killed | - | engine* | f-16 | entered at the table" in text
    assert open(DATA + "/tal/hit_cup.txt").read().count("placeholder") >= 1  # shipped kept


def test_the_mix_being_entered_survives_a_restart(tmp_path):
    """Each counter kind is written as it is entered: a new session (a power cut) goes on."""
    s = player(tmp_path)
    ok(s, "mix popup new")
    ok(s, "mix popup add 20 no-enemy - -")
    s = player(tmp_path)
    assert ok(s, "mix popup")["entering"] == 20
    ok(s, "mix popup add 2 tank 1l 0")
    assert ok(s, "mix popup done")["counters"] == 22
    assert ok(s, "cup show popup")["no_enemy"] == 20
    ok(s, "mix ground new")
    ok(s, "mix ground cancel")
    assert ok(s, "mix ground")["entering"] is None


def test_the_kinds_entered_so_far_are_listed(tmp_path):
    """`mix CUP list`: what the Counter mix screen sums up while the player enters a cup."""
    s = player(tmp_path)
    assert ok(s, "mix ground list") == {"ok": True, "cup": "ground", "entering": None,
                                        "kinds": [], "next": None, "checked": 0,
                                        "left": 0}
    ok(s, "mix hit new")
    ok(s, "mix hit add 3 structure* - stress:1 -")
    ok(s, "mix hit add 1 killed - engine* f-16")
    r = ok(s, "mix hit list")
    assert r["entering"] == 4 and r["kinds"] == [
        {"count": 3, "sides": ["structure*", "-", "stress:1", "-"]},
        {"count": 1, "sides": ["killed", "-", "engine*", "f-16"]}]
    assert s.undo_steps == 0  # nothing of the game changed: no undo step


def test_a_mix_cannot_replace_a_cup_with_counters_out(tmp_path):
    """The saved game refers to the counters out of a cup by number: a new mix waits until they
    are back."""
    s = player(tmp_path)
    ok(s, "cup draw popup 12")
    ok(s, "mix popup new")
    ok(s, "mix popup add 30 no-enemy - -")
    if ok(s, "cup show popup")["out"]:
        assert "cup reset popup" in refused(s, "mix popup done", "state")
        ok(s, "cup reset popup")
    assert ok(s, "mix popup done")["counters"] == 30


def test_without_a_data_folder_the_mix_is_refused_in_one_line():
    """The console (and a read-only drive) writes no data files: said in one line."""
    s = new()
    msg = refused(s, "mix hit new", "state")
    assert "cannot write data/tal/hit_cup.mix" in msg and "\n" not in msg
    refused(s, "mix x", "syntax")


def test_host_command_enters_a_mix(tmp_path):
    """`python -m host_tools mix CUP --data DIR` reads one kind of counter a line and enters
    the mix through the engine's own commands."""
    lines = "6 no-effect\n3 1-hit\n1 2-hits\n"
    p = subprocess.run([sys.executable, "-m", "host_tools", "mix", "ground", "--data",
                        str(tmp_path)], cwd=ROOT, input=lines, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    assert "10 counters" in p.stdout
    text = (tmp_path / "exp3" / "ground_forces_cup.txt").read_text()
    assert "3 | 1-hit | entered at the table" in text
    p = subprocess.run([sys.executable, "-m", "host_tools", "mix", "ground", "--data",
                        str(tmp_path)], cwd=ROOT, input="2 3-hits\n", capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 1 and "3-hits" in p.stderr and "Traceback" not in p.stderr


def test_answers_and_mixes_are_written_on_micropython(tmp_path):
    """The data hook's writes (firmware.datafiles: append, write by rename) on the real
    MicroPython: an answer and a mix survive into a new session."""
    from conftest import run_mpy
    code = """
from engine.core.session import Session
from engine.core import protocol
from firmware.datafiles import reader
def ask(s, line):
    return protocol.reply(s, line.encode())
s = Session(4)
s.data = reader(None, %r)
ask(s, "table scout =3")
print(ask(s, "answer 2 0"))
for line in ("mix ground new", "mix ground add 6 no-effect", "mix ground add 4 1-hit"):
    ask(s, line)
print(ask(s, "mix ground done"))
s = Session(4)
s.data = reader(None, %r)
print(ask(s, "table scout =3"))
print(ask(s, "cup show ground"))
""" % (str(tmp_path), str(tmp_path))
    rc, out, err = run_mpy(code, heap="256K")
    assert rc == 0, err
    lines = out.splitlines()
    assert '"saved":true' in lines[0] and '"counters":10' in lines[1]
    assert '"turns":2' in lines[2] and '"counts":[6,4,0]' in lines[3]
