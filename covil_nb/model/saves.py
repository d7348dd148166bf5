"""A game's record and its save: written out, and read back through the rules.

A record is where a game began (a new deal, or a position) and the actions
since; a save adds the redo list and the state, which the replayed actions
must give. Whatever a save holds is checked before a game is built from
it, and every refusal names the path of the value it refuses ("$.actions[3]").
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import codec
from .cards import CardSet, load_cards_data
from .errors import CovilError, CovilTypeError, said
from .invariants import problems
from .language import Joined, Text, tr
from .maps import Board
from .setup import Deal, board_named
from .state import STEPS, Rules, State
from .vocabulary import fortress_target
from .words import color_name

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

SAVE_FORMAT = "covil_nb/game"
SAVE_VERSION = 1
# The fields a save may hold (see ``record`` and ``to_json``), and those of its "new" origin.
RECORD_FIELDS = frozenset(
    {"format", "version", "new", "position", "cards", "actions", "redo", "state"}
)
NEW_FIELDS = frozenset({"players", "board", "seed", "edition", "rules", "dummies", "next_to_yours"})
_OLD_FORTRESS = "fortress:"  # how saves before issue 9 named a fortress in the rebels' queue


# -- writing ------------------------------------------------------------------------


def record(game: Game) -> dict[str, Any]:
    """:meth:`Game.record`: where ``game`` began, and the actions since."""
    if not game.keeps_record:
        raise CovilError(tr("a search copy keeps no record: copy(undo=True) keeps one"), "record")
    origin = {how: _recorded(what) for how, what in game._history.origin.items()}
    written = {"format": SAVE_FORMAT, "version": SAVE_VERSION, **origin}
    if game.read_state().options.cards == "custom":
        written["cards"] = game.cards.data()  # the save carries the cards it was played with
    return {**written, "actions": game.history}


def to_json(game: Game) -> str:
    """:meth:`Game.to_json`: the record, the redo list and the state."""
    with game.lock:  # a whole record, whatever another thread plays meanwhile
        data = {
            **record(game),
            "redo": list(reversed(game._history.redo)),
            "state": codec.encode(game.read_state()),
        }
        return json.dumps(data, indent=1)


def write(path: str | os.PathLike[str], text: str) -> Path:
    """The save ``text`` written whole to the file ``path`` (:meth:`Game.save`)."""
    target = Path(path)
    try:
        codec.write_whole(target, text)
    except (OSError, ValueError) as exc:  # a folder, no permission, a name no system takes
        raise CovilError(
            tr("cannot write the save file {path}: {exc}", path=said(str(path)), exc=exc),
            "save file",
        ) from None
    return target


def _recorded(origin: object) -> Any:
    """An origin as a save writes it. A new game's deal and a copy's first
    kept state are written out only when a record is asked for: most games
    made (a bot's copies, a tournament's games) are never saved."""
    if isinstance(origin, Deal):
        return origin.record()
    if isinstance(origin, State):
        return codec.encode(origin)
    return origin


# -- reading ------------------------------------------------------------------------


def from_json(game: type[Game], text: str | bytes) -> Game:
    """:meth:`Game.from_json`: a save's text, never a path."""
    if isinstance(text, os.PathLike) or _looks_like_path(text):
        error = CovilTypeError if isinstance(text, os.PathLike) else CovilError
        raise error(
            f"from_json wants the text of a save, not a path: use Game.load({said(str(text))})",
            "save file",
        )
    return _replayed(game, codec.read_json(text))


def load(game: type[Game], path: str | os.PathLike[str]) -> Game:
    """:meth:`Game.load`: a save file read and replayed."""
    return _replayed(game, codec.read_json_file(path))


def replay(game: type[Game], record: Any) -> Game:
    """:meth:`Game.replay`: a record, never the text of one."""
    if isinstance(record, str | bytes):
        raise CovilTypeError(
            "replay takes a record (a dict, as game.record() gives): read the text of a "
            "save with Game.from_json, a file with Game.load",
            "save file",
        )
    return _replayed(game, record)


def _replayed(game: type[Game], record: Any) -> Game:
    """The game of any JSON data (a save's may be anything), as a ``game``."""
    if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
        raise CovilError(
            tr(
                "$.format: not a covil_nb game record (its 'format' must be {save_format})",
                save_format=repr(SAVE_FORMAT),
            ),
            "save file",
        )
    if record.get("version") != SAVE_VERSION:
        raise CovilError(
            tr(
                "$.version: save version {version} is not {save_version}",
                version=said(record.get("version")),
                save_version=SAVE_VERSION,
            ),
            "save file",
        )
    codec.refuse_unknown(record, RECORD_FIELDS, "$")
    actions = codec.decode(list[str], record.get("actions", []), "$.actions")
    redo = codec.decode(list[str], record.get("redo", []), "$.redo")
    state = decode_state(record["state"], "$.state") if "state" in record else None
    played = _origin_game(game, record)
    _play_each(
        played,
        actions,
        lambda i, action, message: tr(
            "$.actions[{i}]: action #{number} {action} of the save: {message}",
            i=i,
            number=i + 1,
            action=said(action),
            message=message,
        ),
    )
    if state is not None and state != played.read_state():
        where, saved, replayed = _difference(codec.encode(state), codec.encode(played.read_state()))
        raise CovilError(
            tr(
                "$.state{where}: the save says {saved}, the replayed actions give {replayed}",
                where=where,
                saved=said(saved),
                replayed=said(replayed),
            ),
            "save file",
        )
    # Tried on a quiet copy: each action must be legal after those before
    # it, as redo will play them.
    _play_each(
        played.copy(log=False),
        redo,
        lambda i, action, message: tr(
            "$.redo[{i}]: {action} cannot be redone there: {message}",
            i=i,
            action=said(action),
            message=message,
        ),
    )
    played._history.redo = list(reversed(redo))
    return played


def _origin_game(game: type[Game], record: dict[str, Any]) -> Game:
    """The game a record starts from: a new deal, or a position."""
    with _said_at("$.cards"):
        cards = load_cards_data(record["cards"]) if "cards" in record else None
    if "new" in record:
        new = record["new"]
        if not isinstance(new, dict):
            raise CovilError(tr("$.new must be an object, not {new}", new=said(new)), "save file")
        codec.refuse_unknown(new, NEW_FIELDS, "$.new")
        with _said_at("$.new"):  # Game.new checks the deal with the rules' own errors
            return game.new(
                players=codec.decode(list[str], new.get("players"), "$.new.players"),
                board=codec.decode(str, new.get("board"), "$.new.board"),
                seed=codec.decode(int, new.get("seed"), "$.new.seed"),
                edition=codec.decode(str, new.get("edition", "en"), "$.new.edition"),
                rules=codec.decode(Rules, new.get("rules", {}), "$.new.rules"),
                cards=cards,
                dummies=codec.decode(list[str], new.get("dummies", []), "$.new.dummies"),
                next_to_yours=codec.decode(
                    bool, new.get("next_to_yours", False), "$.new.next_to_yours"
                ),
            )
    if "position" in record:
        with _said_at("$.position"):
            return game.from_position(decode_state(record["position"], "$.position"), cards)
    raise CovilError(tr("$: a record needs a 'new' or a 'position' origin"), "save file")


def read_position(state: State, cards: CardSet) -> tuple[State, Board, Any]:
    """A position given by hand (:meth:`Game.from_position`), read back as
    a save is, and checked: the position, its board and what a record writes."""
    data = codec.encode(state)
    position = decode_state(data, "state")
    board = board_named(position.options.board)
    found = problems(position, cards, board)
    if found:
        raise CovilError(
            tr("the position is not valid: {problems}", problems=Joined("; ", found)),
            "position",
        )
    return position, board, data


def tried(make: Callable[[], Game]) -> Game:
    """The game at a position, made by ``make``, with each of its actions
    tried (:func:`_try_each_action`): a position the rules cannot go on
    from is refused with a CovilError."""
    try:
        game = make()
        _try_each_action(game)
    except CovilError:
        raise
    except Exception as failure:  # the checks above missed a broken step: say so
        raise CovilError(
            tr(
                "the position is not valid: the rules cannot go on from its decision stack "
                "({type}: {failure})",
                type=type(failure).__name__,
                failure=failure,
            ),
            "position",
        ) from failure
    return game


def _try_each_action(game: Game) -> None:
    """Write the decision and play each of its actions on a copy that
    writes its log (every sentence is tried too). A position, or one an
    action leads to, that waits for a decision with nothing allowed is
    no position."""
    _refuse_if_stuck(game, None)
    for action in game.legal_actions():
        _ = action.label
        after = game.copy()
        after.apply(action)
        _refuse_if_stuck(after, action)


def _refuse_if_stuck(game: Game, after: Action | None) -> None:
    """Refuse a position (reached ``after`` an action) that waits for a
    decision with nothing allowed."""
    decision = game.decision
    if decision is None or game.legal_actions():
        return
    said = {"color": color_name(decision.player), "prompt": decision.prompt}
    if after is None:
        stuck = tr(
            "the position is not valid: {color} must {prompt}, and nothing is allowed", **said
        )
    else:
        stuck = tr(
            "the position is not valid after '{action}': {color} must {prompt}, and nothing "
            "is allowed",
            action=str(after),
            **said,
        )
    raise CovilError(stuck, "position")


def decode_state(data: Any, path: str) -> State:
    """A state from a save, checked against the state's types."""
    state: State = codec.decode(State, data, path, STEPS, codec.MAX_STATE_ITEMS)
    state.retaliation = [
        fortress_target(x.removeprefix(_OLD_FORTRESS)) if x.startswith(_OLD_FORTRESS) else x
        for x in state.retaliation
    ]
    return state


def _looks_like_path(text: object) -> bool:
    """A file name written as text, handed to ``from_json``, which wants the file's text."""
    if not isinstance(text, str) or text.lstrip().startswith(("{", "[")):
        return False
    name = text.strip()
    if name.endswith(".json"):
        return True
    try:
        return bool(name) and "\n" not in name and Path(name).exists()
    except (OSError, ValueError):  # a name too long, or one no file system takes
        return False


def _difference(saved: Any, replayed: Any, path: str = "") -> tuple[str, Any, Any]:
    """Where two JSON values first differ (a path below them), and the two values there."""
    if isinstance(saved, dict) and isinstance(replayed, dict) and saved.keys() == replayed.keys():
        for key in saved:
            if saved[key] != replayed[key]:
                return _difference(saved[key], replayed[key], f"{path}.{key}")
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            if a != b:
                return _difference(a, b, f"{path}[{i}]")
    return path, saved, replayed


def _play_each(game: Game, actions: list[str], refused: Callable[[int, str, str], Text]) -> None:
    """Play ``actions`` on ``game``; a refusal of the i-th says ``refused(i,
    action, the refusal's message)``, with the refusal's rule."""
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except CovilError as exc:
            raise CovilError(refused(i, action, exc.message), exc.rule) from None


@contextmanager
def _said_at(path: str) -> Iterator[None]:
    """A refusal of a save's value at ``path`` names that path first (an
    error that names its own, deeper, path is left as it is)."""
    try:
        yield
    except CovilError as exc:
        if exc.message.startswith("$"):
            raise
        raise CovilError(
            tr("{path}: {message}", path=path, message=exc.message), exc.rule
        ) from None
