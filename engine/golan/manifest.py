# The Golan pack's files (engine/manifest.py includes this unless its option golan is False);
# this manifest itself is not frozen.
import os

for name in sorted(os.listdir(".")):
    if name.endswith(".py") and name != "manifest.py":
        module("engine/golan/" + name, base_path="../..")
