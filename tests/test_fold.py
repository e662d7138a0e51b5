"""host_tools/building/fold.py: the boards' copy of the sources, the modules' integer constants folded in."""

import os

from engine.tal import fields
from host_tools.building import fold

IMPORT = "from engine.tal import fields"
FIELDS = "engine.tal.fields"


def _fold(**modules):
    """fold_all over these modules (keyword: dotted name with `_` for `.`) and the real fields.py."""
    with open(os.path.join(fold.ROOT, "engine", "tal", "fields.py")) as f:
        texts = {FIELDS: f.read()}
    texts.update({k.replace("_", "."): v for k, v in modules.items()})
    got = fold.fold_all(texts)
    for k, v in texts.items():
        assert got[k].count("\n") == v.count("\n")  # tracebacks keep their line numbers
    return {k.replace(".", "_"): v.split("\n") for k, v in got.items()}


def test_fields_offsets_become_their_numbers_and_the_import_goes():
    src = "\n".join([
        '"""A rules module."""',
        "",
        IMPORT,
        "from engine.core import parse",
        "",
        "",
        "def f(vals, a):",
        "    vals[fields.AC_TYPE + a] = vals[fields.SO]  # fields.SO in a comment stays",
        '    return "fields.VP", fields.COUNT, parse.Reject',
        ""])
    got = _fold(rules=src)["rules"]
    assert got[2] == "" and got[3] == "from engine.core import parse"
    assert got[7] == "    vals[%d + a] = vals[%d]  # fields.SO in a comment stays" % (
        fields.AC_TYPE, fields.SO)
    assert got[8] == '    return "fields.VP", %d, parse.Reject' % fields.COUNT


def test_a_module_that_uses_fields_otherwise_keeps_the_import():
    src = IMPORT + "\n\nx = fields.VP\ny = getattr(fields, 'SO')\nz = fields.layout\n"
    got = "\n".join(_fold(m=src)["m"])
    assert got.startswith(IMPORT + "\n") and "x = %d\n" % fields.VP in got
    assert "getattr(fields, 'SO')" in got and "z = fields.layout" in got


def test_other_things_called_fields_are_left_alone():
    src = "def f(q):\n    table, key, fields, what, sheet = q\n    return fields.VP, q.fields.SO\n"
    assert "\n".join(_fold(m=src)["m"]) == src  # no import of engine/tal/fields.py here
    src = IMPORT + "\nv = fields.VP + q.fields.SO\n"
    assert "\n".join(_fold(m=src)["m"]) == "\nv = %d + q.fields.SO\n" % fields.VP


def test_a_modules_own_constants_fold_and_their_lines_go():
    src = "\n".join([
        "AA1 = 3  # a literal",
        "BB2 = AA1 * 2 + 1",
        "CC3 = const(-4)",
        "DD4 = 5",
        "DD4 = 6  # bound twice: not a constant",
        "EE5 = 7",
        "NAME = 'x'",
        "",
        "def f(x):",
        "    global EE5",
        "    EE5 = x",
        "    return AA1 + BB2, CC3, DD4, EE5, NAME",
        ""])
    got = _fold(engine_tal_rules=src)["engine_tal_rules"]
    assert got[:3] == ["", "", ""]
    assert got[3:7] == ["DD4 = 5", "DD4 = 6  # bound twice: not a constant", "EE5 = 7", "NAME = 'x'"]
    assert got[11] == "    return 3 + 7, (-4), DD4, EE5, NAME"


def test_constants_fold_through_imports_of_their_module():
    rules = "FLYING = 1\nLEFT = 2\nSLOTS = 4\n\ndef g():\n    return FLYING\n"
    user = "\n".join([
        "from engine.tal import rules",
        "from engine.tal.rules import LEFT, g",
        "from engine.tal import rules as r2",
        "",
        "def f(n):",
        "    from engine.tal import rules",
        "    return rules.FLYING + LEFT + r2.SLOTS + n, g",
        ""])
    got = _fold(engine_tal_rules=rules, engine_tal_user=user)
    assert got["engine_tal_rules"][:3] == ["", "", ""] and got["engine_tal_rules"][5] == "    return 1"
    assert got["engine_tal_user"][:3] == ["", "from engine.tal.rules import g", ""]
    assert got["engine_tal_user"][5] == ""  # a function's own import, left unused
    assert got["engine_tal_user"][6] == "    return 1 + 2 + 4 + n, g"


def test_outside_the_game_modules_the_constants_lines_stay():
    # (host tools and tests running on the boards read them: record.FORMAT, keys.LONG)
    got = _fold(firmware_keys="LONG = 2\n\ndef f():\n    return LONG\n")["firmware_keys"]
    assert got == ["LONG = 2", "", "def f():", "    return 2", ""]


def test_a_private_constant_goes_anywhere_and_a_name_set_from_outside_is_no_constant():
    keys = "LONG = 2\n_QUEUE = 8\n\ndef f():\n    return LONG + _QUEUE\n"
    setter = "from firmware import keys\n\ndef g(x):\n    keys.LONG = x\n"
    got = _fold(firmware_keys=keys, firmware_setter=setter)
    assert got["firmware_keys"] == ["LONG = 2", "", "", "def f():", "    return LONG + 8", ""]
    assert got["firmware_setter"] == setter.split("\n")


def test_a_constant_read_another_way_keeps_its_definition():
    rules = "FLYING = 1\nWIDTH = 160\n"
    user = "\n".join([
        "from engine.tal import rules",
        "from engine.tal.rules import FLYING as F",
        "",
        "def f(profile, rules2):",
        "    F = 0  # the imported name bound again: not folded",
        "    return rules.WIDTH, profile.WIDTH, F",
        ""])
    shadow = "from engine.tal import rules\n\ndef f(x):\n    rules = x\n    return rules.FLYING\n"
    got = _fold(engine_tal_rules=rules, engine_tal_user=user, engine_tal_shadow=shadow)
    assert got["engine_tal_rules"][:2] == ["FLYING = 1", "WIDTH = 160"]
    assert got["engine_tal_user"][5] == "    return 160, profile.WIDTH, F"
    assert got["engine_tal_shadow"] == shadow.split("\n")


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
