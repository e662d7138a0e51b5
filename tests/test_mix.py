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


# --- the counter mix before it counts (a campaign draws only from the player's mix) ----------
DRAWS = ["cup draw hit ac 1 type a-10a 2h 2l", "cup draw popup 2", "cup draw ground 2",
         "ac attacked 1 2h 2l", "cas attack 1"]


def _under_way(s):
    """An EXP3 campaign past its set-up, an aircraft on the battlefield and a Squad engaged,
    each cup confirmed for the session; then, as after a restart of the console, the session
    reads its data again (a new hook): the confirmations, kept for that session only, are gone."""
    for line in ["game exp3", "campaign start 3 30 6", "ac add a-10a", "pilot add pirate 7 12 0",
                 "mix hit confirm", "mix popup confirm", "mix ground confirm", "campaign ready",
                 "ac set 1 pilot 1", "mission start 1", "loiter start", "cas card 2 1",
                 "cas engaged 1 2 3"]:
        ok(s, line)
    s.data = reader(DATA)


def test_in_a_campaign_no_draw_from_a_mix_not_the_players_changes_anything():
    """Every path that draws from a cup (cup draw, ac attacked, the Pop-Ups, Expansion #3's
    Ground Forces cup) is refused in one line that says how to make the mix the player's, before
    any die: the state's CRC, the fields, the dice and the undo log as they were.  The issue's
    own case: a Hit draw with the shipped mix no longer applies a Killed counter."""
    s = new()
    _under_way(s)
    crc = ok(s, "state")
    for line in DRAWS:
        msg = refused(s, line, "state")
        cup = line.split()[2] if line.startswith("cup") else (
            "hit" if line.startswith("ac ") else "ground")
        assert "counter mix is not confirmed" in msg and "mix %s confirm" % cup in msg, msg
        assert "\n" not in msg
        assert ok(s, "state") == crc
    assert ok(s, "mix")["to_confirm"] == ["hit", "popup", "ground"]
    for cup in ("hit", "popup", "ground"):
        ok(s, "mix %s confirm" % cup)
    for line in DRAWS:
        r = ok(s, line)
        assert "data" not in r  # the player's mix: no placeholder said
    assert ok(s, "state") != crc


def test_outside_a_campaign_a_quick_draw_goes_on_marked_as_the_shipped_mix():
    s = new()
    for line in ("cup draw hit ac 1 type a-10a 2h 2l", "cup draw popup 2", "cup draw ground 2"):
        assert ok(s, line)["data"].startswith("placeholder")
    ok(s, "campaign start 3 30 6")
    ok(s, "campaign end")  # over: a free calculator again
    assert ok(s, "cup draw ground 1")["data"].startswith("placeholder")


def test_the_set_up_is_not_over_until_each_cup_of_the_game_is_confirmed():
    """`campaign ready` is refused while a cup of the game is not the player's, naming them;
    TAL has the Hit and Pop-Up cups, Expansion #3 the Ground Forces cup too, the Golan game
    none."""
    s = new()
    ok(s, "campaign start 3 30 6")
    msg = refused(s, "campaign ready", "state")
    assert msg == ("confirm each cup's counter mix first, as shipped or changed to match your "
                   "counters: Hit, Pop-Up (mix hit confirm, mix popup confirm)")
    ok(s, "mix hit confirm")
    assert ok(s, "mix")["to_confirm"] == ["popup"]
    assert "Pop-Up (mix popup confirm)" in refused(s, "campaign ready", "state")
    ok(s, "mix popup confirm")
    assert ok(s, "campaign ready")["status"] == "on"
    ok(s, "game exp3")
    assert ok(s, "mix")["to_confirm"] == ["ground"]
    ok(s, "game golan")
    assert ok(s, "mix")["to_confirm"] == []


def test_a_confirmed_mix_belongs_to_the_player_not_to_a_campaign(tmp_path):
    """`mix CUP confirm` writes the player's copy of the cup with a confirmed status line (the
    same counters: a save's checksum still fits): a new campaign and a new session keep it.  A
    save that holds counters out of a cup still plays after the confirmation; once the file's
    counters are edited, it is refused until `cup reset`, saying so."""
    s = held = player(tmp_path)
    ok(s, "cup draw popup 12")  # counters out on the battlefield, in the save
    r = ok(s, "mix popup confirm")
    assert (r["saved"], r["status"]) == (True, "verified: confirmed at the table against the "
                                                "counter sheets")
    text = (tmp_path / "tal" / "popup_cup.txt").read_text()
    assert "status: verified: confirmed at the table" in text and "22 | no-enemy" in text
    assert "placeholder" not in text.split("status:")[1].splitlines()[0]
    assert ok(s, "cup show popup")["total"] == 32 and "data" not in ok(s, "cup show popup")
    s = player(tmp_path)  # a new session (a restart), a new campaign: still the player's
    # (`held` keeps its counters out: a new campaign would put them back, a clean slate)
    ok(s, "campaign start 3 30 6")
    assert ok(s, "mix")["to_confirm"] == ["hit"]
    assert ok(s, "mix popup confirm")["saved"] is True  # again: nothing to do, said so
    # the counters edited by hand (its status still says the player's): a save with counters
    # of that cup out is refused until they are put back, saying how
    assert ok(held, "cup show popup")["out"]
    (tmp_path / "tal" / "popup_cup.txt").write_text(text.replace("22 | no-enemy", "21 | no-enemy"))
    s2 = player(tmp_path)
    s2.vals[:] = held.vals
    msg = refused(s2, "cup draw popup 1", "state")
    assert "made with another data/tal/popup_cup.txt" in msg and "cup reset popup" in msg
    ok(s2, "cup reset popup")
    assert ok(s2, "cup draw popup 1")["draws"]


def test_without_a_data_folder_a_confirmation_is_for_the_session_only():
    """The console writes no data files: `mix CUP confirm` is kept for its session (said in the
    reply), never for another session."""
    s = new()
    r = ok(s, "mix hit confirm")
    assert r["saved"] is False and "for this session only" in r["status"]
    assert ok(s, "mix")["to_confirm"] == ["popup"]
    assert ok(new(), "mix")["to_confirm"] == ["hit", "popup"]
    assert ok(s, "mix")["to_confirm"] == ["popup"]  # (another session read in between)


def test_a_cup_is_checked_kind_by_kind_through_the_engine(tmp_path):
    """`mix CUP check`: the shipped kinds one by one (`list`'s next), each kept or changed
    (`add`), left out (`skip`), or the rest kept (`rest`); `done` waits for every kind."""
    s = player(tmp_path)
    ok(s, "mix ground check")
    r = ok(s, "mix ground list")
    assert (r["next"], r["checked"], r["left"]) == ({"count": 5, "sides": ["no-effect"]}, 0, 3)
    ok(s, "mix ground add 6 no-effect")
    ok(s, "mix ground skip")
    assert "1 kinds of the cup are still to check" in refused(s, "mix ground done", "state")
    assert ok(s, "mix ground list")["next"] == {"count": 2, "sides": ["2-hits"]}
    assert ok(s, "mix ground rest")["entering"] == 8
    assert "no kind of the cup is left" in refused(s, "mix ground skip", "state")
    assert ok(s, "mix ground done")["counters"] == 8
    assert ok(s, "cup show ground")["counts"] == [6, 0, 2]
    assert ok(s, "mix ground kinds")["kinds"] == [{"count": 6, "sides": ["no-effect"]},
                                                  {"count": 2, "sides": ["2-hits"]}]
    ok(s, "mix hit new")  # a mix being entered: made the cup's or forgotten first
    assert "(mix hit done, mix hit cancel)" in refused(s, "mix hit confirm", "state")


def test_host_command_with_no_counters_leaves_nothing_behind(tmp_path):
    """`mix --data FOLDER hit` with no counters: one line, exit 1, and no file made (issue 42:
    the mix being entered, `tal/hit_cup.mix`, was left behind)."""
    p = subprocess.run([sys.executable, "-m", "host_tools", "mix", "hit", "--data",
                        str(tmp_path)], cwd=ROOT, input="# only a comment\n\n",
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and "nothing written" in p.stderr
    assert list(tmp_path.iterdir()) == []
