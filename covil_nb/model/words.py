"""Small helpers for the sentences the engine says: lists and counts."""

from __future__ import annotations


def and_list(words: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else ""


def plural(n: int, noun: str) -> str:
    """ "1 troop", "2 troops"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
