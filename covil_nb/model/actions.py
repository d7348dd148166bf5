"""Actions, decisions and events: the words the model speaks.

An :class:`Action` is a small value with a short notation (``move D``,
``pay relic ember-idol``, ``attack R2``) that :meth:`Action.parse` reads back.
The log, the save file, the bots, the widget and the tests all speak it.

Each of them, and the lists the game returns (:class:`Actions`,
:class:`Events`), shows itself readably as a notebook cell's last expression
(``_repr_pretty_``): a learner reads sentences, not dataclasses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, Final, Protocol

from mypy_extensions import mypyc_attr

from .errors import CovilError, CovilTypeError, said
from .language import Text, cite, tr
from .vocabulary import DecisionKind
from .words import color_name, phase_name

# Words of letters, digits, ':', '_' and '-' between any whitespace, checked
# in one match (a save's every action is parsed when it loads).
_TOKEN: Final = r"[a-z0-9][a-z0-9:_-]*"
_NOTATION: Final = re.compile(rf"\s*{_TOKEN}(?:\s+{_TOKEN})*\s*", re.IGNORECASE)


class Action:
    """One choice: a verb and its arguments. ``label`` is for people and does
    not take part in equality, so a parsed action equals the listed one.
    An action is a value: never change one.

    The rules may give the label as a function of the action, and of values
    taken when it is listed; it is made the first time it is read, since
    search lists many actions whose labels nobody reads (one function serves
    every action of a listing: it reads which one from the action). A label
    is a :class:`~.language.Text`, said in the language of the moment each
    time it is read."""

    __slots__ = ("_label", "args", "verb")

    def __init__(
        self, verb: object, args: object = (), label: str | Text | Callable[[Action], Text] = ""
    ) -> None:
        # Checked here, not by the signature: compiled code would stop a
        # wrong type with a bare TypeError naming no argument. The args'
        # items are checked where an action from outside is read (Game).
        if not isinstance(verb, str) or not isinstance(args, tuple):
            raise CovilTypeError(
                f"Action: verb must be text and args a tuple of texts, not {said(verb)} "
                f"and {said(args)}",
                "notation",
            )
        self.verb: str = verb
        self.args: tuple[str, ...] = args
        self._label = label

    @property
    def label(self) -> str:
        label = self._label
        if isinstance(label, str):
            return label
        if not isinstance(label, Text):
            label = self._label = label(self)
        return str(label)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.verb == other.verb and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.verb, self.args))

    def __repr__(self) -> str:
        return f"Action(verb={str(self.verb)!r}, args={self.args!r}, label={self.label!r})"

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def _repr_pretty_(self, p: _Printer, cycle: bool) -> None:
        p.text(f"{self} — {self.label}" if self.label else str(self))

    @classmethod
    def parse(cls, text: object) -> Action:
        """Read the notation back; bad syntax raises :class:`CovilError`."""
        if not isinstance(text, str):
            raise CovilTypeError(
                f"an action is written as text, not {type(text).__name__}", "notation"
            )
        if not _NOTATION.fullmatch(text):
            raise CovilError(
                tr(
                    "{text} is not an action: write a verb and its arguments, such as 'move D' or "
                    "'pay gold 2'",
                    text=said(text),
                ),
                "notation",
            )
        verb, *args = text.split()
        return cls(verb.lower(), tuple(args))


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not allowed now, and the rule that says so."""

    text: str | Text  # said in the language of the moment when the error is made
    rule: str


# Decisions and events are values, never changed once made. They are not
# frozen dataclasses only because those take twice as long to make, and the
# engine makes one or two per action; they hash by their compared fields.
@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """Who decides now, what kind of decision it is, and which rule asks it."""

    player: str
    kind: DecisionKind
    prompt: str | Text
    rule: str

    def __str__(self) -> str:
        return f"{color_name(self.player)}: {self.prompt} ({cite(self.rule)})"

    def _repr_pretty_(self, p: _Printer, cycle: bool) -> None:
        p.text(str(self))


# A Python class even in the compiled engine: a finished game's history
# keeps hundreds, and a compiled instance is a pointer larger (issue 9's
# memory figure); the engine makes them only when it keeps a log.
@mypyc_attr(native_class=False)
@dataclass(slots=True, unsafe_hash=True)
class Event:
    """Something that happened: the rule section it applies, a sentence for
    people (``text``, said in the language of the moment: see
    :mod:`.language`), and structured data for programs (widget, tests, bots):
    ids, counts, colors, and for a dummy's step its ``reason``, a text said in
    the language it is read in."""

    rule: str
    sentence: str | Text
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict, compare=False)
    # When it happened, for grouping a log by day and phase ("setup" before day 1).
    day: int = field(default=0, compare=False)
    phase: str = field(default="", compare=False)

    @property
    def text(self) -> str:
        return str(self.sentence)

    def __str__(self) -> str:
        return f"[{cite(self.rule)}] {self.text}"

    def _repr_pretty_(self, p: _Printer, cycle: bool) -> None:
        p.text(str(self))


class _Printer(Protocol):
    """What IPython's pretty printer offers a ``_repr_pretty_``."""

    def text(self, text: str) -> None: ...


@mypyc_attr(native_class=False)
class _Shown(list[Any]):
    """A list that shows itself as its ``str`` and slices into its own kind."""

    def __getitem__(self, index: Any) -> Any:
        found = list.__getitem__(self, index)
        return type(self)(found) if type(index) is slice else found

    def _repr_pretty_(self, p: _Printer, cycle: bool) -> None:
        p.text(str(self))


@mypyc_attr(native_class=False)
class Actions(_Shown, list[Action]):
    """The legal actions of a decision: a list, shown one per line with its
    index (``game.apply(actions[2])``), notation and label."""

    def __str__(self) -> str:
        width = max((len(str(a)) for a in self), default=0)
        index = len(f"[{len(self) - 1}]")  # "[9]" and "[10]" start their notations in one column
        return (
            "\n".join(
                f"{f'[{i}]':<{index}} {a!s:<{width}}  {a.label}".rstrip()
                for i, a in enumerate(self)
            )
            or "no legal action: the game is over"
        )


def _heading(day: int, phase: str) -> Text:
    if phase == "setup":
        return tr("Setup")
    if phase == "end":
        return tr("The game is over")
    return tr("Day {day}, {phase}", day=day, phase=phase_name(phase))


@mypyc_attr(native_class=False)
class Events(_Shown, list[Event]):
    """Events in order: a list, shown as a story. Events are headed by their
    day and phase, and the events of one rule section run under its name,
    so a whole night reads as its steps in turn."""

    def __str__(self) -> str:
        lines: list[str] = []
        for (day, phase), when in groupby(self, key=lambda e: (e.day, e.phase)):
            lines.append(str(_heading(day, phase)))
            for rule, same in groupby(when, key=lambda e: e.rule):
                lines.append(f"  {cite(rule)}")
                lines += [f"    {e.text}" for e in same]
        return "\n".join(lines) or str(tr("nothing happened"))
