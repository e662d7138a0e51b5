"""Table-side companion engine: portable game logic for CPython, MicroPython and CircuitPython.

Read top-down: `rng` (the dice source), `dice` (batches, checks, launch-retain, pick, tally,
shuffle), `jsonline` (reply encoding), `protocol` (a line in, a reply out).
"""
