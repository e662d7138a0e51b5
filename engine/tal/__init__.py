"""Thunderbolt Apache Leader's rules: the state fields, the cups, the aircraft, the mission, the
campaign, the pilots and the tables, each with its protocol commands (cmd_*) beside it."""
