"""A web page as the board: MicroPython's WebAssembly port in a browser, the only file that knows
the page.

The page (web/index.html, web/device.js) draws the board and its buttons around an HTML canvas,
calls `Board.press` / `Board.release` for the buttons and the keyboard, and runs the main loop
one `step` at a time from the browser's timer (`firmware.device.Loop`: a page cannot block).
The screen is `firmware.display_web`: the page reads its pixels out of the WebAssembly memory.
Storage is the page's (`firmware.keystore`, web/boot.mjs: localStorage and IndexedDB): the
engine's record in the keys `tal.state` and `tal.state.1`, written alternately, the settings in
`tal.prefs`, what the player enters at the table in `tal.data`.  The serial
console panel is a `firmware.serial_link.Link`, the boards' USB path.

`page` is the JS object the page hands in: `backlight(pct)`, `flash(ink)` (ink -1: off),
`click()`, `reply(text)`, and `storage` (see `firmware.keystore`).
"""

import time

from firmware import keys
from hardware import board as base

NAME = "Web"
SIZES = {"160x128": (160, 128), "240x135": (240, 135)}
DATA_DIR = "/app/data"  # where the page unpacks the data files (web/device.js)
FLASH_MS = 250  # the PyBadge's NeoPixels stay lit this long after a roll


class Board(base.Board):
    """The page: the wiring of `hardware.board.Board`."""

    NAME = NAME
    DEBOUNCE_MS = 0  # a browser reports clean key and pointer events
    data_dir = DATA_DIR

    def __init__(self, page, size="160x128"):
        self.page = page
        self.width, self.height = SIZES[size]
        self.down = 0
        self.tapped = 0  # pressed since the last step: a tap between two steps still counts
        self.shake = False
        self.flash_t = None
        self.inbox = bytearray()  # console bytes the page typed, not yet read
        self.store = None
        self.session = None

    # --- what the page calls ---------------------------------------------------------------
    def press(self, bit):
        """A button or key went down (`bit` of `firmware.keys`; SHAKE: a shake)."""
        if bit == keys.SHAKE:
            self.shake = True
            return
        self.down |= bit
        self.tapped |= bit

    def release(self, bit):
        self.down &= ~bit

    def release_all(self):
        """The page lost the focus: no key stays held."""
        self.down = 0

    def type(self, text):
        """A line typed into the console panel."""
        self.inbox.extend(text.encode())
        self.inbox.extend(b"\n")

    # --- the board interface (firmware/device.py) --------------------------------------------
    def display(self):
        from firmware.display_web import WebBackend

        return WebBackend(self.width, self.height)

    def keys(self):
        held = self.down | self.tapped
        self.tapped = 0
        return held

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, n):
        pass  # never called: the page's timer waits between steps

    def backlight(self, pct):
        self.page.backlight(pct)

    def state_store(self):
        from firmware.keystore import KeyStore

        self.store = KeyStore(self.page.storage)
        return self.store

    def prefs_blob(self):
        from firmware.keystore import KeyBlob

        return KeyBlob(self.page.storage)

    def player_entries(self):
        """What the player enters at the table, in the page's storage (the data folder the page
        unpacks is in its memory only)."""
        from firmware.keystore import KeyBundle

        return KeyBundle(self.page.storage)

    def serial_link(self, session):
        from firmware.serial_link import Link

        self.session = session
        return Link(session, self._read, self._send)

    # --- the counter mix form (web/mixform.js) -------------------------------------------------
    def mix_form(self, cup):
        """What the page's counter mix form shows for `cup` (hit, popup, ground), as JSON: the
        cup (its name, counters, whether its mix is the player's, a mix being entered), its kinds
        of counter as it stands, and each column's choices (the word, the counter's printed
        name).  Read through the engine, as the Counter mix screen reads it; the form's entries
        go back as the requests of the serial console (`type`), the same session and save."""
        import json

        from engine.core import parse
        from firmware import counter_words, ui
        from firmware.app import execute
        from firmware.screens import mix

        if cup not in mix.CUPS or self.session is None:
            return json.dumps({"error": "no such cup here"})
        k = mix.CUPS.index(cup)
        try:
            r = execute(self.session, ["mix", cup])
            kinds = ui.get(execute(self.session, ["mix", cup, "kinds"]), "kinds", ())
        except parse.Reject as e:
            return json.dumps({"error": e.msg})
        status = ui.get(r, "status", "")
        return json.dumps({
            "cup": cup, "name": counter_words.CUP_NAMES[k], "counters": ui.get(r, "counters"),
            "mine": status.startswith("verified"), "entering": ui.get(r, "entering"),
            "columns": [{"label": label, "choices": [[w, shown(w)] for w in words]}
                        for label, words, shown in mix.COLUMNS[k]],
            "kinds": [{"count": ui.get(x, "count"), "sides": list(ui.get(x, "sides"))}
                      for x in (ui.pairs_of(x) for x in kinds)]})

    def click(self):
        self.page.click()

    def flash(self, ink):
        self.page.flash(ink)
        self.flash_t = time.ticks_ms()

    def shaken(self, now):
        s = self.shake
        self.shake = False
        return s

    def tick(self, now):
        if self.flash_t is not None and time.ticks_diff(now, self.flash_t) > FLASH_MS:
            self.flash_t = None
            self.page.flash(-1)

    # --- the console panel -------------------------------------------------------------------
    def _read(self, buf):
        n = min(len(buf), len(self.inbox))
        if n:
            buf[:n] = self.inbox[:n]
            self.inbox = self.inbox[n:]
        return n

    def _send(self, buf, n):
        self.page.reply(bytes(buf[:n]).decode())

    # --- export and import of the save -------------------------------------------------------
    def export(self, path):
        """Write the newest saved frame to `path` (what `python -m host_tools pull` saves);
        '' when done, else why not (one line)."""
        from engine.core import record

        found = self.store.newest() if self.store is not None else None
        if found is None:
            return "nothing saved yet: play an action first"
        seq, fmt, payload = found
        if fmt > record.FORMAT:  # kept untouched until 'reset', as on the boards
            return "the save is from newer firmware (record format %d): this page cannot " \
                "export it" % fmt
        with open(path, "wb") as f:
            f.write(record.frame(payload, seq))
        return ""

    def import_(self, path):
        """Make the save in file `path` the newest frame in storage, once the engine's record
        code has checked it; '' when done (the page then reloads and resumes from it), else why
        not (one line), and nothing changed."""
        from engine.core import record

        store = self.store
        if store is None:
            return "this page keeps no save"
        try:
            with open(path, "rb") as f:
                data = f.read(record.FRAME_MAX + record.LEGACY_SLOT + 1)
        except OSError:
            return "the file could not be read"
        if len(data) > record.FRAME_MAX + record.LEGACY_SLOT:
            return "not a save: the file is too big to be one"
        found = record.best(record.frames_in(data))
        if found is None:
            return "not a save: no readable record in the file (damaged, or another file)"
        seq, fmt, payload = found
        if fmt > record.FORMAT:
            return "the save is from newer firmware (record format %d; this page reads %d)" % (
                fmt, record.FORMAT)
        try:
            record.decode(payload)
        except record.RecordError as e:
            return "the save cannot be used here: %s" % e
        s = self.session
        # Outrank every frame in storage, so the page resumes from the imported one.
        seq = ((s._seq if s is not None else 0) + 1) & 0xFFFFFFFF
        try:
            store.write((record.frame(payload, seq),))
        except OSError as e:
            return "not imported: %s" % record.why(e)
        if s is not None:
            s._seq = seq
            s.read_only = "a save was imported (reload the page)"  # nothing is saved over it
        return ""


def console(page):
    """A console of its own (the console page): a fresh session, saved nowhere, answering the
    lines `Board.type` queues through the boards' serial link; returns (board, link)."""
    from engine.core.session import Session
    from firmware.datafiles import reader
    from firmware.entropy import fresh_seed

    board = Board(page)
    session = Session(fresh_seed(), None)
    session.data = reader(DATA_DIR)
    return board, board.serial_link(session)
