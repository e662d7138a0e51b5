"""Private names shortened in the device's copy of the sources (after host_tools/fold.py).

From a `.mpy` file every name the code uses (a function's, an argument's, a global's, an
attribute's) is interned into the board's heap when the module loads, and stays there after the
module is dropped: about 23 bytes a name on a 32-bit board (its characters, its entry in a pool of
names, the pool's room to grow).  A module's private names (`_draw_hit`, `_cups_home`) are its
own, so each module's are renamed `_a`, `_b`, ... in the order they first appear: every module
then shares the same few short names.

A private name is renamed in its module only when nothing outside the module can reach it:
  - it is bound in the module (a def, a class, an assignment, an argument, `self._x = ...`),
    so a library's own private name (`sys._getframe`) is left alone;
  - no other module names it as an attribute (`mod._x`, `obj._x`), a keyword (`f(_x=1)`), a name
    imported from a module (`from m import _x`), or a method or class attribute (an override);
  - no string of any module holds it as a word (`getattr(obj, "_x")`, the command table);
  - no host tool, test or web file names it at all (they reach into the boards' copy too).
A dunder (`__init__`) is never touched.  Every use in the module is renamed alike (token by token),
so a line keeps its number and tracebacks point at the source's line; they name the short names.

Measured (unix32-mpy, every rules request in one session): NOTE.
"""

import ast
import io
import os
import re
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Files outside the device packages that may name a device module's private name
OUTSIDE = ("host_tools", "tests", "web")
_PRIVATE = re.compile(r"_[A-Za-z0-9]\w*\Z")
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _short_names():
    """_a, _b, ..., _Z, _aa, _ab, ...: the names given, in order."""
    n = 1
    while True:
        for i in range(len(_LETTERS) ** n):
            name = ""
            for _ in range(n):
                i, k = divmod(i, len(_LETTERS))
                name = _LETTERS[k] + name
            yield "_" + name
        n += 1


def _reach(tree):
    """(names a module reaches in others: attributes, keywords, names imported by name, its
    classes' methods and attributes; words of its strings)."""
    reach, words = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            reach.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            reach.add(node.arg)
        elif isinstance(node, ast.ImportFrom):
            reach.update(a.name for a in node.names)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    reach.add(item.name)
                elif isinstance(item, ast.Assign):
                    reach.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            words.update(re.findall(r"\w+", node.value))
    return reach, words


def _bound(tree):
    """The names `tree` binds: defs, classes, assignments, arguments, attributes assigned."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            out.add(node.attr)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.alias) and node.asname:
            out.add(node.asname)
    return out


def _outside_words(root=ROOT):
    words = set()
    for top in OUTSIDE:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if x not in ("node_modules", "__pycache__")]
            for name in files:
                if name.endswith((".py", ".js", ".mjs", ".html")):
                    with open(os.path.join(d, name), encoding="utf-8") as f:
                        words.update(re.findall(r"\w+", f.read()))
    return words


def shorten_all(texts, outside=None):
    """{module: source} with each module's private names shortened (see the module doc)."""
    outside = _outside_words() if outside is None else outside
    trees = {m: ast.parse(t) for m, t in texts.items()}
    reach = {m: _reach(t) for m, t in trees.items()}
    out = {}
    for m, text in texts.items():
        barred = set(outside)
        for n, (attrs, words) in reach.items():
            barred |= words
            if n != m:
                barred |= attrs
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
        used = set(t.string for t in tokens if t.type == tokenize.NAME)
        bound = _bound(trees[m])
        names = {}
        fresh = (s for s in _short_names() if s not in used)
        for t in tokens:
            k = t.string
            if (t.type == tokenize.NAME and k not in names and _PRIVATE.match(k)
                    and k in bound and k not in barred):
                names[k] = next(fresh)
        out[m] = _rename(text, tokens, names) if names else text
    return out


def _rename(text, tokens, names):
    lines = text.split("\n")
    for t in reversed(tokens):  # (right to left: columns before an edit stay right)
        if t.type == tokenize.NAME and t.string in names:
            row, col = t.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + names[t.string] + line[t.end[1]:]
    return "\n".join(lines)
