"""Player-editable data files (cup contents, tables): a small line format, parsed and validated.

No I/O here: a front end hands over the lines (`session.data`), the engine parses them, and a host
tool can validate a file before it goes to the device.

Format (see data/README.md for the player's version)::

    # a comment runs from '#' to the end of the line
    source: where the values come from            header lines `key: text`
    status: unverified: check against your counter sheet
    4 | stress:2 | -  | no-effect | - | placeholder, check      one record per line

A record's columns are separated by `|` when the line has one, otherwise by runs of spaces; in the
space form the last column takes the rest of the line (so a source note may contain spaces).
Header lines are recognised by a first word ending in `:`; only the keys the caller names are
allowed, and all of them are required.

API
    DataError(line, msg)            .line (1-based; 0 = the file as a whole), .msg;
                                    str(e) is "line N: msg" (a host tool prints "file:N: msg")
    integer(lo, hi)                 column converter: a decimal in lo..hi
    choice(words)                   column converter: one of `words` -> its index
    word, text                      column converters: a token, as is (text allows any spaces)
    records(lines, columns, head)   generator of (line number, tuple of converted values), one
                                    per record line; `columns` is a tuple of (name, converter);
                                    `head` is a dict whose keys are the required header keys
                                    (values None), filled with their text.  Raises DataError
                                    naming the line and the bad value; a caller's own checks
                                    across columns raise DataError with the line number given.

A converter is any callable `token -> value` that raises ValueError(message) on a bad token;
the message is reported as "line N: <column name>: <message>".
"""


class DataError(ValueError):
    """A bad data file line: `line` (1-based, 0 = the file as a whole) and `msg`."""

    def __init__(self, line, msg):
        super().__init__("line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


def integer(lo, hi):
    """A converter for a plain decimal (optionally signed) in lo..hi."""

    def conv(tok):
        body = tok[1:] if tok[:1] in ("+", "-") else tok
        if not body or len(body) > 6 or not body.isdigit():
            raise ValueError("'%s' is not a number" % tok)
        n = int(tok)
        if n < lo or n > hi:
            raise ValueError("%s is not in %d..%d" % (tok, lo, hi))
        return n

    return conv


def choice(words):
    """A converter for one of `words` (lower case); returns its index."""

    def conv(tok):
        t = tok.lower()
        for i in range(len(words)):
            if words[i] == t:
                return i
        raise ValueError("'%s' is not one of: %s" % (tok, " ".join(words)))

    return conv


def word(tok):
    """A converter that keeps a token as it is."""
    return tok


text = word  # the last column in the space form may hold spaces: it gets the rest of the line


def _cells(body, n):
    if "|" in body:
        cells = [c.strip() for c in body.split("|")]
    else:
        cells = body.split(None, n - 1)
    return cells


def records(lines, columns, head):
    """Yield (line number, values) per record line of `lines` (see the module doc)."""
    n = len(columns)
    number = 0
    for line in lines:
        number += 1
        if isinstance(line, bytes):
            line = line.decode()
        if number == 1 and line[:1] == "\ufeff":
            line = line[1:]  # the byte order mark some editors write
        k = line.find("#")
        body = (line if k < 0 else line[:k]).strip()
        if not body:
            continue
        first = body.split(None, 1)[0]
        if first[-1] == ":" and first[:-1].replace("-", "").isalpha():
            key = first[:-1].lower()
            if key not in head:
                raise DataError(number, "unknown header '%s' (expected %s)" % (
                    first, ", ".join(sorted(k + ":" for k in head))))
            value = body[len(first):].strip()
            if not value:
                raise DataError(number, "header '%s' is empty" % first)
            head[key] = value
            continue
        cells = _cells(body, n)
        if len(cells) != n:
            raise DataError(number, "%d columns, expected %d (%s)" % (
                len(cells), n, " | ".join(c[0] for c in columns)))
        vals = []
        for i in range(n):
            name, conv = columns[i]
            if not cells[i]:
                raise DataError(number, "%s: empty" % name)
            try:
                vals.append(conv(cells[i]))
            except ValueError as e:
                raise DataError(number, "%s: %s" % (name, e.args[0] if e.args else e))
        yield number, tuple(vals)
    for key in sorted(head):
        if head[key] is None:
            raise DataError(0, "missing header line '%s: ...'" % key)
