"""The game's vocabulary, declared once.

The words of the notation, the decisions, the phases, combat and minions,
and the numbers the rulebook fixes.

Each set of words is a :class:`Word` enumeration whose members *are* their
strings: ``Verb.PASS == "pass"``, and str, repr, JSON and hashing see the
plain word. So saves, the notation and the log read as they always did,
while the code names every word and a type checker knows which are allowed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Word(StrEnum):
    """A word of the game: equal to, hashed and shown as its string."""

    __repr__ = str.__repr__  # 'pass', as the plain word shows in a notebook


class Verb(Word):
    """The first word of every action's notation."""

    START = "start"  # Setup I: a starting zone
    LIE = "lie"  # 2.3: lie down a troop for its troop action
    ACQUIRE = "acquire"  # 2.1
    PAY = "pay"  # 2.1: gold, a relic or a minion
    CANCEL = "cancel"  # 2.1: give back what was pledged
    ACTIVATE = "activate"  # 2.2: a Power Relic
    COMMAND = "command"  # 2.2: a minion's Command
    BUY_RELIC = "buy-relic"  # 2.2: 3 gold for a relic
    END = "end"  # the afternoon turn
    MOVE = "move"  # 2.3 troop actions ...
    REST = "rest"
    REPAIR = "repair"
    GOLD = "gold"
    ATTACK = "attack"
    TROOP = "troop"  # a free attack's or a move effect's troop
    EXHAUST = "exhaust"  # a minion, to attack or to defend
    PASS = "pass"  # the response: nothing (more) now; both sides passing ends the combat
    RETREAT = "retreat"  # combat outcome: where the loser goes
    SKIP = "skip"  # an optional instant ability, or a free attack


class DecisionKind(Word):
    """What a decision asks (``game.decision.kind``)."""

    START_ZONE = "start-zone"
    TURN = "turn"
    TROOP_ACTION = "troop-action"
    PAYMENT = "payment"
    ATTACK_TROOP = "attack-troop"
    ATTACK_TARGET = "attack-target"
    ATTACK_MINION = "attack-minion"
    DEFEND = "defend"
    RAISE_STAKES = "raise-stakes"
    DEFEND_REBELS = "defend-rebels"
    RETREAT = "retreat"
    REST_EFFECT = "rest-effect"
    MOVE_EFFECT = "move-effect"


class Phase(Word):
    SETUP = "setup"
    MORNING = "morning"
    AFTERNOON = "afternoon"
    NIGHT = "night"
    END = "end"  # the game is over


class CombatStage(Word):
    """Where an attack stands: a free attack first picks its ``troop``, then
    the ``target``; the attacker exhausts a ``minion``; then both ``respond``."""

    TROOP = "troop"
    TARGET = "target"
    MINION = "minion"
    RESPOND = "respond"


class MinionState(Word):
    READY = "ready"
    TIRED = "tired"
    EXHAUSTED = "exhausted"


class Stat(Word):
    """A minion's base stat, an attack's style, a strength's kind; ``move``
    only names movement Reinforcements."""

    MELEE = "melee"
    RANGED = "ranged"
    DEFENSE = "defense"
    MOVE = "move"


class EffectKind(Word):
    """The instant effects of Commands and Power Relics."""

    GOLD = "gold"
    REPAIR = "repair"
    REST = "rest"
    MOVE = "move"
    ATTACK = "attack"
    DRAW = "draw"


# -- the editions and their three options (named by what they do) -------------------


class Edition(Word):
    EN = "en"
    PT = "pt"


class AfternoonEnd(Word):
    """When the afternoon ends (a value is the edition that plays it)."""

    ALL_LYING = "en"  # as soon as every troop lies down, checked as a turn ends
    ROUND_PLAYED_OUT = "pt"  # at the start of the first player's turn with none standing


class DefenseMinion(Word):
    """Which minion may be exhausted to defend."""

    ANY_READY = "en"  # any ready minion; only a Defense stat adds
    GUARDIAN_ONLY = "pt"  # only a ready Guardian


class NightOrder(Word):
    """The order of the night's steps 3.2 and 3.3."""

    RENEW_THEN_FEE = "en"
    FEE_THEN_RENEW = "pt"


# -- the table's numbers and names ---------------------------------------------------

COLORS: Final[tuple[str, ...]] = ("yellow", "red", "green", "blue")
LETTERS: Final = {"yellow": "Y", "red": "R", "green": "G", "blue": "B"}  # troop ids: Y1 to Y5
#: The four dominance terrains, in the order the protection fee is collected.
TERRAINS: Final[tuple[str, ...]] = ("water", "desert", "mountain", "forest")
#: The extra terrain of the town zone (Reinforcements may name it).
TOWN: Final = "town"
TROOPS_PER_PLAYER: Final = 5
MAX_GOLD: Final = 5
MAX_HP: Final = 5
MAX_HALL: Final = 5  # minions besides the Dark Overlord
MAX_REBELS: Final = 5
POOL_SIZE: Final = 6  # mercenaries revealed in the pool
DAYS: Final = 4  # the last day: the game ends after its night

#: An attack on a fortress names it "fortress-<color>" (``attack fortress-red``).
FORTRESS: Final = "fortress-"


def fortress_target(color: str) -> str:
    return FORTRESS + color


def fortress_owner(target: str) -> str | None:
    """The color whose fortress ``target`` names; None for a troop id."""
    return target[len(FORTRESS) :] if target.startswith(FORTRESS) else None


_COLOR_OF_LETTER: Final = {letter: color for color, letter in LETTERS.items()}


def owner_color(troop_id: str) -> str:
    """The color a troop id names by its letter ("R2": red); "" for none."""
    return _COLOR_OF_LETTER.get(troop_id[:1], "")
