"""`ac attacked N UNIT... [heavy-first]`: an enemy attack on a roster aircraft, drawn from the Hit
cup ("Attaques Ennemies"; engine/tal/cups/rules.py) with the aircraft's type, ECM pod and Evasive,
then applied to it (engine/tal/mission.py).  Its own module: the cups' code loads only when it is
used.
"""

from engine.tal import aircraft as A
from engine.tal import campaign
from engine.tal.cups import counters
from engine.tal.cups import data as cupdata
from engine.tal.cups import rules as cups
from engine.tal import fields as F
from engine.tal import mission as M
from engine.core import parse
from engine.core.jsonline import Obj


def attacked(s, w):
    """`ac attacked N UNIT... [heavy-first]`: one enemy attack on roster aircraft N, drawn from
    the Hit cup (engine/tal/cups/rules.py) with the aircraft's type, ECM pod and Evasive, then
    applied."""
    usage = "ac attacked N UNIT... [heavy-first]  (UNIT: hits and l or h, e.g. 3l 2h)"
    if len(w) < 4:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    v = s.vals
    a = A.slot(v, w[2])
    if not M.on_battlefield(v, a) and not (v[F.PHASE] in (M.P_TARGET, M.P_HOME) and
                                           A.status(v, a) in (A.FLYING, A.LEFT)):
        raise parse.Reject(parse.STATE, "aircraft %d is not flying this mission" % (a + 1))
    units = bytearray(cups.MAX_UNITS)
    n = 0
    heavy_first = False
    for t in w[3:]:
        if t == "heavy-first":
            heavy_first = True
            continue
        if len(t) < 2 or t[-1] not in ("l", "h") or n >= cups.MAX_UNITS:
            raise parse.Reject(parse.SYNTAX, "usage: " + usage)
        units[n] = parse.number(t[:-1], 1, 9, "a unit's hits") + (128 if t[-1] == "h" else 0)
        n += 1
    if not n:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    actype = counters.aircraft_type(A.family(s, a))
    if actype < 0:
        raise parse.Reject(parse.STATE, "family '%s' is not a Hit counter type" % A.family(s, a))
    d = cupdata.definition(s, cupdata.HIT_FILE)
    cups.check_hit(s, d, units, n, a + 1)
    returned = M.enemy_attack(s) if M.on_battlefield(v, a) else []
    before = v[F.VP]
    m = cups.draw_hit(s, d, units, n, A.has_ecm(v, a), A.evasive(v, a), heavy_first, a + 1, actype)
    draws = []
    for k in range(m):
        e = counters.EFFECTS[cups.EFFECT[k]]
        why = cups.IGNORED_WHY[cups.IGNORED[k]]
        r = M.IGNORED
        if not why and A.status(v, a) < A.CRASH_TARGET:
            r = M.apply_hit(s, a, e, cups.VALUE[k])
        res = why or ("none" if e == "no-effect" else M.RESULTS[r])
        draws.append(Obj((("n", cups.DRAWN[k] + 1), ("side", "heavy" if cups.SIDE[k] else "light"),
                          ("effect", e), ("value", cups.VALUE[k]), ("result", res))))
    out = (("ecm_dice", list(cups.ECM[:n]) if A.has_ecm(v, a) else []),
           ("light", cups.COUNTS[0]), ("heavy", cups.COUNTS[1]), ("draws", draws))
    if returned:
        out += (("returned", returned),)
    out += tuple(A.pairs(s, a)) + campaign.vp_pairs(s, before)
    if cupdata.unverified(d):
        out += (("data", d.status),)
    return out
