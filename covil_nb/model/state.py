"""Everything on the table, as plain data.

The state is a tree of dataclasses holding only ints, strings, bools, lists
and other such dataclasses, so it copies, compares and saves to JSON simply.
The rules live elsewhere (one module per rulebook section); pending decisions
are frames on ``State.stack`` (:class:`FrameData` here, the rules' ``Frame``
in :mod:`.table`): the top frame says who decides now and what they may do.

Every class has ``__slots__`` (a finished game keeps a few copies of the
state, and attribute access is the engine's most common operation) and a
``clone`` that knows its own shape: undo and search copy states often.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from .errors import CovilError
from .language import tr
from .vocabulary import (
    COLORS,
    DAYS,
    LETTERS,
    MAX_GOLD,
    MAX_HALL,
    MAX_HP,
    MAX_REBELS,
    TROOPS_PER_PLAYER,
    AfternoonEnd,
    DefenseMinion,
    Edition,
    MinionState,
    NightOrder,
    Phase,
    Verb,
    Word,
    owner_color,
)

# The names other packages read here (the board widget draws with them).
__all__ = [
    "COLORS",
    "DAYS",
    "EXHAUSTED",
    "LETTERS",
    "MAX_GOLD",
    "MAX_HALL",
    "MAX_HP",
    "MAX_REBELS",
    "READY",
    "TIRED",
    "TROOPS_PER_PLAYER",
    "FrameData",
    "Minion",
    "Options",
    "Player",
    "Rules",
    "State",
    "Troop",
]

NO_FREE_ACTIONS: Final[frozenset[Verb]] = frozenset()
READY: Final = MinionState.READY
TIRED: Final = MinionState.TIRED
EXHAUSTED: Final = MinionState.EXHAUSTED
_TROOP_INDEX: Final = {f"{x}{n + 1}": n for x in LETTERS.values() for n in range(TROOPS_PER_PLAYER)}


# A Python class even in the compiled engine: people write an option as its
# edition's word (Rules(night_order="pt")), which a compiled class would
# refuse with a bare TypeError before __post_init__ could read it.
@mypyc_attr(native_class=False)
@dataclass(slots=True)
class Rules:
    """The three edition options (``docs/rules.md``); ``Rules.of("pt")`` sets
    all three. Each option takes its edition's word ("en", "pt") as well."""

    afternoon_end: AfternoonEnd = AfternoonEnd.ALL_LYING
    defense_minion: DefenseMinion = DefenseMinion.ANY_READY
    night_order: NightOrder = NightOrder.RENEW_THEN_FEE

    def __post_init__(self) -> None:
        for name, option in RULE_OPTIONS.items():
            word = getattr(self, name)
            if type(word) is option:
                continue  # already an option: every copy of a state comes here
            try:
                setattr(self, name, option(word))
            except (ValueError, TypeError):
                editions = ", ".join(repr(e) for e in Edition)
                raise CovilError(
                    tr(
                        "rules option {name} must be one of {editions}, not {word}",
                        name=name,
                        editions=editions,
                        word=repr(word),
                    ),
                    "Editions",
                ) from None

    @classmethod
    def of(cls, edition: str) -> Rules:
        return cls(AfternoonEnd(edition), DefenseMinion(edition), NightOrder(edition))

    def clone(self) -> Rules:
        """A copy, checked again: an option may have been set since (read
        untyped, so that the check, not a compiled read, refuses a bad one)."""
        return Rules(*[getattr(self, name) for name in RULE_OPTIONS])


# Each option of Rules, and the words it takes.
RULE_OPTIONS: Final[dict[str, type[Word]]] = {
    "afternoon_end": AfternoonEnd,
    "defense_minion": DefenseMinion,
    "night_order": NightOrder,
}


@dataclass(slots=True)
class Options:
    board: str
    seed: int
    edition: Edition = Edition.EN
    rules: Rules = field(default_factory=Rules)
    cards: str = "reference"
    dummies: list[str] = field(default_factory=list)  # seats the solo dummy plays
    next_to_yours: bool = False  # solo option: the dummy's fortress next to yours

    def clone(self) -> Options:
        return Options(
            self.board,
            self.seed,
            self.edition,
            self.rules.clone(),
            self.cards,
            self.dummies.copy(),
            self.next_to_yours,
        )


@dataclass(slots=True)
class Troop:
    id: str
    zone: str | None = None  # None: in its owner's supply
    standing: bool = True

    # Written out, in the classes a search makes most of: mypyc compiles an
    # __init__ written in the class, not the one @dataclass writes (mypyc
    # issue 817), and a state's copy makes a few dozen of them.
    def __init__(self, id: str, zone: str | None = None, standing: bool = True) -> None:
        self.id = id
        self.zone = zone
        self.standing = standing

    def clone(self) -> Troop:
        return Troop(self.id, self.zone, self.standing)


@dataclass(slots=True)
class Minion:
    card: str
    state: MinionState = READY

    def __init__(self, card: str, state: MinionState = READY) -> None:
        self.card = card
        self.state = state

    @property
    def ready(self) -> bool:
        return self.state == READY

    def clone(self) -> Minion:
        return Minion(self.card, self.state)


@dataclass(slots=True)
class Player:
    color: str
    overlord: Minion | None = None  # on the throne from Setup D on
    hall: list[Minion] = field(default_factory=list)
    troops: list[Troop] = field(default_factory=list)  # Y1 to Y5, in that order
    gold: int = MAX_GOLD
    hp: int = MAX_HP
    fortress: str | None = None  # its zone, once placed
    hand: list[str] = field(default_factory=list)
    active: list[str] = field(default_factory=list)

    def __init__(  # written out, as Troop's is
        self,
        color: str,
        overlord: Minion | None = None,
        hall: list[Minion] | None = None,
        troops: list[Troop] | None = None,
        gold: int = MAX_GOLD,
        hp: int = MAX_HP,
        fortress: str | None = None,
        hand: list[str] | None = None,
        active: list[str] | None = None,
    ) -> None:
        self.color = color
        self.overlord = overlord
        self.hall = [] if hall is None else hall
        self.troops = [] if troops is None else troops
        self.gold = gold
        self.hp = hp
        self.fortress = fortress
        self.hand = [] if hand is None else hand
        self.active = [] if active is None else active

    @property
    def minions(self) -> list[Minion]:
        """The Overlord first, then the hall in slot order."""
        return [self.overlord, *self.hall] if self.overlord else list(self.hall)

    def minion(self, card: str) -> Minion | None:
        if self.overlord and self.overlord.card == card:
            return self.overlord
        for m in self.hall:
            if m.card == card:
                return m
        return None

    def troop(self, troop_id: str) -> Troop | None:
        # Troop n is at index n - 1 (setup deals them in order); a position
        # built by hand may order them otherwise, hence the search after.
        index = _TROOP_INDEX.get(troop_id, TROOPS_PER_PLAYER)
        if index < len(self.troops) and self.troops[index].id == troop_id:
            return self.troops[index]
        return next((t for t in self.troops if t.id == troop_id), None)

    def on_board(self) -> list[Troop]:
        return [t for t in self.troops if t.zone is not None]

    def in_zone(self, zone: str) -> list[Troop]:
        return [t for t in self.troops if t.zone == zone]

    @property
    def destroyed(self) -> bool:
        return self.fortress is not None and self.hp == 0

    def clone(self) -> Player:
        return Player(
            self.color,
            self.overlord.clone() if self.overlord else None,
            [m.clone() for m in self.hall],
            [t.clone() for t in self.troops],
            self.gold,
            self.hp,
            self.fortress,
            self.hand.copy(),
            self.active.copy(),
        )


class FrameData:
    """A pending step of the game as plain data: its kind and its fields.

    The rules' :class:`~covil_nb.model.table.Frame` adds what a step does;
    this part is what the state holds, copies and saves, so that the state
    needs nothing of the rules."""

    __slots__ = ()  # a step's instances keep only their fields: no __dict__

    # Set by step(), never in a step's class body: a compiled dataclass
    # would take a class attribute written there for a field (mypyc #1122).
    kind: ClassVar[str] = ""
    # "Buying a relic is allowed whenever that player is the one to decide";
    # a frame may refuse it where it would break the step in progress.
    allows_relic_purchase: ClassVar[bool] = True
    # A responder with nothing to do but pass is passed by the engine (``run``).
    passes_alone: ClassVar[bool] = False

    def clone(self) -> FrameData:
        """A copy: frames hold scalars and lists of scalars."""
        values = [getattr(self, name) for name in FIELDS[type(self)]]
        return type(self)(*[v.copy() if type(v) is list else v for v in values])


STEPS: Final[dict[str, type[FrameData]]] = {}  # every step by its kind, as a save names it
FIELDS: Final[dict[type[FrameData], tuple[str, ...]]] = {}  # a step's fields, in order


def step(
    cls: type[FrameData],
    kind: str,
    *,
    passes_alone: bool = FrameData.passes_alone,
    allows_relic_purchase: bool = FrameData.allows_relic_purchase,
) -> None:
    """Declare the dataclass ``cls`` as the step ``kind`` (see
    :class:`~covil_nb.model.table.Frame` for the two options) and register it
    for loading saves. A call after the class, not a decorator: mypyc
    compiles a class only under the decorators it knows."""
    cls.kind = kind
    cls.passes_alone = passes_alone
    cls.allows_relic_purchase = allows_relic_purchase
    STEPS[kind] = cls
    FIELDS[cls] = tuple(f.name for f in fields(cast(Any, cls)))  # a dataclass by now


@dataclass(slots=True)
class State:
    options: Options
    players: list[Player]
    rng: int
    day: int = 1
    phase: Phase = Phase.MORNING
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
    retaliation: list[str] = field(default_factory=list)  # targets of the rebels, in turn
    stack: list[FrameData] = field(default_factory=list)

    def __init__(  # written out, as Troop's is
        self,
        options: Options,
        players: list[Player],
        rng: int,
        day: int = 1,
        phase: Phase = Phase.MORNING,
        scepter: int = 0,
        turn: int = 0,
        rebels: int = 0,
        pool: list[str] | None = None,
        mercenary_deck: list[str] | None = None,
        minion_discard: list[str] | None = None,
        relic_deck: list[str] | None = None,
        relic_discard: list[str] | None = None,
        box: list[str] | None = None,
        night_step: int = 0,
        retaliation: list[str] | None = None,
        stack: list[FrameData] | None = None,
    ) -> None:
        self.options = options
        self.players = players
        self.rng = rng
        self.day = day
        self.phase = phase
        self.scepter = scepter
        self.turn = turn
        self.rebels = rebels
        self.pool = [] if pool is None else pool
        self.mercenary_deck = [] if mercenary_deck is None else mercenary_deck
        self.minion_discard = [] if minion_discard is None else minion_discard
        self.relic_deck = [] if relic_deck is None else relic_deck
        self.relic_discard = [] if relic_discard is None else relic_discard
        self.box = [] if box is None else box
        self.night_step = night_step
        self.retaliation = [] if retaliation is None else retaliation
        self.stack = [] if stack is None else stack

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
        """The player a troop id belongs to (its letter names the color)."""
        color = owner_color(troop_id)
        for p in self.players:
            if p.color == color:
                return p if p.troop(troop_id) is not None else None
        return None

    def troop(self, troop_id: str) -> Troop | None:
        """Any player's troop by its id (None if there is no such troop)."""
        owner = self.owner_of(troop_id)
        return owner.troop(troop_id) if owner else None

    def troops_in(self, zone: str) -> list[Troop]:
        return [t for p in self.players for t in p.troops if t.zone == zone]

    def clone(self) -> State:
        """A deep copy: nothing of it is shared with this state."""
        return State(
            self.options.clone(),
            [p.clone() for p in self.players],
            self.rng,
            self.day,
            self.phase,
            self.scepter,
            self.turn,
            self.rebels,
            self.pool.copy(),
            self.mercenary_deck.copy(),
            self.minion_discard.copy(),
            self.relic_deck.copy(),
            self.relic_discard.copy(),
            self.box.copy(),
            self.night_step,
            self.retaliation.copy(),
            [f.clone() for f in self.stack],
        )
