"""Compact one-line JSON for protocol replies, byte-identical on every interpreter.

Hand-written because MicroPython's dicts do not keep insertion order and its `json` module spaces
its output differently: a reply is a sequence of (key, value) pairs written in the given order.
Values: bool, None, int, str, a list/tuple of those, or `Obj` (nested pairs).  No floats: their
text differs between interpreters.  Output goes piece by piece to a `write` callable; `Reply`
collects a whole line in one reused buffer, so a long reply never sits in RAM as a list of
fragments and a reply cut short by a failure is never sent.
"""


class Obj:
    """A nested JSON object: an ordered sequence of (key, value) pairs."""

    def __init__(self, pairs):
        self.pairs = pairs


def _plain(text):
    # Over the bytes: iterating the str would make a one-character string per character.
    for c in text.encode():
        if c == 0x22 or c == 0x5C or c < 0x20 or c > 0x7E:
            return False
    return True


def string(text, write):
    """Write `text` as a JSON string literal (non-printable and non-ASCII characters escaped)."""
    if _plain(text):  # the usual case: no per-character garbage
        write('"')
        write(text)
        write('"')
        return
    write('"')
    for ch in text:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            write("\\" + ch)
        elif c < 0x20 or c > 0x7E:
            write("\\u%04x" % (c & 0xFFFF))
        else:
            write(ch)
    write('"')


def value(data, write):
    """Write one JSON value."""
    if data is True:
        write("true")
    elif data is False:
        write("false")
    elif data is None:
        write("null")
    elif isinstance(data, int):
        write(str(data))
    elif isinstance(data, str):
        string(data, write)
    elif isinstance(data, Obj):
        write_object(data.pairs, write)
    elif isinstance(data, (list, tuple, bytearray)):
        write("[")
        first = True
        for item in data:
            if not first:
                write(",")
            first = False
            value(item, write)
        write("]")
    else:
        raise TypeError("cannot encode")


def pairs(items, write):
    """Write `,"key":value` for each pair (the members after an object's first)."""
    for k, v in items:
        write(",")
        string(k, write)
        write(":")
        value(v, write)


def write_object(items, write):
    """Write a whole object of ordered pairs."""
    write("{")
    first = True
    for k, v in items:
        if not first:
            write(",")
        first = False
        string(k, write)
        write(":")
        value(v, write)
    write("}")


class Reply:
    """One reply line, assembled in a buffer kept from one request to the next (`n` bytes of
    `buf` are the line so far; set `n` to 0 to start another).

    Nothing reaches the output until the line is whole, so a failure half-way (out of memory)
    leaves nothing to take back; and once a reply of some length has been made, the next ones of
    that length allocate no buffer.  `write` is the writer `pairs` and `write_object` take.
    """

    def __init__(self, buf=None):
        self.buf = bytearray(128) if buf is None else buf  # (`firmware.lines.serve` lends one)
        self.n = 0

    def write(self, text):
        b = text.encode()
        end = self.n + len(b)
        if end > len(self.buf):
            self.buf.extend(bytes(end - len(self.buf) + 64))
        self.buf[self.n:end] = b
        self.n = end
