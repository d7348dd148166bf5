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


class CovilError(ValueError):
    """What is wrong, and which rule (or file) says so."""

    def __init__(self, message: str, rule: str | None = None, reason: str | None = None) -> None:
        self.message = message
        self.rule = rule
        self.reason = reason or message
        super().__init__(f"{message} [{rule}]" if rule else message)


class CovilTypeError(CovilError, TypeError):
    """A value of the wrong type given to the public API: a :class:`CovilError`
    like any refusal, and a ``TypeError`` as Python's conventions have it."""
