"""The `cup ...` protocol commands (the Hit cup, the Pop-Up cup, Expansion #3's Ground Forces cup).

    cup show hit|popup|ground
    cup draw hit ac N type T UNIT... [ecm] [evasive E] [heavy-first]      UNIT: 3l, 2h ...
    cup draw popup N | cup draw popup TYPE...
    cup draw ground K
    cup end-turn N              the end of aircraft N's turn: its due counters go back
    cup return popup K          Pop-Up #K was destroyed: back in the cup
    cup remove popup NAME N     remove N Pop-Ups named NAME (no-enemy ...) for the campaign
    cup end-mission             every held Hit counter and battlefield Pop-Up back
    cup reset hit|popup         every counter back, removed ones too (a new campaign)

`cup draw hit` is the bare draw: it applies nothing to the aircraft.  For an aircraft in the
mission roster, `ac attacked` (engine/tal/cmd_attack.py) draws through the same cup with the
aircraft's type, ECM pod and Evasive, and applies the results.  docs/protocol/cups.md has the
replies and transcripts.
"""

from engine.core import parse
from engine.core.jsonline import Obj
from engine.tal.cups import counters, data, rules, state

_units = bytearray(rules.MAX_UNITS)
_HIT_USAGE = "usage: cup draw hit ac N type T UNIT... [ecm] [evasive E] [heavy-first]"


def _bad(msg, code=parse.SYNTAX):
    raise parse.Reject(code, msg)


def _cup(words, k):
    # The cup named by the third word, one of the first k of counters.CUPS.
    if len(words) < 3 or words[2] not in counters.CUPS[:k]:
        _bad("which cup? " + "|".join(counters.CUPS[:k]))
    return words[2]


def _def(session, which):
    cup = data.definition(session, data.FILES[counters.CUPS.index(which)])
    if which != "ground":
        state.check_sum(session.vals, state.HIT if which == "hit" else state.POPUP, cup)
    return cup


def _data(cup, pairs):
    # Wherever unverified data is used the reply says so: the player checks it.
    return pairs + (("data", cup.status),) if data.unverified(cup) else pairs


def _hit(cup, c, side, why=-1, x=0, val=None):
    # A drawn counter (why >= 0: why it is ignored; val: its value as drawn), a held one (x: its
    # slot) or a returned one.
    e = cup.effect[side][c]
    if val is None:
        val = -cup.value[side][c] if e == 13 else cup.value[side][c]  # 13: attack, printed as -N
    pairs = (("n", c + 1), ("side", "heavy" if side else "light"), ("effect", counters.EFFECTS[e]),
             ("value", val))
    if x:
        _counter, _side, aircraft, ends = state.slot_hit(x)
        pairs += (("ac", aircraft), ("ends", ends))
    elif why >= 0:
        tag = cup.tag[side][c]
        pairs += (("kind", counters.KINDS[counters.kind(e)]),
                  ("tag", counters.TYPES[tag - 1] if tag else None),
                  ("ignored", rules.IGNORED_WHY[why] or False))
    return Obj(pairs)


def _popup(cup, c, spot):
    u = cup.unit[c]
    if not u:
        return Obj((("n", c + 1), ("unit", counters.UNITS[0])))
    a = cup.attack[c]
    return Obj((("n", c + 1), ("unit", counters.UNITS[u]),
                ("attack", "%d%s" % (a & 127, "h" if a & 128 else "l") if a else "-"),
                ("range", None if cup.range[c] == 255 else cup.range[c]), ("hex", spot)))


def _show(session, words):
    parse.arity(words, 3, 3, "cup show hit|popup|ground")
    which = _cup(words, 3)
    cup = _def(session, which)
    vals = session.vals
    if which == "ground":
        counts = [0, 0, 0]
        for i in range(cup.n):
            counts[cup.hits[i]] += 1
        return _data(cup, (("cup", which), ("total", cup.n), ("counts", counts)))
    lay = state.HIT if which == "hit" else state.POPUP
    m, _h, r = rules.counts(vals, lay, cup.n)
    if which == "hit":
        held = []
        for x in state.held(vals, lay):
            counter, side, _aircraft, _ends = state.slot_hit(x)
            held.append(_hit(cup, counter, side, x=x))
        return _data(cup, (("cup", which), ("total", cup.n), ("in", m), ("held", held),
                           ("removed", r)))
    out = [_popup(cup, (x - 1) & 63, (x - 1) >> 6) for x in state.held(vals, lay)]
    return _data(cup, (("cup", which), ("total", cup.n), ("in", m),
                       ("no_enemy", rules.popup_in_cup(vals, cup, 0)), ("out", out),
                       ("removed", r)))


def _draw_hit(session, words):
    aircraft = actype = -1
    evasive = 0
    ecm = heavy_first = False
    n = 0
    i = 3
    while i < len(words):
        t = words[i]
        a = words[i + 1] if i + 1 < len(words) else ""
        if t == "ac":
            aircraft = parse.number(a, 1, rules.AIRCRAFT_MAX, "aircraft")
            i += 1
        elif t == "type":
            actype = counters.aircraft_type(a)
            if actype < 0:
                _bad("aircraft types: " + " ".join(counters.TYPES + counters.MODELS), parse.RANGE)
            i += 1
        elif t == "evasive":
            evasive = parse.number(a, 0, 9, "evasive")
            i += 1
        elif t == "ecm":
            ecm = True
        elif t == "heavy-first":
            heavy_first = True
        elif len(t) == 2 and t[1] in "lh" and t[0] in "123456789":
            if n == rules.MAX_UNITS:
                _bad("at most %d attacking units" % rules.MAX_UNITS, parse.RANGE)
            _units[n] = int(t[0]) + (128 if t[1] == "h" else 0)
            n += 1
        else:
            _bad(_HIT_USAGE)
        i += 1
    if aircraft < 0 or actype < 0 or not n:
        _bad(_HIT_USAGE)
    cup = _def(session, "hit")
    rules.check_hit(session, cup, _units, n, aircraft)
    m = rules.draw_hit(session, cup, _units, n, ecm, evasive, heavy_first, aircraft, actype)
    draws = [_hit(cup, rules.DRAWN[k], rules.SIDE[k], rules.IGNORED[k], 0, rules.VALUE[k])
             for k in range(m)]
    return _data(cup, (("ac", aircraft), ("ecm", list(rules.ECM[:n]) if ecm else []),
                       ("light", rules.COUNTS[0]), ("heavy", rules.COUNTS[1]), ("draws", draws)))


def _draw(session, words):
    which = _cup(words, 3)
    if which == "hit":
        return _draw_hit(session, words)
    if which == "ground":
        parse.arity(words, 4, 4, "cup draw ground K (one per enemy counter in the Squad's hex)")
        k = parse.number(words[3], 1, rules.MAX_DRAW, "draws")
        cup = _def(session, which)
        hits = rules.draw_ground(session, cup, k)
        return _data(cup, (("draws", [counters.GROUND[rules.EFFECT[i]] for i in range(k)]),
                           ("hits", hits)))
    parse.arity(words, 4, 3 + rules.MAX_DRAW, "cup draw popup N | cup draw popup TYPE...")
    if len(words) == 4 and words[3].isdigit():
        draws = parse.number(words[3], 1, rules.MAX_DRAW, "aircraft")
        skipped = 0
    else:
        types = [counters.aircraft_type(t) for t in words[3:]]
        if -1 in types:
            _bad("aircraft types: " + " ".join(counters.TYPES + counters.MODELS), parse.RANGE)
        draws = rules.popup_draws(types)
        skipped = len(types) - draws
    cup = _def(session, which)
    rules.check_popup(session, cup, draws)
    rules.draw_popup(session, cup, draws)
    drawn = [_popup(cup, rules.DRAWN[k], rules.SPOT[k]) for k in range(draws)]
    return _data(cup, (("draws", drawn), ("skipped", skipped)))


def _end_turn(session, words):
    parse.arity(words, 3, 3, "cup end-turn N")
    aircraft = parse.number(words[2], 1, rules.AIRCRAFT_MAX, "aircraft")
    cup = _def(session, "hit")
    r = rules.end_turn(session, cup, aircraft)
    back = [_hit(cup, rules.DRAWN[k], rules.SIDE[k]) for k in range(r)]
    held = []
    for x in state.held(session.vals, state.HIT):
        counter, side, held_by, _ends = state.slot_hit(x)
        if held_by == aircraft:
            held.append(_hit(cup, counter, side, x=x))
    return (("ac", aircraft), ("returned", back), ("held", held))


def _return(session, words):
    parse.arity(words, 4, 4, "cup return popup K")
    if _cup(words, 2) != "popup":
        _bad("usage: " + " ".join(words[:2]) + " popup ...")
    cup = _def(session, "popup")
    c = parse.number(words[3], 1, cup.n, "counter") - 1
    rules.return_popup(session, cup, c)
    return (("returned", c + 1), ("in", rules.counts(session.vals, state.POPUP, cup.n)[0]))


def _remove(session, words):
    parse.arity(words, 4, 5, "cup remove popup NAME [N]")
    if _cup(words, 2) != "popup":
        _bad("usage: " + " ".join(words[:2]) + " popup ...")
    if words[3] not in counters.UNITS:
        _bad("Pop-Ups: " + " ".join(counters.UNITS), parse.RANGE)
    cup = _def(session, "popup")
    vals = session.vals
    lay = state.POPUP
    before = [state.is_removed(vals, lay, i) for i in range(cup.n)]
    rules.remove_popup(session, cup, counters.UNITS.index(words[3]),
                       parse.number(words[4], 1, cup.n, "count") if len(words) == 5 else 1)
    gone = [i + 1 for i in range(cup.n) if state.is_removed(vals, lay, i) and not before[i]]
    return (("cup", "popup"), ("removed", gone), ("in", rules.counts(vals, lay, cup.n)[0]))


def _end_mission(session, words):
    parse.arity(words, 2, 2, "cup end-mission")
    h, p = state.end_mission(session, _def(session, "hit"), _def(session, "popup"))
    return (("hit", h), ("popup", p))


def _reset(session, words):
    parse.arity(words, 3, 3, "cup reset hit|popup")
    which = _cup(words, 2)
    # no data needed: the cure for a mismatch
    state.reset(session, state.HIT if which == "hit" else state.POPUP)
    return (("cup", which),)


_SUB = (("show", _show), ("draw", _draw), ("end-turn", _end_turn), ("return", _return),
        ("remove", _remove), ("end-mission", _end_mission), ("reset", _reset))


def cup(session, words):
    """`cup SUBCOMMAND ...`: the counter cups (see the module doc and docs/protocol/cups.md)."""
    for name, fn in _SUB:
        if len(words) > 1 and name == words[1]:
            return fn(session, words)
    _bad("usage: cup show|draw|end-turn|return|remove|end-mission|reset ...")
