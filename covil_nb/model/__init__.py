"""The rules of Covil: The Dark Overlords, one decision at a time.

The model never imports the widget: every rule here runs and is tested
without a browser.
"""

from .actions import Action, Decision, Event
from .cards import CardSet, load_cards, load_cards_data
from .combat import Strength
from .errors import CovilError
from .game import Game
from .maps import Board, load_board
from .scoring import Score
from .state import Rules, State

__all__ = [
    "Action",
    "Board",
    "CardSet",
    "CovilError",
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
