"""How the console reads what a player types: `help COMMAND` gives that command's forms, from the
same source as the docs (the request tables of docs/PROTOCOL.md and docs/protocol/*.md, checked
against the engine's help table here); a modifier glued to the dice (`roll d10+2`) is a
modifier; a number too large for its place is a `range` error."""

import json
import os
import re

import pytest

from conftest import ROOT
from engine.core import protocol
from engine.core.session import Session
from firmware.datafiles import reader

PAGES = {"protocol": "docs/PROTOCOL.md", "cups": "docs/protocol/cups.md",
         "mission": "docs/protocol/mission.md", "campaign": "docs/protocol/campaign.md",
         "exp3": "docs/protocol/exp3.md", "golan": "docs/protocol/golan.md"}
_ASCII = (("\\|", "|"), ("±", "+-"), ("…", "..."), ("≤", "<="), ("`", ""))


def doc_forms(rel):
    """Every request form of the request tables of page `rel`, in order, as help spells them:
    the backquoted forms of the first column (one per `/`), with the note after them, in ASCII."""
    out = []
    header = None
    for line in open(os.path.join(ROOT, rel), encoding="utf-8"):
        if not line.startswith("|"):
            header = None
            continue
        cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
        if header is None:
            header = cells[0].strip()
            continue
        if header != "request" or cells[0].strip().startswith("---"):
            continue
        cell = cells[0].strip()
        forms = re.findall(r"`[^`]+`", cell)
        note = cell[cell.rfind("`") + 1:].strip()
        for k, f in enumerate(forms):
            text = f + (" " + note if note and k == len(forms) - 1 else "")
            for a, b in _ASCII:
                text = text.replace(a, b)
            out.append(text)
    return out


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_help_forms_are_the_request_tables_of_the_docs(page):
    import importlib

    from engine import helpforms

    assert page in helpforms.PAGES.split()
    want = doc_forms(PAGES[page])
    got = importlib.import_module("engine.helpforms." + page).FORMS.strip("\n").split("\n")
    assert got == want, "engine/helpforms/%s.py FORMS should read:\n%s" % (page, "\n".join(want))


def test_every_command_has_its_forms_in_help():
    from engine import helpforms

    words = set(protocol._words_of_table())
    firsts = set()
    for page in helpforms.PAGES.split():
        firsts |= {f.split()[0] for f in doc_forms(PAGES[page])}
    assert sorted(words - firsts) == [] and sorted(firsts - words) == []


def ask(session, line):
    return json.loads(protocol.reply(session, line.encode()))


def test_help_word_describes_that_commands_forms(console):
    out = console(["help roll", "help PILOT", "help frobnicate", "help roll check", "help"])
    roll, pilot, nosuch, two, plain = [json.loads(l) for l in out.decode().splitlines()]
    assert roll == {"ok": True, "command": "roll",
                    "forms": ["roll [N]dS [+-M ...] (S 2..100, N 1..50)"]}
    # each form once: `pilot rr`, `pilot heal K` and `pilot replace` are on two pages
    assert pilot["command"] == "pilot" and len(pilot["forms"]) == 12
    assert len(set(pilot["forms"])) == 12
    assert "pilot add NAME OKAY SHAKEN COOL [fast|slow] [evasive N] [level L] [need X]" in \
        pilot["forms"]
    assert nosuch["ok"] is False and nosuch["error"] == "unknown" and "help" in nosuch["msg"]
    assert two["ok"] is False and two["error"] == "syntax"
    assert "roll" in plain["commands"] and "help" in plain["commands"]


def test_help_gives_each_request_once(console):
    """`help ac`: `ac repair` and `ac replace` are on the mission's page and the end of the day's
    (docs/protocol/mission.md, campaign.md): listed once each, in their fuller form."""
    out = console(["help ac", "help day", "help answer"])
    ac, day, answer = [json.loads(l)["forms"] for l in out.decode().splitlines()]
    assert [f for f in ac if f.startswith(("ac repair", "ac replace"))] == [
        "ac repair N MARKER [COUNT]", "ac replace N [salvage M]"]
    assert len(ac) == 9 and len(set(ac)) == 9
    assert day == ["day", "day end", "day next", "day +1", "day set D"]
    assert answer == ["answer", "answer V..."]


REFUSED = ("not enough free memory for help here (the forms are in docs/PROTOCOL.md)",
           "out of memory: nothing changed")


def test_help_in_a_heap_too_small_for_it_is_a_clear_refusal():
    from conftest import CORE_HEAP, run_console

    # Every heap from a dice session's (too small for help) to roomy: help is a clear refusal or
    # its forms, and the dice go on afterwards (a one-character string made per digit once left
    # `roll d6` failing for good after help had fragmented a 38..44 KB heap).
    for kb in range(int(CORE_HEAP[:-1]), 49, 2):
        out = run_console("micropython", ["roll 3d10", "help roll", "roll d6", "roll 2d6-1"],
                          heap="%dK" % kb)
        lines = [json.loads(l) for l in out.decode().splitlines()]
        assert lines[1]["ok"] is True or lines[1]["msg"] in REFUSED, (kb, lines[1])
        assert lines[2]["ok"] is True and lines[3]["ok"] is True, (kb, lines)  # the session goes on
    # (64-bit: 50 KB since the command table holds `next` and the counter mix's `mix`)
    out = run_console("micropython", ["roll 3d10", "help roll"], heap="52K")
    assert json.loads(out.decode().splitlines()[1])["forms"] == [
        "roll [N]dS [+-M ...] (S 2..100, N 1..50)"]


# --- modifiers glued to the dice ------------------------------------------------------------------
@pytest.mark.parametrize("glued, spaced", [
    ("roll d10+2", "roll d10 +2"),
    ("roll 3d6+1-2", "roll 3d6 +1 -2"),
    ("roll 2D10-1 +3", "roll 2d10 -1 +3"),
    ("roll d10+", "roll d10 +"),
    ("roll d10+100", "roll d10 +100"),
    ("roll d10+2x", "roll d10 +2x"),
])
def test_a_modifier_glued_to_the_dice_is_a_modifier(glued, spaced):
    a, b = Session(7), Session(7)
    assert protocol.reply(a, glued.encode()) == protocol.reply(b, spaced.encode())
    assert a.payload() == b.payload()  # the same dice used, or none


# --- numbers too large for their place ------------------------------------------------------------
@pytest.mark.parametrize("line, words", [
    ("roll 99999999999d10", ["dice count"]),
    ("roll d10+99999999999", ["modifier"]),
    ("roll d99999999999999999999", ["sides"]),
    ("check 99999999999", ["target"]),
    ("check 7 =99999999999", ["die"]),
    ("pick 99999999999999999999999", ["N"]),
    ("tally d10 99999999999", ["N"]),
    ("seed 99999999999999", ["seed"]),
    ("reset 1073741824", ["seed"]),
])
def test_a_number_too_large_is_a_range_error(line, words):
    r = ask(Session(1), line)
    assert r["ok"] is False and r["error"] == "range", r
    for w in words:
        assert w in r["msg"]


def test_leading_zeros_are_the_same_number():
    a, b = Session(3), Session(3)
    assert protocol.reply(a, b"roll 000000000000003d0010 +00000000002") == \
        protocol.reply(b, b"roll 3d10 +2")


def test_no_number_of_a_documented_request_made_too_large_is_unknown():
    """Every numeric word of every accepted transcript request, replaced by a number too large
    for any place: the reply is `range` (or `syntax` where the word is a unit or a hex name), never
    `unknown`, which says the command or word does not exist."""
    from transcripts import all_blocks

    n = 0
    for name, steps in all_blocks():
        s = Session(1)
        s.data = reader()
        for req, replies in steps:
            words = req.split()
            if not replies:  # a # line of the transcript: no reply
                continue
            for i in range(1, len(words) if replies[0].startswith('{"ok":true') else 1):
                m = re.fullmatch(r"([+\-=#]?)(\d+)", words[i])
                if not m:
                    continue
                for big in ("99999999999", "1073741824", "100000000000000000000"):
                    line = " ".join(words[:i] + [m.group(1) + big] + words[i + 1:])
                    r = ask(s, line)
                    n += 1
                    if r["ok"]:
                        protocol.reply(s, b"undo")
                    assert r["ok"] or r["error"] != "unknown", (name, line, r)
            protocol.reply(s, req.encode())
    assert n > 300
