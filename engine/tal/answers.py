"""The answers entered at the table, and the `answer` command (docs/rules.md, "roll and ask").

A row a document does not print is asked once (engine/tal/ask.py); the player's answer is used at
once and kept in data/tal/answers.txt, written through the front end's hook
(`session.data.append`, firmware/datafiles.py), so the same roll needs no question again.  A
front end without a data folder (the console) keeps the answer for the session and the reply says
so (`"saved":false` and why); a folder that refuses the write refuses the answer, nothing changed.
The answer is kept (in the file, then in the session's copy) only once its request has run and
its reply is made (`session.then`): a request refused, out of memory too, changes nothing.

    answer          the question waiting: its table, key, what to read, the values wanted
    answer V...     those values: recorded, then the question's request runs again

The file: one line per answer, `table | key | name=value ... | source`, e.g.
`scout | 3 | turns=2 stress=0 lost=no | entered at the table`.
"""

from engine.core import parse
from engine.core.jsonline import Obj

FILE = "tal/answers.txt"
_COLUMNS = (("table", "word"), ("key", "word"), ("values", "text"), ("source", "text"))
HEADER = ("# Values entered at the table: the device asked for them when a roll needed a row our\n"
          "# documents do not print (docs/rules.md, \"roll and ask\").  Correct or delete a line\n"
          "# freely; the device asks again for a row it no longer finds.\n"
          "# One line per answer:  table | key | name=value ... | source\n"
          "source: entered at the table\nstatus: entered at the table\n\n")


def _rows(session):
    from engine.core import datatables
    return datatables.table(session, FILE, _COLUMNS, optional=True)[0]


def convert(field, tok, table, key):
    """A value token for `field` (name, lo, hi, words) -> int (a number, or a word's index)."""
    name, lo, hi, words = field
    if words == "":  # a word printed on a card, e.g. a campaign's result
        if 0 < len(tok) <= 15 and not [c for c in tok if not ("a" <= c <= "z" or c == "-")]:
            return tok
        raise parse.Reject(parse.RANGE, "%s %s %s: a word of a-z and -" % (table, key, name))
    if words:
        if tok in words:
            return words.index(tok)
        raise parse.Reject(parse.RANGE, "%s %s %s: one of %s" % (table, key, name, " ".join(words)))
    body = tok[1:] if tok[:1] in ("+", "-") else tok
    if not body.isdigit() or len(body) > 4 or not lo <= int(tok) <= hi:
        raise parse.Reject(parse.RANGE, "%s %s %s: a number %d..%d" % (table, key, name, lo, hi))
    return int(tok)


def keys(session, table):
    """The keys of the rows of `table` entered at the table (e.g. the campaign cards)."""
    return [key for row_table, key, _values in _rows(session) if row_table == table]


# (session.then, table, key, values) of the answer whose request is running: used by `given`
# while that request runs, kept only by its `then`.
_pending = None


def given(session, table, key, field):
    """The value (converted) the player entered for `field` of row `key` of `table`, or None."""
    rows = _rows(session).starting("%s|%s|" % (table, key))
    p = _pending
    if p is not None and getattr(session, "then", None) is p[0] and p[1] == table and p[2] == key:
        rows = ((table, key, p[3]),)
    for _table, _key, values in rows:
        for tok in values.split():
            k = tok.find("=")
            if tok[:k] == field[0]:
                try:
                    return convert(field, tok[k + 1:], table, key)
                except parse.Reject as e:
                    raise parse.Reject(parse.STATE, "data/%s: %s" % (FILE, e.msg))
    return None


def record(session, table, key, names, tokens, q):
    """The `then` keeping an answer (in the file when the hook can write, and in the session's
    copy of it), and the reply pairs saying whether it is saved."""
    from engine.core import datatables
    _rows(session)  # read (and cached) before it grows
    values = " ".join("%s=%s" % (names[i], tokens[i]) for i in range(len(names)))
    text = "%s | %s | %s | entered at the table\n" % (table, key, values)
    hook = session.data
    append = getattr(hook, "append", None) if getattr(hook, "writes", False) else None
    if append is None:
        out = (("saved", False), ("note", "kept for this session: no data folder to write here"))
    else:
        out = (("saved", True),)

    full = ("" if datatables.present(FILE) else HEADER) + text
    row = (table, key, values)

    def then():
        # In the session's copy first, then the file; a write that fails takes the row back
        # (pop and stores: nothing allocated), so a refusal keeps the answer nowhere.
        global _pending
        _pending = None
        got = datatables._cache[FILE]  # [hook, rows, status, entered]
        lines = got[1].lines
        n = len(lines)
        was = (got[2], got[3])
        try:
            datatables.add_row(FILE, row)
            if append is not None:
                append(FILE, full)
        except BaseException as e:
            while len(lines) > n:
                lines.pop()
            got[2], got[3] = was
            if isinstance(e, OSError):
                session.asking = q  # the question still waits
                raise parse.Reject(parse.STATE, "cannot write data/%s (%s): nothing changed" % (
                    FILE, e.args[-1] if e.args else e))
            raise

    return then, values, out


def _question(q):
    table, key, fields, what, sheet = q
    return (("table", table), ("key", key), ("ask", what), ("read", sheet),
            ("fields", [Obj((("name", name), ("words", list(choices)))) if choices is not None
                        else Obj((("name", name), ("lo", lo), ("hi", hi)))
                        for name, lo, hi, choices in fields]))


def answer(session, words):
    """`answer` / `answer V...` (see the module doc)."""
    q = getattr(session, "asking", None)
    if q is None:
        raise parse.Reject(parse.STATE, "no question is waiting (the device asks when a roll needs "
                           "a table row it does not know)")
    waiting, question = q[0], q[1]
    if len(words) == 1:
        return _question(question)
    table, key, fields, what, sheet = question
    names = [name for name, _lo, _hi, _choices in fields]
    if len(words) != 1 + len(fields):
        raise parse.Reject(parse.SYNTAX, "answer " + " ".join(names).upper())
    shown = []
    for i in range(len(fields)):
        name, _lo, _hi, choices = fields[i]
        n = convert(fields[i], words[1 + i], table, key)
        shown.append((name, choices[n] if choices else n))  # a free word comes back as itself
    # Kept by `then` once the request has run and its reply is made: out of memory before then,
    # `protocol.execute` puts this question back and nothing is kept.
    global _pending
    then, values, out = record(session, table, key, names, words[1:], q)
    session.then = then
    _pending = (then, table, key, values)
    session.asking = None
    from engine.core import protocol
    handler, _kind = protocol._find(waiting, session)
    entered = Obj([("table", table), ("key", key)] + shown)
    pairs = (("entered", entered),) + out + tuple(handler(session, waiting))
    theirs = session.then
    if theirs is not then:  # the request's own writes (a reading command's), after the answer
        def both():
            then()
            theirs()

        session.then = both
    return pairs
