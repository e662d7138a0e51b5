"""What a counter in the cups can be: the words of the data files and replies, and their codes.

The vocabulary both the cups' data (engine/tal/cups/data.py) and their file format
(engine/tal/cups/fileformat.py) need: kept apart so that neither imports the other.
"""

# The vocabularies are lists, not tuples: MicroPython stores a constant tuple's strings as heap
# objects (about 70 bytes each on a 64-bit port), a list's as shared interned strings.
# The cups of engine/tal/cups/data.py's FILES, as requests name them and as the rulebooks do.
CUPS = ["hit", "popup", "ground"]
NAMES = ["Hit", "Pop-Up", "Ground Forces"]
# Aircraft types printed on Hit counters; a model folds into its type: MODELS[i] is TYPES[i // 2].
TYPES = ["a-10", "ah-64", "ah-1", "f-16", "av-8b", "ac-130", "mq-1", "rq-1"]
MODELS = ["a-10a", "a-10c", "ah-64a", "ah-64d"]
T_AC130 = 5
T_MQ1 = 6
T_RQ1 = 7

# Hit effects ("Attaques Ennemies") by kind: instant 0..2, durable 3..11, temporary 12..17.
KINDS = ["instant", "durable", "temporary"]
EFFECTS = ["no-effect", "killed", "stress",
           "structure", "engine", "pylon", "hud", "display", "controls", "cannon",
           "bullet-holes", "wounded",
           "altitude", "attack", "no-cannon", "no-hover", "no-stand-off", "no-strike"]

# Pop-Up counters: No Enemy or an enemy unit ("Unités Ennemies").
UNITS = ["no-enemy", "aaa", "aaa-site", "apc", "building", "command", "helicopter", "infantry",
         "sam", "scud", "spa", "storage", "tank", "truck"]
GROUND = ["no-effect", "1-hit", "2-hits"]  # Ground Forces Hit counters: 0, 1, 2 hits (EXP3)


def kind(effect):
    """0 instant, 1 durable, 2 temporary (an index into KINDS) for a Hit effect code."""
    return 0 if effect < 3 else (1 if effect < 12 else 2)


def aircraft_type(word):
    """The type code (index into TYPES) of an aircraft type or model name, or -1."""
    if word in TYPES:
        return TYPES.index(word)
    if word in MODELS:
        return MODELS.index(word) // 2
    return -1
