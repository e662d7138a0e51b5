"""Protocol command for a mission's phases (docs/rules.md): `mission` (docs/protocol/mission.md;
the turns on the battlefield are engine/tal/cmd_loiter.py, the aircraft roster cmd_ac.py).

    mission [show] | mission start N... [vs BATTALION|BAND] | mission fuel | mission home
    mission abort
    mission end BAND|BATTALION|stress S [destroyed] [all] [xp +X]   (`destroyed`: the battalion
                   it was flown against, or the one named, leaves the map with its VP)
"""

from engine.tal import aircraft
from engine.tal import battalions
from engine.tal import campaign
from engine.tal import fields
from engine.tal import loiter  # its constant only (folded on the boards: not loaded)
from engine.tal import mission as mission_rules
from engine.core import parse
from engine.tal import pilots
from engine.tal.ask import asks
from engine.core.jsonline import Obj


# --- mission -------------------------------------------------------------------------------------
def _target(vals, word):
    """TARGET field value for a mission against battalion `word` (on the map) or a band code."""
    if word[:1].isdigit():
        b = battalions.bn_find(vals, word)
        if not battalions.bn_alive(vals, b):
            raise parse.Reject(parse.STATE, "battalion %s is destroyed" % word)
        return b + 1
    return (battalions.band(word) + 1) << 4


def target_band(vals):
    """The range band of this mission's target, or -1 when none was given."""
    t = vals[fields.TARGET]
    if t & 15:
        return battalions.bn_band(vals, (t & 15) - 1)
    return ((t >> 4) & 7) - 1


def _mission_show(session):
    vals = session.vals
    flying = [a + 1 for a in range(fields.AC_MAX) if aircraft.used(vals, a) and
              aircraft.in_mission(vals, a)]
    out = (("phase", mission_rules.PHASES[vals[fields.PHASE]]), ("aircraft", flying),
           ("loiter", vals[fields.LOITER]),
           ("turn", vals[fields.TURN]))
    t = vals[fields.TARGET]
    if t & 127:
        out += (("target", battalions.bn_name(vals[fields.BN_ID + (t & 15) - 1]) if t & 15 else
                 battalions.BANDS[target_band(vals)]), ("fuel_priority", bool(t & FUEL_PRIORITY)),
                ("wp", [_wp(session, a) for a in flying_slots(vals)]))
    return out


FUEL_PRIORITY = 128  # TARGET bit: Fuel Priority bought for this mission


def flying_slots(vals):
    """The aircraft (slots) of the mission."""
    return [a for a in range(fields.AC_MAX) if aircraft.used(vals, a) and
            aircraft.in_mission(vals, a)]


def _wp(session, a):
    """Aircraft a's Weight Points on this mission ("Armements des Appareils"): its card's, less
    the target band's penalty (none with Fuel Priority; drones and the AC-130 take none), less 2
    per Pylon marker."""
    vals = session.vals
    _number, _name, _family, ac_class, _cost, _boxes, wp, _year = aircraft.type_row(session, a)
    if wp is None:  # a `?` of data/tal/aircraft.txt (the MQ-1's): asked, as the mission is armed
        from engine.tal import aircraft_card
        wp = aircraft_card.value(session, aircraft.type_row(session, a), aircraft_card.WP)
    if ac_class == aircraft.MANNED and not vals[fields.TARGET] & FUEL_PRIORITY:
        from engine.tal import band_tables  # the sheets' tables load when first needed
        wp -= band_tables.band_wp(session, target_band(vals))[0]
    return max(0, wp - aircraft.PYLON_WP * aircraft.marker(vals, a, aircraft.PYLON))


def _slots(session, words, start):
    out = []
    for t in words[start:]:
        a = aircraft.slot(session.vals, t)
        if a in out:
            raise parse.Reject(parse.SYNTAX, "aircraft %d is listed twice" % (a + 1))
        out.append(a)
    return out


def _end_args(session, words):
    """BAND|BATTALION|stress S [destroyed] [all] [xp +X] -> (stress, xp, the slot of the battalion
    destroyed or -1).  Every word is checked before the band's stress is looked up (which may
    ask)."""
    from engine.tal import band_tables
    vals = session.vals
    stress = None
    band = target_band(vals)
    b = (vals[fields.TARGET] & 15) - 1  # the battalion the mission was flown against
    xp = 1  # every pilot who flew ("Stress", "Promotion des Pilotes")
    where = False  # the band, the battalion or the stress given
    seen = []
    i = 2
    while i < len(words):
        t = words[i]
        if t in seen:
            raise parse.Reject(parse.SYNTAX, "'%s' is given twice" % t)
        seen.append(t)
        if t == "stress" and i + 1 < len(words) and not where:
            i += 1
            stress = parse.number(words[i], 0, 99, "mission stress")
        elif t == "xp" and i + 1 < len(words):
            i += 1
            xp += parse.signed(words[i], 0, 9, "XP bonus")
        elif t == "destroyed" or t == "all":
            xp += 1  # battalion destroyed; every battalion unit destroyed
        elif not where and t in battalions.BANDS:
            band = battalions.band(t)
        elif not where and t[:1].isdigit():
            b = battalions.bn_find(vals, t)
            band = battalions.bn_band(vals, b)
        else:
            raise parse.Reject(parse.SYNTAX, "usage: mission end BAND|BATTALION|stress S "
                               "[destroyed] [all] [xp +X]")
        where = where or t not in ("xp", "destroyed", "all")
        i += 1
    if "destroyed" not in seen:
        b = -1
    elif b < 0 and campaign.on(vals):
        # «Ajustez la Force du Marqueur de Bataillon»: the campaign records which one
        raise parse.Reject(parse.STATE, "which battalion was destroyed? the mission was flown "
                           "against none: mission end BATTALION destroyed")
    if stress is None and band >= 0:
        stress = band_tables.band_stress(session, band)[0]
    if stress is None:
        raise parse.Reject(parse.SYNTAX, "mission end needs the target's band (er et fl ft fr ab), "
                           "its battalion, or stress S")
    return stress, xp, b


@asks
def mission(session, words):
    """`mission [show|start N...|home|abort|end ...]`: a mission's phases (docs/rules.md)."""
    vals = session.vals
    if len(words) == 1 or (len(words) == 2 and words[1] == "show"):
        return _mission_show(session)
    t = words[1]
    if t == "start":
        n = len(words)
        target = 0
        if n > 4 and words[n - 2] == "vs":
            target = _target(vals, words[n - 1])
            n -= 2
        if n < 3:
            raise parse.Reject(parse.SYNTAX, "usage: mission start N... [vs BATTALION|BAND]")
        holes = []
        mission_rules.start(session, _slots(session, words[:n], 2), holes)
        vals[fields.TARGET] = target
        out = _mission_show(session)
        if holes:
            out += (("holes", [Obj((("ac", a + 1), ("pilot", k + 1), ("stress", n)))
                               for a, k, n in holes]),)
        return out
    if t == "home":
        parse.arity(words, 2, 2, "mission home")
        back = mission_rules.go_home(session)
        return _mission_show(session) + ((("returned", back),) if back else ())
    if t == "abort":
        parse.arity(words, 2, 2, "mission abort")
        mission_rules.abort(session)
        return _mission_show(session)
    if t == "fuel":
        # "Priorité Ravitaillement": 1 SO lifts the mission's weight penalty, while arming
        parse.arity(words, 2, 2, "mission fuel  (Fuel Priority: 1 SO)")
        # «au cours de l'étape d'armement»: arming comes before "Bilan dommages moteur"
        if (vals[fields.PHASE] != mission_rules.P_TARGET
                or vals[fields.TARGET] & loiter.ENGINE_CHECKED):
            raise parse.Reject(parse.STATE, "Fuel Priority is bought while arming, target-bound "
                               "before the engine checks")
        if vals[fields.TARGET] & FUEL_PRIORITY:
            raise parse.Reject(parse.STATE, "Fuel Priority is bought already")
        campaign.spend(vals, battalions.FUEL_PRIORITY_COST)
        vals[fields.TARGET] |= FUEL_PRIORITY
        return _mission_show(session) + (("so", vals[fields.SO]),)
    if t == "end":
        mission_rules.end(session, None, 0, None)
        stress, xp, b = _end_args(session, words)
        n = 0
        if b >= 0 and battalions.bn_strength(vals, b) != battalions.DESTROYED:
            # «Ajustez la Force du Marqueur de Bataillon»: off the sector map with its VP
            # (engine/tal/battalions.py), once: none more if `vp battalion` recorded it already
            n = battalions.battalion_vp(vals, b, battalions.DESTROYED)
        done = []
        cups_back = mission_rules.end(session, stress, xp, done)
        out = []
        for k, promoted in done:
            out.append(Obj((("pilot", k + 1),
                            ("name", pilots.name(session, vals[fields.P_NAME + k])),
                            ("stress", vals[fields.P_STRESS + k]),
                            ("status", pilots.status_word(vals, k)),
                            ("xp", vals[fields.P_XP + k]),
                            ("level", pilots.LEVELS[pilots.level(vals, k)]),
                            ("promoted", bool(promoted))) +
                           ((("wounded", True),) if pilots.flag(vals, k, pilots.WOUNDED) else ())))
        res = (("stress", stress), ("xp", xp), ("pilots", out))
        if b >= 0:
            res += (("destroyed", battalions.bn_name(vals[fields.BN_ID + b])), ("gain", n),
                    ("vp", vals[fields.VP]))
        if promoted_any(done):
            res += (("note", "promoted: enter the new card's values (pilot card K ...)"),)
        if cups_back[0] or cups_back[1]:
            res += (("returned", Obj((("hit", cups_back[0]), ("popup", cups_back[1])))),)
        return res + battalions.ended(vals)
    raise parse.Reject(parse.UNKNOWN, "usage: mission [start N...|home|abort|end ...]")


def promoted_any(done):
    """Whether a pilot of `mission end` was promoted."""
    for _k, p in done:
        if p:
            return True
    return False
