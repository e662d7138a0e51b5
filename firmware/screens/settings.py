"""Settings: game, sound, brightness, dim delay, dice mode and seed, new game, free memory.

Device settings are saved at once (`firmware.prefs`); the game, the seed and a new game go through
the engine (`game G`, `seed N`, `reset N`), so they are recorded like any other action (the
game's choice can be undone).
"""

from firmware import inks, keys, widgets
from firmware import prefs as settings_store
from firmware import ui

ITEMS = ("game", "sound", "bright", "dim", "dice", "seed", "new", "memory")
LABELS = ("Game", "Sound", "Brightness", "Dim after", "Dice", "Seed", "New game", "Free memory")
SEED_MAX = 999999
GAMES = ("tal", "exp3", "golan")  # the engine's `game` words
GAME_NAMES = ("TAL", "TAL + EXP3", "Golan")


class Screen(ui.Screen):
    leaves = ("sel", "seed")  # kept while another screen covers it (firmware/app.py `go`)

    def __init__(self, app):
        super().__init__(app)
        self.sel = 0
        self.seed = app.session.rng.seed_value % (SEED_MAX + 1)
        self.values = ()
        self.update()

    def refresh(self):
        self.update()

    def update(self):
        """The values as shown (made when they change, not per frame)."""
        p = self.app.prefs
        self.values = (
            GAME_NAMES[GAMES.index(self.app.game())],
            "on" if p.get("sound") else "off",
            "%d%%" % p.brightness(),
            settings_store.DIM_NAMES[p.get("dim")],
            settings_store.DICE_MODES[p.get("dice")],
            "%d" % self.seed,
            "press A",
            _memory(),
        )

    def key(self, event):
        k = event & keys.KEY_MASK
        item = ITEMS[self.sel]
        if k == keys.UP:
            self.sel = (self.sel - 1) % len(ITEMS)
        elif k == keys.DOWN:
            self.sel = (self.sel + 1) % len(ITEMS)
        elif k == keys.LEFT or k == keys.RIGHT:
            d = -1 if k == keys.LEFT else 1
            if item == "seed":
                self.seed = (self.seed + d * (100 if event & keys.REPEAT else 1)) % (SEED_MAX + 1)
            elif item == "game":
                g = GAMES[(GAMES.index(self.app.game()) + d) % len(GAMES)]
                if self.app.run(["game", g]) is not None:
                    self.app.say("Playing " + GAME_NAMES[GAMES.index(g)], inks.YELLOW)
            elif item in ("sound", "bright", "dim", "dice"):
                self.app.prefs.step(item, d)
                if self.app.prefs.notice:
                    self.app.say(self.app.prefs.notice, inks.RED)
                    self.app.prefs.notice = None
        elif event == keys.A and item == "seed":
            if self.app.run(["seed", "%d" % self.seed]) is not None:
                self.app.say("dice restart from seed %d" % self.seed, inks.YELLOW)
        elif event == keys.A and item == "new":
            seed = self.seed
            if not self.app.prefs.seeded():
                from firmware.entropy import fresh_seed

                seed = fresh_seed()
            self.app.open("confirm", "New game", "Start a new game? Everything recorded and the"
                          " undo log are cleared.", ["reset", "%d" % seed], "new game started")
        else:
            return False
        self.update()
        return True

    def draw(self, canvas):
        widgets.title(canvas, "Settings")
        top = widgets.TITLE_H + 1
        rows = (canvas.height - top - widgets.ROW_H) // widgets.ROW_H
        first = widgets.window(self.sel, len(ITEMS), rows)
        y = top
        w = canvas.width - 9
        for i in range(first, min(len(ITEMS), first + rows)):
            widgets.field(canvas, y, LABELS[i], self.values[i], i == self.sel, 0, w)
            y += widgets.ROW_H
        widgets.scroll_marks(canvas, canvas.width - 8, top, top + rows * widgets.ROW_H,
                             first > 0, first + rows < len(ITEMS))
        item = ITEMS[self.sel]
        widgets.hint(canvas, "A: use this seed" if item == "seed" else
                     "A: start a new game" if item == "new" else "LEFT/RIGHT change")


def _memory():
    import gc

    free = getattr(gc, "mem_free", None)  # MicroPython and CircuitPython only
    if free is None:
        return "simulator"
    gc.collect()
    return "%d KB" % (free() // 1024)
