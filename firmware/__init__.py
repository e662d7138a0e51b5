"""The device app: screens, buttons, displays, storage and time around the engine."""
