"""Tournament scaling, measured (not asserted): run with

    .venv/bin/pytest benchmarks/test_tournament_speed.py --benchmark-only

The same random-against-random games on 1 worker (in this process) and on a
pool of 2 worker processes, pool start-up included, as a user would run them;
compare the two means for the speed-up. A test never fails for being slow.
"""

from __future__ import annotations

import pytest

from covil_nb.analysis.tournament import tournament

GAMES = 16
SEATS = {"yellow": "random", "red": "random"}


@pytest.mark.parametrize("workers", [1, 2])
def test_random_games_on_workers(benchmark, workers: int) -> None:
    """``extra_info`` holds the games played and the actions they took."""
    results = benchmark.pedantic(
        tournament,
        args=(SEATS,),
        kwargs={"games": GAMES, "workers": workers, "progress": False},
        rounds=5,
    )
    benchmark.extra_info["games"] = GAMES
    benchmark.extra_info["actions"] = sum(g.actions for g in results.games)
    assert len(results.games) == GAMES
