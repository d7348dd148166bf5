"""The one exception type of the model.

Every refusal — an illegal or malformed action, a broken save file, a card or
map file that does not validate — raises :class:`CovilError`. Its message says
what is wrong; ``rule`` names the rulebook section (or data file) that forbids
it. Whoever raises it guarantees that no game state was changed.

A refused action's error also has a ``reason``: what is wrong in the rule's
words alone, without the action's notation and the list of what is allowed
(what a board says beside the piece clicked, where both are in sight).
"""

from __future__ import annotations

from .catalog import cite


class CovilError(ValueError):
    """What is wrong, and which rule (or file) says so."""

    def __init__(self, message: object, rule: str | None = None, reason: object = None) -> None:
        # A message may be a sentence of the catalog (a Text): it is said now,
        # in the language of the moment, and kept as text.
        self.message = message = str(message)
        self.rule = rule  # the rule's title in English, as the code compares it
        self.reason = str(reason) if reason else message
        super().__init__(f"{message} [{cite(rule)}]" if rule else message)
        # A refusal says all there is to say: the error it was made from
        # (json's, a KeyError) stays out of a learner's traceback. Set here,
        # not by `raise ... from None`, which compiled code does not honour.
        self.__suppress_context__ = True


def said(value: object, at_most: int = 60) -> str:
    """A value from outside, quoted in an error message: its ``repr``, cut
    short (a save's bad value may be a megabyte of text)."""
    text = repr(value)
    return text if len(text) <= at_most else text[: at_most - 3] + "..."


class CovilTypeError(CovilError, TypeError):
    """A value of the wrong type given to the public API: a :class:`CovilError`
    like any refusal, and a ``TypeError`` as Python's conventions have it."""
