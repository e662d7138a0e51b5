"""Private names shortened in the device's copy of the sources (after host_tools/building/fold.py).

From a `.mpy` file every name the code uses (a function's, an argument's, a global's, an
attribute's) is interned into the board's heap when the module loads, and stays there after the
module is dropped: about 23 bytes a name on a 32-bit board (its characters, its entry in a pool of
names, the pool's room to grow).  A module's private names (`_draw_hit`, `_cups_home`) are its
own, so each module's variables (globals, locals, arguments) are renamed `_a`, `_b`, ... in the
order they first appear: every module then shares the same few short names.  A private name a
module uses as an attribute (`self._buf`), a keyword or a class's member may meet another
module's on one object (a subclass, the session), so it gets a name of its own in the whole
tree: `_0`, `_1`, ...

A private name is renamed in its module only when nothing outside the module can reach it:
  - it is bound in the module (a def, a class, an assignment, an argument, `self._x = ...`),
    so a library's own private name (`sys._getframe`) is left alone;
  - no other module names it as an attribute (`mod._x`, `obj._x`), a keyword (`f(_x=1)`), a name
    imported from a module (`from m import _x`), or a method or class attribute (an override);
    and when the module itself uses it so, no other module has the word at all;
  - no string of any module holds it as a word (`getattr(obj, "_x")`, the command table, an
    f-string's `{_x}`);
  - no host tool, test or web file names it at all (they reach into the boards' copy too).
A dunder (`__init__`) is never touched.  Every use in the module is renamed alike (token by token),
so a line keeps its number and tracebacks point at the source's line; they name the short names.

Measured, unix32-mpy: every rules request in one session 1,126 names (19.0 KB of pools) against
1,254 (20.3 KB), smallest heap 90 KB against 92; each rules transcript 87.8 against 89, the tour
of every screen 179 against 183.  The frozen builds keep names in flash: unchanged.
"""

import ast
import collections
import io
import itertools
import os
import re
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Files outside the device packages that may name a device module's private name
OUTSIDE = ("host_tools", "tests", "web")
_PRIVATE = re.compile(r"_[A-Za-z0-9]\w*\Z")
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _short_names():
    """_a, _b, ..., _Z, _aa, _ab, ...: the names given, in order."""
    for n in itertools.count(1):
        for letters in itertools.product(_LETTERS, repeat=n):
            yield "_" + "".join(letters)


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
        elif isinstance(node, ast.JoinedStr):  # (an f-string is one token before Python 3.12)
            words.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
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


def outside_files(root=ROOT):
    """The files of OUTSIDE whose words bar a name (code and pages: what may name one)."""
    paths = []
    for top in OUTSIDE:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x not in ("node_modules", "__pycache__"))
            paths += [os.path.join(d, name) for name in sorted(files)
                      if name.endswith((".py", ".js", ".mjs", ".html"))]
    return paths


def _outside_words(root=ROOT):
    words = set()
    for path in outside_files(root):
        with open(path, encoding="utf-8") as f:
            words.update(re.findall(r"\w+", f.read()))
    return words


def shorten_all(texts, outside=None):
    """{module: source} with each module's private names shortened (see the module doc)."""
    outside = _outside_words() if outside is None else outside
    trees = {m: ast.parse(t) for m, t in texts.items()}
    reach = {m: _reach(t) for m, t in trees.items()}
    tokens = {m: list(tokenize.generate_tokens(io.StringIO(t).readline))
              for m, t in texts.items()}
    used = {m: set(t.string for t in ts if t.type == tokenize.NAME) for m, ts in tokens.items()}
    barred = set(outside)
    for attrs, words in reach.values():
        barred |= words
    everywhere = set(barred)
    for names in used.values():
        everywhere |= names
    # attributes' short names: _0, _1, ..., never a module's own (_a, _b, ...; see _names_of)
    shared = (s for s in ("_%d" % i for i in itertools.count()) if s not in everywhere)
    # how many modules reach each name, and how many have it at all (one of them may be m)
    reachers = collections.Counter(k for attrs, _ in reach.values() for k in attrs)
    users = collections.Counter(k for names in used.values() for k in names)
    out = {}
    for m, text in texts.items():
        names = _names_of(tokens[m], used[m], reach[m][0], _bound(trees[m]), barred, reachers,
                          users, shared)
        out[m] = _rename(text, tokens[m], names) if names else text
    return out


def _names_of(tokens, used, attrs, bound, barred, reachers, users, shared):
    """{private name: its short name} for module m.  A name only ever a variable in m (a
    global, a local, an argument) gets the module's next short name: another module's variables
    are its own.  A name `m` uses as an attribute (or a keyword, a class's member, a name
    imported by name) may be an object's that other modules' code holds too: it is renamed only
    when no other module has the word at all, to a short name no module has (`shared`), so two
    modules' attributes never meet on one object (a subclass, a session).  `used`, `attrs`,
    `bound`: the module's words, the names it reaches, the names it binds."""
    names = {}
    own = (s for s in _short_names() if s not in used)  # (never a digit: `shared`'s)
    for t in tokens:
        k = t.string
        if (t.type != tokenize.NAME or k in names or not _PRIVATE.match(k) or k not in bound
                or k in barred or reachers[k] > (k in attrs)):  # (another module reaches it)
            continue
        if k not in attrs:
            names[k] = next(own)
        elif users[k] == 1:  # (this module alone has the word)
            names[k] = next(shared)
    return names


def _rename(text, tokens, names):
    lines = text.split("\n")
    for t in reversed(tokens):  # (right to left: columns before an edit stay right)
        if t.type == tokenize.NAME and t.string in names:
            row, col = t.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + names[t.string] + line[t.end[1]:]
    return "\n".join(lines)
