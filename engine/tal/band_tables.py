"""What a mission's target band costs, as the sheets print it: each pilot's mission stress
("Report du Stress des Pilotes", the Air Base sheet) and each aircraft's weight penalty
("Armements des Appareils", the Tactical Display sheet), rows of data/tal/stress.txt; a row the
file does not give is asked at the table (`complete` in engine/tal/ask.py).

Apart from engine/tal/sheets.py, whose other tables a mission's start and end never read: the
rules transcripts' smallest heaps, exp3.md:418 23.0 KB against 23.25 on qemu-frozen (22.0
against 22.5 on unix32-frozen), campaign.md:847 22.25 against 22.5 on unix32-frozen.
"""

from engine.core.datatables import UNKNOWN, lookup, rows
from engine.tal import battalions
from engine.tal.ask import complete

STRESS_KEYS = ((0,),)  # one row per band


def stress_rows(session, band=-1):
    """The rows of data/tal/stress.txt: (band, stress, WP) per range band; with `band`, its row
    alone or None (`datatables.lookup`: the table is not kept unless it is held already)."""
    columns = (("band", battalions.BANDS), ("stress", (0, 99), "?"), ("wp", (0, 99), "?"),
               ("source", "text"))
    if band < 0:
        return rows(session, "tal/stress.txt", columns, STRESS_KEYS)
    return lookup(session, "tal/stress.txt", columns, 0, band)


def _band(session, b, table, what, sheet):
    # table: "stress" or "wp", the column wanted.  A mission's stress, at its end: the band's
    # row alone, not the table (0.4 KB) that the end replayed by its answer held at its peak
    # (with the Scout's row alone, campaign.md:847 22.75 KB against 23.25 on qemu-frozen).
    # The weight penalty, read per aircraft: the table, read once (the row alone each time:
    # exp3.md:418 22.5 against 22.0 on unix32-frozen).
    vals = [UNKNOWN]
    if table == "wp":
        for band, _stress, wp in stress_rows(session):
            if band == b:
                vals[0] = wp
    else:
        row = stress_rows(session, b)
        if row is not None:
            vals[0] = row[1]
    entered = complete(session, table, battalions.BANDS[b], vals, ((table, 0, 99, None),),
                       "%s, %s" % (what, battalions.BAND_NAMES[b]), sheet)
    return vals[0], entered


def band_stress(session, b):
    """Mission stress for a target in range band `b` ("Report du Stress des Pilotes"):
    (stress, entered)."""
    return _band(session, b, "stress", "Mission stress", "Air Base sheet")


def band_wp(session, b):
    """Weight Points each aircraft loses against range band `b` ("Armements des Appareils"):
    (WP, entered)."""
    return _band(session, b, "wp", "Weight penalty", "Tactical Display sheet")

