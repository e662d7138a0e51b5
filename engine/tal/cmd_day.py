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

from engine.tal import battalions
from engine.tal import campaign
from engine.tal import fields
from engine.core import parse
from engine.core.jsonline import Obj

FLEW = 64  # pilots.FLEW and aircraft.FLEW: the day commands load without those modules
KILLED = 16  # pilots.KILLED
REST = 2  # a day without flying: 2 + Cool ("Récupération de Stress au Repos")


def _show(vals):
    return (("day", vals[fields.DAY]), ("days", vals[fields.DAYS] or None),
            ("step", campaign.STEPS[vals[fields.STEP]]))


def _to_roll(vals):
    """Battalions still to roll for movement today: on the map, alive, not Fixed, not moved."""
    return [b for b in range(fields.BN_MAX) if battalions.bn_alive(vals, b)
            and not battalions.bn_fixed(vals, b) and not vals[fields.BN_STATE + b] & battalions.MOVED]


def _names(vals, bs):
    return [battalions.bn_name(vals[fields.BN_ID + b]) for b in bs]


def _rest(vals):
    """Pilots who flew no mission today recover 2 + Cool (never a Wounded pilot's stress)."""
    out = []
    for k in range(fields.PILOT_MAX):
        st = vals[fields.P_STATE + k]
        if vals[fields.P_NAME + k] and not st & (FLEW | KILLED):
            have = vals[fields.P_STRESS + k]
            n = 0 if st & 8 else min(have, REST + (vals[fields.P_SKILL + k] & 7))  # pilots.WOUNDED
            vals[fields.P_STRESS + k] = have - n
            st = have - n
            out.append(Obj((("pilot", k + 1), ("recovered", n), ("stress", st), (
                "status", "okay" if st <= vals[fields.P_OKAY + k] else
                ("shaken" if st <= vals[fields.P_SHAKEN + k] else "unfit"))) + (
                (("wounded", True),) if vals[fields.P_STATE + k] & 8 else ())))
    return out


def _last_day(vals):
    return vals[fields.DAYS] and vals[fields.DAY] >= vals[fields.DAYS]


def _over(vals):
    """Whether the campaign ends with today's missions: its last day (unless the rule switch
    gives the last day its end of day), or no battalion left."""
    if _last_day(vals) and not vals[fields.CAMP] & campaign.LAST_DAY_END:
        return True
    for b in range(fields.BN_MAX):
        if vals[fields.BN_ID + b]:
            return battalions.bn_left(vals) == 0
    return False


def _end(vals):
    campaign.require_open(vals)
    if vals[fields.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
    active = campaign.on(vals)
    if active and vals[fields.CAMP] & campaign.SETUP:
        raise parse.Reject(parse.STATE, "the set-up is not finished (campaign ready)")
    if vals[fields.STEP] != campaign.S_MISSIONS:
        raise parse.Reject(parse.STATE, "today's missions are already over (step: %s)" %
                           campaign.STEPS[vals[fields.STEP]])
    cas = ()
    if vals[fields.EXP3]:  # an Expansion #3 CAS mission still open (engine/exp3/rules.py CAS_ON)
        # «Discard the Mission at the end of the Day»: its Squads stay behind
        from engine.exp3 import rules as exp3
        exp3.clear(vals)
        cas = (("cas", "discarded"), ("note", "a Close Air Support mission ends with the day: "
                                      "its Squads score with cas end before day end (undo takes "
                                      "day end back)"))
    if active and _over(vals):
        vals[fields.CAMP] |= campaign.OVER
        return _show(vals) + (("status", "over"), ("next", "campaign result")) + cas
    rested = _rest(vals)
    campaign.gain(vals, vals[fields.DAILY])
    vals[fields.STEP] = campaign.S_MOVEMENT
    return _show(vals) + (("rested", rested), ("gain", vals[fields.DAILY]), ("so", vals[fields.SO]),
                          ("roll", _names(vals, _to_roll(vals)))) + cas


def _next(vals):
    campaign.require_open(vals)
    if vals[fields.STEP] != campaign.S_MOVEMENT:
        raise parse.Reject(parse.STATE, "day next follows the battalions' movement (%s)" % (
            "day end first" if vals[fields.STEP] == campaign.S_MISSIONS else "step: " +
            campaign.STEPS[vals[fields.STEP]]))
    due = _to_roll(vals)
    if due:
        n = _names(vals, due)[0]
        raise parse.Reject(parse.STATE, "battalion movement first: bn roll %s (or bn stay %s when "
                           "a card says it does not move)" % (n, n))
    fr = battalions.bn_in_band(vals, battalions.BAND_FR)
    ab = battalions.bn_in_band(vals, battalions.BAND_AB)
    loss = fr * campaign.FR_LOSS + ab * campaign.AB_LOSS
    out = _show(vals)
    if loss > vals[fields.SO]:
        # «Si vous êtes incapable de payer les points SO, la campagne se termine par un échec.»
        vals[fields.CAMP] |= campaign.FAILED | campaign.OVER
        return out + (("fr", fr), ("ab", ab), ("loss", loss), ("so", vals[fields.SO]),
                      ("status", "failed"))
    vals[fields.SO] -= loss
    vals[fields.STEP] = campaign.S_REPLACE
    return _show(vals) + (("fr", fr), ("ab", ab), ("loss", loss), ("so", vals[fields.SO]))


def new_day(vals):
    """A new day: nobody has flown; battalions may move and be scouted again; R&R again, and a
    Special Condition card (Expansion #3's CAS card: engine/exp3/rules.py CAS_TODAY, 256)."""
    vals[fields.CAMP] &= ~(campaign.RR_USED | 256)
    vals[fields.STEP] = campaign.S_MISSIONS
    vals[fields.SCOUTS] &= 15  # scouts used today: none
    for k in range(fields.PILOT_MAX):
        vals[fields.P_STATE + k] &= ~FLEW  # pilots.FLEW
    for a in range(fields.AC_MAX):
        vals[fields.AC_STATE + a] &= ~FLEW  # aircraft.FLEW
    for b in range(fields.BN_MAX):
        vals[fields.BN_STATE + b] &= ~(battalions.MOVED | battalions.SCOUTED)


def _plus(vals):
    campaign.require_open(vals)
    if campaign.on(vals):
        if vals[fields.CAMP] & campaign.SETUP:
            raise parse.Reject(parse.STATE, "the set-up is not finished (campaign ready)")
        if vals[fields.STEP] < campaign.S_REPLACE:
            raise parse.Reject(parse.STATE, "the day is not over: %s" % (
                "day end" if vals[fields.STEP] == campaign.S_MISSIONS
                else "battalion movement, then day next"))
    if vals[fields.PHASE]:
        raise parse.Reject(parse.STATE, "a mission is still being flown (mission end)")
    # the rule switch played the last day's end: that ends it
    if campaign.on(vals) and _last_day(vals):
        vals[fields.CAMP] |= campaign.OVER
        return (("status", "over"), ("next", "campaign result"))
    vals[fields.DAY] += 1
    new_day(vals)
    return ()


def day(session, words):
    """`day`, `day end`, `day next`, `day +1`, `day set D` (see the module doc)."""
    vals = session.vals
    parse.arity(words, 1, 3, "day | day end | day next | day +1 | day set D")
    if len(words) == 1:
        if vals[fields.STEP] == campaign.S_MOVEMENT:  # a screen leads the player through them
            return _show(vals) + (("roll", _names(vals, _to_roll(vals))),)
        return _show(vals)
    t = words[1]
    if t == "end" and len(words) == 2:
        return _end(vals)
    if t == "next" and len(words) == 2:
        return _next(vals)
    if t == "+1" and len(words) == 2:
        more = _plus(vals)
        return _show(vals) + more
    if t == "set" and len(words) == 3:
        vals[fields.DAY] = parse.number(words[2], 1, vals[fields.DAYS] or campaign.DAYS_MAX, "day")
        return _show(vals)
    raise parse.Reject(parse.SYNTAX, "usage: day | day end | day next | day +1 | day set D")
