"""`python -m host_tools`: one CLI, --help everywhere, and `validate` on the shipped data files."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
from host_tools.desk import validate
from host_tools.__main__ import parser

SUBCOMMANDS = ["validate", "send", "pull", "log", "replay", "mix", "bench", "dist", "deploy"]


def cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=kw.get("cwd", ROOT),
                          capture_output=True, text=True, timeout=kw.get("timeout", 120))


def test_every_subcommand_is_there():
    sub = [a for a in parser()._actions if a.dest == "command"][0]
    assert sorted(sub.choices) == sorted(SUBCOMMANDS)


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_help(name):
    p = cli(name, "--help")
    assert p.returncode == 0 and p.stdout.startswith("usage: python -m host_tools " + name)


def test_no_subcommand_is_a_usage_error():
    p = cli()
    assert p.returncode == 2 and "usage:" in p.stderr


def test_validate_passes_on_every_shipped_data_file():
    """Every file under data/ is checked (and named) by the engine's own parser."""
    p = cli("validate")
    assert p.returncode == 0, p.stdout + p.stderr
    shipped = validate.shipped()
    assert shipped, "no data files shipped"
    for f in shipped:
        assert "ok    %s" % os.path.relpath(f, ROOT) in p.stdout


def test_every_data_file_has_an_engine_parser():
    names = [validate.data_name(f) for f in validate.shipped()]
    assert sorted(n for n in names if n not in validate.READERS) == []
    assert sorted(n for n in validate.READERS if n not in names) == []  # no stale reader


def _damage(tmp_path, name, old, new):
    """A copy of data/<name> with the first `old` on a record line replaced by `new`."""
    src = os.path.join(validate.DATA, name)
    dst = tmp_path / name
    dst.parent.mkdir(parents=True, exist_ok=True)
    lines = open(src, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        body = line.split("#")[0]
        if old in body and ":" not in body.split()[0]:
            lines[i] = line.replace(old, new, 1)
            dst.write_text("\n".join(lines) + "\n")
            return str(dst), i + 1
    raise AssertionError("no %r in a record of %s" % (old, name))


def test_validate_names_file_line_and_value_of_a_damaged_copy(tmp_path):
    """A bad value in a copy of the Hit cup file: exit 1, naming file, line and value."""
    path, line = _damage(tmp_path, "tal/hit_cup.txt", "structure*", "structur*")
    p = cli("validate", path)
    assert p.returncode == 1
    assert "FAIL" in p.stdout
    assert "%s:%d:" % (path, line) in p.stderr and "structur" in p.stderr, p.stderr


def test_validate_a_wrong_count(tmp_path):
    name = "tal/popup_cup.txt"
    src = open(os.path.join(validate.DATA, name), encoding="utf-8").read().splitlines()
    dst = tmp_path / name
    dst.parent.mkdir(parents=True)
    for i, line in enumerate(src):
        body = line.split("#")[0].strip()
        if body and body.split()[0].isdigit():
            src[i] = line.replace(body.split()[0], "x7", 1)
            break
    dst.write_text("\n".join(src) + "\n")
    p = cli("validate", str(dst))
    assert p.returncode == 1 and "%s:%d:" % (dst, i + 1) in p.stderr and "x7" in p.stderr


def test_validate_refuses_an_unknown_file_and_a_missing_one(tmp_path):
    f = tmp_path / "tal" / "mystery.txt"
    f.parent.mkdir()
    f.write_text("1 | a\n")
    p = cli("validate", str(f), str(tmp_path / "tal" / "gone.txt"))
    assert p.returncode == 1
    assert "not a known data file" in p.stderr and "Traceback" not in p.stderr


def test_validate_as_checks_a_file_under_any_name(tmp_path):
    f = tmp_path / "my_hits.txt"
    shutil.copy(os.path.join(validate.DATA, "tal", "hit_cup.txt"), str(f))
    assert cli("validate", "--as", "tal/hit_cup.txt", str(f)).returncode == 0
    assert cli("validate", "--as", "tal/popup_cup.txt", str(f)).returncode == 1
