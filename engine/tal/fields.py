"""Layout of the persistent game state: every tracked value is one signed 16-bit field.

One flat array keeps the state easy to save (one record), to compare (undo is the list of fields
a command changed, with their old values) and to restore exactly.  Rules modules read and write
fields through the offsets named here; this file is the single source of the record layout, so
any change to it bumps `layout.VERSION` (and `record` migrates or refuses old layouts) and
updates `layout.COUNT`.
"""

from engine.core import layout

_next = 0


def _f(count=1):
    global _next
    at = _next
    _next += count
    return at


# --- sections are appended below, in order; never reorder without bumping layout.VERSION ---

# --- cups (engine/tal/cups/rules.py) ---
# Which counter is where; what each counter is comes from the data files (data/), so a cup's
# checksum field records which file the state refers to (0 while the state is empty).  Removed
# counters are bit sets, 15 bits a field (a field is signed): 5 fields for the at most 64 Hit
# counters, 4 for the 48 Pop-Ups (engine/tal/cups/data.py); a counter held out is a slot.
HIT_HELD_MAX = 16  # temporary Hit counters out at once (beside their aircraft)
POPUP_OUT_MAX = 12  # Pop-Up enemies on the battlefield at once
HIT_SUM = _f()  # checksum of data/tal/hit_cup.txt the state below refers to
HIT_REMOVED = _f(5)  # counter i removed for the campaign: bit i % 15 of field i // 15
HIT_HELD = _f(HIT_HELD_MAX)  # 0 free, else 1 + counter + 64 * (side + 2 * (aircraft + 16 * ends))
POPUP_SUM = _f()  # checksum of data/tal/popup_cup.txt
POPUP_REMOVED = _f(4)
POPUP_OUT = _f(POPUP_OUT_MAX)  # 0 free, else 1 + counter + 64 * hex

# --- mission, campaign, pilots (engine/tal/mission.py, campaign.py, battalions.py, pilots.py) ---
# Small values cost one byte each in the record (zig-zag varints below 64), so flags share a
# field only where they stay small.  Rosters are arrays indexed by slot (0-based; the protocol
# numbers them from 1); a slot whose first field is 0 is free.  Throughout the rules code a slot
# is `a` for an aircraft (`vals[fields.AC_TYPE + a]`), `k` for a pilot, `b` for a battalion.
SO = _f()  # Special Option points ("Fin de Journée")
DAY = _f()  # current day, 1..DAYS (0 before `campaign start`)
DAYS = _f()  # campaign length in days (0 = not set: no limit)
DAILY = _f()  # daily SO gain from the Situation card (0 = not set)
VP = _f()  # victory points (may be negative)
CAMP = _f()  # campaign bits, see engine/tal/campaign.py (over, failed, R&R used today, options)
PHASE = _f()  # mission phase, see engine/tal/mission.py (0 = no mission)
LOITER = _f()  # Loiter turns this mission started with (5 ± Scout and card notes)
TURN = _f()  # Loiter marker advances made so far this mission
MISSION = _f()  # mission bits: Scout stress relief at mission end ("Bilan de Succès de Scout")

AC_MAX = 8
AC_TYPE = _f(AC_MAX)  # aircraft type number from data/tal/aircraft.txt (0 = free slot)
AC_PILOT = _f(AC_MAX)  # pilot slot + 1 (0 = none: unmanned, or not tracked)
AC_GEAR = _f(AC_MAX)  # slow 1 | fuel tank 2 | ECM pod 4 | Evasive (0..7) << 3
AC_STATE = _f(AC_MAX)  # status (0..7) | Bingo marker (0, 1 = Bingo 6, 2 = Bingo 10) << 3
AC_DMG = _f(AC_MAX)  # markers, 3 bits each: structure | engine<<3 | pylon<<6 | holes<<9 | hud<<12
AC_DMG2 = _f(AC_MAX)  # display | controls << 3 | cannon << 6 (AC-130: bit mask of its 3 guns)

PILOT_MAX = 12
P_NAME = _f(PILOT_MAX)  # name number from data/tal/pilots.txt (0 = free slot)
P_OKAY = _f(PILOT_MAX)  # card: highest Okay stress
P_SHAKEN = _f(PILOT_MAX)  # card: highest Shaken stress (Unfit above)
P_STRESS = _f(PILOT_MAX)
P_XP = _f(PILOT_MAX)  # XP towards the next promotion
P_NEED = _f(PILOT_MAX)  # card: XP needed for the next promotion (0 = not entered)
P_SKILL = _f(PILOT_MAX)  # card: Cool (0..7) | Evasive (0..7) << 3
P_STATE = _f(PILOT_MAX)  # level (0..5) | wounded 8 | killed 16 | slow 32 | flew today 64

BN_MAX = 10
BN_ID = _f(BN_MAX)  # card designation: number * 4 + kind (1 A, 2 S, 3 C); 0 = free slot
BN_VP = _f(BN_MAX)  # card VP value
BN_STATE = _f(BN_MAX)  # strength (0 full, 1 half, 2 destroyed) | range band << 2 | fixed 32

# --- the campaign's sequence of play (engine/tal/cmd_day.py, engine/tal/campaign.py) ---
YEAR = _f()  # the campaign card's year (0 = not known): aircraft in service by then
CARD_LEN = 6
CARD = _f(CARD_LEN)  # the campaign card's name, two characters a field (engine/tal/campaign.py)
STEP = _f()  # end of day step reached: 0 missions, 1 movement, 2 replacements, 3 repairs, 4 R&R
ADJUST = _f()  # setup: skill levels raised minus levels lowered (must end at 0)
SCOUTS = _f()  # scouts owned | scouts used today << 4
# this mission's target: battalion slot + 1 | band + 1 << 4; and its target-bound steps: fuel
# priority 128 (cmd_mission) | engine checks rolled 256 (loiter) | armament points paid for and not
# used yet, 0..9, << 9 | armed 8192 (campaign.weapons)
TARGET = _f()
FORMER_MAX = 8
FORMER = _f(FORMER_MAX)  # name numbers of pilots replaced in this campaign (never come back)

# --- game packs (engine/exp3/rules.py, engine/golan/rules.py) ---
# One block per pack, laid out (and named) in the pack's module: a name here costs RAM on every
# device, a name there only while that game is played.  Zero fields cost one byte of the record.
GAME = _f()  # the game of this campaign: 0 TAL, 1 TAL + Expansion #3, 2 Golan (Settings)
EXP3_FIELDS = 19
EXP3 = _f(EXP3_FIELDS)  # CAS mission and Air Assault (Expansion #3): layout in engine/exp3/rules.py
GOLAN_FIELDS = 56
GOLAN = _f(GOLAN_FIELDS)  # mines, leaders, AVLBs (the Golan game): layout in engine/golan/rules.py

COUNT = _next
if COUNT != layout.COUNT:
    # The session sizes its arrays from engine/core/layout.py without importing this file (RAM).
    raise ImportError("engine/core/layout.py: set COUNT = %d (and bump VERSION)" % COUNT)
