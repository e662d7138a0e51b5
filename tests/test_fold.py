"""host_tools/fold.py: the boards' copy of the sources, engine/tal/fields.py's offsets folded in."""

import os

from engine.tal import fields
from host_tools import fold

IMPORT = "from engine.tal import fields"


def test_fields_names_become_their_numbers_and_the_import_goes():
    src = "\n".join([
        '"""A rules module."""',
        "",
        IMPORT,
        "from engine.core import parse",
        "",
        "",
        "def f(vals, a):",
        "    vals[fields.AC_TYPE + a] = vals[fields.SO]  # fields.SO in a comment stays",
        '    return "fields.VP", fields.COUNT',
        ""])
    got = fold.fold(src, fold.values()).split("\n")
    assert len(got) == len(src.split("\n"))  # tracebacks keep their line numbers
    assert got[2] == ""
    assert got[7] == "    vals[%d + a] = vals[%d]  # fields.SO in a comment stays" % (
        fields.AC_TYPE, fields.SO)
    assert got[8] == '    return "fields.VP", %d' % fields.COUNT


def test_a_module_that_uses_fields_otherwise_keeps_the_import():
    src = IMPORT + "\n\nx = fields.VP\ny = getattr(fields, 'SO')\nz = fields.layout\n"
    got = fold.fold(src, fold.values())
    assert got.startswith(IMPORT + "\n") and "x = %d\n" % fields.VP in got
    assert "getattr(fields, 'SO')" in got and "z = fields.layout" in got


def test_other_things_called_fields_are_left_alone():
    src = "def f(q):\n    table, key, fields, what, sheet = q\n    return fields.VP, q.fields.SO\n"
    assert fold.fold(src, fold.values()) == src  # no import of engine/tal/fields.py here
    src = IMPORT + "\nv = fields.VP + q.fields.SO\n"
    assert fold.fold(src, fold.values()) == "\nv = %d + q.fields.SO\n" % fields.VP


def test_the_folded_tree_compiles_line_for_line_and_never_loads_fields(tmp_path):
    out = fold.tree(str(tmp_path))
    n = 0
    for pkg in fold.PACKAGES:
        for d, _dirs, files in os.walk(os.path.join(out, pkg)):
            for name in files:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(d, name)
                rel = os.path.relpath(path, out)
                with open(path) as f:
                    text = f.read()
                with open(os.path.join(fold.ROOT, rel)) as f:
                    assert text.count("\n") == f.read().count("\n"), rel
                compile(text, rel, "exec")
                if rel != os.path.join("engine", "tal", "fields.py"):
                    assert IMPORT not in text.split("\n"), rel  # its table never made on a board
                n += 1
    assert n > 100 and all(os.path.isfile(os.path.join(out, m)) for m in fold.MANIFEST)


def test_a_source_removed_leaves_the_folded_tree_too(tmp_path):
    stale = tmp_path / "engine" / "tal" / "gone.py"
    stale.parent.mkdir(parents=True)
    stale.write_text("x = 1\n")
    fold.tree(str(tmp_path))
    assert not stale.exists()
