"""A message to read in full before going on (a save that could not be read, a refusal too long
for the bottom of the screen): a `reveal` page of one text."""

from firmware import inks
from firmware.screens import reveal


class Screen(reveal.Screen):
    def __init__(self, app, heading, text, ink=inks.YELLOW):
        super().__init__(app, heading, [(text, ink)])
