"""The core of any game: the dice, the state and its record, the undo log, the line protocol and
the data-file reader.  Nothing here knows a rule of a game (tests/test_imports.py checks that
nothing here imports engine.tal or a pack)."""
