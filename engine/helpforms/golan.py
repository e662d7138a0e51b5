"""The request forms of docs/protocol/golan.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
game
game tal|exp3|golan
golan
golan new
mine
mine place HEX
mine reveal
mine attack K [=D]
leader
leader name ID NAME
leader at ID HEX
leader move ID HEX [adj] [=D]
leader fate ID [HEX] [=D]
sagger [=D]
heli
heli range N
avlb
avlb ditch HEX
avlb lost HEX
avlb defence ditch|open
mortar
"""
