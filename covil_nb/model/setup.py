"""Game setup, steps A to I of the rulebook (I, the starting zones, is the
first decision of day 1's morning: see :mod:`morning`)."""

from __future__ import annotations

from .cards import CardSet
from .state import EXHAUSTED, LETTERS, TROOPS_PER_PLAYER, Minion, Options, Player, State, Troop
from .table import Table

POOL_SIZE = 6
SET_ASIDE = 24
STARTING_RELICS = 2
SETUP = "Setup"


def troop_ids(color: str) -> list[str]:
    return [f"{LETTERS[color]}{i}" for i in range(1, TROOPS_PER_PLAYER + 1)]


def new_player(color: str, cards: CardSet, overlord: str) -> Player:
    """Setup B, D, E: a hall of the color's 5 Henchmen (ready), 5 troops in
    supply, fortress HP 5, gold 5, and the Overlord on the throne, exhausted."""
    return Player(
        color=color,
        overlord=Minion(overlord, EXHAUSTED),
        hall=[Minion(h.id) for h in cards.henchmen[color]],
        troops=[Troop(i) for i in troop_ids(color)],
    )


def setup(t: Table, colors: list[str]) -> None:
    """Deal a new game onto an empty table: ``t.state`` holds only options and rng."""
    s, cards = t.state, t.cards
    t.say(f"{SETUP} A", f"The board: {t.board.title}.")
    overlords = [c.id for c in cards.overlords]
    t.shuffle(overlords)
    s.players = [new_player(c, cards, overlords[i]) for i, c in enumerate(colors)]
    s.box += overlords[len(colors) :]
    s.box += [h.id for color, hs in cards.henchmen.items() if color not in colors for h in hs]
    t.say(
        f"{SETUP} B",
        "Each player takes a Champions Hall with 5 Henchmen, 5 troops, "
        "a fortress at 5 HP and 5 gold.",
    )
    s.rebels = 1
    t.say(f"{SETUP} C", "One rebel goes to the town; the other 4 wait in the supply.")
    for p in s.players:
        t.say(
            f"{SETUP} D",
            f"{p.color} receives the Dark Overlord {t.name(p.overlord.card)}.",
            "overlord",
            player=p.color,
            card=p.overlord.card,
        )
    t.say(f"{SETUP} E", "Every Dark Overlord starts exhausted.")
    deal_mercenaries(t)
    deal_relics(t)
    t.say(
        f"{SETUP} H", f"{colors[0]} holds the Evil Scepter and starts.", "scepter", player=colors[0]
    )


def deal_mercenaries(t: Table) -> None:
    """Setup F: 24 set aside, 6 revealed; at setup only, 10-cost cards are
    shuffled back and replaced."""
    s = t.state
    deck = [c.id for c in t.cards.mercenaries if c.id not in s.box and not _in_halls(s, c.id)]
    t.shuffle(deck)
    s.mercenary_deck, s.box = deck[:SET_ASIDE], s.box + deck[SET_ASIDE:]
    s.pool = [s.mercenary_deck.pop() for _ in range(min(POOL_SIZE, len(s.mercenary_deck)))]
    while (tens := [c for c in s.pool if t.minion_card(c).cost == 10]) and any(
        t.minion_card(c).cost != 10 for c in s.mercenary_deck
    ):
        s.pool = [c for c in s.pool if c not in tens]
        s.mercenary_deck += tens
        t.shuffle(s.mercenary_deck)
        t.say(
            f"{SETUP} F", f"{len(tens)} card(s) costing 10 go back into the deck and are replaced."
        )
        s.pool += [s.mercenary_deck.pop() for _ in range(len(tens))]
    t.say(
        f"{SETUP} F",
        f"{SET_ASIDE} mercenaries are set aside; the pool: {', '.join(t.name(c) for c in s.pool)}.",
        "pool",
    )


def _in_halls(s: State, card: str) -> bool:
    return any(p.minion(card) for p in s.players)


def deal_relics(t: Table) -> None:
    """Setup G: shuffle the relics and deal 2 to each player."""
    s = t.state
    s.relic_deck = [r.id for r in t.cards.relics]
    t.shuffle(s.relic_deck)
    for p in s.players:
        p.hand = [s.relic_deck.pop() for _ in range(STARTING_RELICS)]
    t.say(f"{SETUP} G", f"Each player is dealt {STARTING_RELICS} Power Relics.")


def empty_state(options: Options, rng: int) -> State:
    return State(options=options, players=[], rng=rng)
