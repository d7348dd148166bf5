"""The table the rules act on: the state, the cards, the board and the log.

Mechanisms that several rules share live here once: gaining gold under the
treasury cap, taking the top relic (reshuffling the discard pile when the
deck runs out), resting and exhausting minions, and pushing decision frames.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, cast

from .actions import Action, Decision, Event, Refusal
from .cards import CardSet, MinionCard, RelicCard
from .language import Text, named, ntr, tr
from .maps import Board
from .rng import Rng
from .state import EXHAUSTED, NO_FREE_ACTIONS, READY, TIRED, FrameData, Minion, Player, Rules, State
from .vocabulary import MAX_GOLD, DecisionKind, Verb
from .words import color_name, state_name


class Frame(FrameData):
    """A pending step of the game. Each step is a slotted dataclass that
    holds what the step needs, declared with :func:`step` (which names its
    kind); ``decision`` (and ``decider``, who decides) returns None when the
    step runs by itself.

    ``legal`` lists the step's own choices. The free actions of 2.2 (relics,
    Commands, buying a relic) are listed by :mod:`flow` where the step allows
    them: those named by ``free_actions`` after the step's own choices and
    before the action that closes it (``end``, ``pass``), buying a relic last.
    """

    __slots__ = ()

    def decision(self, t: Table) -> Decision | None:
        return None

    def decider(self, t: Table) -> str | None:
        """Who decides this step now; None when it runs by itself. The engine
        asks only this on its way (the whole :meth:`decision`, prompt and
        all, is written when someone reads it); a step overrides it where
        its decision takes work to write."""
        decision = self.decision(t)
        return decision.player if decision else None

    def decision_kind(self, t: Table) -> DecisionKind:
        """What this step asks now: the kind of its :meth:`decision`,
        without writing the prompt (a step whose prompt takes work says it
        directly)."""
        decision = self.decision(t)
        assert decision is not None, "only a step waiting for a player asks"
        return decision.kind

    def legal(self, t: Table) -> list[Action]:
        return []

    def free_actions(self, t: Table) -> frozenset[Verb]:
        """The free actions (``activate``, ``command``) this step offers now."""
        return NO_FREE_ACTIONS

    def apply(self, t: Table, action: Action) -> None:
        raise NotImplementedError(self.kind)

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        """Why ``action`` (not among the legal ones) is refused here, in the
        rule's words; None leaves the general answer (what is allowed now)."""
        return None

    def run(self, t: Table) -> None:
        raise NotImplementedError(self.kind)


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
        """The card's name in English: the catalog's key, which ``called``
        says in the language of the moment."""
        return self._names.get(card_id) or repr(card_id)

    def called(self, card_id: str) -> Text:
        """The card's name, said in the language of the moment."""
        return named(self.name(card_id))

    def rest_labels(self, player: Player) -> Callable[[Action], Text]:
        """The label of each rest of ``player``'s minions a listing offers
        ("Rest Squire (tired)"), made when read from the states at listing."""
        states: dict[str, str] = {m.card: m.state for m in player.minions}
        return partial(self._rest_label, states)

    def _rest_label(self, states: dict[str, str], rest: Action) -> Text:
        card = rest.args[0]
        return tr(
            "Rest {minion} ({state})", minion=self.called(card), state=state_name(states[card])
        )

    # -- why an action is refused (see ``Frame.refusal``) ---------------------
    def not_ready(self, player: Player, card_id: str, use: Text) -> Refusal | None:
        """Why ``player`` may not ``use`` (e.g. "exhaust") that minion now:
        it is not theirs, or it is tired or exhausted."""
        minion = player.minion(card_id)
        if minion is None:
            return self._not_in_hall(player, card_id)
        if not minion.ready:
            return Refusal(
                tr(
                    "{minion} is {state}: a tired or exhausted minion cannot {use}; rest it first",
                    minion=self.called(card_id),
                    state=state_name(minion.state),
                    use=use,
                ),
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
            return Refusal(
                tr("{minion} is ready already: nothing to rest", minion=self.called(card_id)), rule
            )
        return None

    def _not_in_hall(self, player: Player, card_id: str) -> Refusal:
        return Refusal(
            tr(
                "{minion} is not in {color}'s hall",
                minion=self.called(card_id),
                color=color_name(player.color),
            ),
            "Champions Hall",
        )

    def not_on_board(self, player: Player, troop_id: str) -> Refusal | None:
        """Why ``troop_id`` is not one of ``player``'s troops on the board."""
        troop = player.troop(troop_id)
        if troop is None:
            owner = self.state.owner_of(troop_id)
            if owner is None:
                return Refusal(
                    tr("there is no troop {troop} in this game", troop=troop_id), "troops"
                )
            return Refusal(
                tr(
                    "{troop} is {owner}'s troop, not one of {color}'s",
                    troop=troop_id,
                    owner=color_name(owner.color),
                    color=color_name(player.color),
                ),
                "troops",
            )
        if troop.zone is None:
            return Refusal(
                tr(
                    "{troop} is in {color}'s supply: troops are summoned in the morning",
                    troop=troop_id,
                    color=color_name(player.color),
                ),
                "Phase 1: Morning",
            )
        return None

    # -- the log -----------------------------------------------------------
    def say(
        self,
        rule: str,
        text: str | Text | Callable[[], str | Text],
        kind: str = "info",
        **data: Any,
    ) -> None:
        """Log an event of ``rule``. ``text`` may be the function that makes
        the sentence: a quiet table (a search's) says nothing, and a sentence
        in the catalog costs a few objects to make, so it makes none."""
        if self.quiet:
            return
        s = self.state
        said = text if isinstance(text, str | Text) else text()
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

    # The state holds its frames as plain data (FrameData), and only the rules
    # push them, as frames: the type checker is told so (compiled, the cast
    # checks the type too).
    def top(self) -> Frame:
        """The step on top of the stack: the one under way."""
        return cast(Frame, self.state.stack[-1])

    def pop(self) -> Frame:
        return cast(Frame, self.state.stack.pop())

    def replace(self, frame: Frame) -> None:
        self.state.stack[-1] = frame

    # -- shared mechanisms -------------------------------------------------
    def gain_gold(self, player: Player, amount: int, rule: str, why: str | Text) -> int:
        """Add gold up to the treasury's cap of 5; what does not fit is lost."""
        gained = max(0, min(amount, MAX_GOLD - player.gold))
        player.gold += gained
        # A quiet table (a search's) says nothing: the sentence is made only to be said.
        self.say(
            rule,
            lambda: _gold_said(player, amount, gained, why),
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
                lambda: tr("The relic deck ran out: its discard pile is shuffled into a new deck."),
            )
        return s.relic_deck.pop() if s.relic_deck else None

    def draw_relic(self, player: Player, rule: str, why: str | Text) -> str | None:
        """Draw one relic into the player's hand; None if none are left at all."""
        relic = self.top_relic()
        if relic is None:
            self.say(rule, lambda: _relic_said(player, why, drawn=False))
            return None
        player.hand.append(relic)
        self.say(
            rule,
            lambda: _relic_said(player, why, drawn=True),
            "draw",
            player=player.color,
            relic=relic,
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
        before = rest_once(minion)
        self.say(
            rule,
            lambda: self._rest_said(player, minion, before),
            "rest",
            player=player.color,
            minion=minion.card,
        )

    def _rest_said(self, player: Player, minion: Minion, before: str) -> Text:
        return tr(
            "{color} rests {minion}: {change}.",
            color=color_name(player.color),
            minion=self.called(minion.card),
            change=change_said(before, minion.state),
        )


def _gold_said(player: Player, amount: int, gained: int, why: str | Text) -> Text:
    """What a gain of ``amount`` gold, of which ``gained`` fit, says."""
    said = {"color": color_name(player.color), "why": why, "treasury": player.gold}
    if gained == amount:
        return ntr(
            "{color} gains {count} gold {why}; treasury {treasury}.",
            "{color} gains {count} gold {why}; treasury {treasury}.",
            amount,
            **said,
        )
    if gained:
        return ntr(
            "{color} gains {count} gold {why} ({lost} lost: the treasury holds at most "
            "{most}); treasury {treasury}.",
            "{color} gains {count} gold {why} ({lost} lost: the treasury holds at most "
            "{most}); treasury {treasury}.",
            gained,
            lost=amount - gained,
            most=MAX_GOLD,
            **said,
        )
    return tr(
        "{color} gains no gold {why}: the treasury is full at {most} and the {amount} is lost.",
        most=MAX_GOLD,
        amount=amount,
        **said,
    )


def _relic_said(player: Player, why: str | Text, drawn: bool) -> Text:
    color = color_name(player.color)
    if drawn:
        return tr("{color} draws a relic {why}.", color=color, why=why)
    return tr("{color} would draw a relic {why}, but none are left.", color=color, why=why)


def rest_once(minion: Minion) -> str:
    """Rest a minion once (exhausted becomes tired, tired ready); its state before."""
    before = minion.state
    minion.state = TIRED if before == EXHAUSTED else READY
    return before


def change_said(before: str, after: str) -> Text:
    """How a minion's state changed: "exhausted → tired"."""
    return tr("{before} → {after}", before=state_name(before), after=state_name(after))
