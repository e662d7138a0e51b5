"""Protocol commands of the Golan d6 game (the Golan fragment).

golan, mine, leader, sagger, heli, avlb, mortar: see docs/protocol/golan.md.

Every command refuses (error `state`) unless `game golan` is selected.  A die word `=D` gives the
d6 the player rolled by hand; otherwise the session's dice roll it.
"""

from engine.golan import rules
from engine.core import parse
from engine.tal.cmd_game import GOLAN, require
from engine.core.jsonline import Obj

_SIDES = 6


def _die(session, words, start, allowed=()):
    """Parse w[start:]: the option words in `allowed` and one optional `=D`; roll when no D.

    Returns (die, options found as a tuple of words).
    """
    die = 0
    found = ()
    for k in range(start, len(words)):
        x = words[k]
        if x[:1] == "=" and not die:
            die = parse.face(x, _SIDES)
        elif x in allowed and x not in found:
            found += (x,)
        else:
            raise parse.Reject(parse.SYNTAX, "unexpected word %s" % x[:12])
    return (die or session.rng.die(_SIDES)), found


def _hex(word):
    if not rules.valid_name(word, rules.HEX_CHARS):
        raise parse.Reject(parse.SYNTAX, "a hex name is 1-%d of a-z 0-9 -" % rules.HEX_CHARS)
    return word


def _begin(session, words, lo, hi, usage):
    require(session, GOLAN)
    parse.arity(words, lo, hi, usage)


# --- golan ------------------------------------------------------------------------------
def golan(session, words):
    """`golan`: the pieces tracked; `golan new`: a new game (mines in hand, leaders alive)."""
    _begin(session, words, 1, 2, "golan [new]")
    if len(words) == 2:
        if words[1] != "new":
            raise parse.Reject(parse.UNKNOWN, "usage: golan [new]")
        rules.clear(session.vals)
    vals = session.vals
    alive = 0
    for i in range(rules.GOLAN_LEADERS):
        if not rules.leader_dead(vals, i):
            alive += 1
    return (("mines_hand", rules.mines_in(vals, rules.HAND)),
            ("mines_map", rules.mines_in(vals, rules.DOWN) + rules.mines_in(vals, rules.UP)),
            ("mines_removed", rules.mines_in(vals, rules.OUT)), ("leaders_alive", alive),
            ("avlb_ditch", _avlb_list(vals)))


# --- mines ------------------------------------------------------------------------------
_STATE_WORDS = ("in hand", "face down", "face up", "removed")


def _mine_no(vals, word, need):
    i = parse.number(word, 1, rules.GOLAN_MINES, "mine") - 1
    if rules.mine_state(vals, i) != need:
        raise parse.Reject(parse.STATE, "mine %d is %s" %
                           (i + 1, _STATE_WORDS[rules.mine_state(vals, i)]))
    return i


def _mine_hex(vals, i):
    return rules.get_name(vals, rules.mine_hex_at(i), rules.NAME_FIELDS)


def mine(session, words):
    """`mine`, `mine place HEX`, `mine reveal`, `mine attack K [=D]` (Mines)."""
    _begin(session, words, 1, 4, "mine [place HEX | reveal | attack K [=D]]")
    vals = session.vals
    sub = words[1] if len(words) > 1 else ""
    if sub == "":
        on_map = []
        for i in range(rules.GOLAN_MINES):
            st = rules.mine_state(vals, i)
            if st == rules.DOWN or st == rules.UP:
                on_map.append([i + 1, _mine_hex(vals, i), rules.MINE_STATES[st]])
        return (("hand", rules.mines_in(vals, rules.HAND)),
                ("removed", rules.mines_in(vals, rules.OUT)),
                ("map", on_map))
    if sub == "place":
        parse.arity(words, 3, 3, "mine place HEX")
        h = _hex(words[2])
        if rules.avlb_slot(vals, h) >= 0:
            raise parse.Reject(parse.STATE, "no mine in an anti-tank-ditch hex holding an AVLB")
        i = rules.place_mine(vals, h)
        if i < 0:
            raise parse.Reject(parse.STATE, "no mine left in hand")
        return (("mine", i + 1), ("hex", h), ("face", "down"),
                ("hand", rules.mines_in(vals, rules.HAND)))
    if sub == "reveal":
        parse.arity(words, 2, 2, "mine reveal")
        turned = rules.reveal_mines(vals)
        if not turned:
            raise parse.Reject(parse.STATE, "no face-down mine")
        up = []
        for i in range(rules.GOLAN_MINES):
            if turned & (1 << i):
                up.append([i + 1, _mine_hex(vals, i)])
        return (("revealed", up),)
    if sub == "attack":
        parse.arity(words, 3, 4, "mine attack K [=D]")
        i = _mine_no(vals, words[2], rules.UP)
        die = _die(session, words, 3)[0]
        h = _mine_hex(vals, i)
        stays = rules.mine_stays(die)
        if not stays:
            rules.remove_mine(vals, i)
        return (("mine", i + 1), ("hex", h), ("die", die),
                ("outcome", "stays" if stays else "removed"))
    raise parse.Reject(parse.UNKNOWN, "mine: place, reveal, attack")


# --- leaders [13.0] -----------------------------------------------------------------------
def _leader(vals, word, alive=True):
    i = rules.find_leader(vals, word)
    if i < 0:
        raise parse.Reject(parse.UNKNOWN, "no leader %s (i1 i2 i3 s1 s2 or a name)" % word[:12])
    if alive and rules.leader_dead(vals, i):
        raise parse.Reject(parse.STATE, "%s is dead" % rules.leader_name(vals, i))
    return i


def _leader_obj(vals, i):
    return Obj((("id", rules.LEADER_IDS[i]), ("name", rules.leader_name(vals, i)),
                ("side", "israeli" if i < rules.ISRAELI else "syrian"),
                ("hex", rules.get_name(vals, rules.leader_hex_at(i), rules.NAME_FIELDS)),
                ("alive", not rules.leader_dead(vals, i))))


def _leader_hex(vals, i):
    return rules.get_name(vals, rules.leader_hex_at(i), rules.NAME_FIELDS)


def _placed(vals, i):
    if _leader_hex(vals, i) is None:
        raise parse.Reject(parse.STATE, "%s is not in a stack: leader at %s HEX first" % (
            rules.leader_name(vals, i), rules.LEADER_IDS[i]))


def leader(session, words):
    """`leader`, `leader name ID NAME`, `leader at ID HEX`, `leader move ID HEX [adj] [=D]`,
    `leader fate ID [HEX] [=D]` ([13.0])."""
    _begin(session, words, 1, 6, "leader [name|at|move|fate] ...")
    vals = session.vals
    sub = words[1] if len(words) > 1 else ""
    if sub == "":
        return (("leaders", [_leader_obj(vals, i) for i in range(rules.GOLAN_LEADERS)]),)
    if sub == "name":
        parse.arity(words, 4, 4, "leader name ID NAME")
        i = _leader(vals, words[2], False)
        name = words[3]
        if not rules.valid_name(name, rules.LEADER_CHARS):
            raise parse.Reject(parse.SYNTAX, "a name is 1-%d of a-z 0-9 -" % rules.LEADER_CHARS)
        j = rules.find_leader(vals, name)
        if j >= 0 and j != i:
            raise parse.Reject(parse.STATE, "%s already names another leader" % name)
        rules.put_name(vals, rules.leader_name_at(i), rules.LEADER_NAME_FIELDS, name)
        return (("leader", _leader_obj(vals, i)),)
    if sub == "at":
        parse.arity(words, 4, 4, "leader at ID HEX")
        i = _leader(vals, words[2])
        rules.put_name(vals, rules.leader_hex_at(i), rules.NAME_FIELDS, _hex(words[3]))
        return (("leader", _leader_obj(vals, i)),)
    if sub == "move":
        parse.arity(words, 4, 6, "leader move ID HEX [adj] [=D]")
        i = _leader(vals, words[2])
        _placed(vals, i)
        h = _hex(words[3])
        if rules.same_name(vals, rules.leader_hex_at(i), rules.NAME_FIELDS, h):
            raise parse.Reject(parse.STATE, "the leader is already in %s" % h)
        die, opts = _die(session, words, 4, ("adj",))
        mod = 1 if opts else 0
        out = rules.leader_move(die + mod)
        if out == rules.KILLED:
            rules.kill_leader(vals, i)
        elif out == rules.MOVES:
            rules.put_name(vals, rules.leader_hex_at(i), rules.NAME_FIELDS, h)
        return (("leader", rules.LEADER_IDS[i]), ("die", die), ("mod", mod), ("result", die + mod),
                ("outcome", rules.LEADER_OUTCOMES[out]), ("hex", _leader_hex(vals, i)))
    if sub == "fate":
        parse.arity(words, 3, 5, "leader fate ID [HEX] [=D]")
        i = _leader(vals, words[2])
        _placed(vals, i)
        h = None
        start = 3
        if len(words) > 3 and words[3][:1] != "=":
            h = _hex(words[3])
            start = 4
        die = _die(session, words, start)[0]
        out = rules.leader_fate(die)
        if out == rules.DESTROYED:
            rules.kill_leader(vals, i)
        else:
            # 5-6: to the nearest friendly stack, which the player names (unplaced if not given)
            rules.put_name(vals, rules.leader_hex_at(i), rules.NAME_FIELDS, h or "")
        return (("leader", rules.LEADER_IDS[i]), ("die", die),
                ("outcome", rules.FATE_OUTCOMES[out]),
                ("hex", _leader_hex(vals, i)))
    raise parse.Reject(parse.UNKNOWN, "leader: name, at, move, fate")


# --- BMP-1 / Sagger, helicopters, AVLB, mortars ---------------------------------------
def sagger(session, words):
    """`sagger [=D]`: a BMP-1 or Sagger AP attack's d6; odd is NE, out of missiles."""
    _begin(session, words, 1, 2, "sagger [=D]")
    die = _die(session, words, 1)[0]
    odd = rules.sagger_out_of_missiles(die)
    return (("die", die), ("odd", odd), ("outcome", "ne" if odd else "fire table"))


_HELI_NOTES = (
    "flying by default, hovering under a hovering marker; change once per turn, in the Syrian "
    "movement phase",
    "flying: free movement, cannot fire or unload",
    "hovering: fires under 8.0, may add to attacks from its hex, cannot move",
    "carries at most 2 infantry and 1 ATGM team; unloads once, on open ground or hill",
    "after unloading it leaves the map; the unloaded units cannot move but may fire",
    "firing at a helicopter: range halved, fractions dropped",
)


def heli(session, words):
    """`heli`: the helicopter notes; `heli range N`: the range when firing at a helicopter."""
    _begin(session, words, 1, 3, "heli [range N]")
    if len(words) == 1:
        return (("notes", _HELI_NOTES),)
    if words[1] != "range" or len(words) != 3:
        raise parse.Reject(parse.SYNTAX, "usage: heli [range N]")
    n = parse.number(words[2], 0, 99, "range")
    return (("range", n), ("vs_helicopter", rules.range_vs_helicopter(n)))


def _avlb_list(vals):
    out = []
    for i in range(rules.GOLAN_AVLBS):
        h = rules.get_name(vals, rules.avlb_at(i), rules.NAME_FIELDS)
        if h:
            out.append(h)
    return out


def avlb(session, words):
    """`avlb`, `avlb ditch HEX`, `avlb lost HEX`, `avlb defence ditch|open` (AVLB)."""
    _begin(session, words, 1, 3, "avlb [ditch HEX | lost HEX | defence ditch|open]")
    vals = session.vals
    sub = words[1] if len(words) > 1 else ""
    if sub == "":
        return (("ditch", _avlb_list(vals)),)
    if len(words) != 3:
        raise parse.Reject(parse.SYNTAX, "usage: avlb %s ..." % sub[:8])
    if sub == "defence":
        if words[2] != "ditch" and words[2] != "open":
            raise parse.Reject(parse.SYNTAX, "usage: avlb defence ditch|open")
        return (("defence", rules.avlb_defence(words[2] == "ditch")),)
    h = _hex(words[2])
    slot = rules.avlb_slot(vals, h)
    if sub == "ditch":
        if slot >= 0:
            raise parse.Reject(parse.STATE, "an AVLB is already recorded in %s" % h)
        slot = rules.avlb_slot(vals, "")
        if slot < 0:
            raise parse.Reject(parse.STATE, "%d AVLBs already recorded" % rules.GOLAN_AVLBS)
        rules.put_name(vals, rules.avlb_at(slot), rules.NAME_FIELDS, h)
        return (("hex", h), ("defence", rules.AVLB_DEFENCE_DITCH), ("ditch", _avlb_list(vals)))
    if sub == "lost":
        if slot < 0:
            raise parse.Reject(parse.STATE, "no AVLB recorded in %s" % h)
        rules.put_name(vals, rules.avlb_at(slot), rules.NAME_FIELDS, "")
        return (("ditch", _avlb_list(vals)),)
    raise parse.Reject(parse.UNKNOWN, "avlb: ditch, lost, defence")


_MORTAR_NOTES = (
    "fire at any enemy in range and in sight of any Israeli unit",
    "may add their firepower to a friendly unit in the same hex",
    "may bombard alone: HE firepower vs armour, armour ignored; casualties become Suppressed",
    "never at a moving target",
)


def mortar(session, words):
    """`mortar`: the mortar notes."""
    _begin(session, words, 1, 1, "mortar")
    return (("notes", _MORTAR_NOTES),)
