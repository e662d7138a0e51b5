"""The answers entered at the table, and the `answer` command (docs/rules.md, "roll and ask").

A row a document does not print is asked once (engine/tal/ask.py); the player's answer is used at
once and kept in data/tal/answers.txt, written through the front end's hook
(`session.data.append`, firmware/datafiles.py), so the same roll needs no question again.  A hook
that cannot write (the console, a read-only drive) keeps the answer for the session and the reply
says so (`"saved":false` and why).

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


def given(session, table, key, field):
    """The value (converted) the player entered for `field` of row `key` of `table`, or None."""
    for _table, _key, values in _rows(session).starting("%s|%s|" % (table, key)):
        for tok in values.split():
            k = tok.find("=")
            if tok[:k] == field[0]:
                try:
                    return convert(field, tok[k + 1:], table, key)
                except parse.Reject as e:
                    raise parse.Reject(parse.STATE, "data/%s: %s" % (FILE, e.msg))
    return None


def record(session, table, key, names, tokens):
    """Keep an answer: in the session's copy of the file, and in the file when the hook can write.
    Returns the reply pairs saying whether it was saved."""
    from engine.core import datatables
    _rows(session)  # read (and cached) before it grows
    text = "%s | %s | %s | entered at the table\n" % (
        table, key, " ".join("%s=%s" % (names[i], tokens[i]) for i in range(len(names))))
    hook = session.data
    append = getattr(hook, "append", None) if getattr(hook, "writes", False) else None
    if append is None:
        out = (("saved", False), ("note", "kept for this session: no data folder to write here"))
    else:
        try:
            append(FILE, ("" if datatables.present(FILE) else HEADER) + text)
            out = (("saved", True),)
        except OSError as e:
            out = (("saved", False), ("note", "kept for this session: cannot write data/%s (%s)"
                                      % (FILE, e.args[-1] if e.args else e)))
    datatables.add_row(FILE, (table, key, text.split(" | ")[2]))
    return out


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
    # Out of memory, `protocol.execute` puts this question back and runs the answer again: the
    # question keeps the answer's words and "saved" pairs, so the second try records nothing twice.
    if q[2] is None:
        q[3] = record(session, table, key, names, words[1:])
        q[2] = words
    elif q[2] != words:  # (a try that ran out of memory twice: its reply said so)
        raise parse.Reject(parse.STATE, "%s is recorded already (its request ran out of memory): "
                           "send it again; to change it, edit data/%s" % (" ".join(q[2]), FILE))
    session.asking = None
    from engine.core import protocol
    handler, _kind = protocol._find(waiting, session)
    entered = Obj([("table", table), ("key", key)] + shown)
    return (("entered", entered),) + q[3] + tuple(handler(session, waiting))
