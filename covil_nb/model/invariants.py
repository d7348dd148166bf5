"""What must hold in every position. Loading a save or a scenario checks it,
and the random-game tests check it after every action.

A position may come from a stranger's save file, so nothing here assumes
another check has passed: the players' colors and the board are checked
first, and the rest only once they hold; the decision stack is checked
against the table (every troop, card and player it names is in the game).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from .afternoon import Purchase
from .cards import CardSet, MinionCard, RelicCard
from .errors import said
from .maps import Board
from .setup import EDITIONS, dummies_problem, troop_ids
from .state import FIELDS, RULE_OPTIONS, Frame, Player, State
from .vocabulary import (
    COLORS,
    DAYS,
    MAX_GOLD,
    MAX_HALL,
    MAX_HP,
    MAX_REBELS,
    MinionState,
    Phase,
    fortress_owner,
    owner_color,
)

MINION_STATES: Final = tuple(MinionState)
CARD_SETS: Final = ("reference", "custom")  # the set played with: see Options.cards
PHASES: Final = tuple(Phase)


def problems(state: State, cards: CardSet, board: Board) -> list[str]:
    """Every broken invariant, as sentences; an empty list means all is well."""
    found = _options(state, board)
    if found:
        return found  # the checks below read the players' colors and the board
    found = _cards(state, cards) + _stack(state, cards)
    for p in state.players:
        found += _player(p, board)
    if not 0 <= state.rebels <= MAX_REBELS:
        found.append(f"{state.rebels} rebels in town: there are {MAX_REBELS} at most")
    if not 1 <= state.day <= DAYS:
        found.append(f"day {state.day} is not one of 1 to {DAYS}")
    if state.phase not in PHASES:
        found.append(f"unknown phase {said(state.phase)}")
    n = len(state.players)
    if not (0 <= state.scepter < n and 0 <= state.turn < n):
        found.append("the scepter or the turn points at no player")
    fortresses = [p.fortress for p in state.players if p.fortress]
    if len(set(fortresses)) < len(fortresses):
        found.append("two fortresses share a zone")
    found += [
        f"the rebels' target {said(target)} is no troop or fortress of this game"
        for target in state.retaliation
        if state.troop(target) is None and fortress_owner(target) not in _colors(state)
    ]
    return found


def _colors(state: State) -> list[str]:
    return [p.color for p in state.players]


def _options(state: State, board: Board) -> list[str]:
    o, found = state.options, []
    if o.edition not in EDITIONS:
        found.append(f"unknown edition {said(o.edition)}")
    for name in RULE_OPTIONS:
        if getattr(o.rules, name) not in EDITIONS:
            found.append(f"rules option {name} must be one of {EDITIONS}")
    if o.board != board.name:
        found.append(f"the position is for board {said(o.board)}, not {said(board.name)}")
    if o.cards not in CARD_SETS:
        found.append(f"the cards are {said(o.cards)}, not one of {CARD_SETS}")
    colors = [p.color for p in state.players]
    if len(set(colors)) != len(colors) or not set(colors) <= set(COLORS):
        found.append(f"players must be distinct colors among {COLORS}: got {colors}")
    if not board.min_players <= len(colors) <= board.max_players:
        found.append(f"{board.title} is for {board.min_players} to {board.max_players} players")
    if dummies := dummies_problem(colors, o.dummies):
        found.append(dummies)
    return found


def _player(p: Player, board: Board) -> list[str]:
    found = []
    if not 0 <= p.gold <= MAX_GOLD:
        found.append(f"{p.color} has {p.gold} gold: the treasury holds 0 to {MAX_GOLD}")
    if not 0 <= p.hp <= MAX_HP:
        found.append(f"{p.color}'s fortress has {p.hp} HP: 0 to {MAX_HP}")
    if len(p.hall) > MAX_HALL:
        found.append(
            f"{p.color} has {len(p.hall)} minions besides the Overlord: {MAX_HALL} at most"
        )
    if sorted(t.id for t in p.troops) != troop_ids(p.color):
        found.append(f"{p.color} must have exactly the troops {troop_ids(p.color)}")
    for t in p.troops:
        if t.zone is not None and t.zone not in board.zones:
            found.append(f"{p.color}'s troop {t.id} is in unknown zone {said(t.zone)}")
    if p.fortress is not None and p.fortress not in board.zones:
        found.append(f"{p.color}'s fortress is in unknown zone {said(p.fortress)}")
    for m in p.minions:
        if m.state not in MINION_STATES:
            found.append(f"{p.color}'s {m.card} is {said(m.state)}, not one of {MINION_STATES}")
    return found


def _cards(state: State, cards: CardSet) -> list[str]:
    """Every card of the set in exactly one place."""
    places = [
        *state.pool,
        *state.mercenary_deck,
        *state.minion_discard,
        *state.relic_deck,
        *state.relic_discard,
        *state.box,
    ]
    for p in state.players:
        places += [m.card for m in p.minions] + p.hand + p.active
    counts = Counter(places)
    found = [f"card {said(c)} is in {n} places" for c, n in counts.items() if n > 1]
    known = {c.id for c in cards}
    found += [f"unknown card {said(c)}" for c in counts if c not in known]
    found += [f"card {said(c)} is nowhere" for c in sorted(known - set(counts))]
    for p in state.players:
        if p.overlord is None:
            found.append(f"{p.color} has no Dark Overlord on the throne")
            continue
        throne = cards[p.overlord.card] if p.overlord.card in known else None
        if throne is not None and getattr(throne, "kind", "") != "overlord":
            found.append(f"{p.color}'s throne holds {p.overlord.card}, not a Dark Overlord")
        found += [
            f"{p.color}'s hall holds {m.card}, which is not a minion"
            for m in p.hall
            if m.card in known and not isinstance(cards[m.card], MinionCard)
        ]
        found += [
            f"{p.color}'s hand holds {r}, not a relic"
            for r in p.hand + p.active
            if r in known and not isinstance(cards[r], RelicCard)
        ]
    return found


def _stack(state: State, cards: CardSet) -> list[str]:
    """The decision stack fits the table: the day at its bottom (none once
    the game is over), each step on one the engine puts it on, in its
    phase; every player, troop, target and card a step names is in the
    game, its counts in range; a purchase pledges what its buyer has."""
    kinds = [frame.kind for frame in state.stack]
    if state.phase == Phase.END:
        return ["a finished game has no decision pending"] if kinds else []
    if kinds[:1] != ["day"] or kinds.count("day") != 1:
        return [f"the decision stack must hold the day at its bottom, once: it holds {kinds}"]
    found = []
    for i, frame in enumerate(state.stack):
        step = f"step {i} of the stack ({frame.kind})"
        if i and kinds[i - 1] not in _ON.get(frame.kind, ()):
            found.append(f"{step} cannot follow a {kinds[i - 1]} step")
        if frame.kind in _PHASE and _PHASE[frame.kind] != state.phase:
            found.append(f"{step} belongs to the {_PHASE[frame.kind]}, not the {state.phase}")
        for name, value in _fields(frame):
            check = _NAMES.get(name)
            wrong = check(state, cards, frame, value) if check and value is not None else ""
            if wrong:
                found.append(f"{step}: its {name} {wrong}")
        if isinstance(frame, Purchase):
            found += [f"{step}: {wrong}" for wrong in _pledged(state, frame)]
    return found


# The step each step is put on by the engine, and the phase of those that have one.
_ON: Final[dict[str, tuple[str, ...]]] = {
    "start-zone": ("day",),
    "turn": ("day",),
    "troop-action": ("turn",),
    "purchase": ("turn",),
    "combat": ("turn", "day"),  # a troop's or a relic's attack; the rebels' at night
    "retreat": ("turn", "day"),
    "instant": ("turn", "combat"),  # the free actions of a turn and of a response
}
_PHASE: Final[dict[str, Phase]] = {
    "start-zone": Phase.MORNING,
    "turn": Phase.AFTERNOON,
    "troop-action": Phase.AFTERNOON,
    "purchase": Phase.AFTERNOON,
}


def _pledged(state: State, purchase: Purchase) -> list[str]:
    """A purchase under way buys a card of the pool with what its buyer
    still has: gold of the treasury, relics in hand, minions in the hall."""
    buyer = next((p for p in state.players if p.color == purchase.player), None)
    if buyer is None:
        return []  # said by the check of its player
    found = [] if purchase.card in state.pool else [f"{said(purchase.card)} is not in the pool"]
    if purchase.gold > buyer.gold:
        found.append(f"{purchase.gold} gold pledged, {buyer.gold} in the treasury")
    hall = [m.card for m in buyer.hall]
    for pledged, held, where in [
        (purchase.relics, buyer.hand, "hand"),
        (purchase.minions, hall, "hall"),
    ]:
        if len(set(pledged)) != len(pledged) or not set(pledged) <= set(held):
            found.append(f"pledges {pledged}, not all of them in {buyer.color}'s {where}")
    return found


def _fields(frame: Frame) -> list[tuple[str, object]]:
    return [(name, getattr(frame, name)) for name in FIELDS[type(frame)]]


def _color(state: State, cards: CardSet, frame: Frame, color: object) -> str:
    colors = [p.color for p in state.players]
    return "" if color in colors else f"{said(color)} is not one of the players {colors}"


def _troop(state: State, cards: CardSet, frame: Frame, troop: object) -> str:
    """A troop on the board, and of the step's player where it has one."""
    found = state.troop(troop) if isinstance(troop, str) else None
    if found is None or found.zone is None:
        return f"{said(troop)} is no troop on the board"
    owner = getattr(frame, "player", None) or getattr(frame, "attacker", None)
    if owner is not None and owner_color(found.id) != owner:
        return f"{troop} is not {owner}'s"
    return ""


def _target(state: State, cards: CardSet, frame: Frame, target: object) -> str:
    """A troop on the board, or a fortress standing on it ("" before one is chosen)."""
    if target == "":
        return ""
    assert isinstance(target, str)  # the codec decoded it as text
    color = fortress_owner(target)
    if color is not None:
        owner = next((p for p in state.players if p.color == color), None)
        if owner is None or owner.fortress is None:
            return f"{said(target)} names no fortress on the board"
    else:
        troop = state.troop(target)
        if troop is None or troop.zone is None:
            return f"{said(target)} is no troop on the board"
        color = owner_color(target)
    attacker = getattr(frame, "attacker", None)
    return f"{target} is {attacker}'s own: an attack is on an enemy" if color == attacker else ""


def _card_name(state: State, cards: CardSet, frame: Frame, name: object) -> str:
    """An effect's source: the name of the card it comes from."""
    return "" if any(c.name == name for c in cards) else f"{said(name)} names no card of this game"


def _card(state: State, cards: CardSet, frame: Frame, card: object) -> str:
    return "" if card in cards else f"{said(card)} is no card of this game"


def _cards_or_troops(state: State, cards: CardSet, frame: Frame, names: object) -> str:
    assert isinstance(names, list)  # the codec decoded it as a list of text
    unknown = [n for n in names if n not in cards and state.troop(n) is None]
    return f"{said(unknown[0])} is neither a card nor a troop of this game" if unknown else ""


def _count(state: State, cards: CardSet, frame: Frame, count: object) -> str:
    """A whole number of things: 0 or more, and small."""
    return _within(count, 0)


def _owed(state: State, cards: CardSet, frame: Frame, owed: object) -> str:
    """What a purchase still owes: below 0 once overpaid (the change)."""
    return _within(owed, -MAX_COUNT)


def _within(number: object, low: int) -> str:
    if isinstance(number, int) and low <= number <= MAX_COUNT:
        return ""
    return f"{said(number)} is out of range ({low} to {MAX_COUNT})"


MAX_COUNT: Final = 100  # a step's counts (gold paid, rounds of response) stay small
# What a step's field names, by its name: one check for every step that has it.
_NAMES: Final = {
    "player": _color,
    "attacker": _color,
    "responder": _color,
    "troop": _troop,
    "target": _target,
    "card": _card,
    "source": _card_name,
    "minion": _card,
    "guard": _card,
    "relics": _cards_or_troops,
    "minions": _cards_or_troops,
    "locked": _cards_or_troops,
    "cost": _owed,
    "gold": _count,
    "times": _count,
    "round": _count,
}
