"""The served page in headless Chromium, played as a player would (web/test/browser.mjs): buttons,
keyboard, a roll, a draw, a mission; a reload finds the campaign where it was; the save exported
from the page opens in the CPython console and one the console made imports into the page; a bad
file is one line; offline, the service worker serves the page; the console page answers.

Screenshots go to build/web-screens/ (WEB_SCREENS=docs/screens, as `make web-screenshots` sets
it, renews the README's).  One browser session for all of it: about 15 s.
"""

import json
import os
import subprocess
import sys
import threading

import pytest

from conftest import ROOT
from webkit import NODE, need_chromium, web_build

SCREENS = os.environ.get("WEB_SCREENS") or os.path.join(ROOT, "build", "web-screens")


@pytest.fixture(scope="module")
def served():
    """The built site on a local port (the bytes sent are counted)."""
    from http.server import ThreadingHTTPServer

    from host_tools.building import web

    site = web_build()
    server = ThreadingHTTPServer(("127.0.0.1", 0), web.handler(site, []))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


def _console(path, lines):
    p = subprocess.run([sys.executable, "-m", "firmware.console", str(path)], cwd=ROOT,
                       input="".join(x + "\n" for x in lines).encode(), capture_output=True,
                       timeout=60)
    return [json.loads(x) for x in p.stdout.decode().splitlines()]


@pytest.fixture(scope="module")
def played(served, tmp_path_factory):
    chromium = need_chromium()
    out = tmp_path_factory.mktemp("browser")
    desk = out / "desk.state"
    assert _console(desk, ["so +4"]) == [{"ok": True, "so": 4}]
    os.makedirs(SCREENS, exist_ok=True)
    p = subprocess.run([NODE, os.path.join(ROOT, "web", "test", "browser.mjs"), "play", served,
                        str(out), str(desk), SCREENS], capture_output=True, timeout=240,
                       env=dict(os.environ, CHROMIUM=chromium))
    assert p.returncode == 0, p.stderr.decode()[-3000:]
    seen = json.loads(p.stdout.decode().splitlines()[-1])
    seen["desk"] = desk
    return seen


def _inks(hexrgb, width):
    from firmware import inks

    ink = {"%06x" % c: "%x" % i for i, c in enumerate(inks.PALETTE)}
    px = [ink.get(hexrgb[i:i + 6], "?") for i in range(0, len(hexrgb), 6)]
    return ["".join(px[y * width:(y + 1) * width]) for y in range(len(px) // width)]


def test_the_page_starts_without_errors(played):
    assert played["errors"] == []
    assert 0 < played["firstScreenMs"] < 15000


def test_a_roll_is_drawn_in_the_browser_as_the_desktop_draws_it(played):
    """`seed 7` from the page's console panel, then its A button: the canvas shows, pixel for
    pixel and in the inks' own colours, what the displayio backend draws for that roll."""
    from test_display_backends import displayio_pixels

    assert played["seedReply"] == '{"ok":true,"seed":7}'
    (_lines, want, _skip), = displayio_pixels((160, 128), ["a"])
    assert _inks(played["rollPixels"], 160) == want
    assert played["rollPixels"] != played["startPixels"]


def test_a_draw_and_a_mission_from_the_buttons_change_the_screen(played):
    assert len({played["rollPixels"], played["drawPixels"], played["missionPixels"]}) == 3


def test_a_reload_finds_the_campaign_where_it_was(played):
    """The same save before and after the reload, and the Mission screen showing the same."""
    with open(played["before"]["file"], "rb") as f:
        before = f.read()
    with open(played["after"]["file"], "rb") as f:
        after = f.read()
    assert before == after
    assert played["missionPixelsAfterReload"] == played["missionPixelsBeforeReload"]


def test_the_exported_save_opens_in_the_cpython_console(played, tmp_path):
    from engine.core import record
    from host_tools.board import pull

    with open(played["before"]["file"], "rb") as f:
        data = f.read()
    assert played["before"]["suggested"].endswith(".state")
    assert pull.newest_in_slots(data) == data
    path = tmp_path / "page.state"
    path.write_bytes(data)
    replies = _console(path, ["state", "undo"])
    seq, fmt, payload = record.unframe(data)
    vals, _rng, _undo, steps = record.decode(payload)
    assert replies[0]["ok"] and replies[0]["bytes"] == len(payload)
    assert steps >= 3 and replies[1]["ok"]  # the mission's steps came along, undoable


def test_a_console_save_imports_into_the_page(played):
    """A bad file first: one line, nothing changed; then the console's save: the page resumes
    from it (the same payload, under a sequence number above the page's own)."""
    from engine.core import record

    assert played["badImport"].startswith("notes.txt: not a save")
    assert "\n" not in played["badImport"]
    assert played["soAfterImport"] == '{"ok":true,"so":4}'
    with open(played["desk"], "rb") as f:
        desk = record.unframe(f.read())
    with open(played["imported"]["file"], "rb") as f:
        page = record.unframe(f.read())
    assert page[2] == desk[2]
    with open(played["after"]["file"], "rb") as f:
        assert page[0] > record.unframe(f.read())[0]


def test_offline_the_service_worker_serves_the_page(played):
    assert played["offlineFirstScreenMs"] > 0
    assert played["soOffline"] == '{"ok":true,"so":4}'


def test_the_pico_board_and_the_console_page(played):
    assert played["picoSize"] == [240, 135]
    # a phone on its side: the wide screen takes over half the width, the board all of it fits
    side = played["picoLandscape"]
    assert side["screen"] >= 0.55 * side["page"], side
    assert side["board"] <= side["page"] and not side["scrolls"], side
    want = '> roll 3d10 +2\n{"ok":true,"dice":[4,1,8],"mod":2,"total":15}\n'
    assert want in played["consolePage"]


def test_a_killed_browser_loses_no_acknowledged_action(served):
    """Chromium killed (SIGKILL, the whole browser) the moment the screen shows the last action of
    a mission set up with the buttons: started again on the same profile, the page has it (the
    next undo takes it back) and the console's action before it."""
    chromium = need_chromium()
    p = subprocess.run([NODE, os.path.join(ROOT, "web", "test", "browser.mjs"), "kill", served],
                       capture_output=True, timeout=120, env=dict(os.environ, CHROMIUM=chromium))
    assert p.returncode == 0, p.stderr.decode()[-3000:]
    seen = json.loads(p.stdout.decode().splitlines()[-1])
    assert seen["so"] == '{"ok":true,"so":3}'
    assert seen["soAfter"] == '{"ok":true,"so":3}'
    undone = json.loads(seen["undone"])
    assert undone["ok"] and undone["undone"] != "so +3", undone


def test_two_tabs_one_owns_the_save_and_the_other_says_so(served):
    """Two tabs of the page each saved their own campaign: B's first save took away A's two
    actions and their undo steps.  Now the tab opened last owns the save: A's actions are there
    in B, A's next change is refused in one line and changes nothing, and a reload takes the
    save back with what B saved."""
    chromium = need_chromium()
    p = subprocess.run([NODE, os.path.join(ROOT, "web", "test", "browser.mjs"), "tabs", served],
                       capture_output=True, timeout=240, env=dict(os.environ, CHROMIUM=chromium))
    assert p.returncode == 0, p.stderr.decode()[-3000:]
    seen = {k: json.loads(v) for k, v in json.loads(p.stdout.decode().splitlines()[-1]).items()}
    assert seen["a1"]["so"] == 1 and seen["a2"]["so"] == 2
    assert seen["b1"] == {"ok": True, "so": 4}  # A's two actions were found
    assert seen["a3"] == {"ok": False, "error": "state", "msg": "not saved, nothing changed: "
                          "another tab has this campaign now: reload this one to play here"}
    assert seen["aQuery"]["so"] == 2  # nothing changed in A
    assert seen["aAfterReload"]["so"] == 4
    assert seen["a4"]["ok"] is True  # B's step is A's to undo now
    assert seen["b2"]["ok"] is False and "another tab" in seen["b2"]["msg"]
    assert seen["bAfterReload"]["so"] == 2


def test_a_whole_cup_is_entered_on_the_pages_form_and_kept(played):
    """The page's counter mix form shows a cup as it stands, kind by kind, in the counters'
    printed names; a count changed and the cup made the player's mix, another cup confirmed as
    it stands: the engine has both (the same session as the screens), and a reload keeps them."""
    assert played["mixPopupRows"] == 10 and played["mixPopupFirst"] == ["22", "No Enemy"]
    assert played["mixPopupSaid"] == "Pop-Up cup: yours, 30 counters."
    assert played["mixHitSaid"] == "Hit cup: yours, as it stands."
    popup = json.loads(played["mixPopup"])
    assert (popup["counters"], popup["status"]) == (30, "verified: entered from the counter sheets")
    assert json.loads(played["mixAfterReload"]) == {"ok": True, "to_confirm": []}
