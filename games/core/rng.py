"""The one door for randomness in `games/`: a generator derived from a state's seed and a salt.

String seeds are hashed with SHA-512 as `random.Random` does, so the same seed and salt give the same
sequence in every process and on every machine (unlike `hash()`).

`Rng` is `random.Random` with faster `shuffle`, `choice` and `randrange` (and so `randint`) that
draw exactly what the stdlib's draw from the same state (CPython 3.11's `_randbelow_with_getrandbits`):
deals stored in the database and the golden transcripts are re-dealt from seeds, so a generator
must never change what it produces. `tests/games/test_rng.py` pins both to the stdlib.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from hashlib import sha512
from typing import TypeVar

T = TypeVar("T")

_ONE = 1  # as the stdlib's `randrange` tells "no step given" by identity

# Per position i of a shuffle, the bits to draw for an index in 0..i: `(i + 1).bit_length()`, as the
# stdlib draws them. A table turns the per-card method call and `bit_length` into one tuple unpack.
_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(1, 256))


class Rng(random.Random):
    """`random.Random`, drawing the same numbers, with the hot methods of random play made cheaper:
    every deal shuffles a pack (and Chor Voli's random arrangements shuffle a dozen lists more), and
    every random move makes a `choice` or `randrange`."""

    @classmethod
    def from_text(cls, text: str) -> Rng:
        """`Rng(text)` without the stdlib's generic `seed` dispatch: the same SHA-512 seeding."""
        rng = cls.__new__(cls)
        data = text.encode()
        # What `random.Random.seed` does for a str (version 2): the text and its SHA-512 as one big
        # integer, handed to the Mersenne Twister's own seed; only the type dispatch is skipped.
        super(random.Random, rng).seed(int.from_bytes(data + sha512(data).digest()))
        rng.gauss_next = None
        return rng

    def below(self, n: int) -> int:
        """A uniform int in 0..n-1 (n > 0), drawn as the stdlib's `_randbelow` draws it."""
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:  # rejection sampling: same words consumed as the stdlib
            r = self.getrandbits(k)
        return r

    def shuffle(self, x: MutableSequence) -> None:
        n = len(x)
        if n > len(_SHUFFLE_STEPS) + 1:  # longer than any pack: the stdlib's loop, the same draws
            return super().shuffle(x)
        getrandbits = self.getrandbits
        for i, k in _SHUFFLE_STEPS[n - 2 :: -1] if n > 1 else ():  # i from n - 1 down to 1, as the stdlib
            j = getrandbits(k)
            while j > i:  # the stdlib's `r >= i + 1`: redraw until the index is in 0..i
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]
        return None

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self.below(n)]

    def randrange(self, start: int, stop: int | None = None, step: int = _ONE) -> int:
        # The stdlib's common cases without its argument conversions; anything else is left to it.
        if step is _ONE and type(start) is int:
            if stop is None:
                if start > 0:
                    return self.below(start)
            elif type(stop) is int and stop > start:
                return start + self.below(stop - start)
        return super().randrange(start, stop, step)


def rng_for(seed: int, *salt: object) -> Rng:
    """A fresh generator for one purpose, e.g. `rng_for(state.seed, "deal")`."""
    return Rng.from_text(":".join(map(str, (seed, *salt))))
