"""Exercises for the tutorials: a question, and a check that says right or wrong, and why.

The answer comes from the engine, and the reader runs the check.

>>> defense = Exercise("What is the defense strength?", answer=6, why="1 from the troop, ...",
...                    hint="add the troop's 1 and its Reinforcements")
>>> defense.check(7)  # doctest: +NORMALIZE_WHITESPACE
Not quite: you said 7, which is too high. A hint: add the troop's 1 and its
Reinforcements. Try again, or call this exercise's show_answer() to see the answer.
>>> defense.check(5)
Not quite: you said 5, the answer is 6 (1 from the troop, ...).

A first wrong try gets a nudge toward the rule, not the answer; the second
wrong try, or :meth:`Exercise.show_answer`, gives the answer and why. A check
never raises: a learner's wrong answer, or no answer yet, is part of
learning, not an error.

:func:`play` applies a lesson's moves in order and tells their story.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from covil_nb.model import Action, Game
from covil_nb.model.actions import Events
from covil_nb.model.language import tr


def play(game: Game, *actions: Action | str) -> Events:
    """Apply ``actions`` in order, as ``game.apply`` does each; return the story of
    all they caused (a notebook shows it headed by day, phase and rule). A refused
    action raises :class:`~covil_nb.CovilError` and leaves the game as the actions
    before it left it."""
    story = Events()
    for action in actions:
        story += game.apply(action)
    return story


@dataclass
class Exercise:
    """A question, its answer (computed by the engine in the notebook that asks
    it), why that is the answer, and a hint toward the rule that leads there
    (never the answer itself). It counts the learner's wrong tries."""

    question: str
    answer: Any
    why: str = ""
    hint: str = ""
    wrong: int = field(default=0, init=False, repr=False)

    def verdict(self, guess: Any) -> str:
        """What :meth:`check` prints for ``guess``: a wrong guess counts as a try."""
        if guess is None or guess is ...:
            return str(
                tr(
                    "{question} Write your answer in the cell, then run it again.",
                    question=self.question,
                )
            )
        if _same(guess, self.answer):
            return str(tr("Right: {answer}{because}.", answer=self.answer, because=self._because()))
        self.wrong += 1
        if self.wrong == 1:
            return str(tr("Not quite: you said {guess}", guess=repr(guess))) + self._nudge(guess)
        said = tr(
            "Not quite: you said {guess}, the answer is {answer}{because}.",
            guess=repr(guess),
            answer=repr(self.answer),
            because=self._because(),
        )
        return str(said)

    def check(self, guess: Any) -> None:
        print(self.verdict(guess))

    def show_answer(self) -> None:
        """The answer and why, for a learner who would rather see it than try again."""
        print(
            tr(
                "The answer is {answer}{because}.",
                answer=repr(self.answer),
                because=self._because(),
            )
        )

    def _because(self) -> str:
        return f" ({self.why})" if self.why else ""

    def _nudge(self, guess: Any) -> str:
        """The rest of a first wrong try's verdict: which way a number is off,
        the hint, and the two ways on."""
        side = _side(guess, self.answer)
        stop = "" if self.hint.endswith((".", "?", "!")) else "."
        said = [
            str(tr(", which is too high.") if side == "high" else tr(", which is too low."))
            if side
            else "."
        ]
        if self.hint:
            said.append(str(tr(" A hint: {hint}{stop}", hint=self.hint, stop=stop)))
        said.append(str(tr(" Try again, or call this exercise's show_answer() to see the answer.")))
        return "".join(said)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.question)


def _same(guess: Any, answer: Any) -> bool:
    """Loose where a learner would be: "d" and "D" are the same zone, "6" is 6,
    the order of a list of names does not matter, and "I, J" is ["I", "J"]."""
    if isinstance(answer, list | tuple | set) and isinstance(guess, str):
        guess = [name for name in guess.replace(",", " ").split() if name]
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


def _side(guess: Any, answer: Any) -> str:
    """ "high" or "low" for a wrong number (written as text too); "" otherwise."""
    if not isinstance(answer, int) or isinstance(answer, bool):
        return ""
    try:
        number = int(str(guess).strip())
    except ValueError:
        return ""
    return "high" if number > answer else "low" if number < answer else ""


def _key(item: Any) -> str:
    return str(item).strip().lower()
