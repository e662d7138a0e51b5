"""The figures of `make bench`: RAM against the budgets, speed, code size, flash life."""
