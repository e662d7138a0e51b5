"""docs/rules.md, the project's rules reference, names a test for every rule: those tests exist,
and every test of tests/test_rulebook.py is listed there."""

import ast
import os
import re

from conftest import ROOT

RULES = os.path.join(ROOT, "docs", "rules.md")


def _tests(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and
            n.name.startswith("test_")}


def test_every_test_rules_md_names_exists():
    text = open(RULES, encoding="utf-8").read()
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", text)
    assert len(named) > 60
    missing = [(f, t) for f, t in named if t not in _tests(os.path.join(ROOT, "tests", f))]
    assert missing == []


def test_every_rulebook_test_is_listed():
    text = open(RULES, encoding="utf-8").read()
    listed = set(re.findall(r"test_rulebook\.py::(test_\w+)", text))
    unlisted = _tests(os.path.join(ROOT, "tests", "test_rulebook.py")) - listed
    assert unlisted == {"test_set_up_steps_undo_exactly"}  # an undo test, not a rule


def test_no_citation_of_documents_a_user_does_not_have():
    """The docs, data files and code cite docs/rules.md or the rulebook's section titles, never
    the team's own notes (RULES.md, its section numbers, seeds/)."""
    bad = []
    for top in ("docs", "data", "engine", "firmware", "host_tools", "tests"):
        for dirpath, _dirs, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if not name.endswith((".py", ".md", ".txt")) or name == "test_rules_doc.py":
                    continue
                path = os.path.join(dirpath, name)
                for n, line in enumerate(open(path, encoding="utf-8"), 1):
                    if re.search(r"RULES\.md|RULES §|seeds/|\bRULES\b", line):
                        bad.append("%s:%d" % (os.path.relpath(path, ROOT), n))
    assert bad == []
