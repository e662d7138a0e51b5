"""The DATA tables: player-editable files the rulebook does not print (docs/rules.md: DATA).

Scout, Ridge Evasion, Battalion Movement and mission stress by range band live in
`data/tal/*.txt`, as do the aircraft cards and pilot names; they are read through the front end's
`session.data(name)` hook and parsed with `engine.core.datafile`, once per hook.  The table files
ship with only the rows the rulebook's examples show: a row marked `?` or missing is unknown, and a
look-up of it is refused with a message naming the file to fill in, never answered with a guess.
"""

from engine.core import datafile
from engine.core import parse

UNKNOWN = None  # a `?` in a column marked "?" (engine.core.datafile)


class Rows:
    """A table's records held compactly: per record, the cells' text (checked) in one string,
    `|` between them, converted again at each pass (`for row in rows`: a tuple of values per
    record).  Measured on unix32-frozen against a list of tuples of values: the rules transcripts'
    smallest heap 29.25 KB against 30.75, every rules request in one session 31.0 against 34.0.
    (One string for the whole table held less, but that one block did not fit a fragmented heap:
    32.25.)"""

    def __init__(self, columns, lines):
        self.columns = columns
        self.lines = lines

    def __len__(self):
        return len(self.lines)

    def __iter__(self):
        return self.starting("")

    def _values(self, line, cols):
        # The values of the record `line`: of columns `cols` (indexes, ascending) or all (None).
        vals = []
        c = at = 0
        while True:
            k = line.find("|", at)
            if k < 0:
                k = len(line)
            if cols is None or c in cols:
                vals.append(datafile.convert(self.columns[c], line[at:k]))
            if k == len(line):
                return tuple(vals)
            at = k + 1
            c += 1

    def add(self, cells):
        self.lines.append("|".join(cells))

    def starting(self, prefix):
        """The records whose text starts with `prefix` (cells as kept, each followed by `|`),
        converted; the others are not: a pass makes no garbage for them, and on the Cortex-M3
        the collections that garbage asked for were most of a pass's time."""
        for line in self.lines:
            if line.startswith(prefix):
                yield self._values(line, None)

    def find(self, col, value):
        """The first record whose column `col` holds `value` (`datafile.same`), or None.  Only
        that column is converted until it is found, and a number in the first column not even
        that: integers are kept as `str(n)`, so the record starts with "n|"."""
        kind = self.columns[col][1]
        if col == 0 and isinstance(kind, tuple) and isinstance(kind[0], int):
            for row in self.starting("%d|" % value):
                return row
            return None
        key = (col,)
        for line in self.lines:
            if datafile.same(self._values(line, key)[0], value):
                return self._values(line, None)
        return None

    def unique(self, numbers, keys):
        """Refuse two records with the same key (`datafile.same`): each of `keys` is a tuple of
        column indexes whose values together must differ between records, `numbers` are their
        line numbers.  DataError names both lines.  Only the key's cells are converted, each
        record once per record before it (whole records: every rules request in one session at
        40 KB took 2.8 to 3.6 s on unix32-frozen against 2.6 to 2.8)."""
        lines = self.lines
        for key in keys:
            for i in range(1, len(lines)):
                a = self._values(lines[i], key)
                for j in range(i):
                    b = self._values(lines[j], key)
                    k = 0
                    while k < len(key) and datafile.same(a[k], b[k]):
                        k += 1
                    if k == len(key):
                        raise datafile.DataError(numbers[i], "%s already given on line %d (one "
                                                 "row each)" % (" and ".join(
                                                     self.columns[c][0] for c in key), numbers[j]))


KEEP = True  # the cache below survives a screen closing (engine/core/unload.py)
_cache = {}  # file name -> [data hook, rows, status line, grown]: parsed once per hook


def table(session, name, columns, keys=(), optional=False, written=False, match=None):
    """(rows, status) of data file `name` (e.g. "tal/scout.txt"): `Rows`, a tuple per record
    without the last column (the source note, for people), and the file's `status:` line.

    The front end supplies the hook `session.data(name)` (an open binary file of data/<name>, or
    lines, or None); a missing or invalid file is refused with error `state` naming the file and
    line (an `optional` file that is missing has no rows and status None).  `keys`: column index
    tuples that no two rows may share (`Rows.unique`): a second row for the same die or name
    would otherwise be silently ignored.  A file the device `written` (answers.txt) whose last
    line is damaged (a power cut as it was written) has that line set aside, said in
    `session.notice`: the rest is used.  With `match` (col, value), see `lookup`.
    """
    hook = getattr(session, "data", None)
    got = _cache.get(name)
    if got is not None and got[0] is hook:
        return (got[1], got[2]) if match is None else got[1].find(match[0], match[1])
    if hook is None:
        raise parse.Reject(parse.STATE, "no data files here: cannot read %s" % name)
    try:
        lines = hook(name)
    except OSError as e:
        raise parse.Reject(parse.STATE, "cannot read %s (%s)" % (name, e))
    if lines is None:
        if optional:
            _cache[name] = [hook, Rows(columns, []), None, False]
            return _cache[name][1], None
        raise parse.Reject(parse.STATE, "data file %s is missing" % name)
    head = {"source": None, "status": None}
    try:
        rows = Rows(columns, [] if match is None else [""])
        numbers = []
        # without the source notes (for people): only the rows are kept
        number = 0
        bad = None  # a damaged line of a `written` file: set aside if it is the last
        for raw in datafile.bounded(lines):  # (datafile.record, not records: see there)
            if bad is not None:
                raise bad
            number += 1
            try:
                cells = datafile.record(raw, number, columns, head, False, False)
            except datafile.DataError as e:
                if not written:
                    raise
                bad = e
                continue
            if cells is None:
                continue
            if match is None:
                rows.add(cells)
                numbers.append(number)
                continue
            rows.lines[0] = "|".join(cells)  # (the row looked at, kept only when it matches)
            if datafile.same(rows._values(rows.lines[0], match[:1])[0], match[1]):
                if numbers:
                    raise datafile.DataError(number, "%s already given on line %d (one row "
                                             "each)" % (columns[match[0]][0], numbers[0]))
                numbers.append(number)
                got = rows.lines[0]
        datafile.end(head)
        if match is not None:
            return rows._values(got, None) if numbers else None
        rows.unique(numbers, keys)
        if bad is not None:
            session.notice = ("data/%s:%d: %s: the file's last line, set aside (cut short as it "
                              "was written?); the rest is used" % (name, bad.line, bad.msg))
    except datafile.DataError as e:
        raise parse.Reject(parse.STATE, "data/%s:%d: %s" % (name, e.line, e.msg))
    except OSError as e:
        raise parse.Reject(parse.STATE, "cannot read %s (%s)" % (name, e))
    finally:
        close = getattr(lines, "close", None)
        if close is not None:
            close()
    _cache[name] = [hook, rows, head["status"], False]
    return rows, head["status"]


def lookup(session, name, columns, col, value):
    """The record of data file `name` whose column `col` holds `value` (`datafile.same`),
    converted as `rows` gives it, or None: from the table when it is held, else read through
    the file once, each line checked as `table` checks it (two records with that key are
    refused, other keys are not compared) and only that record kept.  A pilot's name in a
    reply held the whole table of names, 1.6 KB, in the hungriest request of a campaign."""
    return table(session, name, columns, match=(col, value))


def forget():
    """Out of memory or short of it (`engine.core.unload.release`): drop the parsed tables; the
    next use reads the file again (a reply's data note comes from the same request's read).  A
    table with rows entered at the table stays: they may be nowhere else.  Allocates nothing;
    True when a table was dropped."""
    dropped = False
    while True:
        for name in _cache:
            if not _cache[name][3]:
                break
        else:
            return dropped
        del _cache[name]
        dropped = True


def present(name):
    """Whether the (already read) data file `name` exists."""
    got = _cache.get(name)
    return got is not None and got[2] is not None


def add_row(name, row):
    """Add a row to the session's copy of an (already read) file: a value entered at the table."""
    got = _cache[name]
    got[1].add(row)
    got[2] = got[2] or "entered at the table"
    got[3] = True


def rows(session, name, columns, keys=()):
    """The records of data file `name` (see `table`)."""
    return table(session, name, columns, keys)[0]


def unverified(status):
    """True unless a file's status line says it is verified."""
    return not status.lower().startswith("verified")


def data_note(name):
    """(("data", status),) for a reply that used data file `name` when it is unverified, else ().

    Wherever unverified values are used, the reply says so (the player checks them).
    """
    got = _cache.get(name)
    if got is not None and unverified(got[2]):
        return (("data", got[2]),)
    return ()


def entered_note(entered, name):
    """The reply's data note: "entered at the table" when an answer was used, else the file's."""
    return (("data", "entered at the table"),) if entered else data_note(name)
