"""The counters and their cups as the rulebooks print them, from the data files' words
(engine/tal/cups/counters.py): `stress:1` is "Stress 1", `structure*` "Structure" (the `*` of a
durable effect is the files' mark, not the counter's), `attack:-1` "Attack -1", `no-stand-off`
"No Stand-Off", `aaa-site` "AAA Site", `2h` "2 Heavy", a side printed with an aircraft type
"Stress 1 (not A-10)": the counter is ignored against that type.  For the Counter mix and Cups
screens; a module of its own so that neither loads the other.
"""

CUPS = ("hit", "popup", "ground")  # the engine's words for the cups (`mix CUP`)
CUP_NAMES = ("Hit cup", "Pop-Up cup", "Ground Forces cup")
# Words printed otherwise than the files' word, capitalised, reads (the rest: "no-cannon" is
# "No Cannon", "killed" "Killed").
_AS_PRINTED = {"no-stand-off": "No Stand-Off", "hud": "HUD", "aaa": "AAA", "aaa-site": "AAA Site",
               "apc": "APC", "sam": "SAM", "scud": "SCUD", "spa": "SPA", "1-hit": "1 Hit",
               "2-hits": "2 Hits"}


def cup_name(cup):
    """"Pop-Up cup" for `popup`."""
    return CUP_NAMES[CUPS.index(cup)] if cup in CUPS else cup


def name(word):
    """A files' word as printed: "no-cannon" -> "No Cannon", "stress:2" -> "Stress 2",
    "attack:-1" -> "Attack -1", "structure*" -> "Structure"."""
    if word[-1:] == "*":
        word = word[:-1]
    k = word.find(":")
    if k >= 0:
        return name(word[:k]) + " " + word[k + 1:]
    got = _AS_PRINTED.get(word)
    if got is not None:
        return got
    return " ".join(w[:1].upper() + w[1:] for w in word.split("-"))


def type_name(tag):
    """An aircraft type as printed ("A-10", "AH-64"), "" for `-` (none)."""
    return "" if tag == "-" else tag.upper()


def side(word, tag):
    """A Hit counter's side: its effect, and the type it is ignored against: "Stress 1 (not
    A-10)"."""
    shown = name(word)
    return shown + " (not %s)" % type_name(tag) if tag and tag != "-" else shown


def attack(code):
    """A Pop-Up's attack, `2h`: "2 Heavy"; `-`: "no attack"."""
    if not code or code == "-":
        return "no attack"
    return "%s %s" % (code[:-1], "Heavy" if code[-1] == "h" else "Light")


def kind(cup, sides):
    """One kind of counter of `cup` in words, its `sides` as `mix CUP add` takes them: a Hit
    counter "Structure / Stress 1 (not A-10)" (Heavy, then Light), a Pop-Up "APC 2 Heavy,
    range 1" or "No Enemy", a Ground Forces counter "1 Hit"."""
    if cup == "hit" and len(sides) == 4:
        return side(sides[0], sides[1]) + " / " + side(sides[2], sides[3])
    if cup == "popup" and len(sides) == 3:
        if sides[1] == "-":
            return name(sides[0])
        return "%s %s%s" % (name(sides[0]), attack(sides[1]),
                            "" if sides[2] == "-" else ", range " + sides[2])
    return ", ".join(name(w) for w in sides)
