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

`lines.serve` hands it each answered request with its reply (`entry`); both go to the file at
once.  A line that gets no reply (blank, `#`) is not logged; a line too long is logged by its
first 201 bytes, as the console kept them (so it replays as too long).
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
    """Appends each request/reply pair of a console session to the file at `path`.

    Raises OSError if the file cannot be opened or written (the console says so and stops).
    """

    def __init__(self, path, session):
        self._at = None  # the last "# at" time written
        self.path = path
        self.f = open(path, "ab")
        if session.resumed:  # resumed from a saved record: say which one
            from engine.core.crc import crc32
            self._line("# resume %08x\n" % crc32(session.payload()))
        else:
            self._line("# tal-log 2\n# seed %d\n" % session.rng.seed_value)
        self._stamp()
        self.f.flush()

    def _line(self, text):
        self.f.write(text.encode())

    def _stamp(self):
        at = _minute()
        if at is not None and at != self._at:
            self._at = at
            self._line("# at %s\n" % at)

    def entry(self, request, request_len, reply, reply_len):
        """Log the request `request[:request_len]` and its reply line `reply[:reply_len]`
        (newline included).

        A log that can no longer be written (the disk is full) is said once on stderr and
        dropped: the session goes on, saved as before.
        """
        if self.f is None:
            return
        try:
            self._append(bytes(request[:request_len]), bytes(reply[:reply_len]))
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

    def _append(self, req, reply):
        self._stamp()
        if _plain(req):
            self.f.write(b"> ")
            self.f.write(req)
        else:
            self.f.write(b">\\ ")
            self.f.write(escape(req))
        self.f.write(b"\n< ")
        self.f.write(reply)
        self.f.flush()
