"""Device settings: saved as a checked blob; an unreadable one is reported, never used silently."""

from firmware import prefs as P


def test_defaults_and_round_trip():
    blob = P.MemoryBlob()
    p = P.Prefs(blob)
    assert p.notice is None and blob.data is None  # nothing written until something changes
    assert p.brightness() == 80 and p.dim_ms() == 60000 and not p.seeded()
    p.step("bright", 1)
    p.set("dice", 1)
    q = P.Prefs(blob)
    assert q.brightness() == 100 and q.seeded() and q.notice is None
    p.step("bright", 1)  # wraps around
    assert P.Prefs(blob).brightness() == 20


def test_a_damaged_blob_gives_defaults_and_a_notice():
    blob = P.MemoryBlob()
    p = P.Prefs(blob)
    p.set("sound", 0)
    data = bytearray(blob.data)
    data[3] ^= 1
    q = P.Prefs(P.MemoryBlob(bytes(data)))
    assert q.notice and "unreadable" in q.notice
    assert q.get("sound") == 1  # the default


def test_blank_storage_is_not_an_error():
    for blank in (b"", b"\xff" * P.SIZE, b"\x00" * P.SIZE, None):
        assert P.Prefs(P.MemoryBlob(blank)).notice is None


def test_out_of_range_values_are_refused():
    p = P.Prefs(P.MemoryBlob())
    b = bytearray(p.dump())
    b[3 + 1] = 99  # brightness index
    b[-1] = P._check(b, P.SIZE - 1)
    q = P.Prefs(P.MemoryBlob(bytes(b)))
    assert q.notice and q.brightness() == 80


class CountingNvm(bytearray):
    writes = 0

    def __setitem__(self, k, v):
        CountingNvm.writes += 1
        super().__setitem__(k, v)


def test_nvm_blob_writes_only_on_change():
    nvm = CountingNvm(8192)
    blob = P.NvmBlob(nvm, 4096)
    p = P.Prefs(blob)
    p.set("sound", 0)
    n = CountingNvm.writes
    p.set("sound", 0)  # the same value: flash untouched
    assert CountingNvm.writes == n
    assert P.Prefs(P.NvmBlob(nvm, 4096)).get("sound") == 0


def test_file_blob(tmp_path):
    path = str(tmp_path / "x.prefs")
    p = P.Prefs(P.FileBlob(path))
    p.set("dim", 5)
    assert P.Prefs(P.FileBlob(path)).dim_ms() == 0
