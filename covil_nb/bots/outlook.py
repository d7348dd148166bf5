"""The learned evaluation: each player's final score foreseen from a position.

The hand-tuned evaluation (:mod:`.evaluation`) weighs what a position holds
at the end of the day; a decision whose worth comes later (a discount that
pays tomorrow, gold kept for the last day's purchase) it misjudges. The
outlook is fitted instead to what positions came to: for each number of
players and each day, a weight for each of a player's
:data:`~covil_nb.bots.evaluation.FEATURES` and a constant, fitted by least
squares to the final scores of self-play games from the positions at the
start of that day (:mod:`covil_nb.bots.learning` makes it; the data file
``bots/data/outlook.json`` holds it, with how it was made and how well it
foresees games it was not fitted on). A game over scores as it ended.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Final

from covil_nb.model import Game
from covil_nb.model.errors import CovilError
from covil_nb.model.language import tr
from covil_nb.model.native import PACKAGE
from covil_nb.model.vocabulary import DAYS

from .evaluation import FEATURES, ahead_of_rivals, check_arguments, features

PATH: Final = PACKAGE / "bots" / "data" / "outlook.json"
PLAYERS: Final = (2, 3, 4)
FIRST_DAY: Final = 2  # the first day a position starts after a night: the first one fitted
RULE: Final = "bots"

Model = tuple[tuple[float, ...], float]  # a weight per feature, and the constant


class Outlook:
    """A fitted model for each (number of players, day), and how it was made."""

    def __init__(self, models: dict[tuple[int, int], Model], made: dict[str, Any]) -> None:
        self.models = models
        self.made = made

    def final_scores(self, game: Game) -> dict[str, float]:
        """Each player's final score as foreseen from ``game`` (as it is, when over)."""
        if game.is_over:
            return {s.player: float(s.total) for s in game.score()}
        # A position within the first day (a search stopped short of its
        # end) is read as the next day's start would be.
        day = min(max(game.day, FIRST_DAY), DAYS)
        players = len(game.players)
        return {color: self.score(players, day, v) for color, v in features(game).items()}

    def score(self, players: int, day: int, values: tuple[float, ...]) -> float:
        """A player's final score foreseen from its features at the start of ``day``."""
        weights, total = self.models[(players, day)]
        for weight, value in zip(weights, values, strict=True):
            total += weight * value  # in order, as evaluation.summed adds
        return total

    def to_json(self) -> dict[str, Any]:
        """The outlook as its data file holds it (:func:`parse` reads it back)."""
        models = {
            str(players): {
                str(day): {
                    "weights": list(self.models[(players, day)][0]),
                    "constant": self.models[(players, day)][1],
                }
                for day in range(FIRST_DAY, DAYS + 1)
            }
            for players in PLAYERS
        }
        return {"features": list(FEATURES), "made": self.made, "models": models}


def learned_margin(game: Any, color: Any) -> float:
    """``color``'s final score less the best rival's, as :func:`outlook`
    foresees them: what the tree search weighs a playout's end by, with ``outlook``."""
    check_arguments(game, color, "learned_margin")
    return ahead_of_rivals(outlook().final_scores(game), color)


_LOADED: Final[dict[str, Outlook]] = {}  # the shipped outlook, once read


def outlook() -> Outlook:
    """The shipped outlook, read once."""
    if "shipped" not in _LOADED:
        _LOADED["shipped"] = read(PATH)
    return _LOADED["shipped"]


def read(path: str | Path) -> Outlook:
    """The outlook in the file at ``path``, refused with the field that is wrong."""
    where = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CovilError(
            tr("{file}: not a readable outlook: {error}", file=where, error=str(error)), RULE
        ) from None
    return parse(data, where)


def parse(data: object, where: str = "outlook") -> Outlook:
    """An outlook from its JSON form (:meth:`Outlook.to_json`), validated."""
    if not isinstance(data, dict):
        raise _wrong(where, tr("an object with features, made and models"))
    if data.get("features") != list(FEATURES):
        raise _wrong(
            f"{where}: features", tr("the features {features}", features=", ".join(FEATURES))
        )
    made, models = data.get("made"), data.get("models")
    if not isinstance(made, dict):
        raise _wrong(f"{where}: made", tr("an object that says how it was made"))
    found: dict[tuple[int, int], Model] = {}
    for players in PLAYERS:
        for day in range(FIRST_DAY, DAYS + 1):
            field = f"{where}: models.{players}.{day}"
            model = _at(_at(models, str(players)), str(day))
            found[(players, day)] = _model(model, field)
    return Outlook(found, made)


def _at(mapping: object, key: str) -> object:
    """``mapping[key]``, or None where ``mapping`` is no object or lacks it."""
    return mapping.get(key) if isinstance(mapping, dict) else None


def _model(model: object, field: str) -> Model:
    """A model's weights and constant, refused naming ``field`` unless all are finite numbers."""
    weights, constant = _at(model, "weights"), _at(model, "constant")
    if not (
        isinstance(weights, list)
        and len(weights) == len(FEATURES)
        and all(_finite(n) for n in [*weights, constant])
    ):
        said = tr("{count} finite weights and a finite constant", count=len(FEATURES))
        raise _wrong(field, said)
    assert isinstance(constant, int | float)  # as _finite found it
    return tuple(float(w) for w in weights), float(constant)


def _finite(number: object) -> bool:
    """A JSON number (a bool is none) that is finite."""
    return (
        isinstance(number, int | float) and not isinstance(number, bool) and math.isfinite(number)
    )


def _wrong(field: str, wanted: object) -> CovilError:
    return CovilError(tr("{field}: it must be {wanted}", field=field, wanted=wanted), RULE)
