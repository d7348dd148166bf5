"""Random full games: 2, 3 and 4 players, both editions, every map with the
player counts it fits, many seeds. At every step: the invariants hold (each
player's 5 troops on the board or in supply, 0 to 5 rebels, every card in
exactly one place, gold and HP within 0 to 5, at most 5 minions besides the
Overlord), legal actions are never empty before the end, who decides, the
kind of decision and the step's own choices read alone agree with the
decision and its actions, undo gives back the previous state exactly; every
listed action applies; save → load gives an equal game.

``COVIL_RANDOM_SEEDS`` sets how many seeds each configuration plays (default 4).
"""

from __future__ import annotations

import os
import random

import pytest

from covil_nb.model.game import Game
from covil_nb.model.invariants import problems

COLORS = ["yellow", "red", "green", "blue"]
CONFIGS = [
    (n, board)
    for board, counts in {"A": (2, 3, 4), "B": (2, 3), "desert-town": (2,)}.items()
    for n in counts
]
SEEDS = range(int(os.environ.get("COVIL_RANDOM_SEEDS", "4")))
SAVE_EVERY = 60


def check_invariants(game: Game) -> None:
    found = problems(game.state, game.cards, game.board)
    assert not found, found
    for p in game.state.players:
        assert len(p.troops) == 5 and all(
            t.zone is None or t.zone in game.board.zones for t in p.troops
        )
    if not game.is_over:
        assert game.legal_actions(), f"no legal action at {game.decision}"
        assert game.decision is not None


FREE_VERBS = {"activate", "command", "buy-relic"}  # the free actions of 2.2


def check_the_decision_read_in_parts(game: Game) -> None:
    """Who decides, the kind of decision and the step's own choices, read on
    a fresh copy (so without writing the decision first), agree with it."""
    fresh, decision = game.copy(), game.decision
    assert decision is not None
    assert (fresh.decider, fresh.decision_kind) == (decision.player, decision.kind)
    own = [a for a in game.legal_actions() if a.verb not in FREE_VERBS]
    assert fresh.legal_actions(free=False) == own


def check_every_action_applies(game: Game) -> None:
    before = game.state
    for action in game.legal_actions():
        game.apply(action)
        game.undo()
        assert game.state == before, f"undo of {action} did not restore the state"


def play_checked(game: Game, seed: int, try_every_action: bool) -> Game:
    chooser = random.Random(seed)
    steps = 0
    while not game.is_over:
        check_invariants(game)
        check_the_decision_read_in_parts(game)
        if try_every_action:
            check_every_action_applies(game)
        before = game.state
        action = chooser.choice(game.legal_actions())
        game.apply(action)
        game.undo()
        assert game.state == before
        game.redo()
        steps += 1
        if steps % SAVE_EVERY == 0:
            assert Game.from_json(game.to_json()) == game
    check_invariants(game)
    return game


@pytest.mark.parametrize("edition", ["en", "pt"])
@pytest.mark.parametrize(("count", "board"), CONFIGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_keeps_every_invariant(count: int, board: str, edition: str, seed: int) -> None:
    game = Game.new(COLORS[:count], board=board, seed=seed, edition=edition)
    play_checked(game, seed, try_every_action=seed == 0)
    assert game.is_over and game.day == 4
    assert game.legal_actions() == [] and game.decision is None
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.score() == game.score()
    assert set(game.winners) <= set(game.players) and game.winners
    # At the end the VP shown along the game are the final score, to every seat.
    final = [s.total for s in game.score()]
    assert all([vp.total for vp in game.vp_now(seat)] == final for seat in [None, *game.players])


@pytest.mark.parametrize("seed", [1, 2])
def test_same_seed_and_actions_replay_the_same_game(seed: int) -> None:
    first = play_checked(Game.new(COLORS[:3], seed=seed), seed, try_every_action=False)
    replayed = Game.replay(first.record())
    assert replayed == first
    assert [str(e) for e in replayed.log] == [str(e) for e in first.log]


def test_different_seeds_deal_different_games() -> None:
    deals = {tuple(Game.new(COLORS[:2], seed=s).state.pool) for s in range(6)}
    assert len(deals) > 1
