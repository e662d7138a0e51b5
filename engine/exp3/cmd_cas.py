"""Protocol command `cas` of Expansion #3, Friendlies! (Expansion #3): Close Air Support missions.

Every command refuses (error `state`) unless `game exp3` is selected.  The mission's VP go through
the campaign's VP track (`engine.tal.campaign`), so the campaign total is always the one shown.
"""

from engine.exp3 import rules
from engine.tal import fields
from engine.core import parse
from engine.tal.cmd_game import EXP3, dice_words, require
from engine.core.jsonline import Obj

MAX_VP = 20  # a card's VP value
MAX_SKILL = 9
MAX_TARGET = 99
_MAX_WORDS = 100


def _vp(session, delta):
    """Add `delta` to the campaign's VP track; return the new total."""
    from engine.tal import campaign

    campaign.add_vp(session.vals, delta)
    return session.vals[fields.VP]


def _squads(session):
    """The Squad data file's definition (capacity, friendly-fire modifier)."""
    from engine.exp3 import data as exp3data

    return exp3data.squads(session)


def _ground(session):
    from engine.tal.cups import data as cupdata

    return cupdata.definition(session, cupdata.GROUND_FILE)


def _data(definition, pairs):
    # Wherever unverified data decided something, the reply says so (the player checks it).
    if definition.status[:8].lower() != "verified":
        return pairs + (("data", definition.status),)
    return pairs


# --- helpers ------------------------------------------------------------------------------
def _hexno(word):
    return parse.number(word, 1, rules.HEXES, "hex")


def _squad(vals, word):
    i = parse.number(word, 1, rules.CAS_SQUADS, "squad") - 1
    n = rules.squad_count(vals)
    if n == 0:
        raise parse.Reject(parse.STATE, "no Squads yet (cas engaged ...)")
    if i >= n:
        raise parse.Reject(parse.RANGE, "squad must be 1..%d" % n)
    return i


def _alive(vals, i):
    if rules.sq_fate(vals, i) != rules.ALIVE:
        raise parse.Reject(parse.STATE, "squad %d is already eliminated" % (i + 1))


def _on(vals):
    if not vals[rules.CAS_ON]:
        raise parse.Reject(parse.STATE, "no CAS mission (cas card ...)")


def _squad_obj(vals, i):
    return Obj((("squad", i + 1), ("hex", rules.sq_hex(vals, i)), ("hits", rules.sq_hits(vals, i)),
                ("capacity", rules.sq_capacity(vals, i)), ("engaged", rules.engaged(vals, i)),
                ("fate", rules.FATES[rules.sq_fate(vals, i)])))


def _status(session):
    vals = session.vals
    return (("on", bool(vals[rules.CAS_ON])), ("vp_draw", vals[rules.CAS_VP_DRAW]),
            ("vp_squad", vals[rules.CAS_VP_SQUAD]), ("vp_complete", vals[rules.CAS_VP_COMPLETE]),
            ("mission_vp", vals[rules.CAS_VP_NET]),
            ("squads", [_squad_obj(vals, i) for i in range(rules.squad_count(vals))]))


# --- cas ------------------------------------------------------------------------------------
def cas(session, words):
    """`cas [card|engaged|enemies|attack|hit|cap|ff|end] ...`: a Close Air Support mission."""
    require(session, EXP3)
    parse.arity(words, 1, _MAX_WORDS, "cas [card|engaged|enemies|attack|hit|cap|ff|end] ...")
    sub = words[1] if len(words) > 1 else ""
    if sub == "":
        return _status(session)
    for name, fn in _SUBS:
        if name == sub:
            return fn(session, words)
    raise parse.Reject(parse.UNKNOWN, "cas: card, engaged, enemies, attack, hit, cap, ff, end")


def _card(session, words):
    """`cas card DRAW SQUAD [COMPLETE]`: a CAS card is drawn: lose DRAW VP at once."""
    parse.arity(words, 4, 5, "cas card DRAW_VP SQUAD_VP [COMPLETE_VP]")
    vals = session.vals
    if vals[rules.CAS_ON]:
        raise parse.Reject(parse.STATE, "a CAS mission is already on (cas end first)")
    from engine.tal import campaign

    today = campaign.on(vals)
    if today:
        # The CAS card is the day's Special Condition card («Shuffle the CAS cards into your
        # Special Condition deck»), drawn once, at the start of each day ("Condition Spéciale")
        if vals[fields.CAMP] & campaign.SETUP:
            raise parse.Reject(parse.STATE, "a CAS card is the day's Special Condition: the "
                               "set-up is not finished (campaign ready)")
        if vals[fields.STEP]:
            raise parse.Reject(parse.STATE, "a CAS card is the day's Special Condition: today's "
                               "missions are over (the next day draws again)")
        if vals[fields.CAMP] & rules.CAS_TODAY:
            raise parse.Reject(parse.STATE, "one Special Condition card a day: today's was a CAS "
                               "card already (the next day draws again)")
    draw = parse.number(words[2], 0, MAX_VP, "draw VP")
    per = parse.number(words[3], 0, MAX_VP, "VP per Unengaged Squad")
    bonus = parse.number(words[4], 0, MAX_VP, "Complete VP") if len(words) == 5 else 0
    rules.clear(vals)
    vals[rules.CAS_ON] = 1
    vals[rules.CAS_VP_DRAW] = draw
    vals[rules.CAS_VP_SQUAD] = per
    vals[rules.CAS_VP_COMPLETE] = bonus
    vals[rules.CAS_VP_NET] = -draw
    if today:
        vals[fields.CAMP] |= rules.CAS_TODAY
    return (("vp_change", -draw), ("mission_vp", -draw), ("vp", _vp(session, -draw)))


def _engaged(session, words):
    """`cas engaged N E [HEX|=D]`: N Squads and E enemy counters in one (random) hex."""
    parse.arity(words, 4, 5, "cas engaged SQUADS ENEMIES [HEX|=D]")
    vals = session.vals
    _on(vals)
    first = rules.squad_count(vals)
    n = parse.number(words[2], 1, rules.CAS_SQUADS, "squads")
    if first + n > rules.CAS_SQUADS:
        raise parse.Reject(parse.STATE, "at most %d Squads (%d placed)" % (rules.CAS_SQUADS, first))
    e = parse.number(words[3], 0, rules.MAX_ENEMIES, "enemies")
    die = None
    if len(words) == 5 and words[4][:1] != "=":
        h = _hexno(words[4])
    else:
        die = (parse.face(words[4], rules.HEXES) if len(words) == 5
               else session.rng.die(rules.HEXES))
        h = die
    if rules.enemies(vals, h) + e > rules.MAX_ENEMIES:
        raise parse.Reject(parse.RANGE, "at most %d enemy counters in a hex" % rules.MAX_ENEMIES)
    squad = _squads(session)
    cap = squad.capacity
    for i in range(first, first + n):
        rules.set_squad(vals, i, h, rules.ALIVE, cap, 0)
    rules.set_enemies(vals, h, rules.enemies(vals, h) + e)
    return _data(squad, (("die", die), ("hex", h),
                         ("squads", list(range(first + 1, first + n + 1))),
                         ("capacity", cap), ("enemies", rules.enemies(vals, h))))


def _enemies(session, words):
    """`cas enemies HEX N`: the enemy counters now in HEX (placed, moved in, destroyed)."""
    parse.arity(words, 4, 4, "cas enemies HEX N")
    vals = session.vals
    _on(vals)
    h = _hexno(words[2])
    rules.set_enemies(vals, h, parse.number(words[3], 0, rules.MAX_ENEMIES, "enemies"))
    squads = [_squad_obj(vals, i) for i in range(rules.squad_count(vals))
              if rules.sq_hex(vals, i) == h]
    return (("hex", h), ("enemies", rules.enemies(vals, h)), ("squads", squads))


def _hits_reply(vals, i, draws):
    pairs = (("squad", i + 1),)
    if draws is not None:
        pairs += (("draws", draws),)
    return pairs + (("hits", rules.sq_hits(vals, i)), ("capacity", rules.sq_capacity(vals, i)),
                    ("eliminated", rules.sq_fate(vals, i) == rules.ELIMINATED))


def _attack(session, words):
    """`cas attack S [N]`: the enemy counters of its hex attack Squad S: one Ground Forces Hit
    counter per enemy counter (N of them when only N attack it), each put back before the next."""
    parse.arity(words, 3, 4, "cas attack SQUAD [N]")
    vals = session.vals
    _on(vals)
    i = _squad(vals, words[2])
    _alive(vals, i)
    here = rules.enemies(vals, rules.sq_hex(vals, i))
    if here == 0:
        raise parse.Reject(parse.STATE, "no enemy counter in hex %d" % rules.sq_hex(vals, i))
    n = parse.number(words[3], 1, here, "attackers") if len(words) == 4 else here
    from engine.tal.cups import rules as cups

    cup = _ground(session)
    draws = []
    total = 0
    while n > 0:  # the cups' result buffers hold MAX_DRAW draws at a time
        k = n if n < cups.MAX_DRAW else cups.MAX_DRAW
        total += cups.draw_ground(session, cup, k)
        for j in range(k):
            draws.append(_gf_name(cups.EFFECT[j]))
        n -= k
    rules.take_hits(vals, i, total)
    return _data(cup, _hits_reply(vals, i, draws))


def _gf_name(hits):
    """The data files' word for a Ground Forces Hit counter of `hits` hits."""
    from engine.tal.cups import counters

    return counters.GROUND[hits]


def _hit(session, words):
    """`cas hit S N`: N hits from counters the player drew from the physical cup."""
    parse.arity(words, 4, 4, "cas hit SQUAD N")
    vals = session.vals
    _on(vals)
    i = _squad(vals, words[2])
    _alive(vals, i)
    rules.take_hits(vals, i, parse.number(words[3], 1, rules.MAX_CAPACITY, "hits"))
    return _hits_reply(vals, i, None)


def _cap(session, words):
    """`cas cap S C`: Squad S is eliminated at C hits (top right of its counter)."""
    parse.arity(words, 4, 4, "cas cap SQUAD CAPACITY")
    vals = session.vals
    _on(vals)
    i = _squad(vals, words[2])
    _alive(vals, i)
    c = parse.number(words[3], 1, rules.MAX_CAPACITY, "capacity")
    if rules.sq_hits(vals, i) >= c:
        raise parse.Reject(parse.STATE, "squad %d already has %d hits" %
                           (i + 1, rules.sq_hits(vals, i)))
    rules.set_squad(vals, i, rules.sq_hex(vals, i), rules.ALIVE, c, rules.sq_hits(vals, i))
    return (("squad", _squad_obj(vals, i)),)


def _ff(session, words):
    """`cas ff HEX T SKILL [+M ...] [=D ...]`: friendly fire: a hex attack (attack factor T) in
    HEX rolls against each Squad there with the pilot's SKILL subtracted; -1 VP per elimination."""
    parse.arity(words, 5, _MAX_WORDS, "cas ff HEX TARGET SKILL [+M ...] [=D ...]")
    vals = session.vals
    _on(vals)
    h = _hexno(words[2])
    target = parse.number(words[3], 1, MAX_TARGET, "target")
    skill = parse.signed(words[4], -MAX_SKILL, MAX_SKILL, "skill")
    mod, hand = dice_words(words, 5, 10)
    who = [i for i in range(rules.squad_count(vals)) if rules.sq_hex(vals, i) == h and
           rules.sq_fate(vals, i) == rules.ALIVE]
    if not who:
        raise parse.Reject(parse.STATE, "no Squad left in hex %d" % h)
    if len(hand) > len(who):
        raise parse.Reject(parse.SYNTAX, "more dice than Squads in hex %d (%d)" % (h, len(who)))
    squad = _squads(session)
    mod += squad.ff_modifier
    rolls = []
    lost = 0
    for k in range(len(who)):
        i = who[k]
        die = hand[k] if k < len(hand) else session.rng.die(10)
        result = rules.friendly_fire_result(die, skill, mod)
        hit = result >= target
        if hit:
            rules.set_squad(vals, i, h, rules.FRIENDLY_FIRE, rules.sq_capacity(vals, i),
                            rules.sq_hits(vals, i))
            lost += 1
        rolls.append(Obj((("squad", i + 1), ("die", die), ("mod", mod - skill),
                          ("result", result), ("eliminated", hit))))
    vals[rules.CAS_VP_NET] -= lost
    return _data(squad, (("hex", h), ("target", target), ("rolls", rolls), ("vp_change", -lost),
                         ("mission_vp", vals[rules.CAS_VP_NET]), ("vp", _vp(session, -lost))))


def _end(session, words):
    """`cas end`: + the card's VP per Unengaged Squad, + the Complete bonus; the mission ends."""
    parse.arity(words, 2, 2, "cas end")
    vals = session.vals
    _on(vals)
    n = rules.unengaged(vals)
    done = rules.complete(vals)
    gain = n * vals[rules.CAS_VP_SQUAD] + (vals[rules.CAS_VP_COMPLETE] if done else 0)
    total = vals[rules.CAS_VP_NET] + gain
    pairs = (("unengaged", n), ("squads", rules.squad_count(vals)), ("complete", done),
             ("vp_change", gain), ("mission_vp", total), ("vp", _vp(session, gain)))
    rules.clear(vals)
    return pairs


_SUBS = (
    ("card", _card),
    ("engaged", _engaged),
    ("enemies", _enemies),
    ("attack", _attack),
    ("hit", _hit),
    ("cap", _cap),
    ("ff", _ff),
    ("end", _end),
)
