"""Board profiles: one module per board, the only code that knows pins (see firmware/device.py).

- `pybadge`: Adafruit PyBadge / PyBadge LC, CircuitPython 9+ (pybadge.md: parts and wiring)
- `pybadge_micropython`: the same badge on its MicroPython firmware image, the app frozen in
  (`make firmware-pybadge`; its board definition for MicroPython's samd port: ADAFRUIT_PYBADGE/);
  what the two PyBadge profiles share: `pybadge_parts`
- `pico_lcd_114`: Raspberry Pi Pico + Waveshare Pico-LCD-1.14, MicroPython 1.22+ (pico_lcd_114.md)
- `web`: the web page (docs/web.md)
Their bases: `board` (what every board gives), `micropython_board` (what every MicroPython board
does alike); the ST7789 / ST7735R panel driver: `st7789`.
"""
