"""Random keys through every screen at small heaps, through the device loop's fault handling
(issue 42): seeded and repeatable (the keys and the dice), with a state file and a data folder,
the serial link answering between keys.  0 exceptions out of the loop, 0 "nothing changed"
after a key whose change was saved, every such key saying it was saved, one reply per request.
A short sweep here (its first one said "nothing changed" after a saved draw at key 753, before);
`make bench` runs the long one (host_tools/benches/key_sweep.py)."""

import pytest

from host_tools.benches import key_sweep

SWEEPS = [("190K", 3, 800), ("200K", 6, 600), ("230K", 1, 500)]


@pytest.mark.parametrize("heap,seed,keys", SWEEPS, ids=["%s-seed%d" % s[:2] for s in SWEEPS])
def test_random_keys_at_small_heaps(heap, seed, keys):
    got, faults, out = key_sweep.run(heap, seed, keys)
    assert got is not None, out[-2000:]
    assert faults == [], faults[:5]
    assert got["escaped"] == got["lies"] == got["unsaid"] == got["bad_replies"] == 0, got
    assert got["saves"] > 10 and got["requests"] == keys // 7 + (keys % 7 > 3), got
