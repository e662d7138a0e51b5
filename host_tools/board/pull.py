"""Fetch the state record from a device and save it as a state file the consoles can open.

Two ways: the line protocol over USB serial (`record` requests, any board running the app), or
mpremote copying the state file off a MicroPython board's filesystem.  Either way the copy is
checked (magic, length, CRC-32, layout) before it is written, and it is written in the console's
two-slot format, so `make console STATE=that-file` carries the campaign on at the desk.
"""

import os
import tempfile

from host_tools.board.link import LinkError


class PullError(Exception):
    """The record could not be fetched or is not a usable record."""


def check(image):
    """(seq, payload) of a framed record; PullError if it is damaged or unreadable here."""
    from engine.core import record

    try:
        seq, fmt, payload = record.unframe(image)
        if fmt > record.FORMAT:
            raise record.RecordError("record format %d is newer than this tool (%d)"
                                     % (fmt, record.FORMAT))
        record.decode(payload)
    except record.RecordError as e:
        raise PullError("the copied record is not usable: %s" % e)
    return seq, payload


def via_link(link, tries=3):
    """The framed record read with `record AT` requests; retried if it changed mid-copy."""
    last = None
    for _ in range(tries):
        data = bytearray()
        size = None
        while size is None or len(data) < size:
            r = link.ask("record %d" % len(data))
            if not r.get("ok"):
                raise PullError("the device refused 'record': %s" % r.get("msg"))
            if size is None:
                size = r["size"]
            elif r["size"] != size:
                break  # the state changed between two chunks: start over
            chunk = bytes.fromhex(r["hex"])
            if not chunk:
                break
            data += chunk
        try:
            check(bytes(data))
            return bytes(data)
        except PullError as e:
            last = e
    raise last or PullError("no record")


def newest_in_slots(blob):
    """The framed image of the newest good record in a state file's bytes (one frame, or the
    two slots of older firmware)."""
    from engine.core import record

    return _newest(record.frames_in(blob))


def _newest(images):
    from engine.core import record

    found = record.best(images)
    if found is None:
        raise PullError("the device's state file holds no readable record")
    seq, fmt, payload = found
    if fmt > record.FORMAT:
        raise PullError("the device's state file: record format %d is newer than this tool (%d)"
                        % (fmt, record.FORMAT))
    return record.frame(payload, seq)


def via_mpremote(mp, remote_path):
    """The newest record of the state files at `remote_path` (and `remote_path`.1, the store's
    second file, when it exists) on a MicroPython board."""
    from engine.core import record

    images = []
    for path in (remote_path, remote_path + ".1"):
        fd, tmp = tempfile.mkstemp(prefix="tal-pull-")
        os.close(fd)
        try:
            try:
                mp.run(["fs", "cp", ":" + path, tmp], what="copying :%s off the board" % path)
            except Exception:  # noqa: BLE001 - the second file may not exist yet
                if path == remote_path:
                    raise
                continue
            with open(tmp, "rb") as f:
                images.extend(record.frames_in(f.read()))
        finally:
            os.unlink(tmp)
    return _newest(images)


def save(image, out):
    """Write a framed record as a fresh state file the consoles open (`make console STATE=out`;
    a second file `out`.1 left from an older state there is removed)."""
    check(image)
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(image)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, out)
    if os.path.exists(out + ".1"):
        os.remove(out + ".1")


def summary(image):
    """One line about a record: sequence number, size, undo steps, and the state's headline."""
    from engine.core import record

    seq, payload = check(image)
    vals, rng_state, undo, steps = record.decode(payload)
    return "record #%d, %d bytes, %d undo steps, dice seed %d" % (
        seq, len(image), steps, rng_state[0])


__all__ = ["PullError", "LinkError", "check", "via_link", "via_mpremote", "save", "summary"]
