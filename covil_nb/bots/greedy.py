"""The greedy bot: the option whose finished step the evaluation likes best.

It looks through every way to finish the step under way
(:func:`~covil_nb.bots.planning.plans`), ranks the finished positions by
:func:`~covil_nb.bots.evaluation.margin` (its evaluation less the best
rival's) and follows the best plan through the step's decisions, its forced
ones included, as long as they come as foreseen. :class:`PlanningBot` is
what it shares with the search bots, which pick the plan otherwise.
"""

from __future__ import annotations

import math
import random

from covil_nb.model import Action, CovilError, Game
from covil_nb.model.arguments import checked
from covil_nb.model.language import Number, ntr, tr
from covil_nb.model.words import color_name

from .evaluation import evaluate
from .planning import PLAN_LIMIT, TIE, Following, Plan, rank


def at_least(low: float, strict: bool = False, **options: float | None) -> None:
    """Refuse a bot option below ``low`` (or at it too, with ``strict``), or
    not finite: a budget of ``seconds=inf`` would search for ever. An option
    of None is one not given."""
    for name, value in options.items():
        if value is None:
            continue
        said = dict(name=name, low=low, value=value)
        if isinstance(value, float) and not math.isfinite(value):  # an int always is
            raise CovilError(tr("{name} must be a finite number, not {value}", **said), "bots")
        if strict and not value > low:
            raise CovilError(tr("{name} must be more than {low}, not {value}", **said), "bots")
        if value < low:
            raise CovilError(tr("{name} must be {low} or more, not {value}", **said), "bots")


@checked("bots")
class PlanningBot:
    """A bot that chooses a whole plan (the step under way, finished) and then
    follows it action by action; subclasses say how a plan is picked."""

    name = "planning"

    def __init__(self, seed: int = 0, limit: int = PLAN_LIMIT) -> None:
        at_least(1, limit=limit)
        self.rng = random.Random(seed)
        self.limit = limit
        self.following = Following()

    def choose(self, game: Game) -> Action:
        if self.searches_anew(game):
            self.following = Following()
        # The plan first: it foresaw its forced decisions too, and passing one
        # by would leave it a decision behind, dropped at the next.
        planned = self.following.next(game)
        if planned is not None:
            return planned
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best = self.pick(game)
        self.following.start(best)
        return best.actions[0]

    def searches_anew(self, game: Game) -> bool:
        """Whether the bot drops the plan it follows at this decision and
        picks again (the hint goes on with a plan only where its bot would):
        never, here; a subclass may say where."""
        return False

    def pick(self, game: Game) -> Plan:
        raise NotImplementedError


@checked("bots")
class GreedyBot(PlanningBot):
    """Plays the option whose finished step has the best margin; ties by its
    own seeded RNG. ``limit`` bounds the positions a look-through visits."""

    name = "greedy"

    def pick(self, game: Game) -> Plan:
        return self.best(game)

    def best(self, game: Game) -> Plan:
        """The best plan; ties broken at random."""
        ranked = rank(game, self.limit)
        top = ranked[0][0]
        return self.rng.choice([p for value, p in ranked if value >= top - TIE])

    def explain(self, game: Game, top: int = 5) -> str:
        """The best options with their margins, and the evaluation of the best
        one's outcome: why the greedy bot would choose it."""
        ranked = rank(game, self.limit)
        me = game.decision.player  # type: ignore[union-attr]
        weighs = ntr(
            "{color} weighs {count} way to finish this step; the best:",
            "{color} weighs {count} ways to finish this step; the best:",
            len(ranked),
            color=color_name(me),
        )
        lines = [str(weighs)]
        lines += [f"  {Number(value, '+6.1f')}  {plan}" for value, plan in ranked[:top]]
        lines.append(str(tr("After '{plan}':", plan=ranked[0][1])))
        lines.append(str(evaluate(ranked[0][1].result, me)))
        return "\n".join(lines)
