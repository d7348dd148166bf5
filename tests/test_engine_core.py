"""The engine's own machinery: going back through the history (undo keeps a
state every few actions and plays the others again), a rule that fails
halfway, the relic deck's one reshuffle, old saves' spellings, and the shuffle."""

from __future__ import annotations

import json
import random

import pytest
from test_solo import solo

from covil_nb import Game
from covil_nb.lessons import play
from covil_nb.model import flow
from covil_nb.model.actions import Event
from covil_nb.model.history import KEYFRAME_EVERY
from covil_nb.model.rng import Rng
from covil_nb.model.scenario import Scenario

STEPS = 2 * KEYFRAME_EVERY + 11  # past two kept states


@pytest.fixture(scope="module")
def line() -> tuple[Game, list]:
    """A game of random actions, with the state after each of its steps."""
    game = Game.new(["yellow", "red", "green"], board="A", seed=21)
    chooser, states = random.Random(21), [game.state]
    for _ in range(STEPS):
        game.apply(chooser.choice(game.legal_actions()))
        states.append(game.state)
    return game, states


@pytest.mark.parametrize(
    "step",
    [0, 1, KEYFRAME_EVERY - 1, KEYFRAME_EVERY, KEYFRAME_EVERY + 1, 2 * KEYFRAME_EVERY, STEPS],
)
def test_at_gives_the_state_after_any_step(line: tuple[Game, list], step: int) -> None:
    game, states = line
    past = game.at(step)
    assert past.state == states[step] and past.history == game.history[:step]
    replayed = Game.replay({**game.record(), "actions": game.history[:step]})
    assert past.legal_actions() == replayed.legal_actions()


def test_undo_walks_back_through_every_step_and_redo_forward(line: tuple[Game, list]) -> None:
    game, states = line
    walker = game.at(STEPS)
    for step in range(STEPS, 0, -1):
        assert walker.undo() == game.history[step - 1]
        assert walker.state == states[step - 1]
    assert not walker.can_undo
    for step in range(1, STEPS + 1):
        walker.redo()
        assert walker.state == states[step]
    assert walker == game


def test_a_rule_that_fails_halfway_leaves_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.new(["yellow", "red"], board="B", seed=5)
    play(game, "start A", "start I")
    before, legal, log = game.state, game.legal_actions(), game.log
    assert game.decision.kind == "turn"

    real_play = flow.play

    def broken(t, now, action) -> None:  # changes the state, then fails, once
        monkeypatch.setattr(flow, "play", real_play)  # the rewind replays with the real one
        t.player(now.player).gold = 0
        t.state.pool.clear()
        raise RuntimeError("a bug in a rule")

    # Game.apply plays through flow.play (a compiled rule module's own
    # functions cannot be replaced from outside; the module's name can).
    monkeypatch.setattr(flow, "play", broken)
    with pytest.raises(RuntimeError, match="a bug in a rule"):
        game.apply(legal[0])
    monkeypatch.undo()
    assert game.state == before and game.history == ["start A", "start I"]
    assert game.legal_actions() == legal and game.log == log
    game.apply(legal[0])  # the game goes on
    assert game.history[-1] == str(legal[0])


RESHUFFLED = "The relic deck ran out: its discard pile is shuffled into a new deck."


def with_every_relic_discarded(s: Scenario) -> Scenario:
    s.state.relic_discard += s.state.relic_deck
    s.state.relic_deck.clear()
    return s


def assert_reshuffled_before(events: list[Event], kind: str) -> None:
    """The log says the deck was made anew before the first event of ``kind``."""
    texts = [e.text for e in events]
    assert RESHUFFLED in texts
    assert texts.index(RESHUFFLED) < next(i for i, e in enumerate(events) if e.kind == kind)


def test_the_relic_deck_reshuffles_in_one_place_for_draws_and_flips(two_players) -> None:
    """A dummy flipping the last relic has the discard pile shuffled into a
    new deck, and the log says so, as for a player drawing one."""
    s = solo().troops("red", "B", standing=1).troops("yellow", "A", lying=1)
    s.hall("red", [("pit-fighter", "tired"), ("tower-sniper", "tired")])
    game = with_every_relic_discarded(s).scepter("red").afternoon("red").build()
    assert_reshuffled_before(game.log, "flip")
    state = game.state
    assert state.relic_deck and len(state.relic_discard) == 1  # the flipped relic

    s = two_players.gold("yellow", 3).troops("yellow", "J", standing=1)
    game = with_every_relic_discarded(s.troops("red", "H", standing=1)).afternoon().build()
    assert_reshuffled_before(play(game, "buy-relic"), "draw")
    state = game.state
    assert state.relic_deck and state.relic_discard == [] and len(game.player("yellow").hand) == 1


def test_a_save_from_before_the_one_fortress_spelling_loads(two_players) -> None:
    """The rebels' queue once named a fortress "fortress:red"; it is now
    "fortress-red", as an attack names it, and old saves read as such."""
    s = two_players.rebels(4).troops("yellow", "E", lying=1).troops("red", "H", lying=1)
    game = s.night().build()
    assert game.decision.kind == "defend-rebels"
    assert "fortress-red" in game.state.retaliation
    save = json.loads(game.to_json())
    save["state"]["retaliation"] = [
        x.replace("fortress-", "fortress:") for x in save["state"]["retaliation"]
    ]
    assert Game.from_json(json.dumps(save)) == game


def splitmix_shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates with SplitMix64 and exact rejection, as the textbook
    writes them; returns the generator's state after."""
    span = 1 << 64
    for i in range(len(items) - 1, 0, -1):
        while True:
            state = (state + 0x9E3779B97F4A7C15) % span
            z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 % span
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB % span
            z ^= z >> 31
            if z < span - span % (i + 1):
                break
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


@pytest.mark.parametrize("size", [0, 1, 2, 6, 24, 36, 100])
def test_the_shuffle_is_the_textbook_generator(size: int) -> None:
    """The engine's shuffle (its step written out, its bound checked only
    near 2**64) deals what the textbook SplitMix64 Fisher-Yates deals."""
    for seed in (0, 1, 2026, 2**63 + 5, 2**64 - 1):
        mine, expected = list(range(size)), list(range(size))
        rng = Rng(seed)
        rng.shuffle(mine)
        assert (rng.state, mine) == (splitmix_shuffle(seed, expected), expected)
