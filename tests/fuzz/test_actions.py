"""Malformed and illegal actions at random positions: each is refused with a
CovilError (a CovilTypeError when it is not even an action) and the game is
exactly as it was."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from covil_nb import CovilError, CovilTypeError, Game
from covil_nb.model.actions import Action

from .positions import depths, game, seeds, tables
from .profile import examples

VERBS = [
    "start", "lie", "move", "rest", "repair", "gold", "attack", "exhaust", "pass", "retreat",
    "acquire", "pay", "cancel", "activate", "command", "end", "buy-relic", "troop", "skip",
]  # fmt: skip
WORDS = [
    "A", "E", "Z", "Y1", "R3", "B9", "G2", "gold", "relic", "minion", "3", "-1", "99", "0",
    "fortress-red", "fortress-pink", "iron-bastion", "yellow-squire", "kraken-ink", "nothing",
]  # fmt: skip
ODD = [None, 1, 2.5, True, b"move D", ["move", "D"], ("move", "D"), {"verb": "move"}, object()]


@cache
def position(table: int, seed: int, steps: int) -> Game:
    """One game per position, shared by the examples: a refused action
    leaves it as it was (the test checks it), and a legal one is never played."""
    return game(table, seed, steps)


notations = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda verb, args: " ".join([verb, *args]),
        st.sampled_from(VERBS),
        st.lists(st.sampled_from(WORDS), max_size=4),
    ),
)


@dataclass(frozen=True)
class ByHand:
    """An Action made by hand, from anything: made in the test, since one
    whose verb is not text or whose args are not a tuple is refused as it
    is made (one whose args hold anything is refused by the game)."""

    verb: Any
    args: Any

    def made(self) -> Action | None:
        """The Action, or None when making it was refused, as it must be."""
        if isinstance(self.verb, str) and isinstance(self.args, tuple):
            return Action(self.verb, self.args)
        with pytest.raises(CovilTypeError, match="Action: verb must be text and args a tuple"):
            Action(self.verb, self.args)
        return None


by_hand = st.one_of(
    st.builds(ByHand, st.sampled_from(VERBS), st.lists(st.sampled_from(WORDS)).map(tuple)),
    st.builds(ByHand, st.one_of(st.sampled_from(VERBS), st.none(), st.integers()), st.just(())),
    st.builds(
        ByHand,
        st.sampled_from(VERBS),
        st.tuples(st.one_of(st.integers(), st.none(), st.just(()), st.floats())),
    ),
    st.builds(ByHand, st.sampled_from(VERBS), st.sampled_from(["B", ["B"], None, 3])),
)


def assert_refused_unchanged(game: Game, action: Any) -> None:
    before, history, redo = game.state, game.history, game.to_json()
    with pytest.raises(CovilError) as refused:
        game.apply(action)
    assert refused.value.message
    if not isinstance(action, str | Action):
        assert isinstance(refused.value, CovilTypeError)
    assert game.state == before and game.history == history and game.to_json() == redo
    explained = game.explain(action)  # says why, as the refusal did, and changes nothing
    assert explained == str(refused.value) and game.state == before


def legal(game: Game, action: Any) -> bool:
    """Whether ``action`` happens to be legal now (not what these tests are about)."""
    try:
        return game.refusal(action) is None
    except CovilError:
        return False


@examples(short=300, long=10_500)  # some 1% happen to be legal: 10,000 refused
@given(tables, seeds, depths, st.one_of(notations, by_hand, st.sampled_from(ODD)))
def test_a_malformed_or_illegal_action_is_refused_and_changes_nothing(
    table: int, seed: int, steps: int, action: Any
) -> None:
    if isinstance(action, ByHand):
        action = action.made()
        if action is None:
            return
    game = position(table, seed, steps)
    if legal(game, action):
        event("happened to be legal: not tried")
        return
    assert_refused_unchanged(game, action)
