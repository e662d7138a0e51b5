"""Out of memory at any line of a request (run by tests/test_oom_faults.py and
tests/test_journal.py through `check`, in a process of its own: `protocol.execute` drops game
modules, as on a board).

`python tests/oom_faults.py PAGE` replays every transcript block of the docs page PAGE on CPython,
first once with room, counting the lines each request's first try runs, then once per fraction
of FRACTIONS with a MemoryError raised at that fraction of every request's first try (a trace
function raises it: CPython has no allocation hook; on a board almost any line can allocate).
Every request must then leave the reply and what KEPT names as the run with room did (execute
freed memory and tried again) or, where nothing could be freed, the out-of-memory reply with
nothing changed, and then the same when sent again.  Prints one line per failure, then
"failures N".  (tests/test_transcripts.py checks the replies against the docs.)

The session has a state file (firmware/storage.py; with `--journal` after PAGE, the PyBadge's
journal, firmware/journal.py).  `python tests/oom_faults.py --mix` plays MIX, the counter mix
entered at the table, which writes the player's data files.  No MemoryError is raised where a
board cannot raise one: at the lines of the routines whose own statements allocate nothing, or
only before they change anything (NO_ALLOCATION: the lines of what they call are counted), and
once the request's durable step has returned (DURABLE).
"""

import gc
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

FRACTIONS = (0.0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.0)
# A request's durable step, after its reply is made: `Session.save` within `Session.commit` (the
# state; a data hook's `commit` for a request that saves none), then what it keeps in RAM (`session.then`: an answer's row, `_keep` in
# engine/tal/answers.py).  What follows (in `commit` and `protocol._execute`) is an increment, an
# attribute store and a return.  The files a request writes beside the state
# (engine/core/sidefiles.py) may run out of memory as they are written out: they are whole as
# the next read finds them (`kept`); tests/test_side_files.py runs out of memory after the save.
DURABLE = ("commit", "save", "then", "_keep")


class Faults:
    """The trace function: counts the lines of a request's first try, raises at line `at`."""

    def __init__(self):
        self.quiet = {}  # code object -> in NO_ALLOCATION
        self.at = 0  # 0: count only
        self.lines = 0
        self.done = False  # raised, or the change is committed
        self.where = None

    def _quiet(self, code):
        got = self.quiet.get(code)
        if got is None:
            got = self.quiet[code] = "%s:%s" % (os.path.relpath(code.co_filename, ROOT),
                                                code.co_qualname) in NO_ALLOCATION
        return got

    def start(self, at):
        self.at, self.lines, self.done, self.where = at, 0, False, None

    def trace(self, frame, event, arg):
        code = frame.f_code
        if code.co_filename.startswith("<"):
            return None  # (CPython's import machinery)
        if event == "return" and code.co_name in DURABLE:
            self.done = True
        elif event == "line" and not self.done and not self._quiet(code):
            self.lines += 1
            if self.lines == self.at:
                self.done = True
                self.where = "%s:%d" % (os.path.relpath(code.co_filename, ROOT), frame.f_lineno)
                raise MemoryError
        return self.trace


# Routines whose own statements allocate nothing, or only before they change anything (the
# lines of what they call are counted): Session.abort puts back what begin kept
# (tests/test_oom_faults.py runs it under heap_lock); drop_oldest stores the two offsets `_end`
# found, small ints; settle's one allocation (a memoryview) comes before the bytes move, then it
# stores two small ints; a state file's write opens its file before it writes; the `then`
# keeping an answer appends to a list whose room was made; the `vals` property returns the fields
# (allocating nothing once they are made: the lines of `layout.new_values` are counted).
NO_ALLOCATION = {"engine/core/session.py:Session.abort", "engine/core/rng.py:Rng.restore",
                 "engine/core/undolog.py:drop_oldest", "engine/core/undolog.py:settle",
                 "engine/tal/answers.py:_keep", "engine/core/session.py:Session.vals",
                 "firmware/storage.py:FileStore.write"}


KEPT = ("the fields, dice and undo log", "the question waiting", "the saved state",
        "the player's data files")
# The counter mix entered at the table (docs/protocol/cups.md): commands that write the player's
# data files, which no transcript can show (the console writes none).
MIX = ("mix ground new", "mix ground add 6 no-effect", "mix ground add 3 1-hit",
       "mix ground list", "mix ground add 1 2-hits", "mix ground done", "cup show ground",
       "mix popup new", "mix popup add 20 no-enemy - -", "mix popup cancel", "mix popup")


def main(page, store="file"):
    work = tempfile.mkdtemp()
    # execute's second try imports the dropped modules again: from cached bytecode, not compiled
    # each time (PYTHONDONTWRITEBYTECODE), in a folder of the run's own
    sys.dont_write_bytecode = False
    sys.pycache_prefix = os.path.join(work, "pycache")
    from transcripts import blocks
    from firmware import console

    console._import_core()
    from engine.core import protocol
    from engine.core.jsonline import Reply
    from engine.core.record import best
    from firmware.datafiles import reader
    from firmware.journal import STATE, Journal, JournalStore
    from firmware.storage import FileStore

    gc.freeze()  # (release collects, as on a board: CPython's collections skip what is here)

    faults = Faults()
    first_try = protocol._execute
    tries = [0]

    def execute(session, words, reply):
        tries[0] += 1
        if tries[0] > 1 or faults.at < 0:
            return first_try(session, words, reply)
        sys.settrace(faults.trace)
        try:
            return first_try(session, words, reply)
        finally:
            sys.settrace(None)

    protocol._execute = execute

    def send(session, request, at):
        tries[0] = 0
        faults.start(at)
        reply = Reply()
        try:
            if not protocol.handle(session, request.encode(), reply):
                return None
        except MemoryError:
            return "out of memory"
        return bytes(reply.buf[:reply.n]).decode().rstrip("\n")

    state = os.path.join(work, "tal.state")
    mine = os.path.join(work, "mine")  # the player's data folder (for MIX)
    journal = store == "--journal"
    writes = page == "--mix"

    def journal_store(sync):  # the PyBadge's store (its ring and bound: hardware/pybadge.py)
        return JournalStore(Journal(state, 384, STATE, 16384, sync))

    def start():
        for path in (state, state + ".1"):
            if os.path.exists(path):
                os.remove(path)
        shutil.rmtree(mine, ignore_errors=True)
        session = console._start(state, None)[0]
        if journal:
            session.store = journal_store(lambda: session.store.journal.f.flush())  # (os.sync)
        session.rng.seed(1)  # (a block without `seed`: the same dice in every pass)
        if writes:
            os.mkdir(mine)
            session.data = reader(None, mine)
        return session

    def kept(session):  # (KEPT names what it returns)
        # what a request may change: the session in RAM, the saved state, the player's files
        found = best((journal_store(None) if journal else FileStore(state)).frames())
        if writes:  # the files as the next read finds them (a bundle kept and not yet written
            reader(None, mine)  # out by a request that ran short is written out first)
        files = {}
        for top, _dirs, names in os.walk(mine):
            for name in names:
                with open(os.path.join(top, name), "rb") as f:
                    files[os.path.relpath(os.path.join(top, name), mine)] = f.read()
        return (session.payload(), repr(getattr(session, "asking", None)),  # (a copy: it changes)
                found[2] if found else None, files)

    failures = 0
    for name, steps in [("MIX", [(r, []) for r in MIX])] if writes else blocks(page):
        clean = []  # per request: lines its first try ran, its reply, what it left
        session = start()
        for request, _want in steps:
            got = send(session, request, 0)
            clean.append((faults.lines, got, kept(session)))
        for f in FRACTIONS:
            session = start()
            for (request, _want), (n, want, left) in zip(steps, clean):
                before = kept(session)
                got = send(session, request, 1 + int(f * (n - 1)))
                where = faults.where
                if got == "out of memory":
                    if kept(session) != before:
                        print("%s: `%s` out of memory at %s changed the session or its files" % (
                            name, request, where))
                        failures += 1
                        break
                    got = send(session, request, -1)
                if got != want:
                    print("%s: `%s` out of memory at %s, then\n  got  %s\n  want %s" % (
                        name, request, where, got, want))
                    failures += 1
                    break
                now = kept(session)
                if now != left:
                    print("%s: `%s` out of memory at %s, then its reply right but not %s" % (
                        name, request, where, " and ".join(
                            what for what, a, b in zip(KEPT, now, left) if a != b)))
                    failures += 1
                    break
    shutil.rmtree(work)
    print("failures %d" % failures)
    return 1 if failures else 0


def check(*args):
    """For the tests: run this file with `args` in a process of its own; fail with what it printed
    unless it found nothing."""
    p = subprocess.run([sys.executable, os.path.abspath(__file__)] + list(args), cwd=ROOT,
                       capture_output=True, timeout=600)
    out = p.stdout.decode()
    assert p.returncode == 0 and out.splitlines()[-1] == "failures 0", out + p.stderr.decode()


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
