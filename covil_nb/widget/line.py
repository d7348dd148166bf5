"""A line of play on the board: a game, and which position each log entry leads to.

The slider over the log shows any past position: an entry caused by the
``k``-th action of the history (counting from 1) leads to ``game.at(k)``, or,
when a solo dummy answered that action, to one of ``game.moments(k - 1)``. A line remembers
how many events each moment of each step holds, so that it learns them once
per step however often the log is redrawn.
"""

from __future__ import annotations

from collections.abc import Iterator

from covil_nb.model import Game

Sizes = tuple[int, ...]  # events per moment of one history step


class Line:
    def __init__(self, game: Game, known: list[Sizes] | None = None) -> None:
        self.game = game
        self._sizes: list[Sizes] = list(known or [])
        self._seen: list[str] = game.history[: len(self._sizes)]

    def learn(self, sizes: Sizes) -> None:
        """The moments of the step just played, as the board showed them
        (when the board knew every step before it; else :meth:`sizes` finds
        them all again)."""
        history = self.game.history
        if self._seen == history[:-1]:
            self._sizes, self._seen = [*self._sizes, sizes], history  # one step: never half done

    def sizes(self) -> list[Sizes]:
        """Events per moment of every step of the history. Whatever changed
        since last time (undo, redo, actions applied on the game directly) is
        found by comparing the history with the one these sizes describe."""
        history = self.game.history
        keep = shared(self._seen, history)
        found = [
            tuple(len(m.events) for m in self.game.moments(step))
            for step in range(keep, len(history))
        ]
        # Both at once (an interrupt cannot fall between): the sizes and the history they describe.
        self._sizes, self._seen = self._sizes[:keep] + found, history
        return self._sizes

    def positions(self) -> Iterator[tuple[int, int]]:
        """For each event of the log in order: the (step, moment) it leads to.
        The events before the first action (setup) lead to step 0."""
        sizes = self.sizes()
        opening = len(self.game.log) - sum(sum(s) for s in sizes)
        yield from ((0, 0) for _ in range(opening))
        for step, moments in enumerate(sizes, start=1):
            for moment, count in enumerate(moments):
                yield from ((step, moment) for _ in range(count))

    def branch(self, step: int) -> Line:
        """A "what if" line from the position after ``step`` actions."""
        return Line(self.game.at(step), self.sizes()[:step])


def shared(one: list[str], other: list[str]) -> int:
    """How many actions two histories share from the start."""
    count = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        count += 1
    return count
