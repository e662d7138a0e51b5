# Freeze the TAL companion into a custom MicroPython firmware (micropython-lib style).
#
# Frozen code runs from flash: its bytecode takes no heap, which leaves the RAM to the game.
# Include this file from a board manifest, e.g. my_manifest.py:
#
#     include("$(PORT_DIR)/boards/manifest.py")     # the port's usual frozen modules
#     include("/path/to/this/repo/manifest.py")     # engine, firmware, hardware
#
# A game pack can be left out: include("/path/to/this/repo/manifest.py", golan=False) (the
# options exp3 and golan, both True unless given; engine/manifest.py).  Its commands then answer
# "cannot load this command", and the rest plays on.
# then, in a MicroPython checkout:
#     make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/my_manifest.py
# Then copy only main.py and data/ to the board (from dist/micropython/): the filesystem comes
# before .frozen in sys.path, so engine/ or firmware/ copies left on the board would shadow the
# frozen modules; remove them.

metadata(
    description="TAL companion: Thunderbolt Apache Leader dice, cups and tracks for a handheld",
    version="0.1.0",
    license="see the repository",
)

options.defaults(exp3=True, golan=True)
include("engine", exp3=options.exp3, golan=options.golan)
package("firmware")
package("hardware")
