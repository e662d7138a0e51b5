"""One parser for the data files: `validate` (CPython) and the device's reader (the MicroPython
unix port, reading as a board does: firmware/datafiles.py, binary lines) give the same verdict,
byte for byte, on every edit a player or a text editor might make.

The accepted bytes (data/README.md): lines end in LF or CR LF; inside a line, printable ASCII
and tabs, and UTF-8 text in the last column (the source note) and the header values; numbers,
words and names are ASCII.  A control character (form feed, a lone CR), a byte that is not
UTF-8, a C1 control or a Unicode line separator is refused naming the line and column, and so
is a row that repeats the key of an earlier one (naming both lines)."""

import json
import os
import random
import subprocess
import sys

import pytest

from conftest import MICROPYTHON, MPY_DIR, ensure_mpy, run_mpy
from host_tools.desk import validate

SHIPPED = sorted(validate.data_name(p) for p in validate.shipped())


def _records(text):
    """Indexes of the record lines (not comments, headers or blank)."""
    out = []
    for i, line in enumerate(text.split(b"\n")):
        body = line.split(b"#")[0].strip()
        if body and not body.split()[0].endswith(b":"):
            out.append(i)
    return out


def _edit_record(text, rng, fn):
    lines = text.split(b"\n")
    i = rng.choice(_records(text) or [0])  # a file of headers only (answers.txt): its first line
    lines[i] = fn(lines[i])
    return b"\n".join(lines)


def _digit_to(rng, repl):
    def fn(line):
        k = [j for j, c in enumerate(line) if 0x30 <= c <= 0x39]
        if not k:
            return line
        j = rng.choice(k)
        return line[:j] + repl + line[j + 1:]
    return fn


def _insert(rng, what, last_column=False):
    def fn(line):
        j = line.rfind(b"|") + 2 if last_column and b"|" in line else rng.randrange(len(line) + 1)
        return line[:j] + what + line[j:]
    return fn


def _duplicate(rng, change):
    """A copy of a record line right after it, with one of its values changed (or not)."""
    def mutate(text):
        lines = text.split(b"\n")
        i = rng.choice(_records(text) or [0])
        copy = lines[i]
        if change:
            cells = copy.split(b"|")
            k = rng.randrange(1, max(2, len(cells) - 1)) if len(cells) > 2 else 0
            cells[k] = cells[k].replace(b"?", b"3") if b"?" in cells[k] else cells[k] + b"x"
            copy = b"|".join(cells)
        lines.insert(i + 1, copy)
        return b"\n".join(lines)
    return mutate


def _mutations(rng):
    """(label, function text -> text) for every kind of edit, and random damage."""
    yield "arabic-indic digit", lambda t: _edit_record(t, rng, _digit_to(rng, "\u0663".encode()))
    yield "fullwidth digit", lambda t: _edit_record(t, rng, _digit_to(rng, "\uff13".encode()))
    yield "superscript digit", lambda t: _edit_record(t, rng, _digit_to(rng, "\u00b3".encode()))
    yield "CR-only line ends", lambda t: t.replace(b"\n", b"\r")
    yield "CRLF line ends", lambda t: t.replace(b"\n", b"\r\n")
    yield "lone CR in a line", lambda t: _edit_record(t, rng, _insert(rng, b"\r"))
    yield "form feed", lambda t: _edit_record(t, rng, _insert(rng, b"\x0c"))
    yield "vertical tab", lambda t: _edit_record(t, rng, _insert(rng, b"\x0b"))
    yield "NUL", lambda t: _edit_record(t, rng, _insert(rng, b"\x00"))
    yield "DEL", lambda t: _edit_record(t, rng, _insert(rng, b"\x7f"))
    yield "U+2028 in a note", lambda t: _edit_record(t, rng, _insert(rng, "\u2028".encode(), True))
    yield "U+2029 anywhere", lambda t: _edit_record(t, rng, _insert(rng, "\u2029".encode()))
    yield "NEL (U+0085)", lambda t: _edit_record(t, rng, _insert(rng, "\u0085".encode()))
    yield "no-break space", lambda t: _edit_record(t, rng, _insert(rng, "\u00a0".encode()))
    yield "em space", lambda t: _edit_record(t, rng, _insert(rng, "\u2003".encode()))
    yield "accented note", lambda t: _edit_record(t, rng, _insert(rng, "vérifié ".encode(), True))
    yield "accent in a word", lambda t: _edit_record(t, rng, _insert(rng, "é".encode()))
    yield "kelvin sign K", lambda t: _edit_record(t, rng, lambda l: l.replace(b"k", "\u212a".encode(), 1))
    yield "latin-1 byte", lambda t: _edit_record(t, rng, _insert(rng, b"\xe9"))
    yield "0xff byte", lambda t: _edit_record(t, rng, _insert(rng, b"\xff", True))
    yield "overlong NUL", lambda t: _edit_record(t, rng, _insert(rng, b"\xc0\x80", True))
    yield "surrogate", lambda t: _edit_record(t, rng, _insert(rng, b"\xed\xa0\x80", True))
    yield "truncated UTF-8", lambda t: _edit_record(t, rng, _insert(rng, b"\xe2\x80", True))
    yield "emoji note", lambda t: _edit_record(t, rng, _insert(rng, "\U0001f3b2".encode(), True))
    yield "tab separators", lambda t: t.replace(b" | ", b"\t|\t")
    yield "BOM", lambda t: b"\xef\xbb\xbf" + t
    yield "BOM on line 2", lambda t: t.replace(b"\n", b"\n\xef\xbb\xbf", 1)
    yield "duplicate row", _duplicate(rng, False)
    yield "conflicting row", _duplicate(rng, True)
    yield "underscore in number", lambda t: _edit_record(t, rng, _digit_to(rng, b"1_0"))
    yield "header in unicode", lambda t: t.replace(b"source:", "sourcé:".encode(), 1)

    def damage(t):
        b = bytearray(t)
        for _ in range(rng.randint(1, 3)):
            j = rng.randrange(len(b))
            b[j] = rng.choice([rng.randrange(256), 0x20, 0x7C, 0x30 + rng.randrange(10)])
        return bytes(b)

    for _ in range(4):
        yield "random bytes", damage


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    """(name, label, case directory) for every mutated copy: a data/ tree per case."""
    root = tmp_path_factory.mktemp("agree")
    rng = random.Random(20261201)
    out = []
    for name in SHIPPED:
        text = open(os.path.join(validate.DATA, name), "rb").read()
        for label, fn in _mutations(rng):
            d = root / ("c%d" % len(out))
            (d / name).parent.mkdir(parents=True)
            (d / name).write_bytes(fn(text))
            out.append((name, label, str(d)))
    return out


DEVICE = """
import sys
from engine.core.session import Session
from engine import datacheck
from firmware.datafiles import reader
for line in open(sys.argv[1]):
    name, d = line.split()
    s = Session(0)
    s.data = reader(d)  # as a board reads data/
    try:
        print(repr(datacheck.check(s, name)))
    except Exception as e:  # a verdict all the same: it cannot equal validate's
        print(repr("raised %s: %s" % (type(e).__name__, e)))
"""


def _device_verdicts(cases, tmp_path):
    todo = tmp_path / "cases.txt"
    todo.write_text("".join("%s %s\n" % (n, d) for n, _l, d in cases))
    rc, out, err = run_mpy(DEVICE, heap="512K", args=[str(todo)])
    assert rc == 0, err
    got = [eval(l) for l in out.splitlines()]  # noqa: S307 - repr of str or None, ours
    assert len(got) == len(cases)
    return got


def _validate_verdict(name, d):
    """validate's verdict in the device's words: None or "data/NAME:LINE: msg"."""
    path = os.path.join(d, name)
    try:
        got = validate.check(path, name)
    except Exception as e:  # noqa: BLE001 - a verdict all the same
        return "raised %s: %s" % (type(e).__name__, e)
    return None if got is None else "data/" + name + got[len(path):]


def test_validate_and_the_micropython_device_agree_byte_for_byte(cases, tmp_path):
    device = _device_verdicts(cases, tmp_path)
    differ = []
    counts = {"ok": 0, "refused": 0}
    for (name, label, d), dev in zip(cases, device):
        val = _validate_verdict(name, d)
        counts["ok" if val is None else "refused"] += 1
        if val != dev:
            differ.append((name, label, val, dev))
    assert differ == [], "%d of %d differ: %s" % (len(differ), len(cases), differ[:5])
    assert len(cases) >= 320 and counts["ok"] > 30 and counts["refused"] > 200, counts


@pytest.mark.parametrize("label, accepted, words", [
    ("arabic-indic digit", False, ["not ASCII"]),
    ("CR-only line ends", False, [":1:", "carriage return"]),
    ("CRLF line ends", True, []),
    ("form feed", False, ["control character (0x0c)", "column"]),
    ("U+2028 in a note", False, ["line separator (U+2028)"]),
    ("NEL (U+0085)", False, ["control character (U+0085)"]),
    ("latin-1 byte", False, ["0xe9", "not UTF-8"]),
    ("overlong NUL", False, ["0xc0", "not UTF-8"]),
    ("accented note", True, []),
    ("emoji note", True, []),
    ("BOM", True, []),
    ("tab separators", True, []),
])
def test_the_accepted_bytes(cases, label, accepted, words):
    for name, lab, d in cases:
        if lab == label and name == "tal/hit_cup.txt":
            got = _validate_verdict(name, d)
            assert (got is None) == accepted, got
            for w in words:
                assert w in got, (w, got)
            return
    raise AssertionError("no case " + label)


@pytest.mark.parametrize("name, lines, first, second", [
    ("tal/scout.txt", ["4 | 1 | 0 | no | mine", "3..5 | 2 | 0 | no | mine"], 1, 2),
    ("tal/ridge.txt", ["6 | 2 | a", "6 | 3 | b"], 1, 2),
    ("tal/ridge.txt", ["..5 | 1 | a", "7 | 2 | b", "5.. | 3 | c"], 1, 3),
    ("tal/movement.txt", ["a | 5 | advance | x", "s | 5 | hold | x", "a | 4..6 | hold | y"], 1, 3),
    ("tal/stress.txt", ["et | 2 | 2 | x", "ET | 3 | 2 | y"], 1, 2),
    ("tal/pilots.txt", ["1 | viper | a-10 | x", "2 | Viper | a-10 | y"], 1, 2),
    ("tal/pilots.txt", ["1 | viper | a-10 | x", "1 | judge | a-10 | y"], 1, 2),
    ("tal/aircraft.txt", ["1 | a-10a | a-10 | manned | 8 | 3 | 14 | ? | x",
                          "2 | A-10A | a-10 | manned | 9 | 3 | 14 | ? | y"], 1, 2),
])
def test_a_row_repeating_the_key_of_another_is_refused_naming_both(name, lines, first, second,
                                                                    tmp_path):
    head = ["source: s", "status: unverified"]
    f = tmp_path / "f.txt"
    f.write_text("\n".join(head + lines) + "\n")
    got = validate.check(str(f), name)
    assert got is not None and got.startswith("%s:%d: " % (f, second + 2)), got
    assert "line %d" % (first + 2) in got, got


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
def test_a_byte_that_is_not_utf8_in_a_table_is_refused_naming_file_and_line(kind, tmp_path):
    """Was "internal error: UnicodeDecodeError", with no file named."""
    text = open(os.path.join(validate.DATA, "tal", "scout.txt"), "rb").read()
    lines = text.split(b"\n")
    i = [k for k, l in enumerate(lines) if l.startswith(b"5 ")][0]
    lines[i] += b" \xe9t\xe9"  # Latin-1, as an old editor saves it
    d = tmp_path / "data" / "tal"
    d.mkdir(parents=True)
    (d / "scout.txt").write_bytes(b"\n".join(lines))
    code = ("from firmware import console\nfrom firmware.datafiles import reader\n"
            "console._data = reader(%r)\nconsole.main(['console'])\n" % str(tmp_path / "data"))
    if kind == "cpython":
        argv, cwd, env = [sys.executable, "-c", code], os.path.dirname(validate.DATA), None
    else:
        ensure_mpy()
        argv, cwd = [MICROPYTHON, "-X", "heapsize=256K", "-c", code], MPY_DIR
        env = dict(os.environ, MICROPYPATH=".")
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"table scout =5\n", capture_output=True,
                       timeout=120)
    reply = json.loads(p.stdout.decode())
    assert reply["ok"] is False and reply["error"] == "state", reply
    assert reply["msg"].startswith("data/tal/scout.txt:%d: byte 0xe9 at column" % (i + 1)), reply
