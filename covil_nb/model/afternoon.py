"""Phase 2: Afternoon — turns, 2.1 Acquire a minion, 2.3 troop actions.

In a turn a player may, in any order: acquire at most one minion, do any
number of free actions (2.2, in :mod:`effects`), and — if they have a
standing troop — must lie down exactly one troop for one troop action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Final

from . import effects
from .actions import Action, Decision, Refusal
from .cards import Effect, MinionCard
from .combat import Combat, attack_actions, cannot_attack, has_ready_minion, not_a_target
from .language import Joined, Listed, Text, named, ntr, tr
from .movement import move_labels, move_troop, reach, unreachable
from .state import READY, TIRED, Minion, Player, Troop, step
from .table import Frame, Table
from .vocabulary import (
    MAX_GOLD,
    MAX_HALL,
    AfternoonEnd,
    CombatStage,
    DecisionKind,
    EffectKind,
    Phase,
    Verb,
)
from .words import color_name

PHASE: Final = "Phase 2: Afternoon"
ACQUIRE: Final = "2.1 Acquire a minion"
TROOP_ACTION: Final = "2.3 Lie down one troop to perform one troop action"
# The verbs an afternoon lists and plays at nearly every decision, looked up
# once (an enumeration's member is slow to look up).
LIE: Final = Verb.LIE
ACQUIRE_VERB: Final = Verb.ACQUIRE
END: Final = Verb.END
PAY: Final = Verb.PAY
CANCEL: Final = Verb.CANCEL
MOVE: Final = Verb.MOVE
REST: Final = Verb.REST
REPAIR: Final = Verb.REPAIR
GAIN_GOLD: Final = Verb.GOLD
ATTACK: Final = Verb.ATTACK


def anyone_standing(t: Table) -> bool:
    for p in t.state.players:
        for troop in p.troops:
            if troop.standing and troop.zone is not None:
                return True
    return False


# -- the turn -----------------------------------------------------------------------


@dataclass(slots=True)
class Turn(Frame):
    player: str
    acquired: bool = False
    acted: bool = False  # the troop action of this turn is done

    def decision(self, t: Table) -> Decision:
        must = not self.acted and bool(_standing(t.player(self.player)))
        return Decision(self.player, DecisionKind.TURN, _MUST_ACT if must else _MAY_END, PHASE)

    def decider(self, t: Table) -> str:
        return self.player

    def decision_kind(self, t: Table) -> DecisionKind:
        return DecisionKind.TURN

    def legal(self, t: Table) -> list[Action]:
        """Lying down a troop, acquiring, then (after the free actions) ending."""
        player = t.player(self.player)
        standing = [] if self.acted else _standing(player)
        label = partial(_lie_label, {troop.id: troop.zone for troop in standing})
        actions = [Action(LIE, (troop.id,), label) for troop in standing]
        if not self.acquired:
            actions += acquire_actions(t, player)
        if not standing:  # the troop action is done, or no troop can take one
            actions.append(_END_TURN)
        return actions

    def free_actions(self, t: Table) -> frozenset[Verb]:
        return _RELICS_AND_COMMANDS

    def apply(self, t: Table, action: Action) -> None:
        player = t.player(self.player)
        verb, args = action.verb, action.args
        if verb == LIE:
            troop = player.troop(args[0])
            assert troop is not None
            troop.standing, self.acted = False, True
            t.say(
                TROOP_ACTION,
                lambda: tr(
                    "{color} lies down {troop} in zone {zone}.",
                    color=color_name(self.player),
                    troop=troop.id,
                    zone=troop.zone,
                ),
                "lie",
                player=self.player,
                troop=troop.id,
            )
            t.push(TroopAction(self.player, troop.id))
        elif verb == ACQUIRE_VERB:
            cost = discounted(t, t.minion_card(args[0]), discounters(t, player))
            t.push(Purchase(self.player, args[0], cost))
        elif verb == END:
            t.say(
                PHASE,
                lambda: tr("{color} ends the turn.", color=color_name(self.player)),
                "end",
                player=self.player,
            )
            t.pop()

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        return turn_refusal(self, t, action)


step(Turn, "turn")


_MUST_ACT: Final = tr("take the afternoon turn: lie down a troop for its troop action")
_MAY_END: Final = tr("take the afternoon turn: end the turn when done")


def _standing(player: Player) -> list[Troop]:
    """The player's standing troops on the board: each may take a troop action."""
    return [troop for troop in player.troops if troop.standing and troop.zone is not None]


def _lie_label(zones: dict[str, str | None], lie: Action) -> Text:
    """Made when read, from the troops' zones at listing."""
    troop = lie.args[0]
    return tr("Lie down {troop} (zone {zone}) for a troop action", troop=troop, zone=zones[troop])


# An action is a value: one serves every turn.
_END_TURN: Final = Action(END, (), tr("End the turn"))
_RELICS_AND_COMMANDS: Final = frozenset({Verb.ACTIVATE, Verb.COMMAND})
TROOP_VERBS: Final = frozenset({MOVE, REST, REPAIR, GAIN_GOLD, ATTACK})


def turn_refusal(frame: Turn, t: Table, action: Action) -> Refusal | None:
    """Why an action is refused in an afternoon turn (see ``Turn.refusal``)."""
    player, verb, args = t.player(frame.player), action.verb, action.args
    if verb == LIE and args:
        if frame.acted:
            return Refusal(
                tr("you have lain down a troop this turn already: one per turn"), TROOP_ACTION
            )
        missing = t.not_on_board(player, args[0])
        if missing:
            return missing
        return Refusal(
            tr("{troop} lies down already: a lying troop only takes free actions", troop=args[0]),
            TROOP_ACTION,
        )
    if verb == ACQUIRE_VERB and args:
        return (
            not_acquirable(t, player, args[0])
            if not frame.acquired
            else Refusal(tr("you have acquired a minion this turn already: one per turn"), ACQUIRE)
        )
    if verb == END:
        return Refusal(
            tr("you still have a standing troop: lie one down for its troop action first"),
            TROOP_ACTION,
        )
    if verb in TROOP_VERBS:
        return Refusal(
            tr("a troop action starts by lying down the troop that acts ('lie Y1')"), TROOP_ACTION
        )
    if verb == PAY:
        return Refusal(
            tr("no purchase is under way: acquire a minion from the pool first"), ACQUIRE
        )
    return None


def next_turn(t: Table) -> None:
    """After a turn: the next player clockwise, or the night.

    Edition option ``afternoon_end``: en, the afternoon ends as soon as every
    troop lies down (checked when a turn ends); pt, it ends at the start of
    the first player's turn when no troop stands, so the round is finished.
    """
    s = t.state
    following = (s.turn + 1) % len(s.players)
    if t.rules.afternoon_end == AfternoonEnd.ROUND_PLAYED_OUT:
        over = following == s.scepter and not anyone_standing(t)
    else:
        over = not anyone_standing(t)
    if over:
        t.say(PHASE, lambda: tr("Every troop on the board lies down: the afternoon ends."), "phase")
        s.phase, s.night_step = Phase.NIGHT, 0
        return
    start_turn(t, following)


def start_turn(t: Table, index: int) -> None:
    t.state.turn = index
    color = t.state.players[index].color
    t.say(
        PHASE,
        lambda: tr("{color}'s afternoon turn.", color=color_name(color)),
        "turn",
        player=color,
    )
    t.push(Turn(color))


# -- 2.3 troop actions -------------------------------------------------------------------

_REPAIR: Final = Effect(EffectKind.REPAIR, 1)  # what a troop action does, for its label's note
_GOLD: Final = Effect(EffectKind.GOLD, 1)


@dataclass(slots=True)
class TroopAction(Frame):
    """The troop already lies down; now it moves, rests a minion, repairs,
    gains 1 gold, or attacks."""

    player: str
    troop: str

    def decision(self, t: Table) -> Decision:
        return Decision(
            self.player,
            DecisionKind.TROOP_ACTION,
            tr("choose {troop}'s troop action", troop=self.troop),
            TROOP_ACTION,
        )

    def decider(self, t: Table) -> str:
        return self.player

    def decision_kind(self, t: Table) -> DecisionKind:
        return DecisionKind.TROOP_ACTION

    def legal(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        troop = player.troop(self.troop)
        assert troop is not None and troop.zone is not None
        # The labels are made when read (a search lists thousands nobody reads).
        moving = move_labels(self.troop)
        actions = [Action(MOVE, (z,), moving) for z in reach(t, self.player, troop.zone)]
        resting = t.rest_labels(player)
        actions += [Action(REST, (m.card,), resting) for m in player.minions if m.state != READY]
        if not player.destroyed and player.fortress is not None:
            note = effects.effect_note(t, player, _REPAIR)
            actions.append(Action(REPAIR, (), partial(_repair_label, player.hp, note)))
        note = effects.effect_note(t, player, _GOLD)
        actions.append(Action(GAIN_GOLD, (), partial(_gold_label, player.gold, note)))
        if has_ready_minion(player):
            actions += attack_actions(t, self.player, troop)
        return actions

    def apply(self, t: Table, action: Action) -> None:
        player = t.player(self.player)
        verb, args = action.verb, action.args
        if verb == ATTACK:
            t.replace(Combat(self.player, self.troop, args[0], stage=CombatStage.MINION))
            return
        t.pop()
        if verb == MOVE:
            move_troop(t, self.player, self.troop, args[0], "2.3 Move this troop")
        elif verb == REST:
            minion = player.minion(args[0])
            assert minion is not None
            t.rest(player, minion, "2.3 Rest one of your minions")
        elif verb == REPAIR:
            effects.repair(t, player, 1, tr("troop action"))
        elif verb == GAIN_GOLD:
            t.gain_gold(player, 1, "2.3 Gain 1 gold", tr("for the troop action"))

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        player, verb, args = t.player(self.player), action.verb, action.args
        troop = player.troop(self.troop)
        assert troop is not None
        if verb == MOVE and args:
            return unreachable(t, self.player, self.troop, args[0], "2.3 Move this troop")
        if verb == REST and args:
            return t.not_restable(player, args[0], TROOP_ACTION)
        if verb == REPAIR:
            return Refusal(tr("a destroyed fortress can never be repaired"), "Repair your fortress")
        if verb == ATTACK and args:
            return cannot_attack(t, self.player) or not_a_target(t, self.player, troop, args[0])
        return Refusal(
            tr("first choose {troop}'s troop action: it lies down already", troop=self.troop),
            TROOP_ACTION,
        )


step(TroopAction, "troop-action")


def _repair_label(hp: int, note: Text | str, _repair: Action) -> Text:
    return tr("Repair the fortress ({hp} HP{note})", hp=hp, note=note)


def _gold_label(gold: int, note: Text | str, _gain: Action) -> Text:
    return tr("Gain 1 gold ({gold} in the treasury{note})", gold=gold, note=note)


# -- 2.1 acquire a minion ------------------------------------------------------------------


@dataclass(frozen=True)
class Price:
    """What a pool card costs a player: the printed cost less each Influence
    discount ("influence always applies before the resolution of hiring").
    A discount beyond the cost pays the buyer: "you need two gold less than
    the regular price ... If it costs 0 you will get +2 gold" (Influence)."""

    printed: int
    discounts: tuple[tuple[str, int], ...]  # (the discounting minion's name, amount)

    @property
    def total(self) -> int:
        return self.printed - sum(n for _, n in self.discounts)

    def __str__(self) -> str:
        return str(self.said())

    def said(self) -> Text:
        """ "5 (6 less 1 from Acolyte)", "nothing (2 less 2 from Acolyte)"; below
        zero, "nothing (it costs 0, and Acolyte's discount of 1 pays you 1 gold)"."""
        total = self.total
        if total < 0:
            return tr("nothing ({why})", why=self._paying(-total))
        amount = total or tr("nothing")
        if not self.discounts:
            return tr("{amount}", amount=amount)
        less = Joined(
            ", ",
            [tr("less {count} from {minion}", count=n, minion=named(m)) for m, n in self.discounts],
        )
        return tr("{amount} ({printed} {less})", amount=amount, printed=self.printed, less=less)

    def _paying(self, beyond: int) -> Text:
        """How discounts larger than the cost pay: a learner sees why buying earns gold."""
        if len(self.discounts) == 1:
            minion, n = self.discounts[0]
            said = {"printed": self.printed, "minion": named(minion), "discount": n}
            if self.printed:
                return ntr(
                    "it costs {printed}, and {minion}'s discount of {discount} covers it and "
                    "pays you {count} gold",
                    "it costs {printed}, and {minion}'s discount of {discount} covers it and "
                    "pays you {count} gold",
                    beyond,
                    **said,
                )
            return ntr(
                "it costs 0, and {minion}'s discount of {discount} pays you {count} gold",
                "it costs 0, and {minion}'s discount of {discount} pays you {count} gold",
                beyond,
                **said,
            )
        each = Listed(
            [tr("{count} from {minion}", count=n, minion=named(m)) for m, n in self.discounts]
        )
        if self.printed:
            return ntr(
                "it costs {printed}, and the discounts, {each}, cover it and pay you {count} gold",
                "it costs {printed}, and the discounts, {each}, cover it and pay you {count} gold",
                beyond,
                printed=self.printed,
                each=each,
            )
        return ntr(
            "it costs 0, and the discounts, {each}, pay you {count} gold",
            "it costs 0, and the discounts, {each}, pay you {count} gold",
            beyond,
            each=each,
        )


def discounters(t: Table, player: Player) -> list[str]:
    """The player's minions that give acquisition discounts (read once for
    all the pool's cards)."""
    discount_on = t.cards.discount_on
    return [m.card for m in player.minions if m.card in discount_on]


def price(t: Table, card: MinionCard, discounting: list[str]) -> Price:
    """The card's price for a player whose ``discounting`` minions (see
    :func:`discounters`) are read before payment, so a minion leaving as
    payment still gives its discount."""
    discount_on = t.cards.discount_on
    less = tuple((t.name(m), off) for m in discounting if (off := discount_on[m].get(card.id, 0)))
    return Price(card.cost, less)


def payable_minions(player: Player) -> list[str]:
    """Ready minions of the hall; the Dark Overlord never leaves the throne."""
    return [m.card for m in player.hall if m.state == READY]


def means(t: Table, player: Player, payable: list[str] | None = None) -> int:
    """All a player could pay: gold, relics at their gold value, ready minions
    (``payable``, when the caller has listed them already)."""
    minions = payable_minions(player) if payable is None else payable
    # Lists, not generators: summed at every afternoon decision, and faster so.
    return (
        player.gold
        + sum([t.relic_card(r).gold for r in player.hand])
        + sum([t.minion_card(m).cost for m in minions])
    )


# What pays for a minion: ``pay gold 2``, ``pay relic <id>``, ``pay minion <id>``.
GOLD: Final = "gold"
RELIC: Final = "relic"
MINION: Final = "minion"
HALL_FULL: Final = tr(
    "your hall is full: one of the payments must be a minion going back to the pool"
)


def acquire_actions(t: Table, player: Player) -> list[Action]:
    """Every pool card the player can pay for: gold, relics at their gold value
    and ready minions at their cost; a full hall needs a minion to go back.
    Labels are written when read (see :class:`Action`): most never are."""
    full = len(player.hall) >= MAX_HALL
    payable = payable_minions(player)
    if full and not payable:
        return []
    can_pay = means(t, player, payable)
    discounting = discounters(t, player)
    card_of, actions = t.minion_card, []
    label = partial(_acquire_label, t, discounting, full)
    for card_id in t.state.pool:
        if discounted(t, card_of(card_id), discounting) <= can_pay:
            actions.append(Action(ACQUIRE_VERB, (card_id,), label))
    return actions


def discounted(t: Table, card: MinionCard, discounting: list[str]) -> int:
    """:func:`price`'s total, without naming the discounts: the pool's
    listing reads it for every card at every afternoon decision."""
    cost, discount_on = card.cost, t.cards.discount_on
    for m in discounting:
        cost -= discount_on[m].get(card.id, 0)
    return cost


def _acquire_label(t: Table, discounting: list[str], full: bool, acquire: Action) -> Text:
    card = t.minion_card(acquire.args[0])
    said = {"minion": _pool_card(card), "cost": price(t, card, discounting).said()}
    if full:
        return tr(
            "Acquire {minion} for {cost}: {text} ({full})",
            text=named(card.text),
            full=HALL_FULL,
            **said,
        )
    return tr("Acquire {minion} for {cost}: {text}", text=named(card.text), **said)


def _pool_card(card: MinionCard) -> Text:
    """A card of the pool by name, and a henchman by its color too: every
    player's Grunt looks alike, and the pool can hold several."""
    if card.color is None:
        return named(card.name)
    return tr("{color}'s {minion}", color=color_name(card.color), minion=named(card.name))


def not_acquirable(t: Table, player: Player, card_id: str) -> Refusal | None:
    """Why ``player`` cannot acquire that card now."""
    if card_id not in t.state.pool:
        return Refusal(
            tr("{minion} is not in the Mercenary pool", minion=t.called(card_id)), ACQUIRE
        )
    if len(player.hall) >= MAX_HALL and not payable_minions(player):
        return Refusal(
            tr(
                "your hall is full ({count} minions) and none is ready to go back to the pool",
                count=MAX_HALL,
            ),
            ACQUIRE,
        )
    cost = price(t, t.minion_card(card_id), discounters(t, player))
    return Refusal(
        tr(
            "{minion} costs {cost} and you can pay at most {means} (gold, relics in hand at their "
            "gold value, ready minions at their cost)",
            minion=t.called(card_id),
            cost=cost.said(),
            means=means(t, player),
        ),
        ACQUIRE,
    )


@dataclass(slots=True)
class Purchase(Frame):
    """Paying for a minion step by step: gold, relics (at their gold value)
    and ready minions (at their cost). It completes by itself once paid and
    the hall has room; ``cancel`` gives everything back untouched."""

    player: str
    card: str
    cost: int
    gold: int = 0
    relics: list[str] = field(default_factory=list)
    minions: list[str] = field(default_factory=list)

    def _acquired(self, t: Table) -> Text:
        """The sentence of the completed purchase (a quiet table never writes it)."""
        parts: list[str | Text] = (
            [ntr("{count} gold", "{count} gold", self.gold)] if self.gold else []
        )
        parts += [t.called(c) for c in self.relics + self.minions]
        said = {
            "color": color_name(self.player),
            "minion": t.called(self.card),
            "price": self._price_words(t),
        }
        if parts:
            return tr(
                "{color} acquires {minion} {price} paying {payment}; it enters the hall tired.",
                payment=Joined(", ", parts),
                **said,
            )
        return tr("{color} acquires {minion} {price}; it enters the hall tired.", **said)

    def _price_words(self, t: Table) -> Text:
        """ "(cost 8)", or with discounts "for 6 (cost 8, less 2 in discounts)":
        the price paid, and the printed cost that scores; discounts beyond
        the cost pay the buyer (see :class:`Price`)."""
        printed = t.minion_card(self.card).cost
        if self.cost == printed:
            return tr("(cost {printed})", printed=printed)
        said = {"printed": printed, "less": printed - self.cost}
        if self.cost < 0:
            return tr(
                "for nothing (cost {printed}, less {less} in discounts, which pay {color} the "
                "{beyond} beyond the cost)",
                color=color_name(self.player),
                beyond=-self.cost,
                **said,
            )
        return tr(
            "for {cost} (cost {printed}, less {less} in discounts)",
            cost=self.cost or tr("nothing"),
            **said,
        )

    def paid(self, t: Table) -> int:
        paid = self.gold  # most payments are gold alone: no sums to start
        if self.relics:
            paid += sum([t.relic_card(r).gold for r in self.relics])
        if self.minions:
            paid += sum([t.minion_card(m).cost for m in self.minions])
        return paid

    def _needs_room(self, t: Table) -> bool:
        return len(t.player(self.player).hall) - len(self.minions) >= MAX_HALL

    def _owing(self, t: Table) -> tuple[int, bool]:
        """The gold still due, and whether the hall still needs room."""
        return self.cost - self.paid(t), self._needs_room(t)

    def decider(self, t: Table) -> str | None:
        due, room = self._owing(t)
        return self.player if due > 0 or room else None

    def decision_kind(self, t: Table) -> DecisionKind:
        return DecisionKind.PAYMENT

    def decision(self, t: Table) -> Decision | None:
        due, room = self._owing(t)
        if due <= 0 and not room:
            return None
        needs: list[Text] = [ntr("{count} gold more", "{count} gold more", due)] if due > 0 else []
        needs += [HALL_FULL] if room else []
        prompt = tr(
            "pay for {minion}: {needs}", minion=t.called(self.card), needs=Joined("; ", needs)
        )
        return Decision(self.player, DecisionKind.PAYMENT, prompt, ACQUIRE)

    def legal(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        due = self.cost - self.paid(t)
        room = MAX_GOLD - (player.gold - self.gold)  # what the treasury can take as change
        actions: list[Action] = []
        if due > 0:
            # The treasury holds at most MAX_GOLD, so the gold payments are the shared ones.
            actions += _PAY_GOLD[: min(player.gold - self.gold, due)]
            label = partial(_pay_relic_label, t, due, room)
            actions += [Action(PAY, (RELIC, r), label) for r in player.hand if r not in self.relics]
        label = partial(_pay_minion_label, t, due, room)
        actions += [
            Action(PAY, (MINION, m), label)
            for m in payable_minions(player)
            if m not in self.minions
        ]
        actions.append(_CANCEL)
        return actions

    def apply(self, t: Table, action: Action) -> None:
        if action.verb == CANCEL:
            t.say(
                ACQUIRE,
                lambda: tr(
                    "{color} cancels the purchase of {minion}.",
                    color=color_name(self.player),
                    minion=t.called(self.card),
                ),
            )
            t.pop()
            return
        what, item = action.args
        if what == GOLD:
            self.gold += int(item)
        else:
            (self.relics if what == RELIC else self.minions).append(item)

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        if action.verb != PAY or len(action.args) != 2:
            return Refusal(
                tr(
                    "finish paying for {minion}, or cancel the purchase, first",
                    minion=t.called(self.card),
                ),
                ACQUIRE,
            )
        player, (what, item) = t.player(self.player), action.args
        due = self.cost - self.paid(t)
        if what == GOLD:
            left = player.gold - self.gold
            if due <= 0:
                return Refusal(tr("it is paid: what is missing is room in your hall"), ACQUIRE)
            if left <= 0:
                return Refusal(tr("you have no gold left to pledge"), ACQUIRE)
            return Refusal(
                ntr(
                    "you have {count} gold left to pledge and {due} is due: pay 1 to {most} gold",
                    "you have {count} gold left to pledge and {due} is due: pay 1 to {most} gold",
                    left,
                    due=due,
                    most=min(left, due),
                ),
                ACQUIRE,
            )
        pledged = Refusal(tr("{card} is pledged already", card=t.called(item)), ACQUIRE)
        if what == RELIC:
            return pledged if item in self.relics else effects.not_in_hand(t, player, item)
        if player.overlord and player.overlord.card == item:
            return Refusal(tr("the Dark Overlord can never leave the throne"), "Champions Hall")
        if item in self.minions:
            return pledged
        return t.not_ready(player, item, tr("be used as payment"))

    def run(self, t: Table) -> None:
        """Paid in full: the payment leaves, the minion enters tired."""
        s, player = t.state, t.player(self.player)
        t.pop()
        player.gold -= self.gold
        for r in self.relics:
            player.hand.remove(r)
            s.relic_discard.append(r)
        for m in self.minions:
            player.hall = [x for x in player.hall if x.card != m]
            s.pool.append(m)
        s.pool.remove(self.card)
        player.hall.append(Minion(self.card, TIRED))
        t.say(
            ACQUIRE,
            lambda: self._acquired(t),
            "acquire",
            player=self.player,
            card=self.card,
            cost=self.cost,
        )
        paid = self.paid(t)
        if paid - self.cost > 0:
            t.gain_gold(player, paid - self.cost, ACQUIRE, self._change_words(paid))
        for frame in reversed(s.stack):
            if isinstance(frame, Turn):
                frame.acquired = True
                break

    def _change_words(self, paid: int) -> Text:
        """Why gold comes back: a payment beyond the price, discounts beyond
        the cost (the acquisition's sentence says how much), or both."""
        if self.cost >= 0:
            return tr("as change")
        if paid:
            return tr("as change and from the discounts beyond the cost")
        return tr("from the discounts beyond the cost")


# Pledged gold is spent only when the purchase completes: buy relics before
# acquiring, not halfway through paying.
step(Purchase, "purchase", allows_relic_purchase=False)


_PAY_GOLD: Final = tuple(
    Action(PAY, (GOLD, str(n)), ntr("Pay {count} gold", "Pay {count} gold", n))
    for n in range(1, MAX_GOLD + 1)
)
_CANCEL: Final = Action(CANCEL, (), tr("Cancel the purchase"))


# Payment labels are written when read (see :class:`Action`), from values
# taken when the payments are listed.
def _pay_relic_label(t: Table, due: int, room: int, payment: Action) -> Text:
    relic = payment.args[1]
    worth = _worth(t.relic_card(relic).gold, due, room)
    return tr("Pay with {relic} ({worth})", relic=t.called(relic), worth=worth)


def _pay_minion_label(t: Table, due: int, room: int, payment: Action) -> Text:
    minion = payment.args[1]
    worth = _worth(t.minion_card(minion).cost, due, room)
    return tr("Return {minion} to the pool ({worth})", minion=t.called(minion), worth=worth)


def _worth(worth: int, due: int, room: int) -> Text:
    """A payment's worth, and the change it would give back: above the
    treasury's 5, change is lost, so say so before it is paid."""
    change = worth - max(due, 0)
    if change <= 0:
        return tr("worth {worth}", worth=worth)
    lost = change - max(0, min(change, room))
    if lost:
        return tr(
            "worth {worth}: {change} back as change, of which {lost} is lost: the treasury "
            "holds {most}",
            worth=worth,
            change=change,
            lost=lost,
            most=MAX_GOLD,
        )
    return tr("worth {worth}: {change} back as change", worth=worth, change=change)
