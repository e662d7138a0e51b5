"""A play session: the dice, the game state fields, the undo log, and keeping them durable.

`Session` is what every front end drives (the line protocol, the device screens).  A change is
made in three steps so that a refused or failed action changes nothing:

    session.begin()                 snapshot fields and dice
    ...rules code changes fields / rolls dice...
    session.commit(line) or session.abort()

`commit` records the changed fields as one undo step and writes the record to the store before
returning, so an action is durable before it is acknowledged.  Undo restores fields only: the dice
are never rewound.
"""

from engine.core import layout
from engine.core.rng import Rng
from engine.core.varint import put, zig



class Session:
    """Dice + state + undo, optionally backed by a `store` (see `engine.core.record`)."""

    def __init__(self, seed=0, store=None):
        self.rng = Rng(seed)
        self._vals = None  # the fields (`vals`): made on first use
        # The undo log, oldest step first, in its record form: live in undo[undo_lo:undo_hi] of
        # one buffer changed in place (see `engine.core.undolog`), b"" until the first step.
        self.undo = b""
        self.undo_lo = 0
        self.undo_hi = 0
        self.undo_steps = 0
        self.changes = 0  # counted by `commit` (undo, reset too) and loads: screens redraw on it
        self.store = store
        self.data = None  # the front end's data files (data/): name -> text lines, or None
        self.notice = None  # said once to the player, e.g. "saved state unreadable"
        self.read_only = False  # or why the save is kept (newer firmware, unreadable): never
        # overwritten silently
        self.resumed = False  # the state was loaded from the store
        # Whether a roll alone is written to the store.  A device in random-dice mode reseeds at
        # every start, so it can skip these writes: flash wears with each.
        self.save_dice = True
        self._seq = 0  # sequence number of the newest frame in the store
        self._snap = None  # fields at `begin`: allocated on the first change, kept after it
        self._snapped = False
        # (dice position, log buffer, lo, hi, steps) at `begin`: see `abort`.  One attribute, not
        # two: 17 attributes fit a table of 17 slots, 18 took 23 (py/map.c); the dice transcripts'
        # smallest heap was 9.0 against 8.96 KB on qemu-frozen, 8.45 against 8.25 unix32-frozen.
        self._snap_at = None
        if store is not None:
            from engine.core import record

            record.load(self)

    @property
    def vals(self):
        """The fields: an array of signed 16-bit values (engine/tal/fields.py names them), made
        zeroed on first use, so a dice-only session never makes them (636 bytes): the dice
        transcripts' smallest heap is 7.75 against 8.5 KB on qemu-frozen, 7.25 against 7.8 on
        unix32-frozen."""
        vals = self._vals
        if vals is None:
            vals = self._vals = layout.new_values()
        return vals

    # --- the payload -------------------------------------------------------------------
    def head(self):
        """The record's payload up to the undo log (`engine.core.record` has the layout): layout
        version, field count, fields, dice position, undo step count, as varints."""
        out = bytearray()
        for u in self.varints():
            put(out, u)
        return out

    def varints(self):
        """The unsigned values of `head`'s varints, in order (`state` makes its CRC from them
        without making the head)."""
        yield layout.VERSION
        yield layout.COUNT
        vals = self._vals
        for i in range(layout.COUNT):
            yield 0 if vals is None else zig(vals[i])  # never made: zero, and not made for this
        for v in self.rng.get_state():
            yield v
        yield self.undo_steps

    def payload(self):
        """The whole payload: `head` then the undo log (`state`, `record`, the host tools)."""
        out = self.head()
        out.extend(self.undo_log())
        return bytes(out)

    def undo_log(self):
        """The live undo log's bytes (a memoryview of the buffer: no copy)."""
        return memoryview(self.undo)[self.undo_lo:self.undo_hi]

    def restore(self, payload):
        """Load a payload; on any error nothing is changed (RecordError says why)."""
        from engine.core import record

        record.restore(self, payload)

    # --- durability (engine/core/record.py: imported only by a session that has a store) ----------
    def save(self):
        """Write the record to the store; return once it is durable (OSError if it cannot be)."""
        if self.store is not None:
            from engine.core import record

            record.save(self)

    def reset(self, seed):
        """Start over from defaults (also unlocks a refused save), keeping nothing to undo."""
        self.keep_fields()
        vals = self.vals
        for i in range(len(vals)):
            vals[i] = 0
        self.undo_lo = self.undo_hi = self.undo_steps = 0
        self.rng.seed(seed)
        self.read_only = False

    # --- changes -----------------------------------------------------------------------
    def begin(self, fields=True):
        """Snapshot dice and undo log, and with `fields` the fields (False: the change rolls dice
        only, or snapshots them itself when it changes them: `keep_fields`)."""
        if self.undo_lo:
            from engine.core import undolog

            undolog.settle(self)
        self._snapped = False
        if fields:
            self.keep_fields()
        self._snap_at = (self.rng.get_state(), self.undo, self.undo_lo, self.undo_hi,
                         self.undo_steps)

    def keep_fields(self):
        """Snapshot the fields for `abort`, once per change: at `begin`, or, for a change begun
        without (`undo`, `reset`), when it is about to change them.  So `undo` with nothing to
        undo never makes the 636-byte snapshot: taken at `begin`, the dice transcripts' smallest
        heap was 9.8 against 9.2 KB on qemu-frozen, 9.2 against 8.6 on unix32-frozen."""
        if self._snapped:
            return
        if self._snap is None:
            self._snap = layout.new_values()  # a dice-only session never needs it
        snap = self._snap
        vals = self.vals
        for i in range(len(vals)):
            snap[i] = vals[i]
        self._snapped = True

    def abort(self):
        """Put back everything as it was at `begin` (dice included: a refused line rolls nothing).

        Allocates nothing: it runs after a MemoryError too.  The undo log's steps are never
        overwritten before the next `begin`, so putting its offsets back restores it."""
        if self._snapped:
            snap = self._snap
            vals = self.vals
            for i in range(len(vals)):
                vals[i] = snap[i]
        at = self._snap_at
        self.rng.restore(at[0])
        self.undo = at[1]
        self.undo_lo = at[2]
        self.undo_hi = at[3]
        self.undo_steps = at[4]

    def commit(self, line, undoable=True):
        """Make the change since `begin` durable.  An undoable change becomes one undo step named
        `line`, even when it changed no field: at the table, undo takes back the last action, not
        an older one.  Raises (MemoryError, OSError) with nothing written: the caller aborts.
        """
        if undoable:
            self._push(line)
        elif not self._snapped and self.rng.get_state() == self._snap_at[0]:
            return  # a dice command that rolled nothing (`seed` alone): nothing to keep
        elif not self._snapped and not self.save_dice:
            return  # only the dice moved: the next state change saves their position too
        self.save()
        if self._snapped:
            self.changes += 1

    # --- the undo log (engine/core/undolog.py: imported when there is a step to make or undo) --
    def _push(self, line):
        from engine.core import undolog

        undolog.push(self, line)

    def undo_line(self):
        """The request line (bytes) the next `undo` would take back, or None."""
        if not self.undo_steps:
            return None
        from engine.core import undolog

        return undolog.newest_line(self)

    def undo_last(self):
        """Undo the newest step; return its line (bytes) or None when there is nothing to undo."""
        if not self.undo_steps:
            return None
        self.keep_fields()
        from engine.core import undolog

        return undolog.pop(self)
