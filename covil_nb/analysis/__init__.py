"""Judging play: the engine's analysis of a game, and tournaments between bots.

:mod:`.games` analyses a game's decisions as lichess's computer analysis
does (:mod:`.ends` plays a decision's runs to the game's end, the measure
``benchmarks/judge.py`` checks it by; :mod:`.foresight` measures how far
the analysis's lead at the day's end foresees the game's end);
:mod:`.tournament` plays bots against each other and reports win rates
with their intervals, :mod:`.sprt` tests a bot change sequentially, and
:mod:`.ladder` rates every bot on one scale. Tournaments need the ``tournaments`` extra
(pandas), so this package imports only the analysis.
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
