"""Everything on the table, as plain data.

The state is a tree of dataclasses holding only ints, strings, bools, lists
and other such dataclasses, so it copies, compares and saves to JSON simply.
The rules live elsewhere (one module per rulebook section); pending decisions
are :class:`Frame` objects on ``State.stack``: the top frame says who decides
now and what they may do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Decision, Refusal

if TYPE_CHECKING:
    from .table import Table

COLORS = ("yellow", "red", "green", "blue")
LETTERS = {"yellow": "Y", "red": "R", "green": "G", "blue": "B"}
TROOPS_PER_PLAYER = 5
MAX_GOLD = 5
MAX_HP = 5
MAX_HALL = 5  # minions besides the Dark Overlord
MAX_REBELS = 5
DAYS = 4
PHASES = ("setup", "morning", "afternoon", "night", "end")
READY, TIRED, EXHAUSTED = "ready", "tired", "exhausted"
EDITIONS = ("en", "pt")


@dataclass
class Rules:
    """The three edition options (``docs/rules.md``); ``Rules.of("pt")`` sets all three."""

    afternoon_end: str = "en"
    defense_minion: str = "en"
    night_order: str = "en"

    @classmethod
    def of(cls, edition: str) -> Rules:
        return cls(edition, edition, edition)


@dataclass
class Options:
    board: str
    seed: int
    edition: str = "en"
    rules: Rules = field(default_factory=Rules)
    cards: str = "reference"
    dummies: list[str] = field(default_factory=list)  # seats the solo dummy plays
    next_to_yours: bool = False  # solo option: the dummy's fortress next to yours


@dataclass
class Troop:
    id: str
    zone: str | None = None  # None: in its owner's supply
    standing: bool = True


@dataclass
class Minion:
    card: str
    state: str = READY  # ready, tired or exhausted

    @property
    def ready(self) -> bool:
        return self.state == READY


@dataclass
class Player:
    color: str
    overlord: Minion | None = None  # on the throne from Setup D on
    hall: list[Minion] = field(default_factory=list)
    troops: list[Troop] = field(default_factory=list)
    gold: int = MAX_GOLD
    hp: int = MAX_HP
    fortress: str | None = None  # its zone, once placed
    hand: list[str] = field(default_factory=list)
    active: list[str] = field(default_factory=list)

    @property
    def minions(self) -> list[Minion]:
        """The Overlord first, then the hall in slot order."""
        return [self.overlord, *self.hall] if self.overlord else list(self.hall)

    def minion(self, card: str) -> Minion | None:
        return next((m for m in self.minions if m.card == card), None)

    def troop(self, troop_id: str) -> Troop | None:
        return next((t for t in self.troops if t.id == troop_id), None)

    def on_board(self) -> list[Troop]:
        return [t for t in self.troops if t.zone is not None]

    def in_zone(self, zone: str) -> list[Troop]:
        return [t for t in self.troops if t.zone == zone]

    @property
    def destroyed(self) -> bool:
        return self.fortress is not None and self.hp == 0


@dataclass
class Frame:
    """A pending step of the game. Subclasses set ``kind`` and hold what the
    step needs; ``decision`` returns None when the step runs by itself."""

    kind: ClassVar[str] = ""
    # "Buying a relic is allowed whenever that player is the one to decide";
    # a frame may refuse it where it would break the step in progress.
    allows_relic_purchase: ClassVar[bool] = True
    registry: ClassVar[dict[str, type[Frame]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            Frame.registry[cls.kind] = cls

    def decision(self, t: Table) -> Decision | None:
        return None

    def legal(self, t: Table) -> list[Action]:
        return []

    def apply(self, t: Table, action: Action) -> None:
        raise NotImplementedError(self.kind)

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        """Why ``action`` (not among the legal ones) is refused here, in the
        rule's words; None leaves the general answer (what is allowed now)."""
        return None

    def run(self, t: Table) -> None:
        raise NotImplementedError(self.kind)


_SCALARS = frozenset({str, int, bool, type(None)})


def clone(value: Any) -> Any:
    """A deep copy of plain game data: dataclasses, lists and immutable
    scalars. Undo keeps one per action, so it must be cheap: this knows the
    shape of the state (every list holds one type: card ids, troops, players,
    frames) and skips what :func:`copy.deepcopy` must check."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        if not value or type(value[0]) in _SCALARS:
            return value.copy()
        return [clone(v) for v in value]
    twin = object.__new__(kind)
    twin.__dict__.update(
        {k: v if type(v) in _SCALARS else clone(v) for k, v in value.__dict__.items()}
    )
    return twin


@dataclass
class State:
    options: Options
    players: list[Player]
    rng: int
    day: int = 1
    phase: str = "morning"
    scepter: int = 0  # index in ``players`` (the seating order)
    turn: int = 0  # whose afternoon turn: index in ``players``
    rebels: int = 0  # in town; the rest are in the supply (Setup C puts 1 there)
    pool: list[str] = field(default_factory=list)
    mercenary_deck: list[str] = field(default_factory=list)
    minion_discard: list[str] = field(default_factory=list)
    relic_deck: list[str] = field(default_factory=list)
    relic_discard: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)  # cards out of this game
    night_step: int = 0
    retaliation: list[str] = field(default_factory=list)
    stack: list[Frame] = field(default_factory=list)

    def player(self, color: str) -> Player:
        for p in self.players:
            if p.color == color:
                return p
        raise KeyError(color)

    def turn_order(self) -> list[Player]:
        """Clockwise from the scepter holder."""
        n = len(self.players)
        return [self.players[(self.scepter + i) % n] for i in range(n)]

    def is_dummy(self, color: str) -> bool:
        return color in self.options.dummies

    def owner_of(self, troop_id: str) -> Player | None:
        return next((p for p in self.players if p.troop(troop_id) is not None), None)

    def troops_in(self, zone: str) -> list[Troop]:
        return [t for p in self.players for t in p.in_zone(zone)]

    def clone(self) -> State:
        return clone(self)
