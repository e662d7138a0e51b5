"""Fetch the state record from a device and save it as a state file the consoles can open.

Two ways: the line protocol over USB serial (`record` requests, any board running the app), or
mpremote copying the state file off a MicroPython board's filesystem.  Either way the copy is
checked (magic, length, CRC-32, layout) before it is written, and it is written in the console's
two-slot format, so `make console STATE=that-file` carries the campaign on at the desk.
"""

import os
import tempfile

from host_tools.link import LinkError


class PullError(Exception):
    """The record could not be fetched or is not a usable record."""


def check(image):
    """(seq, payload) of a framed record; PullError if it is damaged or unreadable here."""
    from engine import record

    try:
        seq, _fmt, payload = record.unframe(image)
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
    """The framed image of the newest good record in a two-slot state file's bytes."""
    from engine import record
    from engine.record import SLOT_SIZE

    slots = [blob[:SLOT_SIZE], blob[SLOT_SIZE:2 * SLOT_SIZE]]
    try:
        i, _seq, _fmt, payload = record.newest(slots)
    except record.RecordError as e:
        raise PullError("the device's state file: %s" % e)
    if payload is None:
        raise PullError("the device's state file holds no readable record")
    return bytes(slots[i][:record.HEADER + len(payload) + record.TRAILER])


def via_mpremote(mp, remote_path):
    """The newest record of the state file at `remote_path` on a MicroPython board."""
    fd, tmp = tempfile.mkstemp(prefix="tal-pull-")
    os.close(fd)
    try:
        mp.run(["fs", "cp", ":" + remote_path, tmp], what="copying :%s off the board" % remote_path)
        with open(tmp, "rb") as f:
            blob = f.read()
    finally:
        os.unlink(tmp)
    return newest_in_slots(blob)


def save(image, out):
    """Write a framed record as a fresh two-slot state file (slot 0; slot 1 left empty)."""
    check(image)
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(image)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, out)


def summary(image):
    """One line about a record: sequence number, size, undo steps, and the state's headline."""
    from engine import record

    seq, payload = check(image)
    vals, rng_state, undo = record.decode(payload)
    return "record #%d, %d bytes, %d undo steps, dice seed %d" % (
        seq, len(image), len(undo), rng_state[0])


__all__ = ["PullError", "LinkError", "check", "via_link", "via_mpremote", "save", "summary"]
