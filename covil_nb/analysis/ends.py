"""A decision's options played to the end of the game, every seat by the greedy bot.

``benchmarks/judge.py`` checks the analysis's verdicts so (a plan that
wins the day may lose the game: gold spent today is not there for
tomorrow's purchase); a judge that asks the game's end measures with it
the same way (docs/changelog.md has the ones tried). :func:`game_of`
makes the greedy games they are measured on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from covil_nb.bots import GreedyBot, play
from covil_nb.bots.base import decide
from covil_nb.bots.learning import COLORS
from covil_nb.bots.search import mean_and_error
from covil_nb.model import Game


def game_of(seed: int, players: int) -> Game:
    """A game of ``players`` seats from its seed, every seat played by the
    greedy bot (the seats in the self-play games' order): the games the
    judge is measured on (``benchmarks/judge.py``, :mod:`.foresight`)."""
    colors = list(COLORS[:players])
    bots = {c: GreedyBot(seed + i) for i, c in enumerate(colors)}
    return play(Game.new(colors, seed=seed), bots, seed=seed)


def final_margins(game: Game, seat: str, moves: Sequence[str], seeds: Sequence[int]) -> list[float]:
    """``seat``'s final margin (its VP less the best rival's) in each world
    ``game.for_seat(seat, seed)`` deals for ``seeds``: ``moves`` played (its
    own run, as far as each world allows it), then every seat by the greedy
    bot to the end of the game. A seed deals the same world and dice for
    any ``moves``, so that two runs' margins are compared world by world."""
    margins = []
    for seed in seeds:
        world = game.for_seat(seat, seed, log=False)
        dice = random.Random(seed)
        bots = {color: GreedyBot(dice.getrandbits(32)) for color in world.players}
        for move in moves:
            if world.decider != seat or move not in {str(a) for a in world.legal_actions()}:
                break
            world.apply(move)
        while not world.is_over:
            player = world.decider
            assert player is not None  # the game is not over
            world.apply(decide(bots[player], world, dice.getrandbits(63)))
        margins.append(_margin(world, seat))
    return margins


def lead_to_the_end(
    game: Game, seat: str, played: Sequence[str], line: Sequence[str], seeds: Sequence[int]
) -> tuple[float, float]:
    """How far ``line`` ends the game ahead of ``played`` for ``seat``, in
    final margin over the worlds of ``seeds`` (:func:`final_margins`, the
    same worlds and dice for both), and the standard error of that paired lead."""
    mine = final_margins(game, seat, played, seeds)
    theirs = final_margins(game, seat, line, seeds)
    return mean_and_error([t - m for t, m in zip(theirs, mine, strict=True)])


def _margin(game: Game, seat: str) -> float:
    totals = {s.player: s.total for s in game.score()}
    mine = totals.pop(seat)
    return float(mine - max(totals.values()))
