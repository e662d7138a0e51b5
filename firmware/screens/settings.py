"""Settings: game, sound, brightness, dim delay, dice mode and seed, new game, memory.

Device settings are saved at once (`firmware.prefs`); the game, the seed and a new game go through
the engine (`game G`, `seed N`, `reset N`), so they are recorded like any other action (the
game's choice can be undone).
"""

from firmware import canvas as C
from firmware import keys as K
from firmware import prefs as P
from firmware import ui

ITEMS = ("game", "sound", "bright", "dim", "dice", "seed", "new", "memory")
LABELS = ("Game", "Sound", "Bright", "Dim after", "Dice", "Seed", "New game", "Memory")
SEED_MAX = 999999
GAMES = ("tal", "exp3", "golan")  # the engine's `game` words
GAME_NAMES = ("TAL", "TAL+EXP3", "GOLAN")


class Screen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.cur = ui.Cursor(len(ITEMS), 1)
        self.seed = app.session.rng.seed_value % (SEED_MAX + 1)

    def value(self, item):
        p = self.app.prefs
        if item == "game":
            return GAME_NAMES[GAMES.index(self.app.game())]
        if item == "sound":
            return "on" if p.get("sound") else "off"
        if item == "bright":
            return "%d%%" % p.brightness()
        if item == "dim":
            return P.DIM_NAMES[p.get("dim")]
        if item == "dice":
            return P.DICE_MODES[p.get("dice")]
        if item == "seed":
            return "%d" % self.seed
        if item == "new":
            return "A"
        return _memory()

    def key(self, ev):
        k = ev & K.KEY_MASK
        item = ITEMS[self.cur.sel]
        if k == K.UP:
            self.cur.move(-1)
        elif k == K.DOWN:
            self.cur.move(1)
        elif k == K.LEFT or k == K.RIGHT:
            d = -1 if k == K.LEFT else 1
            if item == "seed":
                self.seed = (self.seed + d * (100 if ev & K.REPEAT else 1)) % (SEED_MAX + 1)
            elif item == "game":
                g = GAMES[(GAMES.index(self.app.game()) + d) % len(GAMES)]
                if self.app.run(["game", g]) is not None:
                    self.app.say("game: " + GAME_NAMES[GAMES.index(g)], C.YELLOW)
            elif item in ("sound", "bright", "dim", "dice"):
                self.app.prefs.step(item, d)
                if self.app.prefs.notice:
                    self.app.say(self.app.prefs.notice, C.RED)
                    self.app.prefs.notice = None
        elif ev == K.A and item == "seed":
            r = self.app.run(["seed", "%d" % self.seed])
            if r is not None:
                self.app.say("dice restart from seed %d" % self.seed, C.YELLOW)
        elif ev == K.A and item == "new":
            seed = self.seed
            if not self.app.prefs.seeded():
                from firmware.entropy import fresh_seed

                seed = fresh_seed()
            self.app.open("confirm", "New game", "Start a new game? Everything recorded and the"
                          " undo log are cleared.", ["reset", "%d" % seed], "new game started")
        else:
            return False
        return True

    def draw(self, c):
        ui.title(c, "SETTINGS")
        self.cur.resize(len(ITEMS), c.rows - 2)
        row = 1
        for i in self.cur.visible():
            on = i == self.cur.sel
            ui.selected(c, row, on)
            c.text(2, row, LABELS[i], C.WHITE)
            v = self.value(ITEMS[i])
            c.right(row, v, C.YELLOW if on else C.WHITE)
            row += 1
        item = ITEMS[self.cur.sel]
        ui.hint(c, "A set seed" if item == "seed" else "A start" if item == "new" else
                "LEFT/RIGHT change")


def _memory():
    import gc

    free = getattr(gc, "mem_free", None)  # MicroPython and CircuitPython only
    if free is None:
        return "n/a"
    gc.collect()
    return "%d KB free" % (free() // 1024)
