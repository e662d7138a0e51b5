"""The counter cups (the Hit cup, the Pop-Up cup, Expansion #3's Ground Forces cup): what a counter
can be (counters), the data files (data, read by fileformat), the rules, the `cup` commands, whose
mix each cup holds (mine)."""
