"""Exercises for the tutorials: a question whose answer comes from the engine,
and a check the reader runs that says right or wrong, and why.

>>> defense = Exercise("What is the defense strength?", answer=6, why="1 from the troop, ...")
>>> defense.check(5)
Not quite: you said 5, the answer is 6 (1 from the troop, ...).

A check never raises: a learner's wrong answer, or no answer yet, is part of
learning, not an error.

:func:`play` applies a lesson's moves in order and tells their story.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from covil_nb.model import Action, Game
from covil_nb.model.actions import Events


def play(game: Game, *actions: Action | str) -> Events:
    """Apply ``actions`` in order, as ``game.apply`` does each; return the story of
    all they caused (a notebook shows it headed by day, phase and rule). A refused
    action raises :class:`~covil_nb.CovilError` and leaves the game as the actions
    before it left it."""
    story = Events()
    for action in actions:
        story += game.apply(action)
    return story


@dataclass(frozen=True)
class Exercise:
    """A question, its answer (computed by the engine in the notebook that asks
    it) and why that is the answer."""

    question: str
    answer: Any
    why: str = ""

    def verdict(self, guess: Any) -> str:
        """What :meth:`check` prints for ``guess``."""
        if guess is None or guess is ...:
            return f"{self.question} Write your answer in the cell, then run it again."
        because = f" ({self.why})" if self.why else ""
        if _same(guess, self.answer):
            return f"Right: {self.answer}{because}."
        return f"Not quite: you said {guess!r}, the answer is {self.answer!r}{because}."

    def check(self, guess: Any) -> None:
        print(self.verdict(guess))

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.question)


def _same(guess: Any, answer: Any) -> bool:
    """Loose where a learner would be: "d" and "D" are the same zone, "6" is 6,
    and the order of a list of names does not matter."""
    if isinstance(answer, str) and isinstance(guess, str):
        return guess.strip().lower() == answer.strip().lower()
    if isinstance(answer, int) and isinstance(guess, str):
        return guess.strip() == str(answer)
    if isinstance(answer, list | tuple | set) and isinstance(guess, list | tuple | set):
        return sorted(map(_key, guess)) == sorted(map(_key, answer))
    try:
        return bool(guess == answer)
    except Exception:  # an odd object a learner typed: simply not the answer
        return False


def _key(item: Any) -> str:
    return str(item).strip().lower()
