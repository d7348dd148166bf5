"""The game, one decision at a time.

>>> game = Game.new(players=["yellow", "red"], board="A", seed=7)
>>> game.decision.kind
'start-zone'
>>> events = game.apply("start H")

``legal_actions()`` lists every action allowed now; ``apply`` takes one (an
:class:`Action` or its notation) and returns the events it caused. Anything
refused raises :class:`CovilError` and leaves the game exactly as it was.

How undo works: a game keeps each action with the events it caused, and a
copy of the state every :data:`KEYFRAME_EVERY` actions. Going back to any
step starts from the copy before it and plays the actions since: chance is
part of the state, so they come out exactly as they did. A finished game so
holds a few copies of the state, not one per action.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from . import codec, flow, morning, night, render, setup
from .actions import Action, Actions, Decision, Event, Events
from .afternoon import TroopAction
from .arguments import checked, fit
from .cards import CardSet, load_cards, load_cards_data
from .combat import Combat, CombatView, Forecast, forecast
from .errors import CovilError, CovilTypeError, said
from .flow import Day, Now
from .invariants import problems
from .language import N_, Joined, Text, cite, named, tr
from .maps import Board
from .scoring import Scores, VpNow, scores, vp_now, winners
from .setup import Deal
from .state import STEPS, Player, Rules, State
from .table import Table
from .views import resample
from .vocabulary import DecisionKind, Phase, Verb, fortress_target
from .words import color_name, phase_name

SAVE_FORMAT = "covil_nb/game"
SAVE_VERSION = 1
# The fields a save may hold (see ``record`` and ``to_json``), and those of its "new" origin.
RECORD_FIELDS = frozenset(
    {"format", "version", "new", "position", "cards", "actions", "redo", "state"}
)
NEW_FIELDS = frozenset({"players", "board", "seed", "edition", "rules", "dummies", "next_to_yours"})
KEYFRAME_EVERY = 32  # undo plays at most this many actions again from a kept state
OVER = Phase.END  # read after every action, looked up once (an enumeration's member is slow)
_NO_LOCK = nullcontext()  # a search copy's lock: no other thread sees it
_OLD_FORTRESS = "fortress:"  # how saves before issue 9 named a fortress in the rebels' queue


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


class Step(NamedTuple):
    """One applied action (its notation), the events it caused, and who
    chose it. Steps never change, so games branched with :meth:`Game.at`
    share them."""

    action: str
    events: tuple[Event, ...]
    player: str


class Checkpoint(NamedTuple):
    """Where a game stood (see :meth:`Game.checkpoint`): its history, its
    redo list, the states it kept, and the table it played on (changed in
    place by an action played, replaced by a rewind)."""

    history: tuple[Step, ...]
    redo: tuple[str, ...]
    keyframes: tuple[State, ...]
    table: Table


@dataclass(frozen=True)
class Moment:
    """A position inside one step of the history: right after the chosen
    action, or after one automatic step of a solo dummy."""

    player: str  # who acted; "" for a step of the night or the morning: the rules'
    actions: tuple[str, ...]  # what they did, in notation
    # Why: a dummy's priority (a Text, said in the language of the moment),
    # the rule of the night's step or the morning; empty for a player's own choice.
    reason: str | Text
    events: tuple[Event, ...]
    game: Game  # a copy at that moment, to look at or draw


class Game:
    """A game of Covil: state, rules, history. See the module docstring."""

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
        self.cards = cards
        self.board = board
        # A game that keeps history keeps its log; a copy for search may say nothing.
        self._log = log or undo
        self._table = Table(state, cards, board, quiet=not self._log)
        self._origin = origin
        self._opening = list(events or [])
        self._history: list[Step] = []
        self._redo: list[str] = []
        self._undo = undo
        # The state before steps 0, KEYFRAME_EVERY, 2 * KEYFRAME_EVERY...; never changed.
        if keyframes is None:
            keyframes = [state.clone()] if undo else []
        self._keyframes = keyframes
        self._now: Now | None = None  # the decision waited for, once known
        self._settled = False  # whether _now is known for the current state
        # A moment inside the night (Game.moments): the rule of the step just
        # played, where no one decides; "" for a game in play.
        self._paused = ""
        # The table may be out of step with the history: an action is being
        # played, or was stopped and its rollback stopped too. Whatever reads
        # the state next plays it again from the history (_repair).
        self._stale = False
        # Another thread may change a game that keeps its record: a board's
        # clicks are handled beside a running cell (comms over subshells).
        self._lock: AbstractContextManager[Any] = threading.RLock() if undo else _NO_LOCK
        self._revision = 0  # changes whenever the game does (see revision)

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
        if not self._undo:
            raise CovilError(
                tr(
                    "this search copy was stopped in the middle of an action, and keeps no "
                    "earlier position to go back to: make a new copy"
                ),
                "copy",
            )
        with self._lock:
            if not self._stale:
                return  # repaired, or played to its end, meanwhile
            kept = len(self._history) // KEYFRAME_EVERY + 1
            del self._keyframes[kept:]
            while len(self._keyframes) < kept:  # one was not kept yet: keep it now
                self._keyframes.append(self._state_at(len(self._keyframes) * KEYFRAME_EVERY))
            self._rewind(len(self._history))

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
        (:mod:`invariants`), then tried (:meth:`_try_each_action`): a
        position the rules cannot go on from is refused with a CovilError."""
        the_cards = cards or load_cards()
        data = codec.encode(state)
        position = _decode_state(data, "state")
        board = setup.board_named(position.options.board)
        found = problems(position, the_cards, board)
        if found:
            raise CovilError(
                tr("the position is not valid: {problems}", problems=Joined("; ", found)),
                "position",
            )
        try:
            game = cls._settled_on(Table(position, the_cards, board), {"position": data})
            game._try_each_action()
        except CovilError:
            raise
        except Exception as failure:  # the checks above missed a broken step: say so
            raise CovilError(
                tr(
                    "the position is not valid: the rules cannot go on from its decision stack "
                    "({type}: {failure})",
                    type=type(failure).__name__,
                    failure=failure,
                ),
                "position",
            ) from failure
        return game

    def _try_each_action(self) -> None:
        """Write the decision and play each of its actions on a copy that
        writes its log (every sentence is tried too). A position, or one an
        action leads to, that waits for a decision with nothing allowed is
        no position."""
        self._refuse_if_stuck(None)
        for action in self.legal_actions():
            _ = action.label
            after = self.copy()
            after.apply(action)
            after._refuse_if_stuck(action)

    def _refuse_if_stuck(self, after: Action | None) -> None:
        """Refuse a position (reached ``after`` an action) that waits for a
        decision with nothing allowed."""
        decision = self.decision
        if decision is None or self.legal_actions():
            return
        said = {"color": color_name(decision.player), "prompt": decision.prompt}
        if after is None:
            stuck = tr(
                "the position is not valid: {color} must {prompt}, and nothing is allowed", **said
            )
        else:
            stuck = tr(
                "the position is not valid after '{action}': {color} must {prompt}, and nothing "
                "is allowed",
                action=str(after),
                **said,
            )
        raise CovilError(stuck, "position")

    # -- where we are ---------------------------------------------------------------
    def _current(self) -> Now | None:
        if self._stale:
            self._repair()
        if self._paused:
            return None
        if not self._settled:
            self._now, self._settled = flow.current(self._table), True
        return self._now

    @property
    def paused(self) -> str:
        """Inside the night, between its steps (a moment of :meth:`moments`):
        the rule of the step just played; "" for a game in play."""
        return self._paused

    @property
    def decision(self) -> Decision | None:
        """Who decides now and what; None once the game is over."""
        now = self._current()
        return now.decision if now else None

    @property
    def decider(self) -> str | None:
        """Who decides now (``decision.player``); None once the game is over.
        With :attr:`decision_kind`, what a program asking this at every step
        (a bot's playouts) needs, without writing the decision's prompt."""
        now = self._current()
        return now.player if now else None

    @property
    def decision_kind(self) -> DecisionKind | None:
        """What kind of decision is waited for (``decision.kind``); None once
        the game is over. See :attr:`decider`."""
        now = self._current()
        return now.kind if now else None

    def legal_actions(self, free: bool = True) -> Actions:
        """Every action allowed now (empty only when the game is over).
        ``free=False`` leaves out the free actions of 2.2 (relics, Commands,
        buying a relic): the step's own choices, for a player who will take
        none of those now (a bot's quick playouts), listed faster."""
        now = self._current()
        if now is None:
            return Actions()
        return Actions(now.actions() if free else now.own_actions())

    def apply(self, action: Action | str) -> Events:
        """Apply one legal action; return the events it caused. All or
        nothing: if anything stops it halfway (a bug, a KeyboardInterrupt),
        the game is put back exactly as it was and the error goes on."""
        if self._undo:
            with self._lock:
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
        played, kept, redo = len(self._history), len(self._keyframes), self._redo
        self._stale = True  # until the step is recorded
        try:
            self._now = flow.play(t, now, chosen)
            self._history.append(Step(str(chosen), tuple(t.events), now.player))
            self._redo = []
            if len(self._history) % KEYFRAME_EVERY == 0:
                self._keyframes.append(t.state.clone())
            self._stale = False
            self._revision += 1
        except BaseException:
            self._settled = False
            del self._history[played:], self._keyframes[kept:]
            self._redo = redo
            self._rewind(played)  # whatever went wrong, the game is as it was
            raise
        return Events(t.events)

    def _match(self, now: Now | None, action: Action | str) -> Action:
        """The legal action that ``action`` names, or the error saying why none does."""
        if self._paused:
            raise CovilError(
                tr(
                    "this position is inside the night, after {paused}, where no one decides: it "
                    "is for looking at; play from Game.at(step)",
                    paused=self._paused,
                ),
                night.PHASE,
            )
        if now is not None and isinstance(action, Action) and now.listed(action):
            return action
        legal = now.actions() if now else []
        # An Action is looked for as it is, and read (its arguments checked)
        # only when it is not found: one listed in another copy of this
        # position (a search plays one on each of its copies) equals one
        # here, and reading it cost a search a hundredth of its time.
        wanted = action if isinstance(action, Action) else _parse(action)
        for a in legal:
            if a == wanted:
                return a
        raise flow.refuse(self._table, now, _parse(wanted), legal)

    def explain(self, action: Action | str) -> str:
        """What ``action`` would do now (its label) or, when it is not allowed,
        why not, in the rule's words and naming the rule (a malformed
        notation too: what ``apply`` would raise, as text)."""
        found = self._matched(action)
        if isinstance(found, CovilError):
            return str(found)
        return found.label or str(found)

    def refusal(self, action: Action | str) -> CovilError | None:
        """The error playing ``action`` now would raise (what is wrong, in the
        rule's words, and the rule apart), or None when it is allowed."""
        found = self._matched(action)
        return found if isinstance(found, CovilError) else None

    def _matched(self, wanted: Action | str) -> Action | CovilError:
        """The legal action ``wanted`` names, or the error saying why none does."""
        try:
            return self._match(self._current(), wanted)
        except CovilError as refusal:
            return refusal

    def forecast(self, action: Action | str) -> Forecast | None:
        """What an attack offered now would meet, told before it is declared
        ("attack up to 4 against defense 2", see
        :class:`~covil_nb.model.combat.Forecast`); None for an action that
        is not an attack. An action not allowed now raises, as in :meth:`apply`."""
        now = self._current()
        chosen = self._match(now, action)
        if now is None or chosen.verb != Verb.ATTACK:
            return None
        # An attack is offered in a troop action and to a free attack's chosen troop.
        frame = now.frame
        assert isinstance(frame, TroopAction | Combat) and frame.troop is not None
        troop = self._table.player(now.player).troop(frame.troop)
        assert troop is not None
        return forecast(self._table, now.player, troop, chosen.args[0])

    @property
    def combat(self) -> CombatView | None:
        """The combat under way, with both strengths; None outside a combat."""
        for frame in reversed(self._state.stack):  # read first: a stale table is played again
            if isinstance(frame, Combat):
                return frame.view(self._table)
        return None

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
        return self._fork(self._state.clone(), undo, log, self._paused)

    @checked("players")
    def for_seat(self, color: str, seed: int, undo: bool = False, log: bool = True) -> Game:
        """A copy as ``color`` may know it: everything hidden from that seat
        (other hands, deck orders, unused cards, shuffles to come) is dealt
        anew from ``seed``. Bots decide on these, never on the real game
        (and search on them with ``log=False``, as with :meth:`copy`)."""
        self._check_player(color)
        return self._fork(resample(self._state, self.cards, color, seed), undo, log, self._paused)

    def _check_player(self, color: str) -> None:
        if color not in self.players:
            raise CovilError(
                tr(
                    "no {color} player in this game: {players}",
                    color=said(color),
                    players=self.players,
                ),
                "players",
            )

    def _fork(self, state: State, undo: bool = False, log: bool = True, paused: str = "") -> Game:
        game = Game(state, self.cards, self.board, origin={}, undo=undo, log=log)
        game._paused = paused
        if undo:  # its record starts here: the first kept state, which never changes
            game._origin = {"position": game._keyframes[0]}
        return game

    # -- time travel ---------------------------------------------------------------
    def undo(self) -> str:
        """Take back the last action; return its notation. All or nothing,
        as :meth:`apply` is."""
        with self.transaction():
            if not self._history:
                raise CovilError(tr("there is nothing to undo"), "undo")
            step, history = self._history[-1], self._history[:-1]
            table = self._table_at(len(history))  # the slow part: nothing has changed yet
            keyframes = self._keyframes[: len(history) // KEYFRAME_EVERY + 1]
            redo = [*self._redo, step.action]
            # One statement: no interrupt falls between the parts of the record.
            self._history, self._keyframes, self._redo, self._table, self._settled = (
                history,
                keyframes,
                redo,
                table,
                False,
            )
            self._revision += 1
        return step.action

    def redo(self) -> Events:
        """Play again the last action taken back; return its events. All or
        nothing, as :meth:`apply` is."""
        with self.transaction():
            if not self._redo:
                raise CovilError(tr("there is nothing to redo"), "redo")
            kept = self._redo[:-1]
            events = self.apply(self._redo[-1])
            self._redo = kept
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
        if not self._undo:
            raise CovilError(tr("a search copy keeps no record to go back to"), "copy")
        return Checkpoint(
            tuple(self._history), tuple(self._redo), tuple(self._keyframes), self._table
        )

    def rollback(self, to: Checkpoint) -> None:
        """Put the game back as it was at the checkpoint ``to`` (taken on
        this game): nothing to do when nothing changed, as after a refusal."""
        history, redo, keyframes = list(to.history), list(to.redo), list(to.keyframes)
        changed = (self._history, self._redo, self._keyframes) != (history, redo, keyframes)
        if not (changed or self._table is not to.table or self._stale):
            return
        # The replay first, from the checkpoint's own record: stopped there,
        # the game is as the work left it, whole or marked stale.
        state = self._replayed(history, keyframes, len(history))
        table = Table(state, self.cards, self.board, quiet=not self._log)
        self._history, self._redo, self._keyframes, self._table, self._settled, self._stale = (
            history,
            redo,
            keyframes,
            table,
            False,
            False,
        )
        self._revision += 1

    @property
    def lock(self) -> AbstractContextManager[Any]:
        """Held by :meth:`apply`, :meth:`undo`, :meth:`redo` and
        :meth:`transaction`: a program holds it (``with game.lock:``) to play
        several steps with nothing from another thread in between, such as
        a board's click handled while a cell runs. A search copy, which no
        other thread sees, has none (holding it does nothing)."""
        return self._lock

    @property
    def revision(self) -> int:
        """A number that changes whenever the game does (an action, an undo,
        a redo, a rollback): a view compares it with the one it drew."""
        return self._revision

    def _rewind(self, step: int) -> None:
        """Put the state back as it was after the first ``step`` actions."""
        table = self._table_at(step)
        self._table, self._settled, self._stale = table, False, False
        self._revision += 1

    def _table_at(self, step: int) -> Table:
        return Table(self._state_at(step), self.cards, self.board, quiet=not self._log)

    def _state_at(self, step: int) -> State:
        """A new copy of the state after the first ``step`` actions."""
        if step == len(self._history) and not self._keyframes:
            return self._table.state.clone()  # a search copy has no history to go back in
        return self._replayed(self._history, self._keyframes, step)

    def _replayed(self, history: list[Step], keyframes: list[State], step: int) -> State:
        """The state after the first ``step`` actions of ``history``: the
        last kept state before them, and the actions since played again."""
        base = min(step // KEYFRAME_EVERY, len(keyframes) - 1)
        # Quiet: the events of these steps are kept in the history already.
        t = Table(keyframes[base].clone(), self.cards, self.board, quiet=True)
        now = flow.current(t)
        for done in history[base * KEYFRAME_EVERY : step]:
            assert now is not None, "a step of the history comes after the end"
            now = flow.play(t, now, Action.parse(done.action))
        return t.state

    def at(self, step: int) -> Game:
        """An independent game as this one was after its first ``step``
        actions (0 to ``len(history)``): undo works in it, and its redo list
        holds the actions that followed, so it can step forward along this
        game's line, or branch off it ("what if") without touching this one."""
        step = self._step(step, len(self._history))
        game = Game(
            self._state_at(step),
            self.cards,
            self.board,
            origin=self._origin,
            events=self._opening,
            undo=self._undo,
            log=self._log,
            keyframes=self._keyframes[: step // KEYFRAME_EVERY + 1],
        )
        game._history = self._history[:step]
        game._redo = self._redo + [s.action for s in reversed(self._history[step:])]
        return game

    def moments(self, step: int | None = None) -> list[Moment]:
        """The positions inside one step of the history (the last one by
        default): right after the chosen action, then after each automatic
        step of a solo dummy and each step of a night, so that a board can
        show them one at a time.
        The step is played again from the state before it: chance is in the
        state, so it comes out the same."""
        if not self._history:
            raise CovilError(tr("no action has been played yet"), "history")
        index = self._step(len(self._history) - 1 if step is None else step, len(self._history) - 1)
        done = self._history[index]
        if not any(e.kind == "dummy" or e.rule == night.PHASE for e in done.events):
            # No dummy answered, no night fell: one moment, the position after
            # the step, kept already.
            last = index == len(self._history) - 1
            after = self._state.clone() if last else self._state_at(index + 1)
            return [Moment(done.player, (done.action,), "", done.events, self._fork(after))]
        t = Table(self._state_at(index), self.cards, self.board)
        now = flow.current(t)
        assert now is not None
        # Where a moment ends: before each dummy step (a position where the
        # dummy decides), and between the night's steps (no one decides).
        cuts: list[int] = [0]
        states: list[tuple[State, bool]] = []

        def cut(settled: bool) -> None:
            if len(t.events) > cuts[-1]:  # a moment in which nothing happened is no moment
                cuts.append(len(t.events))
                states.append((t.state.clone(), settled))

        t.pause = lambda: cut(False)
        flow.play(t, now, Action.parse(done.action), lambda _: cut(True))
        if len(t.events) > cuts[-1]:
            cuts.append(len(t.events))
            states.append((t.state, True))
        else:
            states[-1] = (t.state, True)
        return [
            self._moment(
                now.player if i == 0 else None, done.action, t.events[cuts[i] : cuts[i + 1]], *at
            )
            for i, at in enumerate(states)
        ]

    def _moment(
        self, player: str | None, action: str, events: list[Event], state: State, settled: bool
    ) -> Moment:
        """A moment of ``Game.moments``: the step's own action (``player``
        given), a dummy's step (it says what it did and why), or a step of the
        night or the morning after it, told by its rule, which no one decided
        (``player`` "")."""
        # Between the night's steps no one decides: the game is for looking at.
        game = self._fork(state, paused="" if settled else night.step_done(state))
        if player is not None:
            return Moment(player, (action,), "", tuple(events), game)
        did = next((e.data for e in events if e.kind == "dummy" and "actions" in e.data), None)
        if did is None:
            dawn = any(e.rule == morning.PHASE for e in events)
            rule = morning.PHASE if dawn else night.step_done(state)
            return Moment("", (), rule, tuple(events), game)
        return Moment(did["player"], tuple(did["actions"]), did["reason"], tuple(events), game)

    def _step(self, step: object, last: int) -> int:
        """``step`` checked as an index of the history, 0 to ``last``."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise CovilTypeError(
                tr("a step is a whole number, not {step}", step=said(step)), "history"
            )
        if not 0 <= step <= last:
            raise CovilError(
                tr("step {step} is not in the history (0 to {last})", step=step, last=last),
                "history",
            )
        return step

    @property
    def keeps_record(self) -> bool:
        """Whether this game keeps its history (undo, a save, a transaction):
        a search copy (``copy()`` without ``undo``) does not."""
        return self._undo

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- records and saves -----------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The notation of every action applied, in order."""
        return [s.action for s in self._history]

    @property
    def log(self) -> Events:
        """Every event since setup, in order."""
        return Events(self._opening + [e for s in self._history for e in s.events])

    def record(self) -> dict[str, Any]:
        """Where the game began and the actions since: replays to this game."""
        if not self._undo:
            raise CovilError(
                tr("a search copy keeps no record: copy(undo=True) keeps one"), "record"
            )
        origin = {how: _recorded(what) for how, what in self._origin.items()}
        record = {"format": SAVE_FORMAT, "version": SAVE_VERSION, **origin}
        if self._state.options.cards == "custom":
            record["cards"] = self.cards.data()  # the save carries the cards it was played with
        return {**record, "actions": self.history}

    def to_json(self) -> str:
        with self._lock:  # a whole record, whatever another thread plays meanwhile
            return self._json()

    def _json(self) -> str:
        data = {
            **self.record(),
            "redo": list(reversed(self._redo)),
            "state": codec.encode(self._state),
        }
        return json.dumps(data, indent=1)

    @checked("save file")
    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the save (:meth:`to_json`) to a file; return its path. The
        file is replaced whole: written beside it first, then renamed, so an
        interrupt or a full disk never leaves half a save."""
        target, text = Path(path), self.to_json()
        try:
            codec.write_whole(target, text)
        except (OSError, ValueError) as exc:  # a folder, no permission, a name no system takes
            raise CovilError(
                tr("cannot write the save file {path}: {exc}", path=said(str(path)), exc=exc),
                "save file",
            ) from None
        return target

    @classmethod
    @checked("save file")
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """Read a save file written by :meth:`save` (see :meth:`from_json`)."""
        return cls._from_record(codec.read_json_file(path))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save (or a record) from its text: it is replayed through the
        rules, so a save file from a stranger can hold nothing the rules would
        refuse. To read a file, use :meth:`load`. A save longer than
        :data:`codec.MAX_SAVE` or nested deeper than :data:`codec.MAX_DEPTH`
        is refused before it is read."""
        if isinstance(text, os.PathLike) or _looks_like_path(text):
            error = CovilTypeError if isinstance(text, os.PathLike) else CovilError
            raise error(
                f"from_json wants the text of a save, not a path: use Game.load({said(str(text))})",
                "save file",
            )
        return cls._from_record(codec.read_json(text))

    @classmethod
    def replay(cls, record: Any) -> Game:
        """The game a record (:meth:`record`, or a save's JSON data) holds.
        Everything in it is checked before the game is built: its format,
        its origin, and the types of its actions, redo list and state; then
        the actions are replayed, the state compared, the redo list tried."""
        if isinstance(record, str | bytes):
            raise CovilTypeError(
                "replay takes a record (a dict, as game.record() gives): read the text of a "
                "save with Game.from_json, a file with Game.load",
                "save file",
            )
        return cls._from_record(record)

    @classmethod
    def _from_record(cls, record: Any) -> Game:
        """:meth:`replay` of any JSON data (a save's may be anything)."""
        if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
            raise CovilError(
                tr(
                    "$.format: not a covil_nb game record (its 'format' must be {save_format})",
                    save_format=repr(SAVE_FORMAT),
                ),
                "save file",
            )
        if record.get("version") != SAVE_VERSION:
            raise CovilError(
                tr(
                    "$.version: save version {version} is not {save_version}",
                    version=said(record.get("version")),
                    save_version=SAVE_VERSION,
                ),
                "save file",
            )
        codec.refuse_unknown(record, RECORD_FIELDS, "$")
        actions = codec.decode(list[str], record.get("actions", []), "$.actions")
        redo = codec.decode(list[str], record.get("redo", []), "$.redo")
        state = _decode_state(record["state"], "$.state") if "state" in record else None
        game = cls._origin_game(record)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except CovilError as exc:
                raise CovilError(
                    tr(
                        "$.actions[{i}]: action #{number} {action} of the save: {message}",
                        i=i,
                        number=i + 1,
                        action=said(action),
                        message=exc.message,
                    ),
                    exc.rule,
                ) from None
        if state is not None and state != game._state:
            where, saved, replayed = _difference(codec.encode(state), codec.encode(game._state))
            raise CovilError(
                tr(
                    "$.state{where}: the save says {saved}, the replayed actions give {replayed}",
                    where=where,
                    saved=said(saved),
                    replayed=said(replayed),
                ),
                "save file",
            )
        _try_redo(game, redo)
        game._redo = list(reversed(redo))
        return game

    @classmethod
    def _origin_game(cls, record: dict[str, Any]) -> Game:
        """The game a record starts from: a new deal, or a position."""
        with _said_at("$.cards"):
            cards = load_cards_data(record["cards"]) if "cards" in record else None
        if "new" in record:
            new = record["new"]
            if not isinstance(new, dict):
                raise CovilError(
                    tr("$.new must be an object, not {new}", new=said(new)), "save file"
                )
            codec.refuse_unknown(new, NEW_FIELDS, "$.new")
            with _said_at("$.new"):  # Game.new checks the deal with the rules' own errors
                return cls.new(
                    players=codec.decode(list[str], new.get("players"), "$.new.players"),
                    board=codec.decode(str, new.get("board"), "$.new.board"),
                    seed=codec.decode(int, new.get("seed"), "$.new.seed"),
                    edition=codec.decode(str, new.get("edition", "en"), "$.new.edition"),
                    rules=codec.decode(Rules, new.get("rules", {}), "$.new.rules"),
                    cards=cards,
                    dummies=codec.decode(list[str], new.get("dummies", []), "$.new.dummies"),
                    next_to_yours=codec.decode(
                        bool, new.get("next_to_yours", False), "$.new.next_to_yours"
                    ),
                )
        if "position" in record:
            with _said_at("$.position"):
                return cls.from_position(_decode_state(record["position"], "$.position"), cards)
        raise CovilError(tr("$: a record needs a 'new' or a 'position' origin"), "save file")

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

    # -- the state, read-only ----------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the whole state: change it freely, the game is untouched."""
        return self._state.clone()

    def read_state(self) -> State:
        """The state itself, not a copy, for code that reads many positions
        and must not pay a copy for each (a bot's evaluation). Never change
        it: :attr:`state` is the copy to change."""
        return self._state

    @property
    def day(self) -> int:
        return self._state.day

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def players(self) -> list[str]:
        return [p.color for p in self._state.players]

    @property
    def dummies(self) -> list[str]:
        """The seats a solo dummy plays: the engine makes their decisions."""
        return list(self._state.options.dummies)

    @checked("players")
    def player(self, color: str) -> Player:
        """A copy of one player's part of the state."""
        self._check_player(color)
        return self._state.player(color).clone()

    @property
    def is_over(self) -> bool:
        if self._stale:
            self._repair()
        return self._table.state.phase == OVER  # read after every action: no property

    def score(self) -> Scores:
        """Each player's VP by source, with the tie-break values."""
        return Scores(scores(self.cards, self._state), over=self.is_over)

    @checked("players")
    def vp_now(self, seat: str | None = None) -> list[VpNow]:
        """Each player's VP if the game were scored now, by source, as
        ``seat`` sees it: the hands hidden from it count their relics face
        down (see :func:`~covil_nb.model.scoring.vp_now`)."""
        if seat is not None:
            self._check_player(seat)
        return vp_now(self.cards, self._state, seat)

    @property
    def winners(self) -> list[str]:
        """The winner(s) by VP then tie breakers once the game is over (several
        share the victory); empty while it is still being played."""
        return winners(self.score()) if self.is_over else []

    @property
    def seed(self) -> int:
        """The seed the game was dealt with (picked afresh if none was given)."""
        return self._state.options.seed

    def __str__(self) -> str:
        return render.text(self._state, self.cards, self.board, self.decision)

    def __repr__(self) -> str:
        now = (
            tr("over")
            if self.is_over
            else tr("day {day}, {phase}", day=self.day, phase=phase_name(self.phase))
        )
        players = "/".join(self.players)
        said = tr(
            "{players} on board {board}: {now}", players=players, board=self.board.name, now=now
        )
        return f"<Game {said}>"

    def _repr_svg_(self) -> str | None:
        """The table as a picture, in any notebook viewer (no widget needed)."""
        return Game._picture(self) if Game._picture else None


class Transaction:
    """:meth:`Game.transaction`'s block: the game's lock held and a
    checkpoint taken on entry, a rollback on any error at exit. A class,
    not a generator: a generator stopped between its ``yield`` and the
    block would hold the lock until it is collected."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __enter__(self) -> None:
        self.game.lock.__enter__()
        try:
            self.kept = self.game.checkpoint()
        except BaseException:
            self.game.lock.__exit__(None, None, None)
            raise

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        try:
            if kind is not None:
                self.game.rollback(self.kept)
        finally:
            self.game.lock.__exit__(None, None, None)


def _recorded(origin: object) -> Any:
    """An origin as a save writes it. A new game's deal and a copy's first
    kept state are written out only when a record is asked for: most games
    made (a bot's copies, a tournament's games) are never saved."""
    if isinstance(origin, Deal):
        return origin.record()
    if isinstance(origin, State):
        return codec.encode(origin)
    return origin


def _decode_state(data: Any, path: str) -> State:
    """A state from a save, checked against the state's types."""
    state: State = codec.decode(State, data, path, STEPS, codec.MAX_STATE_ITEMS)
    state.retaliation = [
        fortress_target(x.removeprefix(_OLD_FORTRESS)) if x.startswith(_OLD_FORTRESS) else x
        for x in state.retaliation
    ]
    return state


def _looks_like_path(text: object) -> bool:
    """A file name written as text, handed to ``from_json``, which wants the file's text."""
    if not isinstance(text, str) or text.lstrip().startswith(("{", "[")):
        return False
    name = text.strip()
    if name.endswith(".json"):
        return True
    try:
        return bool(name) and "\n" not in name and Path(name).exists()
    except (OSError, ValueError):  # a name too long, or one no file system takes
        return False


def _parse(action: object) -> Action:
    """The action ``action`` names: its notation read, or an Action whose
    verb and arguments are text (a hand-made one may hold anything)."""
    if isinstance(action, str):
        return Action.parse(action)
    if not isinstance(action, Action):
        said_as = tr(
            "an action is an Action or its notation, such as 'move D', not {action}",
            action=said(action),
        )
        if isinstance(action, int) and not isinstance(action, bool):
            said_as = tr(
                "{refusal} (the action listed as [{index}] is game.legal_actions()[{index}])",
                refusal=said_as,
                index=action,
            )
        raise CovilTypeError(said_as, "notation")
    verb, args = action.verb, action.args
    texts = type(args) is tuple and all(type(a) is str for a in args)
    if not isinstance(verb, str) or not texts:
        raise CovilTypeError(
            tr(
                "an Action's verb is text and its args a tuple of texts, not {verb} and {args}",
                verb=said(verb),
                args=said(args),
            ),
            "notation",
        )
    return action


def _difference(saved: Any, replayed: Any, path: str = "") -> tuple[str, Any, Any]:
    """Where two JSON values first differ (a path below them), and the two values there."""
    if isinstance(saved, dict) and isinstance(replayed, dict) and saved.keys() == replayed.keys():
        for key in saved:
            if saved[key] != replayed[key]:
                return _difference(saved[key], replayed[key], f"{path}.{key}")
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            if a != b:
                return _difference(a, b, f"{path}[{i}]")
    return path, saved, replayed


def _try_redo(game: Game, redo: list[str]) -> None:
    """A save's redo list, tried on a quiet copy: each action must be
    legal after those before it, as redo will play them."""
    trial = game.copy(log=False)
    for i, action in enumerate(redo):
        try:
            trial.apply(action)
        except CovilError as exc:
            raise CovilError(
                tr(
                    "$.redo[{i}]: {action} cannot be redone there: {message}",
                    i=i,
                    action=said(action),
                    message=exc.message,
                ),
                exc.rule,
            ) from None


@contextmanager
def _said_at(path: str) -> Iterator[None]:
    """A refusal of a save's value at ``path`` names that path first (an
    error that names its own, deeper, path is left as it is)."""
    try:
        yield
    except CovilError as exc:
        if exc.message.startswith("$"):
            raise
        raise CovilError(
            tr("{path}: {message}", path=path, message=exc.message), exc.rule
        ) from None
