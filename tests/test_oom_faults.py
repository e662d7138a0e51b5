"""Out of memory at any line of a request changes nothing but what a roomy heap would change.

tests/oom_faults.py replays each docs page on CPython with a MemoryError raised at spread points
of every request's first try (and the counter mix entered at the table, which writes the
player's data files): `protocol.execute` frees memory and runs it again, and the reply, the
state and the files must be those of a run that never ran short (or, with nothing to free, the
out-of-memory reply and nothing changed).  It found `answer` losing its question when the answered
request ran out of memory, `mix ... add` adding its counters twice and `mix ... done` refusing
once done.
"""

import os

import pytest

import oom_faults
from conftest import run_heap_locked
from engine.core import protocol
from firmware.datafiles import reader
from tal_session import DATA, new, ok, refused
from transcripts import doc_files


@pytest.mark.parametrize("page", doc_files() + ["--mix"],
                         ids=[os.path.basename(p) for p in doc_files()] + ["mix"])
def test_a_memory_error_anywhere_in_a_request_leaves_the_replies_and_the_state_of_a_roomy_heap(
        page):
    oom_faults.check(page)


def test_an_answer_whose_request_runs_out_of_memory_is_recorded_once(tmp_path, monkeypatch):
    """The question waits until its request has run; the second try writes no second line."""
    from engine.core import unload
    from engine.tal import cmd_tables

    s = new(data=reader(DATA, str(tmp_path)))
    refused(s, "table ridge =3", "ask")
    table = cmd_tables.table
    tries = []

    def short_of_memory_once(session, words):
        tries.append(words)
        if len(tries) == 1:
            raise MemoryError
        return table(session, words)

    monkeypatch.setattr(cmd_tables, "table", short_of_memory_once)
    monkeypatch.setattr(unload, "release", lambda: True)  # (as if modules were dropped)
    r = ok(s, "answer 4")
    assert (r["saved"], r["stress"], len(tries)) == (True, 4, 2)
    assert (tmp_path / "tal" / "answers.txt").read_text().count("ridge | 3 |") == 1
    assert "no question" in refused(s, "answer 4", "state")


def test_an_answer_refused_out_of_memory_is_kept_nowhere(tmp_path, monkeypatch):
    """Out of memory on both tries, the reply says nothing changed: the answer is neither in the
    session nor in data/tal/answers.txt, the question still waits, and another value is taken."""
    from engine.core import unload
    from engine.tal import cmd_tables

    def no_memory(session, words):
        raise MemoryError

    monkeypatch.setattr(unload, "release", lambda: True)
    s = new(data=reader(DATA, str(tmp_path)))
    refused(s, "table ridge =3", "ask")
    table = cmd_tables.table
    monkeypatch.setattr(cmd_tables, "table", no_memory)
    with pytest.raises(MemoryError):  # (the console answers "out of memory: nothing changed")
        protocol.execute(s, ["answer", "4"])
    assert not (tmp_path / "tal" / "answers.txt").exists()
    monkeypatch.setattr(cmd_tables, "table", table)
    assert ok(s, "answer")["table"] == "ridge"  # still waiting
    assert ok(s, "answer 5")["stress"] == 5
    assert (tmp_path / "tal" / "answers.txt").read_text().count("ridge | 3 |") == 1
    assert ok(s, "table ridge =3")["stress"] == 5  # asked no more


ABORT = """
from engine.core.session import Session
s = Session(1)
s.begin()
s.vals[3] = 5
s.rng.die(10)


def hot():
    s.abort()
    return s.vals[3] + 1
"""


def test_abort_allocates_nothing():
    # tests/oom_faults.py raises no MemoryError inside Session.abort: a board cannot either
    assert int(run_heap_locked(ABORT)) == 1
