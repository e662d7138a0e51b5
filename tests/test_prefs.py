"""Device settings: saved as a checked blob; an unreadable one is reported, never used silently."""

from firmware import prefs


def test_defaults_and_round_trip():
    blob = prefs.MemoryBlob()
    p = prefs.Prefs(blob)
    assert p.notice is None and blob.data is None  # nothing written until something changes
    assert p.brightness() == 80 and p.dim_ms() == 60000 and not p.seeded()
    p.step("bright", 1)
    p.set("dice", 1)
    q = prefs.Prefs(blob)
    assert q.brightness() == 100 and q.seeded() and q.notice is None
    p.step("bright", 1)  # wraps around
    assert prefs.Prefs(blob).brightness() == 20


def test_a_damaged_blob_gives_defaults_and_a_notice():
    blob = prefs.MemoryBlob()
    p = prefs.Prefs(blob)
    p.set("sound", 0)
    data = bytearray(blob.data)
    data[3] ^= 1
    q = prefs.Prefs(prefs.MemoryBlob(bytes(data)))
    assert q.notice and "unreadable" in q.notice
    assert q.get("sound") == 1  # the default


def test_blank_storage_is_not_an_error():
    for blank in (b"", b"\xff" * prefs.SIZE, b"\x00" * prefs.SIZE, None):
        assert prefs.Prefs(prefs.MemoryBlob(blank)).notice is None


def test_out_of_range_values_are_refused():
    p = prefs.Prefs(prefs.MemoryBlob())
    b = bytearray(p.dump())
    b[3 + 1] = 99  # brightness index
    b[-1] = prefs._check(b, prefs.SIZE - 1)
    q = prefs.Prefs(prefs.MemoryBlob(bytes(b)))
    assert q.notice and q.brightness() == 80


class CountingNvm(bytearray):
    writes = 0

    def __setitem__(self, k, v):
        CountingNvm.writes += 1
        super().__setitem__(k, v)


def test_nvm_blob_writes_only_on_change():
    nvm = CountingNvm(8192)
    blob = prefs.NvmBlob(nvm, 4096)
    p = prefs.Prefs(blob)
    p.set("sound", 0)
    n = CountingNvm.writes
    p.set("sound", 0)  # the same value: flash untouched
    assert CountingNvm.writes == n
    assert prefs.Prefs(prefs.NvmBlob(nvm, 4096)).get("sound") == 0


def test_file_blob(tmp_path):
    path = str(tmp_path / "x.prefs")
    p = prefs.Prefs(prefs.FileBlob(path))
    p.set("dim", 5)
    assert prefs.Prefs(prefs.FileBlob(path)).dim_ms() == 0
