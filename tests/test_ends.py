"""A decision's options played to the game's end: the same worlds for any
run, the run played as far as a world allows it, every margin a final one."""

from __future__ import annotations

from functools import cache

from covil_nb import Game
from covil_nb.analysis.ends import final_margins
from covil_nb.bots import GreedyBot, play

SEEDS = (3, 4, 5)


@cache
def record() -> dict:
    game = Game.new(["yellow", "red"], seed=2)
    return play(game, {"yellow": GreedyBot(1), "red": GreedyBot(2)}, seed=2).record()


def at(index: int) -> Game:
    return Game.replay({**record(), "actions": record()["actions"][:index]})


def test_a_game_over_scores_as_it_ended_in_each_world() -> None:
    over = at(len(record()["actions"]))
    for seat, rival in (("yellow", "red"), ("red", "yellow")):
        margins = final_margins(over, seat, [], SEEDS)
        for seed, margin in zip(SEEDS, margins, strict=True):
            # The rival's hidden cards are dealt anew in each world, as
            # the seat cannot see them: its own score is its own.
            totals = {s.player: s.total for s in over.for_seat(seat, seed).score()}
            assert totals[seat] == {s.player: s.total for s in over.score()}[seat]
            assert margin == totals[seat] - totals[rival]


def test_the_same_seeds_and_run_give_the_same_margins() -> None:
    game = at(6)
    seat = game.decider
    assert seat is not None
    move = str(game.legal_actions()[0])
    first = final_margins(game, seat, [move], SEEDS)
    assert final_margins(game, seat, [move], SEEDS) == first
    assert len(first) == len(SEEDS)
    assert all(m == int(m) for m in first)  # VP against VP: whole numbers


def test_a_run_a_world_does_not_allow_stops_where_it_is_refused() -> None:
    game = at(6)
    seat = game.decider
    assert seat is not None
    # The greedy bot plays on where the run stops: a run refused at once
    # is the greedy bot's own game, move for move.
    assert final_margins(game, seat, ["no such move"], SEEDS) == final_margins(
        game, seat, [], SEEDS
    )
