"""The web page's storage (firmware/keystore.py) on CPython, with a dict in place of localStorage:
the engine's record in two keys written alternately, as the boards write their two files."""

import json

from engine.core import protocol, record
from engine.core.jsonline import Reply
from engine.core.session import Session
from firmware.keystore import KeyBlob, KeyStore
from firmware.prefs import Prefs


class Local:
    """localStorage's getItem/setItem over a dict, as the page's wrapper behaves: setItem returns
    "" once stored, or why not (`refuse` set: a full storage)."""

    def __init__(self):
        self.items = {}
        self.refuse = None
        self.writes = []

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.refuse:
            return self.refuse
        self.items[key] = value
        self.writes.append(key)
        return ""


def ask(session, line):
    r = Reply()
    protocol.handle(session, line.encode(), r)
    return json.loads(bytes(r.buf[:r.n]))


def test_frames_go_to_the_two_keys_in_turn_and_a_reload_resumes_the_newest():
    kv = Local()
    s = Session(1, KeyStore(kv))
    for n in range(1, 5):
        assert ask(s, "so +1")["so"] == n
        assert ask(Session(2, KeyStore(kv)), "so")["so"] == n  # a reload after each action
    assert kv.writes == ["tal.state", "tal.state.1"] * 2
    # each key holds one whole frame, as base64 text
    for key in ("tal.state", "tal.state.1"):
        record.unframe(__import__("binascii").a2b_base64(kv.items[key]))


def test_a_damaged_key_leaves_the_previous_state():
    kv = Local()
    s = Session(1, KeyStore(kv))
    ask(s, "so +1")
    ask(s, "so +1")  # the newest frame is in tal.state.1
    kv.items["tal.state.1"] = kv.items["tal.state.1"][:-8] + "AAAAAAA="  # CRC broken
    s2 = Session(2, KeyStore(kv))
    assert ask(s2, "so")["so"] == 1
    assert s2.notice is None
    kv.items["tal.state"] = "not base64 at all!"
    s3 = Session(3, KeyStore(kv))
    assert "unreadable" in s3.notice  # something was stored and nothing could be read: said
    assert ask(s3, "so")["so"] == 0


def test_a_write_the_browser_refuses_is_a_refused_action_and_changes_nothing():
    kv = Local()
    s = Session(1, KeyStore(kv))
    ask(s, "so +2")
    kv.refuse = "QuotaExceededError: the quota has been exceeded"
    reply = ask(s, "so +1")
    assert reply["ok"] is False and "browser refused" in reply["msg"]
    assert ask(s, "so")["so"] == 2
    kv.refuse = None
    assert ask(Session(2, KeyStore(kv)), "so")["so"] == 2


def test_settings_under_their_own_key():
    kv = Local()
    p = Prefs(KeyBlob(kv))
    p.set("bright", 1)
    assert "tal.prefs" in kv.items
    assert Prefs(KeyBlob(kv)).get("bright") == 1
    assert Prefs(KeyBlob(Local())).notice is None  # nothing stored yet: defaults, silently


def test_newest_is_what_export_writes():
    kv = Local()
    s = Session(1, KeyStore(kv))
    assert KeyStore(kv).newest() is None
    ask(s, "so +3")
    seq, fmt, payload = KeyStore(kv).newest()
    assert fmt == record.FORMAT and record.decode(payload)[0] == s.vals


def test_the_newer_copy_wins_when_the_browser_lost_its_localstorage():
    """After a killed browser, localStorage may hold older frames than IndexedDB (`mirror`): the
    store resumes from the newest frame of either copy, and writes on from there."""
    kv = Local()
    s = Session(1, KeyStore(kv))
    ask(s, "so +1")
    stale = dict(kv.items)  # what localStorage had on the disk when the browser was killed
    ask(s, "so +1")
    ask(s, "so +1")
    disk = dict(kv.items)
    kv.items = stale
    kv.mirror = disk.get
    s2 = Session(2, KeyStore(kv))
    assert ask(s2, "so")["so"] == 3
    ask(s2, "so +1")
    kv.mirror = lambda key: None
    assert ask(Session(3, KeyStore(kv)), "so")["so"] == 4
