"""A study on the board, walked and written in.

:class:`StudyWidget` walks a :class:`~covil_nb.Study`'s tree on a
:class:`~covil_nb.GameWidget`'s board, and writes in it.

The board is the game board's own (its map, pieces, halls, clicks and
decision chooser); the study's logic is a :class:`~.study_session.StudySession`
(see there), and two more traits say where the board is in the study:
``tree`` (the chapter's tree, sent again only when it changes) and ``at``
(the node shown: its comments, glyphs, marks, question and the quiz's last
word).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import traitlets

from covil_nb.bots import Bot
from covil_nb.model.arguments import checked
from covil_nb.study import Chapter, Node, Study

from .board import GameWidget
from .study_session import StudySession


class StudyWidget(GameWidget):
    """A study's chapter on the board (see the module docstring).

    ``chapter``: the one shown first; ``path``: the file :meth:`save` (and
    the Save button) writes; ``quiz``: start in quiz mode."""

    # The chapter: its title, viewpoint and tree (each node with its move,
    # who played it, glyphs and lines on, by index); sent when it changes.
    tree = traitlets.Dict().tag(sync=True)
    # The node shown: its index, comments, glyphs, marks, question, the
    # quiz's last word, and the board's mode.
    at = traitlets.Dict().tag(sync=True)

    session: StudySession

    @checked("widget")
    def __init__(
        self,
        study: Study,
        chapter: int = 0,
        path: str | os.PathLike[str] | None = None,
        quiz: bool = False,
        bots: Mapping[str, str | Bot] | None = None,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        path = None if path is None else Path(path)
        session = StudySession(study, chapter, path=path, quiz=quiz, bots=bots)
        self._connect(session, language, **kwargs)

    # -- Python's side of the same controls -------------------------------------------
    @property
    def node(self) -> Node:
        """The node shown."""
        return self.session.node

    @property
    def chapter(self) -> Chapter:
        return self.session.chapter

    def goto(self, node: Node) -> None:
        """Show ``node`` (a node of the chapter shown)."""
        self.session.call("goto", node=self.session.index(node))

    def walk(self, way: str) -> None:
        """One step along the tree: "next", "prev", "up", "down", "start", "end"."""
        self.session.call("walk", way=way)

    def save(self) -> Path:
        """Write the study to its ``path`` (as the Save button does)."""
        self.session.call("save")
        assert self.path is not None  # the handler refused otherwise
        return self.path

    @property
    def path(self) -> Path | None:
        """The file :meth:`save` writes (None: the board has none)."""
        return self.session.path

    @path.setter
    def path(self, path: Path | None) -> None:
        self.session.path = path

    @property
    def study(self) -> Study:
        """The study the board shows and edits."""
        return self.session.study
