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

from engine.tal import campaign
from engine.tal import fields
from engine.core import parse
from engine.core.jsonline import Obj

FLEW = 64  # pilots.FLEW and aircraft.FLEW: the day commands load without those modules
KILLED = 16  # pilots.KILLED
REST = 2  # a day without flying: 2 + Cool ("Récupération de Stress au Repos")


def _show(v):
    return (("day", v[fields.DAY]), ("days", v[fields.DAYS] or None),
            ("step", campaign.STEPS[v[fields.STEP]]))


def _to_roll(v):
    """Battalions still to roll for movement today: on the map, alive, not Fixed, not moved."""
    return [b for b in range(fields.BN_MAX) if campaign.bn_alive(v, b)
            and not campaign.bn_fixed(v, b) and not v[fields.BN_STATE + b] & campaign.MOVED]


def _names(v, bs):
    return [campaign.bn_name(v[fields.BN_ID + b]) for b in bs]


def _rest(v):
    """Pilots who flew no mission today recover 2 + Cool (never a Wounded pilot's stress)."""
    out = []
    for k in range(fields.PILOT_MAX):
        st = v[fields.P_STATE + k]
        if v[fields.P_NAME + k] and not st & (FLEW | KILLED):
            have = v[fields.P_STRESS + k]
            n = 0 if st & 8 else min(have, REST + (v[fields.P_SKILL + k] & 7))  # 8: pilots.WOUNDED
            v[fields.P_STRESS + k] = have - n
            st = have - n
            out.append(Obj((("pilot", k + 1), ("recovered", n), ("stress", st), (
                "status", "okay" if st <= v[fields.P_OKAY + k] else
                ("shaken" if st <= v[fields.P_SHAKEN + k] else "unfit")))))
    return out


def _last_day(v):
    return v[fields.DAYS] and v[fields.DAY] >= v[fields.DAYS]


def _over(v):
    """Whether the campaign ends with today's missions: its last day (unless the rule switch
    gives the last day its end of day), or no battalion left."""
    if _last_day(v) and not v[fields.CAMP] & campaign.LAST_DAY_END:
        return True
    for b in range(fields.BN_MAX):
        if v[fields.BN_ID + b]:
            return campaign.bn_left(v) == 0
    return False


def _end(v):
    if v[fields.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
    active = campaign.on(v)
    if active and v[fields.CAMP] & campaign.SETUP:
        raise parse.Reject(parse.STATE, "the set-up is not finished (campaign ready)")
    if v[fields.STEP] != campaign.S_MISSIONS:
        raise parse.Reject(parse.STATE, "today's missions are already over (step: %s)" %
                           campaign.STEPS[v[fields.STEP]])
    if active and _over(v):
        v[fields.CAMP] |= campaign.OVER
        return _show(v) + (("status", "over"), ("next", "campaign result"))
    rested = _rest(v)
    campaign.gain(v, v[fields.DAILY])
    v[fields.STEP] = campaign.S_MOVEMENT
    return _show(v) + (("rested", rested), ("gain", v[fields.DAILY]), ("so", v[fields.SO]),
                       ("roll", _names(v, _to_roll(v))))


def _next(v):
    if v[fields.STEP] != campaign.S_MOVEMENT:
        raise parse.Reject(parse.STATE, "day next follows the battalions' movement (%s)" % (
            "day end first" if v[fields.STEP] == campaign.S_MISSIONS else "step: " +
            campaign.STEPS[v[fields.STEP]]))
    due = _to_roll(v)
    if due:
        n = _names(v, due)[0]
        raise parse.Reject(parse.STATE, "battalion movement first: bn roll %s (or bn stay %s when "
                           "a card says it does not move)" % (n, n))
    fr = campaign.bn_in_band(v, campaign.BAND_FR)
    ab = campaign.bn_in_band(v, campaign.BAND_AB)
    loss = fr * campaign.FR_LOSS + ab * campaign.AB_LOSS
    out = _show(v)
    if loss > v[fields.SO]:
        # «Si vous êtes incapable de payer les points SO, la campagne se termine par un échec.»
        v[fields.CAMP] |= campaign.FAILED | campaign.OVER
        return out + (("fr", fr), ("ab", ab), ("loss", loss), ("so", v[fields.SO]),
                      ("status", "failed"))
    v[fields.SO] -= loss
    v[fields.STEP] = campaign.S_REPLACE
    return _show(v) + (("fr", fr), ("ab", ab), ("loss", loss), ("so", v[fields.SO]))


def new_day(v):
    """A new day: nobody has flown; battalions may move and be scouted again; R&R again."""
    v[fields.CAMP] &= ~campaign.RR_USED
    v[fields.STEP] = campaign.S_MISSIONS
    v[fields.SCOUTS] &= 15  # scouts used today: none
    for k in range(fields.PILOT_MAX):
        v[fields.P_STATE + k] &= ~FLEW  # pilots.FLEW
    for a in range(fields.AC_MAX):
        v[fields.AC_STATE + a] &= ~FLEW  # aircraft.FLEW
    for b in range(fields.BN_MAX):
        v[fields.BN_STATE + b] &= ~(campaign.MOVED | campaign.SCOUTED)


def _plus(v):
    if campaign.on(v):
        if v[fields.CAMP] & campaign.SETUP:
            raise parse.Reject(parse.STATE, "the set-up is not finished (campaign ready)")
        if v[fields.STEP] < campaign.S_REPLACE:
            raise parse.Reject(parse.STATE, "the day is not over: %s" % (
                "day end" if v[fields.STEP] == campaign.S_MISSIONS
                else "battalion movement, then day next"))
    elif v[fields.CAMP] & campaign.OVER:
        raise parse.Reject(parse.STATE, "the campaign is over")
    if v[fields.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
    if campaign.on(v) and _last_day(v):  # the rule switch played the last day's end: that ends it
        v[fields.CAMP] |= campaign.OVER
        return (("status", "over"), ("next", "campaign result"))
    v[fields.DAY] += 1
    new_day(v)
    return ()


def day(session, words):
    """`day`, `day end`, `day next`, `day +1`, `day set D` (see the module doc)."""
    v = session.vals
    parse.arity(words, 1, 3, "day | day end | day next | day +1 | day set D")
    if len(words) == 1:
        if v[fields.STEP] == campaign.S_MOVEMENT:  # a screen leads the player through them
            return _show(v) + (("roll", _names(v, _to_roll(v))),)
        return _show(v)
    t = words[1]
    if t == "end" and len(words) == 2:
        return _end(v)
    if t == "next" and len(words) == 2:
        return _next(v)
    if t == "+1" and len(words) == 2:
        more = _plus(v)
        return _show(v) + more
    if t == "set" and len(words) == 3:
        v[fields.DAY] = parse.number(words[2], 1, v[fields.DAYS] or campaign.DAYS_MAX, "day")
        return _show(v)
    raise parse.Reject(parse.SYNTAX, "usage: day | day end | day next | day +1 | day set D")
