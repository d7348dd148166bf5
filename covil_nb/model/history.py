"""A game's history: where it began, each step since, and any step again.

How undo works: a game keeps each action with the events it caused, and a
copy of the state every :data:`KEYFRAME_EVERY` actions. Going back to any
step starts from the copy before it and plays the actions since: chance is
part of the state, so they come out exactly as they did. A finished game so
holds a few copies of the state, not one per action.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from . import flow, morning, night
from .actions import Action, Event
from .cards import CardSet
from .errors import CovilError, CovilTypeError, said
from .language import Text, tr
from .maps import Board
from .state import State
from .table import Table

if TYPE_CHECKING:
    from .game import Game

KEYFRAME_EVERY = 32  # undo plays at most this many actions again from a kept state
NO_LOCK = nullcontext()  # a search copy's lock: no other thread sees it


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


# A game at a state, for looking at: paused inside the night after the
# rule it names, or "" (Game._fork).
Fork = Callable[[State, str], "Game"]


class History:
    """What a game keeps of its past: where it began (its origin and the
    events of its setup), each step played since, the actions taken back
    (its redo list, the last one first) and a state kept every
    :data:`KEYFRAME_EVERY` steps; with the lock that a change of the game
    holds and a revision that every change moves on. A search copy's is
    empty and stays so: it keeps no record."""

    # Not compiled (native.UNCOMPILED): its replays call flow.play by name,
    # which a test replaces to stop the rules halfway.
    __slots__ = (
        "board",
        "cards",
        "keeps_record",
        "keyframes",
        "lock",
        "opening",
        "origin",
        "redo",
        "revision",
        "steps",
    )

    def __init__(
        self,
        cards: CardSet,
        board: Board,
        origin: dict[str, Any],
        opening: list[Event],
        keyframes: list[State],
        keeps_record: bool,
    ) -> None:
        self.cards = cards
        self.board = board
        self.origin = origin  # a record's start: {"new": a Deal} or {"position": a state}
        self.opening = opening
        self.keeps_record = keeps_record
        self.steps: list[Step] = []
        self.redo: list[str] = []
        # The state before steps 0, KEYFRAME_EVERY, 2 * KEYFRAME_EVERY...; never changed.
        self.keyframes = keyframes
        # Another thread may change a game that keeps its record: a board's
        # clicks are handled beside a running cell (comms over subshells).
        self.lock: AbstractContextManager[Any] = threading.RLock() if keeps_record else NO_LOCK
        self.revision = 0  # changes whenever the game does (see Game.revision)

    def add(self, step: Step, state: State) -> None:
        """Record a step just played, which left ``state``: it ends the redo list."""
        self.steps.append(step)
        self.redo = []
        if len(self.steps) % KEYFRAME_EVERY == 0:
            self.keyframes.append(state.clone())
        self.revision += 1

    def forget(self, played: int, kept: int, redo: list[str]) -> None:
        """Back to the first ``played`` steps and ``kept`` states, and ``redo``,
        after a step that was not played to its end."""
        del self.steps[played:], self.keyframes[kept:]
        self.redo = redo

    def take_back(self) -> str:
        """Forget the last step, which the redo list keeps; return its action."""
        step, steps = self.steps[-1], self.steps[:-1]
        # One statement: no interrupt falls between the parts of the record.
        self.steps, self.keyframes, self.redo = (
            steps,
            self.keyframes[: len(steps) // KEYFRAME_EVERY + 1],
            [*self.redo, step.action],
        )
        self.revision += 1
        return step.action

    def refit(self) -> None:
        """The kept states made to fit the steps: one kept past them is
        dropped, one not kept yet is kept now."""
        kept = len(self.steps) // KEYFRAME_EVERY + 1
        del self.keyframes[kept:]
        while len(self.keyframes) < kept:
            self.keyframes.append(self.state_at(len(self.keyframes) * KEYFRAME_EVERY))

    def checkpoint(self, table: Table) -> Checkpoint:
        return Checkpoint(tuple(self.steps), tuple(self.redo), tuple(self.keyframes), table)

    def differs(self, to: Checkpoint) -> bool:
        """Whether the record has changed since the checkpoint ``to``."""
        kept = (list(to.history), list(to.redo), list(to.keyframes))
        return (self.steps, self.redo, self.keyframes) != kept

    def restore(self, to: Checkpoint) -> None:
        """The record as it was at the checkpoint ``to``."""
        self.steps, self.redo, self.keyframes = list(to.history), list(to.redo), list(to.keyframes)
        self.revision += 1

    def branch(self, step: int) -> History:
        """The history of a game branched off after the first ``step``
        steps: the same start, and the steps that followed to redo."""
        branch = History(
            self.cards,
            self.board,
            self.origin,
            self.opening,
            self.keyframes[: step // KEYFRAME_EVERY + 1],
            self.keeps_record,
        )
        branch.steps = self.steps[:step]
        branch.redo = self.redo + [s.action for s in reversed(self.steps[step:])]
        return branch

    def state_at(self, step: int) -> State:
        """A new copy of the state after the first ``step`` actions."""
        return self.replayed(self.steps, self.keyframes, step)

    def replayed(self, steps: Sequence[Step], keyframes: Sequence[State], step: int) -> State:
        """The state after the first ``step`` actions of ``steps``: the
        last kept state before them, and the actions since played again."""
        base = min(step // KEYFRAME_EVERY, len(keyframes) - 1)
        # Quiet: the events of these steps are kept in the history already.
        t = Table(keyframes[base].clone(), self.cards, self.board, quiet=True)
        now = flow.current(t)
        for done in steps[base * KEYFRAME_EVERY : step]:
            assert now is not None, "a step of the history comes after the end"
            now = flow.play(t, now, Action.parse(done.action))
        return t.state

    def moments(self, index: int, after: State | None, fork: Fork) -> list[Moment]:
        """The moments of step ``index`` (see :meth:`Game.moments`), each a
        game made by ``fork``; ``after`` is the state after the step when
        the game is there now (None otherwise)."""
        done = self.steps[index]
        if not any(e.kind == "dummy" or e.rule == night.PHASE for e in done.events):
            # No dummy answered, no night fell: one moment, the position after
            # the step, kept already.
            state = after.clone() if after is not None else self.state_at(index + 1)
            return [Moment(done.player, (done.action,), "", done.events, fork(state, ""))]
        t = Table(self.state_at(index), self.cards, self.board)
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
            _moment(
                fork,
                now.player if i == 0 else None,
                done.action,
                t.events[cuts[i] : cuts[i + 1]],
                *at,
            )
            for i, at in enumerate(states)
        ]


def _moment(
    fork: Fork, player: str | None, action: str, events: list[Event], state: State, settled: bool
) -> Moment:
    """A moment of ``Game.moments``: the step's own action (``player``
    given), a dummy's step (it says what it did and why), or a step of the
    night or the morning after it, told by its rule, which no one decided
    (``player`` "")."""
    # Between the night's steps no one decides: the game is for looking at.
    game = fork(state, "" if settled else night.step_done(state))
    if player is not None:
        return Moment(player, (action,), "", tuple(events), game)
    did = next((e.data for e in events if e.kind == "dummy" and "actions" in e.data), None)
    if did is None:
        dawn = any(e.rule == morning.PHASE for e in events)
        rule = morning.PHASE if dawn else night.step_done(state)
        return Moment("", (), rule, tuple(events), game)
    return Moment(did["player"], tuple(did["actions"]), did["reason"], tuple(events), game)


def checked_step(step: object, last: int) -> int:
    """``step`` checked as an index of the history, 0 to ``last``."""
    if isinstance(step, bool) or not isinstance(step, int):
        raise CovilTypeError(tr("a step is a whole number, not {step}", step=said(step)), "history")
    if not 0 <= step <= last:
        raise CovilError(
            tr("step {step} is not in the history (0 to {last})", step=step, last=last),
            "history",
        )
    return step


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
