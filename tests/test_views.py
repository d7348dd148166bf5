"""A seat's view: everything hidden from it is dealt anew, everything it
knows stays; search copies are independent of the game."""

from __future__ import annotations

from collections import Counter

import pytest

from covil_nb import CovilError, Game
from covil_nb.model.playthrough import random_game


def midgame(seed: int = 3, steps: int = 120) -> Game:
    return random_game(Game.new(["yellow", "red", "green"], board="A", seed=seed), seed, steps)


def test_a_seat_view_keeps_what_the_seat_knows():
    game = midgame()
    real = game.state
    view = game.for_seat("red", seed=1).state
    me, other = view.player("red"), view.player("yellow")
    assert me == real.player("red")
    assert view.pool == real.pool and view.relic_discard == real.relic_discard
    for p, q in zip(view.players, real.players, strict=True):
        assert (p.troops, p.hall, p.overlord, p.gold, p.hp, p.active) == (
            q.troops,
            q.hall,
            q.overlord,
            q.gold,
            q.hp,
            q.active,
        )
        assert len(p.hand) == len(q.hand)
    assert len(view.relic_deck) == len(real.relic_deck)
    hidden = Counter(real.relic_deck + real.player("yellow").hand + real.player("green").hand)
    assert Counter(view.relic_deck + other.hand + view.player("green").hand) == hidden
    assert Counter(view.mercenary_deck + view.box) == Counter(real.mercenary_deck + real.box)


def test_a_seat_view_changes_what_is_hidden_and_nothing_of_the_game():
    game = midgame()
    before = game.state
    worlds = {tuple(game.for_seat("red", seed=s).state.relic_deck) for s in range(5)}
    assert len(worlds) > 1
    assert game.state == before
    view = game.for_seat(game.decision.player, seed=2)
    assert [str(a) for a in view.legal_actions()] == [str(a) for a in game.legal_actions()]
    assert view.log == [] and view.history == []


def test_search_copies_are_independent_and_fast_to_play():
    game = midgame()
    before = game.state
    copy = game.copy()
    random_game(copy, 5)
    assert copy.is_over and game.state == before
    with pytest.raises(CovilError, match="keeps no record"):
        copy.to_json()
    kept = game.copy(undo=True)
    kept.apply(kept.legal_actions()[0])
    kept.undo()
    assert kept.state == before


def test_for_seat_refuses_an_unknown_color():
    with pytest.raises(CovilError):
        midgame(steps=5).for_seat("blue", seed=1)


def test_a_seat_view_depends_on_the_seed_not_on_the_hidden_order():
    game = midgame()
    other = game.copy(undo=True)
    state = other._state
    state.player("yellow").hand.reverse()
    state.relic_deck.reverse()
    state.mercenary_deck.reverse()
    assert game.state != other.state
    assert game.for_seat("red", seed=4).state == other.for_seat("red", seed=4).state


def test_a_copy_tells_what_happens_and_a_search_copy_says_nothing():
    game = midgame()
    action = game.legal_actions()[0]
    told = game.copy().apply(action)
    assert told and told == game.copy(undo=True).apply(action)
    assert game.copy(log=False).apply(action) == []
    assert game.for_seat(game.decision.player, seed=3, log=False).apply(action) == []
    quiet = game.copy(log=False)
    assert quiet.copy(log=False).apply(action) == [] and quiet.copy().apply(action) == told
