"""The table the rules act on: the state, the cards, the board and the log.

Mechanisms that several rules share live here once: gaining gold under the
treasury cap, drawing a relic (reshuffling the discard pile when the deck runs
out), resting and exhausting minions, and pushing decision frames.
"""

from __future__ import annotations

from typing import Any

from .actions import Event
from .cards import CardSet, MinionCard, RelicCard
from .maps import Board
from .rng import Rng
from .state import EXHAUSTED, MAX_GOLD, READY, TIRED, Frame, Minion, Player, Rules, State


class Table:
    def __init__(self, state: State, cards: CardSet, board: Board) -> None:
        self.state = state
        self.cards = cards
        self.board = board
        self.events: list[Event] = []

    # -- reading -----------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.state.options.rules

    def player(self, color: str) -> Player:
        return self.state.player(color)

    def minion_card(self, card_id: str) -> MinionCard:
        return self.cards.minion(card_id)

    def relic_card(self, card_id: str) -> RelicCard:
        return self.cards.relic(card_id)

    def name(self, card_id: str) -> str:
        return self.cards[card_id].name

    # -- the log -----------------------------------------------------------
    def say(self, rule: str, text: str, kind: str = "info", **data: Any) -> None:
        s = self.state
        self.events.append(Event(rule, text, kind, data, s.day, s.phase))

    # -- chance --------------------------------------------------------------
    def shuffle(self, items: list[str]) -> None:
        rng = Rng(self.state.rng)
        rng.shuffle(items)
        self.state.rng = rng.state

    # -- the decision stack ------------------------------------------------
    def push(self, frame: Frame) -> None:
        self.state.stack.append(frame)

    def pop(self) -> Frame:
        return self.state.stack.pop()

    def replace(self, frame: Frame) -> None:
        self.state.stack[-1] = frame

    # -- shared mechanisms -------------------------------------------------
    def gain_gold(self, player: Player, amount: int, rule: str, why: str) -> int:
        """Add gold up to the treasury's cap of 5; what does not fit is lost."""
        gained = max(0, min(amount, MAX_GOLD - player.gold))
        player.gold += gained
        lost = (
            f" ({amount - gained} lost: the treasury holds at most {MAX_GOLD})"
            if gained < amount
            else ""
        )
        self.say(
            rule,
            f"{player.color} gains {gained} gold {why}{lost}; treasury {player.gold}.",
            "gold",
            player=player.color,
            amount=gained,
        )
        return gained

    def draw_relic(self, player: Player, rule: str, why: str) -> str | None:
        """Draw one relic into the player's hand; None if none are left at all."""
        s = self.state
        if not s.relic_deck and s.relic_discard:
            s.relic_deck, s.relic_discard = s.relic_discard, []
            self.shuffle(s.relic_deck)
            self.say(
                "Power Relics",
                "The relic deck ran out: its discard pile is shuffled into a new deck.",
            )
        if not s.relic_deck:
            self.say(rule, f"{player.color} would draw a relic {why}, but none are left.")
            return None
        relic = s.relic_deck.pop()
        player.hand.append(relic)
        self.say(
            rule, f"{player.color} draws a relic {why}.", "draw", player=player.color, relic=relic
        )
        return relic

    def relics_left(self) -> bool:
        return bool(self.state.relic_deck or self.state.relic_discard)

    def exhaust(self, player: Player, card_id: str) -> Minion:
        """Put the exhausted side of a token on one of the player's minions."""
        minion = player.minion(card_id)
        assert minion is not None, f"{player.color} has no minion {card_id}"
        minion.state = EXHAUSTED
        return minion

    def rest(self, player: Player, minion: Minion, rule: str) -> None:
        """Exhausted becomes tired; tired becomes ready."""
        before = minion.state
        minion.state = TIRED if before == EXHAUSTED else READY
        self.say(
            rule,
            f"{player.color}'s {self.name(minion.card)} rests: {before} → {minion.state}.",
            "rest",
            player=player.color,
            minion=minion.card,
        )
