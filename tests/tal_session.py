"""Helpers for the TAL rules tests: a session with the repository's data files, asking lines."""

import json
import os

from conftest import ROOT
from engine.core import protocol
from engine.core.session import Session
from firmware.datafiles import reader

DATA = os.path.join(ROOT, "data")


def new(seed=1, data=None):
    """A session reading data/ (or the hook `data`)."""
    s = Session(seed)
    s.data = data or reader(DATA)
    return s


def ask(s, line):
    """The reply to one request line, decoded."""
    return json.loads(protocol.reply(s, line.encode()))


def ok(s, line):
    """Ask, asserting the reply is ok."""
    r = ask(s, line)
    assert r["ok"] is True, (line, r)
    return r


def refused(s, line, code):
    """Ask a line that must be refused with `code` and change nothing (fields and dice)."""
    vals = list(s.vals)
    dice = s.rng.get_state()
    undo = s.undo_steps
    r = ask(s, line)
    assert r["ok"] is False and r["error"] == code, (line, r)
    assert list(s.vals) == vals and s.rng.get_state() == dice and s.undo_steps == undo, line
    return r["msg"]


def undoable(s, line):
    """Ask a state-changing line, undo it (the fields come back exactly), then ask it again.

    Returns the reply; the line must not roll dice (give them as =D) so the redo is the same.
    """
    vals = list(s.vals)
    r = ok(s, line)
    after = list(s.vals)
    assert after != vals, "%s changed nothing" % line
    assert ask(s, "undo") == {"ok": True, "undone": line}
    assert list(s.vals) == vals, line
    assert ok(s, line) == r and list(s.vals) == after, line
    return r


def lines_hook(files):
    """A data hook serving the repository's files, with `files` {name: text} overriding."""
    base = reader(DATA)

    def hook(name):
        if name in files:
            return files[name].splitlines()
        return base(name)

    return hook


# Pilot names of data/tal/pilots.txt by the aircraft type they fly (a pilot flies only his card's)
PILOTS = {"a-10": ["pirate", "viper", "thor", "gumby", "halo", "rebel"],
          "ah-64": ["hammer", "judge", "rock", "shadow", "eagle", "montana", "daddy-o"],
          "ah-1": ["gator", "grandpa", "scuttle", "freak"], "f-16": ["dart", "mohawk"],
          "av-8b": ["divot", "genius", "hack", "pro"], "ac-130": ["neon", "zinger"]}


def pilot_for(aircraft, i=0):
    """The i-th pilot name who flies aircraft type `aircraft` (a model like a-10c or ah-64d)."""
    return PILOTS[aircraft.rstrip("acd") if aircraft != "ac-130" else aircraft][i]
