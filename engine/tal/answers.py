"""The answers entered at the table, and the `answer` command (docs/rules.md, "roll and ask").

A row a document does not print is asked once (engine/tal/ask.py); the player's answer is used at
once and kept in data/tal/answers.txt, written through the front end's hook
(`session.data.append`, firmware/datafiles.py), so the same roll needs no question again.  A
front end without a data folder (the console) keeps the answer for the session and the reply says
so (`"saved":false` and why); a folder that refuses the write refuses the answer, nothing changed.
The answer is kept (in the file, then in the session's copy) only once its request has run and
its reply is made (`session.then`), or a rule has refused it having read the answer (the value
is the card's all the same: it is never asked twice); out of memory, nothing is kept.

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
    return datatables.table(session, FILE, _COLUMNS, optional=True, written=True)[0]


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


# [session, row line] of the answer whose request is running: used by `given` while that request
# runs, kept in the session's copy only by `_keep` (its `session.then`, once the request is
# kept).  A list and a module function, not a closure: the rules transcripts' smallest heap is at
# its budget.
_pending = None


def given(session, table, key, field):
    """The value (converted) the player entered for `field` of row `key` of `table`, or None."""
    rows = _rows(session).starting("%s|%s|" % (table, key))
    p = _pending
    if p is not None and getattr(session, "then", None) is _keep and p[0] is session:
        prefix = "%s|%s|" % (table, key)
        if p[1].startswith(prefix):
            rows = ((table, key, p[1][len(prefix):]),)
    for _table, _key, values in rows:
        for tok in values.split():
            k = tok.find("=")
            if tok[:k] == field[0]:
                try:
                    return convert(field, tok[k + 1:], table, key)
                except parse.Reject as e:
                    raise parse.Reject(parse.STATE, "data/%s: %s" % (FILE, e.msg))
    return None


def _keep():
    # The row into the session's copy, once its request is kept (and its line is in the file,
    # where there is one: engine/core/sidefiles.py).  Allocates nothing: the list's room was made
    # by `answer`.
    from engine.core import datatables
    global _pending
    line = _pending[1]
    _pending = None
    got = datatables._cache[FILE]  # [hook, rows, status, entered]
    got[1].lines.append(line)  # (datatables.add_row, with the line joined before the request ran)
    got[2] = got[2] or "entered at the table"
    got[3] = True


def answer(session, words):
    """`answer` / `answer V...` (see the module doc)."""
    q = getattr(session, "asking", None)
    if q is None:
        raise parse.Reject(parse.STATE, "no question is waiting (the device asks when a roll needs "
                           "a table row it does not know)")
    waiting, question = q[0], q[1]
    table, key, fields, what, sheet = question
    if len(words) == 1:
        return (("table", table), ("key", key), ("ask", what), ("read", sheet),
                ("fields", [Obj((("name", name), ("words", list(choices)))) if choices is not None
                            else Obj((("name", name), ("lo", lo), ("hi", hi)))
                            for name, lo, hi, choices in fields]))
    names = [name for name, _lo, _hi, _choices in fields]
    if len(words) != 1 + len(fields):
        raise parse.Reject(parse.SYNTAX, "answer " + " ".join(names).upper())
    shown = []
    for i in range(len(fields)):
        name, _lo, _hi, choices = fields[i]
        n = convert(fields[i], words[1 + i], table, key)
        shown.append((name, choices[n] if choices else n))  # a free word comes back as itself
    # Kept once the request has run and its state is saved: the line in data/tal/answers.txt
    # (engine/core/sidefiles.py, staged now), the row in the session's copy by `_keep`.  Out of
    # memory before then, `protocol.execute` puts this question back and nothing is kept.
    # (Inline, as is the question's reply: each module global is heap, and the rules
    # transcripts are at budget.)
    global _pending
    from engine.core import datatables
    _rows(session)  # read (and cached) before it grows
    values = " ".join("%s=%s" % (names[i], words[1 + i]) for i in range(len(names)))
    _pending = [session, "%s|%s|%s" % (table, key, values)]
    writes = getattr(session.data, "writes", False)
    if writes:
        from engine.core import sidefiles

        sidefiles.stage(session, FILE, ("" if datatables.present(FILE) else HEADER) +
                        "%s | %s | %s | entered at the table\n" % (table, key, values), True)
    lines = datatables._cache[FILE][1].lines  # (read above)
    # The list's room for the row made now, before the request runs, so that `_keep` appends
    # without growing it while the reply is held (MicroPython's pop keeps the room): without it,
    # campaign.md's answers went over the rules transcripts' 24 KB on qemu-frozen.
    lines.append(_pending[1])
    lines.pop()
    session.then = _keep
    why = None if writes else getattr(session.data, "why", None)
    out = ((("saved", True),) if writes else
           (("saved", False), ("note", "kept for this session: " + why if why else
                               "kept for this session: no data folder to write here")))
    session.asking = None
    from engine.core import protocol
    handler, _kind = protocol._find(waiting, session)
    entered = Obj([("table", table), ("key", key)] + shown)
    try:
        pairs = (("entered", entered),) + out + tuple(handler(session, waiting))
    except parse.Reject as e:
        if session.then is _keep:  # answered: the row is what the player's card or sheet says,
            # whatever the request meets next: the next question (a Campaign card's values, then
            # its Situation card's) or a rule's refusal (an MQ-1's year of service, after the
            # campaign's): this answer is kept, as a request that ran, never asked twice
            session.then = None
            if writes:  # kept with the state (engine/core/sidefiles.py)
                sidefiles.now(session)
            _keep()
            e.answered = True  # (the question stays answered: engine/core/protocol.py)
        raise
    theirs = session.then
    if theirs is not _keep:  # the request's own writes (a reading command's), after the answer
        def both():
            _keep()
            theirs()

        session.then = both
    return pairs
