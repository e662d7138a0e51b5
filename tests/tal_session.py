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
    session = Session(seed)
    session.data = data or reader(DATA)
    return session


def ask(session, line):
    """The reply to one request line, decoded."""
    return json.loads(protocol.reply(session, line.encode()))


def ok(session, line):
    """Ask, asserting the reply is ok."""
    r = ask(session, line)
    assert r["ok"] is True, (line, r)
    return r


def refused(session, line, code):
    """Ask a line that must be refused with `code` and change nothing (fields and dice)."""
    vals = list(session.vals)
    dice = session.rng.get_state()
    undo = session.undo_steps
    r = ask(session, line)
    assert r["ok"] is False and r["error"] == code, (line, r)
    assert list(session.vals) == vals, line
    assert session.rng.get_state() == dice and session.undo_steps == undo, line
    return r["msg"]


def undoable(session, line):
    """Ask a state-changing line, undo it (the fields come back exactly), then ask it again.

    Returns the reply; the line must not roll dice (give them as =D) so the redo is the same.
    """
    vals = list(session.vals)
    r = ok(session, line)
    after = list(session.vals)
    assert after != vals, "%s changed nothing" % line
    assert ask(session, "undo") == {"ok": True, "undone": line}
    assert list(session.vals) == vals, line
    assert ok(session, line) == r and list(session.vals) == after, line
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


def ready(session):
    """`campaign ready`, each cup's counter mix confirmed as it stands first (the device's own
    set-up step: engine/tal/cmd_mix.py); the reply of `campaign ready`."""
    for cup in ok(session, "mix")["to_confirm"]:
        ok(session, "mix %s confirm" % cup)
    return ok(session, "campaign ready")
