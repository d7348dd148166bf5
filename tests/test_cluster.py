"""Tournaments and analyses on a real cluster engine: a Dask cluster's
executor plays the same games as the local process pool, so it gives the
same table, and weighs a game's decisions as this process does, so it gives
the same analysis."""

from __future__ import annotations

from distributed import Client, LocalCluster, get_task_stream

from covil_nb import Game, analyse
from covil_nb.analysis.tournament import tournament
from covil_nb.bots import GreedyBot, play

# A greedy bot with a short look-through keeps the games quick.
SEATS = {"yellow": "greedy:limit=20", "red": "random"}


def cluster() -> LocalCluster:
    """Two worker processes of one thread each, like the pool of workers=2; no
    dashboard (it needs bokeh) and only local, free ports."""
    return LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )


def test_a_dask_cluster_gives_the_same_table_as_the_process_pool() -> None:
    with cluster() as workers, Client(workers) as client, get_task_stream(client) as stream:
        on_dask = tournament(SEATS, games=4, seed=11, executor=client.get_executor())
    pooled = tournament(SEATS, games=4, seed=11, workers=2)
    played = [task for task in stream.data if task["key"].startswith("play_one")]
    assert len(played) == 4  # the games really ran on the cluster's workers
    assert on_dask.games == pooled.games
    assert on_dask.table().equals(pooled.table())


def test_a_dask_cluster_gives_the_same_analysis_as_this_process() -> None:
    game = play(Game.new(["yellow", "red"], seed=1), {"yellow": GreedyBot(1), "red": GreedyBot(2)})
    here = analyse(game, seats=["yellow"], budget=12)
    with cluster() as workers, Client(workers) as client, get_task_stream(client) as stream:
        on_dask = analyse(game, seats=["yellow"], budget=12, executor=client.get_executor())
    weighed = [task for task in stream.data if task["key"].startswith("_task")]
    assert len(weighed) > 10  # the decisions really were weighed on the cluster's workers
    assert on_dask.to_json() == here.to_json()
