"""`mix ...`: the cups' counter mixes, the player's own: entered from the counter sheets or the
shipped mix confirmed against them, once (docs/protocol/cups.md).

The counter mixes of the Hit, Pop-Up and Ground Forces cups are printed on the counters, not in
our documents: the shipped files are placeholders.  Outside a campaign a draw from one goes on,
each reply saying so; in a campaign no counter from a mix the player has not entered or
confirmed changes the game (engine/tal/cups/rules.py `require_mine`), and the set-up waits for
each cup's (`campaign ready`, engine/tal/cmd_setup.py).  The mix being entered is kept in the
player's data folder as it grows (a power cut loses none of it), then replaces the cup when it is
done; a confirmed cup is its file with the status line of the player's mix.

    mix                       the game's cups whose mix is not the player's yet (mine.py)
    mix CUP                   the cup: how many counters, its status, the mix being entered
    mix CUP kinds             the cup's kinds of counter as it stands
    mix CUP list              the kinds of counter entered so far, and the next to check
    mix CUP confirm           the cup as it stands is the player's mix (one step; mine.py)
    mix CUP check             start entering the mix from the cup as it stands, kind by kind:
                                each kind kept or changed (add), or not in the player's cup
                                (skip); `rest` keeps every kind not checked yet
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
from engine.tal.cups.counters import CUPS
from engine.tal import fields
from engine.core import parse

_COLUMNS = ("COUNT HEAVY-SIDE HEAVY-TAG LIGHT-SIDE LIGHT-TAG", "COUNT COUNTER ATTACK RANGE",
            "COUNT RESULT")
STATUS = "verified: entered from the counter sheets"
CONFIRMED = "verified: confirmed at the table against the counter sheets"
_HEAD = "source: entered at the table from the counter sheets\nstatus: " + STATUS + "\n"
_CHECKING = "# checking the cup as it stands, kind by kind\n"  # after _HEAD: `mix CUP check`
_SKIPPED = "# not in my cup: "  # a kind checked and left out (the rest of the line: its words)
_USAGE = "usage: mix [hit|popup|ground [kinds|list|confirm|check|new|add ...|skip|rest|done|cancel]]"


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


def _cup_kinds(session, k):
    """The kinds of counter of cup k as it stands (its file as the device reads it), as `add`
    takes them: [(count, [word...])...], runs of identical counters one kind."""
    from engine.tal.cups.counters import EFFECTS, GROUND, TYPES, UNITS, kind
    cup = cupdata.definition(session, cupdata.FILES[k])
    out = []
    for c in range(cup.n):
        if k == 0:
            words = []
            for s in (1, 0):  # the Heavy side first, as `add` takes them
                e = cup.effect[s][c]
                w = EFFECTS[e]
                if w == "stress":
                    w += ":%d" % cup.value[s][c]
                elif w == "attack":
                    w += ":-%d" % cup.value[s][c]
                elif kind(e) == 1:
                    w += "*"
                t = cup.tag[s][c]
                words += [w, TYPES[t - 1] if t else "-"]
        elif k == 1:
            a = cup.attack[c]
            r = cup.range[c]
            words = [UNITS[cup.unit[c]], "%d%s" % (a & 127, "h" if a & 128 else "l") if a else
                     "-", "-" if r == 255 else "%d" % r]
        else:
            words = [GROUND[cup.hits[c]]]
        if out and out[-1][1] == words:
            out[-1][0] += 1
        else:
            out.append([1, words])
    return out


def _checking(session, k):
    """While the cup is checked kind by kind: (kinds of the cup, how many checked), else None."""
    lines = _lines(session, _mix_name(k))
    if _CHECKING.strip() not in lines:
        return None
    done = 0
    for x in lines:
        if x.startswith(_SKIPPED) or (x.strip() and x[:1] != "#" and x.split()[0][-1:] != ":"):
            done += 1
    return _cup_kinds(session, k), done


def _kind_obj(kind):
    from engine.core.jsonline import Obj
    return Obj((("count", kind[0]), ("sides", kind[1])))


def _line(kind, source=None):
    text = "%d | %s" % (kind[0], " | ".join(kind[1]))
    return text + " | " + source if source else text


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
    """`mix [CUP [kinds|list|confirm|check|new|add ...|skip|rest|done|cancel]]` (the module
    doc)."""
    if len(words) < 2 or words[1] not in CUPS:
        raise parse.Reject(parse.SYNTAX, _USAGE)
    k = CUPS.index(words[1])
    if len(words) == 2:
        return _show(session, k)
    t = words[2]
    name = _mix_name(k)
    if t == "kinds":
        parse.arity(words, 3, 3, "mix %s kinds" % words[1])
        return (("cup", CUPS[k]), ("kinds", [_kind_obj(x) for x in _cup_kinds(session, k)]))
    if t == "list":
        parse.arity(words, 3, 3, "mix %s list" % words[1])
        check = _checking(session, k)
        left = len(check[0]) - check[1] if check is not None and check[1] < len(check[0]) else 0
        return (("cup", CUPS[k]), ("entering", _entering(session, k)),
                ("kinds", _kinds(session, name)),
                ("next", _kind_obj(check[0][check[1]]) if left else None),
                ("checked", check[1] if check is not None else 0), ("left", left))
    if t == "confirm":  # (with more words: `mix CUP confirm` is engine/tal/cups/mine.py's)
        parse.arity(words, 3, 3, "mix %s confirm" % words[1])
    if t == "new" or t == "cancel" or t == "check":
        parse.arity(words, 3, 3, "mix %s %s" % (words[1], t))
        if t == "check":
            _cup_kinds(session, k)  # a cup file that cannot be read is refused here, naming why
        _later(session, (("write", name, _HEAD + _CHECKING if t == "check" else
                          _HEAD if t == "new" else ""),))
        return _show(session, k)[:-1] + (("entering", None if t == "cancel" else 0),)
    if t == "skip" or t == "rest":
        parse.arity(words, 3, 3, "mix %s %s" % (words[1], t))
        check = _checking(session, k)
        if check is None or check[1] >= len(check[0]):
            raise parse.Reject(parse.STATE, "no kind of the cup is left to check (mix %s check "
                               "starts a check)" % words[1])
        kinds, done = check
        if t == "skip":
            text = _SKIPPED + _line(kinds[done]) + "\n"
            got = _entering(session, k)
        else:
            add = [_line(x, "confirmed at the table") for x in kinds[done:]]
            got = _parse(k, _lines(session, name) + add).n  # (at most 64 counters...)
            text = "\n".join(add) + "\n"
        _later(session, (("append", name, text),))
        return _show(session, k)[:-1] + (("entering", got),)
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
        check = _checking(session, k)
        if check is not None and check[1] < len(check[0]):
            raise parse.Reject(parse.STATE, "%d kinds of the cup are still to check: keep or "
                               "change each (mix %s add), leave it out (mix %s skip), or keep "
                               "them all (mix %s rest)" % ((len(check[0]) - check[1],) +
                                                           (words[1],) * 3))
        _check_empty(session.vals, k)
        cup = _parse(k, lines)
        text = ("# %s: the counter mix entered at the table (mix %s), one line per kind of "
                "counter\n" % (cupdata.FILES[k], words[1])) + "\n".join(lines) + "\n"
        _later(session, (("write", cupdata.FILES[k], text), ("write", name, "")), True)
        return (("cup", CUPS[k]), ("file", "data/" + cupdata.FILES[k]), ("counters", cup.n),
                ("status", cup.status), ("entering", None))
    raise parse.Reject(parse.UNKNOWN, _USAGE)


def confirm(session, k):
    """The file of cup k written again with the status of a confirmed mix, through the same write
    as `done` (engine/tal/cups/mine.py `mix CUP confirm`, where a data folder can be written):
    the rest of its reply."""
    name = cupdata.FILES[k]
    lines = _lines(session, name)
    _parse(k, lines)  # a cup file the device cannot read is not confirmed: its line said
    out = ["# %s: the counter mix confirmed at the table as it stands (mix %s confirm)" % (
        name, CUPS[k])]
    for x in lines:
        out.append("status: " + CONFIRMED if x[:1] != "#" and
                   x.split(":")[0].strip().lower() == "status" else x)
    _later(session, (("write", name, "\n".join(out) + "\n"),), True)
    return (("status", CONFIRMED), ("entering", None), ("saved", True))
