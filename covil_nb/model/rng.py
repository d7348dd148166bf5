"""The game's one source of chance: a small seeded generator.

Its whole state is a single integer kept in the game state.

SplitMix64 is used rather than :mod:`random` because its state is one number
that saves to JSON as it is, and its output does not depend on the Python
version: the same seed and actions replay the same game anywhere.
"""

from __future__ import annotations

from typing import Final, TypeVar

T = TypeVar("T")

_SPAN: Final = 1 << 64
_MASK: Final = _SPAN - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
# Below this, an output is never rejected for any list shorter than 2**32:
# the largest multiple of n below 2**64 is more than 2**64 - n.
_NEVER_REJECTED: Final = _SPAN - (1 << 32)


class Rng:
    """A view over an integer state: :meth:`shuffle` draws from it and advances it."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place. Each swap takes a uniform integer in
        [0, i] from SplitMix64 steps, rejecting the few outputs past the
        largest multiple of i + 1 so that it stays exact. A new game
        shuffles some 80 cards, so the step is written out in the loop (no
        call per card), and the exact bound is computed only for the rare
        outputs near 2**64: together, Game.new about a tenth faster."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < _NEVER_REJECTED or z < _SPAN - _SPAN % n:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int, negative ones too)."""
    return seed & _MASK
