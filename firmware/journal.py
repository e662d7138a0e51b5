"""Records appended to one preallocated file on a FAT flash drive, so that the flash lasts and a
power cut at any moment leaves the newest acknowledged record (the PyBadge's CIRCUITPY).

Why this shape (docs/storage.md has the figures; tests/test_flash_power_cut.py and
host_tools/benches/flash_bench.py check them on a model of CircuitPython's flash code):

- CircuitPython writes a 512-byte block of CIRCUITPY straight to the flash when that block reads
  erased (0xFF); any other write copies the block's 4 KiB sector to RAM, erases the sector and
  programs it back (supervisor/shared/external_flash/external_flash.c).  A file rewritten in
  place erases the same sectors at every save, and closing a written file rewrites its directory
  entry: another erase, of a sector the whole drive depends on.
- So the journal is made once, whole, by the computer (`make deploy`, `make_file`): never created
  nor grown on the board, where a cut while FAT's tables are rewritten can leave the drive
  unmountable.  It is kept open for the session: its directory entry is written again only when
  the file is closed (a soft reboot), never per save.  At start the file must be a file of the
  size its first block says (a file of older firmware, made on the board, has no such block):
  anything else is one line saying what is there and how to fix it, and nothing is saved.
- Each record goes to blocks that are already erased: a save programs them and erases nothing,
  then reads them back.  The record is durable when `write` returns.
- Erasing is done ahead, 16 blocks at a time, and never within 7 blocks of the newest record: a
  power cut during an erase tears the whole 4 KiB sector, wherever the file's blocks fall in it,
  so the record that must survive is kept out of reach.  `sync()` (CircuitPython's `os.sync`)
  makes an erase happen at once rather than within the next second.  A torn erase can leave a
  block erased in its first page and not in its second: CircuitPython would take it as erased
  and only program it, so such a block is first made to read written (`_erase`).
- The first and last 8 blocks are never written by the board: the sectors the journal erases
  hold only its own blocks when the file lies in one piece.

An entry: magic b"TJ", kind, version, sequence number u32, body length u32, CRC-32 of those 12
bytes; the body; the body's CRC-32; 0xFF up to a whole block.  At start the entry with the highest
sequence number whose CRCs hold is the newest.
"""

from engine.core.crc import crc32
from engine.core.record import put_u32, seq_newer, u32

BLOCK = 512
GUARD = 8  # blocks never written at each end of the file
SECTOR = 8  # blocks in a 4 KiB erase sector of the SPI flash (GD25Q16C, W25Q16JV)
CHUNK = 16  # blocks erased at a time
HEAD = 16  # entry header bytes
MAGIC = b"TJ"
VERSION = 1
FILE_MAGIC = b"TJFILE"  # the file's first block, written by the computer: magic, kind, ring
STATE = 1  # kinds of entry: an engine record frame
SETTINGS = 2  # the device settings (firmware.prefs)
DATA = 3  # what the player entered at the table, as one bundle (firmware/bundle.py)

_FF = b"\xff" * BLOCK
_ZERO4 = b"\x00" * 4
# What to do when the save file is not usable: the board never makes it (see above).
_REMAKE = (": hold SELECT while the badge starts, delete it from CIRCUITPY on the computer and run "
           "make deploy, which makes it again")


class Journal:
    """The ring of blocks of the file at `path`, `ring` blocks between the two guards (an existing
    file keeps the ring its size gives).

    `max_body` bounds an entry's body; `sync` flushes the drive's write cache (`os.sync`).  When
    the file cannot be written (a drive read-only to the board, no room to create it), entries
    are still read and `write` raises OSError saying why (`why`)."""

    def __init__(self, path, ring, kind, max_body, sync, share=None):
        self.path = path
        self.kind = kind
        self.sync = sync
        self.max_blocks = self.blocks_for(max_body)
        # The two block buffers, or those of `share`, another journal (no two are ever written
        # or read at once, and neither buffer holds anything from one call to the next).
        self.buf = bytearray(BLOCK) if share is None else share.buf
        self.back = bytearray(BLOCK) if share is None else share.back  # a block read back
        self.why = None  # why nothing can be written, or None
        self.ring = ring
        self.seq = 0  # sequence number of the newest entry
        self.used = False  # some block of the ring is not erased
        self.head = 0  # ring block of the next entry
        self.clean = 0  # ring blocks [head, clean) are known erased
        self.live = -1  # first ring block of the newest entry (-1: none)
        self.live_end = 0
        self.prev = -1  # first ring block of the entry before it
        self.failed = 0  # the block a failed write stopped at
        self.f = self._open(ring)  # the file, or None
        if self.f is not None:
            self._scan()

    def blocks_for(self, body):
        """Blocks taken by an entry with a `body`-byte body."""
        return (HEAD + body + 4 + BLOCK - 1) // BLOCK

    # --- the file -------------------------------------------------------------------------
    def _open(self, ring):
        name = self.path.rsplit("/", 1)[-1]
        try:
            import os

            st = os.stat(self.path)
        except OSError as e:
            code = e.args[0] if e.args else None
            self.why = ("%s is missing%s" % (name, _REMAKE)) if code == 2 else _reason(code)
            return None
        if st[0] & 0x4000:  # S_IFDIR
            self.why = "%s is a folder, not the save file%s" % (name, _REMAKE)
            return None
        if not st[0] & 0x8000:  # S_IFREG: a device (/dev/null) keeps nothing
            self.why = "%s is not a file%s" % (name, _REMAKE)
            return None
        try:
            f = open(self.path, "r+b")
        except OSError as e:
            self.why = _reason(e.args[0] if e.args else None)
            try:
                f = open(self.path, "rb")
            except OSError:
                return None
        size = f.seek(0, 2)
        self.ring = size // BLOCK - 2 * GUARD
        made = self._made(f)
        if size % BLOCK or self.ring < self.least() or (made is not None and made != self.ring):
            f.close()
            self.why = ("%s is damaged: its first block is not the app's%s" % (name, _REMAKE)
                        if made == -1 else "%s is %s, not a save file the app made (%s)%s" % (
                            name, _size(size), _size((ring + 2 * GUARD) * BLOCK), _REMAKE))
            return None
        return f

    def least(self):
        """The smallest ring this journal works in: two of the largest entries, a chunk erased
        ahead and a sector either side of the newest entry."""
        return 2 * self.max_blocks + CHUNK + 2 * SECTOR

    def _made(self, f):
        # The ring the file's first block says the computer made it with; None when it says
        # nothing (older firmware made the file on the board, all 0xFF), -1 when it is not ours.
        f.seek(0)
        head = f.read(16)
        if len(head) < 16 or head == _FF[:16]:
            return None
        if head[:6] != FILE_MAGIC or head[6] != self.kind or crc32(head[:12]) != u32(head, 12):
            return -1
        return u32(head, 8)

    def _read(self, block, into):
        self.f.seek((GUARD + block) * BLOCK)
        return self.f.readinto(into) == BLOCK

    # --- finding the entries at start -----------------------------------------------------------
    def _entry(self, block):
        # The body length of a whole, valid entry at ring `block`, or -1.  Reads into self.buf.
        # self.span: the blocks of an entry whose header holds (0: none), whole or torn.
        self.span = 0
        b = self.buf
        if not self._read(block, b) or b[0:2] != MAGIC or b[2] != self.kind or b[3] != VERSION:
            return -1
        if crc32(memoryview(b)[:12]) != u32(b, 12):
            return -1
        n = u32(b, 8)
        nb = self.blocks_for(n)
        if nb > self.max_blocks or block + nb > self.ring:
            return -1
        self.span = nb
        crc = 0  # the body's CRC, block by block, then the 4 bytes stored after it
        for k in range(nb):
            if k and not self._read(block + k, b):
                return -1
            lo = HEAD if k == 0 else 0
            hi = min(BLOCK, HEAD + n - k * BLOCK)
            if hi > lo:
                crc = crc32(memoryview(b)[lo:hi], crc)
        end = HEAD + n
        stored = 0
        have = nb - 1  # the block in b: the loop above read them all
        for i in range(4):
            k = (end + i) // BLOCK
            if k != have:
                self._read(block + k, b)
                have = k
            stored |= b[(end + i) % BLOCK] << (8 * i)
        return n if stored == crc else -1

    def _scan(self):
        best = second = -1
        best_seq = second_seq = 0
        r = torn = 0  # ring blocks before `torn` belong to a torn entry
        while r < self.ring:
            if not self._read(r, self.buf):
                break
            if self.buf == _FF:
                r += 1
                continue
            n = self._entry(r)
            if n < 0:
                # An entry whose header holds and the rest not was being written when the power
                # went: never acknowledged, so not a save (a first save cut short is no damage).
                # Anything else might have been one: the player is told.
                # (Block by block: an entry written after a torn one may start inside it.)
                if self.span:
                    torn = r + self.span
                elif r >= torn:
                    self.used = True
                r += 1
                continue
            self.used = True
            self._read(r, self.buf)
            seq = u32(self.buf, 4)
            if best < 0 or seq_newer(seq, best_seq):
                second, second_seq = best, best_seq
                best, best_seq = r, seq
            elif second < 0 or seq_newer(seq, second_seq):
                second, second_seq = r, seq
            r += self.blocks_for(n)
        if best >= 0:
            self._read(best, self.buf)
            self.seq = best_seq
            self.live = best
            self.live_end = best + self.blocks_for(u32(self.buf, 8))
            self.prev = second
            self.head = self.clean = self.live_end

    # --- reading ---------------------------------------------------------------------------
    def body(self, block):
        """The body (bytes) of the entry at ring `block`."""
        self._read(block, self.buf)
        n = u32(self.buf, 8)
        out = bytearray(n)
        at = 0
        k = 0
        while at < n:
            if k:
                self._read(block + k, self.buf)
            lo = HEAD if k == 0 else 0
            take = min(BLOCK - lo, n - at)
            out[at:at + take] = memoryview(self.buf)[lo:lo + take]
            at += take
            k += 1
        return bytes(out)

    def newest(self):
        """The bodies of the newest entry and of the one before it (those that exist)."""
        if self.f is None:
            return []
        return [self.body(r) for r in (self.live, self.prev) if r >= 0]

    # --- writing ----------------------------------------------------------------------------
    def _safe(self, block):
        # Erasing blocks [block, block + CHUNK) blanks whole 4 KiB sectors: up to 7 blocks
        # either side.
        return (self.live < 0 or block + CHUNK + SECTOR - 1 <= self.live
                or block - SECTOR + 1 >= self.live_end)

    def _erase(self, block):
        end = min(block + CHUNK, self.ring)
        for b in range(block, end):
            # A block whose first bytes read erased and the rest not (a torn erase, junk): make
            # them read written, or CircuitPython would program it rather than erase its sector.
            if self._read(b, self.back) and self.back[:4] == _FF[:4] and self.back != _FF:
                self.f.seek((GUARD + b) * BLOCK)
                self.f.write(_ZERO4)
        self.f.seek((GUARD + block) * BLOCK)
        for _ in range(block, end):
            self.f.write(_FF)
        self.sync()  # erase now, not within the next second
        for b in range(block, end):
            if not self._read(b, self.back) or self.back != _FF:
                raise OSError("the save file's flash could not be erased")

    def prepare(self):
        """Make the `max_blocks + CHUNK` blocks from `head` erased: erase ahead where that is
        safe, step over blocks too close to the newest entry to be erased (a torn write's), and
        start a new lap where an entry would not fit before the end."""
        for _ in range(2 * self.ring):
            if self.head + self.max_blocks > self.ring:
                self.head = self.clean = 0  # a new lap: the last blocks of this one stay as they are
            r = max(self.head, self.clean)
            while r < self.head + self.max_blocks + CHUNK and r < self.ring:
                if self._read(r, self.back) and self.back == _FF:
                    r += 1
                elif self._safe(r):
                    self._erase(r)
                else:
                    self.head = r = r + 1  # leave it: the next entry starts after it
            self.clean = r
            if self.head + self.max_blocks <= self.ring:
                return
        raise OSError("no room left in the save file")

    def write(self, pieces):
        """Append an entry whose body is `pieces` (a tuple) in order, each bytes-like or a file
        to copy (`seek`, `readinto`, `len`: a window on an entry of this journal, which stays
        where it is: firmware/bundle.py); durable on return.  OSError, with nothing
        acknowledged, if it cannot be written."""
        if self.f is None or self.why is not None:
            raise OSError(self.why or "no save file")
        n = 0
        crc = 0
        for p in pieces:
            n += len(p)
            if hasattr(p, "readinto"):
                p.seek(0)
                while True:
                    k = p.readinto(self.back)
                    if not k:
                        break
                    crc = crc32(memoryview(self.back)[:k], crc)
            else:
                crc = crc32(p, crc)
        nb = self.blocks_for(n)
        if nb > self.max_blocks:
            raise OSError("the record is too big for the save file")
        seq = (self.seq + 1) & 0xFFFFFFFF
        self.prepare()
        start = self.head
        if not self._try(start, seq, n, crc, pieces):
            self.head = self.failed + 1  # step over what did not take, and try once more
            self.prepare()
            start = self.head
            if not self._try(start, seq, n, crc, pieces):
                raise OSError("the save file's flash did not keep the record")
        # Durable now: nothing below may raise (the engine would undo what the flash kept).
        self.seq = seq
        self.prev = self.live
        self.live = start
        self.live_end = self.head = self.clean = start + nb
        self.used = True
        try:
            self.prepare()  # erase ahead now, so that the next save only programs
        except Exception:  # noqa: BLE001 - tried again before the next write
            pass

    def _try(self, start, seq, n, crc, pieces):
        # `_put`, and when it raises (out of memory half-way) the blocks from `start` are
        # no longer known erased: the next `prepare` reads them again, so no entry is
        # programmed over them (CIRCUITPY would erase their sector, maybe the newest entry's).
        try:
            return self._put(start, seq, n, crc, pieces)
        except BaseException:
            self.clean = start
            raise

    def _put(self, start, seq, n, crc, pieces):
        # Write the entry at ring block `start`, reading every block back; False when one does
        # not read back as written (self.failed: which).
        buf = self.buf
        buf[0:2] = MAGIC
        buf[2] = self.kind
        buf[3] = VERSION
        put_u32(buf, 4, seq)
        put_u32(buf, 8, n)
        put_u32(buf, 12, crc32(memoryview(buf)[:12]))
        tail = bytearray(4)
        put_u32(tail, 0, crc)
        at = HEAD
        block = start
        for p in pieces + (tail,):
            copy = hasattr(p, "readinto")
            if copy:
                p.seek(0)
            else:
                mv = memoryview(p)
            i = 0
            while i < len(p):
                take = min(BLOCK - at, len(p) - i)
                if not copy:
                    buf[at:at + take] = mv[i:i + take]
                elif p.readinto(memoryview(buf)[at:at + take]) != take:
                    raise OSError("the entry to copy could not be read")
                at += take
                i += take
                if at == BLOCK:
                    if not self._block(block):
                        return False
                    block += 1
                    at = 0
        if at:
            for i in range(at, BLOCK):
                buf[i] = 0xFF
            if not self._block(block):
                return False
        self.sync()  # a no-op when every block went straight to the flash
        return True

    def _block(self, block):
        self.f.seek((GUARD + block) * BLOCK)
        self.f.write(self.buf)
        if not self._read(block, self.back) or self.back != self.buf:
            self.failed = block
            return False
        return True


def make_file(path, ring, kind, again=False):
    """Make a journal file of `ring` blocks at `path` (the computer does, at `make deploy`): its
    first block says what it is, every other block is erased (0xFF).  `again`: over the file
    there, in place (it keeps its clusters, so its one piece)."""
    head = bytearray(_FF)
    head[0:6] = FILE_MAGIC
    head[6] = kind
    head[7] = VERSION
    put_u32(head, 8, ring)
    put_u32(head, 12, crc32(memoryview(head)[:12]))
    with open(path, "r+b" if again else "wb") as f:
        f.write(head)
        for _ in range(ring + 2 * GUARD - 1):
            f.write(_FF)


def _size(n):
    # In KB when whole, else in bytes: a file 512 bytes too long is not "200 KB, not 200 KB".
    return "%d KB" % (n // 1024) if n % 1024 == 0 else "%d bytes" % n


def _reason(code):
    if code == 30 or code == 13:
        return "the drive is read-only to the device"
    if code == 28:
        return "no space left on the drive"
    return "the save file cannot be opened (error %s)" % code


class JournalStore:
    """The engine's store (engine/core/record.py) on a `Journal` of kind STATE.  `legacy` (optional)
    is an older store whose frames are read too (`firmware.storage.NvmStore`): a campaign saved
    by older firmware resumes, and its first save moves it into the journal."""

    def __init__(self, journal, legacy=None, notice=None):
        self.journal = journal
        self.legacy = legacy
        self.limit = journal.max_blocks * BLOCK - HEAD - 4
        self.notice = notice
        if notice is None and journal.why is not None:
            self.notice = "nothing will be saved: " + journal.why

    def frames(self):
        out = self.journal.newest()
        if self.legacy is not None:
            out.extend(self.legacy.frames())
        return out

    def had_data(self):
        return self.journal.used or (self.legacy is not None and self.legacy.had_data())

    def write(self, pieces):
        self.journal.write(pieces)


class JournalBlob:
    """The settings (`firmware.prefs`) on a `Journal` of kind SETTINGS; `legacy` (optional) is
    where older firmware kept them (`firmware.prefs.NvmBlob`), read until the first save."""

    def __init__(self, journal, legacy=None):
        self.journal = journal
        self.legacy = legacy

    def read(self):
        got = self.journal.newest()
        if got:
            return got[0]
        return self.legacy.read() if self.legacy is not None else None

    def write(self, data):
        self.journal.write((data,))


class JournalBundle:
    """The player's entries at the table (`entries` of firmware/datafiles.py) on a `Journal` of
    kind DATA: each entry one whole bundle of every file the device wrote (firmware/bundle.py),
    the newest the one read, in place.  A file of CIRCUITPY the board never creates nor grows,
    as the saves' (measured, host_tools/benches/flash_trials.py `sides`: the data files written
    there at every cut left the drive unmountable or other files damaged)."""

    def __init__(self, journal):
        self.journal = journal
        self.limit = journal.max_blocks * BLOCK - HEAD - 4
        self.why = journal.why or (None if journal.f is not None else "no data file")

    def open(self):
        """The newest bundle, a window on the file, or None."""
        j = self.journal
        if j.f is None or j.live < 0:
            return None
        from firmware.bundle import Window

        j._read(j.live, j.buf)
        return Window(j.f, (GUARD + j.live) * BLOCK + HEAD, u32(j.buf, 8))

    def write(self, pieces):
        self.journal.write(pieces)
