"""Playing on the desktop: the simulator, the consoles, command logs, replay, the log sheet, the data files."""
