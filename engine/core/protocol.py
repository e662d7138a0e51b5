"""The line protocol: one request line in, one reply line out (docs/PROTOCOL.md is the contract).

A request is space-separated words, at most 200 bytes of printable ASCII; the command word is
case-insensitive.  A reply is one line of compact JSON whose first key is "ok".  A refused line
changes nothing and consumes no random number: every command runs between `Session.begin` and
`Session.commit`/`abort`.
"""

import sys

from engine.core import jsonline
from engine.core import parse
from engine.core.layout import MAX_LINE

# Module globals are a hash table in RAM (frozen code too) whose sizes go 17, 23, 29, 37 ... slots
# of 8 bytes (py/map.c): this module keeps 29 names at most.  With SEED_LIMIT a global (30
# names, 37 slots) the dice transcripts' smallest heap was 8.96 against 8.9 KB on qemu-frozen
# (sum of the six 52.8 against 52.5).

# What a command may touch, so what `execute` snapshots, records and saves:
READ = 0  # reads only
DICE = 1  # moves the dice only, never the fields (durable, never undone)
CHANGE = 2  # changes the game state (durable, one undo step)
HISTORY = 3  # rewrites fields and the undo log themselves: undo, reset (durable, not a step)


def _state(session, words):
    """`state`: size and CRC-32 of the persistent state record's payload."""
    parse.arity(words, 1, 1, "state")
    from engine.core.crc import crc32
    from engine.core.varint import put_at

    # The payload's CRC 32 bytes at a time, never the payload: made whole (a bytearray grown 8
    # bytes at a time, then copied to bytes) it made the dice transcripts' smallest heap 10.1
    # against 9.8 KB on qemu-frozen, 9.6 against 9.2 on unix32-frozen.
    buf = bytearray(32)
    n = at = crc = 0
    for u in session.varints():
        at = put_at(buf, at, u)
        if at > 27:  # room for one more varint (5 bytes at most)
            crc = crc32(buf[:at], crc)
            n += at
            at = 0
    log = session.undo_log()
    crc = crc32(log, crc32(buf[:at], crc))
    return (("bytes", n + at + len(log)), ("crc", "%08x" % crc))


def _undo(session, words):
    """`undo`: take back the newest state change (never the dice)."""
    parse.arity(words, 1, 1, "undo")
    line = session.undo_last()
    if line is None:
        raise parse.Reject(parse.STATE, "nothing to undo")
    return (("undone", line.decode()),)


def _reset(session, words):
    """`reset N`: start over from defaults with dice seed N (also replaces a refused save)."""
    parse.arity(words, 2, 2, "reset N")
    from engine.core.rng import SEED_LIMIT  # not a global: see the module globals' note above

    session.reset(parse.number(words[1], 0, SEED_LIMIT - 1, "seed"))
    return (("seed", session.rng.seed_value),)


def _help(session, words):
    """`help`: the command words; `help COMMAND`: its forms, as the docs give them."""
    if len(words) == 1:
        return (("commands", _words_of_table()),)
    from engine import helpforms  # loaded for this reply only (it unloads itself)
    return helpforms.reply(words, knows)


# Every command, one per line: word, module (its dotted path under engine/), function, kind
# (r read, d dice, c change, h history), and for a changing command the forms that only read, by
# their second word ("-": the word alone; "bn list"): those answer without a snapshot, an undo step or a write, so
# they answer from a save that cannot be written too (newer firmware, a read-only drive); every
# other form is an action, an undo step even when it changes nothing.  The rules modules are
# imported on the first use of one of their commands, so a dice-only session keeps its RAM
# (MicroPython loads bytecode into the heap unless frozen).  One string, not a tuple of tuples:
# the dice transcripts' smallest heap is 3.4 KB less on unix32-mpy (29.8 against 33.2 KB); frozen
# the tuple would be 0.2 KB less (qemu-frozen 9.8 against 10.0 KB), in ROM.  A form with a
# module of its own follows its command's line as `WORD:FORM`: an enemy attack needs none of
# the roster's commands (0.8 KB frozen; engine/tal/cups/cmd_cup.py `attacked` has the figures).
# Documented in docs/PROTOCOL.md and docs/protocol/*.md.
_TABLE = """
help core.protocol _help r
state core.protocol _state r
undo core.protocol _undo h
reset core.protocol _reset h
seed core.cmd_dice seed d
roll core.cmd_dice roll d
check core.cmd_dice check d
retain core.cmd_dice retain d
pick core.cmd_dice pick d
tally core.cmd_dice tally d
record core.cmd_record record r
cup tal.cups.cmd_cup cup c show
ac tal.cmd_ac ac c list
ac:attacked tal.cups.cmd_cup attacked c
mission tal.cmd_mission mission c -,show
loiter tal.cmd_loiter loiter c -,show
bingo tal.cmd_loiter bingo c
engine tal.cmd_loiter engine c
sar tal.cmd_loiter sar c
ridge tal.cmd_loiter ridge c
table tal.cmd_tables table d
so tal.cmd_campaign so c -
day tal.cmd_day day c -
vp tal.cmd_campaign vp c -
campaign tal.cmd_setup campaign c -,result,cards
bn tal.cmd_campaign bn c list
pilot tal.cmd_pilots pilot c list,show
game tal.cmd_game game c -
cas exp3.cmd_cas cas c -
assault exp3.cmd_assault assault c -
golan golan.commands golan c -
mine golan.commands mine c -
leader golan.commands leader c -
sagger golan.commands sagger d
heli golan.commands heli r
avlb golan.commands avlb c -
mortar golan.commands mortar r
answer tal.answers answer c -
next tal.sequence next_step r
mix tal.cups.mine mix r
"""

def _words_of_table():
    out = []
    at = 1  # past the table's first newline
    while at < len(_TABLE):
        word = _TABLE[at:_TABLE.find(" ", at)]
        if ":" not in word:  # (a form with a module of its own: its command is listed)
            out.append(word)
        at = _TABLE.find("\n", at) + 1
    return out


def knows(word):
    """True when `word` is a command (nothing is imported to tell)."""
    return ":" not in word and _TABLE.find("\n" + word + " ") >= 0


def _find(words, session):
    # (handler, kind) of a request's words: READ for the reading forms of a changing command.
    # The table's entry read in place, by offsets, the kinds by their letter's place in "rdch"
    # (READ..HISTORY): split into words at every request, with a dict of kinds, the dice
    # transcripts' smallest heaps were 64 bytes more each on qemu-frozen (9.2 against 9.15 KB).
    at = _TABLE.find("\n" + words[0] + " ")
    if at < 0:
        return None, None
    if len(words) > 1:  # its forms with a module of their own, on the lines after it
        n = len(words[0])
        line = _TABLE.find("\n", at + 1) + 1
        while _TABLE.startswith(words[0], line) and _TABLE[line + n] == ":":
            if _TABLE.startswith(words[1], line + n + 1) and \
                    _TABLE[line + n + 1 + len(words[1])] == " ":
                at = line - 1
                break
            line = _TABLE.find("\n", line) + 1
    mod = _TABLE.find(" ", at + 1) + 1
    fun = _TABLE.find(" ", mod) + 1
    end = _TABLE.find(" ", fun)
    kind = "rdch".find(_TABLE[end + 1])  # READ, DICE, CHANGE, HISTORY
    if _TABLE[end + 2] == " ":  # the reading forms
        forms = _TABLE.find("\n", end)
        form = words[1] if len(words) > 1 else "-"
        if ("," + _TABLE[end + 3:forms] + ",").find("," + form + ",") >= 0:
            kind = READ
    name = "engine." + _TABLE[mod:fun - 1]
    if not _TABLE.startswith("core.", mod):
        # A game's command: the session's lasting buffers first, then what drops the game's
        # modules between requests (see handle), then the modules, above them.
        from engine.core import undolog

        undolog.reserve(session)
        __import__("engine.core.unload")
        if name not in sys.modules:  # its garbage freed first, the module placed low in the heap:
            import gc  # campaign.md:847's whole campaign 23.25 KB against 23.75 on qemu-frozen

            gc.collect()
    __import__(name)
    return getattr(sys.modules[name], _TABLE[fun:end]), kind


def execute(session, words, reply=None):
    """Run a request given as its (lower-case) words; return its reply pairs or raise Reject.

    The device screens act through this, so a button press and a serial line share one path:
    the same checks, the same undo step name, the same durability.  With `reply` (a
    `jsonline.Reply`) the success line is written into it *before* the change is committed, so
    a reply that cannot be made (out of memory) leaves the change undone.  A MemoryError is
    raised with everything put back; the caller answers it (`firmware.lines.serve` with a line
    made in advance).

    Out of memory, the game modules loaded by earlier requests are dropped (their bytecode and
    globals fill the heap on a board: `engine.core.unload.release`) and the request tried once
    more; the first try left nothing behind, so the reply is the one a roomier heap gives.
    Nor does it, nor a refusal other than a new question, leave the question waiting for
    `answer` (`session.asking`, engine/tal/ask.py, outside the fields that `session.abort` puts
    back) changed.
    """
    asking = getattr(session, "asking", None)
    try:
        return _execute(session, words, reply)
    except MemoryError:
        import gc

        _put_back(session, asking)
        gc.collect()  # the failed try's garbage first
        unload = sys.modules.get("engine.core.unload")  # loaded with a game's first command
        if unload is None or not unload.release():
            raise
    except parse.Reject as e:
        if _puts_back(e):  # refused, the question waiting too is as it was
            _put_back(session, asking)
        raise
    try:
        return _execute(session, words, reply)
    except (MemoryError, parse.Reject) as e:
        if not isinstance(e, parse.Reject) or _puts_back(e):
            _put_back(session, asking)
        raise


def _puts_back(e):
    # a refusal puts the question back, but for a new question and an answer kept all the same
    # (its request then refused by a rule: engine/tal/answers.py)
    return e.code != "ask" and not getattr(e, "answered", False)


def _put_back(session, asking):
    # (no attribute made on a session that never had a question: a dice session's stays small)
    if getattr(session, "asking", None) is not asking:
        session.asking = asking


def _execute(session, words, reply):
    try:
        handler, kind = _find(words, session)
    except MemoryError:
        raise
    except Exception as e:  # a module that cannot load (a file missing on the board)
        raise parse.Reject(parse.STATE, "cannot load this command: %s" % type(e).__name__)
    if handler is None:
        raise parse.Reject(parse.UNKNOWN, "unknown command (try help)")
    if kind != READ:
        session.begin(kind == CHANGE)  # undo, reset: the fields when they change them
    saving = False
    staged = ready = None
    try:
        pairs = handler(session, words)
        if reply is not None:
            _ok(session, pairs, reply)
        # The files the request writes beside the state (engine/core/sidefiles.py): made ready
        # now, kept once the state is saved (at once when it saves none).
        staged = getattr(session, "staged", None)
        if staged:
            from engine.core import sidefiles

            ready = sidefiles.prepare(session)
        if kind != READ:
            saving = True
            session.commit(" ".join(words).encode(), kind == CHANGE)
        elif staged:
            sidefiles.keep(session, ready)
            staged = None
    except Exception as e:  # whatever failed, nothing of the change is kept
        if getattr(session, "then", None) is not None:
            session.then = None
        if getattr(session, "staged", None):  # (staged before the handler failed, too)
            from engine.core import sidefiles

            sidefiles.drop(session, ready)
        if kind != READ:
            session.abort()
        if isinstance(e, (parse.Reject, MemoryError)):
            raise
        if saving and isinstance(e, OSError):  # the store could not make it durable
            from engine.core.record import why

            raise parse.Reject(parse.STATE, "not saved, nothing changed: " + why(e))
        raise parse.Reject(parse.STATE, "internal error: %s" % type(e).__name__)
    # Saved: from here nothing may say "nothing changed".
    if staged:
        try:
            sidefiles.keep(session, ready)
        except Exception as e:  # noqa: BLE001 - the state is saved; the files are not
            try:
                _late_notice(session, reply, e)
            except Exception:  # noqa: BLE001 - out of memory even for that: the reply stands
                pass
    then = getattr(session, "then", None)
    if then is not None:  # what the request keeps in RAM once it is kept (an answer's row)
        session.then = None
        try:
            then()
        except Exception:  # noqa: BLE001 - (allocation-free where it matters: answers._keep)
            pass
    if reply is not None:
        session.notice = None  # it went out with this reply
    return pairs


def _late_notice(session, reply, e):
    # The saved request's files could not be kept: said with its reply, in place of its "}\n"
    # (with the next reply when this one has a notice already).
    text = "saved, but " + (e.msg.replace("nothing changed", "kept for this session only")
                            if isinstance(e, parse.Reject) else "out of memory writing data files")
    if reply is None or session.notice is not None:
        session.notice = text
        return
    n = reply.n
    try:
        reply.n = n - 2
        reply.write(',"notice":')
        jsonline.string(text, reply.write)
        reply.write("}\n")
    except MemoryError:  # the line as it was: its end put back, allocating nothing
        reply.buf[n - 2] = 125
        reply.buf[n - 1] = 10
        reply.n = n
        session.notice = text


def _ok(session, pairs, reply):
    reply.n = 0
    reply.write('{"ok":true')
    jsonline.pairs(pairs, reply.write)
    _end(session, reply)


def _end(session, reply):
    if session.notice is not None:
        reply.write(',"notice":')
        jsonline.string(session.notice, reply.write)
    reply.write("}\n")


def write_error(code, msg, write):
    """Write an error reply (no newline)."""
    write('{"ok":false,"error":')
    jsonline.string(code, write)
    write(',"msg":')
    jsonline.string(msg, write)


def _words(raw):
    for b in raw:
        if b < 0x20 or b > 0x7E:
            raise parse.Reject(parse.SYNTAX, "control or non-ASCII characters in line")
    return raw.decode().lower().split()


def handle(session, raw, reply):
    """Put the reply line to one request (bytes, no newline) in `reply` (a `jsonline.Reply`),
    newline included; return False, with nothing in it, for blank and # lines.

    A MemoryError is raised with nothing changed and `reply` to be thrown away: the caller
    answers with a line it made in advance (`firmware.lines.serve`).
    """
    reply.n = 0
    # A blank line or a # comment, of any length, gets no reply (firmware.lines.Lines.quiet
    # tells them too); a tab is a control character, refused.  (Not a function of its own: this
    # module's globals stay within a table of 29 slots, see above.)
    for b in raw:
        if b != 32:
            if b == 35:  # "#"
                return False
            break
    else:
        return False
    if len(raw) > MAX_LINE:
        too_long(session, reply)
        return True
    try:
        words = _words(raw)
        if not words:
            return False
        execute(session, words, reply)
    except parse.Reject as e:
        _error(session, e.code, e.msg, reply)
    # Between two requests, drop the game's modules when the heap is tight: `_find` loads the
    # routine with a game's first command, so a dice session never pays for it.
    settle = sys.modules.get("engine.core.unload")
    if settle is not None:
        settle.settle(reply)
    return True


def too_long(session, reply):
    """The reply to a line longer than MAX_LINE, refused whole."""
    _error(session, parse.SYNTAX, "line longer than %d bytes" % MAX_LINE, reply)


def _error(session, code, msg, reply):
    reply.n = 0
    write_error(code, msg, reply.write)
    _end(session, reply)
    session.notice = None


def reply(session, raw):
    """The reply to one line as a string without its newline, or None (host side and tests)."""
    out = jsonline.Reply()
    return bytes(out.buf[:out.n - 1]).decode() if handle(session, raw, out) else None
