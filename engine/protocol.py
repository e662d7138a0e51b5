"""The line protocol: one request line in, one reply line out (docs/PROTOCOL.md is the contract).

A request is space-separated words, at most 200 bytes of printable ASCII; the command word is
case-insensitive.  A reply is one line of compact JSON whose first key is "ok".  A refused line
changes nothing and consumes no random number: every command runs between `Session.begin` and
`Session.commit`/`abort`.
"""

from engine import jsonline
from engine import parse
from engine.rng import SEED_LIMIT
from engine.session import MAX_LINE

# What a command may touch, so what `execute` snapshots, records and saves:
READ = 0  # reads only
DICE = 1  # moves the dice only, never the fields (durable, never undone)
CHANGE = 2  # changes the game state (durable, one undo step)
HISTORY = 3  # rewrites fields and the undo log themselves: undo, reset (durable, not a step)


def _state(s, w):
    """`state`: size and CRC-32 of the persistent state record's payload."""
    parse.arity(w, 1, 1, "state")
    from engine.crc import crc32
    p = s.payload()
    return (("bytes", len(p)), ("crc", "%08x" % crc32(p)))


def _undo(s, w):
    """`undo`: take back the newest state change (never the dice)."""
    parse.arity(w, 1, 1, "undo")
    line = s.undo_last()
    if line is None:
        raise parse.Reject(parse.STATE, "nothing to undo")
    return (("undone", line.decode()),)


def _reset(s, w):
    """`reset N`: start over from defaults with dice seed N (also replaces a refused save)."""
    parse.arity(w, 2, 2, "reset N")
    s.reset(parse.number(w[1], 0, SEED_LIMIT - 1, "seed"))
    return (("seed", s.rng.seed_value),)


def _help(s, w):
    """`help`: the command words."""
    return (("commands", _words_of_table()),)


# Every command, one per line: word, module (in engine/), function, kind (r read, d dice,
# c change, h history).  The rules modules are imported on the first use of one of their
# commands, so a dice-only session keeps its RAM (MicroPython loads bytecode into the heap unless
# frozen); one string costs far less RAM than a tuple of tuples.  Documented in docs/PROTOCOL.md
# and docs/protocol/*.md.
_TABLE = """
help protocol _help r
state protocol _state r
undo protocol _undo h
reset protocol _reset h
seed cmd_dice seed d
roll cmd_dice roll d
check cmd_dice check d
retain cmd_dice retain d
pick cmd_dice pick d
tally cmd_dice tally d
record cmd_record record r
cup cmd_cups cup c
ac cmd_ac ac c
mission cmd_mission mission c
loiter cmd_mission loiter c
bingo cmd_mission bingo c
engine cmd_mission engine c
sar cmd_mission sar c
ridge cmd_mission ridge c
table cmd_tables table d
so cmd_campaign so c
day cmd_day day c
vp cmd_campaign vp c
campaign cmd_setup campaign c
bn cmd_campaign bn c
pilot cmd_pilots pilot c
game cmd_game game c
cas cmd_exp3 cas c
assault cmd_assault assault c
golan cmd_golan golan c
mine cmd_golan mine c
leader cmd_golan leader c
sagger cmd_golan sagger d
heli cmd_golan heli r
avlb cmd_golan avlb c
mortar cmd_golan mortar r
answer answers answer c
mix cmd_mix mix r
"""
_KINDS = {"r": READ, "d": DICE, "c": CHANGE, "h": HISTORY}


def _words_of_table():
    out = []
    at = 1  # past the table's first newline
    while at < len(_TABLE):
        out.append(_TABLE[at:_TABLE.find(" ", at)])
        at = _TABLE.find("\n", at) + 1
    return out


def knows(word):
    """True when `word` is a command (nothing is imported to tell)."""
    return _TABLE.find("\n" + word + " ") >= 0


def _find(name):
    at = _TABLE.find("\n" + name + " ")
    if at < 0:
        return None, None
    _, modname, func, kind = _TABLE[at + 1:_TABLE.find("\n", at + 1)].split(" ")
    engine = __import__("engine." + modname)
    return getattr(getattr(engine, modname), func), _KINDS[kind]


def execute(session, words):
    """Run a request given as its (lower-case) words; return its reply pairs or raise Reject.

    The device screens act through this, so a button press and a serial line share one path:
    the same checks, the same undo step name, the same durability.
    """
    try:
        handler, kind = _find(words[0])
    except Exception as e:  # a module that cannot load (no RAM, a file missing on the board)
        raise parse.Reject(parse.STATE, "cannot load this command: %s" % type(e).__name__)
    if handler is None:
        raise parse.Reject(parse.UNKNOWN, "unknown command (try help)")
    if kind == READ:
        try:
            return handler(session, words)
        except parse.Reject:
            raise
        except Exception as e:
            raise parse.Reject(parse.STATE, "internal error: %s" % type(e).__name__)
    session.begin(kind != DICE)
    try:
        ps = handler(session, words)
    except parse.Reject:
        session.abort()
        raise
    except Exception as e:  # a bug must not reach a REPL nor leave a half-made change
        session.abort()
        raise parse.Reject(parse.STATE, "internal error: %s" % type(e).__name__)
    try:
        session.commit(" ".join(words).encode(), kind == CHANGE)
    except OSError as e:
        raise parse.Reject(parse.STATE, "not saved, nothing changed: %s" % (
            e.args[0] if e.args else e))
    return ps


def write_error(code, msg, w):
    """Write an error reply (no newline)."""
    w('{"ok":false,"error":')
    jsonline.string(code, w)
    w(',"msg":')
    jsonline.string(msg, w)


def _words(raw):
    for b in raw:
        if b < 0x20 or b > 0x7E:
            raise parse.Reject(parse.SYNTAX, "control or non-ASCII characters in line")
    return raw.decode().lower().split()


def handle(session, raw, w):
    """Answer one request line (bytes, no newline) by writing its reply with `w`, no newline.

    Returns False, writing nothing, for blank and # lines.
    """
    if len(raw) > MAX_LINE:
        write_error(parse.SYNTAX, "line longer than %d bytes" % MAX_LINE, w)
    elif not _dispatch(session, raw, w):
        return False
    if session.notice is not None:
        w(',"notice":')
        jsonline.string(session.notice, w)
        session.notice = None
    w("}")
    return True


def reply(session, raw):
    """The reply to one line as a string, or None (host side and tests)."""
    out = []
    return "".join(out) if handle(session, raw, out.append) else None


def _dispatch(session, raw, w):
    if raw.lstrip()[:1] == b"#":
        return False
    try:
        words = _words(raw)
    except parse.Reject as e:
        write_error(e.code, e.msg, w)
        return True
    if not words:
        return False
    try:
        ps = execute(session, words)
    except parse.Reject as e:
        write_error(e.code, e.msg, w)
        return True
    w('{"ok":true')
    jsonline.pairs(ps, w)
    return True
