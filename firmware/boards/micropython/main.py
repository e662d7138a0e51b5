"""MicroPython entry point: Raspberry Pi Pico + Waveshare Pico-LCD-1.14.

The app is `firmware/`; everything about the board is in `hardware/pico_lcd_114.py`.  For another
MicroPython board, add `hardware/<board>.py` with the same `Board` interface (see
`firmware/device.py`) and import it here instead.
"""

import gc

gc.collect()  # the frame buffer is allocated first thing, in one piece

from hardware.pico_lcd_114 import Board  # noqa: E402
from firmware import device  # noqa: E402

device.run(Board())
