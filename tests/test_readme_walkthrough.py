"""The README's first mission is a test (issue 39): its buttons pressed and its quotes read off
the screen, at both screen sizes (tests/walkthrough.py says how the prose is read), on a device
with a data folder of its own, as a board has: what it asks is kept there."""

import os
import re

import pytest

import walkthrough
from appkit import Driver, both_sizes  # noqa: F401 (fixture)
from conftest import ROOT
from firmware.datafiles import reader
from tal_session import DATA

pytestmark = pytest.mark.usefixtures("both_sizes")
SECTION = "Your first mission at the table"


def _section():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return walkthrough.section(f.read(), SECTION)


def test_the_first_mission_plays_as_the_readme_says(tmp_path):
    script = walkthrough.steps(_section())
    d = Driver(seed=7)
    d.session.data = reader(DATA, str(tmp_path))
    walkthrough.play(d, script)
    from appkit import ask

    c = ask(d.session, "campaign")  # where the walk-through leaves the campaign
    assert (c["day"], c["vp"], c["so"], c["battalions_left"]) == (1, 4, 23, 7), c


def test_the_walkthrough_is_read_as_a_script():
    """The script is the README's: every button and quote of the section is a step (a quote
    mistyped as prose would be skipped, and the test could not fail)."""
    text = _section()
    script = walkthrough.steps(text)
    keys = re.findall(r"\*\*(%s)\*\*" % "|".join(walkthrough.KEYS), text)
    assert len(keys) == sum(1 for kind, _w, _l in script if kind != "see")
    assert text.count('"') // 2 == sum(1 for kind, _w, _l in script if kind == "see") + sum(
        1 for kind, _w, _l in script if kind == "to")
    assert len(script) > 100


def test_a_quote_the_screen_does_not_show_fails():
    """The harness fails on a quote the device does not show and on a row never reached."""
    d = Driver(seed=7)
    with pytest.raises(AssertionError, match="does not show"):
        walkthrough.play(d, walkthrough.steps('Switch on: "Ready for takeoff".'))
    with pytest.raises(AssertionError, match="never reached"):
        walkthrough.play(d, walkthrough.steps('**DOWN** to "Afterburner"'))
