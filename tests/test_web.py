"""The web page's firmware on MicroPython's WebAssembly port, under node (no browser needed).

The docs' transcripts replay byte for byte through the page's console path; the page's main
loop plays from its buttons and keeps the campaign in its storage across a restart; a save it
exports is what `host_tools pull` would save, and opens in the CPython console; an import is
checked by the engine's record code before it replaces anything.
"""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from transcripts import all_blocks
from webkit import run_wasm

BLOCKS = all_blocks()
END = "=== END OF BLOCK ==="


def test_the_docs_transcripts_replay_byte_for_byte_on_webassembly():
    """Every block, each on a fresh session, through hardware/web.py's console (the boards'
    serial link): the replies are the documented ones, byte for byte."""
    code = "from hardware.web import console\n"
    for _name, steps in BLOCKS:
        data = "".join(s[0] + "\n" for s in steps)
        code += ("board, link = console(page)\nboard.inbox.extend(%r)\nwhile link.poll():\n"
                 "    pass\nprint(page.replies(), end='')\nprint(%r)\n" % (data.encode(), END))
    rc, out, err = run_wasm(code)
    assert rc == 0, err
    got = out.split(END + "\n")
    assert len(got) == len(BLOCKS) + 1
    for (name, steps), text in zip(BLOCKS, got):
        assert text.splitlines() == [r for s in steps for r in s[1]], name
        assert text.encode() == "".join(r + "\n" for s in steps for r in s[1]).encode(), name


PLAY = """
import gc
from firmware import keys
from firmware.device import Loop
from hardware.web import Board

def device():
    board = Board(page, %(size)r)
    return board, Loop(board)

def tap(board, loop, names, hold=0):
    for name in names:
        bit = getattr(keys, name)
        board.press(bit)
        loop.step()
        for _ in range(hold):
            loop.step()
        board.release(bit)
        loop.step()

board, loop = device()
loop.step()
"""


def _play(code, size="160x128"):
    rc, out, err = run_wasm(PLAY % {"size": size} + code)
    assert rc == 0, err + out
    return out


# the Mission screen: roster A-10A, A-10C; on page Fly the row opens on the next step: start,
# then loiter
MISSION = ["START", "DOWN", "DOWN", "A", "SELECT", "A", "DOWN", "RIGHT", "UP", "A", "SELECT",
           "A", "A"]


def test_buttons_play_and_a_restarted_page_resumes_the_campaign():
    """A mission set up with the page's buttons is saved in its storage, under the keys the board
    profile names; a new device on the same storage (a reload) resumes it, field for field."""
    out = _play("""
from engine.core import layout
tap(board, loop, %r)
s = loop.app.session
print(loop.app.top().name, list(s.vals) != list(layout.new_values()), s.undo_steps)
print(sorted(k for k in ("tal.state", "tal.state.1", "tal.prefs") if page.storage.getItem(k)))
board2, loop2 = device()
s2 = loop2.app.session
print(s2.resumed, list(s2.vals) == list(s.vals), bytes(s2.undo_log()) == bytes(s.undo_log()))
""" % MISSION)
    lines = out.splitlines()
    name, changed, steps = lines[0].split()
    assert (name, changed) == ("mission", "True") and int(steps) >= 3
    assert lines[1] == "['tal.state', 'tal.state.1']"
    assert lines[2] == "True True True"


EXPORT = """
board.type("seed 42")
board.type("so +5")
board.type("roll 3d10 +2")
loop.step()
page.replies()
print(board.export("/x.state"))
with open("/x.state", "rb") as f:
    print("HEX", f.read().hex())
"""


def test_an_exported_save_is_what_pull_saves_and_opens_in_the_cpython_console(tmp_path):
    out = _play(EXPORT)
    data = bytes.fromhex(out.split("HEX ")[1].split()[0])
    from host_tools.board import pull

    assert pull.newest_in_slots(data) == data  # one frame, as `pull` writes it
    pull.check(data)
    path = tmp_path / "from-the-page.state"
    path.write_bytes(data)
    p = subprocess.run([sys.executable, "-m", "firmware.console", str(path)], cwd=ROOT,
                       input=b"so\nseed\n", capture_output=True, timeout=60)
    replies = [json.loads(line) for line in p.stdout.decode().splitlines()]
    assert replies == [{"ok": True, "so": 5}, {"ok": True, "seed": 42}]


def test_a_console_save_imports_and_the_page_resumes_from_it(tmp_path):
    """A state file the CPython console wrote (two-slot files of older firmware too) replaces the
    page's campaign: the next start resumes from it, even over a newer sequence number."""
    path = tmp_path / "desk.state"
    subprocess.run([sys.executable, "-m", "firmware.console", str(path)], cwd=ROOT,
                   input=b"so +7\n", capture_output=True, timeout=60, check=True)
    out = _play("""
for _ in range(3):
    board.type("so +1")
loop.step()
page.replies()
with open("/in.state", "wb") as f:
    f.write(bytes.fromhex(%r))
print(repr(board.import_("/in.state")))
board2, loop2 = device()
board2.type("so")
loop2.step()
print(page.replies())
""" % path.read_bytes().hex())
    lines = out.splitlines()
    assert lines[0] == "''"
    assert lines[1] == '{"ok":true,"so":7}'


@pytest.mark.parametrize("content,why", [
    (b"", "not a save: no readable record"),
    (b"hello, this is not a save\n" * 10, "not a save: no readable record"),
    ("damaged", "not a save: no readable record"),
    ("newer", "the save is from newer firmware (record format 2"),
])
def test_a_bad_file_is_one_line_and_changes_nothing(content, why):
    """Empty, foreign, damaged (one bit flipped) or from newer firmware: one line naming why, and
    the page's own campaign is still there, unchanged."""
    code = EXPORT + """
with open("/x.state", "rb") as f:
    good = bytearray(f.read())
bad = %r
if bad == "damaged":
    good[12] ^= 0x04
    bad = bytes(good)
elif bad == "newer":
    from engine.core import record
    seq, fmt, payload = record.unframe(bytes(good))
    frame = bytearray(record.frame(payload, seq))
    frame[2] = record.FORMAT + 1
    from engine.core.crc import crc32
    end = len(frame) - 4
    c = crc32(frame[:end])
    frame[end:] = bytes([(c >> (8 * i)) & 255 for i in range(4)])
    bad = bytes(frame)
with open("/bad.state", "wb") as f:
    f.write(bad)
print("WHY", board.import_("/bad.state"))
keys_before = (page.storage.getItem("tal.state"), page.storage.getItem("tal.state.1"))
board2, loop2 = device()
board2.type("so")
loop2.step()
print(page.replies().strip())
""" % (content,)
    out = _play(code)
    line = [x for x in out.splitlines() if x.startswith("WHY ")][0]
    assert line.startswith("WHY " + why), line
    assert "\n" not in line
    assert out.splitlines()[-1] == '{"ok":true,"so":5}'


def test_storage_the_browser_refuses_refuses_the_action():
    """localStorage full (setItem throws QuotaExceededError): the action is refused in one line,
    nothing changes, and the device goes on."""
    out = _play("""
import js
page.storage.getItem("x")
js.eval("globalThis.localStore.setItem = function () { "
        "throw new DOMException('quota', 'QuotaExceededError'); }")
board.type("so +2")
board.type("so")
loop.step()
print(page.replies())
""")
    refused, so = out.strip().splitlines()
    reply = json.loads(refused)
    assert reply["ok"] is False and "browser refused" in reply["msg"], reply
    assert so == '{"ok":true,"so":0}'


def test_a_frame_of_the_page_allocates_nothing():
    """With the heap locked, a frame of the Mission screen is drawn into the page's screen
    buffer: the web backend, like the boards', allocates nothing."""
    out = _play("""
import micropython
tap(board, loop, ["START", "DOWN", "DOWN", "A"])  # the menu: Mission
loop.app.dirty = True
loop.step()
app = loop.app
c = loop.canvas
app.draw(c)
c.invalidate()
micropython.heap_lock()
try:
    app.draw(c)
    loop.backend.render(c)
finally:
    micropython.heap_unlock()
print("drawn", list(loop.backend.box))
from firmware import fonts
print("fonts", fonts.PROBLEM, fonts._file is not None)
print(app.top().name)
""", size="240x135")
    assert "drawn [0, 0, 240, 135]" in out
    assert "fonts None True" in out  # the glyphs read from the font file the page unpacked
    assert out.split()[-1] == "mission"


def test_the_page_unpacks_the_font_file():
    from host_tools.building import web

    assert "firmware/fonts/glyphs.bin" in [rel for rel, _path in web._app_files()]


def test_a_mix_and_an_answer_outlive_a_reload_in_the_pages_storage():
    """What the player enters at the table (a counter mix confirmed or entered, an answer) is
    kept in the page's storage, not only in MicroPython's memory filesystem, which a reload
    empties: a restarted page (that folder emptied) still has them.  A storage that refuses the
    write refuses the entry in one line, nothing changed."""
    out = _play("""
import js, os
board.type("mix ground confirm")
board.type("mix popup new")
board.type("mix popup add 30 no-enemy - -")
board.type("mix popup add 2 tank 1l 0")
board.type("mix popup done")
board.type("table scout =3")
board.type("answer 2 0")
loop.step()
page.replies()
def empty(path):  # what a reload leaves of MicroPython's memory filesystem
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:
            empty(full)
            os.rmdir(full)
        else:
            os.remove(full)
empty("/player")
board, loop = device()
loop.step()
for line in ("mix", "mix popup", "table scout =3"):
    board.type(line)
loop.step()
print(page.replies(), end="")
js.eval("globalThis.localStore.setItem = function () { "
        "throw new DOMException('quota', 'QuotaExceededError'); }")
board.type("mix hit confirm")
board.type("mix")
loop.step()
print(page.replies(), end="")
""")
    mix, popup, scout, refused, after = [json.loads(x) for x in out.strip().splitlines()]
    assert mix["to_confirm"] == ["hit"]
    assert (popup["counters"], popup["status"]) == (32, "verified: entered from the counter sheets")
    assert scout["ok"] and "ask" not in json.dumps(scout)  # the answer, not asked again
    assert refused["ok"] is False and "browser refused" in refused["msg"], refused
    assert after["to_confirm"] == ["hit"]
