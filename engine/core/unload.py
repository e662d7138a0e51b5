"""The one routine that drops modules from RAM (on the boards an imported module's bytecode lives
in the heap unless frozen): `firmware/app.py` when a screen closes, `engine/tal/cups/data.py` once
cup files are parsed, `engine/helpforms` after a reply, and `release` when a request runs out of
memory.  A module that keeps parsed data sets
`KEEP = True` and is never dropped, so no cache is lost: the next use finds it parsed.

`release` runs when the heap is full, so nothing here allocates: no list of names, no name
sliced to find a package (measured, campaign.md:614 on unix32-frozen: the old `release` itself
ran out of memory making `list(sys.modules)`, and the request failed at 44 KB).
"""

import sys


def unload(name):
    """Forget module `name` (sys.modules and its package's attribute) unless it KEEPs data; the
    collector frees it once nothing else refers to it, and the next import loads it again.
    True when it was dropped."""
    module = sys.modules.get(name)
    if module is None or getattr(module, "KEEP", False):
        return False
    del sys.modules[name]
    for key in sys.modules:  # its package holds it as an attribute: found by identity
        package = sys.modules[key]
        if hasattr(package, "__path__"):
            attrs = package.__dict__
            for attr in attrs:
                if attrs[attr] is module:
                    break
            else:
                continue
            delattr(package, attr)
            break
    return True


def since(before, prefix, other):
    """Unload every module whose name starts with `prefix` or `other` and is not in `before`
    (the names loaded earlier).  Allocates nothing, as `release` (one module found, dropped, and
    the search started again): `firmware/app.py` calls it when a screen closes, where a full
    heap made its `list(sys.modules)` fail, the screen closed but its modules kept."""
    while True:
        for name in sys.modules:
            if (name not in before and (name.startswith(prefix) or name.startswith(other))
                    and unload(name)):
                break
        else:
            return


# The core's own commands (dice, `record`): loaded by their first use, or at start-up for the dice,
# and needed by no game's request, so `release` drops them with the games' modules.  Measured,
# qemu-frozen: campaign.md:614 28.0 KB against 28.5, exp3.md:379 27.0 against 28.0,
# mission.md:398 23.5 against 24.25 (the dice ones leave 1.5 KB at the bottom of the heap).
_CORE_COMMANDS = ("engine.core.cmd_dice", "engine.core.dice", "engine.core.cmd_record")


def _game(name):
    """Whether module `name` is one `release` drops: engine/ but the core (save its commands),
    the packages and the modules that KEEP data."""
    module = sys.modules[name]
    return (name.startswith("engine.")
            and (not name.startswith("engine.core.") or name in _CORE_COMMANDS)
            and not hasattr(module, "__path__") and not getattr(module, "KEEP", False))


def release():
    """Out of memory: drop every game module and the parsed data tables
    (`engine.core.datatables.forget`), and collect.  True when something was dropped: the failed
    request is then worth a second try (`engine.core.protocol.execute`, which has collected the
    failed try's garbage).  Measured, every rules request in one session: 53.0 KB qemu-frozen,
    163 with the app in ROMFS, against 65.0 and 206 without; from `.mpy` files no steady gain
    (the qstrs of the modules loaded before stay in the heap)."""
    import gc

    dropped = False
    while True:
        for name in sys.modules:
            if _game(name):
                break
        else:
            break
        unload(name)
        dropped = True
    tables = sys.modules.get("engine.core.datatables")
    if tables is not None and tables.forget():
        dropped = True
    gc.collect()
    return dropped


REPLY_ROOM = 640  # bytes: the longest documented reply is 539 (a longer one still grows it)


def settle(reply):
    """Between two requests (`engine.core.protocol.handle`, once a game command has loaded this
    module; `firmware.app.execute`, before each of the app's): when over half the heap is in
    use, `release` now, and give the reply buffer (`jsonline.Reply`, or None) its room right
    above what stays (no default for `reply`: with one, measured, campaign.md:712 needed
    24.25 KB on qemu-frozen against 23.75, over its budget).  The next request then loads what
    it needs into the free space above, not into holes left between objects that stay.
    Measured, with `release` as it is: docs/protocol/campaign.md:614 on unix32-frozen 34.2 KB
    against 46.2 when only a request out of memory released (35.2 without the reply's room);
    every rules request in one session, qemu-frozen 37.0 against 49.0, unix32-mpy 120 against
    193."""
    import gc

    free = getattr(gc, "mem_free", None)  # (MicroPython's and CircuitPython's, not CPython's)
    used = getattr(gc, "mem_alloc", None)
    if free is None or used is None or free() >= used():
        return  # (garbage counted as used: no collection on a roomy heap)
    gc.collect()
    if free() >= used():
        return
    try:  # (no room even now: the next request has its own way, protocol.execute)
        if release() and reply is not None and len(reply.buf) < REPLY_ROOM:
            reply.buf.extend(bytes(REPLY_ROOM - len(reply.buf)))
    except MemoryError:
        pass
