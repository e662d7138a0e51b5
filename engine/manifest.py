# The engine for a frozen build (included by the repository's manifest.py): the core and TAL
# always, each game pack unless its option is False (micropython-lib's include-with-options).
options.defaults(exp3=True, golan=True)

module("engine/__init__.py", base_path="..")
module("engine/datacheck.py", base_path="..")
package("engine/core", base_path="..")
package("engine/tal", base_path="..")
package("engine/helpforms", base_path="..")
if options.exp3:
    include("exp3")
if options.golan:
    include("golan")
