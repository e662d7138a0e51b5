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


def _plain(s):
    # Over the bytes: iterating the str would make a one-character string per character.
    for c in s.encode():
        if c == 0x22 or c == 0x5C or c < 0x20 or c > 0x7E:
            return False
    return True


def string(s, w):
    """Write `s` as a JSON string literal (non-printable and non-ASCII characters escaped)."""
    if _plain(s):  # the usual case: no per-character garbage
        w('"')
        w(s)
        w('"')
        return
    w('"')
    for ch in s:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            w("\\" + ch)
        elif c < 0x20 or c > 0x7E:
            w("\\u%04x" % (c & 0xFFFF))
        else:
            w(ch)
    w('"')


def value(v, w):
    """Write one JSON value."""
    if v is True:
        w("true")
    elif v is False:
        w("false")
    elif v is None:
        w("null")
    elif isinstance(v, int):
        w(str(v))
    elif isinstance(v, str):
        string(v, w)
    elif isinstance(v, Obj):
        write_object(v.pairs, w)
    elif isinstance(v, (list, tuple, bytearray)):
        w("[")
        first = True
        for item in v:
            if not first:
                w(",")
            first = False
            value(item, w)
        w("]")
    else:
        raise TypeError("cannot encode")


def pairs(ps, w):
    """Write `,"key":value` for each pair (the members after an object's first)."""
    for k, v in ps:
        w(",")
        string(k, w)
        w(":")
        value(v, w)


def write_object(ps, w):
    """Write a whole object of ordered pairs."""
    w("{")
    first = True
    for k, v in ps:
        if not first:
            w(",")
        first = False
        string(k, w)
        w(":")
        value(v, w)
    w("}")


class Reply:
    """One reply line, assembled in a buffer kept from one request to the next (`n` bytes of
    `buf` are the line so far; set `n` to 0 to start another).

    Nothing reaches the output until the line is whole, so a failure half-way (out of memory)
    leaves nothing to take back; and once a reply of some length has been made, the next ones of
    that length allocate no buffer.  `write` is the writer `pairs` and `write_object` take.
    """

    def __init__(self):
        self.buf = bytearray(128)
        self.n = 0

    def write(self, s):
        b = s.encode()
        end = self.n + len(b)
        if end > len(self.buf):
            self.buf.extend(bytes(end - len(self.buf) + 64))
        self.buf[self.n:end] = b
        self.n = end
