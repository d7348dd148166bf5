"""The interactive board: any :class:`~covil_nb.model.Game` on an anywidget.

:class:`GameWidget` is the anywidget side of a :class:`~.session.BoardSession`,
which holds the board's logic: the traits are what the session shows, the
page's messages go to it (each handled whole or not at all), and a state the
page sends is refused. ``GameWidget.act("move D")`` goes through the same
handler as a click.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from covil_nb import drawing
from covil_nb.analysis.ladder import level_spec
from covil_nb.bots import Bot
from covil_nb.model import Action, CovilError, Event, Game
from covil_nb.model.arguments import checked
from covil_nb.model.language import SOURCE_LANGUAGE, known, speaking, tr
from covil_nb.model.language import language as current_language
from covil_nb.study import Study

from . import payloads, protocol
from .line import Line
from .seats import Seats
from .session import BoardSession

STATIC = Path(__file__).parent / "static"


class _Language(traitlets.TraitType):
    """A language there is a catalog for: anything else (None too) is
    refused with the CovilError that says which there are."""

    def validate(self, obj: Any, value: Any) -> str:
        return known(value)


class GameWidget(anywidget.AnyWidget):
    """A game on a board that plays by clicks (see :mod:`.session`).

    ``bots`` maps a seat's color to a bot spec (``"mcts"``, ``"greedy"``…) or
    a bot; the other seats are people taking turns at the screen (a solo
    game's dummies are played by the rules)."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    # The traits hold what the session shows (their shapes: .payloads).
    # The map under the pieces, the seats: once per game (a study's chapter
    # may be another game, on another map).
    board = traitlets.Dict().tag(sync=True)
    # Never set: one object per widget on the page, the key to the state its
    # views share (the chunk store, the auto-play); ``board`` may change.
    identity = traitlets.Dict().tag(sync=True)
    # The texts the pictures and the log are made of, by name (see .sheet): a
    # step sends only the texts it adds. "chunks" is sent only with a full
    # state, and then holds every text in use.
    chunks = traitlets.Dict().tag(
        sync=True, to_json=lambda _value, board: board.session.sheet.in_use
    )
    chunks_new = traitlets.Dict().tag(sync=True)
    # The position shown: one layout name per section of the drawing.
    pictures = traitlets.Dict().tag(sync=True)
    # Who decides and what: the legal actions with their labels and elements.
    decision = traitlets.Dict().tag(sync=True)
    # The log by day and phase: names of each finished phase's text and of
    # each position's text in the phase under way.
    log = traitlets.Dict().tag(sync=True)
    # Undo, redo, playback and "what if" state for the buttons and banners.
    controls = traitlets.Dict().tag(sync=True)
    past = traitlets.Dict().tag(sync=True)  # a past position asked for with "show"
    hint = traitlets.Dict().tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    # The engine's analysis (see .review): its chart, summary and notes.
    review = traitlets.Dict().tag(sync=True)
    # An analysis under way: {"done": n, "total": m} decisions, sent as it goes.
    progress = traitlets.Dict().tag(sync=True)
    # The position the page shows; a message names the one it was made on.
    version = traitlets.Int(0).tag(sync=True)
    theme = traitlets.Unicode("auto").tag(sync=True)  # "auto", "light" or "dark"
    # The language the board says everything in (covil_nb.model.language):
    # the session's when the board opens; set from Python or by the page's
    # switch (a "language" message), it redraws the board in it at once.
    language = _Language(SOURCE_LANGUAGE).tag(sync=True)
    # The page's own words in that language (see .words): sent with it.
    words = traitlets.Dict().tag(sync=True)

    session: BoardSession  # the board's logic: what the traits show

    @checked("widget")
    def __init__(
        self,
        game: Game,
        bots: Mapping[str, str | Bot] | None = None,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        self._connect(BoardSession(game, bots), language, **kwargs)

    def _connect(self, session: BoardSession, language: str | None, **kwargs: Any) -> None:
        """Open the widget on ``session``, in ``language`` (by default the
        session's): its traits show what the session shows, and the page's
        messages go to it. Only a constructor calls it, once."""
        self.session = session  # before the widget opens: its state names the chunks
        super().__init__(language=current_language() if language is None else language, **kwargs)
        self.on_msg(self._on_msg)
        session.open(self.language, self._show)

    def _show(self, changed: payloads.Traits) -> None:
        """Set the traits the session changed, in one message to the page."""
        with self.hold_sync():
            for name, value in changed.items():
                setattr(self, name, value)  # a trait sends only if it changed

    @traitlets.observe("language")
    def _language_changed(self, change: dict[str, Any]) -> None:
        self.session.speak_in(change["new"])

    # -- Python's side of the same controls -------------------------------------------
    @checked("widget")
    def act(self, action: Action | str) -> list[Event]:
        """Play ``action`` as a click would, and return its events. A playback
        still under way is shown to its end first; a refusal raises
        :class:`CovilError` (and shows on the board like a refused click)."""
        with self.session.locked():
            game = self.line.game
            before = len(game.log)
            self.session.call("act", catch_up=True, action=str(action))
            return game.log[before:]

    def step(self) -> None:
        """The next moment of a playback, or the move of the bot to play."""
        self.session.call("step")

    def skip(self) -> None:
        """Play on to the next decision of a person (or the end)."""
        self.session.call("skip")

    def undo(self) -> None:
        """Take back to the last decision of a person."""
        self.session.call("undo")

    def redo(self) -> None:
        self.session.call("redo")

    def analyse(self) -> Study:
        """Analyse the finished game as the "Analyse this game" button does
        (:func:`covil_nb.analyse`, the seats people played, ``analysis_budget``
        iterations a decision): the chart and summary show on the board, and
        the study is kept in :attr:`analysis`."""
        self.session.call("analyse")
        assert self.analysis is not None  # the handler refused otherwise
        return self.analysis

    @property
    def analysis(self) -> Study | None:
        """The game's analysis, once made (``StudyWidget(board.analysis)`` studies it)."""
        return self.session.analysis

    @property
    def analysis_budget(self) -> int | None:
        """Iterations of the search a decision of "Analyse this game" (None: the
        analysis's default, covil_nb.analysis.DEFAULT_BUDGET); a few make it quick."""
        return self.session.analysis_budget

    @analysis_budget.setter
    def analysis_budget(self, budget: int | None) -> None:
        self.session.analysis_budget = budget

    @checked("widget")
    def as_study(self, title: str | None = None, seat: str | None = None) -> Study:
        """The game as a study: its actions the main line, and the "what if"
        line being tried, if any, a variation from where it leaves the game."""
        return self.session.as_study(title, seat)

    @property
    def game(self) -> Game:
        """The live game (a "what if" line being tried leaves it as it is)."""
        return self.session.game

    @property
    def line(self) -> Line:
        """The line played on the board: the game, or a "what if" line."""
        return self.session.line

    @property
    def seats(self) -> Seats:
        """Who plays each seat: a person or a bot."""
        return self.session.seats

    # -- messages ----------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Handle one message from the page, exactly as the comm does: one
        that does not fit sets the ``error`` trait and changes nothing. A
        failure of covil_nb itself shows the same way, the game as it was,
        and goes on to the kernel's log."""
        self.session.receive(content)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A state sent by a page. The board's page never sets a trait (its
        choices are messages), so nothing from it is taken: the traits it
        named are sent back as they are, and the refusal shows."""
        names = sorted(str(k) for k in sync_data if k in self.keys)
        if names:
            self.send_state(names)
        said = (
            tr(
                "the page may not set the board's traits ({traits}): it sends its choices as "
                "messages",
                traits=", ".join(names),
            )
            if names
            else tr("the page may not set the board's traits: it sends its choices as messages")
        )
        self.session.refuse(CovilError(said, protocol.RULE))

    # -- how it shows ----------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.session.said()}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The widget, with the whole table as SVG for what cannot run it
        (nbconvert, GitHub) and the deterministic text for nbval."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        game = self.line.game
        with speaking(self.language):
            data["image/svg+xml"] = drawing.draw(game, viewer=self.session.viewer(game)).svg
        return data, metadata


@checked("widget")
def play_solo(
    seed: int | None = None,
    dummies: Sequence[str] = ("red",),
    edition: str = "en",
    next_to_yours: bool = False,
    language: str | None = None,
) -> GameWidget:
    """A board for a solo game ("Evil prevails"): you play yellow against the
    rulebook's dummy (or two) on the Desert town map (in ``language``; by
    default the session's)."""
    game = Game.solo(dummies=list(dummies), seed=seed, edition=edition, next_to_yours=next_to_yours)
    return GameWidget(game, language=language)


@checked("widget")
def play(
    players: Sequence[str] = ("yellow", "red"),
    board: str = "A",
    bots: Mapping[str, str | Bot] | None = None,
    seed: int | None = None,
    edition: str = "en",
    language: str | None = None,
    level: int | None = None,
) -> GameWidget:
    """A board for 2 to 4 people taking turns at the screen (hot seat); any
    seat may be given to a bot: ``bots={"red": "mcts"}``, or every seat but
    the first to the bot of a ``level`` of the ladder, 1 the weakest
    (:mod:`covil_nb.analysis.ladder`), in ``language`` (by default the session's)."""
    if level is not None:
        if bots is not None:
            raise CovilError(
                tr("give bots= or level=, not both: level= gives every seat but yours its bot"),
                "widget",
            )
        spec = level_spec(level)
        bots = {color: spec for color in players[1:]}
    if len(players) == 1:  # what a newcomer tries first for a game alone
        raise CovilError(
            tr(
                "one player plays alone against the rulebook's dummy, on its own map: "
                "covil_nb.play_solo() (players= is for 2 to 4)"
            ),
            "Solo mode",
        )
    game = Game.new(list(players), board=board, seed=seed, edition=edition)
    return GameWidget(game, bots=bots, language=language)
