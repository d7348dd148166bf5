"""Engine speed, measured (not asserted): run with

    .venv/bin/pytest benchmarks --benchmark-only

Figures are reported in the issue notes; a test never fails for being slow.
``benchmarks/figures.py`` prints the same figures in CPU time, with the
memory a finished game holds and the search bot's time per decision.
"""

from __future__ import annotations

import pytest

from covil_nb import Game
from covil_nb.model.playthrough import random_game

SEEDS = range(10)


@pytest.mark.parametrize("undo", [True, False], ids=["default-game", "search-copy"])
def test_random_two_player_games_on_board_b(benchmark, undo: bool) -> None:
    """Ten whole games of random legal actions, 2 players on board B: the
    default game (undo, redo, history and log) and a search copy (none of
    them). ``extra_info`` holds games per second."""

    def games() -> list[Game]:
        played = []
        for s in SEEDS:
            game = Game.new(["yellow", "red"], board="B", seed=s)
            played.append(random_game(game if undo else game.copy(log=False), s))
        return played

    played = benchmark(games)
    benchmark.extra_info["games_per_second"] = len(SEEDS) / benchmark.stats.stats.mean
    assert all(g.is_over for g in played)


def test_five_random_two_player_games(benchmark) -> None:
    """The same five whole random games every round, 2 players on board A;
    ``extra_info`` holds the number of actions they take."""

    def five_games() -> list[Game]:
        return [random_game(Game.new(["yellow", "red"], board="A", seed=s), s) for s in range(5)]

    games = benchmark(five_games)
    benchmark.extra_info["actions"] = sum(len(g.history) for g in games)
    assert all(g.is_over for g in games)


def test_legal_actions_and_apply(benchmark) -> None:
    """One decision: list the legal actions, apply the first, undo it."""
    game = Game.new(["yellow", "red", "green"], board="A", seed=1)
    for zone in ("H", "I", "J"):
        game.apply(f"start {zone}")

    def step() -> None:
        game.apply(game.legal_actions()[0])
        game.undo()

    benchmark(step)


def test_new_game(benchmark) -> None:
    benchmark(lambda: Game.new(["yellow", "red"], board="B", seed=3))


def test_new_four_player_game(benchmark) -> None:
    benchmark(lambda: Game.new(["yellow", "red", "green", "blue"], board="A", seed=3))


def test_save_and_load(benchmark) -> None:
    """Loading the save of a finished game (it replays every action)."""
    game = random_game(Game.new(["yellow", "red"], board="B", seed=4), 4)
    text = game.to_json()
    assert benchmark(Game.from_json, text) == game
