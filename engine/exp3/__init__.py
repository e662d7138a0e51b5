"""The Expansion #3 pack (Close Air Support, Air Assault): its rules, its data and its commands
(`cas`, `assault`).  A build can leave this folder out (engine/manifest.py)."""
