"""2.2 Free actions and Power Relics.

Activating relics, Command abilities, buying relics, and the instant effects
they share.

A free action is taken at a decision besides that step's own choices:
buying a relic at any decision of the player's (unless the step forbids
it), activating relics and using Commands where the step allows them (an
afternoon turn; relics also while responding to an attack). :mod:`flow`
offers and plays them through :func:`free_actions`, :func:`play_free` and
:func:`free_refusal`.

The instant-effect vocabulary (see ``data/cards/README.md``): ``gold``,
``repair``, ``rest``, ``move``, ``attack``, ``draw``. An instant ability is
optional ("you may perform its Instant Ability"), so every effect that asks
for a choice also offers ``skip``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Final

from .actions import Action, Decision, Refusal
from .cards import Effect, RelicCard
from .combat import SIDES, Combat, free_attack
from .language import Clause, Joined, Text, named, tr
from .movement import move_labels, move_troop, reach, unreachable
from .state import READY, Player, step
from .table import Frame, Table
from .vocabulary import MAX_GOLD, MAX_HP, DecisionKind, EffectKind, Verb
from .words import color_name, stat_name

RELICS: Final = "Power Relics"
FREE: Final = "2.2 Free actions"
COMMAND: Final = "Command"
BUY: Final = "Buy Power Relics"
RELIC_PRICE: Final = 3
# The free actions' verbs, looked up once: every decision reads them, and an
# enumeration's member is slow to look up.
ACTIVATE: Final = Verb.ACTIVATE
USE_COMMAND: Final = Verb.COMMAND
BUY_RELIC: Final = Verb.BUY_RELIC


# -- the free actions at a decision ---------------------------------------------------


def free_actions(t: Table, frame: Frame, player: Player) -> list[Action]:
    """The relics and Commands ``frame`` lets ``player`` use now."""
    allowed = frame.free_actions(t)
    if not allowed:  # most steps allow none
        return []
    actions = activate_actions(t, player) if ACTIVATE in allowed else []
    if USE_COMMAND in allowed:
        actions += command_actions(t, player)
    return actions


def relic_purchase(t: Table, frame: Frame, player: Player) -> list[Action]:
    """Buying a relic, when the decision is ``player``'s and the step allows it."""
    if frame.allows_relic_purchase and can_buy_relic(t, player):
        return [_BUY_RELIC]
    return []


# An action is a value: one serves every decision.
_BUY_RELIC: Final = Action(BUY_RELIC, (), tr("Buy a relic for {price} gold", price=RELIC_PRICE))


def is_free(t: Table, frame: Frame, action: Action) -> bool:
    """Whether ``action`` is one of the free actions, not the step's own."""
    return action.verb == BUY_RELIC or action.verb in frame.free_actions(t)


def play_free(t: Table, frame: Frame, player: Player, action: Action) -> None:
    """Play a legal free action (see :func:`is_free`)."""
    if action.verb == BUY_RELIC:
        buy_relic(t, player)
    elif action.verb == ACTIVATE:
        combat = frame if isinstance(frame, Combat) else None
        activate_relic(t, player.color, action.args[0], combat)
    else:
        use_command(t, player.color, action.args[0])


def free_refusal(t: Table, frame: Frame, player: Player, action: Action) -> Refusal | None:
    """Why a free action (see :func:`is_free`) is refused here."""
    if action.verb == BUY_RELIC:
        if not frame.allows_relic_purchase:
            return Refusal(
                tr("pledged gold is not spent yet: buy a relic before acquiring, or cancel"), BUY
            )
        return cannot_buy(t, player)
    if not action.args:
        return None
    if action.verb == ACTIVATE:
        return not_in_hand(t, player, action.args[0])
    return no_command(t, player, action.args[0])


# -- buying a relic: allowed whenever the player is the one to decide ---------


def can_buy_relic(t: Table, player: Player) -> bool:
    return player.gold >= RELIC_PRICE and t.relics_left()


def cannot_buy(t: Table, player: Player) -> Refusal:
    """Why a relic cannot be bought now (the frame may also refuse it)."""
    if not t.relics_left():
        return Refusal(tr("no relic is left in the deck or its discard pile"), BUY)
    return Refusal(
        tr(
            "a relic costs {price} gold and {color} has {gold}",
            price=RELIC_PRICE,
            color=color_name(player.color),
            gold=player.gold,
        ),
        BUY,
    )


def buy_relic(t: Table, player: Player) -> None:
    player.gold -= RELIC_PRICE
    t.draw_relic(
        player,
        BUY,
        tr("for {price} gold (treasury {treasury})", price=RELIC_PRICE, treasury=player.gold),
    )


# -- activating relics ------------------------------------------------------------


def activate_actions(t: Table, player: Player) -> list[Action]:
    actions = []
    for r in player.hand:
        card = t.relic_card(r)
        note = effect_note(t, player, card.instant) if card.instant else ""
        label = (
            tr("{label}{note}", label=card.activate_label, note=note)
            if note
            else card.activate_label
        )
        actions.append(Action(ACTIVATE, (r,), label))
    return actions


def not_in_hand(t: Table, player: Player, relic_id: str) -> Refusal | None:
    """Why ``player`` cannot activate or pay with that relic: it is not in the hand."""
    if relic_id in player.hand:
        return None
    if relic_id in player.active:
        return Refusal(
            tr("{relic} is active already: a relic is activated once", relic=t.called(relic_id)),
            RELICS,
        )
    return Refusal(
        tr(
            "{relic} is not in {color}'s hand",
            relic=t.called(relic_id),
            color=color_name(player.color),
        ),
        RELICS,
    )


def no_command(t: Table, player: Player, minion_id: str) -> Refusal | None:
    """Why ``player`` cannot use that minion's Command now."""
    not_ready = t.not_ready(player, minion_id, tr("use its Command"))
    if not_ready:
        return not_ready
    if t.minion_card(minion_id).command is None:
        return Refusal(tr("{minion} has no Command ability", minion=t.called(minion_id)), COMMAND)
    return None


def effect_note(
    t: Table, player: Player, effect: Effect, commander: str | None = None
) -> Text | str:
    """A warning for an instant effect that would do nothing now, so that its
    label says so before it is chosen ("; the fortress is at 5 HP already")."""
    note = _NOTES.get(effect.effect)
    return note(t, player, commander) if note else ""


def _gold_note(t: Table, player: Player, commander: str | None) -> Text | str:
    return _FULL if player.gold >= MAX_GOLD else ""


def _repair_note(t: Table, player: Player, commander: str | None) -> Text | str:
    if player.fortress is None or player.hp == 0:
        return _DESTROYED
    return _WHOLE if player.hp >= MAX_HP else ""


def _rest_note(t: Table, player: Player, commander: str | None) -> Text | str:
    if all([m.ready or m.card == commander for m in player.minions]):
        return _NOTHING_TO_REST
    return ""


def _draw_note(t: Table, player: Player, commander: str | None) -> Text | str:
    return "" if t.relics_left() else _NO_RELIC


# The notes are the same words each time: made once.
_FULL: Final = tr("; the treasury is full at {most}: the gold would be lost", most=MAX_GOLD)
_WHOLE: Final = tr("; the fortress is at {most} HP already: nothing to repair", most=MAX_HP)
_DESTROYED: Final = tr("; a destroyed fortress cannot be repaired")
_NOTHING_TO_REST: Final = tr("; no minion is tired or exhausted: nothing to rest")
_NO_RELIC: Final = tr("; no relic is left to draw")


# The effects that may do nothing, by kind: one look-up finds the note's rule
# (every afternoon decision writes a note for each relic and Command).
_NOTES: Final[dict[str, Callable[[Table, Player, str | None], Text | str]]] = {
    EffectKind.GOLD: _gold_note,
    EffectKind.REPAIR: _repair_note,
    EffectKind.REST: _rest_note,
    EffectKind.DRAW: _draw_note,
}


def activate_relic(t: Table, color: str, relic_id: str, combat: Combat | None = None) -> None:
    """The relic leaves the hand for the active row: its troop bonus lasts
    until the night's discard, and its instant ability happens now. In a
    combat it counts as doing something in this round of the response."""
    player = t.player(color)
    player.hand.remove(relic_id)
    player.active.append(relic_id)
    if combat:
        combat.acted = True
    card = t.relic_card(relic_id)
    t.say(
        RELICS, lambda: _activated(t, color, card, combat), "activate", player=color, relic=relic_id
    )
    if card.instant:
        perform(t, player, card.instant, card.name, combat)


def _activated(t: Table, color: str, card: RelicCard, combat: Combat | None) -> Text:
    bonuses = [tr("+{count} {stat}", count=v, stat=stat_name(stat)) for stat, v in card.bonus]
    said = {
        "color": color_name(color),
        "relic": named(card.name),
        "bonus": Joined(", ", bonuses) if bonuses else tr("no troop bonus"),
    }
    if combat is None:
        return tr("{color} activates {relic} ({bonus} until night).", **said)
    # In a combat, say what the bonus makes of this side's strength.
    return tr(
        "{color} activates {relic} ({bonus} until night): {side} now {strength}.",
        side=SIDES[combat.side(t, color)],
        strength=combat.strength_of(t, color).said(),
        **said,
    )


# -- commands ---------------------------------------------------------------------


def command_actions(t: Table, player: Player) -> list[Action]:
    actions = []
    for m in player.minions:
        if m.state != READY:
            continue
        card = t.minion_card(m.card)
        if card.command:
            note = effect_note(t, player, card.command, commander=m.card)
            # A warning goes on the card's sentence: "gain 1 gold; the treasury is full".
            label = (
                tr(
                    "Exhaust {minion}: {text}{note}",
                    minion=named(card.name),
                    text=Clause(named(card.text)),
                    note=note,
                )
                if note
                else card.command_label
            )
            actions.append(Action(USE_COMMAND, (m.card,), label))
    return actions


def use_command(t: Table, color: str, minion_id: str) -> None:
    player = t.player(color)
    card = t.minion_card(minion_id)
    assert card.command is not None
    t.exhaust(player, minion_id)
    t.say(
        COMMAND,
        lambda: tr(
            "{color} exhausts {minion}: {text}",
            color=color_name(color),
            minion=named(card.name),
            text=named(card.text),
        ),
        "command",
        player=color,
        minion=minion_id,
    )
    perform(t, player, card.command, card.name, None, commander=minion_id)


# -- instant effects ----------------------------------------------------------------


def perform(
    t: Table,
    player: Player,
    effect: Effect,
    source: str,
    combat: Combat | None,
    commander: str | None = None,
) -> None:
    """Resolve an instant effect now, or push the frame that asks its choices."""
    kind, n = effect.effect, effect.amount
    if kind == EffectKind.GOLD:
        t.gain_gold(player, n, FREE, tr("from {source}", source=named(source)))
    elif kind == EffectKind.DRAW:
        for _ in range(n):
            t.draw_relic(player, FREE, tr("from {source}", source=named(source)))
    elif kind == EffectKind.REPAIR:
        repair(t, player, n, named(source))
    elif kind == EffectKind.REST:
        # A Command that rests may not rest its own minion: exhausting it to
        # make it ready again would be a free Command without end.
        locked = [commander] if commander else []
        t.push(Instant(player.color, source, EffectKind.REST, n, locked=locked))
    elif kind == EffectKind.MOVE:
        locked = list(combat.locked) if combat else []
        t.push(Instant(player.color, source, EffectKind.MOVE, n, locked=locked))
    elif kind == EffectKind.ATTACK:
        free_attack(t, player, source, during_combat=combat is not None)


def repair(t: Table, player: Player, amount: int, why: Text) -> None:
    """A destroyed fortress can never be repaired; HP never exceeds 5."""
    color = color_name(player.color)
    if player.fortress is None or player.hp == 0:
        t.say(
            "Repair your fortress",
            lambda: tr("{color}'s fortress is destroyed and cannot be repaired.", color=color),
        )
        return
    gained = min(amount, MAX_HP - player.hp)
    player.hp += gained
    t.say(
        "Repair your fortress",
        lambda: _repaired(color, gained, why, player.hp),
        "repair",
        player=player.color,
        amount=gained,
    )


def _repaired(color: Text | str, gained: int, why: Text, hp: int) -> Text:
    if gained:
        return tr(
            "{color}'s fortress repairs {gained} HP ({why}); fortress {hp} HP.",
            color=color,
            gained=gained,
            why=why,
            hp=hp,
        )
    return tr(
        "{color}'s fortress has {most} HP already: nothing to repair ({why}); fortress {hp} HP.",
        color=color,
        most=MAX_HP,
        why=why,
        hp=hp,
    )


INSTANT_DECISIONS: Final = {
    EffectKind.REST: DecisionKind.REST_EFFECT,
    EffectKind.MOVE: DecisionKind.MOVE_EFFECT,
}


@dataclass(slots=True)
class Instant(Frame):
    """An instant effect that asks for choices: ``rest`` (pick a minion, which
    rests ``times`` times) or ``move`` (pick a troop, then a zone)."""

    player: str
    source: str
    effect: EffectKind
    times: int = 1
    troop: str | None = None
    locked: list[str] = field(default_factory=list)  # troops (move) or minions (rest) out of reach

    def decision(self, t: Table) -> Decision | None:
        if not self._choices(t):
            return None
        if self.effect == EffectKind.REST:
            what = tr("choose a minion to rest")
        elif self.troop:
            what = tr("choose where {troop} moves", troop=self.troop)
        else:
            what = tr("choose a troop to move")
        prompt = tr("{source}: {what}", source=named(self.source), what=what)
        return Decision(self.player, self.decision_kind(t), prompt, FREE)

    def decider(self, t: Table) -> str | None:
        return self.player if self._choices(t) else None

    def decision_kind(self, t: Table) -> DecisionKind:
        return INSTANT_DECISIONS[self.effect]

    def legal(self, t: Table) -> list[Action]:
        skip = partial(_skip_label, self.source)
        return [*self._choices(t), Action(Verb.SKIP, (), skip)]

    def _choices(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        # The labels are made when read, from the table at listing.
        if self.effect == EffectKind.REST:
            resting = t.rest_labels(player)
            return [
                Action(Verb.REST, (m.card,), resting)
                for m in player.minions
                if not m.ready and m.card not in self.locked
            ]
        if self.troop is None:
            troops = [troop for troop in player.on_board() if troop.id not in self.locked]
            label = partial(_troop_label, {troop.id: troop.zone for troop in troops})
            return [Action(Verb.TROOP, (troop.id,), label) for troop in troops]
        troop = player.troop(self.troop)
        assert troop is not None and troop.zone is not None
        moving = move_labels(self.troop)
        return [Action(Verb.MOVE, (z,), moving) for z in reach(t, self.player, troop.zone)]

    def run(self, t: Table) -> None:
        source = named(self.source)
        if self.effect == EffectKind.REST:
            t.say(FREE, lambda: tr("{source}: nothing to rest.", source=source))
        else:
            t.say(FREE, lambda: tr("{source}: nothing to move.", source=source))
        t.pop()

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        if not action.args:
            return None
        player, item = t.player(self.player), action.args[0]
        if item in self.locked:
            if self.effect == EffectKind.REST:
                return Refusal(
                    tr(
                        "{source} cannot rest itself with its own Command",
                        source=named(self.source),
                    ),
                    COMMAND,
                )
            return Refusal(
                tr(
                    "{troop} is in the combat: a relic may never move a troop out of it", troop=item
                ),
                "2.3 The defender's response",
            )
        if action.verb == Verb.REST:
            return t.not_restable(player, item, FREE)
        if action.verb == Verb.TROOP:
            return t.not_on_board(player, item)
        if action.verb == Verb.MOVE and self.troop:
            return unreachable(t, self.player, self.troop, item, FREE)
        return None

    def apply(self, t: Table, action: Action) -> None:
        player = t.player(self.player)
        if action.verb == Verb.SKIP:
            t.say(
                FREE,
                lambda: tr(
                    "{color} skips {source}'s effect.",
                    color=color_name(self.player),
                    source=named(self.source),
                ),
            )
            t.pop()
        elif action.verb == Verb.TROOP:
            self.troop = action.args[0]
        elif action.verb == Verb.MOVE:
            move_troop(t, self.player, self.troop or "", action.args[0], FREE)
            t.pop()
        elif action.verb == Verb.REST:
            # "Rest one of your minions twice": the one minion chosen, each time.
            minion = player.minion(action.args[0])
            assert minion is not None
            for _ in range(self.times):
                if not minion.ready:
                    t.rest(player, minion, FREE)
            t.pop()


step(Instant, "instant")


def _skip_label(source: str, _skip: Action) -> Text:
    return tr("Skip {source}'s effect", source=named(source))


def _troop_label(zones: dict[str, str | None], choice: Action) -> Text:
    troop = choice.args[0]
    return tr("Move {troop} (zone {zone})", troop=troop, zone=zones[troop])
