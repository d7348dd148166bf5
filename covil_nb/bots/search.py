"""The search kit that both searches share: candidates, replays, paired statistics, budgets.

The flat search (:mod:`.flat_search`) and the tree search
(:mod:`.tree_search`) compare plans by playing them out in worlds sampled
from what their seat sees; the analysis and the hint compare options the
same way. What they share lives here once: which plans are worth comparing,
replaying a plan in a world, the paired difference of two plans' results
and its standard error, the budget a search may spend, and the garbage
collector set as searches want it.
"""

from __future__ import annotations

import gc
import math
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from covil_nb.model import Action, Game

from .evaluation import summed
from .planning import PLAN_LIMIT, Plan, outcome, rank

WIDTH = 6  # plans compared by default, best by the evaluation first
# Standard errors of a paired difference within which the luck of the draw
# may explain it: a hint, a glyph, an analysis's better line tell only a
# difference beyond.
NOISE = 2.0
MAX_PLAYOUT_ACTIONS = 400  # a guard: a day is 20 to 70 actions by the rule of thumb
YOUNG = 10_000  # allocations between the collector's young collections in a search


@dataclass
class Entry:
    """A plan in the race: its place by the evaluation, and its playout results."""

    plan: Plan
    order: int
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """The mean result (0 before any)."""
        return mean(self.values)


def candidates(view: Game, width: int = WIDTH, limit: int = PLAN_LIMIT) -> list[Plan]:
    """The ``width`` best plans by the evaluation, each with a first action
    and an outcome of its own: the race is between choices, not between
    variants of one (which minion pays is left to the evaluation)."""
    seen: set[object] = set()
    kept = []
    for _, plan in rank(view, limit):
        keys = (str(plan.actions[0]), outcome(plan.result))
        if seen.isdisjoint(keys):
            seen.update(keys)
            kept.append(plan)
        if len(kept) == width:
            break
    return kept


def replay(world: Game, me: str, plan: Plan, answer: Callable[[Game], Action]) -> bool:
    """Play the plan's actions, the others answering by ``answer`` (the flat
    search's, the rule of thumb; the tree search's, its playout); False if
    the world does not allow the plan (nothing then happens after)."""
    for action in plan.actions:
        while world.decider is not None and world.decider != me:
            world.apply(answer(world))
        if world.decider is None or action not in world.legal_actions():
            return False
        world.apply(action)
    return True


def paired(values: Sequence[float], others: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` less ``others``, played in the same worlds
    round by round, and its standard error (infinite with one round: one
    world says nothing of the spread). Over the rounds both played: a plan
    that left a race early played its first rounds only."""
    diffs = [a - b for a, b in zip(values, others, strict=False)]
    if not diffs:
        raise ValueError("no round played by both: nothing to compare")
    return mean_and_error(diffs)


def mean(values: Sequence[float]) -> float:
    """The mean of ``values``, summed in order (see ``summed``); 0 of none."""
    return summed(values) / len(values) if values else 0.0


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error, infinite below two values."""
    count, average = len(values), mean(values)
    if count < 2:
        return average, math.inf
    var = summed((v - average) ** 2 for v in values) / (count - 1)
    return average, math.sqrt(var / count)


class _SearchCollector:
    """The cyclic garbage collector as searches want it, while any runs: the
    objects alive before them kept out of its sight (``gc.freeze``), and its
    young collections made rarer (``YOUNG`` allocations between them, not
    CPython's 700, its default up to 3.12). A search allocates so fast that
    the collector's full passes came about a hundred times a game, each
    walking every object of the engine, the maps and the host (in a troops
    game against greedy: 6.7 s of 41 s of CPU; 0.8 s frozen), and its young
    collections twenty thousand times (2.2 s; 0.5 s with ``YOUNG``). The
    searches' own garbage is still collected. All is put back as it was when
    the last running search ends.

    Searches may overlap (an analysis or a tournament on threads): the first
    to start sets the collector, the last to end puts it back. A host that
    froze objects itself before keeps them frozen (then nothing is frozen);
    what a host freezes, or the thresholds it sets, while a search runs are
    put back with the rest. A process forked while a search runs on another
    thread starts with none running (:meth:`forked`)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.searches = 0
        self.froze = False
        self.thresholds = gc.get_threshold()
        self.mine = threading.local()  # the searches this thread is in

    def __enter__(self) -> None:
        self.mine.depth = getattr(self.mine, "depth", 0) + 1
        with self.lock:
            if self.searches == 0:
                self.froze = gc.get_freeze_count() == 0
                if self.froze:
                    gc.freeze()
                self.thresholds = gc.get_threshold()
                gc.set_threshold(YOUNG, *self.thresholds[1:])
            self.searches += 1

    def __exit__(self, *failure: object) -> None:
        self.mine.depth -= 1
        with self.lock:
            self.searches -= 1
            if self.searches == 0:
                self.put_back()

    def put_back(self) -> None:
        gc.set_threshold(*self.thresholds)
        if self.froze:
            gc.unfreeze()

    def forked(self) -> None:
        """In a child process only the forking thread goes on: the searches
        of the parent's other threads do not run here (they would never end
        and put the collector back), and the lock may have been held by one
        of them."""
        self.lock = threading.Lock()
        running, self.searches = self.searches, getattr(self.mine, "depth", 0)
        if running and not self.searches:
            self.put_back()


collector_for_search = _SearchCollector()
if hasattr(os, "register_at_fork"):  # not on Windows, which spawns
    os.register_at_fork(after_in_child=collector_for_search.forked)


class Budget:
    """What a search may still spend: a count (playouts, iterations), time, or both."""

    def __init__(self, playouts: int | None, seconds: float | None) -> None:
        self.left = playouts
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    @classmethod
    def of(
        cls, count: int | None, seconds: float | None, defaults: dict[int, int], view: Game
    ) -> Budget:
        """A bot's budget for a decision in ``view``: as given, or with neither
        a count nor seconds, the default count for its number of players."""
        if count is None and seconds is None:
            count = defaults[len(view.players)]
        return cls(count, seconds)

    def use(self, n: int) -> None:
        if self.left is not None:
            self.left -= n

    def share(self, parts: int) -> Budget:
        """One of ``parts`` even shares of what is left (in playouts, in time, or both)."""
        left = None if self.left is None else self.left // parts
        seconds = None if self.deadline is None else (self.deadline - time.perf_counter()) / parts
        return Budget(left, seconds)

    def spent(self) -> bool:
        if self.left is not None and self.left <= 0:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline
