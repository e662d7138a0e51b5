"""The request forms of docs/protocol/exp3.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
cas
cas card DRAW SQUAD [COMPLETE]
cas engaged N E [HEX|=D]
cas enemies HEX N
cas attack K [N]
cas hit K N
cas cap K C
cas ff HEX T SKILL [+-M ...] [=D ...]
cas end
assault KIND TARGET T [lead] [far] [+-M ...] [=D]
assault forobs HEX
assault turn
assault
"""
