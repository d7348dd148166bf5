"""The tree search bot: information-set Monte Carlo tree search over plans.

After Cowling, Powley and Whitehouse (2012) and OpenSpiel's ``ismcts.py``
(the design notes' SEARCH.md). One tree over what the seat knows; every
iteration deals a world anew from the seat's view (``view.for_seat(me,
seed)``) and goes down the tree only by actions legal in that world:

- the root's children are the seat's plans (the step under way finished,
  :func:`~covil_nb.bots.mcts.candidates`), opened one by one in greedy's
  order as the root's visits grow (progressive widening), so that plans past
  greedy's first few can still be chosen;
- below the root, up to ``depth`` more of the seat's own decisions of the day
  that begin a step, each a node keyed by what the seat sees there (the
  decision's :func:`~covil_nb.bots.greedy.signature` and the position with the
  hidden hands as counts); its children are single actions, the playout's own
  choice first, the others opened as the node's visits grow; an action legal in
  some worlds only counts the visits in which it was legal (its availability);
- the playout: every seat's next ``greedy`` steps are greedy's best plans (a
  look-through of ``playout_limit`` positions, free actions included), then
  the rule of thumb, to the end of the day (the night included); the
  position is scored with :func:`~covil_nb.bots.evaluation.margin`.

The plan chosen is the most visited; :meth:`IsmctsBot.policy` tells every plan
with its visits, mean margin and standard error. The budget is a number of
iterations (deterministic for a seed) or seconds.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from covil_nb.model import Action, Game
from covil_nb.model.arguments import checked

from .evaluation import margin
from .greedy import (
    PLAN_LIMIT,
    Following,
    Plan,
    PlanningBot,
    in_step,
    outcome,
    rank,
    rule_of_thumb,
    signature,
)
from .mcts import MAX_PLAYOUT_ACTIONS, Budget, candidates, replay

# The default budget, in iterations a decision by the number of players (more
# players make longer days to play out). The README's tree search section has the figures.
DEFAULT_ITERATIONS = {1: 100, 2: 100, 3: 60, 4: 40}
WIDTH = 12  # plans the root may open, best by the evaluation first
WIDEN_BASE = 2  # children open from the first visit
WIDEN_RATE = 0.5  # one more child open as sqrt(visits) grows by 1 / WIDEN_RATE
EXPLORE = 2.0  # UCB's exploration constant, in points of margin
DEPTH = 1  # the seat's own step-starting decisions searched below the root
GREEDY_STEPS = 1  # steps each seat plays by greedy's best plan in a playout
PLAYOUT_LIMIT = 40  # positions a playout's greedy look-through may visit


def information_set(world: Game, me: str) -> tuple:
    """The key of ``me``'s decision in ``world``: the decision as the seat
    sees it and the position with the hidden hands as counts, the same in
    every world dealt from what the seat knows."""
    return signature(world), outcome(world, me)


@dataclass
class Arm:
    """A child of a node: its results, and how often it could be chosen."""

    visits: int = 0
    total: float = 0.0
    squares: float = 0.0
    available: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    @property
    def error(self) -> float:
        """The standard error of the mean (0 below two visits)."""
        if self.visits < 2:
            return 0.0
        var = max(0.0, (self.squares - self.total * self.mean) / (self.visits - 1))
        return math.sqrt(var / self.visits)

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value
        self.squares += value * value


@dataclass
class Node:
    """An information set of the seat: its children by action (or plan)."""

    visits: int = 0
    arms: dict[str, Arm] = field(default_factory=dict)

    def select(self, offered: list[str], explore: float) -> str:
        """Among ``offered`` (legal in this world, best prior first), the
        first ones open by progressive widening, the best by UCB1 counted on
        availability; an open child not yet tried first."""
        open_ = offered[: WIDEN_BASE + int(WIDEN_RATE * math.sqrt(self.visits))]
        arms = [self.arms.setdefault(key, Arm()) for key in open_]
        for arm in arms:
            arm.available += 1
        for key, arm in zip(open_, arms, strict=True):
            if arm.visits == 0:
                return key
        ucb = [a.mean + explore * math.sqrt(math.log(a.available) / a.visits) for a in arms]
        return open_[ucb.index(max(ucb))]


@dataclass(frozen=True)
class Candidate:
    """A plan of the root with what the search found of it."""

    plan: Plan
    visits: int
    mean: float
    error: float

    def __str__(self) -> str:
        return f"{self.visits:4d}  {self.mean:+6.2f} ± {self.error:.2f}  {self.plan}"


@checked("bots")
class IsmctsBot(PlanningBot):
    """Searches each decision with ``iterations`` iterations, or for
    ``seconds`` (not deterministic; with neither, see ``DEFAULT_ITERATIONS``),
    over up to ``width`` plans; ``depth``, ``greedy``, ``playout_limit`` and
    ``explore`` shape the tree and the playouts (see the module docstring);
    ``limit`` bounds the root's look-through. Decisions with one legal
    action, or one plan, are not searched."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        width: int = WIDTH,
        depth: int = DEPTH,
        greedy: int = GREEDY_STEPS,
        playout_limit: int = PLAYOUT_LIMIT,
        explore: float = EXPLORE,
        limit: int = PLAN_LIMIT,
    ) -> None:
        super().__init__(seed, limit)
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.depth = depth
        self.greedy = greedy
        self.playout_limit = playout_limit
        self.explore = explore
        self.searched = 0  # iterations run so far, for the benchmarks

    def pick(self, game: Game) -> Plan:
        return self.policy(game)[0].plan

    def policy(self, game: Game) -> list[Candidate]:
        """The plans searched, the chosen first: most visits, then best mean,
        then greedy's order."""
        found = candidates(game, self.width, self.limit)
        if len(found) == 1:
            return [Candidate(found[0], 0, 0.0, 0.0)]
        tree = self.search(game, found)
        root = tree[()]
        arms = [root.arms.get(str(i), Arm()) for i in range(len(found))]
        order = sorted(range(len(found)), key=lambda i: (-arms[i].visits, -arms[i].mean, i))
        return [Candidate(found[i], arms[i].visits, arms[i].mean, arms[i].error) for i in order]

    def search(self, view: Game, found: list[Plan]) -> dict[tuple, Node]:
        """The tree after the budget's iterations: nodes by what the seat
        knows (the root's key is ``()``)."""
        me = view.decision.player  # type: ignore[union-attr]
        budget = self._budget(view)
        tree: dict[tuple, Node] = {(): Node()}
        while not budget.spent():
            seed = self.rng.getrandbits(63)
            world = view.for_seat(me, seed, log=False)
            Iteration(self, tree, me, random.Random(seed)).run(world, found)
            budget.use(1)
            self.searched += 1
        return tree

    def _budget(self, view: Game) -> Budget:
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = DEFAULT_ITERATIONS[len(view.players)]
        return Budget(iterations, self.seconds)


class Iteration:
    """One iteration: down the tree in one sampled world, a playout to the end
    of the day, and its margin added to every arm on the way."""

    def __init__(
        self, bot: IsmctsBot, tree: dict[tuple, Node], me: str, dice: random.Random
    ) -> None:
        self.bot, self.tree, self.me, self.dice = bot, tree, me, dice
        self.path: list[tuple[Node, str]] = []
        self.playout = Playout(bot.greedy, bot.playout_limit, dice)

    def run(self, world: Game, found: list[Plan]) -> None:
        day = world.day
        root = self.tree[()]
        key = root.select([str(i) for i in range(len(found))], self.bot.explore)
        self.path.append((root, key))
        # The plan's later actions may not come in this world (the others
        # answered otherwise): the playout then finishes the step.
        replay(world, self.me, found[int(key)], self.dice)
        self.play_day(world, day)
        value = margin(world, self.me)
        for node, key in self.path:
            node.visits += 1
            node.arms[key].add(value)

    def play_day(self, world: Game, day: int) -> None:
        """The rest of the day: the seat's next step-starting decisions by
        the tree (``depth`` of them), everything else by the playout."""
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if world.is_over or world.day != day:
                return
            action = self.playout.choose(world)
            if len(self.path) <= self.bot.depth and self.at_own_step(world):
                action = self.descend(world, action)
            world.apply(action)

    def at_own_step(self, world: Game) -> bool:
        """The seat decides, and the decision begins a step of its own."""
        return world.decider == self.me and not in_step(world.decision_kind, True)

    def descend(self, world: Game, default: Action) -> Action:
        """The tree's action at the seat's decision: the playout's choice is
        the first child, then the legal actions in their order."""
        node = self.tree.setdefault(information_set(world, self.me), Node())
        legal = {str(a): a for a in world.legal_actions()}
        offered = [str(default)] + [k for k in legal if k != str(default)]
        chosen = node.select(offered, self.bot.explore)
        self.path.append((node, chosen))
        if chosen != str(default):
            self.playout.forget(self.me)  # greedy's plan began otherwise
        return legal[chosen]


class Playout:
    """The playout policy: each seat's first ``greedy`` steps by greedy's best
    plan (which takes free actions: relics, Commands, buying a relic), then
    the rule of thumb (which takes none)."""

    def __init__(self, greedy: int, limit: int, dice: random.Random) -> None:
        self.greedy, self.limit, self.dice = greedy, limit, dice
        self.planned: dict[str, int] = {}
        self.following: dict[str, Following] = {}

    def choose(self, world: Game) -> Action:
        who = world.decider
        assert who is not None
        following = self.following.setdefault(who, Following())
        planned = following.next(world)
        if planned is not None:
            return planned
        if self.planned.get(who, 0) < self.greedy and len(world.legal_actions()) > 1:
            self.planned[who] = self.planned.get(who, 0) + 1
            best = rank(world, self.limit)[0][1]
            following.start(best)
            return best.actions[0]
        return rule_of_thumb(world, self.dice)

    def forget(self, who: str) -> None:
        """Drop the plan ``who`` was following (it chose otherwise)."""
        self.following[who] = Following()
