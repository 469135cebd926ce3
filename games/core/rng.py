"""The one door for randomness in `games/`: a generator derived from a state's seed and a salt.

String seeds are hashed with SHA-512 by `random.Random`, so the same seed and salt give the same
sequence in every process and on every machine (unlike `hash()`).
"""

from __future__ import annotations

import random


def rng_for(seed: int, *salt: object) -> random.Random:
    """A fresh generator for one purpose, e.g. `rng_for(state.seed, "deal")`."""
    return random.Random(":".join(str(part) for part in (seed, *salt)))


Rng = random.Random
