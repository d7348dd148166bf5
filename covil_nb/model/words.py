"""Small helpers for the sentences the engine says: lists and counts."""

from __future__ import annotations


def and_list(words: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else ""


def plural(n: int, noun: str) -> str:
    """ "1 troop", "2 troops", "2 mercenaries"."""
    if n == 1:
        return f"{n} {noun}"
    return (
        f"{n} {noun[:-1]}ies" if noun.endswith("y") and noun[-2] not in "aeiou" else f"{n} {noun}s"
    )


def a_or_an(noun: str) -> str:
    """ "a warrior", "an assassin"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def short(label: str) -> str:
    """A label up to its first note: "Lie down Y1 (zone H) for a troop action"
    is "Lie down Y1", "Acquire Bowman for 2: +1 to…" is "Acquire Bowman for 2"."""
    cuts = [i for i in (label.find(" ("), label.find(": ")) if i > 0]
    return label[: min(cuts)] if cuts else label
