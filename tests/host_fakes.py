"""Stand-ins for boards in the host-tool tests: the MicroPython unix port behind a pty.

The child process holds the pty's master end as its stdin/stdout; the test (or mpremote, or
pyserial) opens the slave end by its path, like a board's /dev/ttyACM0.
"""

import os
import pty
import subprocess
import time
import tty

from conftest import MICROPYTHON, MPY_DIR, ensure_mpy


class PtyDevice:
    """A MicroPython process on a pty; `.port` is the path to open."""

    def __init__(self, argv, cwd, env=None):
        master, slave = pty.openpty()
        tty.setraw(slave)  # no echo, no line editing: a byte pipe, like USB CDC
        self.port = os.ttyname(slave)
        self.proc = subprocess.Popen(argv, stdin=master, stdout=master, stderr=subprocess.PIPE,
                                     cwd=cwd, env=env, close_fds=True)
        os.close(master)
        self._slave = slave  # kept open so the pty stays up between openings of .port

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self._slave)


def repl_device(fs_dir):
    """The MicroPython REPL with `fs_dir` as its filesystem: mpremote drives it with `resume`."""
    dev = PtyDevice([MICROPYTHON], fs_dir, dict(os.environ))
    time.sleep(0.3)  # let the banner go out before anyone connects
    return dev


def app_link_device(heap="64K", state=None):
    """`firmware.serial_link` (the device's USB serial link) on the .mpy build."""
    ensure_mpy()
    argv = [MICROPYTHON, "-X", "heapsize=" + heap, "-m", "firmware.serial_link"]
    if state:
        argv.append(state)
    return PtyDevice(argv, MPY_DIR, dict(os.environ, MICROPYPATH="."))


class FakeMpremote:
    """Stands in for `mpremote connect PORT resume ...` and a MicroPython board behind it, as the
    `runner` of host_tools.board.mpremote.Mpremote: `files` is the board's filesystem ({path: bytes}),
    `romfs` the size of its ROMFS partition (0: the firmware has none, as on the stock Pico
    images), `frozen` whether its firmware holds the app.  The `exec` snippets run for real,
    under CPython, against this filesystem and a `vfs` module with `rom_ioctl` when there is a
    partition; `fs cp`, `romfs deploy` and `reset` behave as mpremote's do."""

    def __init__(self, files=None, romfs=0, frozen=False, impl="micropython 1.25.0",
                 platform="rp2"):
        self.files = dict(files or {})
        self.platform = platform
        self.dirs = set()
        self.romfs_size = romfs
        self.romfs = None  # the deployed image
        self.frozen = frozen
        self.impl = impl
        self.events = []  # ("cp", path) ("rm", path) ("romfs", size) ("reset",) in order
        self.argvs = []

    def __call__(self, argv, **kw):
        import subprocess

        self.argvs.append(argv)
        args = argv[argv.index("resume") + 1:]
        out = []
        commands, cur = [], []
        for a in args:
            if a == "+":
                commands.append(cur)
                cur = []
            else:
                cur.append(a)
        commands.append(cur)
        for c in commands:
            if c[0] == "exec":
                out.append(self._exec(c[1]))
            elif c[:2] == ["fs", "cp"] and c[2].startswith(":"):  # off the board
                if c[2][1:] not in self.files:
                    return subprocess.CompletedProcess(argv, 1, "", "cp: %s: No such file\n" % c[2])
                with open(c[3], "wb") as f:
                    f.write(self.files[c[2][1:]])
            elif c[:2] == ["fs", "cp"]:
                with open(c[2], "rb") as f:
                    self.files[c[3].lstrip(":")] = f.read()
                self.events.append(("cp", c[3].lstrip(":")))
            elif c[:2] == ["romfs", "deploy"]:
                with open(c[2], "rb") as f:
                    image = f.read()
                if not self.romfs_size:
                    return subprocess.CompletedProcess(argv, 1, "", "ROMFS is not enabled on this device\n")
                if len(image) > self.romfs_size:
                    return subprocess.CompletedProcess(argv, 1, "ROMFS image is too big for the target partition\n", "")
                self.romfs = image
                self.events.append(("romfs", len(image)))
            elif c == ["reset"]:
                self.events.append(("reset",))
            else:
                raise AssertionError("unexpected mpremote command %r" % c)
        return subprocess.CompletedProcess(argv, 0, "".join(out), "")

    def _exec(self, code):
        import contextlib
        import io
        import types

        if "sys.implementation" in code:
            return self.impl + "\n"
        board = self

        class FakeOs:
            @staticmethod
            def remove(p):
                if p not in board.files:
                    raise OSError(2, "ENOENT")
                del board.files[p]
                board.events.append(("rm", p))

            @staticmethod
            def mkdir(p):
                if p in board.dirs:
                    raise OSError(17, "EEXIST")
                board.dirs.add(p)

            @staticmethod
            def rmdir(p):
                if p not in board.dirs or any(f.startswith(p + "/") for f in board.files):
                    raise OSError(39, "ENOTEMPTY")
                board.dirs.discard(p)

        vfs = types.ModuleType("vfs")
        if self.romfs_size:
            vfs.rom_ioctl = lambda op, *a: 1 if op == 1 else memoryview(bytes(self.romfs_size))
        fake_sys = types.SimpleNamespace(path=["", ".frozen", "/lib"], modules={},
                                         platform=self.platform)
        real_import = __import__

        def imp(name, *a, **kw):
            if name == "os":
                return FakeOs
            if name == "vfs":
                return vfs
            if name == "sys":
                return fake_sys
            if name == "engine":
                if self.frozen and fake_sys.path == [".frozen"]:
                    return types.ModuleType("engine")
                raise ImportError("no module named 'engine'")
            return real_import(name, *a, **kw)

        def fake_open(p, mode="r"):
            if p not in self.files:
                raise OSError(2, "ENOENT")
            return io.BytesIO(self.files[p])

        env = {"__builtins__": dict(vars(__builtins__) if isinstance(__builtins__, type(io))
                                    else __builtins__, __import__=imp, open=fake_open)}
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(code, env)
        return out.getvalue()


class FatDrive:
    """A CIRCUITPY drive on a folder, as small and as full as a test wants: `capacity` bytes in
    clusters of `cluster` bytes; a file takes whole clusters and a folder one, as on FAT.
    `install(monkeypatch)` makes os.statvfs report it and writes under it fail with ENOSPC past
    the free space (or with EIO from the `fail_at`-th file opened for writing on)."""

    def __init__(self, root, capacity, cluster=512, fail_at=None):
        self.root = str(root)
        self.capacity = capacity
        self.cluster = cluster
        self.fail_at = fail_at
        self.opened = 0

    def _clusters(self, size):
        return -(-size // self.cluster)

    def used(self):
        n = 0
        for dirpath, dirs, files in os.walk(self.root):
            n += len(dirs)
            n += sum(self._clusters(os.path.getsize(os.path.join(dirpath, f))) for f in files)
        return n * self.cluster

    def free(self):
        return self.capacity - self.used()

    def snapshot(self):
        """{relative path: bytes} of every file, and the folders, to compare before and after."""
        out = {}
        for dirpath, dirs, files in os.walk(self.root):
            for d in dirs:
                out[os.path.relpath(os.path.join(dirpath, d), self.root) + "/"] = None
            for f in files:
                p = os.path.join(dirpath, f)
                with open(p, "rb") as fh:
                    out[os.path.relpath(p, self.root)] = fh.read()
        return out

    def install(self, monkeypatch):
        import builtins
        import errno

        drive = self
        real_open, real_statvfs = builtins.open, os.statvfs

        class Limited:
            def __init__(self, f):
                self.f = f
                self.size = 0

            def write(self, data):
                grow = drive._clusters(self.size + len(data)) - drive._clusters(self.size)
                if grow * drive.cluster > drive.free():
                    raise OSError(errno.ENOSPC, "No space left on device")
                self.size += len(data)
                return self.f.write(data)

            def __getattr__(self, name):
                return getattr(self.f, name)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

        def fat_open(path, mode="r", *a, **kw):
            if str(path).startswith(drive.root) and ("w" in mode or "a" in mode):
                drive.opened += 1
                if drive.fail_at is not None and drive.opened >= drive.fail_at:
                    raise OSError(errno.EIO, "Input/output error")
                return Limited(real_open(path, mode, *a, **kw))
            return real_open(path, mode, *a, **kw)

        def fat_statvfs(path):
            if not str(path).startswith(drive.root):
                return real_statvfs(path)
            c = drive.cluster
            free = drive.free() // c
            return os.statvfs_result((c, c, drive.capacity // c, free, free, 0, 0, 0, 0, 255))

        monkeypatch.setattr(builtins, "open", fat_open)
        monkeypatch.setattr(os, "statvfs", fat_statvfs)
