"""The flat search bot (``mcts``): one level of plans, raced by playouts.

It plays Monte Carlo playouts in worlds sampled from what its seat sees,
with no tree below the plans. The plans are every way to
finish the step under way (the look-through,
:func:`~covil_nb.bots.planning.plans`), of which the ``width`` best by the
evaluation go on. Each is then played out in many sampled worlds: a world is
``view.for_seat(me, seed)``, the other hands and the decks dealt anew; the
plan is played in it (the other players answer by
:func:`~covil_nb.bots.planning.rule_of_thumb`), then everyone plays by the
rule of thumb to the end of the day (the night included, where the fee and
the raid pay out), and the position is scored with :func:`margin`, the
seat's evaluation less the best rival's.

The plans race: every round plays each plan still in the race in the same
freshly sampled world with the same random choices (common random
numbers), so plans are compared on equal luck; a plan leaves the race once its paired
difference to the leader is clearly negative. The best mean wins. The budget
is a number of playouts (deterministic for a given seed) or seconds.
"""

from __future__ import annotations

import random

from covil_nb.model import Game
from covil_nb.model.arguments import checked

from .evaluation import margin
from .greedy import PlanningBot, at_least
from .planning import PLAN_LIMIT, Plan, rule_of_thumb
from .search import (
    MAX_PLAYOUT_ACTIONS,
    WIDTH,
    Budget,
    Entry,
    candidates,
    collector_for_search,
    paired,
    replay,
)

# The default budget, in playouts a decision by the number of players: more
# players make longer days to play out, so fewer playouts take the same time
# (benchmarks/figures.py --search 10 measures it; docs/changelog.md has figures).
DEFAULT_PLAYOUTS = {2: 240, 3: 150, 4: 90}
MIN_ROUNDS = 4  # rounds before any plan may leave the race
Z_DROP = 2.0  # a plan leaves when its mean difference is this many standard errors behind


@checked("bots")
class MctsBot(PlanningBot):
    """Searches each decision with ``playouts`` playouts, or for ``seconds``
    (a seconds budget is not deterministic; with neither, see
    ``DEFAULT_PLAYOUTS``), racing the ``width`` best plans;
    ``limit`` bounds the positions the look-through visits. Decisions with one
    legal action, or one plan, are not searched."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        playouts: int | None = None,
        seconds: float | None = None,
        width: int = WIDTH,
        limit: int = PLAN_LIMIT,
    ) -> None:
        super().__init__(seed, limit)
        at_least(0, playouts=playouts)
        at_least(1, width=width)
        at_least(0, strict=True, seconds=seconds)
        self.playouts = playouts
        self.seconds = seconds
        self.width = width
        self.searched = 0  # playouts run so far, for the benchmarks

    def pick(self, game: Game) -> Plan:
        return self.search(game)

    def search(self, view: Game) -> Plan:
        """The plan that does best in the race (see the module docstring)."""
        found = candidates(view, self.width, self.limit)
        entries = [Entry(plan, i) for i, plan in enumerate(found)]
        if len(entries) == 1:
            return entries[0].plan
        me = view.decision.player  # type: ignore[union-attr]
        budget = Budget.of(self.playouts, self.seconds, DEFAULT_PLAYOUTS, view)
        racing = entries
        with collector_for_search:
            while not budget.spent() and len(racing) > 1:
                play_round(view, me, racing, self.rng.getrandbits(63))
                budget.use(len(racing))
                self.searched += len(racing)
                racing = survivors(racing)
        if not racing[0].values:  # no budget at all: the evaluation decides
            return racing[0].plan
        return max(racing, key=lambda e: (e.mean, -e.order)).plan


def play_round(view: Game, me: str, racing: list[Entry], seed: int) -> None:
    """One round of the race: each plan played out in the same world, dealt
    from ``seed`` once (each plan plays a copy), with the same random choices."""
    world = view.for_seat(me, seed, log=False)
    for entry in racing:
        entry.values.append(playout(world.copy(log=False), me, entry.plan, seed))


def playout(world: Game, me: str, plan: Plan, seed: int) -> float:
    """Play ``plan`` in ``world`` (a sampled world, ``view.for_seat(me,
    seed)``, which it plays on), then the rest of the day by the rule of
    thumb with random choices from ``seed``; ``me``'s margin at the end."""
    dice = random.Random(seed)
    if not replay(world, me, plan, lambda world: rule_of_thumb(world, dice)):
        return margin(world, me)
    day = world.day
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if world.is_over or world.day != day:
            break
        world.apply(rule_of_thumb(world, dice))
    return margin(world, me)


def survivors(racing: list[Entry]) -> list[Entry]:
    """Those not clearly behind the leader, by paired differences."""
    if len(racing[0].values) < MIN_ROUNDS:
        return racing
    leader = max(racing, key=lambda e: e.mean)
    return [e for e in racing if e is leader or not _behind(e, leader)]


def _behind(entry: Entry, leader: Entry) -> bool:
    mean, error = paired(entry.values, leader.values)
    return mean + Z_DROP * error < 0
