"""The RAM budgets (issue 9): the most heap each build may need, in KB.  `make bench` prints
every figure against these and tests/test_ram_budgets.py runs each workload at its budget.

Figures (host_tools/benches/ram_bench.py measures them, the smallest heap that gives every reply right):
    dice     each transcript of docs/PROTOCOL.md, a fresh console each (the worst one)
    rules    each transcript of docs/protocol/*.md, a fresh console each (the worst one)
    session  every request of docs/protocol/*.md's transcripts, in order, in one console
    tour     every screen of every game (host_tools/benches/app_bench.py), the serial console
             answering in the same session
"""

FIGURES = ("dice", "rules", "session", "tour")

# (build in host_tools/desk/ports.py, figure): KB
BUDGETS = {
    ("unix32-mpy", "dice"): 48,  # each documented transcript: the PyBadge's way (.mpy files)
    ("unix32-mpy", "rules"): 48,
    ("unix32-mpy", "session"): 96,
    ("unix32-mpy", "tour"): 64,
    ("qemu-frozen", "dice"): 8,  # the Pico with the app frozen into its firmware
    ("qemu-frozen", "rules"): 24,
    ("qemu-frozen", "session"): 48,
}
