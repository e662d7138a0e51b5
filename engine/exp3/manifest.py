# The Expansion #3 pack's files (engine/manifest.py includes this unless its option exp3 is
# False); this manifest itself is not frozen.
import os

for name in sorted(os.listdir(".")):
    if name.endswith(".py") and name != "manifest.py":
        module("engine/exp3/" + name, base_path="../..")
