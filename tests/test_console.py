"""Both consoles: malformed input of every kind gets an error reply, no traceback, and changes
neither the state nor the dice that follow; replies are byte-identical between interpreters."""

import random

from conftest import CORE_HEAP, run_console

BAD = [
    b"roll", b"roll 3d10 extra words here", b"roll 99999999999999999999999999999999d10",
    b"check 999999999999999999999999", b"seed 1073741824", b"nonsense", b"\x00\x01\x02",
    b"roll 3d10\x1b[A", b"roll \xff\xfe", "jet de dé".encode("utf-8"), b"x" * 10240,
    b"roll\t2d10", b"state state", b"tally d10 -5", b"undo 3", b"pick", b"retain 1 2 3",
]


def _session(kind, bad):
    lines = b"seed 31\nroll 2d10\nstate\n" + bad + b"\nstate\nroll 5d10\n"
    return run_console(kind, lines, heap=CORE_HEAP).decode().splitlines()


def test_malformed_lines_get_errors_and_change_nothing(console):
    clean = console(b"seed 31\nroll 2d10\nstate\nstate\nroll 5d10\n", heap=CORE_HEAP).decode()
    clean = clean.splitlines()
    for bad in BAD:
        out = console(b"seed 31\nroll 2d10\nstate\n" + bad + b"\nstate\nroll 5d10\n",
                      heap=CORE_HEAP).decode().splitlines()
        assert len(out) == 6, (bad, out)
        assert out[3].startswith('{"ok":false,"error":"'), (bad, out[3])
        assert out[:3] + out[4:] == clean, bad


def test_long_line_is_refused_whole_and_reading_resumes(console):
    out = console(b"seed 1\n" + b"roll 1d10 " * 2000 + b"\nseed\n").decode().splitlines()
    assert out == ['{"ok":true,"seed":1}',
                   '{"ok":false,"error":"syntax","msg":"line longer than 200 bytes"}',
                   '{"ok":true,"seed":1}']


def test_exactly_200_bytes_is_accepted(console):
    line = b"roll 3d10" + b" +0" * 63 + b" "  # 9 + 189 + 1 = 199 bytes, then one more
    line = line + b" "
    assert len(line) == 200
    out = console(b"seed 1\n" + line + b"\n").decode().splitlines()
    assert out[1].startswith('{"ok":true,"dice"')


def test_crlf_and_no_final_newline(console):
    out = console(b"seed 2\r\nroll d10\r\nseed").decode().splitlines()
    assert out[0] == '{"ok":true,"seed":2}' and out[2] == '{"ok":true,"seed":2}'


def test_random_seeded_sessions_are_byte_identical():
    rnd = random.Random(7)
    words = ["roll 3d10 +1", "roll d6", "check 6 +2", "retain 3 7 -1", "pick 5", "tally d10 50",
             "state", "roll 50d100", "check 11", "undo", "seed", "help", "roll 2d10 =3"]
    for trial in range(5):
        lines = ["seed %d" % rnd.randrange(1 << 30)] + [rnd.choice(words) for _ in range(60)]
        a = run_console("cpython", lines)
        b = run_console("micropython", lines, heap="64K")  # identity, not heap: see test_micropython
        assert a == b, trial


def test_fresh_console_seeds_from_entropy():
    a = run_console("cpython", ["seed"]).decode()
    b = run_console("cpython", ["seed"]).decode()
    c = run_console("micropython", ["seed"]).decode()
    assert len({a, b, c}) == 3  # 1 in 2**30 chance of a false failure


def test_a_lone_carriage_return_ends_a_line_as_enter_does(console):
    """Serial terminals send CR alone for Enter: each line gets its reply, and CRLF one reply."""
    out = console(b"seed 3\rroll d10\r\nseed\rseed 4\n", heap=CORE_HEAP).decode().splitlines()
    assert out[0] == '{"ok":true,"seed":3}' and out[1].startswith('{"ok":true,"dice":')
    assert out[2:] == ['{"ok":true,"seed":3}', '{"ok":true,"seed":4}']


def test_replies_made_in_the_line_buffer_are_the_protocol_replies():
    """Without a log, `serve` makes each reply in the request line's buffer: replies longer than
    it (it grows), a line too long, CR LF endings, then short lines read into it again."""
    import io

    from engine.core import protocol
    from engine.core.session import Session
    from firmware.lines import serve

    lines = [b"seed 4", b"tally d100 1000", b"seed", b"x" * 300, b"roll 2d6 +1", b"tally d100 5",
             b"check 5", b"roll 50d100 -3", b"state", b"undo", b"pick 7"]
    out = io.BytesIO()
    serve(Session(0), io.BytesIO(b"\r\n".join(lines) + b"\r\n"), out)
    ref = Session(0)
    assert out.getvalue().decode().splitlines() == [protocol.reply(ref, l) for l in lines]
    assert len(protocol.reply(Session(4), b"tally d100 1000")) > 201
