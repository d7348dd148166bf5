"""The game's one source of chance: a small seeded generator whose whole state
is a single integer kept in the game state.

SplitMix64 is used rather than :mod:`random` because its state is one number
that saves to JSON as it is, and its output does not depend on the Python
version: the same seed and actions replay the same game anywhere.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_value(state: int) -> tuple[int, int]:
    """Advance the generator: return (new state, a 64-bit output)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A view over an integer state; call :meth:`shuffle` and :meth:`below`."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): rejection sampling keeps it exact."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, value = next_value(self.state)
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int, negative ones too)."""
    return seed & _MASK
