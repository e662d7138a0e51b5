"""Parsing and validating the cups' data files into a `data.CupDef` (needed once per file).

Columns (data/README.md has the player's version):
    hit_cup.txt             count | heavy | heavy tag | light | light tag | source
    popup_cup.txt           count | counter | attack | range | source
    ground_forces_cup.txt   count | result | source
A Hit side is an effect as printed (`structure*`, `stress:2`, `attack:-1`, `no-effect` ...);
a tag is an aircraft type or `-`; a Pop-Up attack is hits and L/H (`2h`) or `-`.
"""

from engine.core import datafile
from engine.core.datafile import DataError
from engine.tal.cups.counters import EFFECTS, GROUND, KINDS, TYPES, UNITS, aircraft_type, kind


def _side(tok):
    t = tok.lower()
    val = 0
    k = t.find(":")
    if k >= 0:
        num = t[k + 1:]
        t = t[:k]
        body = num[1:] if num[:1] == "-" else num
        if not body.isdigit() or len(body) > 2:
            raise ValueError("'%s': the value after ':' must be a number" % tok)
        val = int(num)
    star = t[-1:] == "*"
    if star:
        t = t[:-1]
    if t not in EFFECTS:
        raise ValueError("'%s' is not a Hit effect (%s)" % (tok, " ".join(EFFECTS)))
    e = EFFECTS.index(t)
    if star and kind(e) != 1:
        raise ValueError("'%s': only durable effects carry '*' (%s is %s)" % (
            tok, t, KINDS[kind(e)]))
    if t == "stress":
        if val < 1 or val > 9:
            raise ValueError("'%s': write stress:N with N 1..9" % tok)
    elif t == "attack":
        if val != -1 and val != -2:
            raise ValueError("'%s': write attack:-1 or attack:-2" % tok)
        val = -val
    elif k >= 0:
        raise ValueError("'%s': %s takes no value" % (tok, t))
    return e, val


def _tag(tok):
    t = tok.lower()
    if t == "-":
        return 0
    c = aircraft_type(t)
    if c < 0:
        raise ValueError("'%s' is not an aircraft type (- or %s)" % (tok, " ".join(TYPES)))
    return c + 1


def _attack(tok):
    t = tok.lower()
    if t == "-":
        return 0
    if len(t) == 2 and "1" <= t[0] <= "9" and t[1] in "lh":
        return int(t[0]) + (128 if t[1] == "h" else 0)
    raise ValueError("'%s': write hits and L or H (e.g. 2h, 1l), or - for none" % tok)


def _range(tok):
    if tok == "-":
        return 255
    if len(tok) == 1 and "0" <= tok <= "9":
        return int(tok)
    raise ValueError("'%s': a range is 0..9, or - for none" % tok)


def _checksum(name, parts):
    """A 15-bit checksum (1..32767) of the counters (not of comments or sources)."""
    from engine.core.crc import crc32  # not a hot path: big ints are fine here

    b = bytearray(name.encode())
    for p in parts:
        b.extend(p)
    return crc32(b) % 32767 + 1


def parse(name, lines, cup):
    """Fill CupDef `cup` (made for file `name`, at full size) from the lines of its data file."""
    text = datafile.text
    hit = cup.effect is not None  # what `cup` was made for says which file this is
    popup = cup.unit is not None
    if hit:
        columns = (("heavy", _side), ("heavy tag", _tag), ("light", _side), ("light tag", _tag))
        a = cup.effect + cup.value + cup.tag + (cup.temporary,)
    elif popup:
        columns = (("counter", datafile.choice(UNITS)), ("attack", _attack), ("range", _range))
        a = (cup.unit, cup.attack, cup.range)
    else:
        columns = (("result", datafile.choice(GROUND)),)
        a = (cup.hits,)
    limit = len(a[0])
    columns = (("count", datafile.integer(1, limit)),) + columns + (("source", text),)
    head = {"source": None, "status": None}
    n = number = 0
    for raw in datafile.bounded(lines):  # (datafile.record, not records: see there)
        number += 1
        vals = datafile.record(raw, number, columns, head)
        if vals is None:
            continue
        if n + vals[0] > limit:
            raise DataError(number, "more than %d counters" % limit)
        if popup and vals[1] == 0 and (vals[2] or vals[3] != 255):
            raise DataError(number, "no-enemy takes - for attack and range")
        for _ in range(vals[0]):
            if hit:
                for s in (0, 1):  # light side in columns 3-4, heavy in 1-2
                    e, val = vals[3 - 2 * s]
                    a[s][n] = e
                    a[2 + s][n] = val
                    a[4 + s][n] = vals[4 - 2 * s]
                    if kind(e) == 2:
                        a[6][n] = 1
            else:
                for j in range(len(a)):
                    a[j][n] = vals[1 + j]
            n += 1
    datafile.end(head)
    if n == 0:
        raise DataError(0, "no counters")
    cup.n = n
    cup.sum = _checksum(name, [x[:n] for x in a])
    if head["status"] != cup.status:  # the shipped text is kept once, in data.py
        cup.status = head["status"]
