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
