"""The day: Morning, Afternoon, Night, four times, then the end.

:class:`Day` sits at the bottom of the decision stack and moves the game from
phase to phase; :func:`settle` runs the stack until somebody must decide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import afternoon, morning, night, solo
from .actions import Decision
from .state import Frame
from .table import Table

MAX_AUTOMATIC_STEPS = 10_000  # a guard: a rule that never decides is a bug


@dataclass
class Day(Frame):
    kind = "day"

    def run(self, t: Table) -> None:
        s = t.state
        if s.phase == "morning":
            morning.run(t)
            if s.phase == "afternoon":
                afternoon.start_turn(t, s.scepter)
        elif s.phase == "afternoon":
            afternoon.next_turn(t)  # a turn has just ended
        elif s.phase == "night":
            night.run(t)
        else:
            t.pop()


def settle(t: Table, before_dummy: Callable[[Decision], None] | None = None) -> None:
    """Run automatic steps, and the dummies' decisions, until a player must
    decide or the game ends. ``before_dummy`` is called before each dummy
    step (``Game.moments`` uses it to show them one at a time)."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        if not t.state.stack:
            return
        top = t.state.stack[-1]
        decision = top.decision(t)
        if decision is None:
            top.run(t)
        elif t.state.is_dummy(decision.player):
            if before_dummy:
                before_dummy(decision)
            solo.act(t, top, decision)
        else:
            return
    raise RuntimeError("the rules ran too long without a decision")
