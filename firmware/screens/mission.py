"""Placeholder until the engine's commands for this screen exist."""

from firmware import canvas as C
from firmware import ui


class Screen(ui.Screen):
    def draw(self, c):
        ui.title(c, "mission".upper())
        c.text(0, 2, "Not in this engine", C.YELLOW)
        c.text(0, 3, "yet.", C.YELLOW)
        ui.hint(c, "B back")
