"""Driving a MicroPython board with mpremote (the package pinned in requirements.txt).

Every call is `mpremote connect PORT resume ...`: `resume` skips mpremote's soft reset on
connect (mpremote still interrupts the running app with Ctrl-C to get the raw REPL).  That also
lets the MicroPython unix port on a pty stand in for a board in the tests.
"""

import os
import subprocess
import sys


class MpremoteError(Exception):
    """mpremote failed; the message says what we were doing and what mpremote said."""


class Mpremote:
    """One board on `port`; `runner` is subprocess.run (tests inject a fake)."""

    def __init__(self, port, runner=subprocess.run, timeout=120):
        if not port:
            raise MpremoteError("no serial port given (PORT=/dev/ttyACM0, COM5, ...)")
        self.port = port
        self.runner = runner
        self.timeout = timeout
        self.calls = []  # every argv run, in order (the tests read it)

    def argv(self, args):
        """The full command line of an mpremote call."""
        return [sys.executable, "-m", "mpremote", "connect", self.port, "resume"] + list(args)

    def run(self, args, what):
        """Run mpremote with `args`; return its stdout (str); MpremoteError on failure."""
        a = self.argv(args)
        self.calls.append(a)
        try:
            p = self.runner(a, capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise MpremoteError("mpremote timed out %s on %s: is it the board's port, and is "
                                "nothing else (a serial monitor) holding it?" % (what, self.port))
        except OSError as e:
            raise MpremoteError("cannot run mpremote (%s): run 'make' to install it" % e)
        if p.returncode != 0:
            msg = (p.stderr or p.stdout or "").strip().splitlines()
            last = msg[-1] if msg else "exit status %d" % p.returncode
            if "failed to access" in last:  # mpremote could not open the port
                raise MpremoteError(self._no_board(what))
            raise MpremoteError("mpremote failed %s on %s: %s" % (what, self.port, last))
        return p.stdout

    def _no_board(self, what):
        # mpremote says the port "may be in use by another program" whatever the cause; most
        # often no board is there at all.
        if not os.path.exists(self.port):
            return ("no board answered on %s (%s): no such port; is the board plugged in? "
                    "python -m mpremote devs lists the ports there are" % (self.port, what))
        return ("no board answered on %s (%s): the port cannot be opened; is another program "
                "(a serial monitor, Thonny) holding it, or is it not the board's port?"
                % (self.port, what))

    def implementation(self):
        """(name, (major, minor, micro)) of the Python on the board."""
        out = self.run(["exec", "import sys;print(sys.implementation.name,"
                        "'%d.%d.%d'%sys.implementation.version[:3])"],
                       "asking the board what it runs")
        for line in out.splitlines():
            words = line.split()
            if len(words) == 2 and words[1].count(".") == 2:
                try:
                    return words[0], tuple(int(x) for x in words[1].split("."))
                except ValueError:
                    pass
        raise MpremoteError("%s does not answer like a MicroPython board (it said %r)" % (
            self.port, out.strip()[:120]))

    def digests(self, paths):
        """{path: sha256 hex, "" if the board cannot hash} for the board files that exist."""
        if not paths:
            return {}
        code = ("import os\ntry:\n import hashlib,binascii\nexcept ImportError:\n hashlib=None\n"
                "for p in %r:\n try:\n  f=open(p,'rb')\n except OSError:\n  continue\n"
                " d=''\n if hashlib:\n  h=hashlib.sha256()\n  while True:\n   b=f.read(512)\n"
                "   if not b:\n    break\n   h.update(b)\n  d=binascii.hexlify(h.digest()).decode()\n"
                " f.close()\n print('=',p,d)" % (list(paths),))
        out = self.run(["exec", code], "reading the board's files")
        found = {}
        for line in out.splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] == "=" and words[1] in paths:
                found[words[1]] = words[2] if len(words) > 2 else ""
        return found

    def makedirs_code(self, dirs):
        """Python for `exec` that creates the board directories `dirs` (parents first)."""
        return ("import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass"
                % (sorted(set(dirs), key=lambda d: (d.count("/"), d)),))

    def firmware_layout(self):
        """{"frozen": True if the firmware holds the app (make firmware), "romfs": bytes of the
        first ROMFS partition, 0 if the firmware has none} (MicroPython 1.25+: vfs.rom_ioctl)."""
        code = ("import sys\nz=0\ntry:\n import vfs\n if vfs.rom_ioctl(1)>0:\n"
                "  d=vfs.rom_ioctl(2,0)\n  z=d.ioctl(4,0)*d.ioctl(5,0) if hasattr(d,'ioctl') else len(d)\n"
                "except Exception:\n pass\n"
                # Only .frozen on the path, and engine out of sys.modules (the running app
                # imported it): the import then finds frozen code or nothing.
                "p=sys.path[:]\nm=sys.modules.pop('engine',None)\nsys.path[:]=['.frozen']\n"
                "try:\n import engine\n f=1\nexcept ImportError:\n f=0\n"
                "sys.path[:]=p\nsys.modules.pop('engine',None)\n"
                "if m:\n sys.modules['engine']=m\nprint('=layout',z,f)")
        out = self.run(["exec", code], "asking the board's firmware how to install")
        for line in out.splitlines():
            words = line.split()
            if len(words) == 3 and words[0] == "=layout":
                try:
                    return {"romfs": max(0, int(words[1])), "frozen": words[2] == "1"}
                except ValueError:
                    break
        raise MpremoteError("%s did not say how its firmware is laid out (it said %r)" % (
            self.port, out.strip()[:120]))

    def remove_code(self, paths):
        """Python for `exec` that removes the files `paths` where they exist (and then their
        directories, if that leaves them empty)."""
        dirs = sorted({p.rsplit("/", 1)[0] for p in paths if "/" in p},
                      key=lambda d: (-d.count("/"), d))
        return ("import os\nfor p in %r:\n try:\n  os.remove(p)\n except OSError:\n  pass\n"
                "for d in %r:\n try:\n  os.rmdir(d)\n except OSError:\n  pass"
                % (sorted(paths), dirs))
