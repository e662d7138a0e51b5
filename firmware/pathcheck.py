"""A file the app will write (a state file, a command log), checked when it starts: one line naming
the path and what is wrong, in words, instead of a traceback or an errno number later.

Runs on CPython and MicroPython (no os.path, no os.access: the check opens the file).
"""

import os

from engine.core.record import why as words  # noqa: F401 - what an OSError means, in words


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


def state_files(path):
    """None if both files of a state kept at `path` (`firmware.storage.FileStore`: `path` and
    `path.1`) can be written, else one line naming the one that cannot and why."""
    for p in (path, path + ".1"):
        why = writable(p)
        if why is not None:
            return "cannot use the state file %s: %s" % (p, why)
    return None
