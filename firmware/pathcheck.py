"""A file the app will write (a state file, a command log), checked when it starts: one line naming
the path and what is wrong, in words, instead of a traceback or an errno number later.

Runs on CPython and MicroPython (no os.path, no os.access: the check opens the file).
"""

import os

# errno -> words.  The numbers are POSIX's (Linux), which MicroPython's own errno values follow.
_WORDS = {
    1: "not permitted",
    2: "no such directory",  # creating a file: its directory is missing
    5: "input/output error",
    13: "permission denied",
    20: "a part of the path is not a directory",
    21: "is a directory",
    22: "not a valid file name",
    28: "no space left on the device",
    30: "read-only file system",
    36: "file name too long",
    122: "disk quota exceeded",
}


def words(e):
    """What an OSError means, in words ("no such directory", "read-only file system" ...)."""
    n = e.args[0] if e.args else None
    if not isinstance(n, int):
        return str(e) or "error"
    return _WORDS.get(n, "error %d" % n)


def writable(path):
    """None if the file at `path` can be opened for writing, else why (words).

    An existing file is opened for update and left as it is; a missing one is created and
    removed again, so a session that never saves leaves nothing behind.
    """
    if not path:
        return "no file name"
    try:
        f = open(path, "r+b")
    except OSError as e:
        if not e.args or e.args[0] != 2:  # anything but "no such file"
            return words(e)
        try:
            f = open(path, "wb")
        except OSError as e2:
            return words(e2)
        f.close()
        try:
            os.remove(path)
        except OSError:
            pass
        return None
    f.close()
    return None
