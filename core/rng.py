"""A small deterministic RNG whose whole state is one integer.

The RNG lives inside each game's State, so saving a state saves its chance, and
replaying the same moves from the same seed draws the same cards and rolls the
same dice. The generator is SplitMix64 (Steele, Lea & Flood 2014): one 64-bit
word of state, good statistical quality, trivially serialisable.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng(msgspec.Struct):
    """SplitMix64 state. Mutable: only ever touch the copy inside a new state.

    Attributes:
        state: the 64-bit generator state (an int in [0, 2**64)).
    """

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """A generator for ``seed`` (any int; reduced modulo 2**64)."""
        return cls(seed & _MASK)

    def next64(self) -> int:
        """Advance and return the next 64-bit output (an int in [0, 2**64))."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n). Raises ValueError if n < 1."""
        if n < 1:
            raise ValueError(f"below() needs n >= 1, got {n}")
        # Rejection sampling keeps it exactly uniform.
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform int in [lo, hi], both ends included (a die: randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
