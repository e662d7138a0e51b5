"""Files that several test workers (pytest -n) read while one writes: each replaced whole."""

import os


def replace(dst, write):
    # `write(path)` makes the file at a temporary path that then replaces dst whole: a test run
    # on several workers (pytest -n) never reads a half-written file.
    tmp = "%s.%d.tmp" % (dst, os.getpid())
    write(tmp)
    os.replace(tmp, dst)
