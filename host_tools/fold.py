"""The device's copy of the sources, with engine/tal/fields.py's offsets folded into the code.

The rules read the state as `vals[fields.AC_TYPE + a]`: on MicroPython each `fields.X` is a
look-up at run time, so every game request loads fields.py and makes its table of names (53
offsets and sizes), and compiled code carries the names.  MicroPython folds `const()` only
inside one module, so the builds for the boards (frozen firmware, .mpy, ROMFS) compile this
copy instead, where each `fields.X` is its number and a module left with no other use of `fields`
does not import it.  The numbers come from importing fields.py itself: one source of the layout,
as before.  Lines keep their numbers (an import dropped leaves its line blank), so tracebacks
point at the sources.
Measured, smallest heaps: qemu-frozen campaign.md:614 25.0 KB against 26.0, exp3.md:379 24.75
against 25.5, mission.md:289 24.0 against 24.75; unix32-mpy exp3.md:379 93.0 against 104.75.

Usage: python -m host_tools.fold [OUT]   (default build/folded: engine/, firmware/, hardware/ and
manifest.py, which freezes them)
"""

import io
import os
import sys
import tokenize

from host_tools import build_mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "folded")
PACKAGES = ("engine", "firmware", "hardware")
MANIFEST = ("manifest.py", "frozen_names.py")  # the manifest, and the module it freezes beside
IMPORT = "from engine.tal import fields"


def values():
    """{name: int} of engine/tal/fields.py's upper-case names."""
    from engine.tal import fields

    return {k: v for k, v in vars(fields).items() if k.isupper() and isinstance(v, int)}


def fold(text, numbers):
    """`text` (a module's source) with `fields.NAME` replaced by its number where the module
    imports fields (IMPORT); the import blanked when nothing else uses the name."""
    lines = text.split("\n")
    if IMPORT not in lines:
        return text
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    edits = []  # (row, start col, end col, new text), rows 1-based
    left = 0  # uses of `fields` not folded
    for i, t in enumerate(toks):
        if t.type != tokenize.NAME or t.string != "fields":
            continue
        if i and toks[i - 1].string in (".", "import"):
            continue  # an attribute of something else, or the import itself
        if (i + 2 < len(toks) and toks[i + 1].string == "." and toks[i + 2].type == tokenize.NAME
                and toks[i + 2].string in numbers and toks[i + 1].start[0] == t.start[0]
                and toks[i + 2].start[0] == t.start[0]):
            edits.append((t.start[0], t.start[1], toks[i + 2].end[1],
                          str(numbers[toks[i + 2].string])))
        else:
            left += 1
    for row, a, b, new in reversed(edits):
        line = lines[row - 1]
        lines[row - 1] = line[:a] + new + line[b:]
    if not left:
        lines[lines.index(IMPORT)] = ""
    return "\n".join(lines)


def tree(out=OUT):
    """Write the folded copy of PACKAGES, and MANIFEST, under `out` (only what changed; a file
    whose source is gone is removed); return `out`."""
    numbers = values()
    keep = set()
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for name in files:
                if name.endswith(".pyc"):
                    continue
                src = os.path.join(d, name)
                rel = os.path.relpath(src, ROOT)
                with open(src, "rb") as f:
                    data = f.read()
                if name.endswith(".py"):
                    data = fold(data.decode(), numbers).encode()
                _write(os.path.join(out, rel), data)
                keep.add(rel)
    for name in MANIFEST:
        with open(os.path.join(ROOT, name), "rb") as f:
            _write(os.path.join(out, name), f.read())
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(os.path.join(out, pkg)):
            for name in files:
                path = os.path.join(d, name)
                # (not another test worker's file being written: build_mpy.replace's .tmp)
                if os.path.relpath(path, out) not in keep and not name.endswith(".tmp"):
                    os.remove(path)
    return out


def _write(path, data):
    # Unchanged files keep their time (the .mpy builds compare times); a changed one is replaced
    # whole, so test workers building at once never read half a file.
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    build_mpy.replace(path, lambda tmp: _put(tmp, data))


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    print(tree(*sys.argv[1:2]))
