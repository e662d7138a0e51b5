"""Write firmware/boards/frozen_names.py: the device's module names, for a frozen firmware's ROM.

Usage: python -m host_tools.building.frozen_names   (tests/test_host_dist.py checks it is current)

An import makes names at run time that the frozen code does not hold: a submodule's dotted name
("engine.tal.cmd_mission") and its last part as the package's attribute ("cmd_mission"); a
string indexed to one character is made a name too (a request word's letters and digits).  Made
at run time, each is interned into pools on the heap that are never freed, allocated wherever the
heap has room when the name first comes: pieces left among the game modules that release drops.
Frozen, a name found in the firmware's own pool is not made again; frozen_names.py, frozen with
the app (manifest.py: with the rest of firmware/) and never imported, puts every such name there
(host_tools/building/fold.py copies it as it is: folded, its imports would go as unused).
"""

import os

from host_tools.building.build_mpy import ROOT, sources

PACKAGES = ("engine", "firmware", "hardware")
TARGET = os.path.join(ROOT, "firmware", "boards", "frozen_names.py")
CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


def modules():
    """Dotted names of every module of PACKAGES (packages included), sorted."""
    out = []
    for rel in sources(PACKAGES):
        if os.path.join(ROOT, rel) == TARGET:
            continue  # itself: never imported
        parts = rel[:-3].split(os.sep)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return sorted(out)


def source():
    """The text of frozen_names.py."""
    lines = ['"""Never imported: frozen with the app (manifest.py), it puts the names that importing',
             "the app's modules makes into the firmware's ROM (host_tools/building/frozen_names.py says why).",
             "Made by `python -m host_tools.building.frozen_names`; do not edit.", '"""', "", "",
             "def _names():"]
    for name in modules():
        lines.append("    import %s" % name)
        if "." in name:
            lines.append("    from %s import %s" % tuple(name.rsplit(".", 1)))
    lines.append("    return (%s)" % ", ".join('"%s"' % c for c in CHARS))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(TARGET, "w") as f:
        f.write(source())
