"""The request forms of docs/protocol/mission.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
ac add TYPE [buy] [fast|slow] [fuel] [ecm] [evasive N] [pilot K]
ac set N [fast|slow] [fuel|nofuel] [ecm|noecm] [evasive N] [pilot K|nopilot]
ac list
ac hit N EFFECT [V]
ac attacked N UNIT... [heavy-first]
ac repair N MARKER [COUNT]
ac leave N
ac replace N
ac remove N
mission [show]
mission start N...
loiter start [scout [=D]] [+-M ...]
loiter [show]
loiter enemy
loiter next
mission home
mission abort
mission end BAND|BATTALION|stress S [destroyed] [all] [xp +X]
bingo check [=D ...]
engine check [=D ...]
sar N [wp W] [target|battle|home] [=D]
ridge N [+-M ...] [=D]
"""
