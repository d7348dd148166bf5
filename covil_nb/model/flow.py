"""The day and the decisions: Morning, Afternoon, Night, four times, then the end.

:class:`Day` sits at the bottom of the decision stack and moves the game from
phase to phase. :func:`settle` runs the stack until somebody must decide and
returns that decision (a :class:`Now`); :func:`options` lists its legal
actions, :func:`play` plays one, and :func:`refuse` says why an action is
not among them. Every decision offers its step's own choices and the free
actions of 2.2 where the step allows them (see :class:`~table.Frame`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from . import afternoon, effects, morning, night, solo
from .actions import Action, Decision
from .errors import CovilError
from .language import tr
from .state import step
from .table import Frame, Table
from .vocabulary import DecisionKind, Phase, Verb
from .words import color_name

MAX_AUTOMATIC_STEPS: Final = 10_000  # a guard: a rule that never decides is a bug
CLOSING: Final = frozenset({Verb.END, Verb.PASS})  # the free actions come before these
FREE: Final = frozenset({Verb.ACTIVATE, Verb.COMMAND, Verb.BUY_RELIC})
# Read at every step, looked up once (an enumeration's member is slow to look up).
MORNING: Final = Phase.MORNING
AFTERNOON: Final = Phase.AFTERNOON
NIGHT: Final = Phase.NIGHT
PASS: Final = Verb.PASS


@dataclass(slots=True)
class Day(Frame):
    def run(self, t: Table) -> None:
        s = t.state
        if s.phase == MORNING:
            morning.run(t)
            if s.phase == AFTERNOON:
                afternoon.start_turn(t, s.scepter)
        elif s.phase == AFTERNOON:
            afternoon.next_turn(t)  # a turn has just ended
        elif s.phase == NIGHT:
            night.run(t)
        else:
            t.pop()


step(Day, "day")


@dataclass(slots=True)
class Now:
    """The decision the game waits for on ``table``: the frame that asks it
    and the player who decides. The decision itself and its legal actions
    are made when first asked for, and kept: a state changes only by an
    action, which makes a new Now, so they are the same whenever asked
    (and random play, or a replay, never asks for the decision at all)."""

    frame: Frame
    player: str
    table: Table
    legal: list[Action] | None = None
    own: list[Action] | None = None  # the step's own choices, when listed alone
    written: Decision | None = None

    def __init__(  # written out, as Troop's is (one is made for every action)
        self,
        frame: Frame,
        player: str,
        table: Table,
        legal: list[Action] | None = None,
        own: list[Action] | None = None,
        written: Decision | None = None,
    ) -> None:
        self.frame = frame
        self.player = player
        self.table = table
        self.legal = legal
        self.own = own
        self.written = written

    @property
    def decision(self) -> Decision:
        if self.written is None:
            self.written = self.frame.decision(self.table)
            assert self.written is not None, "a step with a decider has a decision"
        return self.written

    @property
    def kind(self) -> DecisionKind:
        """The decision's kind, read without writing the decision."""
        if self.written is not None:
            return self.written.kind
        return self.frame.decision_kind(self.table)

    def actions(self) -> list[Action]:
        if self.legal is None:
            self.legal = options(self.table, self.frame, self.player, self.own)
        return self.legal

    def own_actions(self) -> list[Action]:
        """The step's own choices alone, without the free actions of 2.2."""
        if self.own is None:
            self.own = self.frame.legal(self.table)
        return self.own

    def listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the actions listed here (so legal)."""
        for listing in (self.legal, self.own):
            for a in listing or ():
                if a is action:
                    return True
        return False


def settle(t: Table, before_dummy: Callable[[Decision], None] | None = None) -> Now | None:
    """Run automatic steps, and the dummies' decisions, until a player must
    decide (returned) or the game ends (None). ``before_dummy`` is called
    before each dummy step (``Game.moments`` uses it to show them one at a
    time)."""
    stack, dummies = t.state.stack, t.state.options.dummies
    for _ in range(MAX_AUTOMATIC_STEPS):
        if not stack:
            return None
        top = t.top()
        player = top.decider(t)
        if player is None:
            top.run(t)
            continue
        legal = own = None
        if top.passes_alone:
            own = top.legal(t)
            legal = options(t, top, player, own)
            if len(legal) == 1 and legal[0].verb == PASS:
                top.run(t)  # nothing at all but passing: the engine passes
                continue
        if player in dummies:
            decision = top.decision(t)
            assert decision is not None
            if before_dummy:
                before_dummy(decision)
            solo.act(t, top, decision)
            continue
        return Now(top, player, t, legal, own)
    raise RuntimeError("the rules ran too long without a decision")


def current(t: Table) -> Now | None:
    """The decision of a settled state (one at rest, as a game keeps it)."""
    if not t.state.stack:
        return None
    top = t.top()
    player = top.decider(t)
    assert player is not None, "a settled state waits for a player"
    return Now(top, player, t)


def options(t: Table, frame: Frame, color: str, own: list[Action] | None = None) -> list[Action]:
    """The step's own choices (``own`` when listed already), with the free
    actions it allows ``color`` (who decides) before the one that closes
    it, and buying a relic last."""
    actions = frame.legal(t) if own is None else list(own)
    player = t.player(color)
    free = effects.free_actions(t, frame, player)
    if free:
        at = len(actions) - 1 if actions and actions[-1].verb in CLOSING else len(actions)
        actions[at:at] = free
    actions += effects.relic_purchase(t, frame, player)
    return actions


def play(
    t: Table, now: Now, action: Action, before_dummy: Callable[[Decision], None] | None = None
) -> Now | None:
    """Play a legal action, then every automatic step after it; return the
    next decision (None once the game is over)."""
    if action.verb in FREE and effects.is_free(t, now.frame, action):
        effects.play_free(t, now.frame, t.player(now.player), action)
    else:
        now.frame.apply(t, action)
    return settle(t, before_dummy)


def refuse(t: Table, now: Now | None, wanted: Action, legal: list[Action]) -> CovilError:
    """The error for an action that is not among the ``legal`` ones: what is
    wrong, in the rule's words where the step has them, and what is allowed."""
    if now is None:
        over = tr("'{action}' cannot be played: the game is over", action=str(wanted))
        return CovilError(over, "Final scoring")
    same = [a for a in legal if a.verb == wanted.verb]
    if same and all(len(a.args) != len(wanted.args) for a in same):
        wrong = tr(
            "'{action}' is not written right: write it like '{example}'",
            action=str(wanted),
            example=str(same[0]),
        )
        return CovilError(wrong, "notation")
    frame, d = now.frame, now.decision
    if effects.is_free(t, frame, wanted):
        why = effects.free_refusal(t, frame, t.player(d.player), wanted)
    else:
        why = frame.refusal(t, wanted)
    if same:
        allowed = tr("allowed now: {actions}", actions=", ".join(str(a) for a in same))
    else:
        verbs = ", ".join(sorted({a.verb for a in legal}))
        allowed = tr("the actions allowed now are: {verbs}", verbs=verbs)
    action = str(wanted)
    if why is not None:
        reason, rule = str(why.text), why.rule
        refused = tr(
            "'{action}' is not allowed: {reason} ({allowed})",
            action=action,
            reason=reason,
            allowed=allowed,
        )
    else:
        reason, rule = (
            str(tr("{color} must {prompt}", color=color_name(d.player), prompt=d.prompt)),
            d.rule,
        )
        refused = tr(
            "'{action}' is not allowed: {must}; {allowed}",
            action=action,
            must=reason,
            allowed=allowed,
        )
    return CovilError(refused, rule, reason)
