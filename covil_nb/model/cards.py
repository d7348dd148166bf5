"""The cards: Dark Overlords, Henchmen, Mercenaries and Power Relics, read from data.

The rulebooks describe the kinds of card but do not list the printed ones, so the
project ships a *reference set* (``covil_nb/model/data/cards``) built from the
rulebook's categories. A player who owns the game can type in the printed cards
instead and load them with ``load_cards(directory)``; ``data/cards/README.md``
explains every field for them.

A card directory holds four files, each ``{"cards": [ {...}, ... ]}``:

``overlords.json``, ``henchmen.json``, ``mercenaries.json`` — minions::

    id       lowercase slug, unique across all four files ("donnish-druid")
    name     unique within the file (henchmen: within a color)
    class    overlord | assassin | warrior | guardian | saboteur | sorcerer
             (overlords.json: always "overlord"; the other files: never)
    stat     melee | ranged | defense            base stat
    power    int >= 0                            base stat value
    cost     int >= 0; mercenaries: 2, 4, 6, 8 or 10
    color    henchmen only: yellow | red | green | blue
    text     the ability, as a sentence for people
    reinforcements  optional list of
             {"stat": melee|ranged|defense|move, "amount": int >= 1 (move: 1),
              "terrains": [water|desert|mountain|forest|town, ...]}   (optional)
    influences      optional list of
             {"kind": "discount", "amount": int >= 1, "class": <class>|null}
             {"kind": "score", "amount": int >= 1, "per": "relic"}
             {"kind": "score", "amount": int >= 1, "per": "minion",
              "name": <minion name>|null, "class": <class>|null}
    aftershock      optional {"amount": int >= 1, "per_class": <class>|null}
    command         optional <effect>

``relics.json`` — Power Relics::

    id, name, text   as above
    gold     int 0..5            worth in hand (payment and final scoring)
    terrain  water | desert | mountain | forest      target zone (solo mode)
    bonus    {"melee"|"ranged"|"defense": int >= 1, ...}   troop bonus while active
    instant  optional <effect> or null

``<effect>`` is ``{"effect": gold|repair|rest|move|attack|draw, "amount": int >= 1}``
(``amount`` defaults to 1; a move or an attack is always exactly one).

Every problem raises :class:`CovilError` naming the file, the card and the field,
e.g. ``mercenaries.json: card "donnish-druid": field "cost": 7 is not one of
2, 4, 6, 8, 10``, with ``rule`` set to the file's path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, NoReturn, TypeVar

from .errors import CovilError
from .language import Text, named, tr
from .native import DATA
from .vocabulary import COLORS, MAX_GOLD, TERRAINS, TOWN, EffectKind, Stat

CLASSES: Final = ("overlord", "assassin", "warrior", "guardian", "saboteur", "sorcerer")
STATS: Final = (Stat.MELEE, Stat.RANGED, Stat.DEFENSE)
INSTANT_EFFECTS: Final = tuple(EffectKind)
# Reinforcements may name the town; a relic never does: solo mode only
# targets the four wild terrains.
REINFORCEMENT_TERRAINS: Final = (*TERRAINS, TOWN)
REINFORCEMENT_STATS: Final = tuple(Stat)
INFLUENCE_KINDS: Final = ("discount", "score")
SCORE_PER: Final = ("relic", "minion")
MERCENARY_COSTS: Final = (2, 4, 6, 8, 10)
MAX_RELIC_GOLD: Final = MAX_GOLD  # the treasury track stops at 5
HENCHMEN_PER_COLOR: Final = 5

# Smallest sets a game can be set up with: one Overlord per player (up to 4),
# 24 Mercenaries set aside for the game, two starting relics per player.
MIN_OVERLORDS: Final = 4
MIN_MERCENARIES: Final = 24
MIN_RELICS: Final = 8

REFERENCE_DIR: Final = DATA / "cards"
FILES: Final = {
    "overlord": "overlords.json",
    "henchman": "henchmen.json",
    "mercenary": "mercenaries.json",
    "relic": "relics.json",
}

_SLUG: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Reinforcement:
    """A passive bonus to all the owner's troops (``stat`` "move": extra zones)."""

    stat: Stat
    amount: int
    terrains: frozenset[str] = frozenset()  # empty: everywhere

    def applies_in(self, zone_terrains: Iterable[str]) -> bool:
        """Whether a troop in (or, for "move", departing from) such a zone gets it."""
        return not self.terrains or bool(self.terrains & frozenset(zone_terrains))

    def bonus_in(self, zone_terrains: Iterable[str]) -> int:
        """The bonus in a zone: once per matching terrain (Town + Water gives twice)."""
        if not self.terrains:
            return self.amount
        return self.amount * len(self.terrains & frozenset(zone_terrains))


@dataclass(frozen=True)
class Influence:
    """A passive, non-combat advantage: an acquisition discount or final-scoring VP."""

    kind: str  # "discount" | "score"
    amount: int
    cls: str | None = None  # discount: that class only; score per minion: that class
    per: str | None = None  # score: "relic" | "minion"
    name: str | None = None  # score per minion: that name only

    def counts(self, minion: MinionCard) -> bool:
        """Whether ``minion`` is one this influence names (discounts and per-minion VP)."""
        return (self.cls is None or minion.cls == self.cls) and (
            self.name is None or minion.name == self.name
        )


@dataclass(frozen=True)
class Aftershock:
    """Extra attack strength when this minion is exhausted to attack."""

    amount: int
    per_class: str | None = None  # per minion of that class in the hall, itself included

    def bonus(self, hall: Iterable[MinionCard]) -> int:
        """The attack bonus given the whole hall (the attacking minion included)."""
        if self.per_class is None:
            return self.amount
        return self.amount * sum(1 for minion in hall if minion.cls == self.per_class)


@dataclass(frozen=True)
class Effect:
    """An instant effect, of a Command or of a relic."""

    effect: EffectKind
    amount: int = 1


@dataclass(frozen=True)
class MinionCard:
    id: str
    name: str
    kind: str  # "overlord" | "henchman" | "mercenary"
    cls: str
    stat: Stat
    power: int
    cost: int
    text: str
    color: str | None = None
    reinforcements: tuple[Reinforcement, ...] = ()
    influences: tuple[Influence, ...] = ()
    aftershock: Aftershock | None = None
    command: Effect | None = None
    # Derived once, when the card is made: its Reinforcements by the stat they
    # add to (every strength and every move reads them), and the label of
    # using its Command, less the note on what it would do now (every
    # afternoon decision lists it). Fields, not cached properties: a compiled
    # class has no instance dictionary, and mypyc's cached_property recomputes.
    reinforcing: dict[str, tuple[Reinforcement, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    command_label: Text = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        by_stat = {s: tuple(r for r in self.reinforcements if r.stat == s) for s in Stat}
        object.__setattr__(self, "reinforcing", by_stat)
        label = tr("Exhaust {minion}: {text}", minion=named(self.name), text=named(self.text))
        object.__setattr__(self, "command_label", label)

    def stat_bonus(self, stat: str) -> int:
        """What exhausting this minion adds to a strength of kind ``stat``."""
        return self.power if self.stat == stat else 0

    @property
    def discounts(self) -> tuple[Influence, ...]:
        """Its acquisition discounts."""
        return tuple(i for i in self.influences if i.kind == "discount")


@dataclass(frozen=True)
class RelicCard:
    id: str
    name: str
    gold: int
    terrain: str
    text: str
    instant: Effect | None = None
    bonus: tuple[tuple[str, int], ...] = ()  # sorted (stat, amount) pairs
    # The label of activating it, less the note on what it would do now
    # (every afternoon decision lists it): made once, as MinionCard's.
    activate_label: Text = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        label = tr("Activate {relic} ({text})", relic=named(self.name), text=named(self.text))
        object.__setattr__(self, "activate_label", label)

    def bonus_for(self, stat: str) -> int:
        """The troop bonus this relic gives, while active, to strength ``stat``."""
        for bonus_stat, amount in self.bonus:
            if bonus_stat == stat:
                return amount
        return 0


Card = MinionCard | RelicCard
_C = TypeVar("_C", MinionCard, RelicCard)
_T = TypeVar("_T")
_W = TypeVar("_W", bound=str)


def _off(influences: tuple[Influence, ...], card: MinionCard) -> int:
    """What ``influences`` take off the cost of ``card``, together."""
    return sum(i.amount for i in influences if i.counts(card))


@dataclass(frozen=True)
class CardSet:
    overlords: tuple[MinionCard, ...]
    henchmen: dict[str, tuple[MinionCard, ...]] = field(hash=False)  # by color, file order
    mercenaries: tuple[MinionCard, ...]
    relics: tuple[RelicCard, ...]
    # The four files as read (file name -> its JSON), so a save can carry them.
    source: dict[str, Any] = field(default_factory=dict, repr=False, compare=False, hash=False)
    # Built once: the engine looks cards up by id many times per action.
    _index: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)
    minion_cards: dict[str, MinionCard] = field(init=False, repr=False, compare=False, hash=False)
    relic_cards: dict[str, RelicCard] = field(init=False, repr=False, compare=False, hash=False)
    mercenary_cards: dict[str, MinionCard] = field(
        init=False, repr=False, compare=False, hash=False
    )
    names: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)
    # The acquisition discounts, the one home of that rule: each minion with
    # any (most have none) -> what it takes off each minion card it names,
    # all its discounts together. A price, its label and the pool's listing
    # are all summed from it.
    discount_on: dict[str, dict[str, int]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    # What a relic drawn blind is worth on average, in gold (a bot's
    # evaluation reads it for every position).
    mean_relic_gold: float = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "minion_cards", {card.id: card for card in self.minions})
        object.__setattr__(self, "relic_cards", {card.id: card for card in self.relics})
        object.__setattr__(self, "mercenary_cards", {card.id: card for card in self.mercenaries})
        object.__setattr__(self, "_index", {**self.minion_cards, **self.relic_cards})
        object.__setattr__(self, "names", {i: card.name for i, card in self._index.items()})
        discount_on = {}
        for minion in self.minions:
            if influences := minion.discounts:  # a property: read once per minion
                discount_on[minion.id] = {
                    c.id: off for c in self.minions if (off := _off(influences, c))
                }
        object.__setattr__(self, "discount_on", discount_on)
        mean = sum(r.gold for r in self.relics) / len(self.relics)
        object.__setattr__(self, "mean_relic_gold", mean)

    @property
    def minions(self) -> tuple[MinionCard, ...]:
        """Every minion card: overlords, henchmen (by color), mercenaries."""
        henchmen = tuple(card for cards in self.henchmen.values() for card in cards)
        return (*self.overlords, *henchmen, *self.mercenaries)

    def __getitem__(self, card_id: str) -> Card:
        try:
            return self._index[card_id]
        except KeyError:
            raise CovilError(tr('no card with id "{card}"', card=card_id), rule="cards") from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._index

    def __iter__(self) -> Iterator[Card]:
        return iter(self._index.values())

    def __len__(self) -> int:
        return len(self._index)

    def minion(self, card_id: str) -> MinionCard:
        try:
            return self.minion_cards[card_id]
        except KeyError:
            self[card_id]  # an unknown id: its own error
            raise CovilError(
                tr('card "{card}" is a Power Relic, not a minion', card=card_id), rule="cards"
            ) from None

    def relic(self, card_id: str) -> RelicCard:
        try:
            return self.relic_cards[card_id]
        except KeyError:
            self[card_id]  # an unknown id: its own error
            raise CovilError(
                tr('card "{card}" is a minion, not a Power Relic', card=card_id), rule="cards"
            ) from None

    def data(self) -> dict[str, Any]:
        """The card files as JSON data (file name -> contents), for
        :func:`load_cards_data` to read back: a save carries its cards."""
        return self.source

    def mercenaries_costing(self, *costs: int) -> tuple[MinionCard, ...]:
        """Mercenaries with one of these costs, in file order (the solo-mode piles)."""
        return tuple(card for card in self.mercenaries if card.cost in costs)


# --------------------------------------------------------------------------- loading


def load_cards(directory: str | Path | None = None) -> CardSet:
    """Read and check a card directory; by default the reference set (read once)."""
    if directory is None:
        return _reference_set()
    return _load(Path(directory))


@cache
def _reference_set() -> CardSet:
    return _load(REFERENCE_DIR)


def load_cards_data(data: Any, where: str = "save file") -> CardSet:
    """Read a card set from JSON data as :meth:`CardSet.data` gives it (the
    four file names -> their contents), with the same checks as the files."""
    directory = Path(where)
    if not isinstance(data, dict):
        _Where(directory).fail(
            f"the cards must be an object of the files {', '.join(FILES.values())}"
        )
    missing = [name for name in FILES.values() if name not in data]
    if missing:
        _Where(directory).fail(f"the cards lack {', '.join(missing)}")
    raw = {kind: _file(directory / name, data[name]) for kind, name in FILES.items()}
    return _build(directory, raw)


def _load(directory: Path) -> CardSet:
    raw = {kind: _read_file(directory / name) for kind, name in FILES.items()}
    return _build(directory, raw)


def _build(directory: Path, raw: dict[str, _File]) -> CardSet:
    minions = {
        kind: tuple(_parse_cards(raw[kind], kind, _parse_minion))
        for kind in ("overlord", "henchman", "mercenary")
    }
    relics = tuple(_parse_cards(raw["relic"], "relic", _parse_relic))
    _check_ids_unique(directory, [*minions.values(), relics])
    henchmen = _by_color(directory / FILES["henchman"], minions["henchman"])
    _check_count(directory / FILES["overlord"], minions["overlord"], MIN_OVERLORDS)
    _check_count(directory / FILES["mercenary"], minions["mercenary"], MIN_MERCENARIES)
    _check_count(directory / FILES["relic"], relics, MIN_RELICS)
    source = {FILES[kind]: {"cards": file.cards} for kind, file in raw.items()}
    return CardSet(minions["overlord"], henchmen, minions["mercenary"], relics, source)


@dataclass(frozen=True)
class _File:
    path: Path
    cards: list[Any]


def _read_file(path: Path) -> _File:
    where = _Where(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        where.fail(f"missing from {path.parent}")
    except (OSError, UnicodeDecodeError) as error:
        where.fail(f"cannot be read: {error}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        where.fail(f"malformed JSON at line {error.lineno} column {error.colno}: {error.msg}")
    return _file(path, data)


def _file(path: Path, data: Any) -> _File:
    """One card file's JSON: ``{"cards": [...]}``."""
    where = _Where(path)
    top = _Fields(where, data, "")
    top.keys(("cards",))
    cards = top.value("cards")
    if not isinstance(cards, list):
        where.fail(f"expected a list, got {_type_name(cards)}", "cards")
    return _File(path, cards)


def _parse_cards(file: _File, kind: str, parse: Callable[[_Where, Any, str], _C]) -> Iterator[_C]:
    names: dict[tuple[str | None, str], str] = {}
    for number, raw in enumerate(file.cards, start=1):
        where = _Where(file.path, _card_label(raw, number))
        card = parse(where, raw, kind)
        # Henchmen repeat their names once per color; other names are unique per file.
        key = (getattr(card, "color", None), card.name)
        if key in names:
            where.fail(f'"{card.name}" is already the name of card "{names[key]}"', "name")
        names[key] = card.id
        yield card


def _card_label(raw: Any, number: int) -> str:
    card_id = raw.get("id") if isinstance(raw, dict) else None
    if isinstance(card_id, str) and _SLUG.match(card_id):
        return f'card "{card_id}"'
    return f"card #{number}"


def _check_ids_unique(directory: Path, groups: list[tuple[Card, ...]]) -> None:
    seen: dict[str, str] = {}
    for kind, cards in zip(FILES, groups, strict=True):
        for card in cards:
            if card.id in seen:
                where = _Where(directory / FILES[kind], f'card "{card.id}"')
                where.fail(f"the same id is already used in {seen[card.id]}", "id")
            seen[card.id] = FILES[kind]


def _by_color(path: Path, cards: tuple[MinionCard, ...]) -> dict[str, tuple[MinionCard, ...]]:
    """Each color's five henchmen; every color has the same five names (setup)."""
    henchmen = {color: tuple(c for c in cards if c.color == color) for color in COLORS}
    for color, group in henchmen.items():
        if len(group) != HENCHMEN_PER_COLOR:
            _Where(path, f'color "{color}"').fail(
                f"{len(group)} henchmen; every color needs exactly {HENCHMEN_PER_COLOR}"
            )
    first = COLORS[0]
    expected = {card.name for card in henchmen[first]}
    for card in (c for c in cards if c.name not in expected):
        names = ", ".join(sorted(expected))
        _Where(path, f'card "{card.id}"').fail(
            f'"{card.name}" is not one of the {first} henchmen ({names})', "name"
        )
    return henchmen


def _check_count(path: Path, cards: tuple[Card, ...], minimum: int) -> None:
    if len(cards) < minimum:
        _Where(path).fail(f"{len(cards)} cards; a game needs at least {minimum}", "cards")


# --------------------------------------------------------------------------- one card


def _parse_minion(where: _Where, raw: Any, kind: str) -> MinionCard:
    fields = _Fields(where, raw, "")
    required: tuple[str, ...] = ("id", "name", "class", "stat", "power", "cost", "text")
    if kind == "henchman":
        required = (*required, "color")
    fields.keys(required, ("reinforcements", "influences", "aftershock", "command"))
    cls = fields.choice("class", CLASSES)
    if (cls == "overlord") != (kind == "overlord"):
        rule = "must be" if kind == "overlord" else "cannot be"
        fields.fail("class", f'"{cls}": a card in {where.path.name} {rule} "overlord"')
    return MinionCard(
        id=fields.slug("id"),
        name=fields.text("name"),
        kind=kind,
        cls=cls,
        stat=fields.choice("stat", STATS),
        power=fields.integer("power", low=0),
        cost=_cost(fields, kind),
        text=fields.text("text"),
        color=fields.choice("color", COLORS) if kind == "henchman" else None,
        reinforcements=fields.each("reinforcements", _parse_reinforcement),
        influences=fields.each("influences", _parse_influence),
        aftershock=fields.optional("aftershock", _parse_aftershock),
        command=fields.optional("command", _parse_effect),
    )


def _cost(fields: _Fields, kind: str) -> int:
    cost = fields.integer("cost", low=0)
    if kind == "mercenary" and cost not in MERCENARY_COSTS:
        allowed = ", ".join(map(str, MERCENARY_COSTS))
        fields.fail("cost", f"{cost} is not one of {allowed}")
    return cost


def _parse_relic(where: _Where, raw: Any, _kind: str) -> RelicCard:
    fields = _Fields(where, raw, "")
    fields.keys(("id", "name", "gold", "terrain", "bonus", "text"), ("instant",))
    return RelicCard(
        id=fields.slug("id"),
        name=fields.text("name"),
        gold=fields.integer("gold", low=0, high=MAX_RELIC_GOLD),
        terrain=fields.choice("terrain", TERRAINS),
        text=fields.text("text"),
        instant=fields.optional("instant", _parse_effect),
        bonus=_parse_bonus(fields.nested("bonus")),
    )


def _parse_bonus(fields: _Fields) -> tuple[tuple[str, int], ...]:
    if not fields.raw:
        fields.fail(None, f"a troop bonus needs at least one of {', '.join(STATS)}")
    fields.keys((), STATS)
    return tuple(sorted((stat, fields.integer(stat, low=1)) for stat in fields.raw))


def _parse_reinforcement(fields: _Fields) -> Reinforcement:
    fields.keys(("stat", "amount"), ("terrains",))
    stat = fields.choice("stat", REINFORCEMENT_STATS)
    amount = fields.integer("amount", low=1)
    # Move-based abilities let a troop go "up to 2 zones away": one zone more, never two.
    if stat == "move" and amount != 1:
        fields.fail("amount", f'{amount}: a "move" Reinforcement always has amount 1')
    return Reinforcement(stat=stat, amount=amount, terrains=fields.terrains("terrains"))


def _parse_influence(fields: _Fields) -> Influence:
    kind = fields.choice("kind", INFLUENCE_KINDS)
    if kind == "discount":
        fields.keys(("kind", "amount"), ("class",))
        return Influence(kind, fields.integer("amount", low=1), cls=_maybe_class(fields))
    per = fields.choice("per", SCORE_PER)
    # Only a per-minion score can narrow what it counts, by name and/or class.
    fields.keys(("kind", "amount", "per"), ("name", "class") if per == "minion" else ())
    name = fields.text("name") if fields.raw.get("name") is not None else None
    return Influence(
        kind, fields.integer("amount", low=1), cls=_maybe_class(fields), per=per, name=name
    )


def _maybe_class(fields: _Fields, key: str = "class") -> str | None:
    return fields.choice(key, CLASSES) if fields.raw.get(key) is not None else None


def _parse_aftershock(fields: _Fields) -> Aftershock:
    fields.keys(("amount",), ("per_class",))
    return Aftershock(fields.integer("amount", low=1), _maybe_class(fields, "per_class"))


def _parse_effect(fields: _Fields) -> Effect:
    fields.keys(("effect",), ("amount",))
    effect = fields.choice("effect", INSTANT_EFFECTS)
    amount = fields.integer("amount", low=1) if "amount" in fields.raw else 1
    # The engine moves one troop one zone, or makes one attack: nothing else to count.
    if effect in ("move", "attack") and amount != 1:
        fields.fail("amount", f'{amount}: a "{effect}" effect always has amount 1')
    return Effect(effect, amount)


# --------------------------------------------------------------------------- reading JSON


@dataclass(frozen=True)
class _Where:
    """The file and card being read, so that every error can say where it is."""

    path: Path
    card: str | None = None

    def fail(self, message: str, field_name: str | None = None) -> NoReturn:
        parts = [self.path.name]
        if self.card:
            parts.append(self.card)
        if field_name:
            parts.append(f'field "{field_name}"')
        raise CovilError(": ".join([*parts, message]), rule=str(self.path))


class _Fields:
    """One JSON object at ``prefix`` (e.g. "influences[0].") inside a card."""

    def __init__(self, where: _Where, raw: Any, prefix: str) -> None:
        self.where = where
        self.prefix = prefix
        if not isinstance(raw, dict):
            self.fail(None, f"expected an object, got {_type_name(raw)}")
        self.raw: dict[str, Any] = raw

    def fail(self, key: str | None, message: str) -> NoReturn:
        name = f"{self.prefix}{key}" if key else self.prefix.rstrip(".") or None
        self.where.fail(message, name)

    def keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        required = tuple(required)
        known = (*required, *optional)
        for key in required:
            if key not in self.raw:
                self.fail(key, "missing")
        for key in self.raw:
            if key not in known:
                self.fail(key, f"unknown field (known fields: {', '.join(known)})")

    def value(self, key: str) -> Any:
        if key not in self.raw:
            self.fail(key, "missing")
        return self.raw[key]

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int:
        value = self.value(key)
        # bool is an int in Python, but `true` is never a number on a card.
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(key, f"expected an integer, got {_type_name(value)}")
        if low is not None and value < low:
            self.fail(key, f"{value} is below the minimum {low}")
        if high is not None and value > high:
            self.fail(key, f"{value} is above the maximum {high}")
        return value

    def text(self, key: str) -> str:
        value = self.value(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, f"expected a non-empty string, got {_type_name(value)}")
        return value

    def slug(self, key: str) -> str:
        value = self.text(key)
        if not _SLUG.match(value):
            self.fail(key, f'"{value}" is not a lowercase slug like "donnish-druid"')
        return value

    def choice(self, key: str, choices: tuple[_W, ...]) -> _W:
        """The value, which must be one of ``choices``; the word of the
        vocabulary it is, when ``choices`` are such words."""
        value = self.value(key)
        if not isinstance(value, str) or value not in choices:
            shown = json.dumps(value) if _is_json_scalar(value) else _type_name(value)
            self.fail(key, f"{shown} is not one of {', '.join(choices)}")
        return choices[choices.index(value)]

    def terrains(self, key: str) -> frozenset[str]:
        values = self.raw.get(key, [])
        if not isinstance(values, list):
            self.fail(key, f"expected a list of terrains, got {_type_name(values)}")
        for value in values:
            if value not in REINFORCEMENT_TERRAINS:
                shown = json.dumps(value) if _is_json_scalar(value) else _type_name(value)
                self.fail(key, f"{shown} is not one of {', '.join(REINFORCEMENT_TERRAINS)}")
        # A repeated terrain would silently vanish in the set and halve the bonus.
        if len(set(values)) != len(values):
            self.fail(key, "a terrain is listed twice")
        return frozenset(values)

    def nested(self, key: str, index: int | None = None) -> _Fields:
        value = self.value(key)
        if index is not None:
            return _Fields(self.where, value[index], f"{self.prefix}{key}[{index}].")
        return _Fields(self.where, value, f"{self.prefix}{key}.")

    def each(self, key: str, parse: Callable[[_Fields], _T]) -> tuple[_T, ...]:
        if key not in self.raw:
            return ()
        if not isinstance(self.raw[key], list):
            self.fail(key, f"expected a list, got {_type_name(self.raw[key])}")
        return tuple(parse(self.nested(key, i)) for i in range(len(self.raw[key])))

    def optional(self, key: str, parse: Callable[[_Fields], _T]) -> _T | None:
        if self.raw.get(key) is None:
            return None
        return parse(self.nested(key))


def _is_json_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _type_name(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    names |= {int: "an integer", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)
