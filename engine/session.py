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
from engine.varint import put, put_signed

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
        self.undo = []  # oldest first: (line bytes, ((index, old value), ...))
        self.store = store
        self.data = None  # the front end's data files (data/): name -> text lines, or None
        self.notice = None  # said once to the player, e.g. "saved state unreadable"
        self.read_only = False  # a save from newer firmware is never overwritten silently
        self._slot = 1  # the slot written last; the next write goes to the other one
        self._seq = 0
        self._saved = None  # payload last made durable
        self._snap = layout.new_values()  # fields at `begin`, preallocated: begin allocates little
        self._snap_rng = None
        self._snap_undo = None
        if store is not None:
            self.load()

    # --- the payload -------------------------------------------------------------------
    def payload(self):
        """The state record's payload, varints in this order (decoded by `record.decode`):

        layout version, field count, fields...     the game state (`fields`)
        seed, x0, x1, x2, x3                        the dice position (`rng`)
        undo count, then per step: line length, line bytes, diff count, (index, old value)...
        """
        out = bytearray()
        put(out, layout.VERSION)
        put(out, len(self.vals))
        for v in self.vals:
            put_signed(out, v)
        for v in self.rng.get_state():
            put(out, v)
        put(out, len(self.undo))
        for line, diffs in self.undo:
            put(out, len(line))
            out.extend(line)
            put(out, len(diffs))
            for i, old in diffs:
                put(out, i)
                put_signed(out, old)
        return bytes(out)

    def restore(self, payload):
        """Load a payload; on any error nothing is changed (RecordError says why)."""
        from engine import record

        self.vals, rng_state, self.undo = record.decode(payload)
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
        while len(payload) + FRAME_BYTES > SLOT_SIZE and self.undo:
            self.undo.pop(0)
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
        self.undo = []
        self.rng.seed(seed)
        self.read_only = False

    # --- changes -----------------------------------------------------------------------
    def begin(self):
        """Snapshot fields, dice and undo log before a change."""
        snap = self._snap
        vals = self.vals
        for i in range(len(vals)):
            snap[i] = vals[i]
        self._snap_rng = self.rng.get_state()
        self._snap_undo = list(self.undo)  # a shallow copy: steps are immutable tuples

    def abort(self):
        """Put back everything as it was at `begin` (dice included: a refused line rolls nothing)."""
        snap = self._snap
        vals = self.vals
        for i in range(len(vals)):
            vals[i] = snap[i]
        self.rng.set_state(*self._snap_rng)
        self.undo = self._snap_undo

    def commit(self, line, undoable=True):
        """Record the fields changed since `begin` as an undo step named `line`, then save."""
        old = self._snap
        if undoable:
            diffs = []
            for i in range(len(self.vals)):
                if self.vals[i] != old[i]:
                    diffs.append((i, old[i]))
            if diffs:
                self.undo.append((line, tuple(diffs)))
                while len(self.undo) > UNDO_MAX:
                    self.undo.pop(0)
        try:
            self.save()
        except OSError:
            self.abort()
            raise

    def undo_last(self):
        """Undo the newest step; return its line (bytes) or None when there is nothing to undo."""
        if not self.undo:
            return None
        line, diffs = self.undo.pop()
        for i, old in diffs:
            self.vals[i] = old
        return line
