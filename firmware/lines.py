"""Request lines in from a byte stream, one reply line each out: the line protocol's transport,
shared by the console (firmware/console.py) and the boards' USB serial (firmware/serial_link.py).

Every byte goes through buffers made once and an out-of-memory reply is made in advance, so a
full heap cannot stop the reading nor cost a request its one reply.
"""

from engine.core import protocol
from engine.core.layout import MAX_LINE

# Replies made in advance: sending them allocates nothing, so they go out when the heap is full.
OUT_OF_MEMORY = b'{"ok":false,"error":"state","msg":"out of memory: nothing changed"}\n'

# What `Lines.push` says about a byte.
MORE = 0  # the line goes on
LINE = 1  # a line ended: it is `Lines.line()`
LONG = 2  # a line longer than MAX_LINE ended: refuse it whole


class Lines:
    """Request lines out of a byte stream, in one buffer kept for the session (taking bytes
    allocates nothing).  A line ends at \n, \r\n or a lone \r, which many serial terminals
    send for Enter.  Of a line longer than MAX_LINE only its first MAX_LINE + 1 bytes are kept,
    and it is refused whole."""

    def __init__(self):
        self.buf = bytearray(MAX_LINE + 1)
        self.n = 0
        self.first = -1  # the line's first byte other than a space (-1: none yet)
        self.after_cr = False

    def push(self, byte):
        """Take `byte`; MORE, LINE or LONG.  After LINE or LONG, `clear` before the next byte."""
        if byte == 10 and self.after_cr:  # the \n of a \r\n: that line has been answered
            self.after_cr = False
            return MORE
        self.after_cr = byte == 13
        if byte == 10 or byte == 13:
            return self.end() or LINE
        if self.first < 0 and byte != 32:
            self.first = byte
        if self.n <= MAX_LINE:
            self.buf[self.n] = byte
            self.n += 1
        return MORE

    def quiet(self):
        """Whether the line gets no reply: blank or a # comment (as `protocol.handle` tells
        them), told from its bytes as they came, so out of memory too."""
        return self.first < 0 or self.first == 35

    def end(self):
        """LINE or LONG if a line is pending (the stream ended without its newline), else MORE."""
        if self.n > MAX_LINE:
            return LONG
        return LINE if self.n else MORE

    def line(self):
        """The finished line (bytes, without its end)."""
        return bytes(self.buf[:self.n])

    def clear(self):
        self.n = 0
        self.first = -1


def sender(out):
    """`send(buf, n)` writing the first n bytes of buf to binary stream `out`: MicroPython's
    streams take the length and copy nothing; elsewhere a copy is made."""
    try:
        out.write(b"", 0)
        return out.write
    except TypeError:
        return lambda buf, n: out.write(bytes(buf[:n]))


def answer(session, lines, event, reply, send, log=None):
    """Send the reply to the line `lines` just finished (`event` LINE or LONG): exactly one line,
    or none for blank and # lines.  Out of memory, the reply is OUT_OF_MEMORY and nothing changed
    (`protocol.execute` aborts before it lets a MemoryError out)."""
    try:
        if lines.quiet():  # no copy of the line to make
            replied = False
        elif event == LONG:
            protocol.too_long(session, reply)
            replied = True
        else:
            replied = protocol.handle(session, lines.line(), reply)
        if replied:
            send(reply.buf, reply.n)
            if log is not None:
                log(lines.buf, lines.n, reply.buf, reply.n)
    except MemoryError:
        replied = True
        send(OUT_OF_MEMORY, len(OUT_OF_MEMORY))
        import gc  # (not a global: the module keeps 12 names, a table of 12 slots)

        gc.collect()
    lines.clear()
    return replied


def serve(session, inp, out, flush=None, log=None):
    """Answer every line of binary stream `inp` with one reply line each on binary stream `out`,
    until the end of `inp`.  `log(request, n, reply, m)` sees each answered pair (firmware.cmdlog).

    Bytes are read one at a time into buffers made once: a full heap cannot stop the reading."""
    from engine.core.jsonline import Reply  # (not a global: see answer)

    lines = Lines()
    # Without a log the reply is made in the line's buffer: the line is copied out before
    # (`Lines.line`) and read no more.  A buffer of its own (128 bytes) made the dice
    # transcripts' smallest heap 9.15 against 9.0 KB on qemu-frozen, 8.6 against 8.4 on
    # unix32-frozen.
    reply = Reply(lines.buf if log is None else None)
    send = sender(out)
    one = bytearray(1)
    while True:
        if inp.readinto(one):
            event = lines.push(one[0])
            if event == MORE:
                continue
        else:
            event = lines.end()
            if event == MORE:
                return
        if answer(session, lines, event, reply, send, log) and flush is not None:
            flush()
