"""CircuitPython entry point (CIRCUITPY/code.py): the TAL companion on an Adafruit PyBadge.

The app is `firmware/` (under lib/); everything about the board is in `hardware/pybadge.py`.
For another CircuitPython board, add `hardware/<board>.py` with the same `Board` interface
(see `firmware/device.py`) and import it here instead.
"""

from hardware.pybadge import Board
from firmware import device

device.run(Board())
