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

from engine import layout
from engine.rng import Rng
from engine.varint import get, put, put_signed, unzig

SLOT_SIZE = 2048  # a framed record never exceeds this: the undo log is trimmed to fit
FRAME_BYTES = 13  # header and CRC around the payload (see `engine.record`)

UNDO_DEPTH = 32  # the log keeps at least this many steps of ordinary commands
UNDO_MAX = 128  # and at most this many
MAX_LINE = 200


class Session:
    """Dice + state + undo, optionally backed by a two-slot `store` (see `firmware.storage`)."""

    def __init__(self, seed=0, store=None):
        self.rng = Rng(seed)
        self.vals = layout.new_values()
        # The undo log, oldest step first, kept in its record form (see `payload`): a full log
        # costs its few hundred bytes of RAM, not a tuple per step.
        self.undo = b""
        self.undo_steps = 0
        self.store = store
        self.data = None  # the front end's data files (data/): name -> text lines, or None
        self.notice = None  # said once to the player, e.g. "saved state unreadable"
        self.read_only = False  # a save from newer firmware is never overwritten silently
        # Whether a roll alone is written to the store.  A device in random-dice mode reseeds at
        # every start, so it can skip these writes: flash (microcontroller.nvm) wears with each.
        self.save_dice = True
        self._slot = 1  # the slot written last; the next write goes to the other one
        self._seq = 0
        self._saved = None  # payload last made durable
        self._snap = None  # fields at `begin`: allocated on the first change, kept after it
        self._snapped = False
        self._snap_rng = None
        self._snap_undo = None  # (log, steps) at `begin`: bytes are immutable, no copy needed
        if store is not None:
            self.load()

    # --- the payload -------------------------------------------------------------------
    def payload(self):
        """The state record's payload, varints in this order (decoded by `record.decode`):

        layout version, field count, fields...     the game state (`fields`)
        seed, x0, x1, x2, x3                        the dice position (`rng`)
        undo steps, then per step: line length, line bytes, diff count, (index, old value)...
        """
        out = bytearray()
        put(out, layout.VERSION)
        put(out, len(self.vals))
        for v in self.vals:
            put_signed(out, v)
        for v in self.rng.get_state():
            put(out, v)
        put(out, self.undo_steps)
        out.extend(self.undo)
        return bytes(out)

    def restore(self, payload):
        """Load a payload; on any error nothing is changed (RecordError says why)."""
        from engine import record

        self.vals, rng_state, self.undo, self.undo_steps = record.decode(payload)
        self.rng.set_state(*rng_state)

    # --- durability --------------------------------------------------------------------
    def load(self):
        """Resume from the store's newest good slot; with none, keep defaults and set a notice."""
        from engine import record  # only a durable session reads records

        try:
            slot, seq, _fmt, payload = record.newest(self.store.read_slots())
        except record.RecordError as e:
            self.read_only = True
            self.notice = "save not loaded (%s); it is kept until 'reset'" % e
            return
        if payload is None:
            if self.store.had_data():
                self.notice = "saved state unreadable: started from defaults"
            return
        try:
            self.restore(payload)
        except record.RecordError as e:
            self.read_only = e.newer
            self.notice = "save not loaded (%s)" % e + (
                "; it is kept until 'reset'" if e.newer else ": started from defaults")
            return
        self._slot = slot
        self._seq = seq
        self._saved = payload

    def save(self):
        """Write the record to the other slot if anything changed; return once it is durable."""
        if self.store is None:
            return
        from engine import record

        payload = self.payload()
        while len(payload) + FRAME_BYTES > SLOT_SIZE and self.undo_steps:
            self._drop_oldest()
            payload = self.payload()
        if payload == self._saved:
            return
        if self.read_only:
            raise OSError("save is from newer firmware")
        slot = 1 - self._slot
        self.store.write_slot(slot, record.frame(payload, self._seq + 1))
        self._slot = slot
        self._seq += 1
        self._saved = payload

    def reset(self, seed):
        """Start over from defaults (also unlocks a refused save), keeping nothing to undo."""
        vals = self.vals
        for i in range(len(vals)):
            vals[i] = 0
        self.undo = b""
        self.undo_steps = 0
        self.rng.seed(seed)
        self.read_only = False

    # --- changes -----------------------------------------------------------------------
    def begin(self, fields=True):
        """Snapshot dice and undo log, and the fields unless the change rolls dice only."""
        self._snapped = fields
        if fields:
            if self._snap is None:
                self._snap = layout.new_values()  # a dice-only session never needs it
            snap = self._snap
            vals = self.vals
            for i in range(len(vals)):
                snap[i] = vals[i]
        self._snap_rng = self.rng.get_state()
        self._snap_undo = (self.undo, self.undo_steps)

    def abort(self):
        """Put back everything as it was at `begin` (dice included: a refused line rolls nothing)."""
        if self._snapped:
            snap = self._snap
            vals = self.vals
            for i in range(len(vals)):
                vals[i] = snap[i]
        self.rng.set_state(*self._snap_rng)
        self.undo, self.undo_steps = self._snap_undo

    def commit(self, line, undoable=True):
        """Record the fields changed since `begin` as an undo step named `line`, then save."""
        if undoable and self._snapped:
            self._push(line)
        if not self._snapped and not self.save_dice:
            return  # only the dice moved: the next state change saves their position too
        try:
            self.save()
        except OSError:
            self.abort()
            raise

    # --- the undo log ----------------------------------------------------------------
    def _push(self, line):
        # One step: the fields that differ from the snapshot, with their old values.
        old = self._snap
        vals = self.vals
        n = 0
        for i in range(len(vals)):
            if vals[i] != old[i]:
                n += 1
        if not n:
            return
        step = bytearray()
        put(step, len(line))
        step.extend(line)
        put(step, n)
        for i in range(len(vals)):
            if vals[i] != old[i]:
                put(step, i)
                put_signed(step, old[i])
        self.undo += step
        self.undo_steps += 1
        if self.undo_steps > UNDO_MAX:
            self._drop_oldest()

    def _step(self, at):
        # (line, offset of its diffs, diff count, offset after the step) of the step at `at`.
        n, at = get(self.undo, at)
        line = self.undo[at:at + n]
        count, diffs = get(self.undo, at + n)
        end = diffs
        for _ in range(count):
            end = get(self.undo, get(self.undo, end)[1])[1]
        return line, diffs, count, end

    def _newest(self):
        at = 0
        for _ in range(self.undo_steps - 1):
            at = self._step(at)[3]
        return at

    def _drop_oldest(self):
        self.undo = self.undo[self._step(0)[3]:]
        self.undo_steps -= 1

    def undo_line(self):
        """The request line (bytes) the next `undo` would take back, or None."""
        if not self.undo_steps:
            return None
        return self._step(self._newest())[0]

    def undo_last(self):
        """Undo the newest step; return its line (bytes) or None when there is nothing to undo."""
        if not self.undo_steps:
            return None
        start = self._newest()
        line, at, count, _ = self._step(start)
        for _ in range(count):
            i, at = get(self.undo, at)
            old, at = get(self.undo, at)
            self.vals[i] = unzig(old)
        self.undo = self.undo[:start]
        self.undo_steps -= 1
        return line
