"""Pilots ("Stress", "Promotion des Pilotes"): card limits and status, stress, Cool, rest, Wounded,
XP and promotion.

A pilot is one slot of the `P_*` field arrays (see engine/tal/fields.py).  Card values (Okay and
Shaken limits, Cool, Evasive, speed, XP for promotion) are DATA printed on pilot cards: the player
enters them, the device keeps and applies them.  Names are numbers into data/tal/pilots.txt.
"""

from engine.tal import fields
from engine.core import parse

LEVELS = ("newbie", "green", "average", "skilled", "veteran", "ace")
AVERAGE = 2
ACE = 5
OKAY = 0
SHAKEN = 1
UNFIT = 2
STATUS = ("okay", "shaken", "unfit")

# P_STATE bits (the low 3 bits are the level)
WOUNDED = 8
KILLED = 16
SLOW = 32
FLEW = 64

STRESS_MAX = 99
LIMIT_MAX = 60
XP_MAX = 99
COOL_MAX = 7
EVASIVE_MAX = 7
WOUND_STRESS = 4  # a Wounded* hit: 4 stress ("Attaques Ennemies")
# "Stress": «Quand un pilote devient inapte, supprimer toutes les armes (sauf les Pods ECM et
# réservoirs de carburant) de l'avion. Le pilote ne peut plus attaquer»
UNFIT_NOTE = "removed: the pilot is Unfit (the ECM pod and fuel tank stay); he attacks no more"
# "Blessé*": «Le pilote souffre de 4 Stress et ne peut pas attaquer»
WOUNDED_NOTE = "kept, but the pilot is Wounded: he cannot attack until the marker is repaired"
REST_RECOVERY = 2  # a day without flying, or R&R: 2 + Cool ("Stress", "Promotion des Pilotes")


def used(vals, k):
    """Whether pilot slot k holds a pilot."""
    return vals[fields.P_NAME + k] != 0


def free_slot(vals):
    """The first free pilot slot, or a `state` refusal when the roster is full."""
    for k in range(fields.PILOT_MAX):
        if not used(vals, k):
            return k
    raise parse.Reject(parse.STATE, "the roster holds %d pilots: none is free" % fields.PILOT_MAX)


def slot(vals, word):
    """The slot of pilot number `word` (1-based, as the protocol shows it)."""
    k = parse.number(word, 1, fields.PILOT_MAX, "pilot") - 1
    if not used(vals, k):
        raise parse.Reject(parse.STATE, "there is no pilot %d" % (k + 1))
    return k


def level(vals, k):
    """Skill level index (0 newbie .. 5 ace)."""
    return vals[fields.P_STATE + k] & 7


def flag(vals, k, bit):
    """Whether a P_STATE bit (WOUNDED, KILLED, SLOW, FLEW) is set."""
    return bool(vals[fields.P_STATE + k] & bit)


def set_flag(vals, k, bit, on):
    """Set or clear a P_STATE bit."""
    if on:
        vals[fields.P_STATE + k] |= bit
    else:
        vals[fields.P_STATE + k] &= ~bit


def cool(vals, k):
    """The card's Cool."""
    return vals[fields.P_SKILL + k] & 7


def evasive(vals, k):
    """The card's Evasive skill."""
    return (vals[fields.P_SKILL + k] >> 3) & 7


def status(vals, k):
    """OKAY, SHAKEN or UNFIT from the stress and the card's limits ("Stress", "Promotion des
    Pilotes")."""
    st = vals[fields.P_STRESS + k]
    if st <= vals[fields.P_OKAY + k]:
        return OKAY
    if st <= vals[fields.P_SHAKEN + k]:
        return SHAKEN
    return UNFIT


def status_word(vals, k):
    """The one status a reply shows: "killed" for a killed pilot, else okay/shaken/unfit."""
    return "killed" if flag(vals, k, KILLED) else STATUS[status(vals, k)]


def set_card(vals, k, okay, shaken, cool_, evasive_, slow, need):
    """Write a card's values (after `pilot add`, a promotion or a replacement)."""
    if shaken < okay:
        raise parse.Reject(parse.RANGE, "the Shaken limit must not be below the Okay limit")
    vals[fields.P_OKAY + k] = okay
    vals[fields.P_SHAKEN + k] = shaken
    vals[fields.P_SKILL + k] = cool_ | (evasive_ << 3)
    vals[fields.P_NEED + k] = need
    set_flag(vals, k, SLOW, slow)


def add_stress(vals, k, n):
    """Add n stress (never below 0 nor above STRESS_MAX); return the stress now."""
    st = vals[fields.P_STRESS + k] + n
    st = 0 if st < 0 else (STRESS_MAX if st > STRESS_MAX else st)
    vals[fields.P_STRESS + k] = st
    return st


def recover(vals, k, n):
    """Remove up to n stress unless the pilot is Wounded or killed; return the amount removed.

    A Wounded pilot's stress cannot go down until the Wounded marker is repaired ("Attaques
    Ennemies").
    """
    if flag(vals, k, WOUNDED) or flag(vals, k, KILLED) or n <= 0:
        return 0
    st = vals[fields.P_STRESS + k]
    n = st if n > st else n
    vals[fields.P_STRESS + k] = st - n
    return n


def wound(vals, k):
    """A Wounded* hit: 4 stress and the Wounded marker; a second one kills. True if killed."""
    if flag(vals, k, WOUNDED):
        set_flag(vals, k, KILLED, True)
        return True
    add_stress(vals, k, WOUND_STRESS)
    set_flag(vals, k, WOUNDED, True)
    return False


def gain_xp(vals, k, n):
    """Add n XP, then promote while the XP reach the card's number ("Stress", "Promotion des
    Pilotes").

    The surplus carries over.  The next card's XP number is printed on that card, so after a
    promotion P_NEED is 0 (unknown) until the player enters it: one promotion per entry.
    Returns the levels gained (0 or 1).
    """
    xp = vals[fields.P_XP + k] + n
    vals[fields.P_XP + k] = XP_MAX if xp > XP_MAX else xp
    need = vals[fields.P_NEED + k]
    if need <= 0 or vals[fields.P_XP + k] < need or level(vals, k) >= ACE:
        return 0
    vals[fields.P_XP + k] -= need
    vals[fields.P_NEED + k] = 0
    vals[fields.P_STATE + k] += 1  # the level is the low bits
    return 1


def end_of_mission(vals, k, stress, relief):
    """Mission stress then Cool ("Stress", "Promotion des Pilotes"): add `stress`, remove `relief`
    (Scout) and the Cool.

    The Cool applies to the pilot's whole stress, not just this mission's (the rulebook's
    example: 3 + 1 - Cool 2 = 2).  Returns the stress now.
    """
    add_stress(vals, k, stress)
    recover(vals, k, relief + cool(vals, k))
    return vals[fields.P_STRESS + k]


# --- names -----------------------------------------------------------------------------------

_NAMES = (("n", (1, 999)), ("name", "word"), ("aircraft", "word"), ("source", "text"))


NAME_KEYS = ((0,), (1,))  # a number and a name name one pilot only


def _names(session):
    # Rows (number, pilot_name, flies): the aircraft family on the pilot's card.
    from engine.core import datatables
    return datatables.rows(session, "tal/pilots.txt", _NAMES, NAME_KEYS)


def name_number(session, word):
    """The number of pilot name `word` in data/tal/pilots.txt (or `#N` for a bare number N)."""
    if word[:1] == "#":
        return parse.number(word[1:], 1, 999, "pilot name number")
    row = _names(session).find(1, word)
    if row is not None:
        return row[0]
    raise parse.Reject(parse.UNKNOWN, "pilot name '%s' is not in data/tal/pilots.txt: add a "
                       "line for it there, or give a number as #N" % word)


def family(session, n):
    """The aircraft type (as printed on Hit counters: a-10, ah-64 ...) pilot name n flies, from
    data/tal/pilots.txt; None for a name the file does not list (#N)."""
    row = _names(session).find(0, n)
    return None if row is None else row[2].lower()


def name(session, n):
    """The name of name number n, or "#n" when the file does not list it (or is missing).  Read
    without holding the file's table (`datatables.lookup`): a reply names every pilot of a
    mission's end, the campaign's hungriest request (measured, qemu-frozen: campaign.md:712
    ran out of memory parsing the table of names)."""
    from engine.core import datatables

    try:
        row = datatables.lookup(session, "tal/pilots.txt", _NAMES, 0, n)
    except parse.Reject:
        row = None
    return "#%d" % n if row is None else row[1].lower()
