"""Roll and ask: the refusal that asks the player for a table row our documents do not print.

A look-up that misses raises `Ask` (a `parse.Reject` with error code "ask"): like every refusal
it changes nothing and consumes no die, so the same request rolls the same die again.  Its one
line names the table, the die and modifiers and what to read ("Scout, d10 = 3: read your
Tactical Display sheet; answer TURNS (-9..9) ..."); `answer V...` (engine/tal/answers.py) records
the values and runs the request again at once.  The commands that can ask are wrapped with `asks`,
which keeps the request's words with the question (the session's RAM: a question lost in a
power cut is asked again by the same request, with the same die).
"""

from engine.core import parse

ASK = "ask"


class Ask(parse.Reject):
    """A missing row: `question` is (table, key, fields, what, sheet); fields are
    (name, lo, hi, words): words None for a number lo..hi, "" for any word, else the choices."""

    def __init__(self, question):
        table, key, fields, what, sheet = question
        want = " ".join("%s (%s)" % (f[0].upper(), "|".join(f[3]) if f[3] else (
            "a word" if f[3] == "" else "%d..%d" % (f[1], f[2]))) for f in fields)
        parse.Reject.__init__(self, ASK, "%s: read your %s; answer %s" % (what, sheet, want))
        self.question = question


def asks(fn):
    """Wrap a command so that a question it raises remembers the request (for `answer`)."""

    def run(session, words):
        try:
            return fn(session, words)
        except Ask as e:
            session.asking = (words, e.question)  # the request, the question
            raise

    return run


def complete(session, table, key, values, fields, what, sheet):
    """Fill the unknown values (UNKNOWN) of a row from the answers entered at the table, or ask
    for the rest (error "ask", the request's die kept).  `fields` gives each value's
    (name, lo, hi, words).  Returns True when an entered value was used."""
    from engine.core.datatables import UNKNOWN  # loaded already: the row came from it

    missing = [i for i in range(len(values)) if values[i] is UNKNOWN]
    if not missing:
        return False
    from engine.tal import answers

    key = str(key)
    ask = []
    for i in missing:
        got = answers.given(session, table, key, fields[i])
        if got is None:
            ask.append(fields[i])
        values[i] = got
    if ask:
        raise Ask((table, key, ask, what, sheet))
    return True
