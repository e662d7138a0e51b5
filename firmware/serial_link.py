"""The line protocol on a board's USB serial: CircuitPython's `usb_cdc.data`, MicroPython's stdin.

The app calls `Link.poll()` from its main loop (firmware/device.py, with the board profile's
`serial_link(session)`: `firmware.usb_link.usb_data_link` on CircuitPython, `stdin_link` here on
MicroPython): it takes the bytes that have arrived, never waits,
and answers each complete line through `console.serve` (so a serial request is checked, undone and
saved exactly like a console one).  `main()` runs the link alone, without screens: on the
MicroPython unix port that is what the host tests drive through a pty or pipes.

CircuitPython's data channel exists only if `boot.py` enabled it (`usb_cdc.enable(console=True,
data=True)`); it then shows on the computer as a second serial port next to the REPL's.
"""

import sys

from engine.session import MAX_LINE
from firmware.console import serve


class _OneLine:
    """A stream holding one buffered request line, so `serve` answers it and returns."""

    def __init__(self, data):
        self.data = data

    def readline(self, n=-1):
        d = self.data
        self.data = b""
        return d


class Link:
    """Buffer incoming bytes and answer every complete line; `read()` returns what has arrived."""

    def __init__(self, session, read, write, flush=None):
        self.session = session
        self.read = read  # () -> bytes available now (b"" or None: nothing)
        self.write = write  # (bytes) -> None
        self.flush_out = flush
        self.buf = b""
        self.skip = False  # inside an overlong line already refused: drop up to its newline
        self._out = []
        self.reader = None  # the stdin reader, when reading stdin (its `eof` ends `main`)

    def _w(self, s):
        self._out.append(s)

    def _flush(self):
        # One write per reply: fewer, larger USB packets than one per JSON fragment.
        self.write("".join(self._out).encode())
        self._out = []
        if self.flush_out is not None:
            self.flush_out()

    def _answer(self, raw):
        serve(self.session, _OneLine(raw), self._w, self._flush)

    def feed(self, data):
        """Take received bytes; answer the lines they complete; return how many were answered."""
        n = 0
        start = 0
        while start < len(data):
            nl = data.find(b"\n", start)
            end = len(data) if nl < 0 else nl + 1
            piece = data[start:end]
            start = end
            if self.skip:
                self.skip = nl < 0
                continue
            self.buf += piece
            if nl >= 0:
                line = self.buf
                self.buf = b""
                self._answer(line)
                n += 1
            elif len(self.buf) > MAX_LINE + 1:
                self._answer(self.buf)  # serve refuses it as too long
                self.buf = b""
                self.skip = True
                n += 1
        return n

    def poll(self):
        """Answer whatever complete lines have arrived, without waiting; return how many."""
        data = self.read()
        if not data:
            return 0
        return self.feed(bytes(data))


class _StdinReader:
    """Non-blocking reads from MicroPython's stdin (`select.poll`); `eof` is set at its end."""

    def __init__(self):
        import select

        self.stream = sys.stdin.buffer
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.eof = False

    def __call__(self):
        out = b""
        while not self.eof and len(out) < 64 and self.poller.poll(0):
            try:
                b = self.stream.read(1)
            except OSError:  # a pty whose other end closed
                b = b""
            if not b:
                self.eof = True
            out += b
        return out


def stdin_link(session):
    """A Link on MicroPython's stdin/stdout (the USB REPL channel while the app runs)."""
    reader = _StdinReader()
    out = getattr(sys.stdout, "buffer", sys.stdout)
    flush = getattr(sys.stdout, "flush", None)
    link = Link(session, reader, out.write, flush)
    link.reader = reader
    return link


def main(argv):
    """`serial_link.py [STATE_PATH]`: serve the line protocol on stdin/stdout until its end."""
    import time

    from engine.session import Session
    from firmware.entropy import fresh_seed

    store = None
    if len(argv) > 1 and argv[1]:
        from firmware.storage import FileStore
        store = FileStore(argv[1])
    from firmware.datafiles import reader

    session = Session(fresh_seed(), store)
    session.data = reader()  # the cups' and tables' data files, as the console has them
    link = stdin_link(session)
    while not link.reader.eof:
        if not link.poll():
            time.sleep_ms(2) if hasattr(time, "sleep_ms") else time.sleep(0.002)
    if link.buf:
        link.feed(b"\n")  # a last line without its newline still gets its reply


if __name__ == "__main__":
    main(sys.argv)
