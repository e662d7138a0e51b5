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
# `make firmware` does this with the copy of this folder in build/folded (python -m
# host_tools.building.fold writes it): the same code with the modules' integer constants folded in, which
# saves every game request about 2 KB of RAM (host_tools/building/fold.py), and their private names
# shortened (host_tools/building/shorten.py: the names live in flash here).  This file works as well.
# Then copy only main.py and data/ to the board (from dist/micropython/): the filesystem comes
# before .frozen in sys.path, so engine/ or firmware/ copies left on the board would shadow the
# frozen modules; remove them.

# No version in the metadata: freezing appends `__version__ = "..."` to every module
# (tools/manifestfile.py), a global each in RAM that pushed module tables past a size step; the
# dice transcripts' smallest heap was 8.19 against 8.13 KB on unix32-frozen (the six summed 48.1
# against 47.5; qemu-frozen 51.2 against 50.8).  The version is package.json's.
metadata(
    description="TAL companion: Thunderbolt Apache Leader dice, cups and tracks for a handheld",
    license="see the repository",
)

options.defaults(exp3=True, golan=True)
include("engine", exp3=options.exp3, golan=options.golan)
# with boards/frozen_names.py (never imported: the names for the ROM) and boards/frozen_fonts.py
# (the font file as bytes, in flash: firmware/fonts reads no file; the fonts take 1.1 KB of heap
# frozen against 1.9 read from the file, unix32-frozen, gc.mem_alloc() after the import)
package("firmware")
package("hardware")
