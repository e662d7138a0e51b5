"""The undo log changed in place (`engine.core.undolog`): against a plain model of the steps, through
long lines that outgrow its buffer, drops of the oldest steps, undos, aborted changes (refused,
failed saves) and restarts, the session keeps exactly the steps and fields it acknowledged."""

import random

import pytest

from engine.core import protocol, record, undolog
from engine.core.layout import COUNT, UNDO_DEPTH, UNDO_MAX
from engine.core.session import Session


class MemStore:
    """A store in RAM whose next writes can be made to fail."""

    limit = 0xFFFF
    notice = None

    def __init__(self):
        self.frame = None
        self.fail = False

    def frames(self):
        return [self.frame] if self.frame else []

    def had_data(self):
        return self.frame is not None

    def write(self, pieces):
        if self.fail:
            raise OSError("store full")
        self.frame = b"".join(bytes(p) for p in pieces)


def steps_of(s):
    return [(bytes(line), [tuple(d) for d in diffs])
            for line, diffs in record.undo_steps(bytes(s.undo_log()), s.undo_steps)]


def change(s, rnd, n):
    line = ("set %d " % n + "x" * rnd.choice((0, 5, 60, 190))).encode()[:200]
    s.begin()
    for _ in range(rnd.choice((0, 1, 3, 40, COUNT))):
        s.vals[rnd.randrange(COUNT)] = rnd.randrange(-32768, 32768)
    return line


@pytest.mark.parametrize("seed", range(6))
def test_the_log_matches_a_model_through_every_kind_of_change(seed):
    rnd = random.Random(seed)
    store = MemStore()
    s = Session(seed, store)
    model = []  # (line, fields before it), oldest first
    for n in range(700):
        op = rnd.random()
        if op < 0.6:
            before = list(s.vals)
            line = change(s, rnd, n)
            store.fail = rnd.random() < 0.15
            try:
                s.commit(line)
            except OSError:
                s.abort()
                assert list(s.vals) == before
            else:
                model.append((line, before))
        elif op < 0.75:  # a refused change: begun, then aborted: nothing changed, log included
            before = s.payload()
            change(s, rnd, n)
            s.abort()
            assert s.payload() == before
        elif op < 0.95:
            before = list(s.vals)
            s.begin(rnd.random() < 0.5)  # False as the protocol does: undo_last snapshots
            store.fail = rnd.random() < 0.15
            line = s.undo_last()
            try:
                s.commit(b"undo", undoable=False)
            except OSError:
                s.abort()
                assert list(s.vals) == before
            else:
                if model:
                    assert line == model[-1][0]
                    assert list(s.vals) == model.pop()[1]
                else:
                    assert line is None
        else:  # a restart from the store
            store.fail = False
            s = Session(0, store)
        # The session may keep fewer steps than the model (the oldest dropped), never others.
        got = steps_of(s)
        kept = model[len(model) - len(got):] if got else []
        assert [line for line, _ in got] == [line for line, _ in kept]
        assert len(got) <= UNDO_MAX
        assert len(got) >= min(len(model), UNDO_DEPTH) or len(store.frame or b"") > 1536
        del model[:len(model) - len(got)]
        # What is in RAM is what is stored.
        if store.frame:
            assert record.unframe(store.frame)[2] == s.payload()
    # Undo everything that is left, in order.
    while model:
        assert s.undo_last() == model[-1][0]
        assert list(s.vals) == model.pop()[1]
    assert s.undo_last() is None


def test_past_32_steps_the_log_keeps_to_its_buffer():
    """Without a store (the console), past UNDO_DEPTH steps the oldest go as each step is written
    so that the log stays in its CAPACITY bytes with ROOM free: the buffer is made once, never
    grown.  The steps
    are the size of the transcripts' (about 28 bytes: a 20-byte line, one or two fields)."""
    s = Session(1)
    for i in range(3 * UNDO_MAX):
        s.begin()
        s.vals[i % COUNT] += 1
        s.commit(b"step %d " % i + b"x" * 10)
        assert len(s.undo) == undolog.CAPACITY
    assert UNDO_DEPTH < s.undo_steps < UNDO_MAX
    assert s.undo_hi - s.undo_lo + undolog.ROOM > undolog.CAPACITY - 16  # nearly full: no waste
    for i in reversed(range(3 * UNDO_MAX - s.undo_steps, 3 * UNDO_MAX)):
        assert s.undo_last() == b"step %d " % i + b"x" * 10


def test_a_refused_request_past_the_undo_depth_changes_nothing():
    """Past UNDO_DEPTH steps, with the log nearly full, a request refused after its `begin` keeps
    every step: the oldest are dropped when a step is written, not when a change begins."""
    s = Session(1)
    for i in range(3 * UNDO_MAX):
        s.begin()
        s.vals[i % COUNT] += 1
        s.commit(b"step %d" % i)
        before = s.payload()
        assert protocol.reply(s, b"reset x").startswith('{"ok":false')  # begun, then refused
        s.begin()
        s.vals[0] += 1
        s.abort()
        assert s.payload() == before, i


def test_long_steps_grow_the_buffer_and_an_abort_keeps_the_old_one():
    s = Session(1, MemStore())
    for i in range(UNDO_DEPTH):
        s.begin()
        for f in range(COUNT):
            s.vals[f] = i * 7 + f
        s.commit(b"%d " % i + b"y" * 190)
    assert len(s.undo) > undolog.CAPACITY
    log, steps = bytes(s.undo_log()), s.undo_steps
    s.begin()
    for f in range(COUNT):
        s.vals[f] = -f
    s.store.fail = True
    with pytest.raises(OSError):
        s.commit(b"z" * 200)
    s.abort()
    assert bytes(s.undo_log()) == log and s.undo_steps == steps


def test_a_damaged_payload_changes_nothing_in_the_session():
    s = Session(3, MemStore())
    s.begin()
    s.vals[5] = 9
    s.commit(b"vp +9")
    payload = s.payload()
    t = Session(4)
    before = (list(t.vals), t.rng.get_state(), t.undo_steps, t.changes)
    for cut in range(len(payload)):
        with pytest.raises(record.RecordError):
            t.restore(payload[:cut])
        assert (list(t.vals), t.rng.get_state(), t.undo_steps, t.changes) == before
    t.restore(payload)
    assert t.payload() == payload and t.undo_last() == b"vp +9"


def test_undo_and_reset_snapshot_the_fields_only_to_change_them():
    s = Session(1, MemStore())
    assert protocol.reply(s, b"undo") == \
        '{"ok":false,"error":"state","msg":"nothing to undo"}'
    assert s._snap is None  # no 636-byte snapshot for nothing: docs/HOST_TOOLS.md, RAM tricks
    s.begin()
    s.vals[3] = 7
    s.commit(b"vp +7")
    s.store.fail = True
    for line in (b"undo", b"reset 4"):  # the save fails: the fields they changed come back
        assert protocol.reply(s, line).startswith('{"ok":false,"error":"state","msg":"not saved')
        assert s.vals[3] == 7 and s.undo_steps == 1 and s.rng.seed_value == 1
    s.store.fail = False
    assert protocol.reply(s, b"undo") == '{"ok":true,"undone":"vp +7"}' and s.vals[3] == 0
