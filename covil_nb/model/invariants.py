"""What must hold in every position. Loading a save or a scenario checks it,
and the random-game tests check it after every action."""

from __future__ import annotations

from collections import Counter
from typing import Final

from .cards import CardSet, MinionCard, RelicCard
from .maps import Board
from .setup import EDITIONS, troop_ids
from .state import RULE_OPTIONS, Player, State
from .vocabulary import (
    COLORS,
    DAYS,
    MAX_GOLD,
    MAX_HALL,
    MAX_HP,
    MAX_REBELS,
    MinionState,
    Phase,
)

MINION_STATES: Final = tuple(MinionState)
PHASES: Final = tuple(Phase)


def problems(state: State, cards: CardSet, board: Board) -> list[str]:
    """Every broken invariant, as sentences; an empty list means all is well."""
    found = _options(state, board) + _cards(state, cards)
    for p in state.players:
        found += _player(p, board)
    if not 0 <= state.rebels <= MAX_REBELS:
        found.append(f"{state.rebels} rebels in town: there are {MAX_REBELS} at most")
    if not 1 <= state.day <= DAYS:
        found.append(f"day {state.day} is not one of 1 to {DAYS}")
    if state.phase not in PHASES:
        found.append(f"unknown phase {state.phase!r}")
    n = len(state.players)
    if not (0 <= state.scepter < n and 0 <= state.turn < n):
        found.append("the scepter or the turn points at no player")
    fortresses = [p.fortress for p in state.players if p.fortress]
    if len(set(fortresses)) < len(fortresses):
        found.append("two fortresses share a zone")
    return found


def _options(state: State, board: Board) -> list[str]:
    o, found = state.options, []
    if o.edition not in EDITIONS:
        found.append(f"unknown edition {o.edition!r}")
    for name in RULE_OPTIONS:
        if getattr(o.rules, name) not in EDITIONS:
            found.append(f"rules option {name} must be one of {EDITIONS}")
    if o.board != board.name:
        found.append(f"the position is for board {o.board!r}, not {board.name!r}")
    colors = [p.color for p in state.players]
    if len(set(colors)) != len(colors) or not set(colors) <= set(COLORS):
        found.append(f"players must be distinct colors among {COLORS}: got {colors}")
    if not board.min_players <= len(colors) <= board.max_players:
        found.append(f"{board.title} is for {board.min_players} to {board.max_players} players")
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
            found.append(f"{p.color}'s troop {t.id} is in unknown zone {t.zone!r}")
    if p.fortress is not None and p.fortress not in board.zones:
        found.append(f"{p.color}'s fortress is in unknown zone {p.fortress!r}")
    for m in p.minions:
        if m.state not in MINION_STATES:
            found.append(f"{p.color}'s {m.card} is {m.state!r}, not one of {MINION_STATES}")
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
    found = [f"card {c!r} is in {n} places" for c, n in counts.items() if n > 1]
    known = {c.id for c in cards}
    found += [f"unknown card {c!r}" for c in counts if c not in known]
    found += [f"card {c!r} is nowhere" for c in sorted(known - set(counts))]
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
