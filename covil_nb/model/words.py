"""The words the engine says its sentences with.

Lists, counts, and the names of the colors, terrains, minion states and
cards, each a :class:`~.language.Text` said in the language of the moment.
"""

from __future__ import annotations

from typing import Final

from .language import Text, tr

#: The players' colors as sentences name the players ("yellow gains 2 gold").
COLOR_NAMES: Final = {
    "yellow": tr("yellow"),
    "red": tr("red"),
    "green": tr("green"),
    "blue": tr("blue"),
}
TERRAIN_NAMES: Final = {
    "water": tr("water"),
    "desert": tr("desert"),
    "mountain": tr("mountain"),
    "forest": tr("forest"),
    "town": tr("town"),
}
#: The minions' classes, as a card names them.
CLASS_NAMES: Final = {
    # Translators: the classes as a card's face names them, in lower case in English.
    "overlord": tr("overlord"),
    "assassin": tr("assassin"),
    "warrior": tr("warrior"),
    "guardian": tr("guardian"),
    "saboteur": tr("saboteur"),
    "sorcerer": tr("sorcerer"),
}
#: A minion of each class, as a sentence says one ("Private is a warrior").
A_CLASS: Final = {
    "overlord": tr("an overlord"),
    "assassin": tr("an assassin"),
    "warrior": tr("a warrior"),
    "guardian": tr("a guardian"),
    "saboteur": tr("a saboteur"),
    "sorcerer": tr("a sorcerer"),
}
#: The stats of a troop in combat (an attack's style is melee or ranged).
STAT_NAMES: Final = {"melee": tr("melee"), "ranged": tr("ranged"), "defense": tr("defense")}
#: The phases of a day, as a log's headings name them ("Day 2, night").
PHASE_NAMES: Final = {
    "setup": tr("setup"),
    "morning": tr("morning"),
    "afternoon": tr("afternoon"),
    "night": tr("night"),
}
#: A minion's token: "exhausted", "tired", or none ("ready").
STATE_NAMES: Final = {"exhausted": tr("exhausted"), "tired": tr("tired"), "ready": tr("ready")}


def color_name(color: str) -> Text | str:
    """A player named by color (a color outside the game's four, as it is)."""
    return COLOR_NAMES.get(color, color)


def terrain_name(terrain: str) -> Text | str:
    return TERRAIN_NAMES.get(terrain, terrain)


def state_name(state: str) -> Text | str:
    return STATE_NAMES.get(state, state)


def phase_name(phase: str) -> Text | str:
    return PHASE_NAMES.get(phase, phase)


def class_name(cls: str) -> Text | str:
    return CLASS_NAMES.get(cls, cls)


def stat_name(stat: str) -> Text | str:
    return STAT_NAMES.get(stat, stat)


def plural(n: int, noun: str) -> str:
    """ "1 troop", "2 troops", "2 mercenaries"."""
    if n == 1:
        return f"{n} {noun}"
    return (
        f"{n} {noun[:-1]}ies" if noun.endswith("y") and noun[-2] not in "aeiou" else f"{n} {noun}s"
    )


def short(label: str) -> str:
    """A label up to its first note: "Lie down Y1 (zone H) for a troop action"
    is "Lie down Y1", "Acquire Bowman for 2: +1 to…" is "Acquire Bowman for 2"."""
    cuts = [i for i in (label.find(" ("), label.find(": ")) if i > 0]
    return label[: min(cuts)] if cuts else label
