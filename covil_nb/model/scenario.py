"""Set up any position directly: the rulebook's examples, a tutorial's lesson, a puzzle.

Start from a dealt game and move pieces and cards where
they should be; :meth:`Scenario.build` checks the position and returns a
:class:`Game` waiting for the chosen decision.

>>> s = Scenario(["yellow", "red"], board="A", seed=1)
>>> s.fortress("red", "H", hp=3).troops("red", "H", lying=1)
>>> s.hall("yellow", ["iron-bastion", ("harbor-warden", "tired")])
>>> s.afternoon(turn="yellow")
>>> game = s.build()

Cards are taken from wherever they were (pool, decks, another hall, the box)
so that every card stays in exactly one place; cards displaced go back to
their deck (relics, mercenaries) or to the box (Henchmen, Overlords).
"""

from __future__ import annotations

from collections.abc import Iterable

from .afternoon import Turn
from .arguments import checked
from .cards import CardSet, load_cards
from .errors import CovilError
from .flow import Day
from .game import Game
from .language import tr
from .state import EXHAUSTED, READY, Minion, Player, Rules, State
from .vocabulary import MinionState, Phase
from .words import color_name

RULE = "scenario"
MinionSpec = str | tuple[str, str]


@checked(RULE)
class Scenario:
    """A builder of positions; every method returns the builder. Each
    checks the types of its arguments first (:mod:`.arguments`)."""

    def __init__(
        self,
        players: list[str],
        board: str = "A",
        seed: int = 0,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> None:
        self.cards = cards or load_cards()
        dealt = Game.new(
            players,
            board=board,
            seed=seed,
            edition=edition,
            rules=rules,
            cards=cards,
            dummies=dummies,
            next_to_yours=next_to_yours,
        )
        self.board = dealt.board
        self.state: State = dealt.state
        self.state.stack = []

    # -- cards ------------------------------------------------------------------
    def _take(self, card: str) -> str:
        """Lift a card from wherever it lies."""
        s = self.state
        if card not in self.cards:
            raise CovilError(tr("no card {card} in the card set", card=repr(card)), RULE)
        for pile in (
            s.pool,
            s.mercenary_deck,
            s.minion_discard,
            s.relic_deck,
            s.relic_discard,
            s.box,
        ):
            if card in pile:
                pile.remove(card)
                return card
        for p in s.players:
            for pile in (p.hand, p.active):
                if card in pile:
                    pile.remove(card)
                    return card
            if p.overlord and p.overlord.card == card:
                raise CovilError(
                    tr("{card} sits on {color}'s throne", card=card, color=color_name(p.color)),
                    RULE,
                )
            if p.minion(card):
                p.hall = [m for m in p.hall if m.card != card]
                return card
        raise CovilError(tr("card {card} is nowhere", card=repr(card)), RULE)

    def _put_back(self, card: str) -> None:
        card_kind = getattr(self.cards[card], "kind", "relic")
        pile = {"relic": self.state.relic_deck, "mercenary": self.state.mercenary_deck}
        pile.get(card_kind, self.state.box).append(card)

    def _player(self, color: str) -> Player:
        try:
            return self.state.player(color)
        except KeyError:
            raise CovilError(
                tr("no {color} player in this scenario", color=repr(color)), RULE
            ) from None

    def overlord(self, color: str, card: str, state: str = EXHAUSTED) -> Scenario:
        """Seat ``card`` on the throne; if another player holds it, the two
        players swap Overlords."""
        p = self._player(color)
        if getattr(self.cards[card], "kind", "") != "overlord":
            raise CovilError(tr("{card} is not a Dark Overlord", card=card), RULE)
        holder = next(
            (q for q in self.state.players if q.overlord and q.overlord.card == card), None
        )
        if holder is not None and p.overlord is not None:
            holder.overlord, p.overlord = p.overlord, holder.overlord
        elif holder is None:
            self._take(card)
            if p.overlord:
                self._put_back(p.overlord.card)
            p.overlord = Minion(card)
        assert p.overlord is not None
        p.overlord.state = _minion_state(state)
        return self

    def hall(self, color: str, minions: Iterable[MinionSpec]) -> Scenario:
        """Replace the hall: card ids, or (card id, "ready"|"tired"|"exhausted")."""
        p = self._player(color)
        specs = [(m, READY) if isinstance(m, str) else m for m in minions]
        old = [m.card for m in p.hall]
        p.hall = []
        for card in old:
            if card not in {c for c, _ in specs}:
                self._put_back(card)
        for card, state in specs:
            if card not in old:
                self._take(card)
            p.hall.append(Minion(card, _minion_state(state)))
        return self

    def hand(self, color: str, relics: Iterable[str]) -> Scenario:
        return self._relics(color, relics, "hand")

    def active(self, color: str, relics: Iterable[str]) -> Scenario:
        return self._relics(color, relics, "active")

    def _relics(self, color: str, relics: Iterable[str], where: str) -> Scenario:
        self._fill(getattr(self._player(color), where), relics)
        return self

    def relic_deck_top(self, relics: Iterable[str]) -> Scenario:
        """Stack the relic deck: the first of ``relics`` is drawn (or flipped) next."""
        for card in reversed(list(relics)):  # the deck is drawn from its end
            self.state.relic_deck.append(self._take(card))
        return self

    def pool(self, cards: Iterable[str]) -> Scenario:
        self._fill(self.state.pool, cards)
        return self

    def _fill(self, pile: list[str], cards: Iterable[str]) -> None:
        """Make ``pile`` hold exactly ``cards``, in that order."""
        wanted, old = list(cards), list(pile)
        pile.clear()
        for card in old:
            if card not in wanted:
                self._put_back(card)
        for card in wanted:
            pile.append(card if card in old else self._take(card))

    # -- the board and tracks ---------------------------------------------------------
    def fortress(self, color: str, zone: str, hp: int = 5) -> Scenario:
        p = self._player(color)
        self.board.zone(zone)
        p.fortress, p.hp = zone, hp
        return self

    def troops(self, color: str, zone: str, standing: int = 0, lying: int = 0) -> Scenario:
        """Bring troops from the supply into ``zone``."""
        p = self._player(color)
        self.board.zone(zone)
        supply = [t for t in p.troops if t.zone is None]
        if standing < 0 or lying < 0:
            raise CovilError(
                tr(
                    "troops come in whole numbers: {standing} standing, {lying} lying",
                    standing=standing,
                    lying=lying,
                ),
                RULE,
            )
        if standing + lying > len(supply):
            raise CovilError(
                tr(
                    "{color} has only {count} troops left in supply", color=color, count=len(supply)
                ),
                RULE,
            )
        for i, troop in enumerate(supply[: standing + lying]):
            troop.zone, troop.standing = zone, i < standing
        return self

    def gold(self, color: str, amount: int) -> Scenario:
        self._player(color).gold = amount
        return self

    def rebels(self, count: int) -> Scenario:
        self.state.rebels = count
        return self

    def day(self, day: int) -> Scenario:
        self.state.day = day
        return self

    def scepter(self, color: str) -> Scenario:
        self.state.scepter = self.state.players.index(self._player(color))
        return self

    # -- whose decision -----------------------------------------------------------------
    def afternoon(self, turn: str | None = None) -> Scenario:
        """The afternoon, at the start of ``turn``'s turn (default: the scepter holder)."""
        s = self.state
        color = turn or s.players[s.scepter].color
        s.phase, s.turn = Phase.AFTERNOON, s.players.index(self._player(color))
        s.stack = [Day(), Turn(color)]
        return self

    def night(self) -> Scenario:
        """The start of the night: its steps run as soon as the game is built."""
        self.state.phase, self.state.night_step = Phase.NIGHT, 0
        self.state.stack = [Day()]
        return self

    def morning(self) -> Scenario:
        self.state.phase = Phase.MORNING
        self.state.stack = [Day()]
        return self

    def build(self) -> Game:
        if not self.state.stack:
            raise CovilError(tr("choose the phase first: afternoon(), night() or morning()"), RULE)
        return Game.from_position(self.state, self.cards)


def _minion_state(state: str) -> MinionState:
    if state not in MinionState._value2member_map_:
        raise CovilError(
            tr("{state} is not a minion's state: ready, tired or exhausted", state=repr(state)),
            RULE,
        )
    return MinionState(state)
