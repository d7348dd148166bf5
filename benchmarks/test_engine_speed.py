"""Engine speed, measured (not asserted): run with

    .venv/bin/pytest benchmarks --benchmark-only

Figures are reported in the issue notes; a test never fails for being slow.
"""

from __future__ import annotations

from covil_nb import Game
from covil_nb.model.playthrough import random_game

SEEDS = range(5)


def test_five_random_two_player_games(benchmark) -> None:
    """The same five whole random games every round, 2 players on board A;
    ``extra_info`` holds the number of actions they take."""

    def five_games() -> list[Game]:
        return [random_game(Game.new(["yellow", "red"], board="A", seed=s), s) for s in SEEDS]

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
    benchmark(lambda: Game.new(["yellow", "red", "green", "blue"], board="A", seed=3))


def test_save_and_load(benchmark) -> None:
    game = random_game(Game.new(["yellow", "red"], seed=4), 4)
    text = game.to_json()
    assert benchmark(Game.from_json, text) == game
