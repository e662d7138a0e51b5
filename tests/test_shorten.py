"""host_tools/building/shorten.py: a module's private names shortened in the boards' copy of the sources."""

import ast
import os

from host_tools.building import fold, shorten


def _shorten(outside=(), **modules):
    """shorten_all over these modules (keyword: dotted name with `_` for `.`)."""
    texts = {k.replace("_", "."): v for k, v in modules.items()}
    got = shorten.shorten_all(texts, set(outside))
    for k, v in texts.items():
        assert got[k].count("\n") == v.count("\n")  # tracebacks keep their line numbers
        ast.parse(got[k])
    return {k.replace(".", "_"): v for k, v in got.items()}


def test_a_modules_private_names_become_short_and_every_use_follows():
    src = "\n".join([
        "import sys",
        "_LIMIT = (1, 2)",
        "",
        "def _check(value, _extra=0):",
        "    return value in _LIMIT or _extra  # _check in a comment: a token too, left alone",
        "",
        "class Box:",
        "    def __init__(self):",
        "        self._items = []",
        "        sys.modules[_check(1, _extra=2)] = self._items",
        "",
        "    def add(self, x):",
        "        self._items.append(x)",
        ""])
    got = _shorten(m=src)["m"].split("\n")
    assert got[1] == "_a = (1, 2)"
    assert got[3] == "def _b(value, _0=0):"  # (a keyword too: a name of its own)
    assert got[4].startswith("    return value in _a or _0  #")
    assert got[8] == "        self._1 = []"
    assert got[9] == "        sys.modules[_b(1, _0=2)] = self._1"
    assert got[12] == "        self._1.append(x)"


def test_a_name_reached_from_elsewhere_keeps_its_name():
    owner = "\n".join([
        "def _by_table(): pass",
        "def _by_attr(): pass",
        "def _by_keyword(_kw=1): pass",
        "def _by_import(): pass",
        "class Base:",
        "    def _hook(self): pass",
        "    def run(self): return self._hook()",
        "def _by_tool(): pass",
        "def _own(): pass",
        ""])
    other = "\n".join([
        "from owner import _by_import",
        "import owner",
        "TABLE = 'x _by_table y'",
        "owner._by_attr()",
        "owner._by_keyword(_kw=2)",
        "class Mine(owner.Base):",
        "    def _hook(self): return 1",
        "def _own(): pass",  # its own name alike: the owner's still shortens
        ""])
    got = _shorten(outside={"_by_tool"}, owner=owner, other=other)
    kept = ("_by_table", "_by_attr", "_by_keyword", "_kw", "_by_import", "_hook", "_by_tool")
    for name in kept:
        assert name in got["owner"], name
    assert "_own" not in got["owner"] and "_own" not in got["other"]


def test_two_modules_attributes_never_get_one_name():
    """A subclass elsewhere: the base's method and the subclass's own must stay apart."""
    base = "class Canvas:\n    def _item(self, a): return a\n    def fill(self): self._item(1)\n"
    sub = ("from base import Canvas\nclass Panel(Canvas):\n    def _mark(self, a, b): pass\n"
           "    def show(self): self._mark(1, 2)\n")
    got = _shorten(base=base, sub=sub)
    assert "def _0(self, a)" in got["base"] and "self._0(1)" in got["base"]
    assert "def _1(self, a, b)" in got["sub"] and "self._1(1, 2)" in got["sub"]


def test_a_name_an_f_string_reads_keeps_its_name():
    src = "_width = 3\n_other = 1\ndef show(x):\n    return f'{x:>{_width}}' + str(_other)\n"
    got = _shorten(m=src)["m"]
    assert "_width = 3" in got and "{_width}" in got and "_other" not in got


def test_a_library_private_name_and_dunders_are_left_alone():
    src = "import sys\nf = sys._getframe\nclass A:\n    def __init__(self):\n        self.__x = 1\n"
    assert _shorten(m=src)["m"] == src


def test_a_short_name_never_takes_one_the_module_already_uses():
    src = "_a = 1\n_b = 2\n_long_name = _a + _b\n"
    got = _shorten(outside={"_a", "_b"}, m=src)["m"]
    assert got == "_a = 1\n_b = 2\n_c = _a + _b\n"


def test_short_names_run_past_one_letter():
    names = shorten._short_names()
    first = [next(names) for _ in range(60)]
    assert first[:3] == ["_a", "_b", "_c"] and first[51] == "_Z" and first[52] == "_aa"
    assert len(set(first)) == 60


def test_the_boards_copy_names_no_private_name_a_test_or_host_tool_uses(tmp_path):
    """The real tree: every private name a test or a host tool names is still there."""
    out = fold.tree(str(tmp_path / "folded"))
    outside = shorten._outside_words()
    for rel in ("firmware/console.py", "engine/core/session.py"):
        with open(os.path.join(fold.ROOT, rel)) as f:
            src = f.read()
        with open(os.path.join(out, rel)) as f:
            got = f.read()
        for name in set(n for n in outside if shorten._PRIVATE.match(n) and n in src):
            if ("def %s(" % name) in src:
                assert ("def %s(" % name) in got, (rel, name)
