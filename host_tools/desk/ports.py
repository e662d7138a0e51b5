"""The protocol console on each MicroPython build, as a host runs it: feed request lines, get the
reply lines back.

    unix64-mpy     .venv's 64-bit unix port loading build/mpy (`make console-mpy`)
    unix32-mpy     the 32-bit unix port, nothing frozen, loading the checkout's .mpy files
    unix32-frozen  the 32-bit unix port with manifest.py frozen
    qemu-romfs     the stock Cortex-M3 firmware under qemu, the app as .mpy in a ROMFS image
    qemu-frozen    the Cortex-M3 firmware under qemu with manifest.py frozen

A unix port runs one process per session.  On qemu the console answers on the board's UART
(host_tools/building/uart_console.py), and one boot can hold many sessions, each a fresh Session (the
modules stay loaded): `run(sessions)` boots once, `run_each` boots per session.  The 32-bit and
qemu builds come from MICROPY_DIR (host_tools/building/micropython_builds.py); without it they are
`unavailable()`.
"""

import os
import subprocess

from host_tools.desk import consoles
from host_tools.building import micropython_builds

END_SESSION = b"\x1e"
END_RUN = b"\x04"


class Port:
    def __init__(self, name, label, kind, frozen):
        self.name = name
        self.label = label
        self.kind = kind  # "unix64", "unix32" or "qemu": what it needs built
        self.frozen = frozen

    def __repr__(self):
        return self.name

    def unavailable(self):
        """Why this build cannot run here, or None."""
        return None if self.kind == "unix64" else micropython_builds.unavailable(self.kind)

    def prepare(self):
        """Build what it needs (cached; quick when up to date); the runs below use what this
        found, so call it again after changing the sources."""
        if self.kind == "unix64":
            consoles.ensure_mpy()
            self._paths = (consoles.micropython(), consoles.MPY_DIR)
        elif self.kind == "unix32":
            self._paths = (micropython_builds.unix32(self.frozen),
                           micropython_builds.data_dir() if self.frozen
                           else micropython_builds.mpy_tree())
        else:
            self._paths = (micropython_builds.qemu_firmware(self.frozen),
                           micropython_builds.romfs_image(not self.frozen))
        return self

    def _built(self):
        if getattr(self, "_paths", None) is None:
            self.prepare()
        return self._paths

    # --- unix ports --------------------------------------------------------------------------
    def _unix(self, heap, tail):
        # frozen: the current directory holds data/ only ('' comes first in sys.path)
        exe, cwd = self._built()
        path = ".frozen" if self.frozen else "."
        argv = [exe] + (["-X", "heapsize=%s" % heap] if heap else []) + tail
        return argv, cwd, dict(os.environ, MICROPYPATH=path)

    def run_code(self, code, heap=None, timeout=600, args=(), data=None):
        """Run Python `code` on a unix port (-c), `data` its stdin; the CompletedProcess.  On
        qemu (no `args`) the code runs from the raw REPL, in /rom, `data` read as the file
        /rom/stdin where the code says `sys.stdin.buffer` (the UART holds the code)."""
        if self.kind == "qemu":
            return self._qemu_code(code, heap, timeout, data or b"")
        argv, cwd, env = self._unix(heap, ["-c", code] + list(args))
        return subprocess.run(argv, cwd=cwd, env=env, input=data, capture_output=True,
                              timeout=timeout)

    def console_process(self, data, heap=None, args=(), timeout=600):
        """Feed bytes `data` to the console of a unix port (`args`: a state file...); the
        CompletedProcess."""
        argv, cwd, env = self._unix(heap, ["-m", "firmware.console"] + list(args))
        return subprocess.run(argv, cwd=cwd, env=env, input=data, capture_output=True,
                              timeout=timeout)

    def _console(self, lines, heap, timeout):
        p = self.console_process(b"".join(l + b"\n" for l in lines), heap, timeout=timeout)
        out = p.stdout.decode("utf-8", "replace").splitlines()
        if p.returncode != 0:
            err = p.stderr.decode("utf-8", "replace").strip().splitlines()
            out.append("<exit %d: %s>" % (p.returncode, err[-1] if err else ""))
        return out

    # --- qemu --------------------------------------------------------------------------------
    def _boot(self, sessions, heap, timeout=None):
        argv = _qemu(*self._built())
        body = (END_SESSION + b"\n").join(b"".join(l + b"\n" for l in s) for s in sessions)
        data = b"import uart_console\r%d\n" % (heap or 0) + body + END_RUN + b"\n"
        # A boot takes 0.15 s and a request a few ms, but up to 50 ms in a tight heap (the game's
        # modules dropped and loaded again at every request): every rules request in one session
        # took 47 s at 37 KB, and campaign.md:712's 186 requests 10 to 15 s in any heap on a busy
        # machine: with two test workers beside it, 30 s + 0.1 s a line (48 s) timed out once and
        # read as a budget missed.  A run that hangs is a fault, not a wait.
        timeout = timeout or 60 + data.count(b"\n") // 2
        try:
            p = subprocess.run(argv, input=data, capture_output=True, timeout=timeout)
            raw, note = p.stdout, ""
        except subprocess.TimeoutExpired as e:
            raw, note = e.stdout or b"", "<qemu timed out after %d s>" % timeout
        return _split(raw, len(sessions), note)

    def _qemu_code(self, code, heap, timeout, data):
        argv = _qemu(self._built()[0], micropython_builds.romfs_with(not self.frozen,
                                                                     {"stdin": data}))
        prog = (_QEMU_PRELUDE % (heap or 0) + code.replace("sys.stdin.buffer",
                                                           "open('/rom/stdin', 'rb')"))
        # Ctrl-A: the raw REPL; the program and Ctrl-D run it; the next one ends qemu (when the
        # first ends, even by an exception: the raw REPL reads on)
        body = b"\r\x01" + prog.encode() + b"\x04import machine\nmachine.reset()\n\x04"
        try:
            p = subprocess.run(argv, input=body, capture_output=True, timeout=timeout)
            raw = p.stdout
        except subprocess.TimeoutExpired as e:
            raw = (e.stdout or b"") + b"\x04<qemu timed out after %d s>\x04" % timeout
        # raw REPL: OK, the program's output, 0x04, its exception if any, 0x04
        out = raw.split(b">OK", 1)[1] if b">OK" in raw else b""
        parts = out.split(b"\x04")
        stdout = parts[0].replace(b"\r\n", b"\n")
        stderr = parts[1] if len(parts) > 2 else b"<the raw REPL did not run the code>" + raw[-300:]
        return subprocess.CompletedProcess(argv, 1 if stderr.strip() else 0, stdout, stderr)

    # --- both --------------------------------------------------------------------------------
    def run(self, sessions, heap=None, timeout=None):
        """Reply lines (str) per session; sessions are lists of request lines (bytes).  A crash
        shows as a last line in <angle brackets>.  qemu: one boot for all."""
        if self.kind == "qemu":
            return self._boot(sessions, heap, timeout)
        return [self._console(s, heap, timeout or 600) for s in sessions]

    def run_each(self, sessions, heap=None, timeout=None):
        """As run, but every session on a fresh boot (or process): nothing loaded before it."""
        if self.kind == "qemu":
            return [self._boot([s], heap, timeout)[0] for s in sessions]
        return self.run(sessions, heap, timeout)


def _qemu(firmware, romfs):
    """qemu's command line: the board, its UART on stdin and stdout, the ROMFS image loaded."""
    return ["qemu-system-arm", "-machine", "mps2-an385", "-nographic", "-monitor", "null",
            "-semihosting", "-serial", "stdio", "-kernel", firmware, "-device",
            "loader,file=%s,addr=%s,force-raw=on" % (romfs, micropython_builds.QEMU_ROMFS_ADDR)]


# Before a program on qemu: in /rom (data/ there), the heap cut to `heap` bytes as uart_console
# does, by a block taken first (its pool_bytes: the pool a heap of that size gives; 0: all of it).
_QEMU_PRELUDE = """import gc, os, sys
os.chdir("/rom")
gc.collect()
_heap = %d
_ballast = None
if _heap:
    _keep = (_heap - 1) * 8 // (8 + 4 + 8 * 4 * 16) * 4 * 16
    _total = gc.mem_free() + gc.mem_alloc()
    if _keep < _total:
        _ballast = bytearray(_total - _keep - 16)
del _heap
"""


def _split(raw, n, note=""):
    """The reply lines of each session out of the board's UART output (see uart_console)."""
    start = raw.find(b"\x02\n")
    out = [[]]
    if start < 0:
        out[0].append("<the launcher did not start: %s>" % raw[-300:].decode("utf-8", "replace"))
    else:
        for line in raw[start + 2:].split(b"\n"):
            if line[:1] == END_SESSION:
                out.append([])
            elif line[:1] == END_RUN:
                break
            else:
                out[-1].append(line.decode("utf-8", "replace"))
        else:
            out[-1].append(note or "<the board stopped before the end of the run>")
    out = out[:n] if len(out) > n else out + [[note or "<no reply>"] for _ in range(n - len(out))]
    return out


PORTS = [Port("qemu-frozen", "Cortex-M3 (qemu), app frozen", "qemu", True),
         Port("qemu-romfs", "Cortex-M3 (qemu), stock + ROMFS", "qemu", False),
         Port("unix32-frozen", "unix 32-bit, app frozen", "unix32", True),
         Port("unix32-mpy", "unix 32-bit, .mpy files", "unix32", False),
         Port("unix64-mpy", "unix 64-bit, .mpy files", "unix64", False)]
BY_NAME = {p.name: p for p in PORTS}


def port(name):
    return BY_NAME[name]


def console_main(argv):
    """`python -m host_tools.desk.ports HEAP [STATE] [--log=LOG]`: the console as `make console-mpy`
    runs it, on the 32-bit unix port loading .mpy when MICROPY_DIR allows (a board's object
    sizes), else on .venv's 64-bit one; HEAP as -X heapsize takes it (e.g. 190K)."""
    import sys

    heap, args = argv[1], argv[2:]
    p = board_like().prepare()
    sys.stderr.write("TAL companion: line protocol console (MicroPython, %s, heap %s). Type "
                     "'help'; Ctrl-D quits.\n" % (p.label, heap))
    if p.name == "unix64-mpy":
        sys.stderr.write("(64-bit: objects take up to twice a board's; MICROPY_DIR=... for the "
                         "32-bit build)\n")
    a, cwd, env = p._unix(heap, ["-m", "firmware.console"] + args)
    os.chdir(cwd)
    os.execve(a[0], a, env)


def board_like():
    """The build closest to a board loading .mpy files: 32-bit when MICROPY_DIR allows it."""
    p = port("unix32-mpy")
    return p if p.unavailable() is None else port("unix64-mpy")


if __name__ == "__main__":
    import sys

    try:
        console_main(sys.argv)
    except KeyboardInterrupt:  # Ctrl-C before the console runs (while a build is prepared)
        sys.stderr.write("interrupted before the console started\n")
        sys.exit(130)
