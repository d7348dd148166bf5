"""The boards: the anywidget widgets that play a game (:class:`GameWidget`) or a study.

Each widget is a thin adapter over a headless session (:mod:`.session`,
:mod:`.study_session`) that holds the board's logic; the pictures are
:mod:`covil_nb.drawing`'s. Only the two widgets import anywidget, and they
are loaded on first use, so that the sessions and the payloads import
without it.
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
