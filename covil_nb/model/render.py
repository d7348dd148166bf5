"""A text picture of the game: the board's zones, the halls, the pool and
the tracks. ``print(game)`` shows it; tutorials use it until the widget."""

from __future__ import annotations

from .actions import Decision
from .cards import CardSet
from .maps import Board
from .state import Player, State
from .vocabulary import MAX_GOLD, MAX_HP, MAX_REBELS, Phase


def troop_marks(state: State, zone: str) -> str:
    """Standing troops upper case (Y1), lying ones lower case (y1)."""
    return " ".join(t.id if t.standing else t.id.lower() for t in state.troops_in(zone))


def zone_lines(state: State, board: Board) -> list[str]:
    lines = []
    for zid, zone in board.zones.items():
        terrains = "+".join(sorted(zone.terrains, key=lambda x: (x != "town", x)))
        marks = [f"{'@' if zone.spiral else ' '}{zid}", f"{terrains:<16}"]
        for p in state.players:
            if p.fortress == zid:
                marks.append(
                    f"[{p.color} fortress {p.hp} HP]" if p.hp else f"[{p.color} fortress destroyed]"
                )
        if zid == board.town:
            marks.append(f"rebels {state.rebels}/{MAX_REBELS}")
        marks.append(troop_marks(state, zid))
        marks.append("→ " + " ".join(board.neighbors(zid)))
        lines.append("  " + "  ".join(m for m in marks if m))
    return lines


def player_lines(state: State, cards: CardSet, p: Player) -> list[str]:
    name = cards.minion
    supply = sum(t.zone is None for t in p.troops)
    hall = ", ".join(f"{name(m.card).name} ({m.state})" for m in p.hall) or "empty"
    hand = ", ".join(cards.relic(r).name for r in p.hand) or "none"
    if state.is_dummy(p.color):
        hand = f"{len(p.hand)} face down (the dummy's, for scoring)"
    throne = f"{name(p.overlord.card).name} ({p.overlord.state})" if p.overlord else "empty"
    active = ", ".join(cards.relic(r).name for r in p.active) or "none"
    who = f"{p.color} (dummy)" if state.is_dummy(p.color) else p.color
    return [
        f"  {who}: gold {p.gold}/{MAX_GOLD}, fortress {p.fortress or '-'} {p.hp}/{MAX_HP} HP, "
        f"{len(p.on_board())} troops on the board, {supply} in supply",
        f"    throne: {throne}; hall: {hall}",
        f"    hand: {hand}; active: {active}",
    ]


def text(state: State, cards: CardSet, board: Board, decision: Decision | None) -> str:
    """The whole table, and the decision it waits for."""
    s = state
    holder = s.players[s.scepter].color if s.players else "nobody yet"
    head = (
        f"Covil — {board.title} — game over"
        if s.phase == Phase.END
        else f"Covil — {board.title} — day {s.day}, {s.phase} — scepter: {holder}"
    )
    lines = [head]
    if decision:
        lines.append(f"Now: {decision}")
    lines += ["Zones (@ spiral; upper case stands, lower case lies down):", *zone_lines(s, board)]
    lines.append("Players:")
    for p in s.players:
        lines += player_lines(s, cards, p)
    pool = ", ".join(f"{cards.minion(c).name} ({cards.minion(c).cost})" for c in s.pool)
    lines.append(f"Pool: {pool or 'empty'}")
    lines.append(
        f"Decks: {len(s.mercenary_deck)} mercenaries set aside; {len(s.relic_deck)} relics "
        f"({len(s.relic_discard)} discarded)"
    )
    return "\n".join(lines)
