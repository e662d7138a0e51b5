"""The RAM budgets: the most heap each build may need, in KB.  `make bench` prints every figure
against these and tests/test_ram_budgets.py runs each workload at its budget.

Figures (host_tools/benches/ram_bench.py measures them, the smallest heap that gives every reply right):
    dice     each transcript of docs/PROTOCOL.md, a fresh console each (the worst one)
    rules    each transcript of docs/protocol/*.md, a fresh console each (the worst one)
    session  every request of docs/protocol/*.md's transcripts, in order, in one console
    tour     every screen of every game (host_tools/benches/app_bench.py), the serial console
             answering the dice transcripts after each game and then every rules request of
             the session above, in the same session; at 160x128 and 240x135
    screen   each of TAL's home, Cups, Mission and Campaign screens opened from a fresh start,
             at 160x128 and 240x135 (the hungriest)

Where the budgets come from (issue 31): a PyBadge on CircuitPython 10 has about 149 KB free to
code at start (the SAMD51J19's 192 KB less CircuitPython's static data and C stack), less the
app's 10 KB displayio bitmap; the app loads its .mpy into that heap, bytecode and names, and the
collector never moves an object, so the whole app from .mpy gets 100 KB (120 is the ceiling).
The 32-bit unix port loading .mpy is the closest model of it that runs here.  The frozen
budgets are the Pico with the app frozen into its firmware (qemu Cortex-M3).
"""

FIGURES = ("dice", "rules", "session", "tour", "screen")

# (build in host_tools/desk/ports.py, figure): KB
BUDGETS = {
    ("unix32-mpy", "session"): 96,  # every rules request, one console (.mpy files)
    ("unix32-mpy", "tour"): 100,  # the whole app on a PyBadge's heap
    ("unix32-mpy", "screen"): 64,
    ("qemu-frozen", "dice"): 8,  # the Pico with the app frozen into its firmware
    ("qemu-frozen", "rules"): 24,
    ("qemu-frozen", "session"): 48,
    # The app frozen into a board's firmware (the PyBadge's image, `make firmware-pybadge`; the
    # Pico's, `make firmware`): its bytecode and names stay in flash, and the whole app needs
    # a fraction of a badge's heap (about 173 KB free on the PyBadge's image).  Measured on
    # unix32-frozen when set (issue 40): the tour 54 KB, the hungriest screen 47 KB.
    ("unix32-frozen", "tour"): 64,
    ("qemu-frozen", "tour"): 64,  # at the PyBadge's size only (ram_bench.TOUR_SIZES)
}

# A Pico on the official MicroPython firmware (1.28: about 241 KB free at start; its images have
# no ROMFS partition) loads the app's .mpy from littlefs: the tour's figure on the same build
# must stay within this, whatever the PyBadge's.
PICO_MPY_TOUR = 180

# What a PyBadge leaves the app: about 149 KB free at start on CircuitPython 10, less the 10 KB
# displayio bitmap.  While the tour's and the screens' budgets above are out of reach (their
# figures are measured and tested as expected failures), every screen of the "screen" figure must
# at least open there from a fresh start, at both sizes.
PYBADGE_HEAP = 139
