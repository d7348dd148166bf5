"""covil_nb: learn, play and teach Covil: The Dark Overlords in Jupyter."""

from .model import (
    Action,
    Board,
    CardSet,
    CovilError,
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
]
