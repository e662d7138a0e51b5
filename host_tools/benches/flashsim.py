"""Models of the boards' flash write paths, to count erases and cut the power at every step.

Plain Python for the MicroPython unix port (whose `vfs.VfsFat` and `vfs.VfsLfs2` are the FatFs and
littlefs the boards run) and CPython alike.  Each model does what the board's firmware does, one
flash operation at a time; `Nor.cut_at` makes the power fail at an operation, leaving it half done.

- `Nor`: NOR flash.  Erasing sets a sector to 0xFF; programming can only clear bits (it ANDs) and
  takes a page at most; a cut during a program leaves half the page programmed, during an erase
  a torn sector: the pages `torn` names erased and the others as they were (`TORN`: the first
  half, the second half, every other page either way), so a 512-byte block may read erased in
  its first 256 bytes and not in its last.
- `CircuitPyDrive`: CIRCUITPY on the PyBadge's SPI flash (GD25Q16C: 4 KiB sectors, 256-byte
  pages), a block device for `vfs.VfsFat` doing what CircuitPython 10's
  supervisor/shared/external_flash/external_flash.c does: a 512-byte block is written straight
  to the flash when it reads erased, otherwise its sector is cached in RAM, and the cache is
  flushed (sector erased, 16 pages programmed) when another sector is written, a cached block is
  written again, or on sync (`os.sync()`, a file's flush, and every second in the background).
  Its `page_erased` reads 4 bytes, then compares the 512-byte buffer against the 4-byte one,
  past its end: compiled, that check is the first 4 bytes; so is this model's.
- `SamdNvm`: CircuitPython's `microcontroller.nvm` on the SAMD51 (ASF4's `_flash_write`): every
  write copies the one 8 KiB block, erases it and programs its 16 pages of 512 bytes.
- `PicoFlash`: the Pico's flash as MicroPython's `rp2.Flash` gives it to `vfs.VfsLfs2` (4 KiB
  erase blocks, programs of 256-byte pages, erase on ioctl 6).
"""


class PowerCut(BaseException):
    """The power failed (raised by the model; a BaseException, so no handler of the app eats it)."""


# Which pages of a sector a cut during its erase leaves erased: page index, pages in the sector.
TORN = {
    "first": lambda i, n: i < n // 2,
    "last": lambda i, n: i >= n // 2,
    "even": lambda i, n: i % 2 == 0,
    "odd": lambda i, n: i % 2 == 1,
}


class Nor:
    """`size` bytes of NOR flash in `sector`-byte erase sectors and `page`-byte program pages;
    `torn` (a key of TORN) says what a cut during an erase leaves."""

    def __init__(self, size, sector, page, torn="first"):
        self.mem = bytearray(b"\xff" * size)
        self.sector = sector
        self.page = page
        self.erases = [0] * (size // sector)
        self.ops = 0  # erases and page programs so far
        self.cut_at = -1  # the operation during which the power fails (-1: never)
        self.torn = TORN[torn]

    def _cut(self):
        cut = self.ops == self.cut_at
        self.ops += 1
        return cut

    def erase(self, addr):
        s = addr // self.sector
        a = s * self.sector
        if self._cut():
            n = self.sector // self.page
            for i in range(n):
                if self.torn(i, n):
                    self.mem[a + i * self.page:a + (i + 1) * self.page] = b"\xff" * self.page
            raise PowerCut()
        self.mem[a:a + self.sector] = b"\xff" * self.sector
        self.erases[s] += 1

    def program(self, addr, data):
        """Program `data` (at most one page, within it) at `addr`: bits can only go from 1 to 0."""
        n = len(data)
        if self._cut():
            n //= 2
            self._and(addr, data, n)
            raise PowerCut()
        self._and(addr, data, n)

    def _and(self, addr, data, n):
        old = self.mem[addr:addr + n]
        if old == b"\xff" * n:
            self.mem[addr:addr + n] = data[:n]
        else:
            self.mem[addr:addr + n] = bytes([old[i] & data[i] for i in range(n)])

    def max_erases(self, first=0, last=None):
        return max(self.erases[first:last])


class CircuitPyDrive:
    """A `vfs.VfsFat` block device: CircuitPython's external-flash write path on `nor`."""

    BLOCK = 512

    def __init__(self, nor):
        self.nor = nor
        self.per = nor.sector // self.BLOCK
        self.current = -1  # the cached sector's address, or -1
        self.dirty = 0  # its blocks written since it was cached (bit mask)
        self.cache = [None] * self.per

    def retire(self):
        """The power went: what the file system objects of before the cut do next never reaches
        the flash (their finalisers close files, which would write)."""
        self.nor = None

    def readblocks(self, n, buf):
        if self.nor is None:
            raise OSError(5)
        for i in range(len(buf) // self.BLOCK):
            addr = (n + i) * self.BLOCK
            sec = addr - addr % self.nor.sector
            k = (addr // self.BLOCK) % self.per
            if sec == self.current and self.dirty & (1 << k):
                src = self.cache[k]
            else:
                src = self.nor.mem[addr:addr + self.BLOCK]
            buf[i * self.BLOCK:(i + 1) * self.BLOCK] = src

    def writeblocks(self, n, buf):
        if self.nor is None:
            raise OSError(5)
        for i in range(len(buf) // self.BLOCK):
            self._write_block(n + i, bytes(buf[i * self.BLOCK:(i + 1) * self.BLOCK]))

    def _write_block(self, block, data):
        addr = block * self.BLOCK
        sec = addr - addr % self.nor.sector
        k = (addr // self.BLOCK) % self.per
        mask = 1 << k
        if self.current != sec or self.dirty & mask:
            if self.nor.mem[addr:addr + 4] == b"\xff\xff\xff\xff":  # page_erased()
                for p in range(0, self.BLOCK, self.nor.page):
                    self.nor.program(addr + p, data[p:p + self.nor.page])
                return
            if self.current != -1:
                self.flush()
            self.current = sec
            self.dirty = 0
        self.dirty |= mask
        self.cache[k] = data

    def flush(self):
        """supervisor_flash_flush(): the cached sector, erased and programmed again."""
        if self.current == -1:
            return
        sec = self.current
        for k in range(self.per):
            if not self.dirty & (1 << k):
                a = sec + k * self.BLOCK
                self.cache[k] = bytes(self.nor.mem[a:a + self.BLOCK])
        self.current = -1
        self.nor.erase(sec)
        for k in range(self.per):
            for p in range(0, self.BLOCK, self.nor.page):
                self.nor.program(sec + k * self.BLOCK + p, self.cache[k][p:p + self.nor.page])

    def ioctl(self, op, arg):
        if self.nor is None:
            return 0
        if op == 3:  # sync
            self.flush()
            return 0
        if op == 4:  # blocks: all but the last sector, CircuitPython's scratch sector
            return (len(self.nor.mem) - self.nor.sector) // self.BLOCK
        if op == 5:
            return self.BLOCK
        return 0


class SamdNvm:
    """`microcontroller.nvm` on the SAMD51: one 8 KiB block, 16 pages of 512 bytes."""

    def __init__(self, nor):
        self.nor = nor

    def __len__(self):
        return len(self.nor.mem)

    def __getitem__(self, i):
        return self.nor.mem[i]

    def __setitem__(self, i, value):
        # ASF4 _flash_write: copy the block, change it, erase it, program every page.
        block = bytearray(self.nor.mem)
        block[i] = value
        self.nor.erase(0)
        for p in range(0, len(block), self.nor.page):
            self.nor.program(p, block[p:p + self.nor.page])


class PicoFlash:
    """A `vfs.VfsLfs2` block device: the Pico's flash as `rp2.Flash` drives it."""

    def __init__(self, nor):
        self.nor = nor

    def retire(self):
        self.nor = None

    def readblocks(self, n, buf, off=0):
        if self.nor is None:
            raise OSError(5)
        a = n * self.nor.sector + off
        buf[:] = self.nor.mem[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if self.nor is None:
            raise OSError(5)
        if off is None:  # the plain block protocol: erase first
            self.nor.erase(n * self.nor.sector)
            off = 0
        a = n * self.nor.sector + off
        data = bytes(buf)
        for p in range(0, len(data), self.nor.page):
            self.nor.program(a + p, data[p:p + self.nor.page])

    def ioctl(self, op, arg):
        if self.nor is None:
            return 0
        if op == 4:
            return len(self.nor.mem) // self.nor.sector
        if op == 5:
            return self.nor.sector
        if op == 6:  # erase a block
            self.nor.erase(arg * self.nor.sector)
            return 0
        return 0
