"""2.2 Free actions and Power Relics: activating relics, Command abilities,
buying relics, and the instant effects they share.

The instant-effect vocabulary (see ``data/cards/README.md``): ``gold``,
``repair``, ``rest``, ``move``, ``attack``, ``draw``. An instant ability is
optional ("you may perform its Instant Ability"), so every effect that asks
for a choice also offers ``skip``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .actions import Action, Decision
from .cards import Effect
from .movement import move_troop, reach
from .state import MAX_HP, Frame, Player
from .table import Table

if TYPE_CHECKING:
    from .combat import Combat

RELICS = "Power Relics"
FREE = "2.2 Free actions"
COMMAND = "Command"
BUY = "Buy Power Relics"
RELIC_PRICE = 3


# -- buying a relic: allowed whenever the player is the one to decide ---------


def can_buy_relic(t: Table, player: Player) -> bool:
    return player.gold >= RELIC_PRICE and t.relics_left()


def buy_relic(t: Table, player: Player) -> None:
    player.gold -= RELIC_PRICE
    t.say(
        BUY,
        f"{player.color} spends {RELIC_PRICE} gold on a relic; treasury {player.gold}.",
        "buy",
        player=player.color,
    )
    t.draw_relic(player, BUY, "bought")


# -- activating relics ------------------------------------------------------------


def activate_actions(t: Table, player: Player) -> list[Action]:
    return [
        Action("activate", (r,), f"Activate {t.name(r)} ({t.relic_card(r).text})")
        for r in player.hand
    ]


def activate_relic(t: Table, color: str, relic_id: str, combat: Combat | None = None) -> None:
    """The relic leaves the hand for the active row: its troop bonus lasts
    until the night's discard, and its instant ability happens now."""
    player = t.player(color)
    player.hand.remove(relic_id)
    player.active.append(relic_id)
    card = t.relic_card(relic_id)
    bonus = ", ".join(f"+{v} {stat}" for stat, v in card.bonus) or "no troop bonus"
    t.say(
        RELICS,
        f"{color} activates {card.name} ({bonus} until night).",
        "activate",
        player=color,
        relic=relic_id,
    )
    if card.instant:
        perform(t, player, card.instant, card.name, combat)


# -- commands ---------------------------------------------------------------------


def command_actions(t: Table, player: Player) -> list[Action]:
    actions = []
    for m in player.minions:
        card = t.minion_card(m.card)
        if m.ready and card.command:
            actions.append(Action("command", (m.card,), f"Exhaust {card.name}: {card.text}"))
    return actions


def use_command(t: Table, color: str, minion_id: str) -> None:
    player = t.player(color)
    card = t.minion_card(minion_id)
    assert card.command is not None
    t.exhaust(player, minion_id)
    t.say(
        COMMAND,
        f"{color} exhausts {card.name} for its Command: {card.text}",
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
    if kind == "gold":
        t.gain_gold(player, n, FREE, f"from {source}")
    elif kind == "draw":
        for _ in range(n):
            t.draw_relic(player, FREE, f"from {source}")
    elif kind == "repair":
        repair(t, player, n, f"{source}")
    elif kind == "rest":
        # A Command that rests may not rest its own minion: exhausting it to
        # make it ready again would be a free Command without end.
        t.push(Instant(player.color, source, "rest", n, locked=[commander] if commander else []))
    elif kind == "move":
        locked = list(combat.locked) if combat else []
        t.push(Instant(player.color, source, "move", n, locked=locked))
    elif kind == "attack":
        free_attack(t, player, source, combat)


def repair(t: Table, player: Player, amount: int, why: str) -> None:
    """A destroyed fortress can never be repaired; HP never exceeds 5."""
    if player.fortress is None or player.hp == 0:
        t.say(
            "Repair your fortress",
            f"{player.color}'s fortress is destroyed and cannot be repaired.",
        )
        return
    gained = min(amount, MAX_HP - player.hp)
    player.hp += gained
    t.say(
        "Repair your fortress",
        f"{player.color} repairs {gained} HP ({why}); fortress {player.hp} HP.",
        "repair",
        player=player.color,
        amount=gained,
    )


def free_attack(t: Table, player: Player, source: str, combat: Combat | None) -> None:
    from .combat import ATTACK, Combat, targets

    if combat is not None:
        # A free attack is an afternoon free action of the player's own turn;
        # inside a combat it would start a combat within a combat.
        t.say(ATTACK, f"{source}'s free attack cannot be made during a combat.")
        return
    if not any(m.ready for m in player.minions):
        t.say(
            ATTACK,
            f"{source}'s free attack needs a ready minion to exhaust: {player.color} has none.",
        )
        return
    if not any(targets(t, player.color, tr) for tr in player.on_board()):
        t.say(ATTACK, f"{source}'s free attack has no target for any of {player.color}'s troops.")
        return
    t.push(Combat(player.color, stage="troop", free=True))


@dataclass
class Instant(Frame):
    """An instant effect that asks for choices: ``rest`` (pick a minion, which
    rests ``times`` times) or ``move`` (pick a troop, then a zone)."""

    kind = "instant"
    player: str
    source: str
    effect: str
    times: int = 1
    troop: str | None = None
    locked: list[str] = field(default_factory=list)  # troops (move) or minions (rest) out of reach

    def decision(self, t: Table) -> Decision | None:
        if not self._choices(t):
            return None
        what = {
            "rest": "choose a minion to rest",
            "move": f"choose where {self.troop} moves" if self.troop else "choose a troop to move",
        }
        return Decision(
            self.player, f"{self.effect}-effect", f"{self.source}: {what[self.effect]}", FREE
        )

    def legal(self, t: Table) -> list[Action]:
        return [*self._choices(t), Action("skip", (), f"Skip {self.source}'s effect")]

    def _choices(self, t: Table) -> list[Action]:
        player = t.player(self.player)
        if self.effect == "rest":
            return [
                Action("rest", (m.card,), f"Rest {t.name(m.card)} ({m.state})")
                for m in player.minions
                if not m.ready and m.card not in self.locked
            ]
        if self.troop is None:
            return [
                Action("troop", (tr.id,), f"Move {tr.id} (zone {tr.zone})")
                for tr in player.on_board()
                if tr.id not in self.locked
            ]
        troop = player.troop(self.troop)
        assert troop is not None and troop.zone is not None
        return [
            Action("move", (z,), f"Move {self.troop} to zone {z}")
            for z in reach(t, self.player, troop.zone)
        ]

    def run(self, t: Table) -> None:
        t.say(FREE, f"{self.source}: nothing to {self.effect}.")
        t.pop()

    def apply(self, t: Table, action: Action) -> None:
        player = t.player(self.player)
        if action.verb == "skip":
            t.say(FREE, f"{self.player} skips {self.source}'s effect.")
            t.pop()
        elif action.verb == "troop":
            self.troop = action.args[0]
        elif action.verb == "move":
            move_troop(t, self.player, self.troop or "", action.args[0], FREE)
            t.pop()
        elif action.verb == "rest":
            # "Rest one of your minions twice": the one minion chosen, each time.
            minion = player.minion(action.args[0])
            assert minion is not None
            for _ in range(self.times):
                if not minion.ready:
                    t.rest(player, minion, FREE)
            t.pop()
