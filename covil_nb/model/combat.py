"""2.3 Attack, the defender's response, raising the stakes, and the outcome
of a combat ("O resultado de um combate", from the Portuguese edition, part of
the rules of both editions): retreat, removal, fortress damage, hidden
treasure and loot. The rebels' retaliation at night uses the same frames,
and a free attack (from a relic or a Command) starts here too.

Relics played in a response are free actions: :mod:`flow` offers them where
:meth:`Combat.free_actions` allows, and :mod:`effects` plays them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .actions import Action, Decision, Refusal
from .language import tr
from .movement import move_troop, reach, unreachable
from .state import NO_FREE_ACTIONS, READY, Frame, Minion, Player, Troop, step
from .table import Table
from .vocabulary import (
    FORTRESS,
    CombatStage,
    DecisionKind,
    DefenseMinion,
    Stat,
    Verb,
    fortress_owner,
    fortress_target,
    owner_color,
)
from .words import a_or_an, and_list, plural

__all__ = [
    "FORTRESS",
    "REBEL_STRENGTH",
    "Combat",
    "CombatView",
    "Forecast",
    "Retreat",
    "Strength",
    "forecast",
]

ATTACK: Final = "2.3 Attack"
RESPONSE: Final = "2.3 The defender's response"
OUTCOME: Final = "Combat outcome"
DAMAGE: Final = "Combat outcome: the fortress is damaged"
REBEL_STRENGTH: Final = 3
REBELS: Final = "rebels"  # the style of the rebels' attack, in a CombatView
WINNING_GOLD: Final = 2
TROOP: Final = CombatStage.TROOP
TARGET: Final = CombatStage.TARGET
MINION: Final = CombatStage.MINION
RESPOND: Final = CombatStage.RESPOND
RESPONSES: Final = {  # what each responder is asked to do
    DecisionKind.DEFEND_REBELS: "defend against the rebels",
    DecisionKind.DEFEND: "defend",
    DecisionKind.RAISE_STAKES: "raise the stakes",
}
# The stats a combat reads, looked up once (an enumeration's member is slow to look up).
MELEE: Final = Stat.MELEE
RANGED: Final = Stat.RANGED
DEFENSE: Final = Stat.DEFENSE
STAGE_DECISIONS: Final = {
    TROOP: (DecisionKind.ATTACK_TROOP, "choose the troop for the free attack"),
    TARGET: (DecisionKind.ATTACK_TARGET, "choose the target of {troop}'s attack"),
    MINION: (DecisionKind.ATTACK_MINION, "exhaust a ready minion for the attack"),
}


@dataclass(frozen=True)
class Strength:
    """A combat strength with its parts, declared the rulebook's way:
    "6 (2 from the exhausted minion, 3 from Reinforcements, 1 from active relics)"."""

    parts: tuple[tuple[str, int], ...]
    total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum([v for _, v in self.parts]))

    def __str__(self) -> str:
        shown = [f"{v} from {label}" for label, v in self.parts if v]
        return f"{self.total} ({', '.join(shown)})" if shown else str(self.total)


@dataclass(frozen=True)
class CombatView:
    """A combat under way, as the players at the table see it."""

    attacker: str | None  # a color; None when the rebels attack
    troop: str | None  # the attacking troop (None for the rebels)
    target: str  # a troop id, or "fortress-<color>"
    defender: str
    style: str  # "melee", "ranged" or "rebels"
    stage: CombatStage  # "minion" (the attacker exhausts one) or "respond"
    responder: str | None  # whose answer is awaited while responding
    attack: Strength
    defense: Strength
    free: bool  # a free attack (from a relic or a Command)


# -- strengths ---------------------------------------------------------------


def reinforcements(t: Table, player: Player, stat: Stat, zone: str) -> int:
    """All the player's minions' Reinforcements for ``stat`` in ``zone``,
    ready or not; terrain bonuses add up per matching terrain."""
    terrains = t.board.zones[zone].terrains
    total = 0
    for m in player.minions:
        for r in t.minion_card(m.card).reinforcing[stat]:
            total += r.bonus_in(terrains)
    return total


def relic_bonus(t: Table, player: Player, stat: Stat) -> int:
    return sum(t.relic_card(r).bonus_for(stat) for r in player.active)


def aftershock(t: Table, player: Player, minion_id: str) -> int:
    shock = t.minion_card(minion_id).aftershock
    return shock.bonus(t.minion_card(m.card) for m in player.minions) if shock else 0


def attack_strength(
    t: Table, player: Player, zone: str, style: Stat, minion_id: str | None
) -> Strength:
    """Troop base (melee 1, ranged 0) + the exhausted minion's base stat if it
    fits the attack + Reinforcements + active relics + Aftershock."""
    return attack_strengths(t, player, zone, style, [minion_id])[0]


def attack_strengths(
    t: Table, player: Player, zone: str, style: Stat, minion_ids: list[str] | list[str | None]
) -> list[Strength]:
    """The attack strength with each of ``minion_ids`` exhausted (None: no
    minion yet); the parts they share are read once for all of them."""
    troop = 1 if style == MELEE else 0
    reinforced, relics = reinforcements(t, player, style, zone), relic_bonus(t, player, style)
    strengths = []
    for minion_id in minion_ids:
        card = t.minion_card(minion_id) if minion_id else None
        parts = (
            ("the troop", troop),
            ("the exhausted minion", card.stat_bonus(style) if card else 0),
            ("Reinforcements", reinforced),
            ("active relics", relics),
            ("Aftershock", aftershock(t, player, minion_id) if minion_id else 0),
        )
        strengths.append(Strength(parts))
    return strengths


def defense_strength(t: Table, player: Player, zone: str, guard_id: str | None) -> Strength:
    """1 + the exhausted minion's Defense stat + Reinforcements + active relics."""
    card = t.minion_card(guard_id) if guard_id else None
    return Strength(
        (
            ("the troop", 1),
            ("the exhausted minion", card.stat_bonus(DEFENSE) if card else 0),
            ("Reinforcements", reinforcements(t, player, DEFENSE, zone)),
            ("active relics", relic_bonus(t, player, DEFENSE)),
        )
    )


# -- targets -----------------------------------------------------------------


def unguarded(owner: Player) -> bool:
    return owner.fortress is not None and not owner.in_zone(owner.fortress)


def targets_by_zone(t: Table, color: str, troop: Troop) -> list[tuple[str, str]]:
    """(target, its zone): enemy troops in the zone (melee) or adjacent zones
    (ranged), and unguarded, undestroyed enemy fortresses there."""
    assert troop.zone is not None
    zones = [troop.zone, *t.board.neighbors(troop.zone)]
    found: list[tuple[str, str]] = []
    for enemy in t.state.players:
        if enemy.color == color:
            continue
        found += [(e.id, z) for z in zones for e in enemy.troops if e.zone == z]
        if enemy.fortress in zones and not enemy.destroyed and unguarded(enemy):
            found.append((fortress_target(enemy.color), enemy.fortress))
    return found


def targets(t: Table, color: str, troop: Troop) -> list[str]:
    return [target for target, _ in targets_by_zone(t, color, troop)]


def target_zone(t: Table, target: str) -> str:
    foe = fortress_owner(target)
    if foe is not None:
        zone = t.player(foe).fortress
    else:
        troop = t.state.troop(target)
        zone = troop.zone if troop else None
    assert zone is not None
    return zone


def describe_target(t: Table, target: str) -> str:
    foe = fortress_owner(target)
    if foe is not None:
        return f"{foe}'s unguarded fortress in zone {t.player(foe).fortress}"
    owner = t.state.owner_of(target)
    troop = owner.troop(target) if owner else None
    assert owner is not None and troop is not None
    pose = "standing" if troop.standing else "lying"
    return f"{owner.color}'s troop {target} ({pose}, zone {troop.zone})"


def attack_actions(t: Table, color: str, troop: Troop) -> list[Action]:
    actions = []
    for target, zone in targets_by_zone(t, color, troop):
        style = MELEE if zone == troop.zone else RANGED
        label = f"{style.capitalize()} attack on {describe_target(t, target)}"
        actions.append(Action(Verb.ATTACK, (target,), label))
    return actions


# -- forecasts ------------------------------------------------------------------


@dataclass(frozen=True)
class Forecast:
    """What an attack on a target would meet, told before it is declared, as
    the attacker may know it (2.3 Attack; 2.3 The defender's response).

    ``attack`` is the most the attacker can reach: its best ready minion
    exhausted and, on a troop, the relics of its hand that add, activated
    while raising the stakes (a relic bought or drawn meanwhile is not
    foreseen); ``least``, its attack with the weakest minion and no relic;
    ``using``, the names of the minion and relics that make ``attack``.
    ``defense`` is the target's now (None: an unguarded fortress, which no
    one defends: all of the attack is damage to its ``hp``), ``guarded`` the
    defense with the defender's best minion exhausted. The defender's
    relics are hidden: ``held`` says how many it may add with (none for a
    dummy, which never activates one)."""

    attack: Strength
    least: int
    using: tuple[str, ...]
    defender: str
    defense: Strength | None
    guarded: int
    held: int
    hp: int

    def __str__(self) -> str:
        """ "attack up to 4 with Hedge Witch and Kraken Ink against defense 2,
        3 if red exhausts a minion; red holds 2 relics"."""
        up_to = "up to " if self.attack.total > self.least else ""
        using = f" with {and_list(list(self.using))}" if self.using else ""
        said = f"attack {up_to}{self.attack.total}{using}"
        if self.defense is None:
            return (
                f"{said}, all of it damage to {self.defender}'s unguarded fortress ({self.hp} HP)"
            )
        said += f" against defense {self.defense.total}"
        if self.guarded > self.defense.total:
            said += f", {self.guarded} if {self.defender} exhausts a minion"
        if self.held:
            said += f"; {self.defender} holds {plural(self.held, 'relic')}"
        return said


def forecast(t: Table, color: str, troop: Troop, target: str) -> Forecast:
    """What ``troop``'s attack on ``target`` would meet (see :class:`Forecast`),
    read with the strengths of 2.3 on the table as it is, nothing played."""
    player, zone, foe = t.player(color), target_zone(t, target), fortress_owner(target)
    assert troop.zone is not None
    style = MELEE if zone == troop.zone else RANGED
    ready = [m.card for m in player.minions if m.ready]
    strengths = attack_strengths(t, player, troop.zone, style, [None, *ready])
    bare, options = strengths[0], strengths[1:]
    best = max(range(len(ready)), key=lambda i: options[i].total)
    # An unguarded fortress takes the attack at once: no response to add relics in.
    relics = [] if foe else [r for r in player.hand if t.relic_card(r).bonus_for(style)]
    armed = player.clone()  # the relics as if activated: the strength rules read the active row
    armed.active += relics
    attack = attack_strength(t, armed, troop.zone, style, ready[best])
    minion = [t.name(ready[best])] if options[best].total > bare.total else []
    using = tuple(minion + [t.name(r) for r in relics])
    least = min(s.total for s in options)
    defender = t.player(foe or owner_color(target))
    if foe:
        return Forecast(attack, least, using, defender.color, None, 0, 0, defender.hp)
    defense = defense_strength(t, defender, zone, None)
    guarded = [defense_strength(t, defender, zone, g.card).total for g in guards(t, defender)]
    held = 0 if t.state.is_dummy(defender.color) else len(defender.hand)
    strongest = max(guarded, default=defense.total)
    return Forecast(attack, least, using, defender.color, defense, strongest, held, defender.hp)


def not_a_target(t: Table, color: str, troop: Troop, target: str) -> Refusal | None:
    """Why ``troop`` cannot attack ``target``: an own troop, out of reach, a
    guarded or destroyed fortress; None when it can."""
    if target in targets(t, color, troop):
        return None
    reach = f"zone {troop.zone} (melee) or a zone next to it (ranged)"
    foe = fortress_owner(target)
    if foe is not None:
        if foe not in [p.color for p in t.state.players] or foe == color:
            return Refusal(f"{target} is not an enemy fortress", ATTACK)
        enemy = t.player(foe)
        if enemy.destroyed:
            return Refusal(f"{foe}'s fortress is destroyed already", DAMAGE)
        if not unguarded(enemy):
            return Refusal(
                f"{foe}'s fortress is guarded by a troop in its zone: attack the troop, and "
                "the excess damages the fortress",
                ATTACK,
            )
        return Refusal(f"{foe}'s fortress is in zone {enemy.fortress}, not in {reach}", ATTACK)
    owner, victim = t.state.owner_of(target), t.state.troop(target)
    if owner is None or victim is None:
        return Refusal(f"there is no troop {target!r}", ATTACK)
    if owner.color == color:
        return Refusal(f"{target} is {color}'s own troop: attack an enemy", ATTACK)
    if victim.zone is None:
        return Refusal(f"{target} is in {owner.color}'s supply, not on the board", ATTACK)
    return Refusal(f"{target} is in zone {victim.zone}, not in {reach}", ATTACK)


def has_ready_minion(player: Player) -> bool:
    return READY in [m.state for m in player.minions]


def cannot_attack(t: Table, color: str) -> Refusal | None:
    """An attack needs a ready minion to exhaust, even a free one."""
    if has_ready_minion(t.player(color)):
        return None
    return Refusal(
        "an attack needs a ready minion to exhaust, and every one of yours is tired or exhausted",
        ATTACK,
    )


# -- the combat frame ----------------------------------------------------------


@dataclass(slots=True)
class Combat(Frame):
    """One attack, from its declaration to its outcome.

    Stages: ``troop`` (a free attack picks its troop), ``target``, ``minion``
    (the attacker exhausts one), ``respond`` (defender first, then both in
    turn until a round passes with nothing done). The rebels attack with a
    fixed strength and skip straight to ``respond``.
    """

    attacker: str | None  # a color; None for the rebels
    troop: str | None = None
    target: str = ""
    stage: CombatStage = MINION
    free: bool = False
    minion: str | None = None
    guard: str | None = None
    responder: str | None = None
    round: int = 0
    acted: bool = False
    locked: list[str] = field(default_factory=list)  # troops a relic may not move away

    # who and what -------------------------------------------------------------
    def defender(self, t: Table) -> Player:
        """The target's owner (a declared target is always on the board)."""
        return t.player(fortress_owner(self.target) or owner_color(self.target))

    def _target_zone(self, t: Table) -> str:
        return self._defended(t)[1]

    def _defended(self, t: Table) -> tuple[Player, str]:
        """The defender and the zone of the target, looked up once."""
        foe = fortress_owner(self.target)
        defender = t.player(foe or owner_color(self.target))
        if foe is not None:
            zone = defender.fortress
        else:
            troop = defender.troop(self.target)
            zone = troop.zone if troop else None
        assert zone is not None
        return defender, zone

    def attacking_troop(self, t: Table) -> Troop:
        assert self.attacker is not None and self.troop is not None
        troop = t.player(self.attacker).troop(self.troop)
        assert troop is not None
        return troop

    def style(self, t: Table) -> Stat:
        same_zone = self._target_zone(t) == self.attacking_troop(t).zone
        return MELEE if same_zone else RANGED

    def attack(self, t: Table) -> Strength:
        return self._attack(t, self._target_zone(t))

    def defense(self, t: Table) -> Strength:
        return defense_strength(t, *self._defended(t), self.guard)

    def strengths(self, t: Table) -> tuple[Strength, Strength]:
        """Attack and defense, the target looked up once for both."""
        defender, zone = self._defended(t)
        return self._attack(t, zone), defense_strength(t, defender, zone, self.guard)

    def _attack(self, t: Table, target_zone: str) -> Strength:
        if self.attacker is None:
            return Strength((("the rebels", REBEL_STRENGTH),))
        zone = self.attacking_troop(t).zone
        assert zone is not None
        style = MELEE if target_zone == zone else RANGED
        return attack_strength(t, t.player(self.attacker), zone, style, self.minion)

    def view(self, t: Table) -> CombatView | None:
        """The combat once its target is declared; None while it is chosen."""
        if not self.target:
            return None
        attack, defense = self.strengths(t)
        return CombatView(
            attacker=self.attacker,
            troop=self.troop,
            target=self.target,
            defender=self.defender(t).color,
            style=self.style(t) if self.attacker else REBELS,
            stage=self.stage,
            responder=self.responder if self.stage == RESPOND else None,
            attack=attack,
            defense=defense,
            free=self.free,
        )

    # decisions ----------------------------------------------------------------
    def decider(self, t: Table) -> str:
        """The responder while responding, else the attacker (the prompt,
        with both strengths, is written only when read)."""
        return (self.responder if self.stage == RESPOND else self.attacker) or ""

    def decision_kind(self, t: Table) -> DecisionKind:
        if self.stage != RESPOND:
            return STAGE_DECISIONS[self.stage][0]
        if self.attacker is None:
            return DecisionKind.DEFEND_REBELS
        defends = self.responder == self.defender(t).color
        return DecisionKind.DEFEND if defends else DecisionKind.RAISE_STAKES

    def decision(self, t: Table) -> Decision:
        kind = self.decision_kind(t)
        if self.stage == RESPOND:
            attack, defense = self.strengths(t)
            prompt = f"{RESPONSES[kind]}: attack {attack} against defense {defense}"
            return Decision(self.responder or "", kind, prompt, RESPONSE)
        prompt = STAGE_DECISIONS[self.stage][1].format(troop=self.troop)
        return Decision(self.attacker or "", kind, prompt, ATTACK)

    def legal(self, t: Table) -> list[Action]:
        if self.stage == RESPOND:
            # A quiet table (a search) reads no label: the strengths the label
            # tells are not worked out for it.
            label = "Pass" if t.quiet else self._pass_label(t)
            return [*self._guards(t), Action(Verb.PASS, (), label)]
        player = t.player(self.attacker or "")
        if self.stage == TROOP:
            troops = [
                troop for troop in player.on_board() if targets_by_zone(t, player.color, troop)
            ]
            return [
                *(
                    Action(Verb.TROOP, (troop.id,), f"Attack with {troop.id} (zone {troop.zone})")
                    for troop in troops
                ),
                Action(Verb.SKIP, (), "Skip the free attack"),
            ]
        if self.stage == TARGET:
            return attack_actions(t, player.color, self.attacking_troop(t))
        style = self.style(t)
        zone = self.attacking_troop(t).zone or ""
        ready = [m.card for m in player.minions if m.ready]
        strengths = attack_strengths(t, player, zone, style, ready)
        return [
            Action(Verb.EXHAUST, (m,), f"Exhaust {t.name(m)}: attack {strength}")
            for m, strength in zip(ready, strengths, strict=True)
        ]

    def free_actions(self, t: Table) -> frozenset[Verb]:
        """Both sides may activate relics while responding (raising the stakes)."""
        return _RELICS if self.stage == RESPOND else NO_FREE_ACTIONS

    def apply(self, t: Table, action: Action) -> None:
        verb = action.verb
        if verb == Verb.SKIP:
            t.say(ATTACK, f"{self.attacker} does not make the free attack.")
            t.pop()
        elif verb == Verb.TROOP:
            self.troop, self.stage = action.args[0], TARGET
        elif verb == Verb.ATTACK:
            self.target, self.stage = action.args[0], MINION
        elif verb == Verb.EXHAUST and self.stage == MINION:
            self._declare(t, action.args[0])
        elif verb == Verb.EXHAUST:
            self._guard(t, action.args[0])
        elif verb == Verb.PASS:
            self._pass(t)

    def run(self, t: Table) -> None:
        self._pass(t, automatic=True)  # nothing but passing is legal

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        verb, args = action.verb, action.args
        if not args:
            return None
        if self.stage == RESPOND:
            return self._guard_refusal(t, verb, args[0])
        player = t.player(self.attacker or "")
        if verb == Verb.TROOP:
            troop = player.troop(args[0])
            missing = t.not_on_board(player, args[0])
            if missing or troop is None:
                return missing
            return Refusal(f"{args[0]} has no enemy troop or unguarded fortress in reach", ATTACK)
        if verb == Verb.ATTACK and self.stage == TARGET:
            return not_a_target(t, player.color, self.attacking_troop(t), args[0])
        if verb == Verb.EXHAUST and self.stage == MINION:
            return t.not_ready(player, args[0], "be exhausted to attack")
        return None

    def _guard_refusal(self, t: Table, verb: str, item: str) -> Refusal | None:
        if verb != Verb.EXHAUST:
            return None
        responder = t.player(self.responder or "")
        if responder is not self.defender(t):
            return Refusal(
                "only the defender exhausts a minion in answer; the attacker raises the "
                "stakes with relics",
                RESPONSE,
            )
        if self.guard is not None:
            return Refusal(
                f"{responder.color} has exhausted {t.name(self.guard)} to defend already: "
                "one minion per defense",
                RESPONSE,
            )
        card = t.cards.minion(item) if item in t.cards else None
        if (
            t.rules.defense_minion == DefenseMinion.GUARDIAN_ONLY
            and card is not None
            and card.cls != "guardian"
        ):
            return Refusal(
                f"{card.name} is {a_or_an(card.cls)}: in this edition only a Guardian may be "
                "exhausted to defend",
                RESPONSE,
            )
        return t.not_ready(responder, item, "be exhausted to defend")

    # steps ----------------------------------------------------------------------
    def _declare(self, t: Table, minion_id: str) -> None:
        player = t.player(self.attacker or "")
        t.exhaust(player, minion_id)
        self.minion = minion_id
        kind = "a free attack" if self.free else "an attack"
        strength = self.attack(t)
        t.say(
            ATTACK,
            lambda: (
                f"{player.color}'s {self.troop} makes {kind} ({self.style(t)}) on "
                f"{describe_target(t, self.target)}, exhausting {t.name(minion_id)}: "
                f"strength {strength}."
            ),
            "attack",
            attacker=player.color,
            troop=self.troop,
            target=self.target,
            minion=minion_id,
            strength=strength.total,
        )
        if fortress_owner(self.target) is not None:
            # An unguarded fortress has no one to respond: all of it is damage.
            t.pop()
            damage_fortress(t, self.defender(t), strength.total, player)
            return
        self.begin_response(t)

    def begin_response(self, t: Table) -> None:
        """The defender answers first. No relic may move a troop of this
        combat away: "you may never avoid the combat itself this way"."""
        self.stage, self.responder, self.round, self.acted = (
            RESPOND,
            self.defender(t).color,
            1,
            False,
        )
        self.locked = [self.target] + ([self.troop] if self.troop else [])

    def side(self, t: Table, color: str) -> str:
        """How a responder's strength reads: "attack now 7", "defense stays 6"."""
        return "defense" if color == self.defender(t).color else "attack"

    def strength_of(self, t: Table, color: str) -> Strength:
        return self.defense(t) if self.side(t, color) == "defense" else self.attack(t)

    def _guard(self, t: Table, minion_id: str) -> None:
        defender = self.defender(t)
        t.exhaust(defender, minion_id)
        self.guard, self.acted = minion_id, True
        t.say(
            RESPONSE,
            lambda: (
                f"{defender.color} exhausts {t.name(minion_id)} to defend: "
                f"defense now {self.defense(t)}."
            ),
            "defend",
            player=defender.color,
            minion=minion_id,
        )

    def _guards(self, t: Table) -> list[Action]:
        """The defender's minions that may be exhausted to defend, once."""
        player = t.player(self.responder or "")
        if self.guard is not None or player is not self.defender(t):
            return []
        return [
            Action(Verb.EXHAUST, (m.card,), f"Exhaust {t.name(m.card)} to defend")
            for m in guards(t, player)
        ]

    def _pass_ends(self) -> bool:
        """Whether a pass now resolves the combat: the rebels' target has no
        one to answer it, and otherwise "continue raising the stakes until
        both players pass": a responder who passes with nothing done in a
        round after the first follows the other side's pass that closed the
        round before."""
        return self.attacker is None or (self.round > 1 and not self.acted)

    def _pass_label(self, t: Table) -> str:
        """What passing does, and who wins at the strengths as they stand,
        written when listed: the totals are the position's, not a later one's."""
        attack, defense = self.strengths(t)
        defender = self.defender(t).color
        if defender_holds(attack, defense):
            tie = ": a tie goes to the defender" if attack.total == defense.total else ""
            winner = f"{defender} wins{tie}"
        else:
            winner = f"{self.attacker or 'the rebels'} win{'s' if self.attacker else ''}"
        at = f"attack {attack.total} against defense {defense.total}, and {winner}"
        if self._pass_ends():
            return f"Pass: the combat ends now at {at}"
        other = self.attacker if self.responder == defender else defender
        return f"Pass: if {other} plays nothing more, the combat ends at {at}"

    def _pass(self, t: Table, automatic: bool = False) -> None:
        responder = self.responder or ""
        how = "has nothing to answer with and passes" if automatic else "passes"
        t.say(
            RESPONSE,
            lambda: (
                f"{responder} {how}: {self.side(t, responder)} stays "
                f"{self.strength_of(t, responder)}."
            ),
            "pass",
            player=responder,
            automatic=automatic,
        )
        if self._pass_ends():
            t.pop()
            resolve(t, self)
            return
        defender = self.defender(t).color
        self.responder = self.attacker if self.responder == defender else defender
        self.round, self.acted = self.round + 1, False


# A responder with nothing at all but passing to do is passed by the engine.
# With 3 gold they could buy a relic "at any point" and play it, so they are
# asked then.
step(Combat, "combat", passes_alone=True)


_RELICS: Final = frozenset({Verb.ACTIVATE})


def guards(t: Table, player: Player) -> list[Minion]:
    """Minions that may be exhausted to defend (edition option defense_minion):
    en, any ready minion (only a Defense stat adds); pt, only a ready Guardian."""
    ready = [m for m in player.minions if m.ready]
    if t.rules.defense_minion == DefenseMinion.GUARDIAN_ONLY:
        return [m for m in ready if t.minion_card(m.card).cls == "guardian"]
    return ready


def free_attack(t: Table, player: Player, source: str, during_combat: bool) -> None:
    """A free attack (a relic's or a Command's): any troop of the player,
    standing or lying, with a ready minion to exhaust and a target in reach."""
    if during_combat:
        # A free attack is an afternoon free action of the player's own turn;
        # inside a combat it would start a combat within a combat.
        t.say(ATTACK, f"{source}'s free attack cannot be made during a combat.")
        return
    if not has_ready_minion(player):
        t.say(
            ATTACK,
            f"{source}'s free attack needs a ready minion to exhaust: {player.color} has none.",
        )
        return
    if not any(targets_by_zone(t, player.color, troop) for troop in player.on_board()):
        t.say(ATTACK, f"{source}'s free attack has no target for any of {player.color}'s troops.")
        return
    t.push(Combat(player.color, stage=TROOP, free=True))


# -- the outcome -----------------------------------------------------------------


def resolve(t: Table, combat: Combat) -> None:
    """Compare strengths; a tie goes to the defender."""
    attack, defense = combat.strengths(t)
    defender = combat.defender(t)
    troop = defender.troop(combat.target)
    assert troop is not None and troop.zone is not None
    whose = f"{combat.attacker}'s" if combat.attacker else "the rebels'"
    facts = dict(attack=attack.total, defense=defense.total)
    if defender_holds(attack, defense):
        t.say(
            OUTCOME,
            lambda: _defender_wins(whose, attack, defense, defender.color),
            "combat",
            winner=defender.color,
            **facts,
        )
        return
    attacker = t.player(combat.attacker) if combat.attacker else None
    zone, standing = troop.zone, troop.standing
    fate = (
        "it lies down and retreats" if standing else f"it is removed to {defender.color}'s supply"
    )
    t.say(
        OUTCOME,
        lambda: (
            f"Defender loses: {whose} attack {attack} beats {defender.color}'s defense "
            f"{defense}. {troop.id} was {'standing' if standing else 'lying down'}: {fate}."
        ),
        "combat",
        winner=combat.attacker or "the rebels",
        troop=troop.id,
        fate="retreat" if standing else "removed",
        **facts,
    )
    if attacker:
        t.gain_gold(attacker, WINNING_GOLD, OUTCOME, tr("for winning the combat"))
    if standing:
        troop.standing = False
        t.push(Retreat(defender.color, troop.id))
    else:
        troop.zone, troop.standing = None, True
    if zone == defender.fortress and not defender.destroyed:
        damage_fortress(t, defender, attack.total - defense.total, attacker)


def defender_holds(attack: Strength, defense: Strength) -> bool:
    """The outcome's comparison: a tie goes to the defender."""
    return attack.total <= defense.total


def _defender_wins(whose: str, attack: Strength, defense: Strength, defender: str) -> str:
    if attack.total == defense.total:
        how = f"ties {defender}'s defense {defense}: a tie goes to the defender"
    else:
        how = f"is lower than {defender}'s defense {defense}"
    return f"Defender wins: {whose} attack {attack} {how}. Nothing happens."


def damage_fortress(t: Table, owner: Player, amount: int, attacker: Player | None) -> None:
    """Damage, hidden treasure (+1 gold for any damage) and loot (a relic for
    the last hit point). Rebels gain nothing."""
    if amount <= 0:
        t.say(DAMAGE, f"{owner.color}'s fortress takes no damage: the attack's strength is 0.")
        return
    dealt = min(amount, owner.hp)
    owner.hp -= dealt
    state = "destroyed" if owner.hp == 0 else f"{owner.hp} HP left"
    t.say(
        DAMAGE,
        f"{owner.color}'s fortress takes {dealt} damage ({state}).",
        "damage",
        player=owner.color,
        amount=dealt,
        hp=owner.hp,
    )
    if attacker is None:
        return
    t.gain_gold(attacker, 1, "Hidden treasure", tr("for damaging an enemy fortress"))
    if owner.hp == 0:
        t.draw_relic(attacker, "Loot a fortress", tr("for dealing the last hit point"))


@dataclass(slots=True)
class Retreat(Frame):
    """Combat outcome B: the standing loser lies down and retreats to a zone
    of its owner's choice (movement Reinforcements apply)."""

    player: str
    troop: str

    def decision(self, t: Table) -> Decision:
        return Decision(
            self.player, DecisionKind.RETREAT, f"choose where {self.troop} retreats", OUTCOME
        )

    def legal(self, t: Table) -> list[Action]:
        troop = t.player(self.player).troop(self.troop)
        assert troop is not None and troop.zone is not None
        return [
            Action(Verb.RETREAT, (z,), f"Retreat {self.troop} to zone {z}")
            for z in reach(t, self.player, troop.zone)
        ]

    def apply(self, t: Table, action: Action) -> None:
        move_troop(t, self.player, self.troop, action.args[0], OUTCOME, "retreat")
        t.pop()

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        if action.verb != Verb.RETREAT or not action.args:
            return None
        return unreachable(t, self.player, self.troop, action.args[0], OUTCOME)


step(Retreat, "retreat")
