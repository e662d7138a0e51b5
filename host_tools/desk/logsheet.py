"""`python -m host_tools log`: a campaign laid out like the rulebook's player log sheet.

From a state file alone: where the campaign stands (day, SO, VP, pilots' stress and XP, aircraft
damage, battalions).  With the command log (console `--log=`), the log is replayed and each day
gets its row: missions flown, SO gained and spent, VP won and lost, and every pilot's stress and
XP and every aircraft's damage at the end of that day.  An `undo` takes its step back out of the
day it was counted in, as rubbing out a pencil mark would.

The state is read through the engine's own modules (the offsets of engine/tal/fields.py,
engine/tal/pilots.py, mission.py, campaign.py), so the sheet shows what the device shows.
"""

import io

from host_tools.desk import cmdlog, replay


class SheetError(Exception):
    """Nothing to lay out, or an input that cannot be read."""


def _try(fn, default):
    try:
        return fn()
    except Exception:  # a name or table the data files do not have: show the raw number
        return default


def _type_name(session, a):
    from engine.tal import aircraft

    _number, type_name, _family, _class, _cost, _boxes, _wp, _year = aircraft.type_row(session, a)
    return type_name.lower()


# --- one snapshot of the state -------------------------------------------------------------------
def snapshot(session):
    """The figures of the log sheet in `session`, as plain Python values."""
    from engine.tal import aircraft  # the roster's names and readings
    from engine.tal import battalions, campaign, pilots
    from engine.tal import fields

    vals = session.vals
    out = {"day": vals[fields.DAY], "days": vals[fields.DAYS], "so": vals[fields.SO],
           "vp": vals[fields.VP], "over": bool(vals[fields.CAMP] & campaign.OVER),
           "failed": bool(vals[fields.CAMP] & campaign.FAILED),
           "phase": vals[fields.PHASE], "pilots": [], "aircraft": [], "battalions": []}
    for k in range(fields.PILOT_MAX):
        if not pilots.used(vals, k):
            continue
        n = vals[fields.P_NAME + k]
        st = vals[fields.P_STATE + k]
        if st & pilots.KILLED:
            status = "killed"
        else:
            status = pilots.STATUS[pilots.status(vals, k)] + (", wounded" if st & pilots.WOUNDED
                                                             else "")
        out["pilots"].append({
            "slot": k + 1, "name": _try(lambda: pilots.name(session, n), "#%d" % n),
            "level": pilots.LEVELS[pilots.level(vals, k)], "stress": vals[fields.P_STRESS + k],
            "okay": vals[fields.P_OKAY + k], "shaken": vals[fields.P_SHAKEN + k], "status": status,
            "xp": vals[fields.P_XP + k], "need": vals[fields.P_NEED + k]})
    for a in range(fields.AC_MAX):
        if not aircraft.used(vals, a):
            continue
        t = vals[fields.AC_TYPE + a]
        marks = []
        for m in range(len(aircraft.MARKERS)):
            c = _try(lambda: aircraft.marker_count(session, a, m), aircraft.marker(vals, a, m))
            if c:
                marks.append("%s x%d" % (aircraft.MARKERS[m], c) if c > 1 else aircraft.MARKERS[m])
        p = vals[fields.AC_PILOT + a]
        out["aircraft"].append({
            "slot": a + 1, "type": _try(lambda: _type_name(session, a), "type %d" % t),
            "pilot": p, "status": aircraft.STATUS[aircraft.status(vals, a)],
            "damage": ", ".join(marks) or "-"})
    for b in range(fields.BN_MAX):
        code = vals[fields.BN_ID + b]
        if not code:
            continue
        out["battalions"].append({
            "slot": b + 1, "name": battalions.bn_name(code), "vp": vals[fields.BN_VP + b],
            "strength": battalions.STRENGTHS[battalions.bn_strength(vals, b)],
            "band": _try(lambda: battalions.BANDS[battalions.bn_band(vals, b)], "?")})
    return out


def _pilot_name(snap, slot):
    for p in snap["pilots"]:
        if p["slot"] == slot:
            return p["name"]
    return "-" if not slot else "#%d" % slot


# --- days from a command log ----------------------------------------------------------------------
class Day:
    """One row of the sheet."""

    def __init__(self, day):
        self.day = day
        self.missions = 0
        self.so_gained = 0
        self.so_spent = 0
        self.vp_won = 0
        self.vp_lost = 0
        self.end = None  # snapshot at the end of the day
        self.played = []  # the dates ("YYYY-MM-DD") the day was played on, from the log's times

    def add(self, step):
        if step.dso > 0:
            self.so_gained += step.dso
        else:
            self.so_spent -= step.dso
        if step.dvp > 0:
            self.vp_won += step.dvp
        else:
            self.vp_lost -= step.dvp
        self.missions += step.started
        self.end = step.after
        if step.date and step.date not in self.played:
            self.played.append(step.date)


class Step:
    """One change of the game state that stands (not undone): an undo step of the session."""

    def __init__(self, day, dso, dvp, started, after, date):
        self.day = day
        self.dso = dso
        self.dvp = dvp
        self.started = started
        self.after = after  # the snapshot right after it
        self.date = date


def days_from_log(events, data_dir=None, seed=None, state=None):
    """(list of Day rows, final snapshot, final session, notes) from replaying a command log.

    The rows are made of the changes still standing in the final state: the replay keeps a
    stack of them alongside the session's undo log (a change of the fields pushes a step, an
    `undo` pops the newest, `reset` and a session started afresh clear it), so a day, a mission
    or a cost that was undone is on no row.  A day's figures are the sums of its standing
    changes; its end is the state after the last of them (the one ending the day included).
    """
    from engine.tal import fields
    from engine.core import protocol

    standing = []
    snap = None
    session = None
    notes = []
    fresh = 0
    date = None
    for start, items in replay.segments(events, seed, state):
        session = replay._session(start, data_dir)
        if start[0] == "seed":
            fresh += 1
            standing = []  # a fresh session cannot undo what came before it: a new campaign
        for it in items:
            if it[0] == "at":
                date = it[1][:10]
                continue
            if it[0] != "req":
                continue
            vals = session.vals
            before = list(vals)
            r = protocol.reply(session, it[1])
            if r is None or not r.startswith('{"ok":true'):
                continue
            vals = session.vals
            words = it[1].decode("ascii", "replace").lower().split()
            if words and words[0] == "undo":
                if standing:
                    standing.pop()
                elif "undo" not in " ".join(notes):
                    notes.append("an undo took back a change made before the log began: the "
                                 "figures of its day may be off")
            elif words and words[0] == "reset":
                standing = []  # a new campaign: nothing before it can be undone
            elif list(vals) != before:  # the fields changed: the session made an undo step
                standing.append(Step(before[fields.DAY], vals[fields.SO] - before[fields.SO],
                                     vals[fields.VP] - before[fields.VP],
                                     1 if (before[fields.PHASE] == 0 and vals[fields.PHASE]) else 0,
                                     snapshot(session), date))
            snap = snapshot(session)
    if fresh > 1:
        notes.append("the log holds %d sessions started afresh (a console without its state "
                     "file): the sheet lays out the last one" % fresh)
    days = {}
    for st in standing:
        days.setdefault(st.day, Day(st.day)).add(st)
    return [days[d] for d in sorted(days)], snap, session, notes


def build(state_path=None, commands_path=None, data_dir=None):
    """The sheet: {'now': snapshot, 'days': [Day], 'notes': [...]}."""
    from engine.core.crc import crc32

    if not state_path and not commands_path:
        raise SheetError("give a state file, a command log (--commands), or both")
    notes = []
    now = None
    days = []
    if commands_path:
        try:
            events = cmdlog.read(commands_path)
            days, now, sess, notes = days_from_log(events, data_dir)
        except cmdlog.LogError as e:
            raise SheetError(str(e))
        if now is None:
            notes.append("the command log holds no answered request")
    if state_path:
        try:
            payload = replay.load_state(state_path)
        except cmdlog.LogError as e:
            raise SheetError(str(e))
        session = replay._session(("payload", payload), data_dir)
        if commands_path and now is not None and crc32(sess.payload()) != crc32(payload):
            notes.append("the command log does not end where the state file does: the days "
                         "come from the log, the figures under them from the state file")
        now = snapshot(session)
    return {"now": now, "days": days, "notes": notes}


# --- layout ----------------------------------------------------------------------------------------
def _md_table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(out) + "\n"


def _played(dates, sep):
    """The dates a day was played on: one, or the first and the last (a session past midnight)."""
    return dates[0] if len(dates) == 1 else sep.join(dates[:1] + dates[-1:])


def _day_label(d):
    return "setup" if d == 0 else str(d)


def _status(now):
    if now["failed"]:
        return "ended in failure"
    if now["over"]:
        return "over"
    if now["day"] == 0:
        return "not started"
    return "in progress"


def markdown(sheet):
    """The sheet as Markdown."""
    now = sheet["now"]
    o = io.StringIO()
    o.write("# Thunderbolt Apache Leader: campaign log\n\n")
    if now is None:
        o.write("(no campaign state)\n")
        return o.getvalue()
    o.write("Day %s%s · SO %d · VP %d · campaign %s\n\n" % (
        now["day"] or "-", " of %d" % now["days"] if now["days"] else "", now["so"], now["vp"],
        _status(now)))
    for n in sheet["notes"]:
        o.write("> %s\n\n" % n)
    if sheet["days"]:
        o.write("## Days\n\n")
        rows = []
        for d in sheet["days"]:
            e = d.end or now
            rows.append([_day_label(d.day), _played(d.played, " to ") or "-", d.missions,
                         "+%d" % d.so_gained, "-%d" % d.so_spent,
                         e["so"], "+%d" % d.vp_won, "-%d" % d.vp_lost, e["vp"],
                         "; ".join("%s %d/%d" % (p["name"], p["stress"], p["xp"])
                                   for p in e["pilots"]) or "-"])
        o.write(_md_table(["Day", "Played", "Missions", "SO gained", "SO spent", "SO", "VP won",
                           "VP lost", "VP", "Pilots stress/XP at day's end"], rows))
        o.write("\n")
    o.write("## Pilots\n\n")
    if now["pilots"]:
        o.write(_md_table(["#", "Pilot", "Level", "Stress", "Okay / Shaken up to", "Status", "XP"],
                          [[p["slot"], p["name"], p["level"], p["stress"],
                            "%d / %d" % (p["okay"], p["shaken"]), p["status"],
                            "%d of %d" % (p["xp"], p["need"]) if p["need"] else p["xp"]]
                           for p in now["pilots"]]))
    else:
        o.write("(none on the roster)\n")
    o.write("\n## Aircraft\n\n")
    if now["aircraft"]:
        o.write(_md_table(["#", "Aircraft", "Pilot", "Status", "Damage markers"],
                          [[a["slot"], a["type"], _pilot_name(now, a["pilot"]), a["status"],
                            a["damage"]] for a in now["aircraft"]]))
    else:
        o.write("(none)\n")
    o.write("\n## Battalions\n\n")
    if now["battalions"]:
        o.write(_md_table(["#", "Battalion", "VP", "Strength", "Range band"],
                          [[b["slot"], b["name"], b["vp"], b["strength"], b["band"]]
                           for b in now["battalions"]]))
    else:
        o.write("(none on the sector map)\n")
    return o.getvalue()


def csv_text(sheet):
    """The sheet as CSV: one row per day (the current state alone when there is no log)."""
    import csv

    now = sheet["now"]
    rows = sheet["days"] or ([_now_row(now)] if now else [])
    pilots = []
    aircraft = []
    for d in rows:
        e = d.end or now
        for p in e["pilots"]:
            if p["name"] not in pilots:
                pilots.append(p["name"])
        for a in e["aircraft"]:
            key = "%d %s" % (a["slot"], a["type"])
            if key not in aircraft:
                aircraft.append(key)
    o = io.StringIO()
    w = csv.writer(o, lineterminator="\n")
    w.writerow(["day", "played", "missions", "so_gained", "so_spent", "so", "vp_won", "vp_lost",
                "vp"]
               + [x for p in pilots for x in (p + " stress", p + " xp")]
               + ["aircraft " + a + " damage" for a in aircraft])
    for d in rows:
        e = d.end or now
        ps = {p["name"]: p for p in e["pilots"]}
        acs = {"%d %s" % (a["slot"], a["type"]): a for a in e["aircraft"]}
        w.writerow([_day_label(d.day), " ".join(d.played), d.missions, d.so_gained, d.so_spent,
                    e["so"], d.vp_won, d.vp_lost, e["vp"]]
                   + [x for p in pilots for x in ((ps[p]["stress"], ps[p]["xp"]) if p in ps
                                                  else ("", ""))]
                   + [acs[a]["damage"] if a in acs else "" for a in aircraft])
    return o.getvalue()


def _now_row(now):
    d = Day(now["day"])
    d.end = now
    return d
