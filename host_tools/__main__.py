"""`python -m host_tools`: the desktop side of the TAL companion, one command with subcommands.

    validate [FILE...]   check the game data files with the engine's own parsers
    send LINE...         send request lines to a device over USB serial, print the replies
    pull                 copy the saved campaign off a device into a state file
    log STATE            the campaign log sheet (Markdown and CSV) of a state file / command log
    replay LOG           re-run a session from its seed and command log, checking every reply
    mix CUP --data DIR   enter a cup's counter mix from the counter sheets into a data folder
    bench                the figures of `make bench`
    dist                 build dist/ (`make dist`)
    deploy               put dist/ on a board (`make deploy`)

Every subcommand has --help.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _fail(msg, code=1):
    sys.stderr.write("error: %s\n" % msg)
    return code


def cmd_validate(a):
    from host_tools.desk import validate

    bad = validate.run(a.files, as_name=a.as_name)
    if bad:
        sys.stderr.write("%d data file(s) failed\n" % bad)
    return 1 if bad else 0


def cmd_mix(a):
    from host_tools.desk import mix

    return mix.run(a.cup, a.data)


def _link(a):
    from host_tools.board import link

    return link.connect(a.port, a.baud, a.timeout)


def cmd_send(a):
    from host_tools.board.link import LinkError

    lines = a.lines or [l.rstrip("\n") for l in sys.stdin]
    try:
        ln = _link(a)
    except LinkError as e:
        return _fail(str(e))
    try:
        for line in lines:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            sys.stdout.write(ln.ask_raw(line) + "\n")
            sys.stdout.flush()
    except LinkError as e:
        return _fail(str(e))
    finally:
        ln.close()
    return 0


def cmd_pull(a):
    from host_tools.board import pull
    from host_tools.board.link import LinkError
    from host_tools.board.mpremote import Mpremote, MpremoteError

    try:
        if a.via == "mpremote":
            image = pull.via_mpremote(Mpremote(a.port), a.remote_path)
        else:
            ln = _link(a)
            try:
                image = pull.via_link(ln)
            finally:
                ln.close()
        pull.save(image, a.output)
    except (pull.PullError, LinkError, MpremoteError) as e:
        return _fail(str(e))
    print("%s: %s" % (a.output, pull.summary(image)))
    print("carry on at the desk with: make console STATE=%s" % a.output)
    return 0


def cmd_log(a):
    from host_tools.desk import logsheet

    try:
        sheet = logsheet.build(a.state, a.commands, data_dir=a.data)
    except logsheet.SheetError as e:
        return _fail(str(e))
    md = logsheet.markdown(sheet)
    csv_text = logsheet.csv_text(sheet)
    for path, text, nl in ((a.md, md, None), (a.csv, csv_text, "")):
        if path:
            try:
                with open(path, "w", newline=nl, encoding="utf-8") as f:
                    f.write(text)
            except OSError as e:
                return _fail("cannot write %s: %s" % (path, e.strerror or e))
    if not a.md and not a.csv:
        sys.stdout.write(md)
    else:
        for p in (a.md, a.csv):
            if p:
                print("wrote %s" % p)
    return 0


def cmd_replay(a):
    from host_tools.desk import cmdlog, consoles, replay

    try:
        events = cmdlog.read(a.log)
        result = replay.replay(events, seed=a.seed, state=a.state, on=a.on, heap=a.heap,
                               data_dir=a.data)
    except (cmdlog.LogError, consoles.ConsoleError) as e:
        return _fail(str(e))
    replay.render(result, sys.stdout, quiet=a.quiet)
    return 0 if result.ok else 1


def cmd_bench(a):
    from host_tools.benches import bench

    bench.report(quick=a.quick)
    return 0


def cmd_dist(a):
    from host_tools.building import dist

    try:
        dist.build()
    except dist.DistError as e:
        return _fail(str(e))
    return 0


def cmd_deploy(a):
    from host_tools.board import deploy

    try:
        deploy.deploy(mount=a.mount, port=a.port, replace_data=a.replace_data,
                      restart=not a.no_restart)
    except deploy.DeployError as e:
        return _fail(str(e))
    return 0


def _serial_args(p, need_port=True):
    p.add_argument("--port", required=need_port,
                   help="the device's serial port (/dev/ttyACM1, COM5; CircuitPython: the second "
                        "of its two ports, the data one)")
    p.add_argument("--baud", type=int, default=115200, help="baud rate (USB ignores it)")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for each reply")


def parser():
    """The argparse parser of `python -m host_tools`."""
    top = argparse.ArgumentParser(prog="python -m host_tools",
                                  description="Desktop tools for the TAL companion device.")
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("validate", help="check game data files with the engine's parsers",
                       description="Check every shipped data file under data/ (or the FILEs given) "
                                   "with the engine's own parsers. Prints each file checked; an "
                                   "error names the file, the line and the bad value, and the "
                                   "exit status is 1.")
    p.add_argument("files", nargs="*", metavar="FILE")
    p.add_argument("--as", dest="as_name", metavar="NAME",
                   help="check FILE as this data file (e.g. tal/hit_cup.txt) whatever its path")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("send", help="send request lines to a device, print its replies",
                       description="Send protocol request lines (arguments, or stdin one per line) "
                                   "over USB serial and print each reply line.")
    _serial_args(p)
    p.add_argument("lines", nargs="*", metavar="LINE", help='a request, e.g. "roll 3d10"')
    p.set_defaults(func=cmd_send)

    p = sub.add_parser("pull", help="copy the saved campaign off a device",
                       description="Fetch the state record from a device and write it as a state "
                                   "file that the consoles open (make console STATE=FILE). "
                                   "'serial' uses the line protocol (any board running the app); "
                                   "'mpremote' copies the state file off a MicroPython board.")
    _serial_args(p)
    p.add_argument("--via", choices=("serial", "mpremote"), default="serial")
    p.add_argument("--remote-path", default="tal.state",
                   help="the state file on a MicroPython board (--via mpremote; the Pico's is "
                        "tal.state)")
    p.add_argument("-o", "--output", default="tal.state", help="where to write it")
    p.set_defaults(func=cmd_pull)

    p = sub.add_parser("log", help="the campaign log sheet as Markdown and CSV",
                       description="Lay out a campaign like the rulebook's player log sheet: days, "
                                   "missions, SO spent and gained, VP, pilots' stress and XP, "
                                   "aircraft damage. STATE is a state file (console STATE= or "
                                   "pull); with --commands, the day-by-day rows come from "
                                   "replaying that command log.")
    p.add_argument("state", nargs="?", help="state file (the current campaign)")
    p.add_argument("--commands", metavar="LOG", help="command log (console --log=...)")
    p.add_argument("--md", metavar="FILE", help="write the Markdown sheet here")
    p.add_argument("--csv", metavar="FILE", help="write the CSV sheet here")
    p.add_argument("--data", metavar="DIR", help="data files to use (default: data/)")
    p.set_defaults(func=cmd_log)

    p = sub.add_parser("replay", help="re-run a session from its seed and command log",
                       description="Replay a command log (written by the console's --log=FILE, or "
                                   "a plain file of requests) from its seed, print the replies as "
                                   "a transcript and check each against the logged one. Exit "
                                   "status 1 if any differs.")
    p.add_argument("log", metavar="LOG")
    p.add_argument("--seed", type=int, help="start a fresh session with this seed (a log "
                                            "without '# seed N')")
    p.add_argument("--state", metavar="FILE", help="start from this state file instead")
    p.add_argument("--on", choices=("here", "cpython", "micropython"), default="here",
                   help="replay in this process (default), or through the console on CPython or "
                        "the MicroPython unix port")
    p.add_argument("--heap", default="64K", help="MicroPython heap for --on micropython")
    p.add_argument("--data", metavar="DIR", help="data files to use (default: data/)")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the differences")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("mix", help="enter a cup's counter mix (one kind of counter a line)",
                       description="Enter a cup's counters from the counter sheets, one kind a "
                       "line (the words of 'mix CUP add', docs/protocol/cups.md), into a data "
                       "folder: a board's data/ or the simulator's tal-sim.data.")
    p.add_argument("cup", choices=("hit", "popup", "ground"))
    p.add_argument("--data", default="tal-sim.data",
                   help="the player's data folder to write (default: the simulator's)")
    p.set_defaults(func=cmd_mix)

    p = sub.add_parser("bench", help="heap, code size and speed figures (make bench)",
                       description="Measure the smallest MicroPython heap for the transcripts, "
                                   ".mpy sizes, dice speed, boot cost, and the campaign and app "
                                   "figures when those exist. Figures, not pass/fail.")
    p.add_argument("--quick", action="store_true",
                   help="every section, quicker: RAM figures to 8 steps, the flash wear trials with "
                        "600 saves, not 6000, and the tour on one layout (the tests' run)")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("dist", help="build dist/ for both boards (make dist)",
                       description="Build dist/circuitpython/ (copy onto CIRCUITPY), its zip, "
                                   "and dist/micropython/ (.mpy tree and main.py).")
    p.set_defaults(func=cmd_dist)

    p = sub.add_parser("deploy", help="put dist/ on a board (make deploy)",
                       description="Copy dist/ to a CircuitPython board's CIRCUITPY drive "
                                   "(--mount) or a MicroPython board over mpremote (--port). Never "
                                   "writes the saved campaign nor a data file you edited on the "
                                   "board; refuses a target that does not look like the board.")
    p.add_argument("--mount", help="the mounted CIRCUITPY drive (CircuitPython)")
    p.add_argument("--port", help="the serial port of a MicroPython board")
    p.add_argument("--replace-data", action="store_true",
                   help="overwrite data files on the board even if they were edited there")
    p.add_argument("--no-restart", action="store_true",
                   help="do not reset a MicroPython board after copying")
    p.set_defaults(func=cmd_deploy)
    return top


def main(argv=None):
    a = parser().parse_args(argv)
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())
