"""The request forms of docs/PROTOCOL.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
seed
seed N (0 <= N < 2**30)
roll [N]dS [+-M ...] (S 2..100, N 1..50)
check T [+-M ...] [=D] (d10, T 1..99)
retain X Y [+-M ...] [=D] (d10, X <= Y)
pick N (1..50)
tally dS N (N 1..1000000)
state
undo
reset N
record [AT]
help
help COMMAND
"""
