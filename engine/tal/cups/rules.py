"""Counter cups: the Hit cup, the Pop-Up cup and Expansion #3's Ground Forces cup (docs/rules.md).

What the counters are is data (engine/tal/cups/data.py: `definition(session, file)`); where each
counter is lives in `session.vals` (engine/tal/cups/state.py), so every change is undoable and
durable.  A counter is in the cup, held out (a temporary Hit counter beside its aircraft, a
Pop-Up enemy on the battlefield) or removed for the campaign; the three always add up to the
cup's total (engine/tal/cups/check.py checks it).

The draws (`draw_hit`, `draw_popup`, `draw_ground`, `end_turn`) allocate nothing: they write
into this module's preallocated buffers (DRAWN, SIDE, EFFECT, VALUE, IGNORED, SPOT, ECM,
COUNTS).  Validate first with `check_hit` / `check_popup`: they raise `parse.Reject`, so a
refused draw rolls no die.

For the mission rules: after `draw_hit`, `effects(m)` lists the (effect name, value) pairs that
apply to the aircraft (ignored counters left out); the mission code applies them (stress,
damage markers, crash on structure, Killed).  Temporary counters are already held by the
aircraft: call `end_turn(session, cup, aircraft)` at the end of each of that aircraft's turns.
"""

from array import array

from engine.tal.cups.counters import EFFECTS, T_AC130, T_MQ1, T_RQ1, kind
from engine.tal.cups import data
from engine.core.parse import Reject, STATE
from engine.tal import fields
from engine.tal.cups.state import HIT, POPUP, check_sum, free, is_removed, settle

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# Effect codes (counters.EFFECTS order) the rules below need.
_STRESS = const(2)
_PYLON = const(5)
_HUD = const(6)
_CANNON = const(9)
_BULLET_HOLES = const(10)
_WOUNDED = const(11)
_ALTITUDE = const(12)
_ATTACK = const(13)
_TEMPORARY = const(2)  # counters.kind()

# Immunities ("Attaques Ennemies"): unmanned aircraft (RQ-1, MQ-1) ignore Stress, Wounded, Bullet
# Holes,
# HUD, Cannon (Killed still crashes them); the AC-130 ignores Altitude, Pylon, HUD.
_UNMANNED = const((1 << _STRESS) | (1 << _WOUNDED) | (1 << _BULLET_HOLES) | (1 << _HUD)
                  | (1 << _CANNON))
_AC130 = const((1 << _ALTITUDE) | (1 << _PYLON) | (1 << _HUD))
_GUNS = const(3)  # an AC-130 Cannon hit disables one of its three guns at random

# Why a drawn counter does not apply (IGNORED): the same aircraft type is printed on it, an
# immunity, or the aircraft already holds an Altitude counter.
IGNORED_WHY = [None, "type", "immune", "altitude"]  # a list: see counters.TYPES
_APPLIES = const(0)
_IGN_TYPE = const(1)
_IGN_IMMUNE = const(2)
_IGN_ALTITUDE = const(3)

AIRCRAFT_MAX = 15  # aircraft numbers 1..15 fit a held slot
MAX_UNITS = 12  # attacking units in one draw against an aircraft
MAX_DRAW = 24  # counters in one draw
_TURN_ENDS = const(1)  # a temporary counter goes back at the end of its holder's next turn
_HEXES = const(10)
_ENDS_STEP = const(2048)  # one turn end in a Hit slot value: 64 * 2 * 16

_IN_PLAY = const(9)  # fields.CAMP's ACTIVE | OVER (engine/tal/campaign.py, not loaded for this)
_PLAYING = const(8)  # ACTIVE without OVER: a campaign being played


def require_mine(vals, cup):
    """In a campaign, refuse a draw from a cup whose mix the player has not entered or confirmed
    (engine/tal/cups/data.py): a placeholder counter must never change the game.  Checked before
    any die is rolled, allocating nothing unless it refuses (every draw passes here)."""
    k = data.FILES.index(cup.file)
    if data.MINE[k] or vals[fields.CAMP] & _IN_PLAY != _PLAYING:
        return
    from engine.tal.cups.mine import not_mine

    raise Reject(STATE, not_mine(k))


# --- result buffers (preallocated: a draw allocates nothing) -------------------------------
DRAWN = bytearray(MAX_DRAW)  # counter index (players see index + 1)
SIDE = bytearray(MAX_DRAW)  # Hit: 0 light, 1 heavy
EFFECT = bytearray(MAX_DRAW)  # Hit: effect code; Pop-Up: unit code; Ground: hits
VALUE = array("h", [0] * MAX_DRAW)  # stress N, attack -N, AC-130 gun 1..3; else 0
IGNORED = bytearray(MAX_DRAW)  # index into IGNORED_WHY
SPOT = bytearray(MAX_DRAW)  # Pop-Up: the enemy's hex 1..10 (0: No Enemy)
ECM = bytearray(MAX_UNITS)  # the ECM die of each attacking unit
COUNTS = bytearray(2)  # Light, Heavy hits left to draw after ECM and Evasive
_pool = bytearray(64)  # in-cup counter indices (a cup holds at most 64: data._MAX)
_mark = bytearray(64)  # per counter: 0 in the cup, 1 removed or held


def _fill(vals, lay, n):
    # List the counters in the cup in _pool; mark the others in _mark.  Returns how many in.
    for i in range(n):
        _mark[i] = is_removed(vals, lay, i)
    for k in range(lay[3], lay[3] + lay[4]):
        if vals[k]:
            _mark[(vals[k] - 1) & 63] = 1
    m = 0
    for i in range(n):
        if not _mark[i]:
            _pool[m] = i
            m += 1
    return m


def _hold(vals, lay, counter, tag):
    for k in range(lay[3], lay[3] + lay[4]):
        if not vals[k]:
            vals[k] = 1 + counter + 64 * tag
            return


def counts(vals, lay, n):
    """(in the cup, held out, removed) for a cup of n counters."""
    m = _fill(vals, lay, n)
    held = lay[4] - free(vals, lay)
    return m, held, n - m - held


# --- the Hit cup ("Attaques Ennemies") ------------------------------------------------------------
def check_hit(session, cup, units, n_units, aircraft):
    """Refuse (Reject) a Hit draw that cannot be made, before any die is rolled.

    `units[k]` is one attacking unit's hits, + 128 when they are Heavy.  In a campaign, a cup
    whose mix the player has not entered or confirmed is refused (engine/tal/cups/data.py).
    """
    vals = session.vals
    require_mine(vals, cup)
    check_sum(vals, HIT, cup)
    if aircraft < 1 or aircraft > AIRCRAFT_MAX:  # what a held slot can name
        raise Reject(STATE, "aircraft must be 1..%d" % AIRCRAFT_MAX)
    total = 0
    for k in range(n_units):
        total += units[k] & 127
    m = _fill(vals, HIT, cup.n)
    if total > MAX_DRAW:
        raise Reject(STATE, "%d hits: at most %d in one draw" % (total, MAX_DRAW))
    if total > m:
        raise Reject(STATE, "%d hits: only %d counters in the Hit cup" % (total, m))
    temp = 0
    for k in range(m):
        temp += cup.temporary[_pool[k]]
    if min(total, temp) > free(vals, HIT):
        raise Reject(STATE, "too many Hit counters held: end some turns first")


def ecm_evasive(rng, units, n_units, ecm, evasive, heavy_first):
    """ECM, then Evasive ("Attaques Ennemies"): set COUNTS to the Light and Heavy hits left to draw.

    ECM: one d10 per attacking unit (into ECM); 7+ cancels that unit's attack.  Evasive: each
    point cancels a Light hit, or else turns a Heavy into a Light (with `heavy_first`, Heavies
    are turned first); a turned hit can be cancelled by a further point.
    """
    light = 0
    heavy = 0
    for k in range(n_units):
        if ecm:
            ECM[k] = rng.die(10)
            if ECM[k] >= 7:
                continue
        if units[k] & 128:
            heavy += units[k] & 127
        else:
            light += units[k]
    for _ in range(evasive):
        if heavy and (heavy_first or not light):
            heavy -= 1
            light += 1
        elif light:
            light -= 1
    COUNTS[0] = light
    COUNTS[1] = heavy


def holds_altitude(vals, cup, aircraft):
    """Whether `aircraft` holds an Altitude counter: a second one is ignored, and its altitude
    stays as the first one forced it, until that counter goes back."""
    for k in range(HIT[3], HIT[3] + HIT[4]):
        x = vals[k]
        if x and ((x - 1) >> 7) & 15 == aircraft and cup.effect[((x - 1) >> 6) & 1][
                (x - 1) & 63] == _ALTITUDE:
            return True
    return False


def draw_hit(session, cup, units, n_units, ecm, evasive, heavy_first, aircraft, actype):
    """One enemy attack on one aircraft of type code `actype` ("Attaques Ennemies"); return the
    count drawn.

    ECM and Evasive first; then all the counters at once, without replacement: the first
    COUNTS[0] read on their Light side, the rest Heavy.  A counter printed with the target's own
    type is ignored; unmanned and AC-130 immunities; a second Altitude is ignored while one is
    held; an AC-130 Cannon hit names the gun (1..3) in VALUE.  Instant, durable and ignored
    counters are back in the cup at once; the temporary ones that apply stay out, held by
    `aircraft` until the end of its next turn.  Call `check_hit` first.
    """
    vals = session.vals
    rng = session.rng
    ecm_evasive(rng, units, n_units, ecm, evasive, heavy_first)
    light = COUNTS[0]
    m = light + COUNTS[1]
    n = _fill(vals, HIT, cup.n)
    for k in range(m):  # partial Fisher-Yates: m distinct counters, every set equally likely
        j = k + rng.below(n - k)
        t = _pool[k]
        _pool[k] = _pool[j]
        _pool[j] = t
    altitude = holds_altitude(vals, cup, aircraft)
    unmanned = actype == T_MQ1 or actype == T_RQ1
    for k in range(m):
        c = _pool[k]
        s = 0 if k < light else 1
        e = cup.effect[s][c]
        val = cup.value[s][c]
        if e == _ATTACK:
            val = -val
        why = _APPLIES
        if cup.tag[s][c] == actype + 1:
            why = _IGN_TYPE
        elif (unmanned and (_UNMANNED >> e) & 1) or (actype == T_AC130 and (_AC130 >> e) & 1):
            why = _IGN_IMMUNE
        elif e == _ALTITUDE:
            if altitude:
                why = _IGN_ALTITUDE
            altitude = True
        if why == _APPLIES:
            if e == _CANNON and actype == T_AC130:
                val = rng.die(_GUNS)
            if kind(e) == _TEMPORARY:
                _hold(vals, HIT, c, s + 2 * (aircraft + 16 * _TURN_ENDS))
        DRAWN[k] = c
        SIDE[k] = s
        EFFECT[k] = e
        VALUE[k] = val
        IGNORED[k] = why
    settle(vals, HIT, cup)
    return m


def effects(m):
    """(effect name, value) of each counter of the last Hit draw of m that applies."""
    return [(EFFECTS[EFFECT[k]], VALUE[k]) for k in range(m) if IGNORED[k] == _APPLIES]


def end_turn(session, cup, aircraft):
    """The end of `aircraft`'s turn: its temporary counters due now go back to the cup.

    A counter drawn in the enemy phase is due at the end of its holder's next turn: later in the
    same Loiter turn for a Slow pilot, in the next Loiter turn for a Fast one ("Attaques Ennemies";
    the
    caller ends each aircraft's turns in play order).  Returns how many went back, listed in
    DRAWN and SIDE.
    """
    vals = session.vals
    r = 0
    for k in range(HIT[3], HIT[3] + HIT[4]):
        x = vals[k]
        if x and ((x - 1) >> 7) & 15 == aircraft:
            if (x - 1) >> 11 <= 1:
                DRAWN[r] = (x - 1) & 63
                SIDE[r] = ((x - 1) >> 6) & 1
                r += 1
                vals[k] = 0
            else:
                vals[k] = x - _ENDS_STEP
    settle(vals, HIT, cup)
    return r


# --- the Pop-Up cup ("Tirage des marqueurs Pop-Up") -----------------------------------------------
def popup_draws(types):
    """How many Pop-Ups high-altitude aircraft of type codes `types` draw: RQ-1, MQ-1 and AC-130
    never draw ("Tirage des marqueurs Pop-Up")."""
    return len([t for t in types if t != T_AC130 and t != T_MQ1 and t != T_RQ1])


def popup_in_cup(vals, cup, unit):
    """How many Pop-Ups of `unit` (0: No Enemy) are in the cup; _pool lists the cup."""
    m = _fill(vals, POPUP, cup.n)
    found = 0
    for k in range(m):
        if cup.unit[_pool[k]] == unit:
            found += 1
    return found


def check_popup(session, cup, draws):
    """Refuse (Reject) a Pop-Up draw that cannot be made (as `check_hit`, a mix not the
    player's in a campaign too)."""
    vals = session.vals
    require_mine(vals, cup)
    check_sum(vals, POPUP, cup)
    no_enemy = popup_in_cup(vals, cup, 0)
    m = _fill(vals, POPUP, cup.n)
    if not no_enemy and draws > m:
        raise Reject(STATE, "only %d counters in the Pop-Up cup" % m)
    if min(draws, m - no_enemy) > free(vals, POPUP):
        raise Reject(STATE, "too many Pop-Up enemies out: return the destroyed ones")


def draw_popup(session, cup, draws):
    """`draws` Pop-Up draws, one per drawing aircraft ("Tirage des marqueurs Pop-Up"); returns
    `draws`.

    Each draw is from the cup as it is then: No Enemy goes back at once; an enemy stays out on
    the battlefield in a d10 hex (SPOT) until destroyed (`return_popup`).  Call `check_popup`
    first.
    """
    vals = session.vals
    rng = session.rng
    n = _fill(vals, POPUP, cup.n)
    for k in range(draws):
        j = rng.below(n)
        c = _pool[j]
        DRAWN[k] = c
        EFFECT[k] = cup.unit[c]
        SPOT[k] = 0
        if cup.unit[c]:
            SPOT[k] = rng.die(_HEXES)
            _hold(vals, POPUP, c, SPOT[k])
            n -= 1
            _pool[j] = _pool[n]
    settle(vals, POPUP, cup)
    return draws


def return_popup(session, cup, counter):
    """A destroyed Pop-Up enemy (counter index) goes back in the cup ("Tirage des marqueurs
    Pop-Up")."""
    vals = session.vals
    check_sum(vals, POPUP, cup)
    for k in range(POPUP[3], POPUP[3] + POPUP[4]):
        if vals[k] and (vals[k] - 1) & 63 == counter:
            vals[k] = 0
            settle(vals, POPUP, cup)
            return
    raise Reject(STATE, "Pop-Up #%d is not on the battlefield" % (counter + 1))


def remove_popup(session, cup, unit, count):
    """Remove `count` Pop-Ups of `unit` (0: No Enemy) from the cup for the campaign ("Tirage des
    marqueurs Pop-Up")."""
    vals = session.vals
    check_sum(vals, POPUP, cup)
    found = popup_in_cup(vals, cup, unit)
    if found < count:
        raise Reject(STATE, "only %d of them in the cup" % found)
    m = _fill(vals, POPUP, cup.n)
    for k in range(m):  # the lowest-numbered ones
        c = _pool[k]
        if count and cup.unit[c] == unit:
            vals[POPUP[1] + c // 15] |= 1 << (c % 15)
            count -= 1
    settle(vals, POPUP, cup)


# --- the Ground Forces cup (EXP3, Expansion #3) ------------------------------------------------
def draw_ground(session, cup, draws):
    """`draws` Ground Forces Hit counters, each back before the next; return the total hits.

    DRAWN and EFFECT (hits) list them.  Refused, before any die, as `check_hit` refuses a mix
    that is not the player's in a campaign.
    """
    require_mine(session.vals, cup)
    rng = session.rng
    total = 0
    for k in range(draws):
        c = rng.below(cup.n)
        DRAWN[k] = c
        EFFECT[k] = cup.hits[c]
        total += cup.hits[c]
    return total
