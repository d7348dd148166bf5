"""The board's logic with no page: a game shown, played by messages, looked back on.

Python owns the rules: a :class:`BoardSession` holds what the board's traits
show (``shown``, see :mod:`.payloads`), and takes the page's choices as
messages (see :mod:`.protocol`); every message is checked before it touches
the game, and one that does not fit is answered with the ``error`` payload,
the game and all the session shows unchanged. A widget
(:class:`~covil_nb.widget.board.GameWidget`) is told of each change and sets
its traits from it; without one, the session runs as it is (the tests do).

Playback: a solo dummy is played by the engine inside ``Game.apply``, so after
an action the game is already at the next decision of a person; the board
shows the positions in between (``Game.moments()``) one ``step`` message at a
time. A bot's seat waits for a ``step`` message too, then the bot thinks (the
page that asked says so meanwhile) and its action is played the same way.
``skip`` plays on to the next decision of a person.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Unpack, cast

from covil_nb.analysis import RULE as ANALYSIS
from covil_nb.analysis import analyse
from covil_nb.bots import Bot, IsmctsBot
from covil_nb.bots.hint import Hint, going_on, hint
from covil_nb.bots.planning import Plan
from covil_nb.bots.tree_search import judging
from covil_nb.drawing.elements import elements_of
from covil_nb.model import Action, CovilError, Game, night
from covil_nb.model.history import Moment
from covil_nb.model.language import SOURCE_LANGUAGE, Listed, Text, cite, known, ntr, speaking, tr
from covil_nb.model.views import hand_hidden
from covil_nb.model.words import color_name, phase_name, short
from covil_nb.study import Chapter, Study

from . import payloads, protocol, scene
from .line import Line, shared
from .review import better_line, review_json
from .seats import BOT, PERSON, Seats
from .sheet import Round, Sheet
from .words import page_words

MAX_BOT_ACTIONS = 100_000  # skip on a board of bots only: a guard like bots.advance's
Sent = Callable[[payloads.Traits], None]  # told of what changed, a batch at a time


class BoardSession:
    """A game on the board, headless (see the module docstring).

    ``bots`` maps a seat's color to a bot spec (``"mcts"``, ``"greedy"``…) or
    a bot; the other seats are people taking turns at the screen (a solo
    game's dummies are played by the rules). :meth:`open` draws it first."""

    # The messages it takes: each kind is handled by ``on_<kind>`` (a session
    # that shows more, a study's, adds its kinds and answers some otherwise).
    kinds: ClassVar[dict[str, dict[str, type]]] = protocol.FIELDS
    # What handling a message may change besides the game and ``shown``: the
    # session's record of the playback and the "what if" line, put back
    # whole when a message fails (a session that keeps more adds its own).
    record: ClassVar[tuple[str, ...]] = (
        # First: put back before the payloads, so that the widget's language
        # trait, set back to it, finds nothing to redraw.
        "language",
        "seats",
        "_line",
        "_what_if",
        "_moments",
        "_at",
        "_before",
        "_told",
        "_drawn",
        "_since",
        "analysis",
        "_analysed",
    )

    def __init__(self, game: Game, bots: Mapping[str, str | Bot] | None = None) -> None:
        if not game.keeps_record:  # a search copy keeps no history to show, undo or replay
            raise CovilError(
                tr("a board needs a game that keeps its history: pass game.copy(undo=True)"),
                "widget",
            )
        self.seats = Seats(game, bots)
        self.sheet = Sheet()  # the texts the page holds (see .sheet)
        self.language = SOURCE_LANGUAGE  # the board's, once open
        # Iterations of the search a decision of "Analyse this game" (None: the analysis's
        # default, covil_nb.analysis.DEFAULT_BUDGET); a few make it quick.
        self.analysis_budget: int | None = None
        self.shown: payloads.Traits = {}  # every trait's payload, as last sent
        self._sent: Sent = lambda _changed: None
        self._pending: payloads.Traits = {}  # shown since the last batch was sent
        self._holding = False
        self._opened = False
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
        # The last hint's step, and the history when it was given.
        self.hinted: tuple[Plan, list[str]] | None = None
        # The log's length when the person at the screen last played (or
        # travelled): a night told after it is news to them (see _night).
        self._since = 0
        self._drawn: tuple[int, int | None] = (-1, None)  # the revisions ``shown`` shows
        self.analysis: Study | None = None  # made by "Analyse this game"
        self._analysed: list[str] = []  # the history it analysed

    def open(self, language: str, sent: Sent | None = None) -> None:
        """Draw everything in ``language``, and tell ``sent`` of every
        change of ``shown`` from now on."""
        self.language = known(language)
        if sent is not None:
            self._sent = sent
        self.speak()

    # -- what it shows -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game (a "what if" line being tried leaves it as it is)."""
        return self._line.game

    @property
    def line(self) -> Line:
        """The line played on the board: the game, or a "what if" line."""
        return self._what_if or self._line

    @property
    def version(self) -> int:
        """The position shown; a message names the one it was made on."""
        return self.shown.get("version", 0)

    def show(self, **changed: Unpack[payloads.Traits]) -> None:
        """Set these payloads; sent at once, or with the batch being held."""
        self.shown.update(changed)
        self._pending.update(changed)
        if not self._holding:
            self._send()

    @contextmanager
    def held(self) -> Iterator[None]:
        """Whatever is shown meanwhile is sent in one batch (one message to the page)."""
        if self._holding:
            yield
            return
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
            self._send()

    def _send(self) -> None:
        changed, self._pending = self._pending, {}
        if changed:
            self._sent(changed)

    def as_study(self, title: str | None = None, seat: str | None = None) -> Study:
        """The game as a study: its actions the main line, and the "what if"
        line being tried, if any, a variation from where it leaves the game."""
        study = Study.of_game(self.game, title, seat)
        if self._what_if is not None:
            study.chapters[0].add_line(list(self._what_if.game.history))
        return study

    # -- messages ----------------------------------------------------------------------
    def receive(self, content: Any) -> None:
        """Handle one message from the page: one that does not fit shows
        ``error`` and changes nothing. A failure of covil_nb itself shows
        the same way, the game as it was, and goes on to the kernel's log."""
        try:
            self._dispatch(content)
        except CovilError as exc:
            self.refuse(exc)
        except KeyboardInterrupt:
            # The kernel interrupted (a long analysis, say): the page's
            # press must end, and only an answer ends it.
            self.refuse(CovilError(tr("interrupted: the game is as it was"), "widget"))
            raise
        except Exception as failure:
            self.refuse(
                CovilError(
                    tr(
                        "covil_nb failed on this message ({failure}); the game is as it was",
                        failure=f"{type(failure).__name__}: {failure}",
                    ),
                    "widget",
                )
            )
            raise

    def call(self, kind: str, catch_up: bool = False, **fields: Any) -> None:
        """Python's calls: made on the position shown when they are handled
        (a call names its action, no picture can be out of date); a refusal
        shows as ``error`` and raises. ``catch_up`` first finishes a
        playback under way."""
        try:
            self._dispatch({"kind": kind, **fields}, from_page=False, catch_up=catch_up)
        except CovilError as exc:
            self.refuse(exc)
            raise

    def refuse(self, error: CovilError) -> None:
        """Answer the page with ``error``, in the rule's words."""
        self._answers += 1
        with speaking(self.language):  # the message was said in it already
            rule = cite(error.rule or "")
        self.show(error={"n": self._answers, "text": error.message, "rule": rule})

    def _dispatch(self, content: Any, from_page: bool = True, catch_up: bool = False) -> None:
        # The games' locks first: a click may be handled beside a running
        # cell (comms over subshells), which may be playing this very game
        # (or driving this board); its version is read once the cell is done.
        # Everything it says (a refusal too) is in the board's language.
        with self.locked(), speaking(self.language):
            if not from_page:
                content = {**content, "version": self.version}
            message = protocol.parse(content, self.version, self.kinds)
            if self._drawn != self._revisions():
                self._redraw_changed(refuse=from_page)
            with self._all_or_nothing():
                if catch_up:
                    self._catch_up()
                getattr(self, f"on_{message.kind}")(message)

    @contextmanager
    def locked(self) -> Iterator[None]:
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
        self.publish()
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
        the record, the bots' worlds and every payload shown are put back
        as they were, so that the page shows the game as it is. The caller
        holds the game's lock."""
        game = self.line.game
        kept = game.checkpoint()
        record = {name: getattr(self, name) for name in self.record}
        shown = self.shown.copy()
        told, sheet, worlds = dict(self._told), self.sheet.in_use, self.seats.chance()
        current = self._drawn == self._revisions()
        try:
            yield
        except GeneratorExit:
            raise  # never entered: stopped on the way in, before the handler ran
        except BaseException:
            # The session's own things first (quick), the game's replay last
            # (slow): stopped there too, the session finds it out of step.
            for name, value in record.items():
                setattr(self, name, value)
            self._told.clear()
            self._told.update(told)
            self.sheet.in_use = sheet
            self.seats.restore_chance(worlds)
            self._put_back(shown)
            game.rollback(kept)
            if current:  # the picture put back showed the game put back
                self._drawn = self._revisions()
            raise

    def _put_back(self, kept: payloads.Traits) -> None:
        """Show ``kept`` again, every payload but the error (a payload first
        shown since is emptied), in one batch."""
        self._pending, self._holding = {}, False  # a batch the failure broke off
        back = {name: kept.get(name, {}) for name in self.shown if name != "error"}
        with self.held():
            self.show(**cast(payloads.Traits, back))

    # -- handlers: each checks everything, then changes --------------------------------
    def on_act(self, message: protocol.Message) -> None:
        game = self._ready_person(tr("play"))
        before = scene.places(game)
        self._since = len(game.log)
        game.apply(message.action)  # a refusal raises with the game as it was
        self._after_action(before)

    def on_why(self, message: protocol.Message) -> None:
        raise scene.explain_click(self.line.game, message.element, self.offered())

    def on_step(self, _message: protocol.Message) -> None:
        if self._playing():
            self._at += 1
            self.publish()
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

    def on_skip(self, _message: protocol.Message) -> None:
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
        self.publish()

    def on_undo(self, _message: protocol.Message) -> None:
        self._travel("undo")

    def on_redo(self, _message: protocol.Message) -> None:
        self._travel("redo")

    def on_hint(self, _message: protocol.Message) -> None:
        game = self._ready_person(tr("ask for a hint"))
        color = game.decision.player  # type: ignore[union-attr]
        viewer = self.viewer(game)
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
        bot = judging(seed=0)  # the tree search as the analysis judges with it
        told = self._going_on(game, view, bot) or hint(view, bot)
        if told.plan is not None:
            self.hinted = (told.plan, [str(a) for a in game.history])
        # The elements: what the page rings.
        self.answer_hint(told.text, str(told.action), elements_of(told.action, game))

    def answer_hint(
        self, text: str, action: str | None = None, elements: Sequence[str] = ()
    ) -> None:
        """Answer the page's hint with ``text`` (and the ``action`` it tells,
        with its ``elements``), counted like every answer."""
        self._answers += 1
        said: payloads.Hint = {"n": self._answers, "text": text}
        if action is not None:
            said["action"] = action
            said["elements"] = list(elements)
        self.show(hint=said)

    def _going_on(self, game: Game, view: Game, bot: IsmctsBot) -> Hint | None:
        """The rest of the last hint's step, if the player has followed it so
        far and ``bot`` would follow it too (``view``: the seat's view of
        ``game``, which keeps no history)."""
        if self.hinted is None:
            return None
        plan, then = self.hinted
        now = [str(a) for a in game.history]
        if now[: len(then)] != then:
            return None
        return going_on(view, plan, now[len(then) :], bot)

    def on_analyse(self, _message: protocol.Message) -> None:
        game = self._line.game
        if not game.is_over:
            raise CovilError(tr("the game is not over: analyse it once it ends"), ANALYSIS)
        study = analyse(game, self.analysed_seats(), self.analysis_budget, progress=self.progressed)
        self.analysis, self._analysed = study, list(game.history)
        with self.held():
            self.show(progress={}, review=review_json(study.chapters[0]))

    def on_show(self, message: protocol.Message) -> None:
        self._show_past(message.step, message.moment)

    def _show_past(self, step: int, moment: int) -> None:
        shown, info = self._past(step, moment)
        page = Round()
        sections = scene.pictures(shown, self.viewer(shown), [], self._foreseen(step, moment))
        layout = {k: page.svg(v) for k, v in sections.items()}
        chunks = self.sheet.extra(page)
        self.show(
            past={
                "step": step,
                "moment": moment,
                "info": info,
                "pictures": layout,
                "chunks": chunks,
            }
        )

    def on_try(self, message: protocol.Message) -> None:
        self._check_step(message.step)
        self._moments = []
        self._what_if = self.line.branch(message.step)
        self._since = len(self.line.game.log)
        self.publish()

    def on_better(self, message: protocol.Message) -> None:
        """The analysis's better line for the decision after ``step``
        actions, played as a "what if" line from there."""
        _, _, line = better_line(self._analysed_chapter(), message.step)
        branch = self._line.branch(message.step)
        for move in line:  # the seat's own moves: legal in the game as in the seat's view
            branch.game.apply(move)
        self._moments = []
        self._what_if = branch
        self._since = len(branch.game.log)
        self.publish()

    def _analysed_chapter(self) -> Chapter:
        """The analysis of the game on the board (refused where there is none)."""
        if self.analysis is None or self.review_is_stale():
            raise CovilError(
                tr("there is no analysis of this game yet: analyse it once it ends"), ANALYSIS
            )
        return self.analysis.chapters[0]

    def _foreseen(self, step: int, moment: int) -> scene.Moved:
        """The analysis's better line drawn on the past position after
        ``step`` actions, once the step's last moment is shown (the
        position the seat decided at); nothing elsewhere."""
        if self._what_if is not None:
            return (), {}
        if step and moment != len(self._line.game.moments(step - 1)) - 1:
            return (), {}
        try:
            _, game, line = better_line(self._analysed_chapter(), step)
        except CovilError:  # no analysis, or no better line for the decision there
            return (), {}
        return scene.foreseen(game, line)[0]

    def on_return(self, _message: protocol.Message) -> None:
        if self._what_if is None:
            raise CovilError(tr("there is no 'what if' line to return from"), "widget")
        self._what_if = None
        self._moments = []
        self._since = len(self.line.game.log)
        self.publish()

    def on_language(self, message: protocol.Message) -> None:
        if message.code == self.language:
            self.speak()  # nothing changes, but the page waits for an answer: a new version
            return
        self.language = known(message.code)
        self.show(language=self.language)  # sent first, by itself, as a trait set in Python
        self.speak()

    # -- what a board that shows more changes ----------------------------------------------
    def viewer(self, game: Game) -> str | None:
        """Whose hidden cards the board shows: the person deciding, else the
        first person at the table (None when bots hold every seat)."""
        seat = self.seats.plays(game)
        if seat is not None and seat.kind == PERSON:
            return seat.color
        people = self.seats.people()
        return people[0] if people else None

    def moved(self) -> scene.Moved:
        """What the moment the banner tells of moved on the map (nothing
        once a person's own action is the last word)."""
        index = self._moment_told()
        if index is None:
            return (), {}
        before = self._before if index == 0 else scene.places(self._moments[index - 1].game)
        return scene.moved(before, self._moments[index].game)

    def analysed_seats(self) -> list[str] | None:
        """The seats an analysis assesses: those people play (all but the
        dummies when bots hold every seat)."""
        return self.seats.people() or None

    def review_is_stale(self) -> bool:
        """Whether the analysis shown is of a game the board no longer has
        (an undo since, or another end played): it goes, and the button
        comes back once the game is over again."""
        return self.analysis is not None and self._line.game.history != self._analysed

    def set_table(self, game: Game, seats: Seats) -> None:
        """Another game on the board (a study's other chapter, maybe on
        another map), with its ``seats``: nothing is known of its moments."""
        self.seats = seats
        self.show(board=scene.board_json(game, seats))
        self._line = Line(game)

    def follow(self, game: Game) -> None:
        """Make ``game`` the line shown, live (a study's node): what the line
        knew of the moments of the steps they share is kept."""
        old = self._line
        self._line = Line(game, old.sizes()[: shared(old.game.history, game.history)])
        self._moments = []
        self._since = len(game.log)

    def progressed(self, done: int, total: int) -> None:
        """An analysis's progress, sent to the page as it goes (shown while a
        message is handled, it is sent at once)."""
        self.show(progress={"done": done, "total": total})

    def offered(self) -> list[Action]:
        """The legal actions the page lists: a person's decision's, as the
        board's viewer may see them (:func:`.scene.offered`)."""
        if self._waiting() is not None:
            return []
        game = self.line.game
        return scene.offered(game, game.legal_actions(), self.viewer(game))

    # -- helpers ------------------------------------------------------------------------
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

    def _waiting(self) -> payloads.Waiting:
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
        self.publish()

    def _playing(self) -> bool:
        """Whether a playback shows a moment before the live position."""
        return self._at < len(self._moments) - 1

    def _catch_up(self) -> None:
        """Finish a playback at once."""
        if self._playing():
            self._moments = []
            self.publish()

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
        self.publish()

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

    def _past(self, step: int, moment: int) -> tuple[Game, payloads.Moment | None]:
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
        return moments[moment].game, scene.moment_json(moments[moment], moment)

    # -- the payloads -------------------------------------------------------------------
    def speak_in(self, code: str) -> None:
        """Say everything in ``code`` from now on (a known language: the
        widget's trait checked it); an open board draws itself anew in it."""
        if self._opened and code != self.language:
            with self.locked():
                self.language = code
                self.speak()

    def speak(self) -> None:
        """Draw everything anew in the board's language, in one batch: the
        map and its legend, the log's finished phases (written once per
        language), the position, a past position being looked at."""
        self._told.clear()
        with self.held(), speaking(self.language):
            self.show(
                language=self.language,
                words=page_words(self.language),
                board=scene.board_json(self._line.game, self.seats),
            )
            self.publish()
            past = self.shown.get("past")
            if past is not None and "step" in past:  # a past position is being looked at
                self._show_past(past["step"], past["moment"])
            if self.analysis is not None and self.shown.get("review"):
                # The chart and the engine's words said anew; the comments the
                # analysis wrote stay in the language they were written in.
                self.show(review=review_json(self.analysis.chapters[0]))
        self._opened = True

    def publish(self) -> None:
        """Show every payload of the position shown, in one batch. Called
        inside ``speaking`` the board's language (by a message or
        :meth:`speak`): its texts are in it."""
        game = self.line.game
        playing = self._playing()
        shown = self._moments[self._at].game if playing else game
        waiting = self._waiting()
        viewer = self.viewer(shown)
        actions = self.offered()
        page = Round()
        sections = scene.pictures(shown, viewer, actions, self.moved())
        layout = {k: page.svg(v) for k, v in sections.items()}
        log = self._log(page)
        decision = scene.decision_json(shown, self.seats, actions, waiting, viewer)
        controls: payloads.Controls = {
            "can_undo": game.can_undo,
            "can_redo": game.can_redo,
            "steps": len(game.history),
            "moment": self._moment_json(),
            "outcome": self._own_outcome(),
            "pending": len(self._moments) - 1 - self._at if playing else 0,
            "what_if": None if self._what_if is None else {"from": self._branch_step()},
            "night": self._night(),
        }
        stale = self.review_is_stale()
        with self.held():  # everything is made: only the payloads are shown here
            if stale:
                self.analysis, self._analysed = None, []
                self.show(review={})
            self.show(version=self.version + 1, chunks_new=self.sheet.publish(page))
            self.show(pictures=layout, log=log, decision=decision, controls=controls, hint={})
        self._drawn = self._revisions()

    def _moment_json(self) -> payloads.Moment | None:
        index = self._moment_told()
        if index is None:
            return None
        moment, chosen = self._moments[index], ""
        if index == 0 and not scene.told(moment):  # the action tells nothing yet: its label
            game = self.line.game  # the moments are of its last step
            chosen = game.at(len(game.history) - 1).explain(moment.actions[0])
            if self.seats[moment.player].kind != PERSON:
                # A label speaks to the one deciding ("your hall is full"):
                # said of a bot's or a dummy's step, its deed alone.
                chosen = short(chosen)
        return scene.moment_json(moment, index, chosen)

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
        return scene.outcome(self._moments[-1].events)

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
        return shared(self._line.game.history, self._what_if.game.history)

    def _log(self, page: Round) -> payloads.Log:
        """The log as far as the position shown: a playback does not tell
        what the dummy does before the board shows it."""
        line = self.line
        positions = list(line.positions())
        if self._playing():
            shown = (len(line.game.history), self._at)
            positions = [p for p in positions if p <= shown]
        return scene.log_json(page, line.game.log[: len(positions)], positions, self._told)

    # -- how it shows ----------------------------------------------------------------
    def said(self) -> str:
        """The board in a line, in its own language (a widget's repr)."""
        with speaking(self.language):  # the board's own language, not the session's
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
            return f"{self.seats}, {now}{trying}"
