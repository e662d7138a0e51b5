"""The request forms of docs/protocol/campaign.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
so
so +N
so -N
so set N
so weapons P...
so endday [DAILY [FR AB]]
campaign
campaign start DAYS SO DAILY
campaign fail
campaign end
campaign rule damage-once on|off
day
day +1
day set D
vp
vp +N
vp -N
vp set N
vp battalion ID half|destroyed
bn add ID VP BAND [fixed]
bn list
bn move ID advance|retreat|BAND
bn roll ID [+-M ...] [=D]
bn remove ID
pilot add NAME OKAY SHAKEN COOL [fast|slow] [evasive N] [level L] [need X]
pilot card K OKAY SHAKEN COOL [fast|slow] [evasive N] [need X]
pilot list
pilot show K
pilot stress K +N|-N
pilot xp K +N
pilot promote K [N]
pilot level K LEVEL
pilot rest
pilot rr
pilot heal K
pilot replace K NAME OKAY SHAKEN COOL [...]
pilot remove K
table cover [=D]
table sar [=D] [+-M ...]
table engine [=D]
table ecm [=D]
table bingo 6|10 [=D]
table scout [=D]
table ridge [=D] [+-M ...]
table move a|s|c [=D] [+-M ...]
table stress BAND
"""
