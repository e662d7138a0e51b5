"""A dice seed from true entropy where the port has it, so play is unpredictable yet replayable."""


def fresh_seed():
    """A seed in 0..2**30-1 from os.urandom, or from the port's `random` (hardware-seeded)."""
    try:
        import os
        b = os.urandom(4)
        # masked before the shift: every value stays a small int (31 bits on a 32-bit board),
        # so no long int is made, and a start leaves the same heap whatever the bytes
        return b[0] | (b[1] << 8) | (b[2] << 16) | ((b[3] & 0x3F) << 24)
    except (ImportError, AttributeError, NotImplementedError, OSError):
        import random
        return random.getrandbits(30)
