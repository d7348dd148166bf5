"""The bot interface, the registry of bot specs, and playing a game with bots."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from covil_nb.model import Action, CovilError, Game
from covil_nb.model.arguments import checked
from covil_nb.model.language import Text, tr

from .dummy import DummyPolicyBot
from .flat_search import MctsBot
from .greedy import GreedyBot
from .tree_search import IsmctsBot


@runtime_checkable
class Bot(Protocol):
    """Chooses one of ``game.legal_actions()`` for ``game.decision.player``.

    ``game`` is that seat's view (see :meth:`Game.for_seat`): the bot may copy
    it, search it and change it freely."""

    name: str

    def choose(self, game: Game) -> Action: ...


@checked("bots")
class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


BotFactory = Callable[..., Bot]
BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MctsBot,
    "ismcts": IsmctsBot,
    "dummy": DummyPolicyBot,
}


@checked("bots")
def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from ``name`` or ``name:key=value,key=value`` (whole
    numbers, decimals and ``true``/``false`` are parsed), e.g.
    ``"mcts:playouts=200"``."""
    name, _, options = spec.partition(":")
    if name not in BOTS:
        raise CovilError(
            tr(
                "unknown bot {name}: choose one of {bots}",
                name=repr(name),
                bots=", ".join(sorted(BOTS)),
            ),
            "bots",
        )
    kwargs = _options(spec, BOTS[name], options)
    try:
        return BOTS[name](seed=seed, **kwargs)
    except CovilError as exc:  # the bot's own refusal, said once, with the spec
        raise _refused(spec, exc.message) from None
    except TypeError as exc:
        raise _refused(spec, exc) from None


def _options(spec: str, bot: BotFactory, options: str) -> dict[str, object]:
    """The options of a spec by name, each given once and known to ``bot``."""
    known = [p for p in inspect.signature(bot).parameters if p != "seed"]
    kwargs: dict[str, object] = {}
    for item in filter(None, options.split(",")):
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep:
            raise _refused(spec, tr("option {item} must be written key=value", item=repr(item)))
        if key == "seed":
            raise _refused(spec, tr("the seed is not an option: each game seeds its bots"))
        if key not in known:
            raise _refused(spec, _unknown(key, known))
        if key in kwargs:
            raise _refused(spec, tr("the option {key} is given twice", key=repr(key)))
        kwargs[key] = _value(value)
    return kwargs


def _unknown(key: str, known: list[str]) -> Text:
    if not known:
        return tr("unknown option {key}: this bot takes none", key=repr(key))
    return tr("unknown option {key}: choose among {known}", key=repr(key), known=", ".join(known))


def _refused(spec: str, why: object) -> CovilError:
    return CovilError(tr("bot {spec}: {why}", spec=repr(spec), why=why), "bots")


def _value(text: str) -> int | float | bool | str:
    """An option's value as written: a whole number, a decimal, true or false,
    else the text (the bot's own checks say what it should have been)."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@checked("bots")
def decide(bot: Bot, game: Game, seed: int) -> Action:
    """Ask ``bot`` for the current decision, showing it only its seat's view."""
    player = game.decider  # who decides: the decision's prompt is not needed
    if player is None:
        raise CovilError(tr("the game is over: there is nothing to decide"), "bots")
    return bot.choose(game.for_seat(player, seed, log=False))


@checked("bots")
def advance(
    game: Game, bots: Mapping[str, Bot], seed: int = 0, max_actions: int = 100_000
) -> list[Action]:
    """Let the seats that have a bot play until a seat without one must decide
    (or the game ends); return the actions they played. ``seed`` seeds the
    worlds the bots are shown, so the same call replays exactly. Each move
    is all or nothing: stopped (a bot that fails, an interrupt), the game
    keeps the moves played before. It holds ``game.lock``, so that nothing
    from another thread (a board's click) comes in between."""
    with game.lock:
        worlds = random.Random(seed)
        played: list[Action] = []
        for _ in range(max_actions):
            player = game.decider
            if player is None or player not in bots:
                return played
            action = decide(bots[player], game, worlds.getrandbits(63))
            game.apply(str(action))
            played.append(action)
        raise CovilError(
            tr("the bots did not stop within {max_actions} actions", max_actions=max_actions),
            "bots",
        )


@checked("bots")
def play(game: Game, bots: Mapping[str, Bot], seed: int = 0, max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end, each seat's decisions made by ``bots[color]``
    (a solo game's dummies are played by the engine itself)."""
    missing = [c for c in game.players if c not in bots and c not in game.dummies]
    if missing:
        raise CovilError(
            tr(
                "no bot for {missing}: to play a game to its end every seat needs one",
                missing=", ".join(missing),
            ),
            "bots",
        )
    advance(game, bots, seed, max_actions)
    if not game.is_over:
        raise CovilError(
            tr("the game did not end within {max_actions} actions", max_actions=max_actions), "bots"
        )
    return game
