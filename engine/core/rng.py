"""Deterministic dice source, identical on CPython, MicroPython and CircuitPython.

A 48-bit linear congruential generator (the drand48 / java.util.Random constants, period 2**48),
kept in four 12-bit limbs so that every intermediate integer stays below 2**27: on 32-bit boards
small ints are 31-bit and anything larger would allocate.  Output is the top 24 bits of the state
(the low bits of a power-of-two LCG are weak), reduced to a range by rejection sampling, so there
is no modulo bias.  The `random` module is not used: its algorithm differs per interpreter.
"""

# Multiplier 0x5DEECE66D and increment 0xB, split into 12-bit limbs (a3 is zero).
_A0 = 0x66D
_A1 = 0xECE
_A2 = 0x5DE
_C = 0xB
_M = 0xFFF
_SPAN = 1 << 24  # outputs are 24-bit
SEED_LIMIT = 1 << 30


class Rng:
    """Seeded generator: `below(n)` is uniform in 0..n-1, `die(s)` is 1..s; neither allocates."""

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, n):
        """Restart the sequence from seed `n` (0 <= n < 2**30)."""
        if n < 0 or n >= SEED_LIMIT:
            raise ValueError("seed out of range")
        self.seed_value = n
        # Scramble like java.util.Random so that small seeds do not start near zero.
        self.x0 = (n & _M) ^ _A0
        self.x1 = ((n >> 12) & _M) ^ _A1
        self.x2 = (n >> 24) ^ _A2
        self.x3 = 0

    def _next24(self):
        # x = (a * x + c) mod 2**48, limb by limb; each sum stays below 2**27.
        x0 = self.x0
        x1 = self.x1
        x2 = self.x2
        t = _A0 * x0 + _C
        self.x0 = t & _M
        t = _A0 * x1 + _A1 * x0 + (t >> 12)
        self.x1 = t & _M
        t = _A0 * x2 + _A1 * x1 + _A2 * x0 + (t >> 12)
        self.x2 = t & _M
        t = _A0 * self.x3 + _A1 * x2 + _A2 * x1 + (t >> 12)
        self.x3 = t & _M
        return (self.x3 << 12) | self.x2

    def below(self, n):
        """Uniform integer in 0..n-1 (1 <= n <= 2**24), without modulo bias."""
        if n < 1 or n > _SPAN:
            raise ValueError("range out of bounds")
        limit = _SPAN - _SPAN % n
        r = self._next24()
        while r >= limit:
            r = self._next24()
        return r % n

    def die(self, sides):
        """One die with faces 1..sides."""
        return self.below(sides) + 1

    def get_state(self):
        """The position in the sequence as (seed, x0, x1, x2, x3), each below 2**30."""
        return (self.seed_value, self.x0, self.x1, self.x2, self.x3)

    def restore(self, state):
        """Resume at a `get_state` tuple already known good (a snapshot, a decoded record, whose
        reader bounds every value).  Allocates nothing: an aborted change after a MemoryError
        puts the dice back with it."""
        self.seed_value = state[0]
        self.x0 = state[1]
        self.x1 = state[2]
        self.x2 = state[3]
        self.x3 = state[4]

    def set_state(self, seed, x0, x1, x2, x3):
        """Resume at a position returned by `get_state` (validated: limbs are 12-bit)."""
        if seed < 0 or seed >= SEED_LIMIT:
            raise ValueError("seed out of range")
        for x in (x0, x1, x2, x3):
            if x < 0 or x > _M:
                raise ValueError("bad generator state")
        self.seed_value = seed
        self.x0 = x0
        self.x1 = x1
        self.x2 = x2
        self.x3 = x3
