"""`day ...`: the Day track and the end of the day, in the order of the sequence of play
("Fin de Journée", docs/rules.md; docs/protocol/campaign.md).

    day            the Day track and the step of the day reached (while the battalions move:
                   those still to roll)
    day end        the day's missions are over: pilots who did not fly rest ("Récupération de
                   Stress au Repos"), the daily SO ("Gain de points d'option spéciale"); then the
                   battalions move (bn roll / bn stay).  After the last day's missions, or with no
                   battalion left, the campaign ends instead ("Fin de Campagne")
    day next       the battalions have moved: the SO losses of the sector map ("Perte de points
                   d'Option Spéciales"); a loss that cannot be paid ends the campaign in failure
    day +1         advance the Day marker ("Avance du Compteur de Journée"); replacements,
                   repairs and R&R, in that order, may come before it
    day set D      correct the track
"""

from engine.tal import campaign as C
from engine.tal import fields as F
from engine.core import parse
from engine.core.jsonline import Obj

FLEW = 64  # pilots.FLEW and aircraft.FLEW: the day commands load without those modules
KILLED = 16  # pilots.KILLED
REST = 2  # a day without flying: 2 + Cool ("Récupération de Stress au Repos")


def _show(v):
    return (("day", v[F.DAY]), ("days", v[F.DAYS] or None), ("step", C.STEPS[v[F.STEP]]))


def _to_roll(v):
    """Battalions still to roll for movement today: on the map, alive, not Fixed, not moved."""
    return [b for b in range(F.BN_MAX) if C.bn_alive(v, b) and not C.bn_fixed(v, b)
            and not v[F.BN_STATE + b] & C.MOVED]


def _names(v, bs):
    return [C.bn_name(v[F.BN_ID + b]) for b in bs]


def _rest(v):
    """Pilots who flew no mission today recover 2 + Cool (never a Wounded pilot's stress)."""
    out = []
    for k in range(F.PILOT_MAX):
        st = v[F.P_STATE + k]
        if v[F.P_NAME + k] and not st & (FLEW | KILLED):
            have = v[F.P_STRESS + k]
            n = 0 if st & 8 else min(have, REST + (v[F.P_SKILL + k] & 7))  # 8: pilots.WOUNDED
            v[F.P_STRESS + k] = have - n
            st = have - n
            out.append(Obj((("pilot", k + 1), ("recovered", n), ("stress", st), (
                "status", "okay" if st <= v[F.P_OKAY + k] else
                ("shaken" if st <= v[F.P_SHAKEN + k] else "unfit")))))
    return out


def _last_day(v):
    return v[F.DAYS] and v[F.DAY] >= v[F.DAYS]


def _over(v):
    """Whether the campaign ends with today's missions: its last day (unless the rule switch
    gives the last day its end of day), or no battalion left."""
    if _last_day(v) and not v[F.CAMP] & C.LAST_DAY_END:
        return True
    for b in range(F.BN_MAX):
        if v[F.BN_ID + b]:
            return C.bn_left(v) == 0
    return False


def _end(v):
    if v[F.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
    active = C.on(v)
    if active and v[F.CAMP] & C.SETUP:
        raise parse.Reject(parse.STATE, "the set-up is not finished (campaign ready)")
    if v[F.STEP] != C.S_MISSIONS:
        raise parse.Reject(parse.STATE, "today's missions are already over (step: %s)" %
                           C.STEPS[v[F.STEP]])
    if active and _over(v):
        v[F.CAMP] |= C.OVER
        return _show(v) + (("status", "over"), ("next", "campaign result"))
    rested = _rest(v)
    C.gain(v, v[F.DAILY])
    v[F.STEP] = C.S_MOVEMENT
    return _show(v) + (("rested", rested), ("gain", v[F.DAILY]), ("so", v[F.SO]),
                       ("roll", _names(v, _to_roll(v))))


def _next(v):
    if v[F.STEP] != C.S_MOVEMENT:
        raise parse.Reject(parse.STATE, "day next follows the battalions' movement (%s)" % (
            "day end first" if v[F.STEP] == C.S_MISSIONS else "step: " + C.STEPS[v[F.STEP]]))
    due = _to_roll(v)
    if due:
        n = _names(v, due)[0]
        raise parse.Reject(parse.STATE, "battalion movement first: bn roll %s (or bn stay %s when "
                           "a card says it does not move)" % (n, n))
    fr = C.bn_in_band(v, C.BAND_FR)
    ab = C.bn_in_band(v, C.BAND_AB)
    loss = fr * C.FR_LOSS + ab * C.AB_LOSS
    out = _show(v)
    if loss > v[F.SO]:
        # «Si vous êtes incapable de payer les points SO, la campagne se termine par un échec.»
        v[F.CAMP] |= C.FAILED | C.OVER
        return out + (("fr", fr), ("ab", ab), ("loss", loss), ("so", v[F.SO]),
                      ("status", "failed"))
    v[F.SO] -= loss
    v[F.STEP] = C.S_REPLACE
    return _show(v) + (("fr", fr), ("ab", ab), ("loss", loss), ("so", v[F.SO]))


def new_day(v):
    """A new day: nobody has flown; battalions may move and be scouted again; R&R again."""
    v[F.CAMP] &= ~C.RR_USED
    v[F.STEP] = C.S_MISSIONS
    v[F.SCOUTS] &= 15  # scouts used today: none
    for k in range(F.PILOT_MAX):
        v[F.P_STATE + k] &= ~FLEW  # pilots.FLEW
    for a in range(F.AC_MAX):
        v[F.AC_STATE + a] &= ~FLEW  # aircraft.FLEW
    for b in range(F.BN_MAX):
        v[F.BN_STATE + b] &= ~(C.MOVED | C.SCOUTED)


def _plus(v):
    if C.on(v):
        if v[F.CAMP] & C.SETUP:
            raise parse.Reject(parse.STATE, "the set-up is not finished (campaign ready)")
        if v[F.STEP] < C.S_REPLACE:
            raise parse.Reject(parse.STATE, "the day is not over: %s" % (
                "day end" if v[F.STEP] == C.S_MISSIONS else "battalion movement, then day next"))
    elif v[F.CAMP] & C.OVER:
        raise parse.Reject(parse.STATE, "the campaign is over")
    if v[F.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
    if C.on(v) and _last_day(v):  # the rule switch played the last day's end: that ends it
        v[F.CAMP] |= C.OVER
        return (("status", "over"), ("next", "campaign result"))
    v[F.DAY] += 1
    new_day(v)
    return ()


def day(s, w):
    """`day`, `day end`, `day next`, `day +1`, `day set D` (see the module doc)."""
    v = s.vals
    parse.arity(w, 1, 3, "day | day end | day next | day +1 | day set D")
    if len(w) == 1:
        if v[F.STEP] == C.S_MOVEMENT:  # a screen leads the player through them
            return _show(v) + (("roll", _names(v, _to_roll(v))),)
        return _show(v)
    t = w[1]
    if t == "end" and len(w) == 2:
        return _end(v)
    if t == "next" and len(w) == 2:
        return _next(v)
    if t == "+1" and len(w) == 2:
        more = _plus(v)
        return _show(v) + more
    if t == "set" and len(w) == 3:
        v[F.DAY] = parse.number(w[2], 1, v[F.DAYS] or C.DAYS_MAX, "day")
        return _show(v)
    raise parse.Reject(parse.SYNTAX, "usage: day | day end | day next | day +1 | day set D")
