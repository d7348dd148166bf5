"""Every picture of covil_nb as SVG text: the table, its sections, charts and the study page.

:func:`draw` pictures a whole position (:mod:`.picture`); the board widget
draws the same sections one by one. Nothing here imports anywidget: a
picture is plain text that any notebook viewer, page or test can read.
"""

from .elements import elements_of
from .marks import SEPARATOR
from .picture import (
    Picture,
    Section,
    draw,
    hall,
    legend,
    legend_strip,
    map_layer,
    market,
    pieces_layer,
    sections,
    status,
)

__all__ = [
    "SEPARATOR",
    "Picture",
    "Section",
    "draw",
    "elements_of",
    "hall",
    "legend",
    "legend_strip",
    "map_layer",
    "market",
    "pieces_layer",
    "sections",
    "status",
]
