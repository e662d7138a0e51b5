"""Out of memory, an action reported as failed did not happen.

The documented transcripts run on the MicroPython console with a durable state at every heap from
the smallest that starts up to the one where every line passes: every request gets exactly one
reply line of valid JSON (an out-of-memory reply when the heap is short), and replaying on CPython
the lines that were not refused for memory gives the same replies and the same saved state (so a
line refused for memory changed nothing, in RAM or in the file).  Below the smallest heap, the
console says so in one line and leaves the save alone."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, console_cmd, run_heap_locked, run_mpy
from engine.core import record, undolog
from firmware.lines import OUT_OF_MEMORY
from firmware.storage import FileStore
from transcripts import blocks, doc_files

OOM = OUT_OF_MEMORY.decode().rstrip("\n")


def _biggest(path, most=40):
    # The page's biggest block of at most `most` requests (a whole campaign is a few hundred:
    # the transcript tests replay it; swept at every heap it would take minutes).
    return max((b for b in blocks(path) if len(b[1]) <= most), key=lambda b: len(b[1]))


def _answered(requests):
    """The requests that get a reply (not blank, not # lines)."""
    return [r for r in requests if r.strip(" ") and not r.lstrip(" ").startswith("#")]


BLOCKS = [_biggest(p) for p in doc_files() if os.path.basename(p) in
          ("PROTOCOL.md", "cups.md", "campaign.md", "mission.md")]


def _run(kind, heap, state, requests):
    argv, cwd, env = console_cmd(kind, heap=heap, state=state)
    data = "".join(r + "\n" for r in requests).encode()
    return subprocess.run(argv, cwd=cwd, env=env, input=data, capture_output=True, timeout=300)


def _copy_state(src, dst):
    for suffix in ("", ".1"):
        if os.path.exists(src + suffix):
            shutil.copyfile(src + suffix, dst + suffix)
        elif os.path.exists(dst + suffix):
            os.remove(dst + suffix)


def _saved(path):
    found = record.best(FileStore(path).frames())
    return found[2] if found else None


def _files(path):
    out = []
    for suffix in ("", ".1"):
        if os.path.exists(path + suffix):
            with open(path + suffix, "rb") as f:
                out.append(f.read())
    return out


@pytest.mark.parametrize("name,steps", BLOCKS, ids=[b[0].split(":")[0] for b in BLOCKS])
def test_every_heap_answers_each_line_once_and_a_refusal_changed_nothing(tmp_path, name, steps):
    lines = [s[0] for s in steps]  # its # lines too: they get no reply, even out of memory
    requests = _answered(lines)
    start = str(tmp_path / "start")
    p = _run("cpython", "0", start, ["seed 7"])  # both interpreters begin from the same dice
    assert p.returncode == 0
    dice = name.startswith("docs/PROTOCOL.md")
    heap = 28 * 1024 if dice else 24 * 1024  # bytes
    step = 64 if dice else 12 * 1024
    started = tried = refused = 0
    while True:
        work = str(tmp_path / "work")
        _copy_state(start, work)
        p = _run("micropython", str(heap), work, lines)
        if p.returncode != 0:  # too small to start: one line, the save untouched
            # (near the edge, not always above a heap that started: the heap's layout moves with
            # its size; measured 64-bit, the dice block starts at 55168 bytes, not at 55488)
            err = p.stderr.decode()
            assert err.count("\n") == 1 and err.startswith("out of memory") and not p.stdout, err
            assert _files(work) == _files(start)
            heap += step
            continue
        started += 1
        out = p.stdout.decode().splitlines()
        assert len(out) == len(requests), (heap, out)
        for line in out:
            assert json.loads(line)["ok"] in (True, False), line
        kept = [(r, a) for r, a in zip(requests, out) if a != OOM]
        refused += len(out) - len(kept)
        again = str(tmp_path / "again")
        _copy_state(start, again)
        q = _run("cpython", "0", again, [r for r, _ in kept])
        assert q.stdout.decode().splitlines() == [a for _, a in kept], heap
        assert _saved(work) == _saved(again), heap
        tried += 1
        if len(kept) == len(requests):
            break
        heap += step
    # Some heaps refused lines for memory (a dice session starts so close to its need that the
    # heaps where it starts and still refuses lines can all be skipped by the step).
    assert started >= 1 and (refused > 0 or dice)


def test_blank_and_comment_lines_get_no_reply_even_out_of_memory():
    """A blank or # line, of any length, gets no reply at every heap: it is told from its bytes
    as they come, without a copy (a copy that did not fit was answered out of memory)."""
    noise = ["# a note long enough to need a copy of its bytes in the heap " + "." * 100,
             " " * 80, "#" + "x" * 300, " " * 300, "  # indented"]
    lines = ["seed 1"] + noise * 8 + ["roll d10"] + noise
    started = 0
    for heap in range(20 * 1024, 72 * 1024, 2048):
        p = _run("micropython", str(heap), None, lines)
        if p.returncode == 0:
            started += 1
            assert len(p.stdout.decode().splitlines()) == 2, (heap, p.stdout)
    assert started


RELEASE = r'''
import sys
from engine.core import protocol
from engine.core.session import Session

def play(s, lines):
    return [protocol.reply(s, l.encode()) for l in lines]

SETUP = ["seed 4", "pilot add viper 7 12 0 fast", "ac add a-10a pilot 1 ecm", "cup show hit"]
clean, tight = Session(0), Session(0)
play(clean, SETUP)
play(tight, SETUP)
# As on a board whose heap the earlier requests' modules filled: the next request runs out of
# memory once, half-way through a change.
from engine.tal import cmd_mission
tries = []
def short_of_memory(session, words):
    tries.append(1)
    session.vals[3] += 1
    raise MemoryError
cmd_mission.mission = short_of_memory
print(play(tight, ["mission start 1"]) == play(clean, ["mission start 1"]), len(tries))
print(tight.payload() == clean.payload(), play(tight, ["undo"]) == play(clean, ["undo"]))
print(sorted(m for m in ("engine.tal.cmd_pilots", "engine.tal.cmd_ac", "engine.core.session",
                         "engine.core.datatables", "engine.tal.cups.data", "engine.tal")
             if m in sys.modules))
# Out of memory again after the release: the MemoryError goes to the caller (one reply saying
# so), and the dice the failed tries moved are put back.
s = Session(0)
die = s.rng.die
def no_memory(sides):
    die(sides)
    raise MemoryError
s.rng.die = no_memory
try:
    protocol.reply(s, b"roll d10")
except MemoryError:
    print("MemoryError", s.rng.get_state() == Session(0).rng.get_state())
'''


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
def test_out_of_memory_drops_the_game_modules_and_tries_once_more(kind):
    if kind == "cpython":  # in a process of its own: dropping modules would unsettle this one's
        p = subprocess.run([sys.executable, "-c", RELEASE], cwd=ROOT, capture_output=True,
                           timeout=60)
        rc, out, err = p.returncode, p.stdout.decode(), p.stderr.decode()
    else:
        rc, out, err = run_mpy(RELEASE, heap="400K")
    assert (rc, err) == (0, "")
    assert out.splitlines() == [
        "True 1",  # the second try ran the module loaded afresh, and replied as a roomy heap does
        "True True",  # the first try left nothing: one change, one undo step
        "['engine.core.datatables', 'engine.core.session', 'engine.tal', 'engine.tal.cups.data']",
        "MemoryError True"]


SETTLE = r'''
import gc
import sys
import micropython
from engine.core import protocol
from engine.core.jsonline import Reply
from engine.core.session import Session

GAME = ("engine.tal.cmd_pilots", "engine.tal.cmd_ac", "engine.tal.aircraft",
        "engine.core.cmd_dice")  # (the core's commands go with the games')
def game():
    return sorted(m for m in GAME if m in sys.modules)

from firmware import console
s = Session(0)
s.data = console._data
print(protocol.reply(s, b"roll d10")[:10], "engine.core.unload" in sys.modules, len(s.undo))
for line in (b"seed 4", b"pilot add viper 7 12 0 fast", b"ac add a-10a pilot 1 ecm"):
    protocol.reply(s, line)
# the first game command made the undo buffer and loaded what drops the game's modules
print(len(s.undo), s._snap is not None, game())
from engine.core import datatables, unload
print(sorted(datatables._cache))
# release allocates nothing: it runs when the heap is full
gc.collect()
micropython.heap_lock()
try:
    dropped = unload.release()
finally:
    micropython.heap_unlock()
print(dropped, game(), sorted(datatables._cache))
# a roomy heap: handle leaves the modules loaded
reply = Reply()
protocol.handle(s, b"ac show 1", reply)
print(game())
# over half the heap in use: handle drops them once the reply is made, and gives the reply its room
gc.collect()
ballast = []  # (in pieces: the free space need not be one run)
while gc.mem_alloc() < gc.mem_free() + 4096:
    ballast.append(bytearray(2048))
reply = Reply()
protocol.handle(s, b"ac show 1", reply)
got = bytes(reply.buf[:reply.n])
ballast = None
print(game(), len(reply.buf), unload.REPLY_ROOM)
print(got == (protocol.reply(s, b"ac show 1") + "\n").encode())
'''


def test_between_requests_a_tight_heap_drops_the_game_modules():
    rc, out, err = run_mpy(SETTLE, heap="400K")
    assert (rc, err) == (0, "")
    assert out.splitlines() == [
        '{"ok":true False 0',  # a dice session: no undo buffer, nothing to drop games with
        "%d True ['engine.core.cmd_dice', 'engine.tal.aircraft', 'engine.tal.cmd_ac',"
        " 'engine.tal.cmd_pilots']" % undolog.CAPACITY,
        "['tal/aircraft.txt', 'tal/pilots.txt']",
        "True [] []",  # dropped without allocating: modules and parsed tables
        "['engine.tal.aircraft', 'engine.tal.cmd_ac']",
        "[] 640 640",
        "True"]  # the reply survived the settling


# The app with a heap that gives nothing: its report of memory running out must not need any.
REPORT = """
from engine.core.session import Session
from firmware.app import App
from firmware.prefs import MemoryBlob, Prefs
from firmware.datafiles import reader
s = Session(3)
s.data = reader()
app = App(s, Prefs(MemoryBlob()), None, (160, 128))
app.start()
app.open("menu")
app.run(["pilot", "add", "viper", "7", "12", "0", "fast"])  # a key's change: done


def hot():
    app.out_of_memory()
    return app.message_lines
"""


def test_saying_out_of_memory_allocates_nothing_it_cannot_do_without():
    """With the heap locked (every allocation fails: the heaps where the words raised
    MemoryError out of the device loop, issue 42, and tighter), the app still says what happened
    and the way out, in the lines made at import (MicroPython)."""
    from firmware.app import OUT_OF_MEMORY

    assert run_heap_locked(REPORT, heap="512K") == repr(OUT_OF_MEMORY[1])


def test_the_words_made_at_import_fit_the_smaller_screen():
    from firmware import widgets
    from firmware.app import OUT_OF_MEMORY

    for lines in OUT_OF_MEMORY:
        assert all(widgets.fits(line, 160 - 2 * widgets.PAD) for line in lines), lines
        assert "memory" in lines[0] and "restart" in lines[-1]
