"""Judging play: the engine's analysis of a game, and tournaments between bots.

:mod:`.games` analyses a game's decisions as lichess's computer analysis
does; :mod:`.tournament` plays bots against each other and reports win rates
with their intervals. Tournaments need the ``tournaments`` extra (pandas),
so this package imports only the analysis.
"""

from .games import (
    DEFAULT_BUDGET,
    RULE,
    Review,
    SeatSummary,
    Summary,
    advantage,
    analyse,
    annotate,
    assess,
    glyph_for,
    summary,
)

__all__ = [
    "DEFAULT_BUDGET",
    "RULE",
    "Review",
    "SeatSummary",
    "Summary",
    "advantage",
    "analyse",
    "annotate",
    "assess",
    "glyph_for",
    "summary",
]
