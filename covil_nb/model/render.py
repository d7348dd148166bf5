"""A text picture of the game: the board's zones, the halls, the pool and the tracks.

``print(game)`` shows it.
"""

from __future__ import annotations

from .actions import Decision
from .cards import CardSet
from .language import Joined, Text, named, tr
from .maps import Board
from .state import Player, State
from .vocabulary import MAX_GOLD, MAX_HP, MAX_REBELS, Phase
from .words import color_name, phase_name, state_name, terrain_name


def troop_marks(state: State, zone: str) -> str:
    """Standing troops upper case (Y1), lying ones lower case (y1)."""
    return " ".join(t.id if t.standing else t.id.lower() for t in state.troops_in(zone))


def zone_lines(state: State, board: Board) -> list[str]:
    lines = []
    for zid, zone in board.zones.items():
        order = sorted(zone.terrains, key=lambda x: (x != "town", x))
        terrains = "+".join(str(terrain_name(t)) for t in order)
        marks = [f"{'@' if zone.spiral else ' '}{zid}", f"{terrains:<16}"]
        for p in state.players:
            if p.fortress == zid:
                marks.append(str(_fortress_said(p)))
        if zid == board.town:
            marks.append(str(tr("rebels {rebels}/{most}", rebels=state.rebels, most=MAX_REBELS)))
        marks.append(troop_marks(state, zid))
        marks.append("→ " + " ".join(board.neighbors(zid)))
        lines.append("  " + "  ".join(m for m in marks if m))
    return lines


def _fortress_said(p: Player) -> Text:
    color = color_name(p.color)
    if p.hp:
        return tr("[{color} fortress {hp} HP]", color=color, hp=p.hp)
    return tr("[{color} fortress destroyed]", color=color)


def player_lines(state: State, cards: CardSet, p: Player) -> list[str]:
    def minion(card: str, minion_state: str) -> Text:
        return tr(
            "{minion} ({state})",
            minion=named(cards.minion(card).name),
            state=state_name(minion_state),
        )

    def relics(ids: list[str]) -> Text:
        return Joined(", ", [named(cards.relic(r).name) for r in ids]) if ids else tr("none")

    supply = sum(t.zone is None for t in p.troops)
    hall = Joined(", ", [minion(m.card, m.state) for m in p.hall]) if p.hall else tr("empty")
    hand = relics(p.hand)
    if state.is_dummy(p.color):
        hand = tr("{count} face down (the dummy's, for scoring)", count=len(p.hand))
    throne = minion(p.overlord.card, p.overlord.state) if p.overlord else tr("empty")
    color = color_name(p.color)
    who = tr("{color} (dummy)", color=color) if state.is_dummy(p.color) else color
    said = {
        "who": who,
        "gold": p.gold,
        "most_gold": MAX_GOLD,
        "zone": p.fortress or "-",
        "hp": p.hp,
        "most_hp": MAX_HP,
        "board": len(p.on_board()),
        "supply": supply,
    }
    return [
        "  "
        + str(
            tr(
                "{who}: gold {gold}/{most_gold}, fortress {zone} {hp}/{most_hp} HP, {board} troops "
                "on the board, {supply} in supply",
                **said,
            )
        ),
        "    " + str(tr("throne: {throne}; hall: {hall}", throne=throne, hall=hall)),
        "    " + str(tr("hand: {hand}; active: {active}", hand=hand, active=relics(p.active))),
    ]


def text(state: State, cards: CardSet, board: Board, decision: Decision | None) -> str:
    """The whole table, and the decision it waits for."""
    s = state
    title = named(board.title)
    if s.phase == Phase.END:
        head = tr("Covil — {board} — game over", board=title)
    else:
        holder = color_name(s.players[s.scepter].color) if s.players else tr("nobody yet")
        head = tr(
            "Covil — {board} — day {day}, {phase} — scepter: {holder}",
            board=title,
            day=s.day,
            phase=phase_name(s.phase),
            holder=holder,
        )
    lines = [str(head)]
    if decision:
        lines.append(str(tr("Now: {decision}", decision=str(decision))))
    lines += [str(tr("Zones (@ spiral; upper case stands, lower case lies down):"))]
    lines += zone_lines(s, board)
    lines.append(str(tr("Players:")))
    for p in s.players:
        lines += player_lines(s, cards, p)
    pool = Joined(
        ", ",
        [
            tr("{minion} ({cost})", minion=named(cards.minion(c).name), cost=cards.minion(c).cost)
            for c in s.pool
        ],
    )
    lines.append(str(tr("Pool: {pool}", pool=pool if s.pool else tr("empty"))))
    lines.append(
        str(
            tr(
                "Decks: {mercenaries} mercenaries set aside; {relics} relics ({discarded} "
                "discarded)",
                mercenaries=len(s.mercenary_deck),
                relics=len(s.relic_deck),
                discarded=len(s.relic_discard),
            )
        )
    )
    return "\n".join(lines)
