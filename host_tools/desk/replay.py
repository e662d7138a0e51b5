"""Re-run a session from its seed and command log, and check that every reply comes out the same.

The dice are a seeded generator identical on every interpreter, and every request is handled the
same way, so a log replays byte for byte: on CPython in this process (default), or through the
console on CPython or the MicroPython unix port (`on="cpython"` / `"micropython"`).  A `# resume`
marker is checked against the CRC of the replayed state, so a gap in the log shows.
"""

import os
import re

from host_tools.desk import cmdlog
from host_tools.desk import consoles

_NOTICE = re.compile(r',"notice":"(?:[^"\\]|\\.)*"}$')


def _plain(reply):
    # A notice says how the save was loaded at the table; a replay does not load one.
    return _NOTICE.sub("}", reply)


class Step:
    """One replayed request: what was logged and what the replay answered."""

    def __init__(self, raw, expected, got):
        self.raw = raw
        self.expected = expected
        self.got = got

    @property
    def ok(self):
        if not self.expected:
            return True
        return [_plain(r) for r in self.expected] == [_plain(r) for r in self.got]


class Result:
    """All steps, plus problems found outside the replies (gaps, a missing start)."""

    def __init__(self):
        self.steps = []
        self.problems = []

    @property
    def ok(self):
        return not self.problems and all(s.ok for s in self.steps)

    def mismatches(self):
        return [s for s in self.steps if not s.ok]


def load_state(path):
    """The payload of the newest good record in a state file (console STATE file or `pull` output).

    LogError, one line naming the file, when it is missing, holds no record, or holds a save of
    another firmware's layout.
    """
    from engine.core import record
    from firmware.storage import FileStore

    try:
        there = cmdlog.not_a_file(path)
        if there:
            raise cmdlog.LogError("cannot read %s: %s" % (path, there))
        with open(path, "rb") as f:
            f.read(1)
    except OSError as e:
        raise cmdlog.LogError("cannot read %s: %s" % (path, e.strerror or e))
    found = record.best(FileStore(path).frames())
    if found is None:
        raise cmdlog.LogError("%s holds no readable state record (is it a state file?)" % path)
    _seq, fmt, payload = found
    try:
        if fmt > record.FORMAT:
            raise record.RecordError("record format %d, this one reads %d" % (fmt, record.FORMAT))
        record.decode(payload)
    except record.RecordError as e:
        raise cmdlog.LogError("%s: a save from another firmware, which this one cannot read (%s)"
                              % (path, e))
    return payload


def segments(events, seed=None, state=None):
    """Split a log into runs that each start fresh: [(start, items)].

    start is ("seed", N) or ("payload", bytes); items are ("req", raw, expected), ("resume", crc)
    or ("at", time).
    """
    out = []
    if state is not None:
        out.append((("payload", load_state(state)), []))
    elif seed is not None:
        out.append((("seed", seed), []))
    for e in events:
        if e[0] == "seed":
            out.append((("seed", e[1]), []))
        elif not out:
            raise cmdlog.LogError(
                "the log does not say where the session started (no '# seed N' line before its "
                "first request): give --seed N, or --state FILE holding the state it started from")
        else:
            out[-1][1].append(e)
    return out


def _session(start, data_dir=None):
    from engine.core.session import Session
    from firmware.datafiles import reader

    session = Session(start[1] if start[0] == "seed" else 0)
    if start[0] != "seed":
        session.restore(start[1])
    session.data = reader(data_dir)  # the same hook as the console's
    return session


def _run_here(start, items, result, data_dir=None):
    from engine.core import protocol
    from engine.core.crc import crc32

    session = _session(start, data_dir)
    for it in items:
        if it[0] == "at":
            continue
        if it[0] == "resume":
            have = "%08x" % crc32(session.payload())
            if have != it[1]:
                result.problems.append(
                    "at a '# resume %s' the replayed state is %s: the log misses requests made "
                    "before that restart (the replies after it may differ)" % (it[1], have))
            continue
        r = protocol.reply(session, it[1])
        result.steps.append(Step(it[1], it[2], [] if r is None else [r]))


def _run_console(kind, start, items, result, heap):
    import os
    import tempfile

    lines = []
    args = []
    tmp = None
    if start[0] == "seed":
        lines.append(b"seed %d" % start[1])
    else:
        from engine.core.record import frame

        fd, tmp = tempfile.mkstemp(prefix="tal-replay-", suffix=".state")
        os.write(fd, frame(start[1], 1))
        os.close(fd)
        args.append(tmp)
        lines.append(b"state")  # a first reply to drop, like the seed's
    items = [it for it in items if it[0] != "at"]
    for it in items:
        lines.append(b"state" if it[0] == "resume" else it[1])
    try:
        # `serve` strips the newline and one carriage return: a request that ends in one keeps it
        p = consoles.run(kind, b"".join(l + (b"\r\n" if l[-1:] == b"\r" else b"\n")
                                        for l in lines), heap=heap, args=args)
    finally:
        if tmp:
            os.unlink(tmp)
    out = p.stdout.decode("utf-8", "replace").splitlines()
    if p.returncode != 0 or len(out) != len(lines):
        result.problems.append("the %s console stopped early (%d replies to %d lines): %s" % (
            kind, len(out), len(lines), p.stderr.decode("utf-8", "replace").strip()[-300:]))
        out += [""] * (len(lines) - len(out))
    for it, got in zip(items, out[1:]):
        if it[0] == "resume":
            if '"crc":"%s"' % it[1] not in got:
                result.problems.append("at a '# resume %s' the replayed state differs (%s): the "
                                       "log misses requests made before that restart" % (it[1], got))
            continue
        result.steps.append(Step(it[1], it[2], [got]))


def replay(events, seed=None, state=None, on="here", heap="64K", data_dir=None):
    """Replay a log's events; return a Result (`on`: "here", "cpython" or "micropython").

    `data_dir` (in this process only) replaces data/, e.g. with the files of the board played on.
    """
    result = Result()
    if seed is not None and not 0 <= seed < cmdlog.SEED_LIMIT:
        raise cmdlog.LogError("--seed %d is not one the dice take (0..%d)" % (
            seed, cmdlog.SEED_LIMIT - 1))
    if data_dir and on != "here":
        raise cmdlog.LogError("--data works with the in-process replay only (--on here)")
    for start, items in segments(events, seed, state):
        if on == "here":
            _run_here(start, items, result, data_dir)
        else:
            _run_console(on, start, items, result, heap)
    return result


def render(result, out, quiet=False):
    """Print the replayed session as a transcript; a differing reply is shown with the logged one."""
    for s in result.steps:
        if not quiet or not s.ok:
            out.write("> %s\n" % s.raw.decode("ascii", "replace"))
            for r in s.got:
                out.write("< %s\n" % r)
        if not s.ok:
            for r in s.expected:
                out.write("! logged: %s\n" % r)
    for p in result.problems:
        out.write("! %s\n" % p)
    n = len(result.steps)
    bad = len(result.mismatches())
    checked = sum(1 for s in result.steps if s.expected)
    out.write("# %d requests replayed, %d with a logged reply, %d differ%s\n" % (
        n, checked, bad, "" if not result.problems else ", %d problems" % len(result.problems)))
