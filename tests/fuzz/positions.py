"""Positions to fuzz at: seeded random games on every map, edition and
player count, solo games among them, each played to a random depth."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from covil_nb import Game
from covil_nb.model.playthrough import random_game

# (players, board, solo): every map, two to four players, and a solo game.
TABLES = [
    (("yellow", "red"), "B", False),
    (("yellow", "red", "green"), "A", False),
    (("yellow", "red", "green", "blue"), "A", False),
    (("yellow", "red"), "desert-town", True),
]


@cache
def record(table: int, seed: int, steps: int, edition: str = "en") -> str:
    """The save of a position: ``steps`` random actions from a seeded deal."""
    players, board, solo = TABLES[table]
    if solo:
        game = Game.solo(players[0], [players[1]], seed=seed, edition=edition)
    else:
        game = Game.new(list(players), board=board, seed=seed, edition=edition)
    return random_game(game, seed, steps).to_json()


def game(table: int, seed: int, steps: int, edition: str = "en") -> Game:
    """A fresh game at that position (loaded from its save)."""
    return Game.from_json(record(table, seed, steps, edition))


tables = st.integers(0, len(TABLES) - 1)
seeds = st.integers(0, 5)
depths = st.integers(0, 400)
editions = st.sampled_from(["en", "pt"])
records = st.builds(record, tables, seeds, depths, editions)
