"""The line protocol on a board's USB serial: CircuitPython's `usb_cdc.data`, MicroPython's stdin.

The app calls `Link.poll()` from its main loop (firmware/device.py, with the board profile's
`serial_link(session)`: `firmware.usb_link.usb_data_link` on CircuitPython, `stdin_link` here on
MicroPython): it takes the bytes that have arrived, never waits,
and answers each complete line through `lines.answer` (so a serial request is checked, undone and
saved exactly like a console one).  `main()` runs the link alone, without screens: on the
MicroPython unix port that is what the host tests drive through a pty or pipes.

CircuitPython's data channel exists only if `boot.py` enabled it (`usb_cdc.enable(console=True,
data=True)`); it then shows on the computer as a second serial port next to the REPL's.
"""

import sys

from engine.core.jsonline import Reply
from firmware.lines import MORE, Lines, answer


class Link:
    """Answer every complete line of the bytes that have arrived; never waits.

    `readinto(buf)` puts the bytes available now into `buf` and returns how many (0: none);
    `send(buf, n)` writes a reply (see `lines.sender`).  Bytes, lines and replies go through
    buffers made once, so a full heap does not stop the link: it answers "out of memory"."""

    def __init__(self, session, readinto, send, flush=None):
        self.session = session
        self.readinto = readinto
        self.send = send
        self.flush_out = flush
        self.lines = Lines()
        self.reply = Reply()
        self.inbuf = bytearray(64)
        self.reader = None  # the stdin reader, when reading stdin (its `eof` ends `main`)

    def feed(self, data, n=None):
        """Take received bytes (the first `n` of `data`); answer the lines they complete; return
        how many were answered."""
        answered = 0
        for i in range(len(data) if n is None else n):
            event = self.lines.push(data[i])
            if event != MORE and answer(self.session, self.lines, event, self.reply, self.send):
                answered += 1
                if self.flush_out is not None:
                    self.flush_out()
        return answered

    def finish(self):
        """The input ended: answer a last line that had no newline."""
        event = self.lines.end()
        if event != MORE and answer(self.session, self.lines, event, self.reply, self.send):
            return 1
        return 0

    def poll(self):
        """Answer whatever complete lines have arrived, without waiting; return how many."""
        answered = 0
        while True:
            n = self.readinto(self.inbuf)
            if not n:
                return answered
            answered += self.feed(self.inbuf, n)


class _StdinReader:
    """Non-blocking reads from MicroPython's stdin (`select.poll`); `eof` is set at its end."""

    def __init__(self, stream):
        import select

        self.stream = stream
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.eof = False
        self.one = bytearray(1)

    def __call__(self, buf):
        n = 0
        while not self.eof and n < len(buf) and self.poller.poll(0):
            try:
                got = self.stream.readinto(self.one)
            except OSError:  # a pty whose other end closed
                got = 0
            if not got:
                self.eof = True
                break
            buf[n] = self.one[0]
            n += 1
        return n


def stdin_link(session):
    """A Link on MicroPython's stdin/stdout (the USB REPL channel while the app runs)."""
    from firmware.lines import sender

    reader = _StdinReader(sys.stdin.buffer)
    out = getattr(sys.stdout, "buffer", sys.stdout)
    flush = getattr(out, "flush", None)
    link = Link(session, reader, sender(out), flush)
    link.reader = reader
    return link


def main(argv):
    """`serial_link.py [STATE_PATH]`: serve the line protocol on stdin/stdout until its end."""
    import time

    from engine.core.session import Session
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
    link.finish()  # a last line without its newline still gets its reply


if __name__ == "__main__":
    main(sys.argv)
