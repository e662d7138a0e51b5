"""Every line a screen shows is a sentence a player would say, and fits the screen: the real
screens driven through a tour of every menu entry, page and action of every game at both screen
sizes (host_tools/desk/screen_strings.py collects what they draw), then each string read for the
protocol's words (a command, `key=value`, a field name, `#1`, a `done:` echo) and each frame for
text cut by its box or by the screen's edge."""

import re

import pytest

from host_tools.desk import screen_strings
from host_tools.desk.screen_strings import SIZES, collect_size, leaks


@pytest.fixture(scope="module", params=SIZES, ids=["pybadge", "pico"])
def collected(request):
    return request.param, collect_size(request.param)


def test_no_protocol_words_reach_the_player(collected):
    size, c = collected
    bad = ["%r (%s) at %s" % (text, ", ".join(leaks(text)), shown.where)
           for text, shown in sorted(c.seen.items())
           if leaks(text)]
    assert not bad, "%s:\n" % (size,) + "\n".join(bad)


def test_every_line_fits_the_screen(collected):
    size, c = collected
    assert c.seen  # the tour drew something
    bad = sorted(set("%s at %s" % p for p in c.problems))
    assert not bad, "%s:\n" % (size,) + "\n".join(bad)


def is_sentence(text):
    """A capital (or a number, a die: "d10 6 +1 = 7: ..."), a full stop, a question or an
    exclamation mark last."""
    first = text.split()[0]
    return ((text[:1].isupper() or text[:1].isdigit() or re.match(r"d(6|10)$", first)) and
            text.rstrip()[-1:] in ".?!")


def test_every_result_line_is_a_sentence(collected):
    size, c = collected
    assert len(c.results) > 40  # (the tour's results: every action of every page)
    bad = ["%r at %s" % (text, where) for text, where in sorted(c.results.items())
           if not is_sentence(text)]
    assert not bad, "%s:\n" % (size,) + "\n".join(bad)


@pytest.mark.parametrize("text", ["mission started: target-bound, WP 14",
                                  "weapons: 13 points, SO 20", "turn 1 ended: 4 left",
                                  "drawn: 1 Light, 0 Heavy", "SO 22, VP 4, Day 1"])
def test_the_sentence_check_can_fail(text):
    assert not is_sentence(text)


def test_the_tour_reaches_every_screen_and_the_player_s_states(collected):
    """The collection is the whole app's: each screen's title, the Undo of a purchase, the end
    of a day's rest, a refusal page (a test that read one screen would pass on the others)."""
    _size, c = collected
    wheres = " ".join(s.where for s in c.seen.values())
    for title in ("Check", "Menu", "Cups", "Mission", "Campaign", "Tables", "Undo", "Self-test",
                  "Counter mix", "Settings", "EXP3", "Golan", "End of day", "Refused"):
        assert "/ " + title in wheres, title
    assert "Buying aircraft A-10A" in c.seen
    assert "Undone: buying aircraft A-10A." in c.seen


@pytest.mark.parametrize("text, why", [
    ("die: 3", "a key: value dump"), ("saved: yes", "a key: value dump"),
    ("end: done", "a key: value dump"), ("outcome: quick recovery", "a key: value dump"),
    ("pilots:", "a key over a list"),
    ("  aircraft 1, bingo 6, die 6, stress 0, pilot 1", "a reply object's pairs"),
    ("battalion 13a has its scout today", "a battalion in lower case"),
    ("iraq-1991", "a card's protocol word"), ("surge", "a card's protocol word"),
    ("israeli-1 (i1) MOVES", "a placeholder's protocol word, an id"),
    ("bullet-holes", "a counter's protocol word"), ("stress:1 a-10", "a counter's word"),
    ("attack:-1", "a counter's protocol word"), ("no-stand-off", "a counter's word"),
    ("1 A-10A *", "a mark never explained"), ("pirate is pilot 1", "a name in lower case"),
    ("done: ac set 1 pilot 1", "a request echoed"), ("day +1", "delta"), ("pilot #1", "'#1'"),
    ("2 viper: -0 stress, 0 okay", "minus zero"),
    ("pilot 1, name pirate, stress 1, status okay, xp 1, level average, promoted no", "field"),
    ("record it with 'campaign fail' (or undo)", "command"), ("ac=1", "key=value"),
    ("setup_vp 26", "field name"), ("undone: loiter next", "command"),
])
def test_the_check_knows_the_protocol_s_words(text, why):
    """What the issue's new player read is caught (the check can fail)."""
    assert leaks(text), (text, why)


@pytest.mark.parametrize("text", [
    "Pirate: stress 7, Shaken", "Undone: buying aircraft A-10A", "SO +6, now 20",
    "Aircraft 1, Bingo 6, d10 4: Pirate takes 2 stress.", "Campaign card Iraq 1991",
    "d6 4: Israeli leader 1 moves to hex 0612", "No Stand-Off", "Attack -1",
    "battalion 13A has its scout today", "Squad 1, hex 6", "target-bound vs 11A",
    "Pirate (A-10)", "Engine check", "Day 1 of 3: the missions", "Hits: 39 in, 1 out",
    "record it with 'record failure' (or undo what led here)", "Modifier +0",
])
def test_the_player_s_words_pass(text):
    assert not leaks(text), (text, leaks(text))


def test_the_collection_is_reusable():
    """collect_strings gives {size: {text: Shown}} with the font each string was drawn in (what
    a glyph test renders)."""
    got = screen_strings.collect_strings(sizes=((160, 128),), scripts=[("menu", ("keys t",))],
                                         explore_from=())
    shown = got[(160, 128)]["Counter mix"]
    assert shown.font is not None and shown.box > 0 and "menu" in shown.where


# A counter or a cup in the data files' words, not as printed: the durable mark `*`, a value
# joined by a colon, a hyphenated effect or unit, a `mix` request, the files' status word.
FILE_WORDS = re.compile(r"\*|\b(stress|attack):-?\d|\b(no-effect|no-enemy|no-cannon|no-hover|"
                        r"no-stand-off|no-strike|bullet-holes|aaa-site|1-hit|2-hits)\b|"
                        r"\(mix |\bmix (hit|popup|ground)\b|placeholder")
# Where counters and cups are shown: the screens' titles, and the tour's scripts of the mix.
CUP_SCREENS = re.compile(r"/ (Counter mix|Cups|Hits on aircraft \d+|Pop-Ups drawn)$|"
                         r"^(refused-mix|mix-set-up|mix|mix-confirm|mix-check|campaign-mix) ")


def test_counters_and_cups_are_named_as_printed(collected):
    """The Counter mix and cup screens name the counters as printed: "Stress 1 (not A-10)",
    "Attack -1", "No Stand-Off", never `stress:1 a-10`, `attack:-1`, `no-stand-off` or an
    unexplained `*`; a refusal names the Counter mix screen, not a `mix` request."""
    size, c = collected
    bad = ["%r at %s" % (text, shown.where) for text, shown in sorted(c.seen.items())
           if FILE_WORDS.search(text) and CUP_SCREENS.search(shown.where)]
    assert not bad, "%s:\n" % (size,) + "\n".join(bad)
    wheres = " ".join(s.where for s in c.seen.values())
    for text in ("Kind 1 of 22, as shipped:", "Stress 1 (not A-10)", "Attack -2",
                 "Kind 1 of 10, as shipped:", "Cups to confirm: Hit, Pop-Up"):
        assert any(text in t for t in c.seen), text  # the tour reached the mix's states
    assert "refused-mix" in wheres


@pytest.mark.parametrize("text", ["bullet-holes*", "stress:1 a-10", "attack:-1", "no-stand-off",
                                  "(mix popup)", "placeholder mix data", "2-hits"])
def test_the_file_words_are_caught(text):
    assert FILE_WORDS.search(text), text


@pytest.mark.parametrize("text", ["Bullet Holes", "Stress 1 (not A-10)", "Attack -1",
                                  "No Stand-Off", "AAA Site 3 Light, range 2", "2 Hits",
                                  "Shipped mix, not yours", "Ground Forces cup",
                                  "(on Counter mix, in the menu)"])
def test_the_printed_names_pass(text):
    assert not FILE_WORDS.search(text), text


ONE_PLURAL = re.compile(r"(?<![\d.,+-])\b1 (pilots|scouts|days|turns|mines|enemies|counters|steps|"
                        r"battalions|markers|hits|kinds|aircrafts|levels|rolls)\b")


def test_one_is_said_in_the_singular(collected):
    """"1 pilot", never "1 pilots": the counts a screen says go through ui.count."""
    size, c = collected
    bad = ["%r at %s" % (text, shown.where) for text, shown in sorted(c.seen.items())
           if ONE_PLURAL.search(text)]
    assert not bad, "%s:\n" % (size,) + "\n".join(bad)


def test_count_says_one_in_the_singular():
    from firmware import ui

    assert ui.count(1, "pilot") == "1 pilot" and ui.count(0, "pilot") == "0 pilots"
    assert ui.count(2, "enemy", "enemies") == "2 enemies" and ui.count(1, "enemy", "enemies") \
        == "1 enemy"
    assert ONE_PLURAL.search("1 aircraft, 1 pilots, 2 scouts")
    assert not ONE_PLURAL.search("1 aircraft, 1 pilot, 11 scouts, 2.1 days")
