"""The display's colours: screens name an ink, backends map it to a pixel (PALETTE, 0xRRGGBB).

Twelve inks fit the 4-bit bitmap of the displayio backend.  Colours carry the game's meaning:
yellow a Light hit (and a Bingo 6 marker), red a Heavy hit (Bingo 10, a failure), green a pass.
"""

BLACK = 0
WHITE = 1
GREY = 2  # secondary text, hints
YELLOW = 3  # a Light hit, Bingo 6
RED = 4  # a Heavy hit, Bingo 10, a failed check, an error
GREEN = 5  # a passed check
CYAN = 6  # title bars
BLUE = 7  # the selected line
DARK = 8  # empty boxes, panels
PURPLE = 9  # data the player should check (unverified)
ORANGE = 10  # a warning that is not an error
DIM = 11  # outlines of empty things
COUNT = 12
PALETTE = (0x000000, 0xFFFFFF, 0x9C9CA0, 0xFFE000, 0xFF3030, 0x30D040, 0x40D0FF, 0x1838A0,
           0x2C2C34, 0xC080FF, 0xFF9020, 0x5C5C68)
NAMES = ("black", "white", "grey", "yellow", "red", "green", "cyan", "blue", "dark", "purple",
         "orange", "dim")
