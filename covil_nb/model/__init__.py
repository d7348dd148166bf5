"""The rules of Covil: The Dark Overlords, one decision at a time.

The model never imports the widget: every rule here runs and is tested
without a browser. The engine runs compiled when ``build/engine`` holds a
build of this very source, else as Python (:mod:`.native`).
"""

from . import native

# Before any other module here is imported: they may come from the build.
COMPILED: bool = native.use_compiled(__path__)

from . import sections  # noqa: F401 (every compiled module is imported with the package)
from .actions import Action, Decision, Event
from .cards import CardSet, load_cards, load_cards_data
from .combat import Strength
from .errors import CovilError, CovilTypeError
from .game import Game
from .maps import Board, load_board
from .scoring import Score
from .state import Rules, State

__all__ = [
    "COMPILED",
    "Action",
    "Board",
    "CardSet",
    "CovilError",
    "CovilTypeError",
    "Decision",
    "Event",
    "Game",
    "Rules",
    "Score",
    "State",
    "Strength",
    "load_board",
    "load_cards",
    "load_cards_data",
]
