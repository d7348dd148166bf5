"""Bad input of any kind raises the one exception type, CovilError, and
leaves the game exactly as it was: random and malformed actions at random
positions (hypothesis), broken save files, bad setup arguments."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from covil_nb import CovilError, Game
from covil_nb.model.actions import Action
from covil_nb.model.maps import load_board
from covil_nb.model.playthrough import random_game

VERBS = [
    "start",
    "lie",
    "move",
    "rest",
    "repair",
    "gold",
    "attack",
    "exhaust",
    "pass",
    "retreat",
    "acquire",
    "pay",
    "cancel",
    "activate",
    "command",
    "end",
    "buy-relic",
    "troop",
    "skip",
]
WORDS = [
    "A",
    "E",
    "Z",
    "Y1",
    "R3",
    "B9",
    "gold",
    "relic",
    "minion",
    "3",
    "-1",
    "99",
    "fortress-red",
    "iron-bastion",
    "yellow-squire",
    "kraken-ink",
    "nothing",
]


@cache
def position_record(seed: int, steps: int) -> str:
    """A save of a random position: ``steps`` random actions from a seeded deal."""
    game = Game.new(["yellow", "red", "green"], board="A", seed=seed)
    return random_game(game, seed, steps).to_json()


def assert_refused_unchanged(game: Game, action: object) -> None:
    before, history = game.state, game.history
    legal = [str(a) for a in game.legal_actions()]
    words = action.split() if isinstance(action, str) else []
    # The notation as the game reads it: the verb in any case, the arguments as written.
    if words and " ".join([words[0].lower(), *words[1:]]) in legal:
        return  # happened to be legal: not what this test is about
    with pytest.raises(CovilError) as refused:
        game.apply(action)  # type: ignore[arg-type]
    assert refused.value.message
    assert game.state == before and game.history == history
    if refused.value.rule != "notation":  # explain() says why, as the refusal did
        assert game.explain(action) == str(refused.value)  # type: ignore[arg-type]
        assert game.state == before


positions = st.builds(position_record, st.integers(0, 5), st.integers(0, 400))
texts = st.one_of(
    st.text(max_size=30),
    st.builds(
        lambda v, a: " ".join([v, *a]),
        st.sampled_from(VERBS),
        st.lists(st.sampled_from(WORDS), max_size=3),
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, texts)
def test_random_actions_are_refused_with_the_state_unchanged(save: str, text: str) -> None:
    assert_refused_unchanged(Game.from_json(save), text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    positions,
    st.one_of(
        st.none(),
        st.integers(),
        st.lists(st.text()),
        st.just(Action("")),
        st.builds(Action, st.sampled_from(VERBS), st.tuples(st.sampled_from(WORDS))),
    ),
)
def test_non_text_and_ill_formed_actions_are_refused(save: str, action: object) -> None:
    game = Game.from_json(save)
    if isinstance(action, Action) and action in game.legal_actions():
        return
    assert_refused_unchanged(game, action)


def test_an_illegal_move_names_the_rule_and_the_alternatives() -> None:
    game = Game.new(["yellow", "red"], seed=4)
    with pytest.raises(CovilError) as refused:
        game.apply("start E")
    assert refused.value.rule == "Setup I: Choose starting zones"
    assert "start H" in refused.value.message and "start E" in refused.value.message


# -- save files ----------------------------------------------------------------------


def mutations(data: object, path: tuple = ()):
    """Every way to break one value of a JSON tree: a wrong type, a removal."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key), "drop"
            yield from mutations(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:3]):
            yield from mutations(value, (*path, i))
    yield path, "swap"


def mutate(data: object, path: tuple, how: str) -> object:
    data = json.loads(json.dumps(data))
    if not path:
        return ["not", "a", "save"]
    parent = data
    for key in path[:-1]:
        parent = parent[key]  # type: ignore[index]
    if how == "drop":
        del parent[path[-1]]  # type: ignore[arg-type]
    else:
        value = parent[path[-1]]  # type: ignore[index]
        parent[path[-1]] = "x" if not isinstance(value, str) else 7  # type: ignore[index]
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_broken_save_raises_covil_error_only(data: st.DataObject) -> None:
    save = json.loads(position_record(1, 40))
    path, how = data.draw(st.sampled_from(list(mutations(save))))
    broken = json.dumps(mutate(save, path, how))
    try:
        loaded = Game.from_json(broken)
    except CovilError as exc:
        assert exc.message
        return
    # Some changes are harmless (e.g. dropping the optional redo list).
    assert loaded.history == Game.from_json(json.dumps(save)).history[: len(loaded.history)]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": "covil_nb/game"}',
        '{"format": "covil_nb/game", "version": 1}',
        '{"format": "covil_nb/game", "version": 1, "new": 3}',
        '{"format": "covil_nb/game", "version": 1, "new": {}}',
    ],
)
def test_malformed_save_files(text: str) -> None:
    with pytest.raises(CovilError):
        Game.from_json(text)


def test_a_save_with_an_illegal_action_names_it() -> None:
    record = Game.new(["yellow", "red"], seed=1).record()
    record["actions"] = ["start H", "start H"]
    with pytest.raises(CovilError, match="action #2 'start H'"):
        Game.replay(record)


def test_a_tampered_state_is_detected() -> None:
    save = json.loads(position_record(2, 30))
    save["state"]["players"][0]["gold"] = 4 if save["state"]["players"][0]["gold"] != 4 else 3
    with pytest.raises(CovilError, match="does not match"):
        Game.from_json(json.dumps(save))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": ["yellow"]},
        {"players": ["yellow", "yellow"]},
        {"players": ["pink", "red"]},
        {"players": "yellow,red"},
        {"players": ["yellow", "red", "green", "blue"], "board": "B"},
        {"players": ["yellow", "red"], "board": "Z"},
        {"players": ["yellow", "red"], "board": 5},
        {"players": ["yellow", "red"], "seed": "1"},
        {"players": ["yellow", "red"], "edition": "fr"},
        {"players": ["yellow", "red"], "edition": 3},
        {"players": ["yellow", "red"], "dummies": 7},
        {"players": ["yellow", "red"], "dummies": ["red"], "next_to_yours": 1},
        {"players": ["yellow", "red"], "rules": "pt"},
        {"players": ["yellow", "red"], "cards": "reference"},
    ],
)
def test_bad_setup_arguments(kwargs: dict) -> None:
    # A CovilError on both engines: the compiled deal takes these as Any and
    # checks each by hand, where a compiled function would raise TypeError.
    with pytest.raises(CovilError):
        Game.new(**kwargs)


@pytest.mark.parametrize("name", ["Z", 5, None])
def test_an_unknown_board_is_refused_by_name(name: object) -> None:
    with pytest.raises(CovilError, match="unknown board"):
        load_board(name)
