"""The game, one decision at a time.

>>> game = Game.new(players=["yellow", "red"], board="A", seed=7)
>>> game.decision.kind
'start-zone'
>>> events = game.apply("start H")

``legal_actions()`` lists every action allowed now; ``apply`` takes one (an
:class:`Action` or its notation) and returns the events it caused. Anything
refused raises :class:`CovilError` and leaves the game exactly as it was.
What a game shows of its table, and what it allows, is read through its
:class:`~covil_nb.model.position.Position`. A game keeps its past in a
:class:`~covil_nb.model.history.History` (undo, redo, any step again) and
writes and reads its saves with :mod:`~covil_nb.model.saves`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from . import flow, saves, setup
from .actions import Action, Event, Events
from .arguments import checked, fit
from .cards import CardSet, load_cards
from .errors import CovilError
from .flow import Day, Now
from .history import Checkpoint, History, Moment, Step, Transaction, checked_step
from .language import N_, cite, named, tr
from .maps import Board
from .position import Position
from .setup import Deal
from .state import Rules, State
from .table import Table
from .views import resample
from .vocabulary import Phase


@dataclass(frozen=True)
class SetupStep:
    """One setup step (A to I), what it did, and the table after it."""

    letter: str
    title: str
    events: list[Event]
    game: Game

    def __str__(self) -> str:
        done = "\n".join(f"  {e.text}" for e in self.events)
        # Cited as the language of the moment's rulebook numbers it ("Preparação I").
        rule = "Setup I: Choose starting zones" if self.letter == "I" else f"Setup {self.letter}"
        head = cite(rule) if self.letter == "I" else f"{cite(rule)}: {named(self.title)}"
        return f"{head}\n{done}\n\n{self.game}"


class Game(Position):
    """A game of Covil: state, rules, history. See the module docstring; what
    it shows of its table, read-only, is its :class:`Position`."""

    # The static picture (``_repr_svg_``) is drawn by the drawing, a layer
    # above the model: the package sets it here, in covil_nb/__init__.py,
    # which Python runs before any module of the model.
    _picture: ClassVar[Callable[[Game], str] | None] = None

    def __init__(
        self,
        state: State,
        cards: CardSet,
        board: Board,
        *,
        origin: dict[str, Any],
        events: list[Event] | None = None,
        undo: bool = True,
        log: bool = True,
        keyframes: list[State] | None = None,
    ) -> None:
        # A game that keeps history keeps its log; a copy for search may say nothing.
        self._log = log or undo
        super().__init__(Table(state, cards, board, quiet=not self._log))
        if keyframes is None:
            keyframes = [state.clone()] if undo else []
        self._history = History(cards, board, origin, list(events or []), keyframes, undo)
        self._now: Now | None = None  # the decision waited for, once known
        self._settled = False  # whether _now is known for the current state
        # The table may be out of step with the history: an action is being
        # played, or was stopped and its rollback stopped too. Whatever reads
        # the state next plays it again from the history (_repair).
        self._stale = False

    @property
    def _state(self) -> State:
        if self._stale:
            self._repair()
        return self._table.state

    def _repair(self) -> None:
        """The state played again from the history, the one record that is
        whole, after work on it was stopped halfway (and its rollback too);
        the kept states made to fit it. Under the lock: another thread may
        be reading while an action is played. A search copy keeps no
        history to do it from: it refuses to go on instead."""
        history = self._history
        if not history.keeps_record:
            raise CovilError(
                tr(
                    "this search copy was stopped in the middle of an action, and keeps no "
                    "earlier position to go back to: make a new copy"
                ),
                "copy",
            )
        with history.lock:
            if not self._stale:
                return  # repaired, or played to its end, meanwhile
            history.refit()
            self._rewind(len(history.steps))

    # -- making games -------------------------------------------------------------
    @classmethod
    @checked("Setup")
    def new(
        cls,
        players: list[str],
        board: str = "A",
        seed: int | None = None,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> Game:
        """A new game after setup, waiting for the first starting zone.

        ``players`` are colors in seating order; the first holds the scepter.
        Without a ``seed`` a fresh one is picked and kept in the game's record
        (``game.seed``), so the game still replays exactly.
        ``edition`` sets the edition options of ``docs/rules.md``; ``rules`` may set
        them one by one instead. ``dummies`` are seats played by the solo
        mode's dummy (see :meth:`solo`)."""
        deal = Deal.of(players, board, seed, edition, rules, cards, dummies, next_to_yours)
        t = deal.table()
        setup.setup(t, list(deal.players))
        return cls._start(t, deal)

    @classmethod
    @checked("Solo mode")
    def solo(
        cls,
        player: str = "yellow",
        dummies: list[str] | tuple[str, ...] = ("red",),
        seed: int | None = None,
        edition: str = "en",
        next_to_yours: bool = False,
        rules: Rules | None = None,
        cards: CardSet | None = None,
    ) -> Game:
        """Solo mode, "Evil prevails": you against the rulebook's dummy (or
        two dummies, which never attack each other) on the Desert town map.
        You hold the scepter; ``next_to_yours`` puts the dummy's fortress on
        the spiral nearest yours."""
        if player in dummies:
            raise CovilError(
                tr("{player} is your seat: a dummy plays another color", player=player), "Solo mode"
            )
        return cls.new(
            [player, *dummies],
            board="desert-town",
            seed=seed,
            edition=edition,
            rules=rules,
            cards=cards,
            dummies=dummies,
            next_to_yours=next_to_yours,
        )

    @classmethod
    @checked("Setup")
    def setup_steps(
        cls,
        players: list[str],
        board: str = "A",
        seed: int | None = None,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> Iterator[SetupStep]:
        """Setup A to I one step at a time, each with a snapshot of the table
        after it; the last step's game is ``Game.new(...)`` with the same
        arguments, waiting for the first starting zone."""
        deal = Deal.of(players, board, seed, edition, rules, cards, dummies, next_to_yours)
        t = deal.table()
        origin = {"new": deal}
        for letter, title, step in setup.STEPS:
            start = len(t.events)
            step(t, list(deal.players))
            snapshot = cls(t.state.clone(), t.cards, t.board, origin=origin, events=list(t.events))
            yield SetupStep(letter, title, t.events[start:], snapshot)
        start = len(t.events)
        game = cls._start(t, deal)
        yield SetupStep("I", N_("Choose starting zones"), t.events[start:], game)

    @classmethod
    def _start(cls, t: Table, deal: Deal) -> Game:
        """The game on a dealt table: the first morning begins (Setup I)."""
        t.state.phase = Phase.MORNING
        t.push(Day())
        return cls._settled_on(t, {"new": deal})

    @classmethod
    def _settled_on(cls, t: Table, origin: dict[str, Any]) -> Game:
        now = flow.settle(t)
        game = cls(t.state, t.cards, t.board, origin=origin, events=t.events)
        game._now, game._settled = now, True
        return game

    @classmethod
    @checked("position")
    def from_position(cls, state: State, cards: CardSet | None = None) -> Game:
        """A game from any position (see :mod:`scenario`). It is read back
        as a save is (a state changed by hand may hold anything), checked
        (:mod:`invariants`), then tried (:func:`saves.tried`): a position
        the rules cannot go on from is refused with a CovilError."""
        the_cards = cards or load_cards()
        position, board, data = saves.read_position(state, the_cards)
        return saves.tried(
            lambda: cls._settled_on(Table(position, the_cards, board), {"position": data})
        )

    # -- playing --------------------------------------------------------------------
    def _current(self) -> Now | None:
        """The decision waited for, worked out once a state and kept."""
        if self._stale:
            self._repair()
        if self._paused:
            return None
        if not self._settled:
            self._now, self._settled = flow.current(self._table), True
        return self._now

    def apply(self, action: Action | str) -> Events:
        """Apply one legal action; return the events it caused. All or
        nothing: if anything stops it halfway (a bug, a KeyboardInterrupt),
        the game is put back exactly as it was and the error goes on."""
        if self._history.keeps_record:
            with self._history.lock:
                return self._apply_recorded(action)
        # A search copy keeps no earlier state to go back to: stopped
        # halfway, it refuses to go on rather than play from a broken one.
        now, chosen, t = self._chosen(action)
        try:
            self._now = flow.play(t, now, chosen)
        except BaseException:
            self._stale, self._settled = True, False
            raise
        return Events(t.events)

    def _chosen(self, action: Action | str) -> tuple[Now, Action, Table]:
        """The decision now, the legal action ``action`` names in it, and
        the table to play it on (its events cleared)."""
        now = self._current()
        chosen = self._match(now, action)
        assert now is not None  # a game that is over has no legal action
        self._table.events = []
        return now, chosen, self._table

    def _apply_recorded(self, action: Action | str) -> Events:
        now, chosen, t = self._chosen(action)
        history = self._history
        played, kept, redo = len(history.steps), len(history.keyframes), history.redo
        self._stale = True  # until the step is recorded
        try:
            self._now = flow.play(t, now, chosen)
            history.add(Step(str(chosen), tuple(t.events), now.player), t.state)
            self._stale = False
        except BaseException:
            self._settled = False
            history.forget(played, kept, redo)
            self._rewind(played)  # whatever went wrong, the game is as it was
            raise
        return Events(t.events)

    # -- copies for search and for one seat ------------------------------------------
    def copy(self, undo: bool = False, log: bool = True) -> Game:
        """An independent game at this position, with no history: a trial
        line whose ``apply`` returns its events. ``undo=True`` also keeps an
        undo record; ``log=False`` makes a search copy, which says nothing
        (``apply`` returns no events) and is the faster for it. A copy that
        keeps an undo record keeps its log too: ``log=False`` counts only
        without ``undo``."""
        # Checked here, not by @checked: a search copies every position it
        # looks at (the wrappers of this and margin took a tenth of its time).
        if type(undo) is not bool or type(log) is not bool:
            fit(bool, undo, "Game.copy: undo", "copy")
            fit(bool, log, "Game.copy: log", "copy")
        return self._fork(self._state.clone(), self._paused, undo, log)

    @checked("players")
    def for_seat(self, color: str, seed: int, undo: bool = False, log: bool = True) -> Game:
        """A copy as ``color`` may know it: everything hidden from that seat
        (other hands, deck orders, unused cards, shuffles to come) is dealt
        anew from ``seed``. Bots decide on these, never on the real game
        (and search on them with ``log=False``, as with :meth:`copy`)."""
        self._check_player(color)
        return self._fork(resample(self._state, self.cards, color, seed), self._paused, undo, log)

    def _fork(self, state: State, paused: str = "", undo: bool = False, log: bool = True) -> Game:
        game = Game(state, self.cards, self.board, origin={}, undo=undo, log=log)
        game._paused = paused
        if undo:  # its record starts here: the first kept state, which never changes
            game._history.origin = {"position": game._history.keyframes[0]}
        return game

    # -- time travel (the History) -----------------------------------------------------
    def undo(self) -> str:
        """Take back the last action; return its notation. All or nothing,
        as :meth:`apply` is."""
        with self.transaction():
            if not self._history.steps:
                raise CovilError(tr("there is nothing to undo"), "undo")
            # The slow part first, while nothing has changed yet.
            table = self._table_at(len(self._history.steps) - 1)
            action = self._history.take_back()
            self._table, self._settled = table, False
        return action

    def redo(self) -> Events:
        """Play again the last action taken back; return its events. All or
        nothing, as :meth:`apply` is."""
        with self.transaction():
            if not self._history.redo:
                raise CovilError(tr("there is nothing to redo"), "redo")
            kept = self._history.redo[:-1]
            events = self.apply(self._history.redo[-1])
            self._history.redo = kept
        return events

    def transaction(self) -> Transaction:
        """A block (``with game.transaction():``) whose changes to this game
        are kept whole or not at all: if it raises (a KeyboardInterrupt
        too), the game is put back exactly as it was before the block,
        history and redo list included. It holds :attr:`lock` meanwhile."""
        return Transaction(self)

    def checkpoint(self) -> Checkpoint:
        """Where the game stands now, to go back to with :meth:`rollback`.
        A block that also changes other things than the game (the board's
        own record of a message) takes one and rolls back on any error,
        where a :meth:`transaction` inside it would have closed already."""
        if not self._history.keeps_record:
            raise CovilError(tr("a search copy keeps no record to go back to"), "copy")
        return self._history.checkpoint(self._table)

    def rollback(self, to: Checkpoint) -> None:
        """Put the game back as it was at the checkpoint ``to`` (taken on
        this game): nothing to do when nothing changed, as after a refusal."""
        history = self._history
        if not (history.differs(to) or self._table is not to.table or self._stale):
            return
        # The replay first, from the checkpoint's own record: stopped there,
        # the game is as the work left it, whole or marked stale.
        state = history.replayed(to.history, to.keyframes, len(to.history))
        table = Table(state, self.cards, self.board, quiet=not self._log)
        self._stale = True  # until the table is the one of the record put back
        history.restore(to)
        self._table, self._settled, self._stale = table, False, False

    @property
    def lock(self) -> AbstractContextManager[Any]:
        """Held by :meth:`apply`, :meth:`undo`, :meth:`redo` and
        :meth:`transaction`: a program holds it (``with game.lock:``) to play
        several steps with nothing from another thread in between, such as
        a board's click handled while a cell runs. A search copy, which no
        other thread sees, has none (holding it does nothing)."""
        return self._history.lock

    @property
    def revision(self) -> int:
        """A number that changes whenever the game does (an action, an undo,
        a redo, a rollback): a view compares it with the one it drew."""
        return self._history.revision

    def _rewind(self, step: int) -> None:
        """Put the state back as it was after the first ``step`` actions."""
        table = self._table_at(step)
        self._table, self._settled, self._stale = table, False, False
        self._history.revision += 1

    def _table_at(self, step: int) -> Table:
        return Table(self._history.state_at(step), self.cards, self.board, quiet=not self._log)

    def at(self, step: int) -> Game:
        """An independent game as this one was after its first ``step``
        actions (0 to ``len(history)``): undo works in it, and its redo list
        holds the actions that followed, so it can step forward along this
        game's line, or branch off it ("what if") without touching this one."""
        history = self._history
        step = checked_step(step, len(history.steps))
        # A search copy has no history to go back in: its one step is now.
        state = history.state_at(step) if history.keyframes else self._table.state.clone()
        game = self._fork(state, log=self._log)
        game._history = history.branch(step)  # and so its record, kept or not
        return game

    def moments(self, step: int | None = None) -> list[Moment]:
        """The positions inside one step of the history (the last one by
        default): right after the chosen action, then after each automatic
        step of a solo dummy and each step of a night, so that a board can
        show them one at a time.
        The step is played again from the state before it: chance is in the
        state, so it comes out the same."""
        if not self._history.steps:
            raise CovilError(tr("no action has been played yet"), "history")
        last = len(self._history.steps) - 1
        index = checked_step(last if step is None else step, last)
        return self._history.moments(index, self._state if index == last else None, self._fork)

    @property
    def keeps_record(self) -> bool:
        """Whether this game keeps its history (undo, a save, a transaction):
        a search copy (``copy()`` without ``undo``) does not."""
        return self._history.keeps_record

    @property
    def can_undo(self) -> bool:
        return bool(self._history.steps)

    @property
    def can_redo(self) -> bool:
        return bool(self._history.redo)

    # -- records and saves (saves.py) --------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The notation of every action applied, in order."""
        return [s.action for s in self._history.steps]

    @property
    def log(self) -> Events:
        """Every event since setup, in order."""
        return Events(self._history.opening + [e for s in self._history.steps for e in s.events])

    def record(self) -> dict[str, Any]:
        """Where the game began and the actions since: replays to this game."""
        return saves.record(self)

    def to_json(self) -> str:
        return saves.to_json(self)

    @checked("save file")
    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the save (:meth:`to_json`) to a file; return its path. The
        file is replaced whole: written beside it first, then renamed, so an
        interrupt or a full disk never leaves half a save."""
        return saves.write(path, self.to_json())

    @classmethod
    @checked("save file")
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """Read a save file written by :meth:`save` (see :meth:`from_json`)."""
        return saves.load(cls, path)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save (or a record) from its text: it is replayed through the
        rules, so a save file from a stranger can hold nothing the rules would
        refuse. To read a file, use :meth:`load`. A save longer than
        :data:`codec.MAX_SAVE` or nested deeper than :data:`codec.MAX_DEPTH`
        is refused before it is read."""
        return saves.from_json(cls, text)

    @classmethod
    def replay(cls, record: Any) -> Game:
        """The game a record (:meth:`record`, or a save's JSON data) holds.
        Everything in it is checked before the game is built: its format,
        its origin, and the types of its actions, redo list and state; then
        the actions are replayed, the state compared, the redo list tried."""
        return saves.replay(cls, record)

    def _repr_svg_(self) -> str | None:
        """The table as a picture, in any notebook viewer (no widget needed)."""
        return Game._picture(self) if Game._picture else None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and self._state == other._state
            and self.history == other.history
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Callable[[str], Game], tuple[str]]:
        """A game pickles (for a process pool) as its save, replayed when it
        is unpickled: the same game on either engine, with a lock of its
        own. A search copy keeps no record to pickle."""
        return Game.from_json, (self.to_json(),)
