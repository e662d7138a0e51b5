"""One module per screen, each with a `Screen` class (see `firmware.ui.Screen`).

The app imports a screen's module when it opens and drops it when it closes, to keep RAM free.
"""
