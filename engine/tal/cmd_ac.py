"""Protocol commands for the aircraft roster (docs/rules.md): `ac ...` (docs/protocol/mission.md).

    ac add TYPE [buy] [fast|slow] [high|low] [fuel] [ecm] [evasive N] [pilot K]
    ac set N [fast|slow] [high|low] [fuel|nofuel] [ecm|noecm] [evasive N] [pilot K|nopilot]
    ac list | ac hit N EFFECT [V] | ac attacked N UNIT... [heavy-first] (engine/tal/cmd_attack.py)
    ac repair N MARKER [COUNT] | ac leave N | ac replace N [salvage M] | ac remove N
"""

from engine.tal import aircraft
from engine.tal import campaign
from engine.core import datatables
from engine.tal import fields
from engine.core import parse
from engine.tal import pilots
from engine.core.jsonline import Obj

# --- ac ------------------------------------------------------------------------------------------
def _gear_words(session, words, i, a):
    """Parse [fast|slow] [high|low] [fuel|nofuel] [ecm|noecm] [evasive N] [pilot K|nopilot] [buy]
    from w[i:].

    Returns [slow, fuel, ecm, evasive, pilot, buy, high] with None where not given (pilot -1:
    none).
    """
    o = [None, None, None, None, None, False, None]
    while i < len(words):
        t = words[i]
        if t == "fast" or t == "slow":
            o[0] = t == "slow"
        elif t == "high" or t == "low":
            o[6] = t == "high"
        elif t == "fuel" or t == "nofuel":
            o[1] = t == "fuel"
        elif t == "ecm" or t == "noecm":
            o[2] = t == "ecm"
        elif t == "evasive" and i + 1 < len(words):
            i += 1
            o[3] = parse.number(words[i], 0, 7, "evasive")
        elif t == "pilot" and i + 1 < len(words):
            i += 1
            o[4] = pilots.slot(session.vals, words[i])
        elif t == "nopilot":
            o[4] = -1
        elif t == "buy" and a < 0:
            o[5] = True
        else:
            raise parse.Reject(parse.SYNTAX, "aircraft options: fast|slow high|low fuel|nofuel "
                               "ecm|noecm evasive N pilot K|nopilot" + (" buy" if a < 0 else ""))
        i += 1
    return o


def _apply_gear(session, a, o):
    vals = session.vals
    # "Appareils et Armements": «L'AC-130 ne peut voler qu'à haute altitude»
    if aircraft.gunship(session, a):
        if o[6] is False:
            raise parse.Reject(parse.STATE, "the AC-130 flies at high altitude only")
        o[6] = True
    if o[4] is not None:
        if aircraft.in_mission(vals, a):
            raise parse.Reject(parse.STATE, "aircraft %d is flying a mission" % (a + 1))
        aircraft.assign(session, a, o[4])
    aircraft.set_gear(vals, a, aircraft.is_slow(vals, a) if o[0] is None else o[0],
                      aircraft.has_fuel(vals, a) if o[1] is None else o[1],
                      aircraft.has_ecm(vals, a) if o[2] is None else o[2],
                      aircraft.evasive(vals, a) if o[3] is None else o[3])
    if o[6] is not None and o[6] != aircraft.high(vals, a):
        if _altitude_forced(session, a):
            # «L'avion doit rester à cette altitude jusqu'à la fin de son prochain tour»
            raise parse.Reject(parse.STATE, "aircraft %d took an Altitude hit: it keeps this "
                               "altitude until the end of its next turn" % (a + 1))
        vals[fields.AC_GEAR + a] ^= aircraft.G_HIGH


def _altitude_forced(session, a):
    # Does aircraft a hold an Altitude counter?  The cups load only when it holds a Hit counter.
    vals = session.vals
    for k in range(fields.HIT_HELD, fields.HIT_HELD + fields.HIT_HELD_MAX):
        if vals[k]:
            from engine.tal.cups import data as cupdata, rules as cups
            return cups.holds_altitude(vals, cupdata.definition(session, cupdata.HIT_FILE), a + 1)
    return False


def _ac_add(session, words):
    parse.arity(words, 3, 20, "ac add TYPE [buy] [fast|slow] [fuel] [ecm] [evasive N] [pilot K]")
    vals = session.vals
    row = aircraft.find_type(session, words[2])
    number, type_name, _family, _class, cost, _boxes, _wp, year = row
    a = aircraft.free_slot(vals)
    o = _gear_words(session, words, 3, -1)
    if campaign.on(vals):
        # "Achat des Appareils": bought at the set-up, in service by the campaign's year
        campaign.require_setup(vals, "buying aircraft")
        if vals[fields.YEAR]:
            if year is None:  # a `?` of data/tal/aircraft.txt (the AC-130's ...): asked
                from engine.tal import aircraft_card
                year = aircraft_card.value(session, row, aircraft_card.YEAR)
            if year > vals[fields.YEAR]:
                raise parse.Reject(parse.STATE, "the %s entered service in %d, after the "
                                   "campaign's %d" % (type_name.upper(), year, vals[fields.YEAR]))
        o[5] = True
    vals[fields.AC_TYPE + a] = number
    out = []
    if o[5]:
        if cost is None:  # a `?` of data/tal/aircraft.txt: asked
            from engine.tal import aircraft_card
            cost = aircraft_card.value(session, row, aircraft_card.COST)
        campaign.spend(vals, cost)
        out.append(("cost", cost))
        out.append(("so", vals[fields.SO]))
    _apply_gear(session, a, o)
    return tuple(aircraft.pairs(session, a) + out) + datatables.data_note("tal/aircraft.txt")


def _ac_set(session, words):
    parse.arity(words, 4, 20, "ac set N [fast|slow] [fuel|nofuel] [ecm|noecm] [evasive N] "
                "[pilot K|nopilot]")
    a = aircraft.slot(session.vals, words[2])
    _apply_gear(session, a, _gear_words(session, words, 3, a))
    return tuple(aircraft.pairs(session, a))


def _ac_list(session, words):
    parse.arity(words, 2, 2, "ac list")
    vals = session.vals
    listed = [Obj(aircraft.pairs(session, a)) for a in range(fields.AC_MAX)
              if aircraft.used(vals, a)]
    return (("aircraft", listed),) + datatables.data_note("tal/aircraft.txt")


def _ac_hit(session, words):
    parse.arity(words, 4, 5, "ac hit N EFFECT [V]  (EFFECT: no-effect killed stress wounded " +
                " ".join(aircraft.MARKERS) + ")")
    vals = session.vals
    a = aircraft.slot(vals, words[2])
    st = aircraft.status(vals, a)
    if st >= aircraft.CRASH_TARGET:
        raise parse.Reject(parse.STATE, "aircraft %d has crashed" % (a + 1))
    if campaign.on(vals) and not aircraft.in_mission(vals, a):
        # "Evenement de Mission": «les événements s'appliquent uniquement aux appareils/pilotes
        # participant à la mission»; enemies attack only the aircraft over the battlefield
        raise parse.Reject(parse.STATE, "aircraft %d is not flying a mission" % (a + 1))
    code = words[3]
    n = 0 if code == "cannon" else 1  # an AC-130's gun at random unless named
    if len(words) == 5:
        if code != "stress" and not (code == "cannon" and aircraft.gunship(session, a)):
            raise parse.Reject(parse.SYNTAX,
                               "only stress N (and an AC-130's cannon GUN) take a value")
        n = parse.number(words[4], 1, 9 if code == "stress" else aircraft.GUNS, "value")
    elif code in ("altitude", "attack", "no-cannon", "no-hover", "no-stand-off", "no-strike"):
        raise parse.Reject(parse.STATE, "%s is a temporary counter: it stays beside the aircraft "
                           "(cup draw, or by hand) until the end of its next turn" % code)
    from engine.tal import mission
    before = vals[fields.VP]
    back = mission.enemy_attack(session) if mission.on_battlefield(vals, a) else []
    r = mission.apply_hit(session, a, code, n)
    out = ((("result", mission.RESULTS[r]),) + tuple(aircraft.pairs(session, a)) +
           campaign.vp_pairs(session, before))
    if back:
        out += (("returned", back),)
    return out + datatables.data_note("tal/aircraft.txt")


def _ac_repair(session, words):
    parse.arity(words, 4, 5, "ac repair N MARKER [COUNT]  (1 SO each)")
    vals = session.vals
    a = aircraft.slot(vals, words[2])
    if aircraft.status(vals, a) >= aircraft.CRASH_TARGET:
        raise parse.Reject(parse.STATE, "aircraft %d has crashed: replace it (ac replace)" % (
            a + 1))
    campaign.require_step(vals, campaign.S_REPAIR, "repairs")
    m = aircraft.marker_index(words[3])
    if m < 0:
        raise parse.Reject(parse.UNKNOWN, "markers: " + " ".join(aircraft.MARKERS) +
                           " (a pilot's Wounded: pilot heal)")
    count = parse.number(words[4], 1, aircraft.MARKER_MAX, "count") if len(words) == 5 else 1
    have = aircraft.marker(vals, a, m)
    if m == aircraft.CANNON and aircraft.gunship(session, a):
        guns = aircraft.marker_count(session, a, m)
        if count > guns:
            raise parse.Reject(parse.STATE, "aircraft %d has %d disabled guns" % (a + 1, guns))
        for _ in range(count):
            have &= have - 1  # the lowest disabled gun first
    elif count > have:
        raise parse.Reject(parse.STATE, "aircraft %d has %d %s markers" % (a + 1, have, words[3]))
    else:
        have -= count
    campaign.spend(vals, count * campaign.REPAIR_COST)
    aircraft.set_marker(vals, a, m, have)
    return tuple(aircraft.pairs(session, a)) + (("so", vals[fields.SO]),)


def _ac_leave(session, words):
    parse.arity(words, 3, 3, "ac leave N")
    vals = session.vals
    a = aircraft.slot(vals, words[2])
    from engine.tal import mission
    back = mission.leave(session, a)
    out = (("ac", a + 1), ("status", aircraft.STATUS[aircraft.status(vals, a)]),
           ("bingo", aircraft.bingo(vals, a)),
           ("phase", mission.PHASES[vals[fields.PHASE]]))
    return out + ((("returned", back),) if back else ())


# "Pièces sauvables"
SALVAGE = (aircraft.ENGINE, aircraft.PYLON, aircraft.HUD, aircraft.DISPLAY, aircraft.CONTROLS,
           aircraft.CANNON)


def _salvage(session, a, b):
    """"Sauvetage": aircraft a, replaced without having crashed, gives its parts to b of the same
    type: one marker of each salvageable kind a has not got comes off b.  Returns the kinds."""
    vals = session.vals
    if vals[fields.AC_TYPE + b] != vals[fields.AC_TYPE + a] or b == a:
        raise parse.Reject(parse.STATE, "salvage repairs another aircraft of the same type")
    if aircraft.status(vals, a) >= aircraft.CRASH_TARGET:
        raise parse.Reject(parse.STATE, "a crashed aircraft gives no parts")
    out = []
    for m in SALVAGE:
        have = aircraft.marker(vals, b, m)
        if have and not aircraft.marker(vals, a, m):
            gun = m == aircraft.CANNON and aircraft.gunship(session, b)
            aircraft.set_marker(vals, b, m, have & (have - 1) if gun else have - 1)
            out.append(aircraft.MARKERS[m])
    return out


def _ac_replace(session, words):
    parse.arity(words, 3, 5, "ac replace N [salvage M]  (2 VP; not at 0 VP or less)")
    vals = session.vals
    a = aircraft.slot(vals, words[2])
    if aircraft.in_mission(vals, a):
        raise parse.Reject(parse.STATE, "aircraft %d is flying a mission" % (a + 1))
    campaign.require_step(vals, campaign.S_REPLACE, "replacements")
    campaign.require_replacement(vals)
    salvaged = ()
    if len(words) > 3:
        if len(words) != 5 or words[3] != "salvage":
            raise parse.Reject(parse.SYNTAX, "usage: ac replace N [salvage M]")
        b = aircraft.slot(vals, words[4])
        salvaged = (("salvage", Obj((("ac", b + 1), ("repaired", _salvage(session, a, b))))),)
    campaign.add_vp(vals, -campaign.AIRCRAFT_REPLACEMENT_VP)
    vals[fields.AC_DMG + a] = 0
    vals[fields.AC_DMG2 + a] = 0
    vals[fields.AC_STATE + a] = aircraft.BASE
    k = aircraft.pilot(vals, a)
    if k >= 0 and pilots.flag(vals, k, pilots.KILLED):
        vals[fields.AC_PILOT + a] = 0
    return tuple(aircraft.pairs(session, a)) + (("vp", vals[fields.VP]),) + salvaged


def _ac_remove(session, words):
    parse.arity(words, 3, 3, "ac remove N")
    vals = session.vals
    a = aircraft.slot(vals, words[2])
    campaign.require_setup(vals, "removing an aircraft")
    if aircraft.in_mission(vals, a):
        raise parse.Reject(parse.STATE, "aircraft %d is flying a mission" % (a + 1))
    for f in (fields.AC_TYPE, fields.AC_PILOT, fields.AC_GEAR, fields.AC_STATE, fields.AC_DMG,
              fields.AC_DMG2):
        vals[f + a] = 0
    return (("removed", a + 1),)


_AC = (("add", _ac_add), ("set", _ac_set), ("list", _ac_list), ("hit", _ac_hit),
       ("repair", _ac_repair), ("leave", _ac_leave),
       ("replace", _ac_replace), ("remove", _ac_remove))


def _sub(words, table, usage):
    if len(words) < 2:
        raise parse.Reject(parse.SYNTAX, "usage: " + usage)
    for name, fn in table:
        if name == words[1]:
            return fn
    raise parse.Reject(parse.UNKNOWN, "usage: " + usage)


def ac(session, words):
    """`ac add|set|list|hit|attacked|repair|leave|replace|remove ...`: the aircraft roster."""
    try:
        return _sub(words, _AC,
                    "ac add|set|list|hit|attacked|repair|leave|replace|remove ...")(session, words)
    except parse.Reject as e:
        # an aircraft card's `?` asked (engine/tal/aircraft_card.py): the request waits for
        # `answer`, as engine/tal/ask.py `asks` keeps it (not wrapped with it: no closure nor
        # name more in this module, which every `ac` request loads)
        if e.code == "ask":
            session.asking = (words, e.question)
        raise
