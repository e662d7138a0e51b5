"""The request forms of docs/protocol/cups.md, for `help COMMAND` (checked against it by tests)."""

FORMS = """
cup show hit|popup|ground
cup draw hit ac N type T UNIT... [ecm] [evasive E] [heavy-first]
cup end-turn N
cup draw popup N
cup draw popup TYPE...
cup return popup K
cup remove popup NAME [N]
cup draw ground K
cup end-mission
cup reset hit|popup
mix
mix hit|popup|ground
mix CUP kinds
mix CUP list
mix CUP confirm
mix CUP check
mix CUP new
mix hit add COUNT HEAVY HTAG LIGHT LTAG
mix popup add COUNT COUNTER ATTACK RANGE
mix ground add COUNT RESULT
mix CUP skip
mix CUP rest
mix CUP done
mix CUP cancel
"""