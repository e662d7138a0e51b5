"""The line-protocol console: requests on a byte stream in, one JSON reply line each out.

Runs the same on CPython (`make console`), the MicroPython unix port (`make console-mpy`) and a
device's USB serial.  Usage: `console.py [STATE_PATH]`: with a path the session is durable.
"""

import sys

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


def main(argv):
    store = None
    if len(argv) > 1 and argv[1]:
        from firmware.storage import FileStore
        store = FileStore(argv[1])
    session = Session(fresh_seed(), store)
    import gc

    gc.collect()  # leave the imports' garbage behind before the first request
    flush = getattr(sys.stdout, "flush", None)
    serve(session, sys.stdin.buffer, sys.stdout.write, flush)


if __name__ == "__main__":
    main(sys.argv)
