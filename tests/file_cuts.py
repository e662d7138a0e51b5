"""A cut at every file operation of a session that answers questions and enters a counter mix,
on the desktop's files (the console's and the simulator's state file and data folder), as the
review of issue 42 made them: the process stops at an operation (a kill: what was written
before stays) or in the middle of a write (torn: half its bytes written).  After each, a restart
must find the state and the player's data files each as they were before the request or as it
left them, the files never ahead of the state (an answer on disk for a request whose state was
never saved: a ghost), never half of what the request wrote (half a mix), every acknowledged
answer and mix there; and the device must go on.  (The boards' flash paths:
host_tools/benches/flash_trials.py `sides`.)

The operations are counted and cut in `firmware.storage` (the state) and `firmware.playerfiles`
(the data folder) through their module names `open`, `os` and `_fsync`.
"""

import os
import shutil

from engine.core import protocol
from engine.core.session import Session
from firmware import datafiles, storage
from firmware.datafiles import reader

try:
    from firmware import playerfiles
except ImportError:  # (the firmware before issue 42, which the test was written against)
    playerfiles = datafiles

# Each step: the requests that put its question back after a restart (a question waits in RAM
# only), then the request cut.
SETUP = "seed 7"  # the first save (a cut there: tests/test_durable.py)
STEPS = (
    (("table ridge =3",), "answer 4"),  # the first answer: answers.txt made from the shipped one
    ((), "so +2"),
    (("table scout =1",), "answer 2 0"),
    (("table ridge =2",), "answer 1"),
    ((), "mix ground new"),
    ((), "mix ground add 6 no-effect"),
    ((), "mix ground add 3 1-hit"),
    ((), "mix ground add 1 2-hits"),
    ((), "mix ground done"),
    ((), "so +1"),
    ((), "mix popup new"),
    ((), "mix popup add 20 no-enemy - -"),
    ((), "mix popup cancel"),
)


class Cut(BaseException):
    """The process stopped (a BaseException: no handler of the app eats it)."""


class Faults:
    def __init__(self):
        self.ops = 0
        self.at = -1  # the operation cut (-1: none)
        self.torn = False

    def op(self, data=None):
        """Before an operation: raise Cut at the one cut; a write torn returns how much of
        `data` is written before the cut."""
        k = self.ops
        self.ops += 1
        if k == self.at:
            if self.torn and data is not None and len(data) > 1:
                return len(data) // 2
            raise Cut()
        return None


class _File:
    def __init__(self, faults, f):
        self.faults = faults
        self.f = f

    def write(self, data):
        if not isinstance(data, str):
            data = bytes(data)
        half = self.faults.op(data)
        if half is not None:
            self.f.write(data[:half])
            self.f.flush()
            raise Cut()
        return self.f.write(data)

    def __getattr__(self, name):  # read, readline, readinto, seek, tell, flush, fileno, close
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def __iter__(self):
        return iter(self.f)


class _Os:
    def __init__(self, faults):
        self.faults = faults

    def __getattr__(self, name):
        real = getattr(os, name)
        if name not in ("rename", "replace", "remove", "mkdir"):
            return real

        def op(*args):
            self.faults.op()
            return real(*args)

        return op


def install(monkeypatch, faults):
    """Count (and cut) the file operations of the state file and the data folder."""
    import builtins

    def fopen(path, mode="r", *args, **kwargs):
        if "w" in mode or "a" in mode or "+" in mode:
            faults.op()  # made or truncated
            return _File(faults, builtins.open(path, mode, *args, **kwargs))
        return builtins.open(path, mode, *args, **kwargs)

    def fsync(fd):
        faults.op()
        os.fsync(fd)

    for module in (storage, datafiles, playerfiles):
        monkeypatch.setattr(module, "open", fopen, raising=False)
        monkeypatch.setattr(module, "_fsync", fsync, raising=False)
    monkeypatch.setattr(datafiles, "os", _Os(faults))
    monkeypatch.setattr(playerfiles, "os", _Os(faults))


def _files(mine):
    out = {}
    for top, _dirs, names in os.walk(mine):
        for name in names:
            with open(os.path.join(top, name), "rb") as f:
                out[os.path.relpath(os.path.join(top, name), mine)] = f.read()
    return out


class Trial:
    def __init__(self, work, faults):
        self.work = work
        self.faults = faults
        self.state = os.path.join(work, "tal.state")
        self.mine = os.path.join(work, "mine")

    def boot(self):
        """A start: the session from the state file, the data folder as it is (a bundle left
        committed is written out, one never committed deleted)."""
        at = self.faults.at
        self.faults.at = -1  # (the start is not cut: it is what the trial checks)
        s = Session(1, storage.FileStore(self.state))
        s.data = reader(None, self.mine)
        self.faults.at = at
        return s

    def snap(self):
        return {n: _read(os.path.join(self.work, n)) for n in os.listdir(self.work)
                if n != "mine"}, _files(self.mine) if os.path.isdir(self.mine) else {}

    def restore(self, snap):
        for n in os.listdir(self.work):
            path = os.path.join(self.work, n)
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.remove(path)
        tops, mine = snap
        for n, data in tops.items():
            _write(os.path.join(self.work, n), data)
        for n, data in mine.items():
            path = os.path.join(self.mine, n)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            _write(path, data)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def reply(session, line):
    return protocol.reply(session, line.encode())


def run(work, monkeypatch, torn=False):
    """Every step of STEPS cut at each of its file operations; (trials, problems, figures):
    figures counts the restarts that found the step landed (its state, its files)."""
    faults = Faults()
    install(monkeypatch, faults)
    faults.torn = torn
    t = Trial(work, faults)
    s = t.boot()
    assert reply(s, SETUP).startswith('{"ok":true')
    snaps, states, files, kinds = [], [], [], []
    for before, line in STEPS:
        snaps.append(t.snap())
        states.append(s.payload())
        files.append(_files(t.mine))
        for b in before:
            assert '"ok":false,"error":"ask"' in reply(s, b), b
        n = faults.ops
        r = reply(s, line)
        assert r.startswith('{"ok":true'), (line, r)
        kinds.append(faults.ops - n)
    states.append(s.payload())
    files.append(_files(t.mine))
    problems = []
    trials = ghosts = halves = 0
    landed = {"state": 0, "files": 0}
    for i, (before, line) in enumerate(STEPS):
        for k in range(kinds[i] + 1):
            t.restore(snaps[i])
            s = t.boot()
            for b in before:
                reply(s, b)
            faults.at = faults.ops + k
            acked = None
            try:
                acked = reply(s, line)
            except Cut:
                pass
            faults.at = -1
            trials += 1
            s = t.boot()
            got_state = s.payload()
            got_files = _files(t.mine)
            where = "%s (%s) cut at operation %d%s" % (line, i, k, " torn" if torn else "")
            st = [j for j in (i, i + 1) if states[j] == got_state]
            fi = [j for j in (i, i + 1) if files[j] == got_files]
            if not st:
                problems.append("%s: the state is neither before nor after" % where)
                continue
            if not fi:
                halves += 1
                problems.append("%s: the data files are neither before nor after: %s" % (
                    where, sorted(set(got_files) ^ set(files[i + 1])) or "changed"))
                continue
            if states[i] != states[i + 1] and max(fi) > max(st) and files[i] != files[i + 1]:
                ghosts += 1
                problems.append("%s: the files are the request's, its state is not" % where)
            if acked is not None and (max(st) != i + 1 or max(fi) != i + 1):
                problems.append("%s: acknowledged (%s) but not kept" % (where, acked))
            landed["state"] += max(st) == i + 1 and states[i] != states[i + 1]
            landed["files"] += max(fi) == i + 1 and files[i] != files[i + 1]
            # and the device goes on: the step again if it did not land, else the next one
            nxt = i if max(fi) != i + 1 and files[i] != files[i + 1] else i + 1
            if nxt < len(STEPS):
                for b in STEPS[nxt][0]:
                    reply(s, b)
                r = reply(s, STEPS[nxt][1])
                if not r.startswith('{"ok":true'):
                    problems.append("%s: then %s is refused: %s" % (where, STEPS[nxt][1], r))
    return trials, problems, dict(landed, ghosts=ghosts, halves=halves, ops=sum(kinds))
