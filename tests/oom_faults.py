"""Out of memory at any line of a request (run by tests/test_oom_faults.py, in a process of its
own: `protocol.execute` drops game modules, as on a board).

`python tests/oom_faults.py PAGE` replays every transcript block of the docs page PAGE on CPython,
first counting the lines each request's first try runs, then once per fraction of FRACTIONS with
a MemoryError raised at that fraction of every request's first try (a trace function raises it:
CPython has no allocation hook; on a board almost any line can allocate).  Every request must get
its documented reply (execute freed memory and tried again) or, where nothing could be freed,
the out-of-memory reply with nothing changed, and then its documented reply when sent again.
Prints one line per failure, then "failures N".

The session has a state file (firmware/storage.py), and after every request the state saved
there must be the one in RAM.  No MemoryError is raised where a board cannot raise one: at the
lines of the routines whose own statements allocate nothing, or only before they change anything
(`_no_allocation`: the lines of what they call are counted), and once the change is committed
(what follows is an attribute store and a return).
"""

import gc
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

FRACTIONS = (0.0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.0)


class Faults:
    """The trace function: counts the lines of a request's first try, raises at line `at`."""

    def __init__(self, no_allocation):
        self.no_allocation = no_allocation
        self.at = 0  # 0: count only
        self.lines = 0
        self.done = False  # raised, or the change is committed
        self.where = None

    def start(self, at):
        self.at, self.lines, self.done, self.where = at, 0, False, None

    def trace(self, frame, event, arg):
        code = frame.f_code
        if code in self.no_allocation or code.co_filename.startswith("<"):
            return None  # (the second: CPython's import machinery)
        if event == "return" and code.co_name == "commit":
            self.done = True
        elif event == "line" and not self.done:
            self.lines += 1
            if self.lines == self.at:
                self.done = True
                self.where = "%s:%d" % (os.path.relpath(code.co_filename, ROOT), frame.f_lineno)
                raise MemoryError
        return self.trace


def _no_allocation():
    from engine.core import undolog
    from engine.core.rng import Rng
    from engine.core.session import Session

    # abort puts back what begin kept (tests/test_oom_faults.py runs it under heap_lock);
    # drop_oldest stores the two offsets `_end` found, small ints; settle's one allocation (a
    # memoryview) comes before the bytes move, then it stores two small ints
    return (Session.abort.__code__, Rng.restore.__code__, undolog.drop_oldest.__code__,
            undolog.settle.__code__)


def main(page):
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

    gc.freeze()  # (release collects, as on a board: CPython's collections skip what is here)

    faults = Faults(_no_allocation())
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

    from engine.core.record import best
    from firmware.storage import FileStore

    state = os.path.join(work, "tal.state")

    def start():
        for path in (state, state + ".1"):
            if os.path.exists(path):
                os.remove(path)
        session = console._start(state, None)[0]
        session.rng.seed(1)  # (a block without `seed`: the same dice in every pass)
        return session

    def saved():
        found = best(FileStore(state).frames())
        return found[2] if found else None

    failures = 0
    for name, steps in blocks(page):
        counted = []
        session = start()
        for request, _want in steps:
            send(session, request, 0)
            counted.append((faults.lines, session.payload()))
        for f in FRACTIONS:
            session = start()
            for (request, want), (n, clean) in zip(steps, counted):
                before = (session.payload(), getattr(session, "asking", None))
                got = send(session, request, 1 + int(f * (n - 1)))
                where = faults.where
                if got == "out of memory":
                    if (session.payload(), getattr(session, "asking", None)) != before:
                        print("%s: `%s` out of memory at %s changed the session" % (
                            name, request, where))
                        failures += 1
                        break
                    got = send(session, request, -1)
                if got != (want[0] if want else None):
                    print("%s: `%s` out of memory at %s, then\n  got  %s\n  want %s" % (
                        name, request, where, got, want[0] if want else None))
                    failures += 1
                    break
                if session.payload() != clean:
                    print("%s: `%s` out of memory at %s, then its reply right but the state not"
                          % (name, request, where))
                    failures += 1
                    break
                if saved() not in (None, clean):
                    print("%s: `%s` out of memory at %s, then the saved state is not the one in "
                          "RAM" % (name, request, where))
                    failures += 1
                    break
    shutil.rmtree(work)
    print("failures %d" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
