"""`mix ...`: enter a cup's counter mix from the counter sheets, once (docs/protocol/cups.md).

The counter mixes of the Hit, Pop-Up and Ground Forces cups are printed on the counters, not in
our documents: the shipped files are placeholders, and every draw says so until the player has
entered the mix.  The mix being entered is kept in the player's data folder as it grows (a power
cut loses none of it), then replaces the placeholder when it is done.

    mix CUP                   the cup: how many counters, its status, the mix being entered
    mix CUP list              the kinds of counter entered so far (a screen's summary)
    mix CUP new               start entering the mix, from none
    mix CUP add COUNT ...     COUNT counters of one kind:
                                hit     COUNT HEAVY-SIDE HEAVY-TAG LIGHT-SIDE LIGHT-TAG
                                popup   COUNT COUNTER ATTACK RANGE
                                ground  COUNT RESULT
    mix CUP done              the mix entered becomes the cup's (its data file, the player's copy)
    mix CUP cancel            forget the mix being entered

CUP is `hit`, `popup` or `ground`; the words are those of the data files (data/README.md): a Hit
side like `structure*`, `stress:2`, `no-effect`; a tag `-` or the aircraft type printed on it.
Every line is checked as the device reads the file; nothing else changes the game's state.
"""

from engine.tal.cups import data as cupdata
from engine.tal import fields
from engine.core import parse

CUPS = ("hit", "popup", "ground")
_COLUMNS = ("COUNT HEAVY-SIDE HEAVY-TAG LIGHT-SIDE LIGHT-TAG", "COUNT COUNTER ATTACK RANGE",
            "COUNT RESULT")
STATUS = "verified: entered from the counter sheets"
_HEAD = "source: entered at the table from the counter sheets\nstatus: " + STATUS + "\n"


def _mix_name(k):
    return cupdata.FILES[k][:-4] + ".mix"


def _lines(session, name):
    """The lines of the player's data file `name` (empty when there is none)."""
    f = session.data(name) if session.data is not None else None
    if f is None:
        return []
    from engine.core import datafile
    try:
        return [datafile.line_text(x, i + 1) for i, x in enumerate(f)]
    except datafile.DataError as e:
        raise parse.Reject(parse.STATE, "data/%s:%d: %s" % (name, e.line, e.msg))
    finally:
        if hasattr(f, "close"):
            f.close()


def _parse(k, lines):
    """Parse a cup file's lines into a fresh definition; a bad one is refused naming its line."""
    from engine.tal.cups import fileformat
    cup = cupdata.CupDef(cupdata.FILES[k], k)
    try:
        fileformat.parse(cupdata.FILES[k], lines, cup)
    except fileformat.DataError as e:
        raise parse.Reject(parse.RANGE if e.line else parse.STATE, e.msg)
    return cup


def _later(session, writes, forget=False):
    """Write ((how, name, text)...), how "write" or "append", once the request is kept
    (engine/core/sidefiles.py): a request that runs out of memory before then runs again, and
    must not find them made (a kind added twice, a mix done that is no longer being entered)."""
    from engine.core import sidefiles

    try:
        for how, name, text in writes:
            sidefiles.stage(session, name, text, how == "append")
    except OSError as e:
        raise parse.Reject(parse.STATE, "cannot write data/%s (%s): enter the mix on the device, "
                           "in make run, or with python -m host_tools mix" % (
                               name, e.args[-1] if e.args else e))
    if forget:
        session.then = cupdata.forget  # the cups read again, once the new one is written


def _entering(session, k):
    """Counters in the mix being entered, or None when none is being entered."""
    lines = _lines(session, _mix_name(k))
    if not [x for x in lines if x.strip()]:
        return None
    body = [x for x in lines if x.strip() and x.split()[0][-1:] != ":" and x[:1] != "#"]
    return sum(int(x.split("|")[0].strip()) for x in body)


def _kinds(session, name):
    """The kinds of counter in the mix being entered: [{"count":N,"sides":[word...]}...]."""
    from engine.core.jsonline import Obj
    out = []
    for x in _lines(session, name):
        cells = [c.strip() for c in x.split("|")]
        if x.strip() and x[:1] != "#" and cells[0].isdigit():
            out.append(Obj((("count", int(cells[0])), ("sides", cells[1:-1]))))
    return out


def _show(session, k):
    cup = cupdata.definition(session, cupdata.FILES[k])
    return (("cup", CUPS[k]), ("file", "data/" + cupdata.FILES[k]), ("counters", cup.n),
            ("status", cup.status), ("entering", _entering(session, k)))


def _check_empty(vals, k):
    """A new mix cannot replace a cup whose counters are out (held, on the battlefield, removed
    for the campaign): the saved game refers to them by number."""
    if k == 2:
        return
    if k == 0:
        sum_at, removed_at, removed_n = fields.HIT_SUM, fields.HIT_REMOVED, 5
    else:
        sum_at, removed_at, removed_n = fields.POPUP_SUM, fields.POPUP_REMOVED, 4
    if vals[sum_at] or [1 for i in range(removed_n) if vals[removed_at + i]]:
        raise parse.Reject(parse.STATE, "counters of the %s cup are out: put them back first "
                           "(mission end, or cup reset %s)" % (CUPS[k], CUPS[k]))


def mix(session, words):
    """`mix CUP [new|add ...|done|cancel]` (see the module doc)."""
    if len(words) < 2 or words[1] not in CUPS:
        raise parse.Reject(parse.SYNTAX, "usage: mix hit|popup|ground [new|add ...|done|cancel]")
    k = CUPS.index(words[1])
    if len(words) == 2:
        return _show(session, k)
    t = words[2]
    name = _mix_name(k)
    if t == "list":
        parse.arity(words, 3, 3, "mix %s list" % words[1])
        return (("cup", CUPS[k]), ("entering", _entering(session, k)),
                ("kinds", _kinds(session, name)))
    if t == "new" or t == "cancel":
        parse.arity(words, 3, 3, "mix %s %s" % (words[1], t))
        _later(session, (("write", name, _HEAD if t == "new" else ""),))
        return _show(session, k)[:-1] + (("entering", 0 if t == "new" else None),)
    if t == "add":
        cells = words[3:]
        n = len(_COLUMNS[k].split())
        if len(cells) != n:
            raise parse.Reject(parse.SYNTAX, "usage: mix %s add %s" % (words[1], _COLUMNS[k]))
        if _entering(session, k) is None:
            raise parse.Reject(parse.STATE, "start the mix first: mix %s new" % words[1])
        line = " | ".join(cells) + " | entered at the table"
        _parse(k, ["source: -", "status: -", line])  # the line alone, as the device reads it
        # and the mix with it (at most 64 counters...)
        got = _parse(k, _lines(session, name) + [line])
        _later(session, (("append", name, line + "\n"),))
        return _show(session, k)[:-1] + (("entering", got.n),)
    if t == "done":
        parse.arity(words, 3, 3, "mix %s done" % words[1])
        lines = _lines(session, name)
        if _entering(session, k) is None:
            raise parse.Reject(parse.STATE, "no mix is being entered: mix %s new" % words[1])
        _check_empty(session.vals, k)
        cup = _parse(k, lines)
        text = ("# %s: the counter mix entered at the table (mix %s), one line per kind of "
                "counter\n" % (cupdata.FILES[k], words[1])) + "\n".join(lines) + "\n"
        _later(session, (("write", cupdata.FILES[k], text), ("write", name, "")), True)
        return (("cup", CUPS[k]), ("file", "data/" + cupdata.FILES[k]), ("counters", cup.n),
                ("status", cup.status), ("entering", None))
    raise parse.Reject(parse.UNKNOWN, "usage: mix hit|popup|ground [new|add ...|done|cancel]")
