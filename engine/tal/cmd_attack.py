"""`ac attacked N UNIT... [heavy-first]`: an enemy attack on a roster aircraft, drawn from the Hit
cup ("Attaques Ennemies"; engine/tal/cups/rules.py) with the aircraft's type, ECM pod and Evasive,
then applied to it (engine/tal/mission.py).  Its own module: the cups' code loads only when it is
used.
"""

from engine.tal import aircraft
from engine.tal import campaign
from engine.tal.cups import counters
from engine.tal.cups import data as cupdata
from engine.tal.cups import rules as cups
from engine.tal import fields
from engine.tal import mission
from engine.core import parse
from engine.core.jsonline import Obj


def attacked(session, words):
    """`ac attacked N UNIT... [heavy-first]`: one enemy attack on roster aircraft N, drawn from
    the Hit cup (engine/tal/cups/rules.py) with the aircraft's type, ECM pod and Evasive, then
    applied."""
    usage = "ac attacked N UNIT... [heavy-first]  (UNIT: hits and l or h, e.g. 3l 2h)"
    if len(words) < 4:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    vals = session.vals
    a = aircraft.slot(vals, words[2])
    if not mission.on_battlefield(vals, a) and not (
            vals[fields.PHASE] in (mission.P_TARGET, mission.P_HOME) and
            aircraft.status(vals, a) in (aircraft.FLYING, aircraft.LEFT)):
        raise parse.Reject(parse.STATE, "aircraft %d is not flying this mission" % (a + 1))
    units = bytearray(cups.MAX_UNITS)
    n = 0
    heavy_first = False
    for t in words[3:]:
        if t == "heavy-first":
            heavy_first = True
            continue
        if len(t) < 2 or t[-1] not in ("l", "h") or n >= cups.MAX_UNITS:
            raise parse.Reject(parse.SYNTAX, "usage: " + usage)
        units[n] = parse.number(t[:-1], 1, 9, "a unit's hits") + (128 if t[-1] == "h" else 0)
        n += 1
    if not n:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    actype = counters.aircraft_type(aircraft.family(session, a))
    if actype < 0:
        raise parse.Reject(parse.STATE, "family '%s' is not a Hit counter type" %
                           aircraft.family(session, a))
    cup = cupdata.definition(session, cupdata.HIT_FILE)
    cups.check_hit(session, cup, units, n, a + 1)
    returned = mission.enemy_attack(session) if mission.on_battlefield(vals, a) else []
    before = vals[fields.VP]
    m = cups.draw_hit(session, cup, units, n, aircraft.has_ecm(vals, a), aircraft.evasive(vals, a),
                      heavy_first, a + 1, actype)
    draws = []
    for k in range(m):
        e = counters.EFFECTS[cups.EFFECT[k]]
        why = cups.IGNORED_WHY[cups.IGNORED[k]]
        r = mission.IGNORED
        if not why and aircraft.status(vals, a) < aircraft.CRASH_TARGET:
            r = mission.apply_hit(session, a, e, cups.VALUE[k])
        res = why or ("none" if e == "no-effect" else mission.RESULTS[r])
        draws.append(Obj((("n", cups.DRAWN[k] + 1), ("side", "heavy" if cups.SIDE[k] else "light"),
                          ("effect", e), ("value", cups.VALUE[k]), ("result", res))))
    out = (("ecm_dice", list(cups.ECM[:n]) if aircraft.has_ecm(vals, a) else []),
           ("light", cups.COUNTS[0]), ("heavy", cups.COUNTS[1]), ("draws", draws))
    if returned:
        out += (("returned", returned),)
    out += tuple(aircraft.pairs(session, a)) + campaign.vp_pairs(session, before)
    if cupdata.unverified(cup):
        out += (("data", cup.status),)
    return out
