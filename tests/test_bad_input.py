"""Bad input of any kind raises the one exception type, CovilError, and
leaves the game exactly as it was: each case found by hand or by a fuzzer,
kept (the fuzz suite in tests/fuzz draws thousands more), and work stopped
halfway (an error or an interrupt) leaving the game and the board as they were."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from covil_nb import CovilError, CovilTypeError, Game, Scenario, play_solo
from covil_nb.model import codec, flow
from covil_nb.model.actions import Action
from covil_nb.model.game import SAVE_FORMAT, SAVE_VERSION
from covil_nb.model.maps import load_board
from covil_nb.model.playthrough import random_game
from covil_nb.widget import scene


@cache
def position_record(seed: int, steps: int) -> str:
    """A save of a random position: ``steps`` random actions from a seeded deal."""
    game = Game.new(["yellow", "red", "green"], board="A", seed=seed)
    return random_game(game, seed, steps).to_json()


def as_position(save: str) -> dict[str, Any]:
    """The save's position as a record of its own: no deal, no actions."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "position": json.loads(save)["state"]}


def test_an_illegal_move_names_the_rule_and_the_alternatives() -> None:
    game = Game.new(["yellow", "red"], seed=4)
    with pytest.raises(CovilError) as refused:
        game.apply("start E")
    assert refused.value.rule == "Setup I: Choose starting zones"
    assert "start H" in refused.value.message and "start E" in refused.value.message


# -- save files ----------------------------------------------------------------------


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


# -- found by the fuzzer (issue 18) --------------------------------------------------


def test_a_deeply_nested_save_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(CovilError, match=f"nests deeper than {codec.MAX_DEPTH} levels"):
        Game.from_json("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("size", [6_000_000, 61_000_000])
def test_a_huge_save_is_refused_before_it_is_read(tmp_path: Path, size: int) -> None:
    padded = position_record(1, 10).replace('"players": [', '"players": [' + " " * size, 1)
    with pytest.raises(CovilError, match=f"{len(padded):,} characters long"):
        Game.from_json(padded)
    path = tmp_path / "huge.json"
    path.write_text(padded)
    with pytest.raises(CovilError, match="characters long: a save is 1,048,576 at most"):
        Game.load(path)


def test_a_position_whose_player_is_no_color_of_the_game_is_refused() -> None:
    record = as_position(position_record(1, 30))
    record["position"]["players"][1]["color"] = "pink"
    with pytest.raises(CovilError, match=r"\$\.position: .*players must be distinct colors"):
        Game.replay(record)


def a_position_with(step: str) -> dict[str, Any]:
    """A position whose decision stack holds ``step`` above its turn."""
    for steps in range(10, 200):
        record = as_position(position_record(2, steps))
        if any(frame["kind"] == step for frame in record["position"]["stack"][2:]):
            return record
    raise AssertionError(f"no random position has a {step} step")


def test_a_position_whose_stack_names_no_troop_is_refused() -> None:
    record = a_position_with("troop-action")
    frame = next(f for f in record["position"]["stack"] if f["kind"] == "troop-action")
    frame["troop"] = "red"
    with pytest.raises(CovilError, match=r"\$\.position: .* its troop 'red' is no troop on the"):
        Game.replay(record)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("player", "pink", "'pink' is not one of the players"),
        ("troop", "Y9", "'Y9' is no troop on the board"),
        ("target", "fortress-pink", "names no fortress on the board"),
        ("cost", 10**6, "out of range"),
    ],
)
def test_every_name_on_the_stack_is_checked_against_the_table(
    field: str, value: object, said: str
) -> None:
    record = as_position(position_record(2, 5))
    step = {"kind": "combat", "attacker": "yellow", "troop": "Y1", "target": "fortress-red"}
    if field in ("player", "cost"):
        step = {"kind": "purchase", "player": "yellow", "card": "mud-sentry", "cost": 1}
    record["position"]["stack"].append({**step, field: value})
    with pytest.raises(CovilError, match=said):
        Game.replay(record)


def test_an_attack_on_the_attackers_own_troop_is_refused() -> None:
    record = as_position(position_record(2, 5))
    own = {"kind": "combat", "attacker": "red", "troop": "R1", "target": "R2", "stage": "respond"}
    record["position"]["stack"].append(own)
    with pytest.raises(CovilError, match="R2 is red's own: an attack is on an enemy"):
        Game.replay(record)


def test_a_stack_the_checks_miss_is_refused_once_the_rules_stop_on_it() -> None:
    """The last guard: a position is tried before it is built, its decision
    written and each of its actions played on a copy. A purchase of a relic
    names only things of the game, but the rules cannot complete it."""
    record = as_position(position_record(2, 5))
    relic = {"kind": "purchase", "player": "yellow", "card": "kraken-ink", "cost": 3}
    record["position"]["stack"].append(relic)
    with pytest.raises(CovilError, match="the rules cannot go on from its decision stack"):
        Game.replay(record)


def test_duplicate_dummies_are_refused_in_a_deal_and_in_a_save() -> None:
    with pytest.raises(CovilError, match="each dummy is a seat, named once"):
        Game.new(["yellow", "red"], seed=1, dummies=["red", "red"])
    record = Game.new(["yellow", "red"], seed=1, dummies=["red"]).record()
    record["new"]["dummies"] = ["red", "red"]
    with pytest.raises(CovilError, match=r"\$\.new: each dummy is a seat"):
        Game.replay(record)
    position = as_position(Game.solo(seed=1).to_json())
    position["position"]["options"]["dummies"] = ["red", "red"]
    with pytest.raises(CovilError, match="each dummy is a seat"):
        Game.replay(position)


WRONG_TYPES = [
    ("apply", lambda g: g.apply(Action("start", ((),)))),  # type: ignore[arg-type]
    ("apply", lambda g: g.apply(Action("start", (1,)))),  # type: ignore[arg-type]
    ("player", lambda g: g.player(None)),  # type: ignore[arg-type]
    ("for_seat", lambda g: g.for_seat("red", 1.5)),  # type: ignore[arg-type]
    ("load", lambda g: Game.load(None)),  # type: ignore[arg-type]
    ("load", lambda g: Game.load(1.5)),  # type: ignore[arg-type]
    ("solo", lambda g: Game.solo(dummies=1.5)),  # type: ignore[arg-type]
    ("gold", lambda g: Scenario(["yellow", "red"]).gold("yellow", "3")),  # type: ignore[arg-type]
    ("rebels", lambda g: Scenario(["yellow", "red"]).rebels("2")),  # type: ignore[arg-type]
    ("day", lambda g: Scenario(["yellow", "red"]).day(None)),  # type: ignore[arg-type]
    ("scepter", lambda g: Scenario(["yellow", "red"]).scepter(3)),  # type: ignore[arg-type]
    ("fortress", lambda g: Scenario(["yellow", "red"]).fortress("red", 5)),  # type: ignore[arg-type]
    ("troops", lambda g: Scenario(["yellow", "red"]).troops("red", "H", "1")),  # type: ignore[arg-type]
    ("hall", lambda g: Scenario(["yellow", "red"]).hall("red", 5)),  # type: ignore[arg-type]
    ("hand", lambda g: Scenario(["yellow", "red"]).hand("red", 5)),  # type: ignore[arg-type]
    ("active", lambda g: Scenario(["yellow", "red"]).active("red", None)),  # type: ignore[arg-type]
    ("pool", lambda g: Scenario(["yellow", "red"]).pool(3)),  # type: ignore[arg-type]
    ("overlord", lambda g: Scenario(["yellow", "red"]).overlord("red", 3)),  # type: ignore[arg-type]
    ("relic_deck_top", lambda g: Scenario(["yellow", "red"]).relic_deck_top(1)),  # type: ignore[arg-type]
    ("afternoon", lambda g: Scenario(["yellow", "red"]).afternoon(3)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("where", "call"), WRONG_TYPES, ids=[w for w, _ in WRONG_TYPES])
def test_a_wrong_type_at_a_public_entry_point_is_refused_by_name(where: str, call: Any) -> None:
    game = Game.new(["yellow", "red"], seed=1)
    before = game.to_json()
    with pytest.raises(CovilTypeError) as refused:
        call(game)
    assert isinstance(refused.value, TypeError) and isinstance(refused.value, CovilError)
    assert where in str(refused.value) or "Action" in str(refused.value)
    assert game.to_json() == before


def test_a_file_name_no_file_system_takes_is_refused() -> None:
    with pytest.raises(CovilError, match="cannot read the save file"):
        Game.load("\ud800")


# -- work stopped halfway ---------------------------------------------------------------


def failing_once(monkeypatch: pytest.MonkeyPatch, calls_before: int = 0) -> None:
    """``flow.play`` fails at its call after ``calls_before`` others, once."""
    real, calls = flow.play, [0]

    def play(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == calls_before + 1:
            monkeypatch.setattr(flow, "play", real)
            raise RuntimeError("a bug in a rule")
        return real(*args, **kwargs)

    monkeypatch.setattr(flow, "play", play)


def test_an_undo_that_fails_leaves_the_game_and_its_save_as_they_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_json(position_record(3, 40))
    before = game.to_json()
    failing_once(monkeypatch, calls_before=3)  # undo plays the actions since the last kept state
    with pytest.raises(RuntimeError, match="a bug in a rule"):
        game.undo()
    assert game.to_json() == before and Game.from_json(game.to_json()) == game
    assert game.at(32).state == Game.from_json(before).at(32).state


def test_a_redo_that_fails_keeps_the_action_to_redo(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.from_json(position_record(3, 40))
    undone = game.undo()
    before = game.to_json()
    failing_once(monkeypatch)
    with pytest.raises(RuntimeError, match="a bug in a rule"):
        game.redo()
    assert game.to_json() == before and game.can_redo
    game.redo()
    assert game.history[-1] == undone


def test_a_board_that_fails_to_redraw_shows_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = play_solo(seed=2)
    version, decision, saved = board.version, board.decision, board.game.to_json()
    real = scene.decision_json

    def broken(*args: Any) -> Any:
        monkeypatch.setattr(scene, "decision_json", real)
        raise RuntimeError("a bug in the drawing")

    monkeypatch.setattr(scene, "decision_json", broken)
    with pytest.raises(RuntimeError, match="a bug in the drawing"):
        board.receive(
            {"kind": "act", "version": version, "action": decision["actions"][0]["action"]}
        )
    assert (board.version, board.decision, board.game.to_json()) == (version, decision, saved)
    assert "covil_nb failed on this message" in board.error["text"]
    board.act(decision["actions"][0]["action"])  # not stuck: the same click now works
    assert board.game.history
