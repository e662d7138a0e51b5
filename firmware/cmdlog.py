"""An optional command log: every answered request and its reply, appended to a file.

`python -m host_tools replay` re-runs a log on the desktop and checks every reply; `... log` turns
one into the campaign log sheet.  The format is the transcript format of docs/PROTOCOL.md plus
`#` header lines saying where the session started:

    # tal-log 1
    # seed 123456          a fresh session with these dice
    # resume 1a2b3c4d      a session loaded from its saved state (CRC-32 of the payload)
    > roll 3d10
    < {"ok":true,...}

`lines.serve` hands it each answered request with its reply (`entry`); both go to the file at
once.  A line that gets no reply (blank, `#`) is not logged; a line too long is logged by its
first 200 bytes, as the console kept them.
"""


class CommandLog:
    """Appends each request/reply pair of a console session to the file at `path`."""

    def __init__(self, path, session):
        self.f = open(path, "ab")
        if session.resumed:  # resumed from a saved record: say which one
            from engine.crc import crc32
            self._line("# resume %08x\n" % crc32(session.payload()))
        else:
            self._line("# tal-log 1\n# seed %d\n" % session.rng.seed_value)
        self.f.flush()

    def _line(self, s):
        self.f.write(s.encode())

    def entry(self, request, n, reply, m):
        """Log the request `request[:n]` and its reply line `reply[:m]` (newline included)."""
        self.f.write(b"> ")
        self.f.write(bytes(request[:n]))
        self.f.write(b"\n< ")
        self.f.write(bytes(reply[:m]))
        self.f.flush()
