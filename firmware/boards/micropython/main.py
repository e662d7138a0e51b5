"""MicroPython entry point: the Raspberry Pi Pico + Waveshare Pico-LCD-1.14 (copied beside the
app, or frozen with it), and the Adafruit PyBadge's firmware image (`make firmware-pybadge`:
frozen in, run at each start).

The app is `firmware/`; everything about a board is in its profile, `hardware/pico_lcd_114.py`
or `hardware/pybadge_micropython.py`, picked here by the port the firmware was built for.  For
another MicroPython board, add `hardware/<board>.py` with the same `Board` interface (see
`firmware/device.py`) and pick it here.
"""

import gc
import sys

gc.collect()  # the frame buffer is allocated first thing, in one piece

if sys.platform == "samd":  # the PyBadge (SAMD51)
    from hardware.pybadge_micropython import Board
else:  # rp2: the Pico
    from hardware.pico_lcd_114 import Board
from firmware import device  # noqa: E402

device.run(Board())
