"""`python -m host_tools mix CUP --data DIR`: enter a cup's counter mix from the counter sheets.

Reads one kind of counter a line (the words of `mix CUP add`, docs/protocol/cups.md), e.g. for
the Ground Forces cup `3 1-hit`; prompts for them on a terminal.  The lines go through the
engine's own `mix` commands on a session whose data hook writes into DIR, the player's data
folder: a board's `data/` (CircuitPython: the CIRCUITPY drive) or the simulator's own
(`tal-sim.data`, beside its state file).  Nothing is written unless every line is right.
"""

import json
import os
import sys

PROMPT = {"hit": "COUNT HEAVY-SIDE HEAVY-TAG LIGHT-SIDE LIGHT-TAG (e.g. 2 structure* - stress:1 -)",
          "popup": "COUNT COUNTER ATTACK RANGE (e.g. 22 no-enemy - -, 1 tank 1l 0)",
          "ground": "COUNT RESULT (e.g. 3 1-hit)"}


def run(cup, data_dir, inp=sys.stdin, out=sys.stdout, err=sys.stderr):
    """Enter the mix of `cup` from the lines of `inp`; 0 when done, 1 (and why) when refused."""
    from engine.core import protocol
    from engine.core.session import Session
    from firmware.datafiles import reader

    # A PyBadge's data folder: what the badge kept from the table goes into it first (its
    # journal is read before the folder: a cup written here would not be the one it draws from)
    drive = os.path.dirname(os.path.abspath(data_dir))
    if os.path.isfile(os.path.join(drive, "tal-data.bin")):
        from host_tools.board import entries

        entries.write_out(drive, lambda line: out.write(line + "\n"))
    session = Session(0)
    session.data = reader(None, data_dir)

    def ask(line):
        r = json.loads(protocol.reply(session, line.encode()))
        if not r["ok"]:
            err.write("%s: %s\n" % (line, r["msg"]))
        return r

    tty = hasattr(inp, "isatty") and inp.isatty()
    if cup not in PROMPT:
        return 0 if ask("mix %s" % cup)["ok"] else 1  # (the engine's one line says why)
    if tty:
        out.write("One kind of counter a line: %s; an empty line ends.\n" % PROMPT[cup])
    started = False  # the mix is begun (a file written) at the first kind, not before
    for line in inp:
        line = line.strip()
        if not line:
            if tty:
                break
            continue
        if line.startswith("#"):
            continue
        if not started:
            if not ask("mix %s new" % cup)["ok"]:
                return 1
            started = True
        if not ask("mix %s add %s" % (cup, line))["ok"]:
            ask("mix %s cancel" % cup)
            return 1
    if not started:
        err.write("no kind of counter given (%s): nothing written\n" % PROMPT[cup])
        return 1
    r = ask("mix %s done" % cup)
    if not r["ok"]:
        return 1
    out.write("%s cup: %d counters, written to %s/%s\n" % (cup, r["counters"], data_dir,
                                                            r["file"][5:]))
    return 0
