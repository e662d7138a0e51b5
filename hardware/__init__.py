"""Board profiles: one module per board, the only code that knows pins (see firmware/device.py).

- `pybadge`: Adafruit PyBadge / PyBadge LC, CircuitPython 9+ (pybadge.md: parts and wiring)
- `pico_lcd_114`: Raspberry Pi Pico + Waveshare Pico-LCD-1.14, MicroPython 1.22+ (pico_lcd_114.md)
"""
