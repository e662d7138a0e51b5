"""Which game this campaign plays (a Settings choice stored with the campaign): `game`.

TAL is the base game; EXP3 is TAL with Expansion #3 (Close Air Support, Air Assault soldiers);
GOLAN is the separate d6 Golan game.  A pack's commands refuse (error `state`) unless its game is
the selected one, so a stray line cannot change another game's state.
"""

from engine.tal import fields
from engine.core import parse

TAL = 0
EXP3 = 1
GOLAN = 2
NAMES = ("tal", "exp3", "golan")


def selected(session):
    """The selected game (TAL, EXP3 or GOLAN)."""
    g = session.vals[fields.GAME]
    return g if 0 <= g < len(NAMES) else TAL


def require(session, game):
    """Refuse with error `state` unless `game` is the selected game."""
    if selected(session) != game:
        raise parse.Reject(parse.STATE, "%s is not the selected game (game %s)" % (
            NAMES[game], NAMES[game]))


def game(session, words):
    """`game` shows the selected game; `game tal|exp3|golan` selects one (an undoable change)."""
    parse.arity(words, 1, 2, "game [tal|exp3|golan]")
    if len(words) == 2:
        for g in range(len(NAMES)):
            if words[1] == NAMES[g]:
                session.vals[fields.GAME] = g
                break
        else:
            raise parse.Reject(parse.UNKNOWN, "games: tal, exp3, golan")
    return (("game", NAMES[selected(session)]),)


def dice_words(words, start, sides):
    """Modifier words and any number of `=D` hand-rolled dice in w[start:]: (mod, [dice])."""
    mod = 0
    dice = []
    for k in range(start, len(words)):
        x = words[k]
        if x[:1] == "=":
            dice.append(parse.face(x, sides))
        elif x[:1] == "+" or x[:1] == "-":
            mod += parse.signed(x, -parse.MOD_LIMIT, parse.MOD_LIMIT, "modifier")
        else:
            raise parse.Reject(parse.SYNTAX, "modifiers look like +2 or -1, a rolled die =D")
    return mod, dice
