"""The line-protocol console: requests on stdin, one JSON reply line each on stdout.

Runs the same on CPython (`make console`) and the MicroPython unix port (`make console-mpy`); the
transport is firmware/lines.py, which the boards' USB serial uses too.  Usage:
`console.py [STATE_PATH] [--log=LOG_PATH]`: with a path the session is durable; with a log every
answered request is appended to LOG_PATH (see `firmware.cmdlog`).

This module holds only the program: everything it imports is imported inside `main`, so that out
of memory at start-up is one line (and the saved state untouched), never a traceback.
"""

import gc
import sys


def _stop(message):
    # Before the first request, out of memory: one line, the saved state untouched, no traceback.
    gc.collect()
    sys.stderr.write(message)
    sys.stderr.write(": nothing changed; give the console a larger heap\n")
    sys.exit(1)


def _import_core():
    # The core one module at a time, collecting in between: each import's garbage is freed before
    # the next module's long-lived code is placed, so MicroPython's non-moving heap stays in few
    # pieces (tests/test_micropython.py holds the dice session to its heap).  Measured, the dice
    # transcripts' smallest heap: 10.0 against 10.5 KB on qemu-frozen, 29.8 against 30.5 on
    # unix32-mpy.
    for name in ("engine.core.layout", "engine.core.rng", "engine.core.varint",
                 "engine.core.session", "engine.core.parse", "engine.core.jsonline",
                 "engine.core.dice", "engine.core.cmd_dice", "engine.core.protocol",
                 "engine.core.crc", "firmware.entropy", "firmware.lines"):
        __import__(name)
        gc.collect()


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
    log cannot be written or the heap is too small to start (one line says which and why, before
    any request is read), 2 for arguments it does not take.
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
        try:
            _import_core()
            from firmware.lines import serve

            started = _start(path, log)
            if isinstance(started, str):
                _say(started)
                return 1
            session, entry = started
            out = getattr(sys.stdout, "buffer", sys.stdout)
            if out is None:  # started with its standard output closed
                _say("nowhere to answer: the standard output is closed")
                return 1
            flush = getattr(out, "flush", None)
            gc.collect()  # leave the start-up garbage behind before the first request
        except MemoryError:  # never start from defaults over a save that could not be read
            _stop("out of memory starting the console or loading its saved state")
        serve(session, sys.stdin.buffer, out, flush, entry)
    except KeyboardInterrupt:  # Ctrl-C: every answered request is already saved and logged
        pass
    except OSError as e:  # the replies' reader went away (`| head`): every answer sent is saved
        _closed(e)
        return 1
    return 0


def _closed(e):
    # A closed pipe ends the console quietly, as it does other tools; anything else in one line.
    if not e.args or e.args[0] != 32:  # EPIPE
        from engine.core.record import why

        _say("stopped: " + why(e))
    try:  # CPython would flush stdout again at exit, into the closed pipe
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    except (AttributeError, OSError):
        pass


def _start(path, log):
    # (session, log entry function), or why the console cannot start (one line).
    from engine.core.session import Session
    from firmware.entropy import fresh_seed

    store = None
    if path is not None:
        from firmware.pathcheck import state_files

        why = state_files(path)
        if why is not None:
            return why
        from firmware.storage import FileStore
        store = FileStore(path)
    session = Session(fresh_seed(), store)
    # Used once: its module, dict and function freed.  Kept, the dice transcripts' smallest heap
    # was 8.77 against 8.64 KB on qemu-frozen (sum of the six 52.1 against 51.2), 8.25 against
    # 8.2 on unix32-frozen.
    del sys.modules["firmware.entropy"]
    import firmware

    del firmware.entropy
    # The cups' and tables' data files (data/), through a hook of this session's own: the parsed
    # tables are cached per hook, with what was entered at the table in this session.
    session.data = lambda name: _data(name)
    entry = None
    if log:
        from firmware.cmdlog import CommandLog
        try:
            entry = CommandLog(log, session).entry
        except OSError as e:
            from firmware.pathcheck import words
            return "cannot write the command log %s: %s" % (log, words(e))
    return session, entry


if __name__ == "__main__":
    sys.exit(main(sys.argv))
