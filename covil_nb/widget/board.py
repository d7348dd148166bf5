"""The interactive board: any :class:`~covil_nb.model.Game` on an anywidget.

Python owns the rules: the page draws what the traits hold and sends the
player's choices as messages (see :mod:`.protocol`); every message is checked
before it touches the game, and one that does not fit is answered with the
``error`` trait, the game unchanged. ``GameWidget.act("move D")`` goes through
the same handler as a click.

Playback: a solo dummy is played by the engine inside ``Game.apply``, so after
an action the game is already at the next decision of a person; the board
shows the positions in between (``Game.moments()``) one ``step`` message at a
time. A bot's seat waits for a ``step`` message too, then the bot thinks (the
page that asked says so meanwhile) and its action is played the same way.
``skip`` plays on to the next decision of a person.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from covil_nb.analysis import RULE as ANALYSIS
from covil_nb.analysis import analyse
from covil_nb.bots import Bot, IsmctsBot
from covil_nb.bots.hint import Hint, going_on, hint
from covil_nb.bots.planning import Plan
from covil_nb.model import Action, CovilError, Event, Game, morning, night
from covil_nb.model.arguments import checked
from covil_nb.model.history import Moment
from covil_nb.model.language import SOURCE_LANGUAGE, Listed, Text, cite, known, ntr, speaking, tr
from covil_nb.model.language import language as current_language
from covil_nb.model.views import hand_hidden
from covil_nb.model.words import color_name, phase_name, short
from covil_nb.study import Study

from . import drawing, protocol, scene
from .elements import elements_of
from .line import Line
from .review import review_json
from .seats import BOT, PERSON, Seats
from .sheet import Round, Sheet
from .words import page_words

STATIC = Path(__file__).parent / "static"
MAX_BOT_ACTIONS = 100_000  # skip on a board of bots only: a guard like bots.advance's
# What handling a message may change besides the game: the board's own record
# of the playback and "what if" line, and the traits it sends the page.
_RECORD = (
    "_line",
    "_what_if",
    "_moments",
    "_at",
    "_before",
    "_told",
    "_drawn",
    "_since",
    "_analysis",
    "_analysed",
)
_SHOWN = (
    "language",  # first: putting it back draws the board again, in it
    "board",
    "version",
    "chunks_new",
    "pictures",
    "decision",
    "log",
    "controls",
    "past",
    "hint",
    "review",
    "progress",
)


class _Language(traitlets.TraitType):
    """A language there is a catalog for: anything else (None too) is
    refused with the CovilError that says which there are."""

    def validate(self, obj: Any, value: Any) -> str:
        return known(value)


class GameWidget(anywidget.AnyWidget):
    """A game on a board that plays by clicks (see the module docstring).

    ``bots`` maps a seat's color to a bot spec (``"mcts"``, ``"greedy"``…) or
    a bot; the other seats are people taking turns at the screen (a solo
    game's dummies are played by the rules)."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    # The map under the pieces, the seats: once per game (a study's chapter
    # may be another game, on another map).
    board = traitlets.Dict().tag(sync=True)
    # Never set: one object per widget on the page, the key to the state its
    # views share (the chunk store, the auto-play); ``board`` may change.
    identity = traitlets.Dict().tag(sync=True)
    # The texts the pictures and the log are made of, by name (see .sheet): a
    # step sends only the texts it adds. "chunks" is sent only with a full
    # state, and then holds every text in use.
    chunks = traitlets.Dict().tag(sync=True, to_json=lambda _value, board: board._sheet.in_use)
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

    # The messages this board takes, and what a message that fails puts
    # back (a board that shows more, a study's, adds its own).
    _kinds: ClassVar[dict[str, dict[str, type]]] = protocol.FIELDS
    _record: ClassVar[tuple[str, ...]] = _RECORD
    _shown: ClassVar[tuple[str, ...]] = _SHOWN
    # Iterations of the search a decision of "Analyse this game" (None: the analysis's
    # default, covil_nb.analysis.DEFAULT_BUDGET); a few make it quick.
    analysis_budget: int | None = None

    @checked("widget")
    def __init__(
        self,
        game: Game,
        bots: Mapping[str, str | Bot] | None = None,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        if not game.keeps_record:  # a search copy keeps no history to show, undo or replay
            raise CovilError(
                tr("a board needs a game that keeps its history: pass game.copy(undo=True)"),
                "widget",
            )
        seats = Seats(game, bots)
        self._sheet = Sheet()  # before the widget opens: its state names the chunks
        self._opened = False  # the language's observer redraws only an open board
        super().__init__(language=current_language() if language is None else language, **kwargs)
        self.seats = seats
        self._line = Line(game)
        self._what_if: Line | None = None
        # A playback: the moments of the step just played, and the one shown.
        # The last moment is the live position.
        self._moments: list[Moment] = []
        self._at = 0
        self._before: scene.Places = {}  # the troops before the step played back
        self._told: scene.Told = {}  # the log's finished phases, written once
        # Answers to the page (a refusal, a hint) are counted, so that the same
        # answer twice is sent twice (an equal trait value would not be).
        self._answers = 0
        self._hinted: tuple[Plan, list[str]] | None = None  # the last hint's step, and when
        # The log's length when the person at the screen last played (or
        # travelled): a night told after it is news to them (see _night).
        self._since = 0
        self._drawn: tuple[int, int | None] = (-1, None)  # the revisions the traits show
        self._analysis: Study | None = None  # made by "Analyse this game"
        self._analysed: list[str] = []  # the history it analysed
        self.on_msg(self._on_msg)
        self._speak()

    # -- Python's side of the same controls -------------------------------------------
    @checked("widget")
    def act(self, action: Action | str) -> list[Event]:
        """Play ``action`` as a click would, and return its events. A playback
        still under way is shown to its end first; a refusal raises
        :class:`CovilError` (and shows on the board like a refused click)."""
        with self._locked():
            game = self.line.game
            before = len(game.log)
            self._handle({"kind": "act", "action": str(action)}, catch_up=True)
            return game.log[before:]

    def step(self) -> None:
        """The next moment of a playback, or the move of the bot to play."""
        self._handle({"kind": "step"})

    def skip(self) -> None:
        """Play on to the next decision of a person (or the end)."""
        self._handle({"kind": "skip"})

    def undo(self) -> None:
        """Take back to the last decision of a person."""
        self._handle({"kind": "undo"})

    def redo(self) -> None:
        self._handle({"kind": "redo"})

    def analyse(self) -> Study:
        """Analyse the finished game as the "Analyse this game" button does
        (:func:`covil_nb.analyse`, the seats people played, ``analysis_budget``
        iterations a decision): the chart and summary show on the board, and
        the study is kept in :attr:`analysis`."""
        self._handle({"kind": "analyse"})
        assert self._analysis is not None  # the handler refused otherwise
        return self._analysis

    @property
    def analysis(self) -> Study | None:
        """The game's analysis, once made (``StudyWidget(board.analysis)`` studies it)."""
        return self._analysis

    @checked("widget")
    def as_study(self, title: str | None = None, seat: str | None = None) -> Study:
        """The game as a study: its actions the main line, and the "what if"
        line being tried, if any, a variation from where it leaves the game."""
        study = Study.of_game(self.game, title, seat)
        if self._what_if is not None:
            study.chapters[0].add_line(list(self._what_if.game.history))
        return study

    @property
    def game(self) -> Game:
        """The live game (a "what if" line being tried leaves it as it is)."""
        return self._line.game

    @property
    def line(self) -> Line:
        """The line played on the board: the game, or a "what if" line."""
        return self._what_if or self._line

    # -- messages ----------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Handle one message from the page, exactly as the comm does: one
        that does not fit sets the ``error`` trait and changes nothing. A
        failure of covil_nb itself shows the same way, the game as it was,
        and goes on to the kernel's log."""
        try:
            self._dispatch(content)
        except CovilError as exc:
            self._refuse(exc)
        except KeyboardInterrupt:
            # The kernel interrupted (a long analysis, say): the page's
            # press must end, and only an answer ends it.
            self._refuse(CovilError(tr("interrupted: the game is as it was"), "widget"))
            raise
        except Exception as failure:
            self._refuse(
                CovilError(
                    tr(
                        "covil_nb failed on this message ({failure}); the game is as it was",
                        failure=f"{type(failure).__name__}: {failure}",
                    ),
                    "widget",
                )
            )
            raise

    def _handle(self, content: dict[str, Any], catch_up: bool = False) -> None:
        """Python's calls: made on the position the board shows when they
        are handled (a call names its action, no picture can be out of
        date); a refusal shows on the board and raises. ``catch_up`` first
        finishes a playback under way."""
        try:
            self._dispatch(content, from_page=False, catch_up=catch_up)
        except CovilError as exc:
            self._refuse(exc)
            raise

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
        self._refuse(CovilError(said, protocol.RULE))

    def _dispatch(self, content: Any, from_page: bool = True, catch_up: bool = False) -> None:
        # The games' locks first: a click may be handled beside a running
        # cell (comms over subshells), which may be playing this very game
        # (or driving this board); its version is read once the cell is done.
        # Everything it says (a refusal too) is in the board's language.
        with self._locked(), speaking(self.language):
            if not from_page:
                content = {**content, "version": self.version}
            message = protocol.parse(content, self.version, self._kinds)
            if self._drawn != self._revisions():
                self._redraw_changed(refuse=from_page)
            with self._all_or_nothing():
                if catch_up:
                    self._catch_up()
                self._run(message)

    def _run(self, message: protocol.Message) -> None:
        """The handler of ``message``'s kind, ``_on_<kind>``: a board that
        takes more kinds (``_kinds``) or answers one otherwise overrides it."""
        getattr(self, f"_on_{message.kind}")(message)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """The locks of the game and of a "what if" line being tried (a
        message may read both: ``return`` draws the game again)."""
        with self._line.game.lock, self.line.game.lock:
            yield

    def _revisions(self) -> tuple[int, int | None]:
        """The revisions of the game and of the "what if" line being tried."""
        return self._line.game.revision, self._what_if.game.revision if self._what_if else None

    def _redraw_changed(self, refuse: bool) -> None:
        """The game was changed by code, not through the board: show it as
        it is now, and refuse a choice the page made on the old picture (a
        call from Python names its action, judged on the game as it is)."""
        self._moments = []
        self._publish()
        if refuse:
            raise CovilError(
                tr(
                    "the game was changed outside the board (by code in a cell): the board "
                    "shows it as it is now; choose again"
                ),
                "widget",
            )

    @contextmanager
    def _all_or_nothing(self) -> Iterator[None]:
        """One message is handled whole or not at all: if its handler raises
        (a refusal, a bug, a KeyboardInterrupt), the game (``checkpoint``),
        the board's record, the bots' worlds and every trait are put back
        as they were, so that the page shows the game as it is. The caller
        holds the game's lock."""
        game = self.line.game
        kept = game.checkpoint()
        record = {name: getattr(self, name) for name in self._record}
        shown = {name: getattr(self, name) for name in self._shown}
        told, sheet, worlds = dict(self._told), self._sheet.in_use, self.seats.chance()
        current = self._drawn == self._revisions()
        try:
            yield
        except GeneratorExit:
            raise  # never entered: stopped on the way in, before the handler ran
        except BaseException:
            # The board's own things first (quick), the game's replay last
            # (slow): stopped there too, the board finds it out of step.
            for name, value in record.items():
                setattr(self, name, value)
            self._told.clear()
            self._told.update(told)
            self._sheet.in_use = sheet
            self.seats.restore_chance(worlds)
            with self.hold_sync():
                for name, value in shown.items():
                    setattr(self, name, value)  # a trait sends only if it changed
            game.rollback(kept)
            if current:  # the picture put back showed the game put back
                self._drawn = self._revisions()
            raise

    def _refuse(self, error: CovilError) -> None:
        self._answers += 1
        with speaking(self.language):  # the message was said in it already
            rule = cite(error.rule or "")
        self.error = {"n": self._answers, "text": error.message, "rule": rule}

    # -- handlers: each checks everything, then changes --------------------------------
    def _on_act(self, message: protocol.Message) -> None:
        game = self._ready_person(tr("play"))
        before = scene.places(game)
        self._since = len(game.log)
        game.apply(message.action)  # a refusal raises with the game as it was
        self._after_action(before)

    def _on_why(self, message: protocol.Message) -> None:
        raise scene.explain_click(self.line.game, message.element, self._offered())

    def _on_step(self, _message: protocol.Message) -> None:
        if self._playing():
            self._at += 1
            self._publish()
            return
        game = self.line.game
        seat = self.seats.plays(game)
        if seat is None:
            raise CovilError(tr("the game is over: there is no step to show"), "Final scoring")
        if seat.kind != BOT:
            raise CovilError(
                tr("it is {seat}'s decision: there is no step to show", seat=seat), "widget"
            )
        action = self.seats.decide(game)
        before = scene.places(game)
        game.apply(action)
        self._after_action(before)

    def _on_skip(self, _message: protocol.Message) -> None:
        game = self.line.game
        if not self._playing() and self._waiting() != "bot":
            raise CovilError(tr("there is nothing to skip: it is your decision"), "widget")
        # The playback under way ends at its last moment, whose story (a
        # night's, say) the board keeps telling; a bot's action makes it old.
        self._at = len(self._moments) - 1
        for _ in range(MAX_BOT_ACTIONS):
            seat = self.seats.plays(game)
            if seat is None or seat.kind != BOT:
                break
            game.apply(self.seats.decide(game))
            self._moments = []
        self._publish()

    def _on_undo(self, _message: protocol.Message) -> None:
        self._travel("undo")

    def _on_redo(self, _message: protocol.Message) -> None:
        self._travel("redo")

    def _on_hint(self, _message: protocol.Message) -> None:
        game = self._ready_person(tr("ask for a hint"))
        color = game.decision.player  # type: ignore[union-attr]
        viewer = self._viewer(game)
        if hand_hidden(game.read_state(), color, viewer):  # the hint would play that hand
            raise CovilError(
                tr(
                    "a hint at {color}'s decision would tell {color}'s hidden hand: this "
                    "board is seen by {viewer}",
                    color=color_name(color),
                    viewer=color_name(viewer or ""),
                ),
                "widget",
            )
        view = game.for_seat(color, seed=len(game.history))
        bot = IsmctsBot(seed=0)
        told = self._going_on(game, view, bot) or hint(view, bot)
        if told.plan is not None:
            self._hinted = (told.plan, [str(a) for a in game.history])
        self._answers += 1
        self.hint = {
            "n": self._answers,
            "text": told.text,
            "action": str(told.action),
            "elements": list(elements_of(told.action, game)),  # what the page rings
        }

    def _going_on(self, game: Game, view: Game, bot: IsmctsBot) -> Hint | None:
        """The rest of the last hint's step, if the player has followed it so
        far and ``bot`` would follow it too (``view``: the seat's view of
        ``game``, which keeps no history)."""
        if self._hinted is None:
            return None
        plan, then = self._hinted
        now = [str(a) for a in game.history]
        if now[: len(then)] != then:
            return None
        return going_on(view, plan, now[len(then) :], bot)

    def _on_analyse(self, _message: protocol.Message) -> None:
        game = self._line.game
        if not game.is_over:
            raise CovilError(tr("the game is not over: analyse it once it ends"), ANALYSIS)
        study = analyse(
            game, self._analysed_seats(), self.analysis_budget, progress=self._progressed
        )
        self._analysis, self._analysed = study, list(game.history)
        with self.hold_sync():
            self.progress = {}
            self.review = review_json(study.chapters[0])

    def _on_show(self, message: protocol.Message) -> None:
        self._show(message.step, message.moment)

    def _show(self, step: int, moment: int) -> None:
        shown, info = self._past(step, moment)
        page = Round()
        layout = {k: page.svg(v) for k, v in scene.pictures(shown, self._viewer(shown), []).items()}
        self.past = {
            "step": step,
            "moment": moment,
            "info": info,
            "pictures": layout,
            "chunks": self._sheet.extra(page),
        }

    def _on_try(self, message: protocol.Message) -> None:
        self._check_step(message.step)
        self._moments = []
        self._what_if = self.line.branch(message.step)
        self._since = len(self.line.game.log)
        self._publish()

    def _on_return(self, _message: protocol.Message) -> None:
        if self._what_if is None:
            raise CovilError(tr("there is no 'what if' line to return from"), "widget")
        self._what_if = None
        self._moments = []
        self._since = len(self.line.game.log)
        self._publish()

    # -- helpers ------------------------------------------------------------------------
    def _analysed_seats(self) -> list[str] | None:
        """The seats an analysis assesses: those people play (all but the
        dummies when bots hold every seat)."""
        return self.seats.people() or None

    def _progressed(self, done: int, total: int) -> None:
        """An analysis's progress, sent to the page as it goes (a trait set
        while a message is handled is sent at once)."""
        self.progress = {"done": done, "total": total}

    def _ready_person(self, wish: Text) -> Game:
        """The game, when a person may decide in it now; else why not."""
        game = self.line.game
        waiting = self._waiting()
        if waiting == "playback":
            said = tr(
                "the board is still showing the steps before your decision: step or skip to it, "
                "then {wish}",
                wish=wish,
            )
            raise CovilError(said, "widget")
        if waiting == "over":
            said = tr("the game is over: nothing left to {wish}", wish=wish)
            raise CovilError(said, "Final scoring")
        if waiting == "bot":
            said = tr(
                "{seat} decides now and is played by a bot: step or skip to your decision",
                seat=self.seats.plays(game),
            )
            raise CovilError(said, "widget")
        return game

    def _offered(self) -> list[Action]:
        """The legal actions the page lists: a person's decision's, as the
        board's viewer may see them (:func:`.scene.offered`)."""
        if self._waiting() is not None:
            return []
        game = self.line.game
        return scene.offered(game, game.legal_actions(), self._viewer(game))

    def _waiting(self) -> str | None:
        """What the board waits for before a person may decide: a playback,
        a bot, or nothing ("over" once the game has ended)."""
        if self._playing():
            return "playback"
        seat = self.seats.plays(self.line.game)
        if seat is None:
            return "over"
        return "bot" if seat.kind == BOT else None

    def _after_action(self, before: scene.Places) -> None:
        """Show the step just played, one moment at a time (``Game.moments``);
        ``before``: where the troops were."""
        self._moments = self.line.game.moments()
        self._at = 0
        self._before = before
        self.line.learn(tuple(len(m.events) for m in self._moments))
        self._publish()

    def _playing(self) -> bool:
        """Whether a playback shows a moment before the live position."""
        return self._at < len(self._moments) - 1

    def _catch_up(self) -> None:
        """Finish a playback at once."""
        if self._playing():
            self._moments = []
            self._publish()

    def _travel(self, verb: str) -> None:
        """Undo or redo back to a person's decision: a bot's actions go with
        the person's action they answered (a dummy's are part of it)."""
        game = self.line.game
        can = f"can_{verb}"
        if not getattr(game, can):
            nothing = (
                tr("there is nothing to undo") if verb == "undo" else tr("there is nothing to redo")
            )
            raise CovilError(nothing, verb)
        self._moments = []  # a playback under way ends
        move = getattr(game, verb)
        move()
        while getattr(game, can) and self.seats.people() and self._waiting() == "bot":
            move()
        self._since = len(game.log)
        self._publish()

    def _check_step(self, step: int) -> None:
        played = len(self.line.game.history)
        if step > played:
            raise CovilError(
                tr(
                    "step {step} is not in the game: it has {played} so far",
                    step=step,
                    played=played,
                ),
                "widget",
            )

    def _past(self, step: int, moment: int) -> tuple[Game, dict[str, Any] | None]:
        """A past position of the line: after ``step`` actions, or one of the
        moments of that step; with what happened at that moment."""
        self._check_step(step)
        game = self.line.game
        if step == 0:
            if moment != 0:
                raise CovilError(
                    tr("the position before the first action has no moments"), "widget"
                )
            return game.at(0), None
        moments = game.moments(step - 1)
        if moment >= len(moments):
            raise CovilError(
                ntr(
                    "step {step} has {count} moment, not {number}",
                    "step {step} has {count} moments, not {number}",
                    len(moments),
                    step=step,
                    number=moment + 1,
                ),
                "widget",
            )
        return moments[moment].game, moment_json(moments[moment], moment)

    def _viewer(self, game: Game) -> str | None:
        """Whose hidden cards the board shows: the person deciding, else the
        first person at the table (None when bots hold every seat)."""
        seat = self.seats.plays(game)
        if seat is not None and seat.kind == PERSON:
            return seat.color
        people = self.seats.people()
        return people[0] if people else None

    # -- the traits ---------------------------------------------------------------------
    def _stale_review(self) -> bool:
        """Whether the analysis shown is of a game the board no longer has
        (an undo since, or another end played): it goes, and the button
        comes back once the game is over again."""
        return self._analysis is not None and self._line.game.history != self._analysed

    @traitlets.observe("language")
    def _language_changed(self, _change: dict[str, Any]) -> None:
        if self._opened:
            with self._locked():
                self._speak()

    def _speak(self) -> None:
        """Draw everything anew in the board's language, in one message: the
        map and its legend, the log's finished phases (written once per
        language), the position, a past position being looked at."""
        self._told.clear()
        with self.hold_sync(), speaking(self.language):
            self.words = page_words(self.language)
            self.board = scene.board_json(self._line.game, self.seats)
            self._publish()
            if self.past:
                self._show(self.past["step"], self.past["moment"])
            if self._analysis is not None and self.review:
                # The chart and the engine's words said anew; the comments the
                # analysis wrote stay in the language they were written in.
                self.review = review_json(self._analysis.chapters[0])
        self._opened = True

    def _on_language(self, message: protocol.Message) -> None:
        if message.code == self.language:
            self._speak()  # nothing changes, but the page waits for an answer: a new version
        else:
            self.language = message.code

    def _publish(self) -> None:
        """Set every trait from the position shown, in one message: only the
        traits whose value changed are sent. Called inside ``speaking`` the
        board's language (by ``_dispatch`` or ``_speak``): its texts are in it."""
        game = self.line.game
        playing = self._playing()
        shown = self._moments[self._at].game if playing else game
        waiting = self._waiting()
        viewer = self._viewer(shown)
        actions = self._offered()
        page = Round()
        sections = scene.pictures(shown, viewer, actions, self._moved())
        layout = {k: page.svg(v) for k, v in sections.items()}
        log = self._log(page)
        decision = scene.decision_json(shown, self.seats, actions, waiting, viewer)
        controls = {
            "can_undo": game.can_undo,
            "can_redo": game.can_redo,
            "steps": len(game.history),
            "moment": self._moment_json(),
            "outcome": self._own_outcome(),
            "pending": len(self._moments) - 1 - self._at if playing else 0,
            "what_if": None if self._what_if is None else {"from": self._branch_step()},
            "night": self._night(),
        }
        stale = self._stale_review()
        with self.hold_sync():  # everything is made: only the traits are set here
            if stale:
                self._analysis, self._analysed, self.review = None, [], {}
            self.version += 1
            self.chunks_new = self._sheet.publish(page)
            self.pictures = layout
            self.log = log
            self.decision = decision
            self.controls = controls
            self.hint = {}
        self._drawn = self._revisions()

    def _moved(self) -> scene.Moved:
        """What the moment the banner tells of moved on the map (nothing
        once a person's own action is the last word)."""
        index = self._moment_told()
        if index is None:
            return (), {}
        before = self._before if index == 0 else scene.places(self._moments[index - 1].game)
        return scene.moved(before, self._moments[index].game)

    def _moment_json(self) -> dict[str, Any] | None:
        index = self._moment_told()
        if index is None:
            return None
        moment, chosen = self._moments[index], ""
        if index == 0 and not told(moment):  # the action tells nothing yet: its label
            game = self.line.game  # the moments are of its last step
            chosen = game.at(len(game.history) - 1).explain(moment.actions[0])
            if self.seats[moment.player].kind != PERSON:
                # A label speaks to the one deciding ("your hall is full"):
                # said of a bot's or a dummy's step, its deed alone.
                chosen = short(chosen)
        return moment_json(moment, index, chosen)

    def _night(self) -> list[str]:
        """The night since the person at the screen last played, in a few
        lines (fee, raid, rebels), once played back: kept in view until they
        play on, whatever the bots and dummies do meanwhile."""
        if self._playing():
            return []
        game = self.line.game
        told = night.last_night(game.log, self._since)
        return [str(line) for line in night.summary(told, game.read_state().rebels)] if told else []

    def _own_outcome(self) -> list[str]:
        """How the fights of a person's own last action ended, when no
        moment is told (a told moment says its own): the board shows the
        result, not only the log."""
        if not self._moments or self._moment_told() is not None:
            return []
        return outcome(self._moments[-1].events)

    def _moment_told(self) -> int | None:
        """The moment the banner tells of: the one shown while a playback
        runs; once it has run, the last one when a dummy or a bot made it
        (what just happened, and why). None when a person's action is last."""
        if not self._moments:
            return None
        if self._playing():
            return self._at
        last = len(self._moments) - 1
        player = self._moments[last].player  # "" for a step of the night: the rules'
        return None if player and self.seats[player].kind == PERSON else last

    def _branch_step(self) -> int:
        """How many actions the "what if" line shares with the game."""
        assert self._what_if is not None
        shared = 0
        for real, tried in zip(self._line.game.history, self._what_if.game.history, strict=False):
            if real != tried:
                break
            shared += 1
        return shared

    def _log(self, page: Round) -> dict[str, list[str]]:
        """The log as far as the position shown: a playback does not tell
        what the dummy does before the board shows it."""
        line = self.line
        positions = list(line.positions())
        if self._playing():
            shown = (len(line.game.history), self._at)
            positions = [p for p in positions if p <= shown]
        return scene.log_json(page, line.game.log[: len(positions)], positions, self._told)

    # -- how it shows ----------------------------------------------------------------
    def __repr__(self) -> str:
        with speaking(self.language):  # the board's own language, not the session's
            return self._said()

    def _said(self) -> str:
        game = self._line.game
        if game.is_over:
            now = ntr(
                "game over — {players} wins",
                "game over — {players} share it",
                len(game.winners),
                players=Listed([color_name(c) for c in game.winners]),
            )
        else:
            now = tr(
                "day {day} {phase} — {seat} to play",
                day=game.day,
                phase=phase_name(game.phase),
                seat=self.seats.plays(game),
            )
        trying = "" if self._what_if is None else tr(" (trying a what-if line)")
        return f"<GameWidget: {self.seats}, {now}{trying}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The widget, with the whole table as SVG for what cannot run it
        (nbconvert, GitHub) and the deterministic text for nbval."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        game = self.line.game
        with speaking(self.language):
            data["image/svg+xml"] = drawing.draw(game, viewer=self._viewer(game)).svg
        return data, metadata


def moment_json(moment: Moment, index: int, chosen: str = "") -> dict[str, Any]:
    """Who did what at a moment of playback, and why (a dummy's priority).
    ``told`` is what happened in the log's sentences, for people (``actions``
    keeps the notation): not the dummy's own summary, which ``reason`` gives,
    nor a fight's end (``outcome``); where the action chosen (the first
    moment's) tells nothing yet, ``chosen``: its label (a bot's, its deed alone)."""
    said = told(moment) or ([chosen] if chosen else [])
    return {
        "index": index,
        "player": moment.player,
        "actions": list(moment.actions),
        "told": said,
        # Whose moment it is, for the rules' own: the night's steps or the morning.
        "by": "" if moment.player else str(rules_part(moment.reason)),
        # A night step's reason is its rule's title; a dummy's, its priority.
        "reason": str(moment.reason) if moment.player else cite(str(moment.reason)),
        "outcome": outcome(moment.events),
        # A moment worth a longer look at auto-play speed: a fight ended, a
        # dummy flipped a relic, a step of the night.
        "notable": not moment.player or any(e.kind in _NOTABLE for e in moment.events),
    }


def rules_part(rule: str | Text) -> Text:
    """The part of the day a moment the rules play belongs to, by its rule."""
    return tr("The morning") if rule == morning.PHASE else tr("The night")


def told(moment: Moment) -> list[str]:
    """What happened at a moment, in the log's sentences: a banner's worth of
    a player's step (saying how much more the log has), all of a night's step."""
    said = [e.text for e in moment.events if e.kind not in _TOLD_APART]
    if not moment.player or len(said) <= _TOLD_AT_MOST:
        return said
    more = len(said) - _TOLD_AT_MOST + 1
    rest = ntr("… and {count} more in the log.", "… and {count} more in the log.", more)
    return [*said[: _TOLD_AT_MOST - 1], str(rest)]


_TOLD_APART = frozenset({"dummy", "combat"})
_NOTABLE = frozenset({"combat", "flip"})
_TOLD_AT_MOST = 3  # a banner's worth; the log has the rest


def outcome(events: Sequence[Event]) -> list[str]:
    """The sentences that say how each fight ended (its winner, its loser's fate)."""
    return [e.text for e in events if e.kind == "combat"]


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
) -> GameWidget:
    """A board for 2 to 4 people taking turns at the screen (hot seat); any
    seat may be given to a bot: ``bots={"red": "mcts"}`` (in ``language``;
    by default the session's)."""
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
