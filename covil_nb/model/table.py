"""The table the rules act on: the state, the cards, the board and the log.

Mechanisms that several rules share live here once: gaining gold under the
treasury cap, taking the top relic (reshuffling the discard pile when the
deck runs out), resting and exhausting minions, and pushing decision frames.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Event, Refusal
from .cards import CardSet, MinionCard, RelicCard
from .maps import Board
from .rng import Rng
from .state import EXHAUSTED, READY, TIRED, Frame, Minion, Player, Rules, State
from .vocabulary import MAX_GOLD
from .words import and_list


class Table:
    """What the rules read and change: the state, the card set and the board
    (never changed), and the events said so far. A table keeps its state:
    undo makes a new table.

    A ``quiet`` table says nothing: search copies and replays whose events
    nobody reads skip writing them (a sentence can cost more than the rule
    it tells of). Sentences that take work to write are handed to
    :meth:`say` as a function, called only when the table is not quiet."""

    def __init__(self, state: State, cards: CardSet, board: Board, quiet: bool = False) -> None:
        self.state = state
        self.quiet = quiet
        self.seat(state.players)
        self.cards = cards
        self.board = board
        self.events: list[Event] = []
        # Called between the steps of the night, which no one decides, so that
        # Game.moments can show them one at a time; None in play.
        self.pause: Callable[[], None] | None = None
        # The cards by id, looked up directly: the rules do so many times an action.
        self.minion_card: Callable[[str], MinionCard] = cards.minion_cards.__getitem__
        self.relic_card: Callable[[str], RelicCard] = cards.relic_cards.__getitem__
        self._names = cards.names

    # -- reading -----------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.state.options.rules

    def seat(self, players: list[Player]) -> None:
        """The players, in seating order (setup B seats them at the empty
        table of a new game; they never change after). ``player(color)``
        looks one up directly: the rules do so several times an action."""
        self.state.players = players
        self.player: Callable[[str], Player] = {p.color: p for p in players}.__getitem__

    def name(self, card_id: str) -> str:
        return self._names.get(card_id) or repr(card_id)

    # -- why an action is refused (see ``Frame.refusal``) ---------------------
    def not_ready(self, player: Player, card_id: str, use: str) -> Refusal | None:
        """Why ``player`` may not ``use`` (e.g. "exhaust") that minion now:
        it is not theirs, or it is tired or exhausted."""
        minion = player.minion(card_id)
        if minion is None:
            return self._not_in_hall(player, card_id)
        if not minion.ready:
            return Refusal(
                f"{self.name(card_id)} is {minion.state}: a tired or exhausted minion cannot "
                f"{use}; rest it first",
                "2.3 Rest one of your minions",
            )
        return None

    def not_restable(self, player: Player, card_id: str, rule: str) -> Refusal | None:
        """Why ``player`` may not rest that minion (a troop action or an
        instant effect, ``rule``): it is not theirs, or it is ready already."""
        minion = player.minion(card_id)
        if minion is None:
            return self._not_in_hall(player, card_id)
        if minion.ready:
            return Refusal(f"{self.name(card_id)} is ready already: nothing to rest", rule)
        return None

    def _not_in_hall(self, player: Player, card_id: str) -> Refusal:
        return Refusal(f"{self.name(card_id)} is not in {player.color}'s hall", "Champions Hall")

    def not_on_board(self, player: Player, troop_id: str) -> Refusal | None:
        """Why ``troop_id`` is not one of ``player``'s troops on the board."""
        troop = player.troop(troop_id)
        if troop is None:
            owner = self.state.owner_of(troop_id)
            if owner is None:
                return Refusal(f"there is no troop {troop_id} in this game", "troops")
            return Refusal(
                f"{troop_id} is {owner.color}'s troop, not one of {player.color}'s", "troops"
            )
        if troop.zone is None:
            return Refusal(
                f"{troop_id} is in {player.color}'s supply: troops are summoned in the morning",
                "Phase 1: Morning",
            )
        return None

    def names(self, card_ids: list[str]) -> str:
        """Card names as a sentence says them: "A", "A and B", "A, B and C"."""
        return and_list([self.name(c) for c in card_ids])

    # -- the log -----------------------------------------------------------
    def say(
        self, rule: str, text: str | Callable[[], str], kind: str = "info", **data: Any
    ) -> None:
        if self.quiet:
            return
        s = self.state
        said = text if isinstance(text, str) else text()
        self.events.append(Event(rule, said, kind, data, s.day, s.phase))

    def pause_here(self) -> None:
        """A point between two steps the rules play alone (see ``pause``)."""
        if self.pause is not None:
            self.pause()

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
        if gained == amount:
            text = f"{player.color} gains {amount} gold {why}; treasury {player.gold}."
        elif gained:
            text = (
                f"{player.color} gains {gained} gold {why} ({amount - gained} lost: the "
                f"treasury holds at most {MAX_GOLD}); treasury {player.gold}."
            )
        else:
            text = (
                f"{player.color} gains no gold {why}: the treasury is full at {MAX_GOLD} "
                f"and the {amount} is lost."
            )
        self.say(
            rule,
            text,
            "gold",
            player=player.color,
            amount=gained,
        )
        return gained

    def top_relic(self) -> str | None:
        """Take the top relic off the deck (to draw it, or to flip it in solo
        mode). When the deck has run out, its discard pile is shuffled into a
        new deck first. None if no relic is left in either."""
        s = self.state
        if not s.relic_deck and s.relic_discard:
            s.relic_deck, s.relic_discard = s.relic_discard, []
            self.shuffle(s.relic_deck)
            self.say(
                "Power Relics",
                "The relic deck ran out: its discard pile is shuffled into a new deck.",
            )
        return s.relic_deck.pop() if s.relic_deck else None

    def draw_relic(self, player: Player, rule: str, why: str) -> str | None:
        """Draw one relic into the player's hand; None if none are left at all."""
        relic = self.top_relic()
        if relic is None:
            self.say(rule, f"{player.color} would draw a relic {why}, but none are left.")
            return None
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
        change = rested(minion)  # before the sentence: a quiet table says nothing, yet rests
        self.say(
            rule,
            f"{player.color} rests {self.name(minion.card)}: {change}.",
            "rest",
            player=player.color,
            minion=minion.card,
        )


def rested(minion: Minion) -> str:
    """Rest a minion once; say how its state changed ("exhausted → tired")."""
    before = minion.state
    minion.state = TIRED if before == EXHAUSTED else READY
    return f"{before} → {minion.state}"
