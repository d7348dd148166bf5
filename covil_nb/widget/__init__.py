"""The board: the one drawing of a position, and the widget that plays on it.

The drawing is :mod:`.drawing` (plain SVG text); the interactive board is
:class:`GameWidget`.

Importing the drawing must stay light (no anywidget, no ipywidgets): the
widget and the functions that open one are loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import GameWidget, play, play_solo
    from .study import StudyWidget

__all__ = ["GameWidget", "StudyWidget", "play", "play_solo"]


def __getattr__(name: str) -> Any:
    if name == "StudyWidget":
        from . import study

        return study.StudyWidget
    if name in __all__:
        from . import board

        return getattr(board, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
