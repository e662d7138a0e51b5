"""Reading command logs: what `firmware.cmdlog` writes, or a plain file of request lines.

A log is a list of events:
    ("seed", N)          a fresh session with dice seed N starts here
    ("resume", CRC)      the session was reloaded from its save here (CRC-32 of the payload, hex)
    ("req", LINE, [REPLY...])   a request (bytes, as sent) and the reply lines logged for it (str)
A plain file (no `>` / `<` markers) is read as one request per line, with no expected replies.
"""


class LogError(Exception):
    """A log that cannot be read; the message names the line."""


def parse(text, name="log"):
    """The events of a log given as text."""
    events = []
    marked = any(l.startswith("> ") or l == ">" for l in text.splitlines())
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if line.startswith("#"):
            words = line[1:].split()
            if len(words) == 2 and words[0] == "seed":
                if not words[1].isdigit():
                    raise LogError("%s:%d: bad seed %r" % (name, n, words[1]))
                events.append(("seed", int(words[1])))
            elif len(words) == 2 and words[0] == "resume":
                events.append(("resume", words[1].lower()))
            continue  # other # lines are notes
        if marked:
            if line.startswith("> ") or line == ">":
                events.append(("req", line[2:].encode(), []))
            elif line.startswith("< "):
                if not events or events[-1][0] != "req":
                    raise LogError("%s:%d: a reply before any request" % (name, n))
                events[-1][2].append(line[2:])
            else:
                raise LogError("%s:%d: a log line starts with '> ', '< ' or '#': %r"
                               % (name, n, line[:60]))
        else:
            events.append(("req", line.encode(), []))
    return events


def read(path):
    """The events of the log file at `path`."""
    try:
        with open(path, "rb") as f:
            text = f.read().decode("ascii", "replace")
    except OSError as e:
        raise LogError("cannot read %s: %s" % (path, e.strerror))
    return parse(text, path)


def requests(events):
    """Just the request lines, in order."""
    return [e[1] for e in events if e[0] == "req"]
