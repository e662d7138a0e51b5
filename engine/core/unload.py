"""The one routine that drops modules from RAM (on the boards an imported module's bytecode lives
in the heap unless frozen): `firmware/app.py` when a screen closes, `engine/tal/cups/data.py` once
cup files are parsed, `engine/helpforms` after a reply, and `release` when a request runs out of
memory.  A module that keeps parsed data sets
`KEEP = True` and is never dropped, so no cache is lost: the next use finds it parsed.
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
    k = name.rfind(".")
    package = sys.modules.get(name[:k]) if k > 0 else None
    if package is not None and name[k + 1:] in package.__dict__:
        try:
            delattr(package, name[k + 1:])
        except (AttributeError, TypeError):
            pass
    return True


def release():
    """Out of memory: drop every game module (all of engine/ but the core and the packages; not
    the ones that KEEP data) and collect.  True when one was dropped: the failed request is then
    worth a second try (`engine.core.protocol.execute`, which has collected the failed try's
    garbage).  Measured, every rules request in one session: 53.0 KB qemu-frozen, 163 with the
    app in ROMFS, against 65.0 and 206 without; from `.mpy` files no steady gain (the qstrs of the
    modules loaded before stay in the heap)."""
    import gc

    dropped = False
    for name in list(sys.modules):
        if (name.startswith("engine.") and not name.startswith("engine.core.")
                and not hasattr(sys.modules[name], "__path__")):
            dropped = unload(name) or dropped
    gc.collect()
    return dropped
