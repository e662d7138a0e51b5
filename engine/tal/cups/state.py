"""Where each counter is: the cups' part of the game state (engine/tal/fields.py, section "cups").

A counter is in its cup, held out (a temporary Hit counter beside its aircraft, a Pop-Up enemy on
the battlefield) or removed for the campaign.  The draws are engine/tal/cups/rules.py; this is
what reads and resets the state without drawing, so `mission end` (every held counter back)
loads it without the draws and their buffers.  Measured, campaign.md:614 (its peak is a `mission
end`): 27.25 KB on qemu-frozen against 28.0 with all of it in rules.py, 26.25 against 28.0 on
unix32-frozen, 97.75 against 102.0 on unix32-mpy.
"""

from engine.tal import fields
from engine.core.parse import Reject, STATE

# Where a cup's state sits in the fields: (checksum, removed bit sets, their count, held slots,
# their count).  Counter i is removed when bit i % 15 of field removed + i // 15 is set (15 bits:
# a field is signed).  A held slot is 0 when free, else 1 + counter + 64 * tag, the tag being
# side + 2 * (aircraft + 16 * turn ends) in the Hit cup and the hex in the Pop-Up cup.
HIT = (fields.HIT_SUM, fields.HIT_REMOVED, fields.HIT_HELD - fields.HIT_REMOVED, fields.HIT_HELD,
       fields.HIT_HELD_MAX)
POPUP = (fields.POPUP_SUM, fields.POPUP_REMOVED, fields.POPUP_OUT - fields.POPUP_REMOVED,
         fields.POPUP_OUT,
         fields.POPUP_OUT_MAX)


def is_removed(vals, lay, i):
    """1 if counter i is removed for the campaign, else 0."""
    return (vals[lay[1] + i // 15] >> (i % 15)) & 1


def free(vals, lay):
    """How many held slots of a cup are free."""
    n = 0
    for k in range(lay[3], lay[3] + lay[4]):
        if not vals[k]:
            n += 1
    return n


def settle(vals, lay, cup):
    """After a change: the checksum names the definition the state refers to; an empty state
    refers to none."""
    for k in range(lay[1], lay[1] + lay[2]):
        if vals[k]:
            vals[lay[0]] = cup.sum
            return
    vals[lay[0]] = cup.sum if free(vals, lay) < lay[4] else 0


def check_sum(vals, lay, cup):
    """Refuse to touch a cup whose saved state was made with a different data file."""
    if vals[lay[0]] and vals[lay[0]] != cup.sum:
        name = "hit" if lay is HIT else "popup"
        raise Reject(STATE, "this save's %s cup was made with another data/%s: put that file "
                     "back, or 'cup reset %s' to return every counter" % (name, cup.file, name))


def held(vals, lay):
    """The non-zero held slot values of a cup, in slot order (not a hot path)."""
    return [vals[k] for k in range(lay[3], lay[3] + lay[4]) if vals[k]]


def slot_hit(x):
    """(counter, side, aircraft, turn ends) of a held Hit slot value."""
    t = (x - 1) >> 6
    return (x - 1) & 63, t & 1, (t >> 1) & 15, t >> 5


def end_mission(session, hit_def, popup_def):
    """The battlefield is left: every held Hit counter and Pop-Up enemy goes back.

    Returns (Hit counters, Pop-Ups) returned.
    """
    vals = session.vals
    check_sum(vals, HIT, hit_def)
    check_sum(vals, POPUP, popup_def)
    back = [0, 0]
    for i, lay in ((0, HIT), (1, POPUP)):
        for k in range(lay[3], lay[3] + lay[4]):
            if vals[k]:
                vals[k] = 0
                back[i] += 1
    settle(vals, HIT, hit_def)
    settle(vals, POPUP, popup_def)
    return back[0], back[1]


def reset(session, lay):
    """Every counter of a cup back in it, removed ones too (a new campaign)."""
    vals = session.vals
    for k in range(lay[1], lay[1] + lay[2]):
        vals[k] = 0
    for k in range(lay[3], lay[3] + lay[4]):
        vals[k] = 0
    vals[lay[0]] = 0
