"""What the PyBadge kept from the table (answers, counter mixes), written out into its data folder
as the text files the player edits (`make deploy`, `python -m host_tools mix --data`).

The board never writes a file of CIRCUITPY but its journals: what the player enters at the table
goes into `tal-data.bin`, one bundle of whole files an entry (firmware/journal.py `JournalBundle`,
docs/storage.md), read before the data folder.  The computer writes those files into `data/`,
each aside and renamed over the old one, then makes the journal again, empty: cut in between, the
journal still holds them and the next time writes them again, the same.
"""

import os


def write_out(mount, log=print):
    """Write the files the PyBadge at `mount` (its CIRCUITPY drive) kept in its journal into its
    data folder, then empty the journal; the names written (none when it holds nothing)."""
    from firmware import bundle
    from firmware.journal import DATA, Journal, JournalBundle, make_file
    from host_tools.building.dist import pybadge_names

    names = pybadge_names()
    path = os.path.join(mount, names["DATA_FILE"])
    if not os.path.isfile(path):
        return []
    held = JournalBundle(Journal(path, names["DATA_RING"], DATA, names["DATA_BODY"], None))
    f = held.open()
    try:
        files = bundle.index(f, held.limit) if f is not None else None
        written = []
        for name, w in sorted((files or {}).items()):
            dst = os.path.join(mount, "data", *name.split("/"))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            w.seek(0)
            with open(dst + ".new", "wb") as out:
                out.write(w.read())
                out.flush()
                os.fsync(out.fileno())
            os.replace(dst + ".new", dst)
            written.append("data/" + name)
            log("wrote data/%s: what the badge kept from the table (yours to edit)" % name)
    finally:
        if held.journal.f is not None:
            held.journal.f.close()
    if written:
        make_file(path, names["DATA_RING"], DATA, again=True)
        with open(path, "rb+") as out:
            os.fsync(out.fileno())
    return written
