"""Every transcript of docs/ replays byte for byte on the 32-bit builds a board runs: the
Cortex-M3 firmware under qemu (app frozen; stock firmware with the app in a ROMFS image) and the
unix port built i686 (app frozen; .mpy files).  The builds come from MICROPY_DIR
(host_tools/building/micropython_builds.py, cached in build/micropython); without it or the toolchain
these tests are skipped, saying why.  qemu answers every transcript in one boot (a fresh session
each); the unix port runs a process per transcript.
"""

import pytest

from host_tools.building import micropython_builds
from host_tools.desk import ports
from transcripts import all_blocks

BLOCKS = all_blocks()
SESSIONS = [[s[0].encode() for s in b[1]] for b in BLOCKS]
WANT = [[r for s in b[1] for r in s[1]] for b in BLOCKS]
BUILDS = ("qemu-frozen", "qemu-romfs", "unix32-frozen", "unix32-mpy")
_replies = {}


def ready(name):
    """The port, built; skips the test when this machine cannot build it."""
    port = ports.port(name)
    why = port.unavailable()
    if why:
        pytest.skip("%s: %s" % (name, why))
    try:
        return port.prepare()
    except micropython_builds.BuildError as e:
        pytest.fail("%s does not build: %s" % (name, e))


def replies(name):
    if name not in _replies:
        _replies[name] = ready(name).run(SESSIONS)
    return _replies[name]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("i", range(len(BLOCKS)), ids=[b[0] for b in BLOCKS])
def test_transcript(build, i):
    assert replies(build)[i] == WANT[i], BLOCKS[i][0]


def test_every_transcript_is_replayed():
    assert len(BLOCKS) >= 70  # docs/PROTOCOL.md and docs/protocol/*.md


@pytest.mark.parametrize("build", ["qemu-frozen", "unix32-mpy"])
def test_the_heap_limit_is_real(build):
    """A board with too little heap cannot answer: the qemu launcher's heap limit (a ballast
    over the firmware's fixed heap) and the unix port's -X heapsize both hold."""
    port = ready(build)
    dice = SESSIONS[0]
    assert port.run_each([dice], heap=64 * 1024)[0] == WANT[0]
    assert port.run_each([dice], heap=4 * 1024)[0] != WANT[0]


def test_the_stock_firmware_runs_the_app_from_romfs():
    """Nothing of ours is frozen into the stock build: the console it runs is the ROMFS image's."""
    port = ready("qemu-romfs")
    out = port.run([[b"seed 4"]])[0]
    assert out == ['{"ok":true,"seed":4}']
    with open(micropython_builds.qemu_firmware(False), "rb") as f:
        assert b"engine/core/protocol" not in f.read()
    with open(micropython_builds.qemu_firmware(True), "rb") as f:
        assert b"engine/core/protocol" in f.read()


def test_a_frozen_build_makes_no_names_at_run_time():
    """Every request of the docs in one console on the frozen build interns no name into the
    heap: the names its imports and its one-character strings make are in the firmware's ROM
    (frozen_names.py, host_tools/building/frozen_names.py says why).  The code running the console makes
    its own few, the same with no request at all."""
    port = ready("unix32-frozen")
    code = ("import micropython, sys\nfrom firmware import console\nconsole._import_core()\n"
            "from firmware.lines import serve\n"
            "serve(console._start(None, None)[0], sys.stdin.buffer, sys.stdout.buffer)\n"
            "print('@names')\nmicropython.qstr_info(1)\n")

    def names(requests):
        p = port.run_code(code, heap=512 * 1024, data=b"".join(r + b"\n" for r in requests))
        out = p.stdout.decode()
        assert "@names" in out, p.stderr.decode()[-300:]
        return sorted(l for l in out.split("@names")[1].splitlines() if l.startswith("Q("))

    everything = [r for s in SESSIONS for r in s]
    assert names(everything) == names([])


def test_qemu_runs_a_program_with_its_stdin_and_heap():
    """A program on qemu (what the frozen tour's budget runs there): its stdin read from the
    ROMFS image, its heap cut to what it is given, an exception its stderr and a failure."""
    port = ready("qemu-frozen")
    code = ("import gc, sys\ngc.collect()\nprint(sys.stdin.buffer.read().decode().upper(), "
            "gc.mem_free() < 16 * 1024)\n")
    p = port.run_code(code, heap=16 * 1024, data=b"seed 4\n")
    assert (p.returncode, p.stdout) == (0, b"SEED 4\n True\n"), p.stderr
    p = port.run_code("x = bytearray(24 * 1024)\n", heap=16 * 1024)
    assert p.returncode == 1 and b"MemoryError" in p.stderr
