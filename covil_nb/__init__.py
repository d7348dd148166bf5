"""covil_nb: learn, play and teach Covil: The Dark Overlords in Jupyter.

``play_solo()`` and ``play(...)`` open a board to play on; ``GameWidget(game)``
shows any game, and ``StudyWidget(study)`` a study's tree on the same board.
They load the widget library on first use, so that the rules and the drawing
import without it. ``draw(game, highlight=...)`` pictures any position, and
``Scenario`` sets one up. ``Study`` holds annotated games, and
``analyse(game)`` writes the engine's view of every decision into one.
"""

from typing import TYPE_CHECKING, Any

from .analysis import analyse
from .drawing import draw
from .model import (
    Action,
    Board,
    CardSet,
    CovilError,
    CovilTypeError,
    Decision,
    Event,
    Game,
    Rules,
    Score,
    State,
    Strength,
    load_board,
    load_cards,
)
from .model.language import set_language, speaking
from .model.scenario import Scenario
from .study import Study

if TYPE_CHECKING:
    from .widget.board import GameWidget, play, play_solo
    from .widget.study import StudyWidget

_BOARD = ("GameWidget", "play", "play_solo")

# Every game pictures itself in a notebook (Game._repr_svg_) by the drawing,
# which the model cannot import: its layer is above the model's.
Game._picture = lambda game: draw(game).svg

__all__ = [
    "Action",
    "Board",
    "CardSet",
    "CovilError",
    "CovilTypeError",
    "Decision",
    "Event",
    "Game",
    "GameWidget",
    "Rules",
    "Scenario",
    "Score",
    "State",
    "Strength",
    "Study",
    "StudyWidget",
    "analyse",
    "draw",
    "load_board",
    "load_cards",
    "play",
    "play_solo",
    "set_language",
    "speaking",
]


def __getattr__(name: str) -> Any:
    if name == "StudyWidget":
        from .widget import study

        return study.StudyWidget
    if name in _BOARD:
        from .widget import board

        return getattr(board, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
