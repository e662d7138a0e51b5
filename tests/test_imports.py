"""The import graph of engine/, firmware/, hardware/ and host_tools/: no circles anywhere, and the
layers kept (host_tools/: its folders by job, each importing only the ones below it).

Every import counts, the ones inside functions too (a lazy import is still a dependency: it
only moves when the circle closes), and so does a constant string handed to `__import__` or
`importlib.import_module`.  The command table of engine/core/protocol.py names its modules in
one string, read as data: it is not an import edge.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "firmware", "hardware", "host_tools")
PACKS = ("engine.tal", "engine.exp3", "engine.golan")  # what engine/core must not import


def _modules():
    """{dotted name: path} of every module under PACKAGES."""
    out = {}
    for top in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            for f in files:
                if not f.endswith(".py") or f == "manifest.py":  # a pack's build input
                    continue
                rel = os.path.relpath(os.path.join(folder, f), ROOT)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                out[".".join(rel)] = os.path.join(folder, f)
    return out


def _targets(name, path, known):
    """The modules (in `known`) that module `name` imports anywhere in its text."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    found = set()

    def add(target):
        # the module itself when known, else the nearest known package above it
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            for alias in node.names:
                sub = base + "." + alias.name
                add(sub if sub in known else base)
        elif isinstance(node, ast.Call) and node.args:
            fn = node.func
            called = fn.id if isinstance(fn, ast.Name) else (
                fn.attr if isinstance(fn, ast.Attribute) else None)
            arg = node.args[0]
            if called in ("__import__", "import_module") and isinstance(arg, ast.Constant) \
                    and isinstance(arg.value, str):
                add(arg.value)
    return found


def _graph():
    known = _modules()
    return {name: _targets(name, path, known) for name, path in known.items()}


GRAPH = _graph()


def _cycles(graph, prefix):
    """The import circles among the modules named `prefix...`, each as a list of names."""
    nodes = sorted(n for n in graph if not prefix or n == prefix or n.startswith(prefix + "."))
    inside = set(nodes)
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v] & inside):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circle = _circle(graph, sorted(part))
                if len(circle) <= len(part):  # more modules are in it than this one circle
                    circle.append("(with %s)" % ", ".join(sorted(set(part) - set(circle))))
                out.append(circle)

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def _circle(graph, part):
    # one concrete circle through the component's first module, for the message
    members = set(part)
    start = part[0]
    paths = [[start]]
    seen = {start}
    while paths:
        path = paths.pop(0)
        for w in sorted(graph[path[-1]] & members):
            if w == start:
                return path + [start]
            if w not in seen:
                seen.add(w)
                paths.append(path + [w])
    return part


@pytest.mark.parametrize("prefix", ["engine", "firmware", "hardware", "host_tools"])
def test_no_import_circle(prefix):
    circles = _cycles(GRAPH, prefix)
    assert not circles, "import circles in %s/:\n%s" % (
        prefix, "\n".join("    " + " -> ".join(c) for c in circles))


def test_no_import_circle_in_the_whole_tree():
    # across the folders too: a circle through engine/ and firmware/ is one all the same
    circles = _cycles(GRAPH, "")
    assert not circles, "import circles:\n%s" % "\n".join("    " + " -> ".join(c) for c in circles)


# host_tools/'s folders, each importing only those listed before it (and engine/, firmware/...)
HOST_LAYERS = ("host_tools.building", "host_tools.board", "host_tools.desk", "host_tools.benches")


def test_host_tools_is_in_folders_by_job_each_saying_what_it_is_for():
    top = os.path.join(ROOT, "host_tools")
    loose = sorted(f for f in os.listdir(top) if f.endswith(".py")
                   and f not in ("__init__.py", "__main__.py"))
    assert not loose, "host_tools/ modules outside a folder by job: %s" % loose
    folders = sorted("host_tools." + d for d in os.listdir(top)
                     if os.path.isfile(os.path.join(top, d, "__init__.py")))
    assert folders == sorted(HOST_LAYERS)
    for name in folders:
        with open(os.path.join(top, name.split(".")[1], "__init__.py")) as f:
            doc = ast.get_docstring(ast.parse(f.read()))
        assert doc and "\n" not in doc.strip(), "%s/__init__.py: say in one line what it is for" % name


def test_host_tools_folders_import_only_the_folders_below():
    rank = {p: i for i, p in enumerate(HOST_LAYERS)}

    def layer(name):
        return ".".join(name.split(".")[:2]) if name.startswith("host_tools.") else None

    bad = sorted("%s -> %s" % (name, target) for name, targets in GRAPH.items()
                 if layer(name) in rank for target in targets
                 if layer(target) in rank and rank[layer(target)] > rank[layer(name)])
    assert not bad, "host_tools/ imports up its layers (%s):\n    %s" % (
        " < ".join(HOST_LAYERS), "\n    ".join(bad))


def test_firmware_does_not_import_hardware():
    # a board's entry point (firmware/boards/) wires the hardware in; the rest is board-free
    bad = sorted("%s -> %s" % (name, target) for name, targets in GRAPH.items()
                 if name.startswith("firmware.") and not name.startswith("firmware.boards")
                 for target in targets if target.split(".")[0] == "hardware")
    assert not bad, "firmware/ imports hardware/:\n    " + "\n    ".join(bad)


def test_core_does_not_import_the_games():
    assert "engine.core" in GRAPH, "engine/core/ is missing"
    bad = sorted("%s -> %s" % (name, target) for name, targets in GRAPH.items()
                 if name.startswith("engine.core")
                 for target in targets if target.startswith(PACKS))
    assert not bad, "engine/core imports the rules or a pack:\n    " + "\n    ".join(bad)


def test_the_graph_sees_lazy_and_string_imports():
    # the walk itself: a function-level import and an __import__ string are edges
    known = {"engine", "engine.a", "engine.b", "engine.c"}
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "a.py")
        with open(path, "w") as f:
            f.write("def f():\n    from engine import b\n    __import__('engine.c')\n")
        assert _targets("engine.a", path, known) == {"engine.b", "engine.c"}
