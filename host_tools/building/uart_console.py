"""The line-protocol console on the REPL UART of the emulated Cortex-M board (runs on the board).

The qemu port has no main.py and no stdin EOF: its UART is the REPL.  The host types
`import uart_console`, then sends one header line, the heap to leave (bytes; 0 = all of it), then
request lines.  A line holding only 0x1E ends a session: the next lines go to a fresh one (so one
boot replays many transcripts); a line holding only 0x04 ends the run.  Replies go out as raw bytes
(sys.stdout.buffer: no "\\r" added), framed by marker lines the host looks for: 0x02 before the first
request, after each session 0x1E and the heap in use then, and 0x04 at the end; then
`machine.reset()` ends qemu.

Frozen into the qemu firmware beside manifest.py's packages (host_tools/building/micropython_builds.py), or
in the ROMFS image with the app: either way its bytecode stays in flash.
"""

import gc
import sys

_END_SESSION = 0x1E
_END_RUN = 0x04


def pool_bytes(heap):
    """The GC pool that a heap of `heap` bytes gives on a 32-bit port (py/gc.c gc_setup_area: one
    alloc-table byte per 4 blocks of 16 bytes, one finaliser-table bit per block, one gap byte)."""
    atb = (heap - 1) * 8 // (8 + 4 + 8 * 4 * 16)
    return atb * 4 * 16


class _Sessions:
    """`inp` for firmware.lines.serve (read a byte at a time): the UART's bytes, ending (as a
    stream ends) at a line holding a session or run end marker."""

    def __init__(self, stream):
        self.stream = stream
        self.over = False  # the current session has ended
        self.done = False  # the run has ended
        self.start = True  # the next byte begins a line

    def readinto(self, buf):
        if self.over:
            return 0
        n = self.stream.readinto(buf)
        if not n:
            self.over = self.done = True
            return 0
        b = buf[0]
        if self.start and (b == _END_SESSION or b == _END_RUN):
            while n and buf[0] != 10:  # the rest of the marker line
                n = self.stream.readinto(buf)
            self.over = True
            self.done = b == _END_RUN or not n
            return 0
        self.start = b == 10 or b == 13
        return n


def main():
    inp = sys.stdin.buffer
    head = b""
    while not head.strip():  # the REPL may leave the "\n" of the "\r\n" that ran the import
        head = inp.readline()
    heap = int(head)
    import os

    os.chdir("/rom")  # the ROMFS image: data/ (and the app, on the stock firmware)
    del os
    gc.collect()
    ballast = None
    if heap:
        # The firmware's heap is fixed at build time: hold the rest in one block taken first, so
        # what is left behaves as a board with `heap` bytes of heap (ram_bench.py's bisection).
        total = gc.mem_free() + gc.mem_alloc()
        keep = pool_bytes(heap)
        if keep < total:
            ballast = bytearray(total - keep - 16)  # 16: the bytearray object's own block
    out = sys.stdout.buffer  # raw bytes: no "\r" added
    out.write(b"\x02\n")
    # What console.main does before its first request, with this UART for stdin.
    from firmware import console

    console._import_core()
    from firmware.lines import serve

    lines = _Sessions(inp)
    while not lines.done:
        lines.over = False
        started = console._start(None, None)
        if isinstance(started, str):
            raise RuntimeError(started)
        session, entry = started
        gc.collect()
        serve(session, lines, out, None, entry)
        session = started = None
        gc.collect()
        out.write(b"\x1e %d\n" % gc.mem_alloc())
    del ballast


try:
    main()
except BaseException as e:  # noqa: anything (MemoryError at import too) ends the run, said once
    sys.stdout.write("\n<%s: %s>\n" % (type(e).__name__, e))
sys.stdout.write("\x04\n")
import machine  # noqa: E402

machine.reset()  # on the qemu port: exit the emulator (semihosting)
