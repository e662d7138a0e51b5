"""The Campaign and Situation cards and the campaign's result (docs/rules.md: "Sélection de la
carte de Campagne", "Sélection Carte de Situation", "Résultats de la Campagne").

The cards' values come from data/tal/campaigns.txt, situations.txt and evaluation.txt; a card or
a result those files do not give is asked at the table (engine/tal/ask.py).  The campaign's card is
kept by name in the CARD fields.  Imported only by the set-up's and the result's commands.
"""

from engine.tal import fields
from engine.core import parse
from engine.core.datatables import UNKNOWN, rows
from engine.tal.ask import complete

# --- the campaign card's name (CARD fields, two characters each) -----------------------------
_CHARS = "-0123456789abcdefghijklmnopqrstuvwxyz"


def set_name(vals, name):
    """Keep the campaign card's name (1..12 of a-z 0-9 -), e.g. iraq-1991."""
    if not 0 < len(name) <= 2 * fields.CARD_LEN or [c for c in name if c not in _CHARS]:
        raise parse.Reject(parse.SYNTAX, "a campaign card's name is 1..%d of a-z 0-9 - (iraq-1991)"
                           % (2 * fields.CARD_LEN))
    name += " " * (2 * fields.CARD_LEN - len(name))  # a space is 0: no character
    for i in range(fields.CARD_LEN):
        vals[fields.CARD + i] = ((_CHARS.find(name[2 * i]) + 1) * 38 +
                                 _CHARS.find(name[2 * i + 1]) + 1)


def name(vals):
    """The campaign card's name, or None when the campaign was started without one."""
    out = ""
    for i in range(fields.CARD_LEN):
        n = vals[fields.CARD + i]
        for c in (n // 38, n % 38):
            if c:
                out += _CHARS[c - 1]
    return out or None


_CARDS = (("name", "word"), ("year", (1900, 2099), "?"), ("setup", (0, 99), "?"),
          ("source", "text"))
_CARD_ASK = (("year", 1900, 2099, None), ("setup", 0, 99, None))
CARD_KEYS = ((0,),)  # one row per card name


_PRINTED = (("card", "word"), ("name", "text"), ("source", "text"))
PRINTED_KEYS = ((0,),)  # one name per card


def printed(session, name):
    """Card `name`'s name as the card prints it (data/tal/card_names.txt: "Iraq 1991" for
    iraq-1991), or `name` itself when the file does not list it (a card entered at the table
    is said as the player typed it).  The file is optional."""
    from engine.core.datatables import table

    for card, shown in table(session, "tal/card_names.txt", _PRINTED, PRINTED_KEYS, True)[0]:
        if card.lower() == name:
            return shown
    return name


def campaign_card(session, name):
    """A campaign card ("Sélection de la carte de Campagne"): (year, set-up VP, entered)."""
    vals = [UNKNOWN, UNKNOWN]
    for card, year, setup in rows(session, "tal/campaigns.txt", _CARDS, CARD_KEYS):
        if card.lower() == name:
            vals = [year, setup]
    entered = complete(session, "campaign", name, vals, _CARD_ASK,
                       "Campaign card " + printed(session, name), "campaign card")
    return vals[0], vals[1], entered


def names(session, table):
    """The card names known for `table` ("campaign" or "situation"): those its file lists, then
    those entered at the table (a card the file does not list, asked once)."""
    from engine.tal import answers
    out = []
    for row in rows(session, "tal/campaigns.txt" if table == "campaign" else "tal/situations.txt",
                    _CARDS if table == "campaign" else _SITUATIONS, CARD_KEYS):
        out.append(row[0].lower())  # the card's name: the first column of both files
    for key in answers.keys(session, table):
        if key not in out:
            out.append(key)
    return out


_SITUATIONS = (("name", "word"), ("so", (0, 99), "?"), ("days", (1, 99), "?"),
               ("daily", (0, 99), "?"), ("source", "text"))
_SITUATION_ASK = (("so", 0, 99, None), ("days", 1, 99, None), ("daily", 0, 99, None))


def situation(session, name):
    """A Situation card ("Sélection Carte de Situation"): (start SO, days, daily SO, entered)."""
    vals = [UNKNOWN, UNKNOWN, UNKNOWN]
    for card, so, days, daily in rows(session, "tal/situations.txt", _SITUATIONS, CARD_KEYS):
        if card.lower() == name:
            vals = [so, days, daily]
    entered = complete(session, "situation", name, vals, _SITUATION_ASK,
                       "Situation card " + printed(session, name), "situation card")
    return vals[0], vals[1], vals[2], entered


_EVALUATION = (("campaign", "word"), ("vp", "span"), ("result", "word", "?"), ("source", "text"))
_RESULT_ASK = (("result", 0, 0, ""),)


def evaluation(session, name, vp):
    """The campaign card's evaluation of `vp` ("Résultats de la Campagne"): (word, entered)."""
    vals = [UNKNOWN]
    for card, (lo, hi), result in rows(session, "tal/evaluation.txt", _EVALUATION):
        if card.lower() == name and lo <= vp <= hi and result is not UNKNOWN:
            vals[0] = result.lower()
    entered = complete(session, "result", "%s:%d" % (name, vp), vals, _RESULT_ASK,
                       "Campaign result, %s with %d VP" % (printed(session, name), vp),
                       "campaign card")
    return vals[0], entered

