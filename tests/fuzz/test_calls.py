"""Wrong-typed arguments to every public entry point of Game, Scenario,
GameWidget, the bots and the tournament. A value of a type the signature
does not take is refused with a CovilTypeError naming the argument; any
other value works or is refused with a CovilError; nothing else escapes,
and a refused call leaves the game as it was."""

from __future__ import annotations

import inspect
import math
import typing
from collections.abc import Callable
from contextlib import chdir
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from covil_nb import CovilError, CovilTypeError, Game, GameWidget, Scenario, play, play_solo
from covil_nb.analysis.tournament import Matchup, parse_seats, tournament
from covil_nb.bots import (
    DummyPolicyBot,
    GreedyBot,
    MctsBot,
    RandomBot,
    advance,
    decide,
    evaluate,
    make_bot,
    margin,
)
from covil_nb.bots import play as play_bots
from covil_nb.bots.hint import hint as hint_of
from covil_nb.model.arguments import fits

from .profile import examples

WRONG = [None, 1.5, -1, 0, True, "x", "", b"x", [], {}, ["x"], (1, 2), object(), "\ud800",
         2**70, math.nan, {"red": 3}, [None], Path("nowhere")]  # fmt: skip


@dataclass
class Table:
    """What a call is made on: a game at its first afternoon, its board and a scenario."""

    folder: Path
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        self.game = Game.new(["yellow", "red"], board="B", seed=3)
        for _ in range(2):  # both starting zones: yellow's afternoon begins
            self.game.apply(self.game.legal_actions()[0])

    @property
    def legal(self) -> str:
        return str(self.game.legal_actions()[0])

    @property
    def save(self) -> Path:
        return self.game.save(self.folder / "game.json")


# Each entry point: how to reach it on a table, and arguments it takes.
Call = Callable[[Table], Callable[..., Any]]
ENTRY_POINTS: dict[str, tuple[Call, Callable[[Table], dict[str, Any]]]] = {
    "Game.new": (lambda t: Game.new, lambda t: {"players": ["yellow", "red"], "seed": 1}),
    "Game.solo": (lambda t: Game.solo, lambda t: {"seed": 1, "dummies": ["red"]}),
    "Game.setup_steps": (
        lambda t: Game.setup_steps,
        lambda t: {"players": ["yellow", "red"], "board": "B", "seed": 2},
    ),
    "Game.from_position": (lambda t: Game.from_position, lambda t: {"state": t.game.state}),
    "Game.load": (lambda t: Game.load, lambda t: {"path": t.save}),
    "Game.from_json": (lambda t: Game.from_json, lambda t: {"text": t.game.to_json()}),
    "Game.replay": (lambda t: Game.replay, lambda t: {"record": t.game.record()}),
    "game.apply": (lambda t: t.game.apply, lambda t: {"action": t.legal}),
    "game.explain": (lambda t: t.game.explain, lambda t: {"action": t.legal}),
    "game.refusal": (lambda t: t.game.refusal, lambda t: {"action": t.legal}),
    "game.forecast": (lambda t: t.game.forecast, lambda t: {"action": t.legal}),
    "game.vp_now": (lambda t: t.game.vp_now, lambda t: {"seat": "red"}),
    "game.copy": (lambda t: t.game.copy, lambda t: {"undo": True, "log": True}),
    "game.for_seat": (lambda t: t.game.for_seat, lambda t: {"color": "red", "seed": 1}),
    "game.at": (lambda t: t.game.at, lambda t: {"step": 1}),
    "game.moments": (lambda t: t.game.moments, lambda t: {"step": 0}),
    "game.player": (lambda t: t.game.player, lambda t: {"color": "red"}),
    "game.save": (lambda t: t.game.save, lambda t: {"path": t.folder / "saved.json"}),
    "Scenario": (lambda t: Scenario, lambda t: {"players": ["yellow", "red"], "seed": 1}),
    "GameWidget": (lambda t: GameWidget, lambda t: {"game": t.game, "bots": {"red": "random"}}),
    "board.act": (lambda t: GameWidget(t.game).act, lambda t: {"action": t.legal}),
    "play_solo": (lambda t: play_solo, lambda t: {"seed": 1, "dummies": ["red"]}),
    "play": (lambda t: play, lambda t: {"players": ["yellow", "red"], "seed": 1}),
    "make_bot": (lambda t: make_bot, lambda t: {"spec": "greedy", "seed": 1}),
    "decide": (lambda t: decide, lambda t: {"bot": RandomBot(1), "game": t.game, "seed": 1}),
    "advance": (
        lambda t: advance,
        lambda t: {"game": t.game, "bots": {"yellow": RandomBot(1)}, "seed": 1, "max_actions": 100},
    ),
    "bots.play": (
        lambda t: play_bots,
        lambda t: {"game": t.game, "bots": {"yellow": RandomBot(1), "red": RandomBot(2)}},
    ),
    "RandomBot": (lambda t: RandomBot, lambda t: {"seed": 1}),
    "GreedyBot": (lambda t: GreedyBot, lambda t: {"seed": 1, "limit": 50}),
    "MctsBot": (lambda t: MctsBot, lambda t: {"seed": 1, "playouts": 2, "width": 2}),
    "DummyPolicyBot": (lambda t: DummyPolicyBot, lambda t: {"seed": 1}),
    "bot.choose": (lambda t: GreedyBot(1).choose, lambda t: {"game": t.game}),
    "GreedyBot.explain": (lambda t: GreedyBot(1).explain, lambda t: {"game": t.game, "top": 2}),
    "hint": (lambda t: hint_of, lambda t: {"game": t.game, "bot": GreedyBot(1, limit=50)}),
    "evaluate": (lambda t: evaluate, lambda t: {"game": t.game, "color": "red"}),
    "margin": (lambda t: margin, lambda t: {"game": t.game, "color": "red"}),
    "tournament": (
        lambda t: tournament,
        lambda t: {"seats": ["random", "random"], "games": 1, "workers": 1, "progress": False},
    ),
    "Matchup.of": (lambda t: Matchup.of, lambda t: {"seats": ["random", "greedy"]}),
    "parse_seats": (lambda t: parse_seats, lambda t: {"text": "yellow=random,red=greedy"}),
}
SCENARIO_METHODS: dict[str, dict[str, Any]] = {
    "overlord": {"color": "red", "card": "gilded-lich", "state": "ready"},
    "hall": {"color": "red", "minions": ["iron-bastion", ("harbor-warden", "tired")]},
    "hand": {"color": "red", "relics": ["kraken-ink"]},
    "active": {"color": "red", "relics": []},
    "relic_deck_top": {"relics": ["kraken-ink"]},
    "pool": {"cards": []},
    "fortress": {"color": "red", "zone": "H", "hp": 3},
    "troops": {"color": "red", "zone": "H", "standing": 1, "lying": 1},
    "gold": {"color": "red", "amount": 3},
    "rebels": {"count": 2},
    "day": {"day": 2},
    "scepter": {"color": "red"},
    "afternoon": {"turn": "red"},
}
for _name, _valid in SCENARIO_METHODS.items():
    ENTRY_POINTS[f"Scenario.{_name}"] = (
        lambda t, name=_name: getattr(Scenario(["yellow", "red"], seed=1), name),
        lambda t, valid=_valid: dict(valid),
    )


@cache
def parameters(name: str) -> list[str]:
    reach, _ = ENTRY_POINTS[name]
    signature = inspect.signature(reach(Table(Path("."))))
    return [p.name for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]


def hint(function: Callable[..., Any], name: str) -> Any:
    target = function.__init__ if isinstance(function, type) else function  # type: ignore[misc]
    return typing.get_type_hints(inspect.unwrap(target)).get(name, Any)


@st.composite
def wrong_calls(draw: st.DrawFn) -> tuple[str, str, Any]:
    name = draw(st.sampled_from(sorted(ENTRY_POINTS)))
    argument = draw(st.sampled_from(parameters(name)))
    return name, argument, draw(st.sampled_from(WRONG))


@examples(short=250, long=1_000)
@given(wrong_calls())
def test_a_wrong_typed_argument_is_refused_by_name(
    tmp_path_factory: pytest.TempPathFactory, call: tuple[str, str, Any]
) -> None:
    name, argument, value = call
    table = Table(tmp_path_factory.mktemp("calls"))
    reach, valid = ENTRY_POINTS[name]
    function = reach(table)
    arguments = {**valid(table), argument: value}
    before = table.game.to_json()
    try:
        with chdir(table.folder):  # a path that is a word ("x") is a file here
            answer = function(**arguments)
        if inspect.isgenerator(answer):  # Game.setup_steps: its first step
            answer = next(answer)
        if isinstance(answer, CovilError):  # game.refusal answers with the error
            raise answer
    except CovilError as refused:
        assert refused.message
        if not fits(hint(function, argument), value):
            assert isinstance(refused, CovilTypeError), refused
            assert argument in refused.message, refused.message
        assert table.game.to_json() == before
        return
    if name == "game.explain":  # answers in words, a refusal too
        assert isinstance(answer, str) and answer
    else:
        assert fits(hint(function, argument), value), f"{name} took {argument}={value!r}"


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_every_entry_point_works_with_its_valid_arguments(tmp_path: Path, name: str) -> None:
    """The fuzz above starts from these: each must work as written."""
    table = Table(tmp_path)
    reach, valid = ENTRY_POINTS[name]
    answer = reach(table)(**valid(table))
    if inspect.isgenerator(answer):
        next(answer)
