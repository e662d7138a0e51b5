"""An optional command log: every answered request and its reply, appended to a file.

`python -m host_tools replay` re-runs a log on the desktop and checks every reply; `... log` turns
one into the campaign log sheet.  The format is the transcript format of docs/PROTOCOL.md plus
`#` header lines saying where the session started and when:

    # tal-log 2
    # seed 123456          a fresh session with these dice
    # resume 1a2b3c4d      a session loaded from its saved state (CRC-32 of the payload)
    # at 2026-03-01 21:07  the local time (to the minute) of the requests below it
    > roll 3d10
    < {"ok":true,...}
    >\\ roll d10\\x0b        a request holding bytes outside printable ASCII (refused by the
                           protocol), escaped as \\xNN (and a backslash as \\x5c)

So a log holds printable ASCII lines only, whatever was typed, and replays byte for byte.

It sits between the console and its streams (`console.serve` is unchanged): the request is the
last line read, the reply is what was written since, and both go to the file when the console
flushes, which it does once per reply.  A line that gets no reply (blank, `#`) is not logged.
"""

import time


def _minute():
    """The local time to the minute, "YYYY-MM-DD HH:MM" (None where there is no clock)."""
    try:
        return "%04d-%02d-%02d %02d:%02d" % tuple(time.localtime()[:5])
    except (AttributeError, OSError, OverflowError):
        return None


def _plain(b):
    for c in b:
        if c < 0x20 or c > 0x7E:
            return False
    return True


def escape(req):
    """A request line as printable ASCII: bytes outside it, and the backslash, as \\xNN."""
    out = bytearray()
    for c in req:
        if c < 0x20 or c > 0x7E or c == 0x5C:
            out.extend(b"\\x%02x" % c)
        else:
            out.append(c)
    return bytes(out)


class CommandLog:
    """Wraps a console's input stream and writer; appends each request/reply pair to `path`.

    Raises OSError if the file cannot be opened or written (the console says so and stops).
    """

    def __init__(self, path, session, inp, write, flush=None):
        self.inp = inp
        self._write = write
        self._flush = flush
        self._req = b""
        self._fresh = True  # the next line read starts a new request
        self._out = []
        self._at = None  # the last "# at" time written
        self.path = path
        self.f = open(path, "ab")
        if session._saved is not None:  # resumed from a saved record: say which one
            from engine.crc import crc32
            self._line("# resume %08x\n" % crc32(session._saved))
        else:
            self._line("# tal-log 2\n# seed %d\n" % session.rng.seed_value)
        self._stamp()
        self.f.flush()

    def _line(self, s):
        self.f.write(s.encode())

    def _stamp(self):
        at = _minute()
        if at is not None and at != self._at:
            self._at = at
            self._line("# at %s\n" % at)

    def readline(self, n=-1):
        """Read a request line (for `serve`) and remember it as the pending request."""
        raw = self.inp.readline(n)
        if self._fresh:  # a too-long line is read in pieces: keep its first piece
            self._req = raw
        self._fresh = raw[-1:] == b"\n" or not raw
        return raw

    def write(self, s):
        """Write reply text through, keeping a copy for the log."""
        self._write(s)
        self._out.append(s)

    def flush(self):
        """The reply is complete: flush it, then append request and reply to the log.

        A log that can no longer be written (the disk is full) is said once on stderr and
        dropped: the session goes on, saved as before.
        """
        if self._flush is not None:
            self._flush()
        try:
            if self.f is not None:
                self._append()
        except OSError as e:
            import sys
            from firmware.pathcheck import words

            sys.stderr.write("command log %s: %s: no more requests are logged\n" % (
                self.path, words(e)))
            try:
                self.f.close()
            except OSError:
                pass
            self.f = None
        self._out = []
        self._req = b""

    def _append(self):
        req = self._req
        # What `serve` strips: the newline, then one carriage return (CRLF terminals).
        if req[-1:] == b"\n":
            req = req[:-1]
        if req[-1:] == b"\r":
            req = req[:-1]
        self._stamp()
        if _plain(req):
            self.f.write(b"> ")
            self.f.write(req)
        else:
            self.f.write(b">\\ ")
            self.f.write(escape(req))
        self.f.write(b"\n")
        for line in "".join(self._out).split("\n"):
            if line:
                self._line("< " + line + "\n")
        self.f.flush()
