"""Flash trials of the real engine on models of the boards' flash (host_tools/benches/flashsim.py).

Runs on the MicroPython unix port, whose `vfs.VfsFat` and `vfs.VfsLfs2` are the file systems the
boards run, importing the engine's .mpy build (host_tools/benches/flash_bench.py and
tests/test_flash_power_cut.py start it):

    micropython flash_trials.py wear BOARD SAVES LINES      erases per save, flash life
    micropython flash_trials.py cuts BOARD PHASE LINES FIRST COUNT [DEPTH [TORN]]
                              a power cut at every flash operation (DEPTH 2: and at every one of
                              the next action after each cut); TORN: what a cut during an erase
                              leaves (flashsim.TORN: first, last, even, odd)
    micropython flash_trials.py settings PHASE COUNT [TORN]
                              the same for COUNT settings changes on the PyBadge's settings file
    micropython flash_trials.py sides BOARD FIRST COUNT [TORN [LAPS]]
                              the same for the steps FIRST .. FIRST + COUNT - 1 of SIDES, which
                              answer questions and enter a counter mix (issue 42): the state and
                              what the player entered are each before or after the step, the
                              entries never ahead of the state (a ghost answer), never half (a
                              half mix), what was acknowledged kept.  BOARD `pybadge-files`: the
                              entries as files on CIRCUITPY, as before issue 42; with LAPS, the
                              PyBadge's entries go to a small journal written LAPS times first,
                              so that the steps erase ahead and start new laps

BOARD is `pybadge` (the journals on CIRCUITPY), `pybadge-nvm` (the two slots in
microcontroller.nvm that firmware before 2026-12 wrote) or `pico` (littlefs).  LINES is a file of
request lines: the first ones set a campaign up, and `wear` plays them again and again.  Every
result is one line `key value ...` on stdout; a failed check is a line starting with FAIL.
"""

import sys

import vfs

from flashsim import CircuitPyDrive, Nor, PicoFlash, PowerCut, SamdNvm

# The PyBadge's settings journal (hardware/pybadge.py: SETTINGS_RING; a test checks they agree).
SETTINGS_RING = 48
SETTINGS_BODY = 64
# Its journal of what the player enters at the table (hardware/pybadge.py: DATA_RING, DATA_BODY).
DATA_RING = 80
DATA_BODY = 8192

from engine.core import protocol
from engine.core.record import LEGACY_SLOT
from engine.core.session import Session
from firmware.datafiles import reader

KB = 1024


def changed(mount, files):
    """The names of the files (name -> bytes) under `mount` that no longer hold their bytes."""
    bad = []
    for name, body in files.items():
        try:
            with open(mount + "/" + name, "rb") as f:
                if f.read() != body:
                    bad.append(name)
        except OSError:
            bad.append(name)
    return bad


class PyBadge:
    """CIRCUITPY on the PyBadge, with the app's files, `phase` blocks of another file before the
    journal (so its blocks fall differently in the 4 KiB sectors), then the journal."""

    MOUNT = "/drive"
    SENTINELS = ("code.py", "lib/firmware/app.mpy", "data/tal/hit_cup.txt")

    def __init__(self, ring, max_body, phase=0, size=512 * KB, torn="first", kind=None,
                 name="tal-save.bin"):
        from firmware.journal import STATE, make_file

        self.kind = STATE if kind is None else kind
        self.name = name
        self.ring = ring
        self.max_body = max_body
        self.nor = Nor(size, 4096, 256, torn)
        self.dev = CircuitPyDrive(self.nor)
        vfs.VfsFat.mkfs(self.dev)
        self._mount()
        import os

        os.mkdir(self.MOUNT + "/lib")
        os.mkdir(self.MOUNT + "/lib/firmware")
        os.mkdir(self.MOUNT + "/data")
        os.mkdir(self.MOUNT + "/data/tal")
        self.files = {}
        for i, name in enumerate(self.SENTINELS):
            body = bytes([(i * 37 + k) & 0xFF for k in range(1500 + 700 * i)])
            with open(self.MOUNT + "/" + name, "wb") as f:
                f.write(body)
            self.files[name] = body
        if phase:
            with open(self.MOUNT + "/pad.bin", "wb") as f:
                f.write(b"\x00" * (512 * phase))
        self.dev.flush()
        make_file(self.MOUNT + "/" + self.name, ring, self.kind)  # the computer, at make deploy
        self.dev.flush()

    def _mount(self):
        try:
            vfs.umount(self.MOUNT)
        except OSError:
            pass
        vfs.mount(vfs.VfsFat(self.dev), self.MOUNT)

    def store(self):
        from firmware.journal import Journal, JournalStore

        dev = self.dev
        journal = Journal(self.MOUNT + "/" + self.name, self.ring, self.kind, self.max_body,
                          lambda: dev.ioctl(3, 0))
        return JournalStore(journal)

    def journal(self):
        from firmware.journal import Journal

        dev = self.dev
        return Journal(self.MOUNT + "/" + self.name, self.ring, self.kind, self.max_body,
                       lambda: dev.ioctl(3, 0))

    def restart(self):
        """A start after a power cut: the drive as the flash holds it (no cache)."""
        self.dev.retire()
        self.dev = CircuitPyDrive(self.nor)
        self._mount()

    def boot(self):
        """A restart and a session on the journal."""
        self.restart()
        return Session(1, self.store())

    def intact(self):
        return changed(self.MOUNT, self.files)

    def wear_span(self):
        return 0, None  # every sector of the drive


class OldNvmStore:
    """What firmware before 2026-12 did: two 2 KB slots in microcontroller.nvm, one nvm write
    (one erase of its only block) per save."""

    limit = LEGACY_SLOT
    notice = None

    def __init__(self, nvm):
        self.nvm = nvm
        self.slot = 1

    def frames(self):
        mem = self.nvm.nor.mem
        return [bytes(mem[0:LEGACY_SLOT]), bytes(mem[LEGACY_SLOT:2 * LEGACY_SLOT])]

    def had_data(self):
        return self.nvm.nor.mem[:2 * LEGACY_SLOT] != b"\xff" * (2 * LEGACY_SLOT)

    def write(self, pieces):
        image = b"".join(bytes(p) for p in pieces)
        self.slot = 1 - self.slot
        at = self.slot * LEGACY_SLOT
        self.nvm[at:at + len(image)] = image


class PyBadgeNvm:
    def __init__(self):
        self.nor = Nor(8 * KB, 8 * KB, 512)
        self.nvm = SamdNvm(self.nor)

    def boot(self):
        return Session(1, OldNvmStore(self.nvm))

    def intact(self):
        return []

    def wear_span(self):
        return 0, None


class Pico:
    """The Pico's littlefs (1 MB here) with the state files of hardware/pico_lcd_114.py."""

    MOUNT = "/flash"

    def __init__(self, size=1024 * KB):
        self.nor = Nor(size, 4096, 256)
        self.dev = None
        vfs.VfsLfs2.mkfs(PicoFlash(self.nor), progsize=256)
        self._mount()
        self.files = {"main.py": bytes(range(256)) * 6}
        for name, body in self.files.items():
            with open(self.MOUNT + "/" + name, "wb") as f:
                f.write(body)

    def _mount(self):
        try:
            vfs.umount(self.MOUNT)
        except OSError:
            pass
        if self.dev is not None:
            self.dev.retire()
        self.dev = PicoFlash(self.nor)
        vfs.mount(vfs.VfsLfs2(self.dev, progsize=256), self.MOUNT)

    def boot(self):
        from firmware.storage import FileStore

        self._mount()
        return Session(1, FileStore(self.MOUNT + "/tal.state"))

    def intact(self):
        return changed(self.MOUNT, self.files)

    def wear_span(self):
        return 0, None


def make(board, phase=0, small=False, torn="first"):
    if board == "pybadge":
        # The device's journal: 384 blocks, 16 KB records; the power-cut trials use a small one
        # so that they go round it (and erase ahead) many times in a few actions.
        return (PyBadge(80, 4096, phase, 256 * KB, torn) if small else
                PyBadge(384, 16384, phase, torn=torn))
    if board == "pybadge-nvm":
        return PyBadgeNvm()
    if board == "pico":
        return Pico()
    raise SystemExit("unknown board " + board)


def read_lines(path):
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def act(session, line):
    """Run one request; True when it was accepted."""
    return protocol.reply(session, line.encode()).startswith('{"ok":true')


class Counter:
    """Counts the store's writes and their bytes."""

    def __init__(self, store):
        self.store = store
        self.writes = 0
        self.bytes = 0
        inner = store.write

        def write(pieces):
            inner(pieces)
            self.writes += 1
            for p in pieces:
                self.bytes += len(p)

        store.write = write


_SHIPPED = []


def shipped_data():
    """The shipped data files, one hook for every boot of a run: the cups confirmed as they
    stand (`mix CUP confirm`, the set-up's first step) stay confirmed through a cut, as a board's
    player files do (their own trials: `Entries` below); the state is what is cut here."""
    if not _SHIPPED:
        _SHIPPED.append(reader())
    return _SHIPPED[0]


def wear(board, saves, lines, setup):
    b = make(board)
    s = b.boot()
    s.data = shipped_data()
    count = Counter(s.store)
    for line in lines[:setup]:
        act(s, line)
    start_writes = count.writes
    start_bytes = count.bytes
    erases0 = list(b.nor.erases)
    i = setup
    while count.writes - start_writes < saves:
        if i >= len(lines):
            i = setup
        act(s, lines[i])
        i += 1
    n = count.writes - start_writes
    first, last = b.wear_span()
    per = [b.nor.erases[k] - erases0[k] for k in range(len(erases0))][first:last]
    print("saves %d erases %d max_sector %d record_bytes %d sectors %d" % (
        n, sum(per), max(per), (count.bytes - start_bytes) // max(n, 1), len(per)))


class Trials:
    """Power cuts at every flash operation of actions, each checked after a restart."""

    def __init__(self, board, lines, expected):
        self.b = board
        self.lines = lines
        self.expected = expected  # expected[i]: the state after the first i actions
        self.trials = self.failures = self.new = 0

    def boot(self):
        s = self.b.boot()
        s.data = shipped_data()
        return s

    def fail(self, msg):
        self.failures += 1
        print("FAIL " + msg)

    def cut(self, i, k, then=0):
        """From the flash as it is (state i), run action i with the power cut at its operation k;
        restart and check the state is i or i + 1.  With `then`, do the same for the action that
        comes next (the same one again if it was lost), at each of its operations: the restart
        after a cut may find a torn record, and the next save must step over it safely."""
        snap = bytes(self.b.nor.mem)
        s = self.boot()
        if s.payload() != self.expected[i]:
            return self.fail("state %d does not load" % i)
        self.b.nor.cut_at = self.b.nor.ops + k
        try:
            act(s, self.lines[i])
        except PowerCut:
            pass
        self.b.nor.cut_at = -1
        t = self.boot()
        got = t.payload()
        self.trials += 1
        if got == self.expected[i + 1]:
            self.new += 1
            landed = i + 1
        elif got == self.expected[i]:
            landed = i
        else:
            self.fail("action %d (%s) cut at operation %d: %s" % (
                i, self.lines[i], k, "defaults" if got == self.expected[0] else "another state"))
            landed = -1
        if t.notice is not None and "unreadable" in t.notice:
            self.fail("action %d cut at %d: %s" % (i, k, t.notice))
        bad = self.b.intact()
        if bad:
            self.fail("action %d cut at %d damaged %s" % (i, k, " ".join(bad)))
        if not then and 0 <= landed < len(self.lines):  # and the device saves again
            after = bytes(self.b.nor.mem)
            if not act(t, self.lines[landed]):
                self.fail("action %d cut at %d: the next action (%s) is refused" % (
                    i, k, self.lines[landed]))
            self.b.nor.mem[:] = after
        if then and landed >= 0 and landed + 1 < len(self.expected):
            after = bytes(self.b.nor.mem)
            ops = self.ops_of(landed)
            for k2 in range(ops + 1):
                self.b.nor.mem[:] = after
                self.cut(landed, k2)
            self.b.nor.mem[:] = after
        self.b.nor.mem[:] = snap

    def ops_of(self, i):
        """Flash operations of action i from the flash as it is (which is left as it was)."""
        snap = bytes(self.b.nor.mem)
        s = self.boot()
        before = self.b.nor.ops
        if not act(s, self.lines[i]):
            self.fail("action %d (%s) refused without a cut" % (i, self.lines[i]))
        n = self.b.nor.ops - before
        self.b.nor.mem[:] = snap
        return n


def cuts(board, phase, lines, first, count, depth, torn="first"):
    """A power cut at every flash operation of actions first .. first + count - 1 (and, with
    depth 2, at every operation of the action after each of those cuts)."""
    b = make(board, phase, small=True, torn=torn)
    s = b.boot()
    s.data = shipped_data()
    expected = [s.payload()]
    snaps = []
    for i, line in enumerate(lines[:first + count + 1]):
        if i >= first:
            snaps.append(bytes(b.nor.mem))
        if not act(s, line):
            print("FAIL action %d (%s) refused without a cut" % (i, line))
        expected.append(s.payload())
    t = Trials(b, lines, expected)
    total = 0
    for j in range(count):
        i = first + j
        b.nor.mem[:] = snaps[j]
        ops = t.ops_of(i)
        total += ops
        for k in range(ops + 1):
            b.nor.mem[:] = snaps[j]
            t.cut(i, k, depth > 1)
    print("trials %d failures %d new %d ops %d" % (t.trials, t.failures, t.new, total))


def settings_cuts(phase, count, torn):
    """A power cut at every flash operation of `count` settings changes on the PyBadge's settings
    file: after each, a restart finds the settings before or after the change, without a notice,
    and the next change is saved."""
    from firmware import prefs
    from firmware.journal import SETTINGS, JournalBlob

    b = PyBadge(SETTINGS_RING, SETTINGS_BODY, phase, 256 * KB, torn, SETTINGS, "tal-settings.bin")
    names = [f[0] for f in prefs.FIELDS]

    def load():
        b.restart()
        return prefs.Prefs(JournalBlob(b.journal()))

    p = load()
    expected = [p.dump()]
    snaps = []
    for i in range(count):
        snaps.append(bytes(b.nor.mem))
        p.step(names[i % len(names)], 1)
        if p.notice is not None:
            print("FAIL change %d without a cut: %s" % (i, p.notice))
        expected.append(p.dump())
    if load().dump() != expected[-1]:
        print("FAIL the settings are not found again after a restart")
    trials = failures = new = 0
    for i in range(count):
        b.nor.mem[:] = snaps[i]
        before = b.nor.ops
        load().step(names[i % len(names)], 1)
        ops = b.nor.ops - before
        for k in range(ops + 1):
            b.nor.mem[:] = snaps[i]
            p = load()
            b.nor.cut_at = b.nor.ops + k
            try:
                p.step(names[i % len(names)], 1)
            except PowerCut:
                pass
            b.nor.cut_at = -1
            q = load()
            trials += 1
            got = q.dump()
            new += got == expected[i + 1]
            bad = []
            if got not in (expected[i], expected[i + 1]) or q.notice is not None:
                bad.append("settings %s (%s)" % ("lost" if got not in expected else "kept",
                                                 q.notice))
            q.step(names[(i + 1) % len(names)], 1)
            if q.notice is not None or load().dump() != q.dump():
                bad.append("the next change is not saved (%s)" % q.notice)
            if b.intact():
                bad.append("damaged " + " ".join(b.intact()))
            for msg in bad:
                failures += 1
                print("FAIL change %d cut at %d: %s" % (i, k, msg))
    print("trials %d failures %d new %d ops %d" % (trials, failures, new, 0))


# Each step: the requests that put its question back after a restart (a question waits in RAM
# only), then the request cut (tests/file_cuts.py plays the same on the desktop's files).
SIDES = (
    (("table ridge =3",), "answer 4"),
    ((), "so +2"),
    (("table scout =1",), "answer 2 0"),
    ((), "mix ground new"),
    ((), "mix ground add 6 no-effect"),
    ((), "mix ground add 3 1-hit"),
    ((), "mix ground done"),
    ((), "so +1"),
    ((), "mix popup new"),
    ((), "mix popup add 20 no-enemy - -"),
    ((), "mix popup cancel"),
)


class SideBoard:
    """A board whose state and player's entries a trial cuts: the PyBadge (the state's and the
    entries' journals on CIRCUITPY) or the Pico (the state files and the data folder on
    littlefs)."""

    def __init__(self, board, torn, laps=0):
        self.board = board
        self.ring, self.body = (48, 2048) if laps else (DATA_RING, DATA_BODY)
        if board == "pybadge-files":  # the entries as files on CIRCUITPY (before issue 42)
            self.b = PyBadge(80, 4096, 3, 512 * KB, torn)
            import os

            self.names = sorted(os.listdir(self.b.MOUNT))
        elif board == "pybadge":
            from firmware.journal import DATA, make_file

            self.b = PyBadge(80, 4096, 3, 512 * KB, torn)
            make_file(self.b.MOUNT + "/tal-data.bin", self.ring, DATA)
            self.b.dev.flush()
            import os

            self.names = sorted(os.listdir(self.b.MOUNT))  # the drive's own: nothing is added
        else:
            self.b = Pico()
        self.nor = self.b.nor

    def boot(self):
        """A start after a cut: the session and its data hook, as the device makes them."""
        if self.board == "pybadge":
            from firmware.journal import DATA, Journal, JournalBundle

            s = self.b.boot()
            dev = self.b.dev
            j = Journal(self.b.MOUNT + "/tal-data.bin", self.ring, DATA, self.body,
                        lambda: dev.ioctl(3, 0), s.store.journal)
            s.data = reader(None, None, JournalBundle(j))
        elif self.board == "pybadge-files":
            s = self.b.boot()
            s.data = reader(None, self.b.MOUNT + "/data")
        else:
            s = self.b.boot()
            s.data = reader(None, self.b.MOUNT + "/data")
        return s

    def entries(self, s):
        """{name: bytes} of what the player entered, as the data hook reads it."""
        out = {}
        if self.board == "pybadge":
            for name, w in s.data.held().items():
                w.seek(0)
                out[name] = w.read()
            return out
        import os

        top = self.b.MOUNT + "/data"

        def walk(d, rel):
            try:
                names = os.listdir(d)
            except OSError:
                return
            except UnicodeError:  # names that are not text: a directory of the drive damaged
                out["?"] = b"the folder %s is damaged" % d.encode()
                return
            for n in names:
                if os.stat(d + "/" + n)[0] & 0x4000:
                    walk(d + "/" + n, rel + n + "/")
                else:
                    with open(d + "/" + n, "rb") as f:
                        out[rel + n] = f.read()

        walk(top, "")
        return out

    def damaged(self):
        bad = self.b.intact()
        if self.board == "pybadge":
            import os

            if sorted(os.listdir(self.b.MOUNT)) != self.names:
                bad.append("the drive's files are not the same: %s" % os.listdir(self.b.MOUNT))
        return bad


def sides(board, first, count, torn, laps=0):
    """A power cut at every flash operation of the steps first .. first + count - 1 of SIDES."""
    sb = SideBoard(board, torn, laps)
    nor = sb.nor
    s = sb.boot()
    act(s, "seed 7")
    for _ in range(laps):  # entries written before: the journal's head goes round
        act(s, "mix hit new")
        act(s, "mix hit cancel")
    snaps, states, files, ops = [], [], [], []
    for i in range(first + count):
        before, line = SIDES[i]
        snaps.append(bytes(nor.mem))
        states.append(s.payload())
        files.append(sb.entries(s))
        for b in before:
            act(s, b)
        n = nor.ops
        if not act(s, line):
            print("FAIL step %d (%s) refused without a cut" % (i, line))
        ops.append(nor.ops - n)
    states.append(s.payload())
    files.append(sb.entries(s))
    trials = failures = ghosts = halves = landed = total = 0
    for i in range(first, first + count):
        before, line = SIDES[i]
        total += ops[i]
        for k in range(ops[i] + 1):
            nor.mem[:] = snaps[i]
            s = sb.boot()
            for b in before:
                act(s, b)
            nor.cut_at = nor.ops + k
            acked = False
            try:
                acked = act(s, line)
            except PowerCut:
                pass
            nor.cut_at = -1
            trials += 1
            where = "step %d (%s) cut at operation %d" % (i, line, k)
            try:
                t = sb.boot()
                got_state, got_files = t.payload(), sb.entries(t)
            except Exception as e:  # noqa: BLE001 - a drive that no longer mounts
                failures += 1
                print("FAIL %s: the restart fails: %r" % (where, e))
                continue
            st = [j for j in (i, i + 1) if states[j] == got_state]
            fi = [j for j in (i, i + 1) if files[j] == got_files]
            bad = ["damaged " + x for x in sb.damaged()]
            if not st:
                bad.append("the state is neither before nor after")
            if not fi:
                halves += 1
                bad.append("the entries are neither before nor after")
            elif st and files[i] != files[i + 1] and states[i] != states[i + 1] \
                    and max(fi) > max(st):
                ghosts += 1
                bad.append("the entries are the step's, its state is not")
            if acked and st and fi and (max(st) != i + 1 or max(fi) != i + 1):
                bad.append("acknowledged, not kept")
            if st and fi:
                landed += max(fi) == i + 1 and files[i] != files[i + 1]
                nxt = i if max(fi) != i + 1 and files[i] != files[i + 1] else i + 1
                if nxt < len(SIDES) and not bad:  # and the device goes on
                    for b in SIDES[nxt][0]:
                        act(t, b)
                    if not act(t, SIDES[nxt][1]):
                        bad.append("then %s is refused" % SIDES[nxt][1])
            for msg in bad:
                failures += 1
                print("FAIL %s: %s" % (where, msg))
    print("trials %d failures %d ghosts %d halves %d landed %d ops %d" % (
        trials, failures, ghosts, halves, landed, total))


def main(argv):
    what = argv[1]
    if what == "wear":
        board, saves, path = argv[2], int(argv[3]), argv[4]
        setup = int(argv[5]) if len(argv) > 5 else 0
        wear(board, saves, read_lines(path), setup)
    elif what == "cuts":
        board, phase, path, first, count = argv[2], int(argv[3]), argv[4], int(argv[5]), int(argv[6])
        depth = int(argv[7]) if len(argv) > 7 else 1
        torn = argv[8] if len(argv) > 8 else "first"
        cuts(board, phase, read_lines(path), first, count, depth, torn)
    elif what == "settings":
        settings_cuts(int(argv[2]), int(argv[3]), argv[4] if len(argv) > 4 else "first")
    elif what == "sides":
        sides(argv[2], int(argv[3]), int(argv[4]), argv[5] if len(argv) > 5 else "first",
              int(argv[6]) if len(argv) > 6 else 0)
    else:
        raise SystemExit(__doc__)


main(sys.argv)
