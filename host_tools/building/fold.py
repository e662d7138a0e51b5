"""The device's copy of the sources, with the modules' integer constants folded into the code.

The rules read the state as `vals[fields.AC_TYPE + a]` and test `status == aircraft.FLYING`: on
MicroPython each such name is a look-up at run time in a table of names that every module which
defines one keeps in the heap (a module's globals), the name itself is interned from a `.mpy`,
and the bytecode carries the look-ups.  MicroPython folds `const()` only inside one module, so
the builds for the boards (frozen firmware, .mpy, ROMFS) compile this copy instead, where:
  - a module-level `NAME = <integer>` (an integer expression of literals and the module's
    constants before it, or `const(...)`), never bound again in its module nor set from outside
    (`mod.NAME = x`), is a constant; engine/tal/fields.py's offsets (made by a function) are
    taken by importing it;
  - `module.NAME` (through an import of that module) and, in its own module, `NAME` become the
    number; so does a `NAME` imported with `from module import NAME`;
  - an import left unused goes, and so does a literal constant's own line, in a game module or
    when private (`_NAME`), unless some `x.NAME` was not folded (a module reached another way,
    e.g. a board profile) or a host tool running on the boards names it (OTHERS).
Lines keep their numbers (what goes leaves its line blank), so tracebacks point at the sources
(the frozen builds'; a .mpy has no line numbers, see build_mpy.FLAGS).
Measured, smallest heaps: fields.py's offsets alone, qemu-frozen campaign.md:614 25.0 KB against
26.0; every module's constants, 23.75 to 24.0 (exp3.md:379 23.5 against 24.75), the dice 7.8;
unix32-mpy each rules transcript 90.0 against 93.0 (fields.py alone: 93.0 against 104.75), the
tour of every screen 179 against 190.  Then `tree` shortens each module's private names
(host_tools/building/shorten.py, which names what it reads: its inputs are this copy's too).

Usage: python -m host_tools.building.fold [OUT]   (default build/folded: engine/, firmware/, hardware/ and
manifest.py, which freezes them)
"""

import ast
import os
import re
import sys

from host_tools.building import files, shorten

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "folded")
PACKAGES = ("engine", "firmware", "hardware")
MANIFEST = ("manifest.py",)
# Frozen with the app for the names its imports put in ROM, never run: its imports are what it is
# for, so it goes to the boards as it is (folded, its imports would go as unused).
VERBATIM = (os.path.join("firmware", "boards", "frozen_names.py"),)
# Where a constant's own line goes: the game modules, which a game request loads, and a private
# `_NAME` anywhere.  The core's, the firmware's and the boards' public names stay (host tools and
# tests running on the boards read them: record.FORMAT, keys.LONG, ...), their uses folded.
GAMES = ("engine.tal.", "engine.exp3.", "engine.golan.")
COMPUTED = ("engine.tal.fields",)  # constants made by a function: their values come by import
# The host tools that run on a board or the unix port, on this copy: a constant they name
# (anywhere in their text, code given as a string too) keeps its line
OTHERS = ("host_tools/building/uart_console.py", "host_tools/benches/heap_profile.py", "host_tools/benches/flash_trials.py",
          "host_tools/benches/flashsim.py")


def _module(rel):
    """The dotted name of the module at `rel` (a .py path under ROOT)."""
    mod = rel[:-3].replace(os.sep, ".")
    return mod[:-9] if mod.endswith(".__init__") else mod


def sources():
    """{dotted module name: source text} of PACKAGES."""
    got = {}
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(d, name)
                    with open(path, encoding="utf-8") as f:
                        got[_module(os.path.relpath(path, ROOT))] = f.read()
    return got


def _stores(tree):
    """How many times each name is bound anywhere in `tree`, and the names declared global."""
    count = {}
    glob = set()

    def bind(name):
        count[name] = count.get(name, 0) + 1

    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bind(node.id)
        elif isinstance(node, ast.arg):
            bind(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
        elif isinstance(node, ast.alias):
            bind((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bind(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            glob.update(node.names)
    return count, glob


_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
        ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
        ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b}


def _value(node, known):
    """The integer `node` stands for, from literals and `known` constants; None otherwise."""
    if isinstance(node, ast.Constant):
        v = node.value
        return v if isinstance(v, int) and not isinstance(v, bool) else None
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _value(node.operand, known)
        return None if v is None else -v
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        a, b = _value(node.left, known), _value(node.right, known)
        return None if a is None or b is None else _OPS[type(node.op)](a, b)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "const"
            and len(node.args) == 1 and not node.keywords):
        return _value(node.args[0], known)
    return None


def constants(name, tree, stores):
    """({NAME: int}, {NAME: its Assign node if a literal one}) of module `name` (`stores`:
    `_stores(tree)`)."""
    count, glob = stores
    values, literal = {}, {}
    computed = None
    if name in COMPUTED:
        import importlib

        computed = vars(importlib.import_module(name))
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        k = node.targets[0].id
        if count.get(k) != 1 or k in glob:
            continue
        v = _value(node.value, values)
        if v is not None:
            literal[k] = node
        elif computed is not None and type(computed.get(k)) is int and k.isupper():
            v = computed[k]
        if v is not None:
            values[k] = v
    return values, literal


def _imports(tree, stores, consts):
    """{local name: module} for `tree`'s imports (at any depth) of modules in `consts`, and
    {local name: (module, NAME)} for their constants imported by name.  A name bound otherwise
    too (a variable of the same name), or to different things, is left out: not safe to fold."""
    count, glob = stores
    bound = {}  # local name -> what each import binding it names (None: not ours)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                bound.setdefault(a.asname or a.name.split(".")[0], []).append(
                    a.name if a.asname else None)
        elif isinstance(node, ast.ImportFrom):
            ours = node.module and not node.level
            for a in node.names:
                bound.setdefault(a.asname or a.name, []).append(
                    node.module + "." + a.name if ours else None)
    mods, names = {}, {}
    for k, what in bound.items():
        # (a function's own import of a module the file imports too binds the same thing)
        if count.get(k) != len(what) or k in glob or len(set(what)) != 1 or what[0] is None:
            continue
        mod, _, attr = what[0].rpartition(".")
        if what[0] in consts:
            mods[k] = what[0]
        elif mod in consts and attr in consts[mod][0]:
            names[k] = (mod, attr)
    return mods, names


def _parents(tree):
    up = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            up[child] = node
    return up


def _literal(v):
    return "(%d)" % v if v < 0 else "%d" % v


def fold_all(texts):
    """{module: folded source} for {module: source} (see the module doc)."""
    trees = {m: ast.parse(t) for m, t in texts.items()}
    stores = {m: _stores(t) for m, t in trees.items()}
    consts = {m: constants(m, trees[m], stores[m]) for m in trees}
    # a name some code sets from outside its module (`mod.NAME = x`, setattr) is no constant
    moved = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                moved.add(node.attr)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id == "setattr" and len(node.args) > 1
                  and isinstance(node.args[1], ast.Constant)):
                moved.add(node.args[1].value)
    for m, (values, literal) in consts.items():
        for k in moved & set(values):
            del values[k]
            literal.pop(k, None)
    consts = {m: c for m, c in consts.items() if c[0]}
    names = set(k for c in consts.values() for k in c[0])
    unfolded = set()  # constants' names read some way not folded: their lines stay
    for path in OTHERS:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            unfolded.update(names & set(re.findall(r"\w+", f.read())))
    lines = {m: t.split("\n") for m, t in texts.items()}
    edits = {}  # module -> [(line, start column, end column, text)]: columns in bytes
    drops = {}  # module -> [(line, NAME)]: a literal constant's line, gone unless unfolded
    for m, tree in trees.items():
        edits[m], drops[m] = _folds(m, tree, stores[m], lines[m], consts, names, unfolded)
    out = {}
    for m, rows in lines.items():
        for row, k in drops[m]:
            if k not in unfolded:
                edits[m] = [e for e in edits[m] if e[0] != row]
                edits[m].append((row, 0, len(rows[row - 1].encode()), ""))
        for row, a, b, new in sorted(edits[m], key=lambda e: (e[0], e[1]), reverse=True):
            raw = rows[row - 1].encode()
            rows[row - 1] = raw[:a].decode() + new + raw[b:].decode()
        out[m] = "\n".join(rows)
    return out


def _folds(m, tree, stores, lines, consts, names, unfolded):
    """The edits folding module `m` (`tree`, its `lines`), and its constants' lines that may go;
    adds to `unfolded` the names (of `names`, every constant's) it reads some way not folded."""
    mods, imported = _imports(tree, stores, consts)
    own = consts.get(m, ({}, {}))[0]
    count, glob = stores
    edits = []
    used = {}  # local name -> reads left after folding
    folded = set()  # the module names of folded `module.NAME`
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            mod = mods.get(node.value.id) if isinstance(node.value, ast.Name) else None
            if (mod is not None and node.attr in consts[mod][0]
                    and isinstance(node.ctx, ast.Load) and node.lineno == node.end_lineno):
                edits.append((node.lineno, node.col_offset, node.end_col_offset,
                              _literal(consts[mod][0][node.attr])))
                folded.add(node.value)
            else:
                unfolded.add(node.attr)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load) or node in folded:
            continue
        if node.id in imported:
            v = consts[imported[node.id][0]][0][imported[node.id][1]]
        elif node.id in own and count.get(node.id) == 1 and node.id not in glob:
            v = own[node.id]
        else:
            used[node.id] = used.get(node.id, 0) + 1
            continue
        edits.append((node.lineno, node.col_offset, node.end_col_offset, _literal(v)))
    up = _parents(tree)
    for node in ast.walk(tree):  # imports left unused
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        gone = [a for a in node.names if (a.asname or a.name) in mods or (
            a.asname or a.name) in imported]
        gone = [a for a in gone if not used.get(a.asname or a.name)]
        body = getattr(up[node], "body", ())
        line = lines[node.lineno - 1]
        if (not gone or node.lineno != node.end_lineno or ";" in line
                or (len(gone) == len(node.names) and len(body) < 2)):  # (a block needs a line)
            gone = []
        if isinstance(node, ast.ImportFrom) and node.module in consts:
            # a constant imported by name and kept so: its definition stays
            unfolded.update(a.name for a in node.names if a not in gone
                            and a.name in consts[node.module][0])
        if gone:
            keep = ", ".join(a.name + (" as " + a.asname if a.asname else "")
                             for a in node.names if a not in gone)
            new = ""
            if keep:
                new = line[:len(line) - len(line.lstrip())] + (
                    "import " + keep if isinstance(node, ast.Import) else
                    "from %s import %s" % (node.module, keep))
            edits.append((node.lineno, 0, len(line.encode()), new))
    drops = []
    for k, node in consts.get(m, ({}, {}))[1].items():
        if ((m.startswith(GAMES) or k[0] == "_") and node.lineno == node.end_lineno
                and ";" not in lines[node.lineno - 1]):
            drops.append((node.lineno, k))
    return edits, drops


_done = {}  # out -> the inputs' sizes and times when it was last written by this process


def _inputs():
    paths = [os.path.join(ROOT, f) for f in MANIFEST + OTHERS] + shorten.outside_files()
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            paths += [os.path.join(d, name) for name in sorted(files)]
    return [(p, os.stat(p).st_size, os.stat(p).st_mtime_ns) for p in paths]


def tree(out=OUT):
    """Write the folded copy of PACKAGES (private names shortened), and MANIFEST, under `out`
    (only what changed; a file whose source is gone is removed); return `out`.  Called again in
    the same process with no input changed, it returns at once (folding reads every module:
    about 2 s; the tests' console runs call it before each run)."""
    inputs = _inputs()
    if _done.get(out) == inputs and os.path.isdir(out):
        return out
    stamp = os.path.join(out, ".inputs")  # what the tree was last written from, by any process
    mark = repr(inputs + [(p, os.stat(p).st_mtime_ns) for p in (__file__, shorten.__file__)])
    try:
        with open(stamp) as f:
            if f.read() == mark:  # nothing changed: `make console-mpy` starts at once (was ~3 s)
                _done[out] = inputs
                return out
    except OSError:
        pass
    folded = shorten.shorten_all(fold_all(sources()))
    keep = set()
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(os.path.join(ROOT, pkg)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for name in files:
                if name.endswith(".pyc"):
                    continue
                src = os.path.join(d, name)
                rel = os.path.relpath(src, ROOT)
                if name.endswith(".py") and rel not in VERBATIM:
                    data = folded[_module(rel)].encode()
                else:
                    with open(src, "rb") as f:
                        data = f.read()
                _write(os.path.join(out, rel), data)
                keep.add(rel)
    for name in MANIFEST:
        with open(os.path.join(ROOT, name), "rb") as f:
            _write(os.path.join(out, name), f.read())
    for pkg in PACKAGES:
        for d, dirs, files in os.walk(os.path.join(out, pkg)):
            for name in files:
                path = os.path.join(d, name)
                # (not another test worker's file being written: files.replace's .tmp)
                if os.path.relpath(path, out) not in keep and not name.endswith(".tmp"):
                    os.remove(path)
    _done[out] = inputs
    with open(stamp + ".tmp%d" % os.getpid(), "w") as f:
        f.write(mark)
    os.replace(stamp + ".tmp%d" % os.getpid(), stamp)
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
    files.replace(path, lambda tmp: _put(tmp, data))


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    print(tree(*sys.argv[1:2]))
