"""Whose counter mix each cup holds, and the `mix` requests that need no more than that: `mix`
(the game's cups whose mix is not the player's yet) and `mix CUP confirm` (the cup as it stands
is the player's); every other `mix` request is engine/tal/cmd_mix.py's, loaded for it.

Apart from cmd_mix, so that a campaign's set-up, which asks these (`campaign ready`,
engine/tal/cmd_setup.py) and confirms its cups, loads neither the entering of a mix nor a cup's
definition: from `.mpy` files every rules request in one console needed 95 KB on unix32-mpy with
them loaded there, 90 before the counter mix.

A cup's mix is the player's when its file's status begins with `verified` (the player's copy:
entered or confirmed at the table, or checked and marked by hand), or when the player confirmed
it for this session where no file can be written (the console): engine/tal/cups/data.py applies
both when it reads the cups, and engine/tal/cups/rules.py refuses a campaign's draw from any other.
"""

from engine.core import parse
from engine.tal.cups import data as cupdata
from engine.tal.cups.counters import CUPS, NAMES

HERE = "verified: confirmed at the table, for this session only (no data folder to write)"


def mix(session, words):
    """`mix`, `mix CUP`, `mix CUP confirm`; the other `mix` requests go to engine/tal/cmd_mix.py
    (as the Counter mix screen, which reads `mix CUP` at every step, does only to enter a mix)."""
    if len(words) == 1:
        return (("to_confirm", to_confirm(session)),)
    if len(words) == 2 and words[1] in CUPS:
        k = CUPS.index(words[1])
        n, _mine, status = _scan(session, k)
        if not n:
            raise parse.Reject(parse.STATE, "data file %s not found" % cupdata.FILES[k])
        return (("cup", CUPS[k]), ("file", "data/" + cupdata.FILES[k]), ("counters", n),
                ("status", here(session.data)[k] or status), ("entering", _entering(session, k)))
    if len(words) == 3 and words[2] == "confirm" and words[1] in CUPS:
        return _confirm(session, CUPS.index(words[1]))
    from engine.tal import cmd_mix

    return cmd_mix.mix(session, words)


def not_mine(k):
    """Why a campaign's draw from cup k is refused (engine/tal/cups/rules.py `require_mine`)."""
    return ("the %s cup's counter mix is not confirmed: compare it with your counters, then "
            "confirm it or change it (mix %s confirm, or mix %s check kind by kind)" % (
                NAMES[k], CUPS[k], CUPS[k]))


def to_confirm(session):
    """The cups of the selected game whose mix is not the player's yet (request words):
    Hit and Pop-Up in TAL, the Ground Forces cup too with Expansion #3, none in the Golan game."""
    from engine.tal import cmd_game
    game = cmd_game.selected(session)
    if game == cmd_game.GOLAN:
        return []
    return [CUPS[k] for k in range(3 if game == cmd_game.EXP3 else 2) if not _mine(session, k)]


def _mine(session, k):
    """Whether cup k's mix is the player's, parsing no cup (the cups' definitions parsed at the
    set-up, and kept, were what a Loiter turn later ran out of memory on, qemu-frozen, exp3.md:411
    24.0 KB against 23.75): a confirmation for the session, else the status line of its file."""
    return bool(here(session.data)[k]) or _scan(session, k)[1]


def _scan(session, k):
    """(counters, whether its status says it is the player's, its status) of cup k's file, read
    line by line and kept nowhere (the device parses it when it draws)."""
    return _read(session, cupdata.FILES[k])


def _entering(session, k):
    """Counters in the mix of cup k being entered (its `.mix` file), or None when none is."""
    n, _mine, status = _read(session, cupdata.FILES[k][:-4] + ".mix")
    return n if status is not None else None


def _read(session, name):
    """(counters, whether the status begins with `verified`, the status or None) of data file
    `name`, read line by line: each kind of counter's count is its first word."""
    f = session.data(name) if session.data is not None else None
    n = 0
    status = None
    if f is None:
        return 0, False, None
    from engine.core import datafile

    try:
        for raw in datafile.bounded(f):  # (a file too large refused before a line is read)
            t = (raw.decode() if isinstance(raw, bytes) else raw).strip()
            if t[:7].lower() == "status:":
                status = t[7:].strip()
            else:
                t = t.replace("|", " ").split()
                if t and t[0].isdigit():  # a kind of counter: its count first
                    n += int(t[0])
    except datafile.DataError as e:
        raise parse.Reject(parse.STATE, "data/%s:%d: %s" % (name, e.line, e.msg))
    except (OSError, UnicodeError):
        pass
    finally:
        if hasattr(f, "close"):
            f.close()
    return n, status is not None and status.lower().startswith("verified"), status


def _confirm(session, k):
    """`mix CUP confirm`: the cup as it stands is the player's mix.  Its file is written again
    with the status of a confirmed mix (the counters, and so the checksum a save keeps, are the
    same; checked as the device reads it) through cmd_mix's write, as `done` writes; with no data
    folder to write, for this session.  Neither keeps the cups parsed (see `_mine`)."""
    if _entering(session, k) is not None:
        raise parse.Reject(parse.STATE, "a mix is being entered: make it the cup's or forget it "
                           "first (mix %s done, mix %s cancel)" % (CUPS[k], CUPS[k]))
    name = cupdata.FILES[k]
    n, mine, status = _scan(session, k)
    if not n:
        raise parse.Reject(parse.STATE, "data file %s not found" % name)
    pairs = (("cup", CUPS[k]), ("file", "data/" + name), ("counters", n))
    hook = session.data
    if mine:  # the file says so: nothing to write
        return pairs + (("status", status), ("entering", None), ("saved", True))
    if getattr(hook, "writes", False):
        from engine.tal import cmd_mix

        return pairs + cmd_mix.confirm(session, k)

    def kept():  # once the reply is made, as a write (again: the same reply)
        here(hook)[k] = HERE
        cupdata.forget()  # read again at the next use, the confirmation applied
        session.changes += 1  # what the screens show changed: they read the engine again

    session.then = kept
    return pairs + (("status", HERE), ("entering", None), ("saved", False))


def here(hook):
    """Per cup, the status of the mix confirmed for the session of `hook` only (None: none),
    kept where engine/tal/cups/data.py reads it: on the hook, one per session, or with it in
    `cupdata.HERE` when it takes no attribute (the console's function)."""
    got = getattr(hook, "cups_here", None)
    if got is None:
        if cupdata.HERE[0] is hook and hook is not None:
            return cupdata.HERE[1]
        got = [None, None, None]
        try:
            hook.cups_here = got
        except (AttributeError, TypeError):
            cupdata.HERE[0] = hook
            cupdata.HERE[1] = got
    return got
