"""A message the player must acknowledge (e.g. a save that could not be read): a `reveal` screen
of one yellow text, wrapped and scrollable."""

from firmware import canvas as C
from firmware.screens import reveal


class Screen(reveal.Screen):
    def __init__(self, app, heading, text):
        super().__init__(app, heading.upper(), [(text, C.YELLOW)])
