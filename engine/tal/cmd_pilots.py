"""Protocol commands for pilots: `pilot ...` (docs/protocol/campaign.md; rules in docs/rules.md).

    pilot add NAME OKAY SHAKEN COOL [fast|slow] [evasive N] [level L] [need X]
    pilot card K OKAY SHAKEN COOL [fast|slow] [evasive N] [need X]    (a new card side)
    pilot list | pilot show K
    pilot stress K +N|-N | pilot xp K +N
    pilot promote K [N]     priority promotion at set-up, 1 SO per level
    pilot level K LEVEL     skill adjustment at set-up (no cost; raises balanced by lowerings)
    pilot rr                R&R priority (2 SO, once a day, end of day): all recover 2 + Cool
    pilot heal K            repair a Wounded marker (1 SO, end of day)
    pilot replace K NAME OKAY SHAKEN COOL [...]   a new pilot of the same level and type (1 VP)
    pilot remove K

In a campaign each of these is allowed only at its place in the sequence of play (set-up, end
of day); without one they are a free calculator.

NAME is a name of data/tal/pilots.txt (or #N); K is the roster number (1..12) the replies show.
"""

# At the top, not in `pilot add`'s crew check where it was first needed: imported there, after
# pilots.txt's rows, its 72 names' table found no room among them.  campaign.md:68 needed 22.75 KB
# against 24.75 on unix32-frozen, campaign.md:439 23.0 against 24.5.
from engine.tal import aircraft
from engine.tal import campaign
from engine.tal import fields
from engine.core import parse
from engine.tal import pilots
from engine.core.jsonline import Obj

_CARD = "OKAY SHAKEN COOL [fast|slow] [evasive N] [need X]"
_PROMOTED = "promoted: enter the new card's values (pilot card K %s)" % _CARD


def pilot_pairs(session, k, name=True):
    """The reply pairs that describe pilot slot k."""
    vals = session.vals
    need = vals[fields.P_NEED + k]
    ac = None
    for a in range(fields.AC_MAX):
        if vals[fields.AC_TYPE + a] and vals[fields.AC_PILOT + a] == k + 1:
            ac = a + 1
    out = [("pilot", k + 1)]
    if name:
        out.append(("name", pilots.name(session, vals[fields.P_NAME + k])))
    out += [("level", pilots.LEVELS[pilots.level(vals, k)]), ("stress", vals[fields.P_STRESS + k]),
            ("status", pilots.status_word(vals, k)), ("okay", vals[fields.P_OKAY + k]),
            ("shaken", vals[fields.P_SHAKEN + k]), ("cool", pilots.cool(vals, k)),
            ("evasive", pilots.evasive(vals, k)),
            ("speed", "slow" if pilots.flag(vals, k, pilots.SLOW) else "fast"),
            ("xp", vals[fields.P_XP + k]),
            ("need", need or None), ("wounded", pilots.flag(vals, k, pilots.WOUNDED)),
            ("flew", pilots.flag(vals, k, pilots.FLEW)), ("ac", ac)]
    return out


def _stress_pairs(vals, k):
    return (("pilot", k + 1), ("stress", vals[fields.P_STRESS + k]),
            ("status", pilots.STATUS[pilots.status(vals, k)])) + _wounded(vals, k)


def _wounded(vals, k):
    """(("wounded", True),) for a pilot with the Wounded marker, else (): a screen says his
    condition the same way wherever it shows him (his status, then the marker)."""
    return (("wounded", True),) if pilots.flag(vals, k, pilots.WOUNDED) else ()


def _card(session, words, i, k, allow_level):
    """Parse OKAY SHAKEN COOL and options from w[i:] into pilot slot k's card."""
    vals = session.vals
    if len(words) < i + 3:
        raise parse.Reject(parse.SYNTAX, "a card is " + _CARD)
    okay = parse.number(words[i], 0, pilots.LIMIT_MAX, "Okay limit")
    shaken = parse.number(words[i + 1], 0, pilots.LIMIT_MAX, "Shaken limit")
    cool = parse.number(words[i + 2], 0, pilots.COOL_MAX, "Cool")
    slow = pilots.flag(vals, k, pilots.SLOW)
    eva = 0
    need = 0
    lvl = None
    j = i + 3
    while j < len(words):
        t = words[j]
        if t == "fast" or t == "slow":
            slow = t == "slow"
        elif t in ("evasive", "need", "level") and j + 1 < len(words):
            j += 1
            if t == "evasive":
                eva = parse.number(words[j], 0, pilots.EVASIVE_MAX, "Evasive")
            elif t == "need":
                need = parse.number(words[j], 1, pilots.XP_MAX, "XP needed")
            elif allow_level:
                lvl = _level(words[j])
            else:
                raise parse.Reject(parse.SYNTAX, "a card is " + _CARD)
        else:
            raise parse.Reject(parse.SYNTAX, "a card is " + _CARD + (" [level L]" if allow_level
                                                                       else ""))
        j += 1
    pilots.set_card(vals, k, okay, shaken, cool, eva, slow, need)
    if lvl is not None:
        vals[fields.P_STATE + k] = (vals[fields.P_STATE + k] & ~7) | lvl
    _refresh_aircraft(session, k)


def _level(word):
    for i in range(len(pilots.LEVELS)):
        if pilots.LEVELS[i] == word:
            return i
    raise parse.Reject(parse.UNKNOWN, "levels: " + " ".join(pilots.LEVELS))


def _refresh_aircraft(session, k):
    # The aircraft the pilot sits in flies at the card's speed and Evasive.
    vals = session.vals
    for a in range(fields.AC_MAX):
        if vals[fields.AC_TYPE + a] and vals[fields.AC_PILOT + a] == k + 1:
            aircraft.set_gear(vals, a, pilots.flag(vals, k, pilots.SLOW),
                              aircraft.has_fuel(vals, a), aircraft.has_ecm(vals, a),
                              pilots.evasive(vals, k))


def _name(session, word, k):
    vals = session.vals
    n = pilots.name_number(session, word)
    for j in range(fields.PILOT_MAX):
        if j != k and vals[fields.P_NAME + j] == n:
            name = pilots.name(session, n)  # as his card prints it: "Gator is pilot 2"
            raise parse.Reject(parse.STATE, "%s%s is pilot %d" % (name[:1].upper(), name[1:],
                                                                  j + 1))
    return n


def _crew_room(session, k, n):
    """"Choix des Pilotes": one pilot per aircraft card plus one per aircraft type (drones take
    none): refuse pilot name n in slot k beyond that."""
    vals = session.vals
    fam = pilots.family(session, n)
    if fam is None:
        return  # a name the data file does not list: its type is not known
    planes = 0
    for a in range(fields.AC_MAX):
        if (aircraft.used(vals, a) and not aircraft.unmanned(session, a)
                and aircraft.family(session, a) == fam):
            planes += 1
    crew = 0
    for j in range(fields.PILOT_MAX):
        if (j != k and pilots.used(vals, j)
                and pilots.family(session, vals[fields.P_NAME + j]) == fam):
            crew += 1
    if crew >= planes + (1 if planes else 0):
        raise parse.Reject(parse.STATE, "the squadron takes one %s pilot per %s aircraft and one "
                           "more: %d aircraft, %d pilots" % (fam.upper(), fam.upper(), planes,
                                                             crew))


def _add(session, words):
    vals = session.vals
    if len(words) < 6:
        raise parse.Reject(parse.SYNTAX, "usage: pilot add NAME " + _CARD + " [level L]")
    campaign.require_setup(vals, "choosing pilots")
    if campaign.on(vals) and "level" in words:
        raise parse.Reject(parse.STATE, "pilots join at Average: adjust levels with pilot level")
    k = pilots.free_slot(vals)
    vals[fields.P_NAME + k] = _name(session, words[2], k)
    # «Tous les pilotes se joignent à l'escadron ... Normal»
    vals[fields.P_STATE + k] = pilots.AVERAGE
    _card(session, words, 3, k, not campaign.on(vals))
    if campaign.on(vals):
        _crew_room(session, k, vals[fields.P_NAME + k])
    return tuple(pilot_pairs(session, k))


def _card_cmd(session, words):
    vals = session.vals
    k = pilots.slot(vals, words[2] if len(words) > 2 else "")
    _card(session, words, 3, k, False)
    # "Promotion des Pilotes": the XP kept after a promotion count towards the new card's
    # number, so a surplus that already reaches it promotes again.
    up = pilots.gain_xp(vals, k, 0)
    out = tuple(pilot_pairs(session, k))
    if up:
        out += (("promoted", True), ("note", _PROMOTED))
    return out


def _list(session, words):
    parse.arity(words, 2, 2, "pilot list")
    vals = session.vals
    return (("pilots", [Obj(pilot_pairs(session, k)) for k in range(fields.PILOT_MAX)
                        if pilots.used(vals, k)]),)


def _show(session, words):
    parse.arity(words, 3, 3, "pilot show K")
    return tuple(pilot_pairs(session, pilots.slot(session.vals, words[2])))


def _alive(vals, k):
    if pilots.flag(vals, k, pilots.KILLED):
        raise parse.Reject(parse.STATE, "pilot %d was killed" % (k + 1))


def _stress(session, words):
    parse.arity(words, 4, 4, "pilot stress K +N|-N")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    _alive(vals, k)
    if words[3][:1] not in ("+", "-"):
        raise parse.Reject(parse.SYNTAX, "stress changes look like +2 or -1")
    n = parse.signed(words[3], -pilots.STRESS_MAX, pilots.STRESS_MAX, "stress")
    if n < 0 and pilots.flag(vals, k, pilots.WOUNDED):
        raise parse.Reject(parse.STATE, "pilot %d is Wounded: no stress comes off until the "
                           "Wounded marker is repaired (pilot heal)" % (k + 1))
    pilots.add_stress(vals, k, n)
    out = _stress_pairs(vals, k)
    if pilots.status(vals, k) == pilots.UNFIT:
        for a in range(fields.AC_MAX):
            if (vals[fields.AC_TYPE + a] and vals[fields.AC_PILOT + a] == k + 1
                    and vals[fields.AC_STATE + a] & 7 == 1):
                out += (("weapons", pilots.UNFIT_NOTE),)  # his aircraft is flying
    return out


def _xp(session, words):
    parse.arity(words, 4, 4, "pilot xp K +N")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    if words[3][:1] != "+":
        raise parse.Reject(parse.SYNTAX, "XP gains look like +2")
    up = pilots.gain_xp(vals, k, parse.signed(words[3], 1, pilots.XP_MAX, "XP"))
    out = (("pilot", k + 1), ("xp", vals[fields.P_XP + k]),
           ("need", vals[fields.P_NEED + k] or None),
           ("level", pilots.LEVELS[pilots.level(vals, k)]), ("promoted", bool(up)))
    if up:
        out += (("note", _PROMOTED),)
    return out


def _promote(session, words):
    parse.arity(words, 3, 4, "pilot promote K [LEVELS]  (1 SO per level)")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    _alive(vals, k)
    campaign.require_setup(vals, "priority promotion")
    n = parse.number(words[3], 1, pilots.ACE, "levels") if len(words) == 4 else 1
    if pilots.level(vals, k) + n > pilots.ACE:
        raise parse.Reject(parse.STATE, "pilot %d is %s: Ace is the top level" % (
            k + 1, pilots.LEVELS[pilots.level(vals, k)]))
    campaign.spend(vals, n * campaign.PROMOTION_COST)
    vals[fields.P_STATE + k] += n
    vals[fields.P_NEED + k] = 0  # the new card's number, entered with pilot card
    return (("pilot", k + 1), ("level", pilots.LEVELS[pilots.level(vals, k)]),
            ("so", vals[fields.SO]),
            ("note", "enter the new card's values (pilot card K %s)" % _CARD))


def _level_cmd(session, words):
    parse.arity(words, 4, 4, "pilot level K LEVEL")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    campaign.require_setup(vals, "adjusting skill levels")
    lvl = _level(words[3])
    # «Chaque augmentation doit s'accompagner ... diminution»
    vals[fields.ADJUST] += lvl - pilots.level(vals, k)
    vals[fields.P_STATE + k] = (vals[fields.P_STATE + k] & ~7) | lvl
    out = (("pilot", k + 1), ("level", pilots.LEVELS[lvl]))
    return out + ((("unbalanced", vals[fields.ADJUST]),) if campaign.on(vals) else ())


def _recovered(session, k, n):
    vals = session.vals
    return Obj((("pilot", k + 1), ("recovered", n), ("stress", vals[fields.P_STRESS + k]),
                ("status", pilots.STATUS[pilots.status(vals, k)])) + _wounded(vals, k))


def _rr(session, words):
    parse.arity(words, 2, 2, "pilot rr  (R&R priority: 2 SO, once a day)")
    vals = session.vals
    campaign.require_step(vals, campaign.S_RR, "R&R")
    if vals[fields.CAMP] & campaign.RR_USED:
        raise parse.Reject(parse.STATE, "R&R was already bought today")
    campaign.spend(vals, campaign.RR_COST)
    vals[fields.CAMP] |= campaign.RR_USED
    out = []
    for k in range(fields.PILOT_MAX):
        if pilots.used(vals, k) and not pilots.flag(vals, k, pilots.KILLED):
            gain = pilots.REST_RECOVERY + pilots.cool(vals, k)
            out.append(_recovered(session, k, pilots.recover(vals, k, gain)))
    return (("so", vals[fields.SO]), ("rested", out))


def _heal(session, words):
    parse.arity(words, 3, 3, "pilot heal K  (repair Wounded: 1 SO)")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    _alive(vals, k)
    if not pilots.flag(vals, k, pilots.WOUNDED):
        raise parse.Reject(parse.STATE, "pilot %d is not Wounded" % (k + 1))
    campaign.require_step(vals, campaign.S_REPAIR, "repairs")
    campaign.spend(vals, campaign.REPAIR_COST)
    pilots.set_flag(vals, k, pilots.WOUNDED, False)
    return _stress_pairs(vals, k) + (("wounded", False), ("so", vals[fields.SO]))


def _replace(session, words):
    if len(words) < 7:
        raise parse.Reject(parse.SYNTAX, "usage: pilot replace K NAME " + _CARD + "  (1 VP)")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    campaign.require_step(vals, campaign.S_REPLACE, "replacements")
    campaign.require_replacement(vals)
    campaign.add_vp(vals, -campaign.PILOT_REPLACEMENT_VP)
    old = vals[fields.P_NAME + k]
    new = _name(session, words[3], k)
    # "Remplacements, Pilotes": «un nouveau pilote du même niveau de compétence et volant sur le
    # même type d'appareil ... que s'il est nouveau et qu'il n'a jamais fait partie de votre
    # escadrille»
    if pilots.family(session, new) != pilots.family(session, old):
        raise parse.Reject(parse.STATE, "a replacement flies the same aircraft type: %s flies the "
                           "%s, %s the %s" % (
                               pilots.name(session, old), str(pilots.family(session, old)).upper(),
                               pilots.name(session, new), str(pilots.family(session, new)).upper()))
    served = new == old  # the pilot replaced is not new either
    free = -1
    for i in range(fields.FORMER_MAX):
        f = vals[fields.FORMER + i]
        served = served or f == new
        if not f and free < 0:
            free = i
    if served:
        raise parse.Reject(parse.STATE, "%s has served in the squadron: a replacement is a new "
                           "pilot" % pilots.name(session, new))
    note = ()
    if free < 0:
        # The rules set no limit on replacements; the device remembers the last FORMER_MAX
        # pilots replaced, so the oldest is forgotten (the player checks that one by hand).
        free = fields.FORMER_MAX - 1
        note = (("note", "the device remembers the last %d pilots replaced: %s is forgotten, check "
                 "older names yourself" % (fields.FORMER_MAX,
                                           pilots.name(session, vals[fields.FORMER]))),)
        for i in range(free):
            vals[fields.FORMER + i] = vals[fields.FORMER + i + 1]
    vals[fields.FORMER + free] = old
    vals[fields.P_NAME + k] = new
    vals[fields.P_STATE + k] &= 7  # a new pilot at the same level: no marker, no flight today
    vals[fields.P_STRESS + k] = 0
    vals[fields.P_XP + k] = 0
    for a in range(fields.AC_MAX):  # the new pilot joins the squadron without an aircraft
        if vals[fields.AC_TYPE + a] and vals[fields.AC_PILOT + a] == k + 1:
            vals[fields.AC_PILOT + a] = 0
    _card(session, words, 4, k, False)
    return tuple(pilot_pairs(session, k)) + (("vp", vals[fields.VP]),) + note


def _remove(session, words):
    parse.arity(words, 3, 3, "pilot remove K")
    vals = session.vals
    k = pilots.slot(vals, words[2])
    campaign.require_setup(vals, "removing a pilot")
    for a in range(fields.AC_MAX):
        if vals[fields.AC_TYPE + a] and vals[fields.AC_PILOT + a] == k + 1:
            if vals[fields.AC_STATE + a] & aircraft.IN_MISSION:
                raise parse.Reject(parse.STATE, "pilot %d is flying a mission" % (k + 1))
            vals[fields.AC_PILOT + a] = 0
    for f in (fields.P_NAME, fields.P_OKAY, fields.P_SHAKEN, fields.P_STRESS, fields.P_XP,
              fields.P_NEED, fields.P_SKILL, fields.P_STATE):
        vals[f + k] = 0
    return (("removed", k + 1),)


_SUBS = (("add", _add), ("card", _card_cmd), ("list", _list), ("show", _show),
         ("stress", _stress), ("xp", _xp), ("promote", _promote), ("level", _level_cmd),
         ("rr", _rr), ("heal", _heal), ("replace", _replace),
         ("remove", _remove))


def pilot(session, words):
    """`pilot add|card|list|show|stress|xp|promote|level|rr|heal|replace|remove ...`."""
    if len(words) >= 2:
        for name, fn in _SUBS:
            if name == words[1]:
                return fn(session, words)
    raise parse.Reject(parse.SYNTAX if len(words) < 2 else parse.UNKNOWN,
                       "usage: pilot add|card|list|show|stress|xp|promote|level|rr|heal|"
                       "replace|remove ...")
