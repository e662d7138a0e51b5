"""The rulebook's look-up tables (code constants).

Printed in the rulebook (docs/rules.md): Enemy Cover, SAR, engine check, ECM, Bingo check.  The
tables our documents do not print are player-editable data
(engine/core/datatables.py).
"""


# --- rulebook tables -----------------------------------------------------------------------

# Enemy Cover, one d10 ("Pilotes Crashés et SAR", "Couverture Ennemie").
COVER = (
    "no unit takes cover this turn",
    "all units in hexes with aircraft take cover",
    "all units in hexes with aircraft take cover",
    "all units in hexes with destroyed units take cover",
    "all units in hexes with destroyed units take cover",
    "all infantry units take cover",
    "roll a d10 for a hex: all units there take cover",
    "one unit in each hex takes cover",
    "all units of the hex with the most active units take cover (you pick on a tie)",
    "pick a hex: all its units leave cover",
)
COVER_NOTE = "buildings never take cover; a hex edge without a ridge gives no cover"

# SAR outcomes ("Pilotes Crashés et SAR"): modified d10 <= 5 killed; 6-7 dangerous; 8 recovered; 9+
# quick.
SAR_KILLED = 0
SAR_DANGEROUS = 1
SAR_RECOVERED = 2
SAR_QUICK = 3
SAR_NAMES = ("killed", "dangerous recovery", "recovered", "quick recovery")
SAR_STRESS = (0, 6, 4, 2)  # added to the mission's normal stress
SAR_TARGET_BOUND = 2  # + if the aircraft crashed Target-bound
SAR_HOME_BOUND = 1  # + if it crashed Home-bound

ENGINE_CRASH_MAX = 2  # engine check: a d10 <= 2 crashes the aircraft ("Pilotes Crashés et SAR")
ECM_CANCEL_MIN = 7  # ECM pod: a d10 of 7+ cancels one attacking unit ("Attaques Ennemies")
BINGO_MARKERS = (6, 10)  # Bingo markers ("Placement du Pion d'Autonomie", "Bingo Fuel")


def sar(result):
    """SAR outcome (SAR_KILLED..SAR_QUICK) of a modified SAR roll ("Pilotes Crashés et SAR")."""
    if result <= 5:
        return SAR_KILLED
    if result <= 7:
        return SAR_DANGEROUS
    if result == 8:
        return SAR_RECOVERED
    return SAR_QUICK


def bingo_stress(marker, die):
    """Stress of a Bingo check: marker - die when the die is below the marker ("Placement du Pion
    d'Autonomie", "Bingo Fuel")."""
    return marker - die if die < marker else 0

