"""The request forms of docs/protocol/campaign.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
campaign start CARD SITUATION
campaign start DAYS SO DAILY [year Y]
campaign scouts +N
campaign ready
campaign
campaign cards
campaign result
campaign fail
campaign end
campaign rule damage-once|last-day-end on|off
day
day end
bn roll ID [+-M ...] [=D]
bn stay ID
day next
ac replace N [salvage M]
pilot replace K ...
ac repair N MARKER
pilot heal K
pilot rr
day +1
day set D
next
so
so +N
so -N
so set N
so weapons P...
vp
vp +N
vp -N
vp set N
vp battalion ID half|destroyed
bn add ID VP [BAND] [fixed]
bn list
bn move ID advance|retreat|BAND
bn remove ID
pilot add NAME OKAY SHAKEN COOL [fast|slow] [evasive N] [level L] [need X]
pilot card K OKAY SHAKEN COOL [fast|slow] [evasive N] [need X]
pilot list
pilot show K
pilot stress K +N|-N
pilot xp K +N
pilot promote K [N]
pilot level K LEVEL
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
table wp BAND
answer
answer V...
"""
