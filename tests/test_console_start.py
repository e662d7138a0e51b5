"""Starting and stopping the consoles and the simulator as a new user does: `make console`,
`make console-mpy`, `make run` (terminal and window).  Ctrl-C (SIGINT to the whole process
group, as a terminal sends it) quits without a traceback; a STATE or LOG path that cannot be
written is one line naming the path and why, before any request is answered."""

import os
import select
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, as_in_a_terminal, console_cmd


def _spawn(argv, env=None, cwd=ROOT):
    e = dict(os.environ, PYTHONFAULTHANDLER="1")
    e.update(env or {})
    return subprocess.Popen(argv, cwd=cwd, env=e, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=as_in_a_terminal)


def _wait_for(p, marker, timeout=60):
    """Read stdout and stderr until `marker` shows; return what was read."""
    seen = b""
    end = time.time() + timeout
    while marker not in seen:
        assert time.time() < end and p.poll() is None, seen.decode(errors="replace")
        ready, _, _ = select.select([p.stdout, p.stderr], [], [], 0.2)
        for f in ready:
            seen += os.read(f.fileno(), 65536)
    return seen


def _ctrl_c(p, seen):
    time.sleep(0.2)  # let it block on its input or in its loop again
    os.killpg(p.pid, signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # where it hangs: SIGABRT has faulthandler print the stacks
        os.killpg(p.pid, signal.SIGABRT)
        try:
            out, err = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
        pytest.fail("still running 30 s after Ctrl-C:\n" + (seen + out + err).decode(
            errors="replace"))
    text = (seen + out + err).decode(errors="replace")
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert "make: ***" not in text, text  # make saw no failure of its command either
    return text


@pytest.mark.parametrize("target", ["console", "console-mpy"])
def test_ctrl_c_quits_a_console_cleanly_and_keeps_state_and_log(target, tmp_path):
    state, log = tmp_path / "c.state", tmp_path / "c.log"
    p = _spawn(["make", "-s", target, "STATE=%s" % state, "LOG=%s" % log])
    p.stdin.write(b"seed 1\nseed 2\n")  # (dice only: make console-mpy's 64K heap holds them)
    p.stdin.flush()
    seen = _wait_for(p, b'"seed":2}')
    _ctrl_c(p, seen)
    assert log.read_text().splitlines()[-1] == '< {"ok":true,"seed":2}'
    from engine.core import record
    from firmware.storage import FileStore

    assert record.best(FileStore(str(state)).frames()) is not None


@pytest.mark.parametrize("front", ["terminal", "window"])
def test_ctrl_c_quits_the_simulator_cleanly(front, tmp_path):
    if front == "terminal":
        env, marker = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}, b"keys> "
    else:
        env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        marker = b"Ctrl+Q to quit"
    p = _spawn(["make", "-s", "run", "STATE=%s" % (tmp_path / "sim.state")], env)
    _ctrl_c(p, _wait_for(p, marker))


def test_both_banners_say_how_to_get_help():
    for target in ("console", "console-mpy"):
        p = subprocess.run(["make", "-s", target], cwd=ROOT, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=120)
        assert p.returncode == 0, p.stderr
        assert "Type 'help'" in p.stderr.decode().splitlines()[0], (target, p.stderr)


BAD_PATHS = [
    ("/no/such/dir/x.{}", "no such directory"),
    ("/dev/full", "no space"),
    ("{tmp}/file/x.{}", "not a directory"),
    ("{tmp}", "is a directory"),
]


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
@pytest.mark.parametrize("what", ["state", "log"])
@pytest.mark.parametrize("path, why", BAD_PATHS)
def test_a_path_that_cannot_be_written_is_one_line_before_any_request(kind, what, path, why,
                                                                     tmp_path):
    if what == "state" and path == "/dev/full":
        pytest.skip("a device as the state file: its space shows only when a record is written")
    (tmp_path / "file").write_text("a file, not a directory")
    path = path.format(what, tmp=tmp_path)
    argv, cwd, env = console_cmd(kind)
    argv += [path] if what == "state" else ["--log=%s" % path]
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"seed 1\n", capture_output=True,
                       timeout=120)
    err = p.stderr.decode()
    assert p.returncode == 1 and p.stdout == b"", (p.returncode, p.stdout, err)
    lines = err.splitlines()
    assert len(lines) == 1 and path in lines[0] and why in lines[0], err
    assert ("state file" if what == "state" else "command log") in lines[0]


def test_make_console_with_a_bad_log_path_names_it(tmp_path):
    p = subprocess.run(["make", "-s", "console", "LOG=/no/such/dir/x.log"], cwd=ROOT,
                       input=b"seed 1\n", capture_output=True, timeout=120)
    err = p.stderr.decode()
    assert "Traceback" not in err and p.stdout == b""
    assert "/no/such/dir/x.log: no such directory" in err, err


def test_a_state_file_is_not_left_behind_by_the_start_up_check(tmp_path):
    state = tmp_path / "new.state"
    argv, cwd, env = console_cmd("micropython", heap="128K", state=str(state))
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"state\n", capture_output=True,
                       timeout=120)
    assert p.returncode == 0 and not state.exists()  # a query writes nothing
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"so +1\n", capture_output=True,
                       timeout=120)
    assert state.exists()


@pytest.mark.parametrize("args", [["--bogus"], ["a.state", "b.state"], ["--log="]])
def test_a_bad_console_argument_is_a_usage_line(args, tmp_path):
    argv, cwd, env = console_cmd("cpython")
    p = subprocess.run(argv + args, cwd=tmp_path, env=dict(env, PYTHONPATH=ROOT),
                       input=b"seed 1\n", capture_output=True, timeout=60)
    lines = p.stderr.decode().splitlines()
    assert p.returncode == 2 and len(lines) == 1 and lines[0].startswith("usage: "), lines


def test_both_state_files_are_checked_at_start_and_a_failed_save_names_its_file(tmp_path):
    """The state lives in PATH and PATH.1: either one unwritable is said at start, naming it; a
    save that fails later names the file too."""
    (tmp_path / "s.1").mkdir()
    argv, cwd, env = console_cmd("cpython", state=str(tmp_path / "s"))
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"seed 1\n", capture_output=True, timeout=60)
    assert p.returncode == 1 and not p.stdout
    assert p.stderr.decode() == "cannot use the state file %s: is a directory\n" % (
        tmp_path / "s.1")
    from engine.core import protocol
    from engine.core.session import Session
    from firmware.storage import FileStore

    (tmp_path / "s.1").rmdir()
    s = Session(1, FileStore(str(tmp_path / "s")))
    protocol.reply(s, b"seed 2")  # written to s
    (tmp_path / "s.1").mkdir()
    assert protocol.reply(s, b"seed 3") == (
        '{"ok":false,"error":"state","msg":"not saved, nothing changed: %s: is a directory"}'
        % (tmp_path / "s.1"))


@pytest.mark.parametrize("kind", ["cpython", "micropython"])
def test_a_closed_output_stops_the_console_without_a_traceback(kind, tmp_path):
    """The replies' reader going away (`| head -1`) stops the console quietly; started with its
    standard output closed, it says so in one line."""
    argv, cwd, env = console_cmd(kind, heap="128K", state=str(tmp_path / "s"))
    p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()  # nothing read: the pipe is closed at once
    _, err = p.communicate(b"roll d10\n" * 20000, timeout=120)
    assert p.returncode == 1 and err == b"", err
    p = subprocess.run(argv, cwd=cwd, env=env, input=b"so +1\n", stderr=subprocess.PIPE,
                       preexec_fn=lambda: os.close(1), timeout=60)
    err = p.stderr.decode()
    assert p.returncode == 1 and err.count("\n") == 1 and "Traceback" not in err, err


def test_make_run_with_a_state_path_it_cannot_write_names_it():
    p = subprocess.run(["make", "-s", "run", "STATE=/no/such/dir/x.state"], cwd=ROOT,
                       env=dict(os.environ, DISPLAY="", WAYLAND_DISPLAY=""), input=b"q\n",
                       capture_output=True, timeout=120)
    err = p.stderr.decode()
    assert "Traceback" not in err
    assert "cannot use the state file /no/such/dir/x.state: no such directory" in err, err
