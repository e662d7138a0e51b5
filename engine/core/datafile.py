"""Player-editable data files (cup contents, tables): a small line format, parsed and validated.

No I/O here: a front end hands over the lines (`session.data`), the engine parses them, and a host
tool can validate a file before it goes to the device.  This is the only parser: the device and
`python -m host_tools validate` give the same verdict on every file, byte for byte, on CPython and
MicroPython alike (tests/test_datafiles_agree.py).

Format (see data/README.md for the player's version)::

    # a comment runs from '#' to the end of the line
    source: where the values come from            header lines `key: text`
    status: unverified: check against your counter sheet
    4 | stress:2 | -  | no-effect | - | placeholder, check      one record per line

A record's columns are separated by `|` when the line has one, otherwise by runs of spaces or
tabs; in the space form the last column takes the rest of the line (so a source note may contain
spaces).  Header lines are recognised by a first word of ASCII letters and `-` ending in `:`;
only the keys the caller names are allowed, and all of them are required.

The bytes accepted: lines end in LF or CR LF (a BOM may start the file); a line holds printable
ASCII and tabs, plus UTF-8 text in `text` columns (the source note) and header values.  Numbers,
words and names are ASCII (the protocol types them: a `٣` is no 3).  Refused, naming the line and
column: a control character (a lone CR, form feed, C1 controls), a Unicode line separator
(U+2028, U+2029), bytes that are not UTF-8 (overlong and surrogate forms included).  The checks
are written out here (digits: `parse.digits`), not left to `str` methods, because CPython's and
MicroPython's differ (`isdigit`, `split`, `lower`, `decode` on non-ASCII text).

API
    DataError(line, msg)            .line (1-based; 0 = the file as a whole), .msg;
                                    str(e) is "line N: msg" (a host tool prints "file:N: msg")
    integer(lo, hi)                 column converter: a decimal in lo..hi
    choice(words)                   column converter: one of `words` -> its index
    word                            column converter: an ASCII token, kept as it is
    text                            column converter: the rest of the line (UTF-8 allowed)
    span                            column converter: a die result `5`, `1..3`, `..0`, `9..`
                                    -> (lo, hi)
    convert(column, token)          the value of `token` in `column` (see below)
    record(raw, number, columns, head, last=True, converted=True), end(head)
                                    one line's values (None: not a record), then the check
                                    that every header was given: `records` without a generator
    records(lines, columns, head, last=True, converted=True)
                                    generator of (line number, tuple of converted values), one
                                    per record line (without the last column, checked but not
                                    kept, when `last` is False; the cells' text, checked, when
                                    `converted` is False, a number's as str(n)); `lines` yields
                                    bytes (a file opened "rb") or str; `columns` is a tuple of
                                    columns (below); `head` is a dict whose keys are the
                                    required header keys (values None), filled with their text.
                                    Raises DataError naming the line and the bad value; a
                                    caller's own checks across columns raise DataError with
                                    the line number given.
    same(a, b)                      whether two values of a key column are the same key:
                                    spans that overlap, words equal but for case

A column is `(name, kind)`, or `(name, kind, "?")` for one that also takes `?` (a value the
documents do not give: None).  Its kind is written as constants where it can be: `"word"`,
`"text"`, `"span"`, `(lo, hi)` for integer(lo, hi), a tuple of words for choice(words).  A
table of such columns is one constant, which a frozen build keeps in flash: the converters made
at import (closures and their cells, the tuples holding them) took the heap instead, about 1.2 KB
for the four tables of the game's sheets on unix32-frozen.  Any callable `token -> value` that
raises ValueError(message) on a bad token is a kind too; the message is reported as
"line N: <column name>: <message>".
"""

from engine.core.parse import digits


class DataError(ValueError):
    """A bad data file line: `line` (1-based, 0 = the file as a whole) and `msg`."""

    def __init__(self, line, msg):
        super().__init__("line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


def _integer(tok, lo, hi):
    body = tok[1:] if tok[:1] in ("+", "-") else tok
    if len(body) > 6 or not digits(body):
        raise ValueError("'%s' is not a number" % tok)
    n = int(tok)
    if n < lo or n > hi:
        raise ValueError("%s is not in %d..%d" % (tok, lo, hi))
    return n


def _choice(tok, words):
    t = tok.lower()
    for i in range(len(words)):
        if words[i] == t:
            return i
    raise ValueError("'%s' is not one of: %s" % (tok, " ".join(words)))


def integer(lo, hi):
    """A converter for a plain decimal (optionally signed) in lo..hi."""

    def conv(tok):
        return _integer(tok, lo, hi)

    return conv


def choice(words):
    """A converter for one of `words` (lower case); returns its index."""

    def conv(tok):
        return _choice(tok, words)

    return conv


def word(tok):
    """A converter that keeps a token as it is (ASCII, like every column but `text`)."""
    return tok


def text(tok):
    """The last column in the space form: the rest of the line, any UTF-8 text (a source note)."""
    return tok


def span(tok):
    """A die-result column: `5`, `1..3`, `..0` (0 or less) or `9..` (9 or more) -> (lo, hi)."""
    k = tok.find("..")
    if k < 0:
        n = _integer(tok, -99, 99)
        return (n, n)
    lo = _integer(tok[:k], -99, 99) if k > 0 else -999
    hi = _integer(tok[k + 2:], -99, 99) if k + 2 < len(tok) else 999
    if lo > hi:
        raise ValueError("'%s' is an empty range" % tok)
    return (lo, hi)


def convert(column, tok):
    """The value of token `tok` in `column` (see the module doc); ValueError when it is bad."""
    kind = column[1]
    if tok == "?" and len(column) > 2:
        return None
    if kind == "word" or kind == "text":
        return tok
    if kind == "span":
        return span(tok)
    if isinstance(kind, tuple):
        if isinstance(kind[0], int):
            return _integer(tok, kind[0], kind[1])
        return _choice(tok, kind)
    return kind(tok)


_SPACE = " \t"


def _split(body, n):
    """Split on runs of ASCII spaces and tabs into at most n fields (the last takes the rest)."""
    out = []
    i = 0
    end = len(body)
    while i < end and len(out) < n - 1:
        while i < end and body[i] in _SPACE:
            i += 1
        j = i
        while j < end and body[j] not in _SPACE:
            j += 1
        if j > i:
            out.append(body[i:j])
        i = j
    rest = body[i:].strip(_SPACE)
    if rest:
        out.append(rest)
    return out


def _cells(body, n):
    if "|" in body:
        return [c.strip(_SPACE) for c in body.split("|")]
    return _split(body, n)


def _is_key(k):
    letter = False
    for ch in k:
        if "a" <= ch <= "z" or "A" <= ch <= "Z":
            letter = True
        elif ch != "-":
            return False
    return letter


def _ascii(text):
    for ch in text:
        if ch > "~":
            return False
    return True


# UTF-8 (RFC 3629): per lead byte, the number of continuation bytes and the range of the first
_LEADS = ((0xC2, 0xDF, 1, 0x80, 0xBF), (0xE0, 0xE0, 2, 0xA0, 0xBF), (0xE1, 0xEC, 2, 0x80, 0xBF),
          (0xED, 0xED, 2, 0x80, 0x9F), (0xEE, 0xEF, 2, 0x80, 0xBF), (0xF0, 0xF0, 3, 0x90, 0xBF),
          (0xF1, 0xF3, 3, 0x80, 0xBF), (0xF4, 0xF4, 3, 0x80, 0x8F))


def _bad_bytes(b, start, end):
    """None if bytes start..end of line `b` hold acceptable text, else what is wrong (a column
    counts from `start`)."""
    i = start
    while i < end:
        c = b[i]
        if c < 0x80:
            if c == 0x0D:
                return ("a carriage return at column %d: lines end in LF or CR LF (save the file "
                        "with Unix or Windows line ends)" % (i - start + 1))
            if (c < 0x20 and c != 9) or c == 0x7F:
                return "a control character (0x%02x) at column %d" % (c, i - start + 1)
            i += 1
            continue
        k = 0
        for lead in _LEADS:
            if lead[0] <= c <= lead[1]:
                k = lead[2]
                lo = lead[3]
                hi = lead[4]
        ok = k and i + k < end and lo <= b[i + 1] <= hi
        for j in range(i + 2, i + k + 1):
            ok = ok and j < end and 0x80 <= b[j] <= 0xBF
        if not ok:
            return ("byte 0x%02x at column %d is not UTF-8 text (save the file as UTF-8)" % (
                c, i - start + 1))
        if c == 0xC2 and b[i + 1] < 0xA0:
            return "a control character (U+%04X) at column %d" % (b[i + 1], i - start + 1)
        if c == 0xE2 and b[i + 1] == 0x80 and (b[i + 2] == 0xA8 or b[i + 2] == 0xA9):
            return "a Unicode line separator (U+%04X) at column %d: one record per line" % (
                0x2000 + b[i + 2] - 0x80, i - start + 1)
        i += k + 1
    return None


def _bounds(raw, number):
    """(bytes, start, end): line `raw` (bytes or str) as bytes, and where it holds its text,
    without a line end and a byte order mark; its bytes checked (DataError)."""
    if isinstance(raw, str):
        raw = raw.encode()
    start = 3 if number == 1 and raw[:3] == b"\xef\xbb\xbf" else 0  # the BOM some editors write
    end = len(raw)
    if end > start and raw[end - 1] == 10:
        end -= 1
    if end > start and raw[end - 1] == 13:
        end -= 1
    bad = _bad_bytes(raw, start, end)
    if bad is not None:
        raise DataError(number, bad)
    return raw, start, end


def line_text(raw, number):
    """The text of one line: bytes (or str) checked, line end removed, decoded."""
    raw, start, end = _bounds(raw, number)
    return raw[start:end].decode()


def _canonical(kind, value, cell):
    # A cell's text as kept (`converted` False): a number as str(n) ("07" is "7"), else as is.
    if value is not None and isinstance(kind, tuple) and isinstance(kind[0], int):
        return str(value)
    return cell


LINE_MAX = 1024  # bytes in a line (the shipped files' longest is 116)
FILE_MAX = 16384  # bytes in a file (the largest shipped is 3.7 KB)


def bounded(lines):
    """`lines` (an open binary file, or lines already read) once its size is checked: a file
    larger than FILE_MAX is refused before a line of it is read (a 60 KB line, read whole, ran
    a board out of memory where it should name its file).  Lines are read as they come: a
    bounded `readline` made a 1 KB block per line, and the session's smallest heap grew 6 KB."""
    seek = getattr(lines, "seek", None)
    if seek is not None:
        size = seek(0, 2)
        seek(0)
        if size > FILE_MAX:
            raise DataError(0, "larger than %d bytes" % FILE_MAX)
    return lines


def records(lines, columns, head, last=True, converted=True):
    """Yield (line number, values) per record line of `lines` (see the module doc)."""
    number = 0
    for raw in bounded(lines):
        number += 1
        vals = record(raw, number, columns, head, last, converted)
        if vals is not None:
            yield number, vals
    end(head)


def record(raw, number, columns, head, last=True, converted=True):
    """The values of line `number` (1-based) of a file, `raw` its bytes or text, as `records`
    yields them, or None for a blank, comment or header line (a header's value goes into `head`).

    The device's parses (engine/core/datatables.py, engine/tal/cups/fileformat.py) loop over the
    lines with this, then `end`: a generator's frame is a heap block of its own (196 bytes for
    `records`, which a fragmented heap may not have), a call's frame falls back to the C stack.
    qemu-frozen, mission.md:398 needs 24.5 KB against 25.25, campaign.md:68 23.25 against 24.25,
    campaign.md:614 28.75 against 29.5.  A line is looked at in its bytes, and only the body of
    a record or header line is copied (a comment line, most of a file, not at all): unix32-frozen
    mission.md:289 22.75 KB against 23.0, mission.md:398 21.0 against 21.25."""
    n = len(columns)
    raw, start, end = _bounds(raw, number)
    if end - start > LINE_MAX:
        raise DataError(number, "a line longer than %d bytes" % LINE_MAX)
    # The body (before a comment, without the spaces around it) is found in the bytes, and only
    # it is copied: a comment line, most of a file, makes no copy of itself.
    k = raw.find(b"#", start, end)
    if k >= 0:
        end = k
    while start < end and (raw[start] == 32 or raw[start] == 9):
        start += 1
    while end > start and (raw[end - 1] == 32 or raw[end - 1] == 9):
        end -= 1
    if start == end:
        return None
    body = raw[start:end].decode()
    j = 0  # the end of the first word (its text is copied only for a header line)
    while j < len(body) and body[j] not in _SPACE:
        j += 1
    if body[j - 1] == ":" and _is_key(body[:j - 1]):
        first = body[:j]
        key = first[:-1].lower()
        if key not in head:
            raise DataError(number, "unknown header '%s' (expected %s)" % (
                first, ", ".join(sorted(k + ":" for k in head))))
        value = body[j:].strip(_SPACE)
        if not value:
            raise DataError(number, "header '%s' is empty" % first)
        head[key] = value
        return None
    cells = _cells(body, n)
    if len(cells) != n:
        raise DataError(number, "%d columns, expected %d (%s)" % (
            len(cells), n, " | ".join(c[0] for c in columns)))
    vals = []
    for i in range(n):
        column = columns[i]
        name = column[0]
        cell = cells[i]
        if not cell:
            raise DataError(number, "%s: empty" % name)
        if column[1] is not text and column[1] != "text" and not _ascii(cell):
            raise DataError(number, "%s: '%s' is not ASCII (only the last column, a note, "
                            "may hold other letters)" % (name, cell))
        try:
            value = convert(column, cell)
            if last or i < n - 1:
                vals.append(value if converted else _canonical(column[1], value, cell))
        except ValueError as e:
            raise DataError(number, "%s: %s" % (name, e.args[0] if e.args else e))
    return tuple(vals)


def end(head):
    """After the last line: every header line was given (DataError otherwise)."""
    for key in sorted(head):
        if head[key] is None:
            raise DataError(0, "missing header line '%s: ...'" % key)


def same(a, b):
    """Whether values `a` and `b` of a column are the same key (a span: any value in both; a
    word: equal but for case)."""
    if isinstance(a, tuple):  # a span (lo, hi)
        return a[0] <= b[1] and b[0] <= a[1]
    if isinstance(a, str):
        return a.lower() == b.lower()
    return a == b
