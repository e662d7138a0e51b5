"""Data files written as one bundle: what a request wrote into the player's data folder (an
answer, a counter mix), each file whole, in one run of bytes that is written at once and read in
place (firmware/datafiles.py; docs/storage.md, "What you enter at the table").

    TALDATA 1\\n
    NAME LENGTH\\n  LENGTH bytes  \\n        one per file (a name holds no space)
    end CRC\\n                              CRC-32 of every byte before "end", 8 hex digits

A data folder on a file system (the desktop, the Pico's littlefs) writes a request's files as a
bundle first, then each file: the bundle is the commit point, replayed when a cut came before
the files were all written.  The PyBadge and the browser keep the bundle itself (a journal file
on CIRCUITPY, the page's storage), and a file in it is read as a `Window` on its bytes: nothing
is read into RAM whole.  A bundle cut short or damaged fails its CRC and is not used.
"""

from engine.core.crc import crc32

MAGIC = b"TALDATA 1\n"
CHUNK = 256  # bytes read at a time to check or copy a window


class Window:
    """Bytes [start, start + size) of the seekable binary file `f`, read as a file of its own (a
    data file in a bundle).  Closing it leaves `f` open (the bundle's owner keeps it)."""

    def __init__(self, f, start, size):
        self.f = f
        self.start = start
        self.size = size
        self.at = 0

    def __len__(self):
        return self.size

    def seek(self, offset, whence=0):
        self.at = offset if whence == 0 else (self.size if whence == 2 else self.at) + offset
        return self.at

    def tell(self):
        return self.at

    def readinto(self, buf):
        n = min(len(buf), self.size - self.at)
        if n <= 0:
            return 0
        self.f.seek(self.start + self.at)
        got = self.f.readinto(memoryview(buf)[:n]) or 0
        self.at += got
        return got

    def read(self, n=-1):
        left = self.size - self.at
        if n < 0 or n > left:
            n = left
        out = bytearray(n)
        got = self.readinto(out)
        return bytes(out[:got])

    def readline(self):
        left = self.size - self.at
        if left <= 0:
            return b""
        self.f.seek(self.start + self.at)
        line = self.f.readline()
        if len(line) > left:  # the file's last line, without its end: the bundle goes on
            line = line[:left]
        self.at += len(line)
        return line

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def close(self):
        pass


def crc_of(piece, crc=0, buf=None):
    """CRC-32 of a piece (bytes, or a Window read CHUNK bytes at a time), continuing `crc`."""
    if not isinstance(piece, Window):
        return crc32(piece, crc)
    buf = buf or bytearray(CHUNK)
    piece.seek(0)
    while True:
        n = piece.readinto(buf)
        if not n:
            return crc
        crc = crc32(memoryview(buf)[:n], crc)


def pieces(files):
    """The bundle of `files` ([(name, content)...], a content bytes or a Window, or a list of
    those to join) as a tuple of pieces in order, its CRC computed over them."""
    out = [MAGIC]
    for name, content in files:
        parts = content if isinstance(content, list) else [content]
        out.append(("%s %d\n" % (name, sum(len(p) for p in parts))).encode())
        out.extend(parts)
        out.append(b"\n")
    crc = 0
    buf = bytearray(CHUNK)
    for p in out:
        crc = crc_of(p, crc, buf)
    out.append(("end %08x\n" % crc).encode())
    return tuple(out)


def size(parts):
    return sum(len(p) for p in parts)


def write_to(f, parts):
    """Write the pieces to the binary file `f` (a Window copied CHUNK bytes at a time)."""
    buf = None
    for p in parts:
        if isinstance(p, Window):
            buf = buf or bytearray(CHUNK)
            p.seek(0)
            while True:
                n = p.readinto(buf)
                if not n:
                    break
                f.write(memoryview(buf)[:n])
        else:
            f.write(p)


def index(f, limit):
    """{name: Window} of the files in the bundle that the seekable binary file `f` holds from its
    start (at most `limit` bytes), or None when it holds no whole bundle (cut short, damaged, not
    one)."""
    f.seek(0)
    if f.readline() != MAGIC:
        return None
    crc = crc32(MAGIC)
    files = {}
    buf = bytearray(CHUNK)
    at = len(MAGIC)
    while True:
        line = f.readline()
        if line[:4] == b"end ":
            ok = len(line) == 13 and line[12:] == b"\n" and _hex(line[4:12]) == crc
            return files if ok else None
        words = line.split()
        if len(words) != 2 or line[-1:] != b"\n" or not words[1].isdigit() \
                or b".." in words[0] or line[:1] == b"/":
            return None
        n = int(words[1])
        at += len(line)
        if at + n + 1 > limit:
            return None
        crc = crc32(line, crc)
        body = Window(f, at, n + 1)  # with the newline after it
        crc = crc_of(body, crc, buf)
        body.seek(n)
        if body.read(1) != b"\n":
            return None
        try:
            name = words[0].decode()
        except UnicodeError:
            return None
        files[name] = Window(f, at, n)
        at += n + 1
        f.seek(at)


def _hex(b):
    try:
        return int(b, 16)
    except ValueError:
        return -1
