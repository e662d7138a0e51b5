"""The line-protocol console: requests on a byte stream in, one JSON reply line each out.

Runs the same on CPython (`make console`), the MicroPython unix port (`make console-mpy`) and a
device's USB serial.  Usage: `console.py [STATE_PATH] [--log=LOG_PATH]`: with a path the session
is durable; with a log every answered request is appended to LOG_PATH (see `firmware.cmdlog`).
"""

import gc
import sys

# Import the core one module at a time, collecting in between: each import's garbage is freed
# before the next module's long-lived code is placed, so MicroPython's non-moving heap stays in
# few pieces and a dice session runs in a 32 KB heap (tests/test_micropython.py holds us to it).
for _name in ("engine.layout", "engine.rng", "engine.varint", "engine.session", "engine.parse",
              "engine.jsonline", "engine.dice", "engine.cmd_dice", "engine.protocol", "engine.crc",
              "firmware.entropy"):
    __import__(_name)
    gc.collect()

from engine import protocol
from engine.session import MAX_LINE, Session
from engine import parse
from firmware.entropy import fresh_seed


def serve(session, inp, w, flush=None):
    """Answer every line of binary stream `inp` with reply lines written by `w` until EOF."""
    while True:
        raw = inp.readline(MAX_LINE + 2)
        if not raw:
            return
        if len(raw) > MAX_LINE + 1 or (len(raw) == MAX_LINE + 1 and raw[-1:] != b"\n"):
            # Longer than the limit: refuse the whole line, skip to its end without keeping it.
            while raw and raw[-1:] != b"\n":
                raw = inp.readline(MAX_LINE + 2)
            protocol.write_error(parse.SYNTAX, "line longer than %d bytes" % MAX_LINE, w)
            w("}")
            replied = True
        else:
            if raw[-1:] == b"\n":
                raw = raw[:-1]
            if raw[-1:] == b"\r":
                raw = raw[:-1]
            try:
                replied = protocol.handle(session, raw, w)
            except MemoryError:  # mid-reply: end that line, then say what happened
                w("\n")
                protocol.write_error(parse.STATE, "out of memory", w)
                w("}")
                replied = True
        if replied:
            w("\n")
            if flush is not None:
                flush()


def _data(name):
    # Imported on first use: a dice-only session never pays for the data reader's RAM.
    from firmware.datafiles import reader

    return reader()(name)


USAGE = "usage: console.py [STATE_PATH] [--log=LOG_PATH]"


def _say(msg):
    sys.stderr.write(msg + "\n")


def main(argv):
    """`console.py [STATE_PATH] [--log=LOG_PATH]`: the log gets every request and reply.

    Returns the exit status: 0 at the end of the input or on Ctrl-C, 1 when the state file or the
    log cannot be written (one line says which and why, before any request is read), 2 for
    arguments it does not take.
    """
    path = None
    log = None
    for a in argv[1:]:
        if a.startswith("--log=") and len(a) > 6:
            log = a[6:]
        elif a[:1] == "-" or path is not None:
            _say(USAGE)
            return 2
        elif a:
            path = a
    try:
        store = None
        if path is not None:
            from firmware.pathcheck import writable

            why = writable(path)
            if why is not None:
                _say("cannot use the state file %s: %s" % (path, why))
                return 1
            from firmware.storage import FileStore
            store = FileStore(path)
        session = Session(fresh_seed(), store)
        session.data = _data  # the cups' and tables' data files (data/)
        inp = sys.stdin.buffer
        w = sys.stdout.write
        flush = getattr(sys.stdout, "flush", None)
        if log:
            from firmware.cmdlog import CommandLog
            try:
                c = CommandLog(log, session, inp, w, flush)
            except OSError as e:
                from firmware.pathcheck import words
                _say("cannot write the command log %s: %s" % (log, words(e)))
                return 1
            inp, w, flush = c, c.write, c.flush
        gc.collect()  # leave the start-up garbage behind before the first request
        serve(session, inp, w, flush)
    except KeyboardInterrupt:  # Ctrl-C: every answered request is already saved and logged
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
