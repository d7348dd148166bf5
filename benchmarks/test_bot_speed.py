"""Bot speed, measured (not asserted): run with

    .venv/bin/pytest benchmarks/test_bot_speed.py --benchmark-only

The positions are the searched decisions of one 2-player game on board A
played by greedy bots (a decision with a single legal action is never
searched). ``extra_info`` holds the figures reported in the issue notes:
playouts per second, and seconds per decision (mean and worst).
"""

from __future__ import annotations

import random
import time

import pytest

from covil_nb import Game
from covil_nb.bots import GreedyBot, MctsBot
from covil_nb.bots.evaluation import evaluate_all
from covil_nb.bots.flat_search import playout
from covil_nb.bots.planning import rank
from covil_nb.bots.search import collector_for_search

POSITIONS = 24  # decisions sampled across the game, from day 1 to day 4


def greedy_game_views(players: int = 2, seed: int = 3) -> list[Game]:
    """Views of every POSITIONS-th decision with several legal actions."""
    game = Game.new(["yellow", "red", "green", "blue"][:players], board="A", seed=seed)
    bots = {c: GreedyBot(i) for i, c in enumerate(game.players)}
    worlds = random.Random(seed)
    views = []
    while not game.is_over:
        color = game.decision.player
        view = game.for_seat(color, worlds.getrandbits(63), log=False)
        if len(view.legal_actions()) > 1:
            views.append(view)
        game.apply(bots[color].choose(view))
    step = max(1, len(views) // POSITIONS)
    return views[::step][:POSITIONS]


@pytest.fixture(scope="module")
def views() -> list[Game]:
    return greedy_game_views()


def per_decision(benchmark, views: list[Game], decide) -> None:
    """Time each decision once; record the mean and the worst."""
    times: list[float] = []

    def all_decisions() -> None:
        times.clear()
        for view in views:
            start = time.perf_counter()
            decide(view)
            times.append(time.perf_counter() - start)

    benchmark.pedantic(all_decisions, rounds=1, iterations=1)
    benchmark.extra_info["decisions"] = len(times)
    benchmark.extra_info["mean_seconds_per_decision"] = sum(times) / len(times)
    benchmark.extra_info["worst_seconds_per_decision"] = max(times)


def test_mcts_playouts_per_second(benchmark, views: list[Game]) -> None:
    """Playouts alone (a sampled world, the plan, the rest of the day by the
    rule of thumb, the evaluation), from the best plan of each position, the
    collector frozen as in a search."""
    jobs = [(v, v.decision.player, rank(v)[0][1]) for v in views]

    def playouts() -> None:
        with collector_for_search:
            for seed, (view, me, plan) in enumerate(jobs * 4):
                playout(view.for_seat(me, seed, log=False), me, plan, seed)

    benchmark.pedantic(playouts, rounds=3, iterations=1)
    benchmark.extra_info["playouts_per_round"] = 4 * len(jobs)
    benchmark.extra_info["playouts_per_second"] = 4 * len(jobs) / benchmark.stats.stats.mean


def test_mcts_decision_at_the_default_budget(benchmark, views: list[Game]) -> None:
    bot = MctsBot(0)
    per_decision(benchmark, views, bot.search)
    benchmark.extra_info["playouts"] = bot.searched
    benchmark.extra_info["playouts_per_second_with_look_through"] = (
        bot.searched / benchmark.stats.stats.mean
    )


def test_mcts_decision_in_a_four_player_game(benchmark) -> None:
    bot = MctsBot(0)
    per_decision(benchmark, greedy_game_views(players=4), bot.search)
    benchmark.extra_info["playouts"] = bot.searched


def test_greedy_decision(benchmark, views: list[Game]) -> None:
    per_decision(benchmark, views, GreedyBot(0).best)


def test_evaluation(benchmark, views: list[Game]) -> None:
    benchmark(lambda: [evaluate_all(v) for v in views])
