"""Reading command logs: what `firmware.cmdlog` writes, or a plain file of request lines.

A log is a list of events:
    ("seed", N)          a fresh session with dice seed N starts here
    ("resume", CRC)      the session was reloaded from its save here (CRC-32 of the payload, hex)
    ("at", "YYYY-MM-DD HH:MM")   the local time of the requests that follow (to the minute)
    ("req", LINE, [REPLY...])   a request (bytes, as sent) and the reply lines logged for it (str)
A plain file (no `>` / `<` markers) is read as one request per line, with no expected replies.

A log holds printable ASCII lines ending in `\\n` (or `\\r\\n`): `firmware.cmdlog` escapes what a
player typed outside it.  Anything else (a control character, a lone carriage return, a byte that
is not ASCII: a damaged or foreign file) is refused with the file and line, as is a seed the dice
cannot take.
"""

import os
import re
import stat

SEED_LIMIT = 1 << 30  # engine/core/rng.py: seeds are 0..2**30-1
_AT = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d$")
_CRC = re.compile(r"^[0-9a-f]{8}$")
_ESC = re.compile(rb"\\x([0-9a-fA-F]{2})")


class LogError(Exception):
    """A log that cannot be read; the message names the file and line."""


def _what(c):
    if c == 0x0D:
        return "a carriage return (0x0d) inside the line"
    if c < 0x20 or c == 0x7F:
        return "a control character (0x%02x)" % c
    return "a byte that is not ASCII (0x%02x)" % c


def _unescape(body, where):
    if re.sub(_ESC, b"", body).find(b"\\") >= 0:
        raise LogError("%s: a '>\\' request line escapes bytes as \\xNN only" % where)
    return re.sub(_ESC, lambda m: bytes((int(m.group(1), 16),)), body)


LINE_MAX = 65536  # bytes in a log line (a request is 200 at most, a reply a few KB)


def parse(data, name="log"):
    """The events of a log given as bytes (or str), or as its lines (bytes, read as they come:
    a file that is no log is refused at its first bad line, not read whole first).  A log is
    one with `>` / `<` markers when its first line that is neither blank nor `#` has one."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    lines = data.split(b"\n") if isinstance(data, (bytes, bytearray)) else data
    events = []
    marked = None
    for n, raw in enumerate(lines, 1):
        where = "%s:%d" % (name, n)
        if raw[-1:] == b"\n":
            raw = raw[:-1]
        if marked is None and raw.strip() and not raw.startswith(b"#"):
            marked = (raw.startswith(b"> ") or raw.startswith(b">\\ ") or raw.startswith(b"< ")
                      or raw.rstrip(b"\r") == b">")
        if raw[-1:] == b"\r":
            raw = raw[:-1]  # a log edited on Windows
        for c in raw:
            if c < 0x20 or c > 0x7E:
                raise LogError("%s: %s: a command log holds printable ASCII lines (is this a "
                               "command log?)" % (where, _what(c)))
        line = raw.decode("ascii")
        if not line.strip():
            continue
        if line.startswith("#"):
            words = line[1:].split()
            if words[:1] == ["seed"] and len(words) == 2:
                if not words[1].isdigit() or int(words[1]) >= SEED_LIMIT:
                    raise LogError("%s: seed %s is not one the dice take (0..%d)" % (
                        where, words[1][:20], SEED_LIMIT - 1))
                events.append(("seed", int(words[1])))
            elif words[:1] == ["resume"] and len(words) == 2:
                if not _CRC.match(words[1].lower()):
                    raise LogError("%s: '# resume' takes the state's CRC-32, 8 hex digits" % where)
                events.append(("resume", words[1].lower()))
            elif words[:1] == ["at"] and _AT.match(line[1:].strip()[3:]):
                events.append(("at", line[1:].strip()[3:]))
            continue  # other # lines are notes
        if marked:
            if line.startswith("> ") or line == ">":
                events.append(("req", raw[2:], []))
            elif line.startswith(">\\ "):
                events.append(("req", _unescape(raw[3:], where), []))
            elif line.startswith("< "):
                if not events or events[-1][0] != "req":
                    raise LogError("%s: a reply before any request" % where)
                events[-1][2].append(line[2:])
            else:
                raise LogError("%s: a log line starts with '> ', '< ' or '#': %r"
                               % (where, line[:60]))
        else:
            events.append(("req", raw, []))
    return events


def not_a_file(path):
    """What stands at `path` when it is not a regular file, in a few words ("a folder"), or None.
    A device or a pipe (/dev/zero) would be read without end: the tools refuse it.  OSError
    when nothing is there."""
    mode = os.stat(path).st_mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "not a regular file (a device)"
    return "not a regular file (a pipe)" if stat.S_ISFIFO(mode) else "not a regular file"


def read(path):
    """The events of the log file at `path`."""
    try:
        there = not_a_file(path)
        if there:
            raise LogError("cannot read %s: %s" % (path, there))
        with open(path, "rb") as f:
            return parse(_lines(f, path), path)
    except OSError as e:
        raise LogError("cannot read %s: %s" % (path, e.strerror or e))


def _lines(f, path):
    # The file's lines as they come, each LINE_MAX bytes at most: a 3 GB file that is no log is
    # refused at its first line, having read that line only.
    n = 0
    while True:
        line = f.readline(LINE_MAX + 1)
        if not line:
            return
        n += 1
        if len(line) > LINE_MAX:
            raise LogError("%s:%d: a line longer than %d bytes (is this a command log?)" % (
                path, n, LINE_MAX))
        yield line


def requests(events):
    """Just the request lines, in order."""
    return [e[1] for e in events if e[0] == "req"]
