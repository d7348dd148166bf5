"""Mutated saves: truncated, bytes flipped, keys deleted, types swapped,
nested deep, padded huge, their decision stack pointed elsewhere. Each is
refused with a CovilError that says where (its JSON path, or what is wrong
with the text as a whole), or it loads as a sound game: one that keeps every
invariant, saves and loads again, and plays on."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from covil_nb import CovilError, Game
from covil_nb.model.invariants import problems
from covil_nb.model.playthrough import random_game
from covil_nb.model.saves import SAVE_FORMAT, SAVE_VERSION

from .positions import records
from .profile import examples

Path = tuple[str | int, ...]
ODD_VALUES = [None, True, 0, -1, 7, 2**70, 1.5, "", "x", "red", "Y1", "fortress-red", [], {}, [1]]
# What a decision stack's fields may be pointed at: every kind of name the game uses.
NAMES = ["yellow", "red", "green", "blue", "pink", "Y1", "R2", "G3", "B9", "fortress-red",
         "fortress-pink", "iron-bastion", "kraken-ink", "gilded-lich", "", 0, -3, 101,
         None]  # fmt: skip


def position_record(save: dict[str, Any]) -> dict[str, Any]:
    """A save of the same position with no history: its origin is the position."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "position": save["state"]}


def paths(data: Any, path: Path = ()) -> list[Path]:
    """Every value of a JSON tree by its path (lists: their first 5 items)."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:5]):
            found += paths(value, (*path, i))
    return found


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def replaced(data: Any, path: Path, value: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced (or dropped, for ``DROP``)."""
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    parent = at(copy, path[:-1])
    if value is DROP:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copy


DROP = object()


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A save's text, broken in one of the ways the module docstring lists."""
    save = json.loads(draw(records))
    if draw(st.booleans()):
        save = position_record(save)
    text = json.dumps(save)
    how = draw(st.sampled_from(MUTATIONS))
    if how == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == "flip":
        data = bytearray(text.encode())
        for _ in range(draw(st.integers(1, 8))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return data.decode("utf-8", errors="replace")
    path = draw(st.sampled_from(paths(save)))
    if how == "drop":
        return json.dumps(replaced(save, path, DROP) if path else {})
    if how == "swap":
        return json.dumps(replaced(save, path, draw(st.sampled_from(ODD_VALUES))))
    if how == "nest":  # brackets closed, or some never closed
        depth = draw(st.sampled_from([2, 10, 17, 100, 100_000]))
        closed = draw(st.sampled_from([depth, depth // 2, 0]))
        return json.dumps(replaced(save, path, 0)).replace("0", "[" * depth + "]" * closed, 1)
    if how == "quotes":  # escaped quotes, closed or not, where a value was
        quotes = (
            '"'
            + '\\"' * draw(st.sampled_from([1, 1000, 100_000]))
            + draw(st.sampled_from(['"', ""]))
        )
        return json.dumps(replaced(save, path, 0)).replace("0", quotes, 1)
    if how == "pad":
        value = at(save, path)
        copies = draw(st.sampled_from([2, 100, 10_000, 100_000]))
        if len(json.dumps(value)) * copies > MOST_PADDED:
            copies = max(2, MOST_PADDED // len(json.dumps(value)))
        padded = [value] * copies if not isinstance(value, list) else value * copies
        return json.dumps(replaced(save, path, padded or ["x" * 10 * copies]))
    if how == "restack":
        return json.dumps(restacked(draw, save))
    return json.dumps(stack_pointed_elsewhere(draw, save))


MUTATIONS = ["truncate", "flip", "drop", "swap", "nest", "quotes", "pad", "restack", "stack"]
MOST_PADDED = 64_000_000  # padding a whole save 100,000 times would take gigabytes


def restacked(draw: st.DrawFn, save: dict[str, Any]) -> dict[str, Any]:
    """The decision stack with its steps reordered, one dropped, or one
    of them repeated: steps of the game, in an order the engine never makes."""
    state = save["position"] if "position" in save else save["state"]
    stack = state["stack"]
    how = draw(st.sampled_from(["shuffle", "drop", "repeat"]))
    if how == "shuffle":
        state["stack"] = draw(st.permutations(stack))
    elif how == "drop" and stack:
        del stack[draw(st.integers(0, len(stack) - 1))]
    elif stack:
        stack.insert(draw(st.integers(0, len(stack))), draw(st.sampled_from(stack)))
    return save


def stack_pointed_elsewhere(draw: st.DrawFn, save: dict[str, Any]) -> dict[str, Any]:
    """The decision stack with one field of one step set to another name."""
    state = save["position"] if "position" in save else save["state"]
    fields = [(i, name) for i, frame in enumerate(state["stack"]) for name in frame]
    if not fields:
        return save
    i, name = draw(st.sampled_from(fields))
    state["stack"][i][name] = draw(st.sampled_from(NAMES))
    return save


def assert_sound(game: Game, seed: int) -> None:
    """A loaded game keeps every invariant, saves and loads again, and plays on."""
    assert not problems(game.state, game.cards, game.board)
    assert Game.from_json(game.to_json()) == game
    random_game(game.copy(undo=True), seed, 12)


@examples(short=200, long=3_000)
@given(mutated(), st.integers(0, 3))
def test_a_mutated_save_is_refused_by_path_or_loads_sound(text: str, seed: int) -> None:
    try:
        game = Game.from_json(text)
    except CovilError as refused:
        assert refused.message.startswith(("$", "the save")), refused.message
        return
    assert_sound(game, seed)


@examples(short=30, long=300)
@given(records, st.integers(1, 60))
def test_a_position_save_whose_stack_names_another_piece_is_refused_or_sound(
    save: str, seed: int
) -> None:
    chooser, data = random.Random(seed), position_record(json.loads(save))
    stack = data["position"]["stack"]
    for frame in stack:
        for name in frame:
            if name != "kind":
                frame[name] = chooser.choice(NAMES)
    try:
        game = Game.from_json(json.dumps(data))
    except CovilError as refused:
        assert refused.message.startswith("$.position"), refused.message
        return
    assert_sound(game, seed)
