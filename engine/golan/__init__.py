"""The Golan pack (the d6 Golan game): its rules and its commands (`golan`, `mine`, `leader` ...).
A build can leave this folder out (engine/manifest.py)."""
