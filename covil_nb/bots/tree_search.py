"""The tree search bot: information-set Monte Carlo tree search over plans.

After Cowling, Powley and Whitehouse (2012) and OpenSpiel's ``ismcts.py``
(the design notes' SEARCH.md). One tree over what the seat knows; every
iteration deals a world anew from the seat's view (``view.for_seat(me,
seed)``) and goes down the tree only by actions legal in that world. The
root's children are the seat's plans (:func:`~covil_nb.bots.search.candidates`),
more of them the larger the budget, raced by sequential halving (Karnin,
Koren and Somekh 2013); below the root, the seat's next decisions of the day
that begin a step and offer a choice are nodes keyed by what it sees there,
their actions opened by progressive widening and chosen by UCB1, each counted
on the visits in which it was offered (availability); a playout plays each
seat's next choices that no plan foresaw by greedy's best plans, then the
rule of thumb (on the last day, with ``last_day``, greedy's plans for
every choice), to the end of the day (of ``horizon`` days), scored by
:func:`~covil_nb.bots.evaluation.margin` (or the learned
:func:`~covil_nb.bots.outlook.learned_margin`, with ``outlook``).
:meth:`IsmctsBot.judge` sets the race's choice against its best rival on
fresh worlds, as the analysis and the hint judge a decision.

The plan chosen is the last one left; :meth:`IsmctsBot.policy` tells every
plan with its margins world by world and the rounds it came through. The
budget is a number of iterations (deterministic for a seed) or seconds.
``docs/bots.md`` tells the search step by step, with its approximations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from covil_nb.model import Action, CovilError, Game
from covil_nb.model.arguments import checked
from covil_nb.model.language import tr
from covil_nb.model.vocabulary import DAYS, DecisionKind

from .evaluation import margin
from .greedy import PlanningBot, at_least
from .outlook import learned_margin
from .planning import (
    PLAN_LIMIT,
    Following,
    Plan,
    in_step,
    outcome,
    rank,
    rule_of_thumb,
    signature,
)
from .search import (
    MAX_PLAYOUT_ACTIONS,
    Budget,
    Entry,
    candidates,
    collector_for_search,
    mean,
    mean_and_error,
    paired,
    replay,
)

# The default budget, in iterations a decision by the number of players (more
# players make longer days to play out). docs/bots.md says why, docs/changelog.md has the figures.
DEFAULT_ITERATIONS = {2: 75, 3: 36, 4: 17}
WIDTH = 12  # plans the root may race, best by the evaluation first (12 from 400 iterations)
WIDEN_BASE = 2  # children open from a node's first visit; the root opens widened(budget)
WIDEN_RATE = 0.5  # one more child open as sqrt(visits) grows by 1 / WIDEN_RATE
EXPLORE = 2.0  # UCB's exploration constant, in points of margin
DEPTH = 1  # the seat's own step-starting decisions searched below the root
GREEDY_STEPS = 2  # choices no plan foresaw that each seat makes by greedy's best plan in a playout
PLAYOUT_LIMIT = 40  # positions a playout's greedy look-through may visit


def information_set(world: Game, me: str) -> tuple:
    """The key of ``me``'s decision in ``world``: the decision as the seat
    sees it and the position with the hidden hands as counts, the same in
    every world dealt from what the seat knows (and the phase: a night's
    decision may look like the afternoon's)."""
    return world.read_state().phase, signature(world), outcome(world, me)


@dataclass
class Arm:
    """A child of a node: its results, and how often it could be chosen."""

    visits: int = 0
    total: float = 0.0
    available: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value


@dataclass
class Node:
    """An information set of the seat: its children by action (or plan)."""

    visits: int = 0
    arms: dict[str, Arm] = field(default_factory=dict)

    def select(self, offered: list[str], explore: float) -> str:
        """Among ``offered`` (legal in this world, best prior first: the
        playout's choice, then greedy's order), the first ones open by
        progressive widening, the best by UCB1 counted on availability; an
        open child not yet tried first. (A child opened late, or the
        playout's choice where it varies with the world's random choices,
        was not offered at every visit of the node: its availability counts
        the visits it was.)"""
        open_ = offered[: widened(self.visits)]
        arms = [self.arms.setdefault(key, Arm()) for key in open_]
        for arm in arms:
            arm.available += 1
        for key, arm in zip(open_, arms, strict=True):
            if arm.visits == 0:
                return key
        ucb = [a.mean + explore * math.sqrt(math.log(a.available) / a.visits) for a in arms]
        return open_[ucb.index(max(ucb))]


def widened(visits: int) -> int:
    """How many children are open after ``visits``."""
    return WIDEN_BASE + int(WIDEN_RATE * math.sqrt(visits))


@dataclass(frozen=True)
class Candidate:
    """A plan of the root with what the search found of it: its margins,
    sweep by sweep (see :class:`Race`; none for a plan not raced), and how
    many rounds of the halving it came through (the chosen plan: all; a
    plan kept in the race too)."""

    plan: Plan
    values: tuple[float, ...] = ()
    reached: int = 0
    kept: bool = False  # the plan ``policy`` was asked to keep in the race

    @property
    def visits(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        """The mean margin (0 unplayed), as the race ordered the plans by."""
        return mean(self.values)

    @property
    def error(self) -> float:
        """The standard error of the mean: infinite below two visits."""
        return mean_and_error(self.values)[1] if self.values else math.inf


@checked("bots")
class IsmctsBot(PlanningBot):
    """Searches each decision with ``iterations`` iterations, or for
    ``seconds`` (not deterministic; with neither, see ``DEFAULT_ITERATIONS``),
    over up to ``width`` plans; ``depth``, ``greedy``, ``playout_limit`` and
    ``explore`` shape the tree and the playouts (see the module docstring);
    ``limit`` bounds the root's look-through; with ``troop_action`` (the
    default), what a troop that has lain down does is searched again, not
    taken from the plan that lay it down; with ``outlook``, a playout's end
    is weighed by the learned evaluation
    (:func:`~covil_nb.bots.outlook.learned_margin`), not the hand-tuned
    one; with ``last_day``, a playout plays every choice of the last day by
    greedy's best plans. Decisions with one legal action, or one plan, are
    not searched."""

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
        troop_action: bool = True,
        outlook: bool = False,
        horizon: int = 1,
        last_day: bool = False,
    ) -> None:
        super().__init__(seed, limit)
        at_least(0, iterations=iterations, depth=depth, greedy=greedy, explore=explore)
        at_least(1, width=width, playout_limit=playout_limit, horizon=horizon)
        at_least(0, strict=True, seconds=seconds)
        self.iterations = iterations
        self.seconds = seconds
        self.width = width
        self.depth = depth
        self.greedy = greedy
        self.playout_limit = playout_limit
        self.explore = explore
        self.troop_action = troop_action
        self.outlook = outlook
        self.horizon = horizon
        self.last_day = last_day
        self.searched = 0  # iterations run so far, for the benchmarks

    def searches_anew(self, game: Game) -> bool:
        """With ``troop_action``, what a troop that has lain down does is
        searched again, not taken from the plan that chose to lie it down."""
        return self.troop_action and game.decision_kind == DecisionKind.TROOP_ACTION

    def pick(self, game: Game) -> Plan:
        return self.policy(game)[0].plan

    def policy(
        self, game: Game, keep: Plan | None = None, among: Sequence[Plan] | None = None
    ) -> list[Candidate]:
        """The plans raced, the chosen first, then by the rounds each came
        through and its mean margin; the plans not raced last, in greedy's
        order (a budget of 0 iterations races none: greedy's order). ``keep``,
        a plan of the seat's (the one a player chose, say), races to the end
        whatever its results, and is the chosen one on a tie (it is the
        candidate with its outcome, where there is one). ``among``: the plans
        to race, all of them, instead of the candidates. ``game`` must be the
        seat's view (``game.for_seat(seat, seed)``): the root's plans are
        looked through in it, so the real game would show them the others'
        hands and the deck."""
        if among is not None and not among:
            raise CovilError(tr("among: give at least one plan to race"), "bots")
        _check_plans(game, [*(among or []), *([keep] if keep else [])])
        found = list(among) if among is not None else candidates(game, self.width, self.limit)
        entries = [Entry(plan, i) for i, plan in enumerate(found)]
        kept = _kept(entries, keep)
        budget = Budget.of(self.iterations, self.seconds, DEFAULT_ITERATIONS, game)
        reached: dict[int, int] = {}
        if len(entries) > 1 and budget.left != 0:
            race = Race(self, game, kept, budget)
            with collector_for_search:
                reached = race.run(entries, len(entries) if among else None)
        order = sorted(
            entries, key=lambda e: (-reached.get(e.order, -1), -e.mean, e is not kept, e.order)
        )
        return [
            Candidate(e.plan, tuple(e.values), reached.get(e.order, 0), e is kept) for e in order
        ]

    def compare(self, game: Game, plans: Sequence[Plan], sweeps: int) -> list[tuple[float, ...]]:
        """Each of ``plans`` played in ``sweeps`` worlds, the same worlds and
        dice for all (the margins, world by world, in the order of
        ``plans``), as a race plays them, but none cut and none chosen: a
        measure on worlds that took no part in a choice (the analysis
        re-measures a race's winner so: the winner's own worlds flatter it).
        ``game`` must be the seat's view, as for :meth:`policy`."""
        at_least(1, sweeps=sweeps, plans=len(plans))
        _check_plans(game, plans)
        entries = [Entry(plan, i) for i, plan in enumerate(plans)]
        race = Race(self, game, None, Budget(None, None))
        with collector_for_search:
            for _ in range(sweeps):
                race.sweep(entries)
        return [tuple(e.values) for e in entries]

    def judge(
        self,
        game: Game,
        sweeps: int,
        keep: Plan | None = None,
        among: Sequence[Plan] | None = None,
    ) -> Judged:
        """The race of :meth:`policy` (``keep`` and ``among`` as there), then
        its choice (``keep``, where given) set against the best other plan
        the race found, on ``sweeps`` fresh worlds (:meth:`compare`); no
        rival where the race had one plan only."""
        at_least(1, sweeps=sweeps)  # before the race, not after it
        policy = self.policy(game, keep, among)
        chosen = next((c for c in policy if c.kept), policy[0])
        rival = next((c for c in policy if c is not chosen), None)
        if rival is None:
            return Judged(chosen.plan)
        mine, theirs = self.compare(game, [chosen.plan, rival.plan], sweeps)
        return Judged(chosen.plan, rival.plan, mine, theirs)


@dataclass(frozen=True)
class Judged:
    """A plan and its best rival, each with its margins on the same fresh
    worlds, world by world: a verdict that the luck which chose the rival
    does not flatter."""

    plan: Plan
    rival: Plan | None = None
    values: tuple[float, ...] = ()
    rival_values: tuple[float, ...] = ()

    @property
    def gap(self) -> tuple[float, float]:
        """How far the rival is ahead of the plan (below 0: behind), and the
        standard error of that paired difference (with no rival: a
        ValueError)."""
        return paired(self.rival_values, self.values)


# How the analysis and the hint judge a decision: playouts to the end of the
# day, scored by the hand-tuned margin. Playing on through tomorrow's night,
# or to the game's end, and the learned outlook were measured with
# benchmarks/judge.py and judged less steadily from one seed to another
# (docs/changelog.md has the figures); they stay options of the bot.
JUDGE_HORIZON: Final = 1
JUDGE_OUTLOOK: Final = False
# No tree below the root: a tree learns from the sweeps, so that its worlds
# are not independent and the standard error of their margins understates
# how far another seed's verdict lies (measured: gaps of -0.7 to +2.9 VP
# under three seeds, each "±0.5"; without the tree, -0.8 to -1.1, ±0.1 to 0.2).
JUDGE_DEPTH: Final = 0
# Each seat's choices in a judge's playout made by greedy's best plans before
# the rule of thumb: as the bot plays (benchmarks/judge.py --greedy measures others).
JUDGE_GREEDY: Final = GREEDY_STEPS
# Every choice of the last day by greedy's plans: that day's purchases and
# activations are the final score, which the rule of thumb leaves alone;
# the judge's last-day verdicts then foresee the whole games' (greedy's) end
# (docs/changelog.md has the figures).
JUDGE_LAST_DAY: Final = True


def judging(seed: int, iterations: int | None = None) -> IsmctsBot:
    """The tree search as the analysis and the hint judge a decision with it."""
    return IsmctsBot(
        seed,
        iterations=iterations,
        depth=JUDGE_DEPTH,
        greedy=JUDGE_GREEDY,
        outlook=JUDGE_OUTLOOK,
        horizon=JUDGE_HORIZON,
        last_day=JUDGE_LAST_DAY,
    )


def _check_plans(game: Game, plans: Sequence[Plan]) -> None:
    """Refuse a game over, or a plan made at another decision than ``game``'s."""
    if game.decider is None:
        raise CovilError(tr("the game is over: there is nothing to search"), "bots")
    here = signature(game)
    for plan in plans:
        if plan.expected[0] != here:  # its later steps and outcome are another position's
            raise CovilError(
                tr("the plan '{plan}' was made for another decision than this one", plan=plan),
                "bots",
            )


def _kept(entries: list[Entry], keep: Plan | None) -> Entry | None:
    """The entry of ``keep``: the candidate with its outcome, or a new one last."""
    if keep is None:
        return None
    here = outcome(keep.result)
    for entry in entries:
        if outcome(entry.plan.result) == here:
            return entry
    entries.append(Entry(keep, len(entries)))
    return entries[-1]


class Race:
    """Sequential halving over the root's plans (the first ones in greedy's
    order, as many as the budget opens; ``kept`` too), in sweeps: a sweep
    deals one world and plays every plan still racing in it with the same
    random choices, so that the plans are compared on equal luck (each
    plan's values are then sweep by sweep: the first ``n`` of any two were
    played in the same worlds). The tree below the root is shared by every iteration."""

    def __init__(self, bot: IsmctsBot, view: Game, kept: Entry | None, budget: Budget) -> None:
        self.bot, self.view, self.kept, self.budget = bot, view, kept, budget
        self.me: str = view.decision.player  # type: ignore[union-attr]
        self.tree: dict[tuple, Node] = {}
        self.known: dict[tuple, Ranked] = {}  # greedy's look, by information set

    def run(self, entries: list[Entry], opened: int | None = None) -> dict[int, int]:
        """Race the first ``opened`` of ``entries`` (by default, as many as
        the budget opens); the rounds each came through, by its order."""
        racing = self.with_kept(entries[: opened or self.opened()])
        # The kept plan is never cut: the others are halved down to one, and
        # a last round sets that one against it.
        others = [e for e in racing if e is not self.kept]
        rounds = math.ceil(math.log2(len(others))) + (self.kept is not None)
        reached: dict[int, int] = {}
        for round_ in range(rounds):
            reached.update(dict.fromkeys((e.order for e in racing), round_))
            self.play_round(racing, rounds - round_)
            others = sorted(others, key=lambda e: (-e.mean, e.order))[: math.ceil(len(others) / 2)]
            racing = self.with_kept(others)
        reached.update(dict.fromkeys((e.order for e in racing), rounds))
        return reached

    def with_kept(self, racing: list[Entry]) -> list[Entry]:
        """``racing``, and the kept plan at the end if it is not among them."""
        if self.kept is None or self.kept in racing:
            return racing
        return [*racing, self.kept]

    def opened(self) -> int:
        """How many plans race: more the larger the iteration budget, as
        progressive widening would have opened them; all ``width`` of them
        for a budget in seconds alone."""
        if self.budget.left is None:
            return self.bot.width
        return widened(self.budget.left)

    def play_round(self, racing: list[Entry], rounds_left: int) -> None:
        """Sweeps for a fair share of the budget left (one at least)."""
        share = self.budget.share(rounds_left)
        while True:
            self.sweep(racing)
            share.use(len(racing))
            self.budget.use(len(racing))
            if share.spent() or (share.left is not None and share.left < len(racing)):
                return

    def sweep(self, racing: list[Entry]) -> None:
        """One world dealt, every plan of ``racing`` played in it with the same dice."""
        seed = self.bot.rng.getrandbits(63)
        for entry in racing:
            world = self.view.for_seat(self.me, seed, log=False)
            entry.values.append(Iteration(self, random.Random(seed)).run(world, entry.plan))
        self.bot.searched += len(racing)


class Iteration:
    """One iteration: a plan of the root played in one sampled world, down the
    tree and a playout to the end of the day (or days: ``horizon``); its margin is added to every
    arm on the way below the root."""

    def __init__(self, race: Race, dice: random.Random) -> None:
        self.bot, self.tree, self.me = race.bot, race.tree, race.me
        self.path: list[tuple[Node, str]] = []
        bot = race.bot
        self.playout = Playout(bot.greedy, bot.playout_limit, dice, race.known, bot.last_day)

    def run(self, world: Game, plan: Plan) -> float:
        day = world.day
        # The others answer the plan as they would anywhere in the playout
        # (by greedy's plans first: a defence relic too). The plan's later
        # actions may then not come in this world: the playout finishes the step.
        replay(world, self.me, plan, self.playout.choose)
        self.play_day(world, day)
        value = (learned_margin if self.bot.outlook else margin)(world, self.me)
        for node, key in self.path:
            node.visits += 1
            node.arms[key].add(value)
        return value

    def play_day(self, world: Game, day: int) -> None:
        """The rest of the day: the seat's next step-starting decisions by
        the tree (``depth`` of them), everything else by the playout."""
        for _ in range(MAX_PLAYOUT_ACTIONS * self.bot.horizon):
            if world.is_over or world.day >= day + self.bot.horizon:
                return
            action = self.playout.choose(world)
            if len(self.path) < self.bot.depth and self.at_own_step(world):
                action = self.descend(world, action)
            world.apply(action)

    def at_own_step(self, world: Game) -> bool:
        """The seat decides, the decision begins a step of its own, and it
        offers a choice (a forced action would spend the depth on nothing)."""
        return (
            world.decider == self.me
            and not in_step(world.decision_kind, True)
            and len(world.legal_actions()) > 1
        )

    def descend(self, world: Game, default: Action) -> Action:
        """The tree's action at the seat's decision: the playout's choice is
        the first child, then the first actions of greedy's plans in its
        order, then any other legal action in the engine's order."""
        node = self.tree.setdefault(information_set(world, self.me), Node())
        legal = {str(a): a for a in world.legal_actions()}
        # (The node's key holds the decision's legal actions: greedy's are legal here.)
        offered = list(dict.fromkeys([str(default), *self.playout.ranked(world).firsts, *legal]))
        chosen = node.select(offered, self.bot.explore)
        self.path.append((node, chosen))
        if chosen != str(default):
            self.playout.forget(self.me)  # greedy's plan began otherwise
        return legal[chosen]


@dataclass(frozen=True)
class Ranked:
    """Greedy's look at a decision as a search keeps it: its best plan, and
    its plans' first actions, best first (the order a node's children open
    in). Not every plan: each holds its position, ten times the memory, and
    as much more for the garbage collector to walk."""

    best: Plan
    firsts: tuple[str, ...]


class Playout:
    """The playout policy: each seat's first ``greedy`` choices that no plan
    of its own foresaw by greedy's best plan (which takes free actions:
    relics, Commands, buying a relic), then
    the rule of thumb (which takes none); with ``last_day``, every choice
    of the last day by greedy's plans: what is bought and activated then
    is the final score, and the rule of thumb buys and activates nothing.
    ``known`` remembers greedy's plans by the information set of the seat
    choosing, for the whole search."""

    def __init__(
        self,
        greedy: int,
        limit: int,
        dice: random.Random,
        known: dict[tuple, Ranked],
        last_day: bool = False,
    ) -> None:
        self.greedy, self.limit, self.dice, self.known = greedy, limit, dice, known
        self.last_day = last_day
        self.planned: dict[str, int] = {}
        self.following: dict[str, Following] = {}
        self.picked: str | None = None  # the seat whose greedy step the last choice counted

    def choose(self, world: Game) -> Action:
        who = world.decider
        assert who is not None
        self.picked = None
        following = self.following.setdefault(who, Following())
        planned = following.next(world)
        if planned is not None:
            return planned
        if len(world.legal_actions()) == 1:
            return rule_of_thumb(world, self.dice)
        if self.last_day and world.day == DAYS:
            return self.by_greedy(world, following)
        if self.planned.get(who, 0) < self.greedy:
            self.planned[who] = self.planned.get(who, 0) + 1
            self.picked = who
            return self.by_greedy(world, following)
        return rule_of_thumb(world, self.dice)

    def by_greedy(self, world: Game, following: Following) -> Action:
        """Greedy's best plan begun, to be followed."""
        best = self.ranked(world).best
        following.start(best)
        return best.actions[0]

    def ranked(self, world: Game) -> Ranked:
        """Greedy's look at the decision in ``world``: looked through once per
        search for each information set of the seat deciding, in the first
        world that meets it."""
        key = information_set(world, world.decider)  # type: ignore[arg-type]
        found = self.known.get(key)
        if found is None:
            plans = [plan for _, plan in rank(world, self.limit)]
            firsts = tuple(dict.fromkeys(str(plan.actions[0]) for plan in plans))
            found = self.known[key] = Ranked(plans[0], firsts)
        return found

    def forget(self, who: str) -> None:
        """Drop the plan ``who`` was following (the tree chose otherwise),
        and give back the greedy step its last choice counted, if it did: every
        child of a node is played on with as many of greedy's steps as the
        playout's own choice."""
        self.following[who] = Following()
        if self.picked == who:
            self.planned[who] -= 1
