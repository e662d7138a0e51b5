"""Campaign rules ("Fin de Journée"): SO points, Day, Victory Points, the end of day's steps (the
battalions on the sector map are engine/tal/battalions.py).

Everything works on `session.vals` (engine/tal/fields.py), so every change is undoable and durable.
A cost that cannot be paid changes nothing: the refusal says why, and for costs the rules make
mandatory it says that the campaign ends in failure (recorded with `campaign fail`).
"""

from engine.tal import fields
from engine.core import parse

# CAMP bits
OVER = 1  # the campaign has ended (last day done, no battalion left, or failure)
FAILED = 2  # it ended in failure (a cost that could not be paid)
RR_USED = 4  # R&R priority bought today (once a day)
ACTIVE = 8  # a campaign was started (`campaign start`): its sequence of play applies
DAMAGE_ONCE = 16  # rule switch: a durable damage type at most once per aircraft (cmd_setup)
LAST_DAY_END = 32  # rule switch: the last day has its end of day too (cmd_setup)
SETUP = 64  # the campaign's set-up ("Mise en place de la Campagne") is not finished
# 256: today's Special Condition card was a CAS card (Expansion #3: engine/exp3/rules.py CAS_TODAY)

# The end of the day, in the order of the sequence of play ("Fin de Journée"): STEP is the step
# reached.  Missions are flown at step 0; `day end` rests the pilots and gains the daily SO, then
# the battalions move; `day next` takes the SO losses; replacements, repairs and R&R follow in
# that order (a later one closes the earlier ones); `day +1` advances the Day marker.
S_MISSIONS = 0
S_MOVEMENT = 1
S_REPLACE = 2
S_REPAIR = 3
S_RR = 4
STEPS = ("missions", "movement", "replacements", "repairs", "r&r")

SO_MAX = 999
VP_MAX = 999
DAYS_MAX = 99
WEAPON_POINTS_PER_SO = 10  # 1 SO per 10 armament points or fraction ("Fin de Journée")
FR_LOSS = 1  # SO lost per battalion in Friendly Rear at the end of a day
AB_LOSS = 3  # ... and per battalion at the Air Base
AIRCRAFT_REPLACEMENT_VP = 2
PILOT_REPLACEMENT_VP = 1
RR_COST = 2
REPAIR_COST = 1
PROMOTION_COST = 1  # per level
FAIL_HINT = ("the rules end the campaign in failure when a cost cannot be paid: record it "
             "with 'campaign fail' (or undo what led here)")


def on(vals):
    """A campaign is being played (`campaign start`, not over): its sequence of play applies.

    Without one the commands are a free calculator for single steps (dice, hits, Loiter)."""
    return vals[fields.CAMP] & (ACTIVE | OVER) == ACTIVE


def in_setup(vals):
    """The campaign's set-up is under way (aircraft bought, pilots chosen and adjusted)."""
    return on(vals) and bool(vals[fields.CAMP] & SETUP)


def require_setup(vals, what):
    """Refuse `what` in a campaign whose set-up is over (it is done at set-up only)."""
    if on(vals) and not vals[fields.CAMP] & SETUP:
        raise parse.Reject(parse.STATE, "%s is done at the campaign's set-up only "
                           "(\"Mise en place de la Campagne\"; undo takes back the last step)"
                           % what)


def require_step(vals, step, what):
    """In a campaign, allow `what` only at end-of-day step `step` (or an earlier optional one
    still open), and move the day on to that step: replacements, repairs, R&R, in that order."""
    if not on(vals):
        return
    if vals[fields.CAMP] & SETUP:
        raise parse.Reject(parse.STATE, "%s: the set-up is not finished (campaign ready)" % what)
    at = vals[fields.STEP]
    if at < S_REPLACE or at > step:
        raise parse.Reject(parse.STATE, "%s: at the end of the day, %s (now: %s)" % (
            what, "before repairs and R&R" if step == S_REPLACE else
            ("before R&R" if step == S_REPAIR else "last"),
            STEPS[at] if at >= S_REPLACE else "day end, then day next"))
    vals[fields.STEP] = step


def require_open(vals):
    """Refuse a change to the campaign's SO, VP or Day once it has ended: its VP are its result
    ("Fin de Campagne").  `so set` and `vp set` still correct a track by hand; `undo` takes the
    end back."""
    if vals[fields.CAMP] & OVER:
        raise parse.Reject(parse.STATE, "the campaign is over (campaign result; undo takes its end "
                           "back, campaign start begins a new one)")


def spend(vals, n, mandatory=False):
    """Pay n SO, or refuse (error `state`, nothing changed) when fewer are left."""
    require_open(vals)
    if n > vals[fields.SO]:
        msg = "not enough SO (have %d, need %d)" % (vals[fields.SO], n)
        raise parse.Reject(parse.STATE, msg + ": " + FAIL_HINT if mandatory else msg)
    vals[fields.SO] -= n


def gain(vals, n):
    """Add n SO (the track's marker flips to its 15 side above 15; the device just counts)."""
    require_open(vals)
    so = vals[fields.SO] + n
    if so > SO_MAX:
        raise parse.Reject(parse.RANGE, "SO would exceed %d" % SO_MAX)
    vals[fields.SO] = so


def add_vp(vals, n):
    """Add n VP (negative: a loss); VP may go below 0."""
    require_open(vals)
    vp = vals[fields.VP] + n
    if vp > VP_MAX or vp < -VP_MAX:
        raise parse.Reject(parse.RANGE, "VP must stay within -%d..%d" % (VP_MAX, VP_MAX))
    vals[fields.VP] = vp


WEAPONS_UNUSED = 9  # TARGET bits 9..12: armament points paid for and not used yet (0..9)
ARMED = 8192  # TARGET bit: this mission's aircraft are armed (a step done: engine/tal/sequence.py)


def weapons(vals, points):
    """Pay for `points` more armament points: (SO paid, points paid before and used now).

    The cost is 1 SO per 10 points or fraction summed over the mission's aircraft («je pourrais
    utiliser les 9ème et 10ème points d'armement sur d'autres avions sans avoir à payer un point
    SO additionnel»), so during a mission the points of its last SO not used yet go first;
    outside one each request is a mission of its own."""
    mission = vals[fields.PHASE] != 0
    if mission and (vals[fields.PHASE] != 1 or vals[fields.TARGET] & 256):  # mission.P_TARGET,
        # loiter.ENGINE_CHECKED: "Option d'armement des appareils" comes before the engine checks
        raise parse.Reject(parse.STATE, "the mission's aircraft are armed target-bound, before "
                           "the engine checks")
    unused = (vals[fields.TARGET] >> WEAPONS_UNUSED) & 15 if mission else 0
    more = points - unused if points > unused else 0
    cost = (more + WEAPON_POINTS_PER_SO - 1) // WEAPON_POINTS_PER_SO
    spend(vals, cost)
    if mission:
        left = unused + cost * WEAPON_POINTS_PER_SO - points
        vals[fields.TARGET] = ((vals[fields.TARGET] & ~(15 << WEAPONS_UNUSED))
                               | (left << WEAPONS_UNUSED) | ARMED)
    return cost, points - more


def require_replacement(vals):
    """Replacements cost VP and are not allowed at 0 VP or less ("Fin de Journée")."""
    if vals[fields.VP] <= 0:
        raise parse.Reject(parse.STATE, "no replacements at 0 VP or less (VP %d)" % vals[fields.VP])


def vp_pairs(session, before):
    """(("vp", N),) when the VP changed since `before`, else ()."""
    return (("vp", session.vals[fields.VP]),) if session.vals[fields.VP] != before else ()
