"""Entry points, copied to the board's root by `make dist`: circuitpython/code.py and boot.py,
micropython/main.py.  (Not at the repository root: a `code.py` there would shadow Python's own
`code` module for every tool run from the checkout.)"""
