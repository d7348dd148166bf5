"""Actions, decisions and events: the words the model speaks.

An :class:`Action` is a small value with a short notation (``move D``,
``pay relic ember-idol``, ``attack R2``) that :meth:`Action.parse` reads back.
The log, the save file, the bots, the widget and the tests all speak it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import CovilError

_TOKEN = re.compile(r"^[a-z0-9][a-z0-9:_-]*$", re.IGNORECASE)


@dataclass(frozen=True)
class Action:
    """One choice: a verb and its arguments. ``label`` is for people and does
    not take part in equality, so a parsed action equals the listed one."""

    verb: str
    args: tuple[str, ...] = ()
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation back; bad syntax raises :class:`CovilError`."""
        if not isinstance(text, str):
            raise CovilError(f"an action is written as text, not {type(text).__name__}", "notation")
        words = text.split()
        if not words or not all(_TOKEN.match(w) for w in words):
            raise CovilError(
                f"{text!r} is not an action: write a verb and its arguments, "
                "such as 'move D' or 'pay gold 2'",
                "notation",
            )
        return cls(words[0].lower(), tuple(words[1:]))


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed now, and the rule that says so."""

    text: str
    rule: str


@dataclass(frozen=True)
class Decision:
    """Who decides now, what kind of decision it is, and which rule asks it."""

    player: str
    kind: str
    prompt: str
    rule: str

    def __str__(self) -> str:
        return f"{self.player}: {self.prompt} ({self.rule})"


@dataclass(frozen=True)
class Event:
    """Something that happened: the rule section it applies, a sentence for
    people, and structured data for programs (widget, tests, bots)."""

    rule: str
    text: str
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict, compare=False)
    # When it happened, for grouping a log by day and phase ("setup" before day 1).
    day: int = field(default=0, compare=False)
    phase: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"
