"""Phase 2: Afternoon — turns, 2.1 Acquire a minion, 2.3 troop actions.

In a turn a player may, in any order: acquire at most one minion, do any
number of free actions (2.2, in :mod:`effects`), and — if they have a
standing troop — must lie down exactly one troop for one troop action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import effects
from .actions import Action, Decision, Refusal
from .cards import Effect, Influence
from .combat import Combat, attack_actions, can_attack, cannot_attack, not_a_target
from .movement import move_troop, reach, unreachable
from .state import MAX_GOLD, MAX_HALL, TIRED, Frame, Minion, Player, Troop
from .table import Table

PHASE = "Phase 2: Afternoon"
ACQUIRE = "2.1 Acquire a minion"
TROOP_ACTION = "2.3 Lie down one troop to perform one troop action"


def standing_troops(t: Table) -> list[Troop]:
    return [tr for p in t.state.players for tr in p.on_board() if tr.standing]


# -- the turn -----------------------------------------------------------------------


@dataclass
class Turn(Frame):
    kind = "turn"
    player: str
    acquired: bool = False
    acted: bool = False  # the troop action of this turn is done

    def decision(self, t: Table) -> Decision:
        must = self._must_act(t)
        todo = "lie down a troop for its troop action" if must else "end the turn when done"
        return Decision(self.player, "turn", f"take the afternoon turn: {todo}", PHASE)

    def _must_act(self, t: Table) -> bool:
        return not self.acted and any(tr.standing for tr in t.player(self.player).on_board())

    def legal(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        actions = []
        if not self.acted:
            actions += [
                Action("lie", (tr.id,), f"Lie down {tr.id} (zone {tr.zone}) for a troop action")
                for tr in player.on_board()
                if tr.standing
            ]
        if not self.acquired:
            actions += acquire_actions(t, player)
        actions += effects.activate_actions(t, player) + effects.command_actions(t, player)
        if not self._must_act(t):
            actions.append(Action("end", (), "End the turn"))
        return actions

    def apply(self, t: Table, action: Action) -> None:
        player = t.player(self.player)
        verb, args = action.verb, action.args
        if verb == "lie":
            troop = player.troop(args[0])
            assert troop is not None
            troop.standing, self.acted = False, True
            t.say(
                TROOP_ACTION,
                f"{self.player} lies down {troop.id} in zone {troop.zone}.",
                "lie",
                player=self.player,
                troop=troop.id,
            )
            t.push(TroopAction(self.player, troop.id))
        elif verb == "acquire":
            t.push(Purchase(self.player, args[0], price(t, player, args[0]).total))
        elif verb == "activate":
            effects.activate_relic(t, self.player, args[0])
        elif verb == "command":
            effects.use_command(t, self.player, args[0])
        elif verb == "end":
            t.say(PHASE, f"{self.player} ends the turn.", "end", player=self.player)
            t.pop()

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        return turn_refusal(self, t, action)


TROOP_VERBS = frozenset({"move", "rest", "repair", "gold", "attack"})


def turn_refusal(frame: Turn, t: Table, action: Action) -> Refusal | None:
    """Why an action is refused in an afternoon turn (see ``Turn.refusal``)."""
    player, verb, args = t.player(frame.player), action.verb, action.args
    if verb == "lie" and args:
        if frame.acted:
            return Refusal(
                "you have lain down a troop this turn already: one per turn", TROOP_ACTION
            )
        missing = t.not_on_board(player, args[0])
        if missing:
            return missing
        return Refusal(
            f"{args[0]} lies down already: a lying troop only takes free actions", TROOP_ACTION
        )
    if verb == "acquire" and args:
        return (
            not_acquirable(t, player, args[0])
            if not frame.acquired
            else Refusal("you have acquired a minion this turn already: one per turn", ACQUIRE)
        )
    if verb == "activate" and args:
        return effects.not_in_hand(t, player, args[0])
    if verb == "command" and args:
        return effects.no_command(t, player, args[0])
    if verb == "end":
        return Refusal(
            "you still have a standing troop: lie one down for its troop action first",
            TROOP_ACTION,
        )
    if verb in TROOP_VERBS:
        return Refusal(
            "a troop action starts by lying down the troop that acts ('lie Y1')", TROOP_ACTION
        )
    if verb == "pay":
        return Refusal("no purchase is under way: acquire a minion from the pool first", ACQUIRE)
    return None


def next_turn(t: Table) -> None:
    """After a turn: the next player clockwise, or the night.

    Edition option ``afternoon_end``: en, the afternoon ends as soon as every
    troop lies down (checked when a turn ends); pt, it ends at the start of
    the first player's turn when no troop stands, so the round is finished.
    """
    s = t.state
    following = (s.turn + 1) % len(s.players)
    if t.rules.afternoon_end == "pt":
        over = following == s.scepter and not standing_troops(t)
    else:
        over = not standing_troops(t)
    if over:
        t.say(PHASE, "Every troop on the board lies down: the afternoon ends.", "phase")
        s.phase, s.night_step = "night", 0
        return
    start_turn(t, following)


def start_turn(t: Table, index: int) -> None:
    t.state.turn = index
    color = t.state.players[index].color
    t.say(PHASE, f"{color}'s afternoon turn.", "turn", player=color)
    t.push(Turn(color))


# -- 2.3 troop actions -------------------------------------------------------------------


@dataclass
class TroopAction(Frame):
    """The troop already lies down; now it moves, rests a minion, repairs,
    gains 1 gold, or attacks."""

    kind = "troop-action"
    player: str
    troop: str

    def decision(self, t: Table) -> Decision:
        return Decision(
            self.player, "troop-action", f"choose {self.troop}'s troop action", TROOP_ACTION
        )

    def legal(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        troop = player.troop(self.troop)
        assert troop is not None and troop.zone is not None
        actions = [
            Action("move", (z,), f"Move {self.troop} to zone {z}")
            for z in reach(t, self.player, troop.zone)
        ]
        actions += [
            Action("rest", (m.card,), f"Rest {t.name(m.card)} ({m.state})")
            for m in player.minions
            if not m.ready
        ]
        if not player.destroyed and player.fortress is not None:
            repair = Effect("repair", 1)
            label = f"Repair the fortress ({player.hp} HP{effects.effect_note(t, player, repair)})"
            actions.append(Action("repair", (), label))
        gold = Effect("gold", 1)
        label = f"Gain 1 gold ({player.gold} in the treasury{effects.effect_note(t, player, gold)})"
        actions.append(Action("gold", (), label))
        if can_attack(t, self.player, troop):
            actions += attack_actions(t, self.player, troop)
        return actions

    def apply(self, t: Table, action: Action) -> None:
        player = t.player(self.player)
        verb, args = action.verb, action.args
        if verb == "attack":
            t.replace(Combat(self.player, self.troop, args[0], stage="minion"))
            return
        t.pop()
        if verb == "move":
            move_troop(t, self.player, self.troop, args[0], "2.3 Move this troop")
        elif verb == "rest":
            minion = player.minion(args[0])
            assert minion is not None
            t.rest(player, minion, "2.3 Rest one of your minions")
        elif verb == "repair":
            effects.repair(t, player, 1, "troop action")
        elif verb == "gold":
            t.gain_gold(player, 1, "2.3 Gain 1 gold", "for the troop action")

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        player, verb, args = t.player(self.player), action.verb, action.args
        troop = player.troop(self.troop)
        assert troop is not None
        if verb == "move" and args:
            return unreachable(t, self.player, self.troop, args[0], "2.3 Move this troop")
        if verb == "rest" and args:
            minion = player.minion(args[0])
            if minion is not None and minion.ready:
                return Refusal(f"{t.name(args[0])} is ready already: nothing to rest", TROOP_ACTION)
            return t.not_ready(player, args[0], "rest") if minion is None else None
        if verb == "repair":
            return Refusal("a destroyed fortress can never be repaired", "Repair your fortress")
        if verb == "attack" and args:
            return cannot_attack(t, self.player) or not_a_target(t, self.player, troop, args[0])
        return Refusal(
            f"first choose {self.troop}'s troop action: it lies down already", TROOP_ACTION
        )


# -- 2.1 acquire a minion ------------------------------------------------------------------


@dataclass(frozen=True)
class Price:
    """What a pool card costs a player: the printed cost less each Influence
    discount ("influence always applies before the resolution of hiring")."""

    printed: int
    discounts: tuple[tuple[str, int], ...]  # (the discounting minion's name, amount)

    @property
    def total(self) -> int:
        return self.printed - sum(n for _, n in self.discounts)

    def __str__(self) -> str:
        """ "5 (6 less 1 from Acolyte)"; below zero, "nothing: you gain 2 gold (...)"."""
        less = ", ".join(f"less {n} from {name}" for name, n in self.discounts)
        why = f" ({self.printed} {less})" if less else ""
        if self.total < 0:
            return f"nothing: you gain {-self.total} gold{why}"
        return f"{self.total}{why}"


def discounts(t: Table, player: Player) -> list[tuple[str, Influence]]:
    """The player's discounting Influences, with the minion that has each."""
    return [
        (m.card, i)
        for m in player.minions
        for i in t.minion_card(m.card).influences
        if i.kind == "discount"
    ]


def price(
    t: Table, player: Player, card_id: str, known: list[tuple[str, Influence]] | None = None
) -> Price:
    """The card's price for the player, computed before payment, so a minion
    leaving as payment still gives its discount."""
    card = t.minion_card(card_id)
    owned = discounts(t, player) if known is None else known
    return Price(card.cost, tuple((t.name(m), i.amount) for m, i in owned if i.counts(card)))


def payable_minions(player: Player) -> list[str]:
    """Ready minions of the hall; the Dark Overlord never leaves the throne."""
    return [m.card for m in player.hall if m.ready]


def means(t: Table, player: Player) -> int:
    """All a player could pay: gold, relics at their gold value, ready minions."""
    return (
        player.gold
        + sum(t.relic_card(r).gold for r in player.hand)
        + sum(t.minion_card(m).cost for m in payable_minions(player))
    )


HALL_FULL = "your hall is full: one of the payments must be a minion going back to the pool"


def acquire_actions(t: Table, player: Player) -> list[Action]:
    """Every pool card the player can pay for: gold, relics at their gold value
    and ready minions at their cost; a full hall needs a minion to go back."""
    full = len(player.hall) >= MAX_HALL
    if full and not payable_minions(player):
        return []
    can_pay = means(t, player)
    owned = discounts(t, player)
    actions = []
    for card_id in t.state.pool:
        cost = price(t, player, card_id, owned)
        if cost.total <= can_pay:
            card = t.minion_card(card_id)
            label = f"Acquire {card.name} for {cost}: {card.text}" + (
                f" ({HALL_FULL})" if full else ""
            )
            actions.append(Action("acquire", (card_id,), label))
    return actions


def not_acquirable(t: Table, player: Player, card_id: str) -> Refusal | None:
    """Why ``player`` cannot acquire that card now."""
    if card_id not in t.state.pool:
        return Refusal(f"{t.name(card_id)} is not in the Mercenary pool", ACQUIRE)
    if len(player.hall) >= MAX_HALL and not payable_minions(player):
        return Refusal(
            f"your hall is full ({MAX_HALL} minions) and none is ready to go back to the pool",
            ACQUIRE,
        )
    cost, can_pay = price(t, player, card_id), means(t, player)
    return Refusal(
        f"{t.name(card_id)} costs {cost} and you can pay at most {can_pay} (gold, relics in "
        "hand at their gold value, ready minions at their cost)",
        ACQUIRE,
    )


@dataclass
class Purchase(Frame):
    """Paying for a minion step by step: gold, relics (at their gold value)
    and ready minions (at their cost). It completes by itself once paid and
    the hall has room; ``cancel`` gives everything back untouched."""

    kind = "purchase"
    # Pledged gold is spent only when the purchase completes: buy relics
    # before acquiring, not halfway through paying.
    allows_relic_purchase = False
    player: str
    card: str
    cost: int
    gold: int = 0
    relics: list[str] = field(default_factory=list)
    minions: list[str] = field(default_factory=list)

    def _price_words(self, t: Table) -> str:
        """ "(cost 8)", or with discounts "for 6 (cost 8, less 2 in discounts)":
        the price paid, and the printed cost that scores."""
        printed = t.minion_card(self.card).cost
        if self.cost == printed:
            return f"(cost {printed})"
        paid = "nothing" if self.cost <= 0 else str(self.cost)
        return f"for {paid} (cost {printed}, less {printed - self.cost} in discounts)"

    def paid(self, t: Table) -> int:
        return (
            self.gold
            + sum(t.relic_card(r).gold for r in self.relics)
            + sum(t.minion_card(m).cost for m in self.minions)
        )

    def _needs_room(self, t: Table) -> bool:
        return len(t.player(self.player).hall) - len(self.minions) >= MAX_HALL

    def decision(self, t: Table) -> Decision | None:
        due = self.cost - self.paid(t)
        room = self._needs_room(t)
        if due <= 0 and not room:
            return None
        needs = ([f"{due} gold more"] if due > 0 else []) + ([HALL_FULL] if room else [])
        prompt = f"pay for {t.name(self.card)}: {'; '.join(needs)}"
        return Decision(self.player, "payment", prompt, ACQUIRE)

    def legal(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        due = self.cost - self.paid(t)
        actions = []
        if due > 0:
            actions += [
                Action("pay", ("gold", str(n)), f"Pay {n} gold")
                for n in range(1, min(player.gold - self.gold, due) + 1)
            ]
            actions += [
                Action(
                    "pay",
                    ("relic", r),
                    f"Pay with {t.name(r)} ({self._worth(t, t.relic_card(r).gold, due)})",
                )
                for r in player.hand
                if r not in self.relics
            ]
        actions += [
            Action(
                "pay",
                ("minion", m),
                f"Return {t.name(m)} to the pool ({self._worth(t, t.minion_card(m).cost, due)})",
            )
            for m in payable_minions(player)
            if m not in self.minions
        ]
        return [*actions, Action("cancel", (), "Cancel the purchase")]

    def _worth(self, t: Table, worth: int, due: int) -> str:
        """A payment's worth, and the change it would give back: above the
        treasury's 5, change is lost, so say so before it is paid."""
        change = worth - max(due, 0)
        if change <= 0:
            return f"worth {worth}"
        room = MAX_GOLD - (t.player(self.player).gold - self.gold)
        lost = change - max(0, min(change, room))
        note = f", of which {lost} is lost: the treasury holds {MAX_GOLD}" if lost else ""
        return f"worth {worth}: {change} back as change{note}"

    def apply(self, t: Table, action: Action) -> None:
        if action.verb == "cancel":
            t.say(ACQUIRE, f"{self.player} cancels the purchase of {t.name(self.card)}.")
            t.pop()
            return
        what, item = action.args
        if what == "gold":
            self.gold += int(item)
        else:
            (self.relics if what == "relic" else self.minions).append(item)

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        if action.verb != "pay" or len(action.args) != 2:
            return Refusal(
                f"finish paying for {t.name(self.card)}, or cancel the purchase, first", ACQUIRE
            )
        player, (what, item) = t.player(self.player), action.args
        due = self.cost - self.paid(t)
        if what == "gold":
            left = player.gold - self.gold
            if due <= 0:
                return Refusal("it is paid: what is missing is room in your hall", ACQUIRE)
            if left <= 0:
                return Refusal("you have no gold left to pledge", ACQUIRE)
            return Refusal(
                f"you have {left} gold left to pledge and {due} is due: pay 1 to "
                f"{min(left, due)} gold",
                ACQUIRE,
            )
        if what == "relic":
            if item in self.relics:
                return Refusal(f"{t.name(item)} is pledged already", ACQUIRE)
            return effects.not_in_hand(t, player, item)
        if player.overlord and player.overlord.card == item:
            return Refusal("the Dark Overlord can never leave the throne", "Champions Hall")
        if item in self.minions:
            return Refusal(f"{t.name(item)} is pledged already", ACQUIRE)
        return t.not_ready(player, item, "be used as payment")

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
        parts = [f"{self.gold} gold"] if self.gold else []
        parts += [t.name(c) for c in self.relics + self.minions]
        paying = f" paying {', '.join(parts)}" if parts else ""
        t.say(
            ACQUIRE,
            f"{self.player} acquires {t.name(self.card)} {self._price_words(t)}{paying}; "
            "it enters the hall tired.",
            "acquire",
            player=self.player,
            card=self.card,
            cost=self.cost,
        )
        change = self.paid(t) - self.cost
        if change > 0:
            t.gain_gold(player, change, ACQUIRE, "as change")
        for frame in reversed(s.stack):
            if isinstance(frame, Turn):
                frame.acquired = True
                break
