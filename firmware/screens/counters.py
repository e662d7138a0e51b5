"""A Hit counter's effect as the counters print it, not as the data files key it: "Bullet
Holes", "No Stand-Off", "Stress 2", "Attack -1", "HUD" for bullet-holes, no-stand-off, stress:2,
attack:-1, hud (the rulebook's list of Hit counters, "Résolution des Attaques").  The rulebook
marks a durable effect with a '*' after its name; a screen says "durable" in words where it
matters instead of a mark it would have to explain.  Loaded by the screens that show a counter
(Cups, Hits, Mission's repairs, the Campaign's, a mission's results): a rule, no table, so
nothing stays in the heap."""


def name(effect, value=0):
    """The counter's printed name, its value after it ("Stress 2", "Attack -1")."""
    text = words(effect)
    if value:
        text += " %d" % value
    return text


def words(effect):
    """The printed name of an effect code word, without its value (firmware/counter_words.py,
    which the Counter mix screen reads too)."""
    from firmware import counter_words

    return counter_words.name(effect)


def chit(effect, value=0):
    """The words on a chit, two lines and the value: ("No", "Stand-Off", ""), ("Stress", "",
    "2"), ("Bullet", "Holes", "")."""
    first, _, second = words(effect).partition(" ")
    return first, second, "%d" % value if value else ""
