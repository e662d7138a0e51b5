"""Protocol commands for the campaign: `so`, `vp`, `campaign`, `bn` (docs/protocol/campaign.md;
the rules in docs/rules.md; the Day track and the end of the day are engine/tal/cmd_day.py).

    so | so +N | so -N | so set N | so weapons P...
    vp | vp +N | vp -N | vp set N | vp battalion ID half|destroyed
    campaign | campaign start DAYS SO DAILY [year Y] | campaign ready
    campaign fail | campaign end | campaign rule NAME on|off (cmd_setup.SWITCHES)
    bn add ID VP BAND [fixed] | bn list | bn move ID advance|retreat|BAND
    bn roll ID [+M ...] [=D] | bn stay ID | bn remove ID
"""

from engine.tal import battalions
from engine.tal import campaign
from engine.tal import fields
from engine.core import parse
from engine.tal.ask import asks
from engine.core.jsonline import Obj

def _so(vals):
    return (("so", vals[fields.SO]),)


def so(session, words):
    """`so`, `so +N`, `so -N`, `so set N`, `so weapons P...`."""
    vals = session.vals
    if len(words) == 1:
        return _so(vals)
    t = words[1]
    if t[:1] == "+" or t[:1] == "-":
        parse.arity(words, 2, 2, "so +N | so -N")
        n = parse.signed(t, -campaign.SO_MAX, campaign.SO_MAX, "SO")
        if n >= 0:
            campaign.gain(vals, n)
        else:
            campaign.spend(vals, -n, True)
        return _so(vals)
    if t == "set":
        parse.arity(words, 3, 3, "so set N")
        vals[fields.SO] = parse.number(words[2], 0, campaign.SO_MAX, "SO")
        return _so(vals)
    if t == "weapons":
        if len(words) < 3 or len(words) > 2 + fields.AC_MAX:
            raise parse.Reject(parse.SYNTAX, "usage: so weapons P...  (armament points of each "
                               "aircraft of the mission, at most %d)" % fields.AC_MAX)
        points = 0
        for p in words[2:]:
            points += parse.number(p, 0, 99, "armament points")
        cost, paid = campaign.weapons(vals, points)
        return (("points", points),) + ((("paid_before", paid),) if paid else ()) + (
            ("cost", cost),) + _so(vals)
    raise parse.Reject(parse.UNKNOWN, "usage: so [+N|-N|set N|weapons P...]")


def vp(session, words):
    """`vp`, `vp +N`, `vp -N`, `vp set N`, `vp battalion ID half|destroyed`."""
    vals = session.vals
    if len(words) >= 2:
        t = words[1]
        if t[:1] == "+" or t[:1] == "-":
            parse.arity(words, 2, 2, "vp +N | vp -N")
            campaign.add_vp(vals, parse.signed(t, -campaign.VP_MAX, campaign.VP_MAX, "VP"))
        elif t == "set":
            parse.arity(words, 3, 3, "vp set N")
            vals[fields.VP] = parse.signed(words[2], -campaign.VP_MAX, campaign.VP_MAX, "VP")
        elif t == "battalion":
            parse.arity(words, 4, 4, "vp battalion ID half|destroyed")
            b = battalions.bn_find(vals, words[2])
            if words[3] not in ("half", "destroyed"):
                raise parse.Reject(parse.SYNTAX, "usage: vp battalion ID half|destroyed")
            got = battalions.battalion_vp(vals, b,
                                        battalions.HALF if words[3] == "half" else battalions.DESTROYED)
            return (("battalion", words[2]), ("strength", words[3]), ("gain", got),
                    ("vp", vals[fields.VP]), ("battalions_left", battalions.bn_left(vals))
                    ) + battalions.ended(vals)
        else:
            raise parse.Reject(parse.UNKNOWN, "usage: vp [+N|-N|set N|battalion ID half|destroyed]")
    return (("vp", vals[fields.VP]),)


# --- battalions --------------------------------------------------------------------------------
def _bn_pairs(vals, b):
    return (("battalion", battalions.bn_name(vals[fields.BN_ID + b])), ("vp", vals[fields.BN_VP + b]),
            ("band", battalions.BANDS[battalions.bn_band(vals, b)]),
            ("strength", battalions.STRENGTHS[battalions.bn_strength(vals, b)]),
            ("fixed", battalions.bn_fixed(vals, b)))


def _move(vals, b, step):
    band = battalions.bn_band(vals, b) + step
    band = 0 if band < 0 else (battalions.BAND_AB if band > battalions.BAND_AB else band)
    battalions.bn_set(vals, b, battalions.bn_strength(vals, b), band, battalions.bn_fixed(vals, b))


@asks
def bn(session, words):
    """`bn add|list|move|roll|remove ...`: battalions on the sector map (docs/rules.md)."""
    vals = session.vals
    t = words[1] if len(words) > 1 else ""
    if t == "add":
        parse.arity(words, 4, 6, "bn add ID VP [BAND] [fixed]")
        code = battalions.bn_id(words[2])
        pts = parse.number(words[3], 0, 99, "VP")
        fixed = words[-1] == "fixed"
        if len(words) - fixed > 5:
            raise parse.Reject(parse.SYNTAX, "usage: bn add ID VP [BAND] [fixed]")
        # «Placez les marqueurs des bataillons d'assaut dans la bande Front Line, ... de soutien
        # ... Transit Ennemi, ... de commandant ... Arrière Ennemi» (card notes: bn move)
        band = (battalions.band(words[4]) if len(words) - fixed == 5
                else battalions.KIND_BAND[(code & 3) - 1])
        if campaign.on(vals):
            from engine.tal import cmd_setup  # the set-up draws the battalion cards
            cmd_setup.draw(session, code)
        free = -1
        for b in range(fields.BN_MAX):
            if vals[fields.BN_ID + b] == code:
                raise parse.Reject(parse.STATE, "battalion %s is already on the map" % words[2])
            if free < 0 and vals[fields.BN_ID + b] == 0:
                free = b
        if free < 0:
            raise parse.Reject(parse.STATE, "the sector map holds %d battalions" % fields.BN_MAX)
        vals[fields.BN_ID + free] = code
        vals[fields.BN_VP + free] = pts
        vals[fields.BN_STATE + free] = 0
        battalions.bn_set(vals, free, battalions.FULL, band, fixed)
        return _bn_pairs(vals, free)
    if t == "list":
        parse.arity(words, 2, 2, "bn list")
        return (("battalions", [Obj(_bn_pairs(vals, b)) for b in range(fields.BN_MAX)
                                if vals[fields.BN_ID + b]]),)
    if t == "move":
        parse.arity(words, 4, 4, "bn move ID advance|retreat|BAND")
        b = battalions.bn_find(vals, words[2])
        if words[3] == "advance" or words[3] == "retreat":
            if battalions.bn_fixed(vals, b):
                raise parse.Reject(parse.STATE, "Fixed battalions never move")
            _move(vals, b, 1 if words[3] == "advance" else -1)
        else:
            battalions.bn_set(vals, b, battalions.bn_strength(vals, b), battalions.band(words[3]),
                            battalions.bn_fixed(vals, b))
        return _bn_pairs(vals, b)
    if t == "roll" or t == "stay":
        parse.arity(words, 3, 40 if t == "roll" else 3, "bn roll ID [+M ...] [=D] | bn stay ID")
        b = battalions.bn_find(vals, words[2])
        if battalions.bn_fixed(vals, b):
            raise parse.Reject(parse.STATE,
                               "never roll for Fixed battalions: they stay in their band")
        if not battalions.bn_alive(vals, b):
            raise parse.Reject(parse.STATE, "battalion %s is destroyed" % words[2])
        if campaign.on(vals):
            # «Mouvement des Bataillons Ennemis», after the day's missions and the SO gain
            if vals[fields.STEP] != campaign.S_MOVEMENT:
                raise parse.Reject(parse.STATE, "battalions move at the end of the day, after its "
                                   "missions (day end)")
            if vals[fields.BN_STATE + b] & battalions.MOVED:
                raise parse.Reject(parse.STATE, "battalion %s has moved today" % words[2])
        vals[fields.BN_STATE + b] |= battalions.MOVED
        if t == "stay":  # a card note: it does not move today
            return _bn_pairs(vals, b)
        from engine.core import datatables
        from engine.tal import sheets
        mod, die = parse.modifiers(words, 3, 10)
        die = die or session.rng.die(10)  # a refusal below (row not in the file) rolls it back
        step, entered = sheets.movement(session, battalions.bn_kind(vals, b), die, mod,
                                        battalions.bn_name(vals[fields.BN_ID + b]))
        _move(vals, b, step)
        return ((("die", die), ("mod", mod), ("result", die + mod),
                 ("move", sheets.MOVES[step + 1])) + _bn_pairs(vals, b) +
                datatables.entered_note(entered, "tal/movement.txt"))
    if t == "remove":
        parse.arity(words, 3, 3, "bn remove ID")
        b = battalions.bn_find(vals, words[2])
        vals[fields.BN_ID + b] = 0
        vals[fields.BN_VP + b] = 0
        vals[fields.BN_STATE + b] = 0
        return (("removed", words[2]),)
    raise parse.Reject(parse.UNKNOWN if t else parse.SYNTAX,
                       "usage: bn add|list|move|roll|stay|remove ...")
