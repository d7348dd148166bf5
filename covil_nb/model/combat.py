"""2.3 Attack, the defender's response, raising the stakes, and the combat's outcome.

The outcome ("O resultado de um combate", from the Portuguese edition, part
of the rules of both editions): retreat, removal, fortress damage, hidden
treasure and loot. The rebels' retaliation at night uses the same frames,
and a free attack (from a relic or a Command) starts here too.

Relics played in a response are free actions: :mod:`flow` offers them where
:meth:`Combat.free_actions` allows, and :mod:`effects` plays them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Final, NamedTuple

from .actions import Action, Decision, Refusal
from .language import N_, Joined, Listed, Text, named, ntr, tr
from .movement import move_troop, reach, unreachable
from .state import NO_FREE_ACTIONS, READY, Minion, Player, Troop, step
from .table import Frame, Table
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
from .words import A_CLASS, color_name, stat_name

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
    DecisionKind.DEFEND_REBELS: tr("defend against the rebels"),
    DecisionKind.DEFEND: tr("defend"),
    DecisionKind.RAISE_STAKES: tr("raise the stakes"),
}
# The parts of a strength, named as the code compares them, and each said
# whole ("2 from the exhausted minion": "2 do Servo exaurido" in Portuguese,
# where "from the" is said with the part). The board shows them too.
TROOP_PART: Final = "the troop"
MINION_PART: Final = "the exhausted minion"
REINFORCEMENTS_PART: Final = "Reinforcements"
RELICS_PART: Final = "active relics"
AFTERSHOCK_PART: Final = "Aftershock"
REBELS_PART: Final = "the rebels"
PART_SAID: Final = {
    TROOP_PART: N_("{count} from the troop"),
    MINION_PART: N_("{count} from the exhausted minion"),
    REINFORCEMENTS_PART: N_("{count} from Reinforcements"),
    RELICS_PART: N_("{count} from active relics"),
    AFTERSHOCK_PART: N_("{count} from Aftershock"),
    REBELS_PART: N_("{count} from the rebels"),
}
# A side of a combat, as "attack now 7" and "defense stays 6" say it.
SIDES: Final = {"attack": tr("attack"), "defense": tr("defense")}
# The stats a combat reads, looked up once (an enumeration's member is slow to look up).
MELEE: Final = Stat.MELEE
RANGED: Final = Stat.RANGED
DEFENSE: Final = Stat.DEFENSE
STAGE_DECISIONS: Final = {
    TROOP: (DecisionKind.ATTACK_TROOP, N_("choose the troop for the free attack")),
    TARGET: (DecisionKind.ATTACK_TARGET, N_("choose the target of {troop}'s attack")),
    MINION: (DecisionKind.ATTACK_MINION, N_("exhaust a ready minion for the attack")),
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
        return str(self.said())

    def said(self) -> Text:
        shown = [part_said(part, v) for part, v in self.parts if v]
        if not shown:
            return tr("{total}", total=self.total)
        return tr("{total} ({parts})", total=self.total, parts=Joined(", ", shown))


def part_said(part: str, count: int) -> Text:
    """ "2 from the exhausted minion": a part of a strength, said."""
    return tr(PART_SAID[part], count=count)


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
            (TROOP_PART, troop),
            (MINION_PART, card.stat_bonus(style) if card else 0),
            (REINFORCEMENTS_PART, reinforced),
            (RELICS_PART, relics),
            (AFTERSHOCK_PART, aftershock(t, player, minion_id) if minion_id else 0),
        )
        strengths.append(Strength(parts))
    return strengths


def defense_strength(t: Table, player: Player, zone: str, guard_id: str | None) -> Strength:
    """1 + the exhausted minion's Defense stat + Reinforcements + active relics."""
    card = t.minion_card(guard_id) if guard_id else None
    return Strength(
        (
            (TROOP_PART, 1),
            (MINION_PART, card.stat_bonus(DEFENSE) if card else 0),
            (REINFORCEMENTS_PART, reinforcements(t, player, DEFENSE, zone)),
            (RELICS_PART, relic_bonus(t, player, DEFENSE)),
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


class Target(NamedTuple):
    """What a target is, taken when it is listed: an attack's label says it
    when read, as it was then."""

    troop: str | None  # None: a fortress
    color: str  # its owner
    zone: str | None
    standing: bool


def target_facts(t: Table, target: str) -> Target:
    foe = fortress_owner(target)
    if foe is not None:
        return Target(None, foe, t.player(foe).fortress, False)
    owner = t.state.owner_of(target)
    troop = owner.troop(target) if owner else None
    assert owner is not None and troop is not None
    return Target(target, owner.color, troop.zone, troop.standing)


def describe_target(t: Table, target: str) -> Text:
    return described(target_facts(t, target))


def described(target: Target) -> Text:
    said = {"color": color_name(target.color), "zone": target.zone}
    if target.troop is None:
        return tr("{color}'s unguarded fortress in zone {zone}", **said)
    if target.standing:
        return tr("{color}'s troop {troop} (standing, zone {zone})", troop=target.troop, **said)
    return tr("{color}'s troop {troop} (lying, zone {zone})", troop=target.troop, **said)


def attack_actions(t: Table, color: str, troop: Troop) -> list[Action]:
    found = targets_by_zone(t, color, troop)
    # The labels are made when read, from the targets as they are now.
    facts = {target: target_facts(t, target) for target, _ in found}
    label = partial(_attack_label, troop.zone, facts)
    return [Action(Verb.ATTACK, (target,), label) for target, _ in found]


def _attack_label(zone: str | None, facts: dict[str, Target], attack: Action) -> Text:
    target = facts[attack.args[0]]
    if target.zone == zone:
        return tr("Melee attack on {target}", target=described(target))
    return tr("Ranged attack on {target}", target=described(target))


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
        return str(self.said())

    def said(self) -> Text:
        """ "attack up to 4 with Hedge Witch and Kraken Ink against defense 2,
        3 if red exhausts a minion; red holds 2 relics"."""
        said = self._attack_said()
        color = color_name(self.defender)
        if self.defense is None:
            return tr(
                "{attack}, all of it damage to {color}'s unguarded fortress ({hp} HP)",
                attack=said,
                color=color,
                hp=self.hp,
            )
        said = tr("{attack} against defense {defense}", attack=said, defense=self.defense.total)
        if self.guarded > self.defense.total:
            said = tr(
                "{forecast}, {guarded} if {color} exhausts a minion",
                forecast=said,
                guarded=self.guarded,
                color=color,
            )
        if self.held:
            said = ntr(
                "{forecast}; {color} holds {count} relic",
                "{forecast}; {color} holds {count} relics",
                self.held,
                forecast=said,
                color=color,
            )
        return said

    def _attack_said(self) -> Text:
        attack = self.attack.total
        using = Listed([named(n) for n in self.using])
        if self.attack.total > self.least:
            if self.using:
                return tr("attack up to {attack} with {using}", attack=attack, using=using)
            return tr("attack up to {attack}", attack=attack)
        if self.using:
            return tr("attack {attack} with {using}", attack=attack, using=using)
        return tr("attack {attack}", attack=attack)


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
    reach = tr("zone {zone} (melee) or a zone next to it (ranged)", zone=troop.zone)
    foe = fortress_owner(target)
    if foe is not None:
        if foe not in [p.color for p in t.state.players] or foe == color:
            return Refusal(tr("{target} is not an enemy fortress", target=target), ATTACK)
        enemy, whose = t.player(foe), color_name(foe)
        if enemy.destroyed:
            return Refusal(tr("{color}'s fortress is destroyed already", color=whose), DAMAGE)
        if not unguarded(enemy):
            return Refusal(
                tr(
                    "{color}'s fortress is guarded by a troop in its zone: attack the troop, and "
                    "the excess damages the fortress",
                    color=whose,
                ),
                ATTACK,
            )
        return Refusal(
            tr(
                "{color}'s fortress is in zone {zone}, not in {reach}",
                color=whose,
                zone=enemy.fortress,
                reach=reach,
            ),
            ATTACK,
        )
    owner, victim = t.state.owner_of(target), t.state.troop(target)
    if owner is None or victim is None:
        return Refusal(tr("there is no troop {troop}", troop=repr(target)), ATTACK)
    said = {"troop": target, "color": color_name(owner.color)}
    if owner.color == color:
        return Refusal(tr("{troop} is {color}'s own troop: attack an enemy", **said), ATTACK)
    if victim.zone is None:
        return Refusal(tr("{troop} is in {color}'s supply, not on the board", **said), ATTACK)
    return Refusal(
        tr(
            "{troop} is in zone {zone}, not in {reach}", troop=target, zone=victim.zone, reach=reach
        ),
        ATTACK,
    )


def has_ready_minion(player: Player) -> bool:
    return READY in [m.state for m in player.minions]


def cannot_attack(t: Table, color: str) -> Refusal | None:
    """An attack needs a ready minion to exhaust, even a free one."""
    if has_ready_minion(t.player(color)):
        return None
    return Refusal(
        tr(
            "an attack needs a ready minion to exhaust, and every one of yours is tired or "
            "exhausted"
        ),
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
            return Strength(((REBELS_PART, REBEL_STRENGTH),))
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
            prompt = tr(
                "{response}: attack {attack} against defense {defense}",
                response=RESPONSES[kind],
                attack=attack.said(),
                defense=defense.said(),
            )
            return Decision(self.responder or "", kind, prompt, RESPONSE)
        prompt = tr(STAGE_DECISIONS[self.stage][1], troop=self.troop)
        return Decision(self.attacker or "", kind, prompt, ATTACK)

    def legal(self, t: Table) -> list[Action]:
        if self.stage == RESPOND:
            # A quiet table (a search) reads no label: the strengths the label
            # tells are not worked out for it.
            label = _PASS if t.quiet else self._pass_label(t)
            return [*self._guards(t), Action(Verb.PASS, (), label)]
        player = t.player(self.attacker or "")
        if self.stage == TROOP:
            troops = [
                troop for troop in player.on_board() if targets_by_zone(t, player.color, troop)
            ]
            choosing = partial(_attacker_label, {troop.id: troop.zone for troop in troops})
            return [
                *(Action(Verb.TROOP, (troop.id,), choosing) for troop in troops),
                Action(Verb.SKIP, (), _SKIP_FREE_ATTACK),
            ]
        if self.stage == TARGET:
            return attack_actions(t, player.color, self.attacking_troop(t))
        style = self.style(t)
        zone = self.attacking_troop(t).zone or ""
        ready = [m.card for m in player.minions if m.ready]
        strengths = attack_strengths(t, player, zone, style, ready)
        exhausting = partial(_exhaust_label, t, dict(zip(ready, strengths, strict=True)))
        return [Action(Verb.EXHAUST, (m,), exhausting) for m in ready]

    def free_actions(self, t: Table) -> frozenset[Verb]:
        """Both sides may activate relics while responding (raising the stakes)."""
        return _RELICS if self.stage == RESPOND else NO_FREE_ACTIONS

    def apply(self, t: Table, action: Action) -> None:
        verb = action.verb
        if verb == Verb.SKIP:
            color = color_name(self.attacker or "")
            t.say(ATTACK, lambda: tr("{color} does not make the free attack.", color=color))
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
            return Refusal(
                tr("{troop} has no enemy troop or unguarded fortress in reach", troop=args[0]),
                ATTACK,
            )
        if verb == Verb.ATTACK and self.stage == TARGET:
            return not_a_target(t, player.color, self.attacking_troop(t), args[0])
        if verb == Verb.EXHAUST and self.stage == MINION:
            return t.not_ready(player, args[0], tr("be exhausted to attack"))
        return None

    def _guard_refusal(self, t: Table, verb: str, item: str) -> Refusal | None:
        if verb != Verb.EXHAUST:
            return None
        responder = t.player(self.responder or "")
        if responder is not self.defender(t):
            return Refusal(
                tr(
                    "only the defender exhausts a minion in answer; the attacker raises the "
                    "stakes with relics"
                ),
                RESPONSE,
            )
        if self.guard is not None:
            return Refusal(
                tr(
                    "{color} has exhausted {minion} to defend already: one minion per defense",
                    color=color_name(responder.color),
                    minion=t.called(self.guard),
                ),
                RESPONSE,
            )
        card = t.cards.minion(item) if item in t.cards else None
        if (
            t.rules.defense_minion == DefenseMinion.GUARDIAN_ONLY
            and card is not None
            and card.cls != "guardian"
        ):
            return Refusal(
                tr(
                    "{minion} is {cls}: in this edition only a Guardian may be exhausted to defend",
                    minion=named(card.name),
                    cls=A_CLASS.get(card.cls, card.cls),
                ),
                RESPONSE,
            )
        return t.not_ready(responder, item, tr("be exhausted to defend"))

    # steps ----------------------------------------------------------------------
    def _declare(self, t: Table, minion_id: str) -> None:
        player = t.player(self.attacker or "")
        t.exhaust(player, minion_id)
        self.minion = minion_id
        strength = self.attack(t)
        t.say(
            ATTACK,
            lambda: self._declared(t, player, minion_id, strength),
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

    def _declared(self, t: Table, player: Player, minion_id: str, strength: Strength) -> Text:
        said = {
            "color": color_name(player.color),
            "troop": self.troop,
            "style": stat_name(self.style(t)),
            "target": describe_target(t, self.target),
            "minion": t.called(minion_id),
            "strength": strength.said(),
        }
        if self.free:
            return tr(
                "{color}'s {troop} makes a free attack ({style}) on {target}, exhausting "
                "{minion}: strength {strength}.",
                **said,
            )
        return tr(
            "{color}'s {troop} makes an attack ({style}) on {target}, exhausting {minion}: "
            "strength {strength}.",
            **said,
        )

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
            lambda: tr(
                "{color} exhausts {minion} to defend: defense now {defense}.",
                color=color_name(defender.color),
                minion=t.called(minion_id),
                defense=self.defense(t).said(),
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
            Action(Verb.EXHAUST, (m.card,), partial(_guard_label, t)) for m in guards(t, player)
        ]

    def _pass_ends(self) -> bool:
        """Whether a pass now resolves the combat: the rebels' target has no
        one to answer it, and otherwise "continue raising the stakes until
        both players pass": a responder who passes with nothing done in a
        round after the first follows the other side's pass that closed the
        round before."""
        return self.attacker is None or (self.round > 1 and not self.acted)

    def _pass_label(self, t: Table) -> Text:
        """What passing does, and who wins at the strengths as they stand,
        written when listed: the totals are the position's, not a later one's."""
        attack, defense = self.strengths(t)
        defender = self.defender(t).color
        at = standing(attack.total, defense.total, self.attacker, defender)
        if self._pass_ends():
            return tr("Pass: the combat ends now at {at}", at=at)
        other = self.attacker if self.responder == defender else defender
        return tr(
            "Pass: if {color} plays nothing more, the combat ends at {at}",
            color=color_name(other or ""),
            at=at,
        )

    def _pass(self, t: Table, automatic: bool = False) -> None:
        responder = self.responder or ""
        t.say(
            RESPONSE,
            lambda: self._passed(t, responder, automatic),
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

    def _passed(self, t: Table, responder: str, automatic: bool) -> Text:
        said = {
            "color": color_name(responder),
            "side": SIDES[self.side(t, responder)],
            "strength": self.strength_of(t, responder).said(),
        }
        if automatic:
            return tr(
                "{color} has nothing to answer with and passes: {side} stays {strength}.", **said
            )
        return tr("{color} passes: {side} stays {strength}.", **said)


# A responder with nothing at all but passing to do is passed by the engine.
# With 3 gold they could buy a relic "at any point" and play it, so they are
# asked then.
step(Combat, "combat", passes_alone=True)


_RELICS: Final = frozenset({Verb.ACTIVATE})
_PASS: Final = tr("Pass")
_SKIP_FREE_ATTACK: Final = tr("Skip the free attack")


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
        t.say(
            ATTACK,
            lambda: tr(
                "{source}'s free attack cannot be made during a combat.", source=named(source)
            ),
        )
        return
    said = {"source": named(source), "color": color_name(player.color)}
    if not has_ready_minion(player):
        t.say(
            ATTACK,
            lambda: tr(
                "{source}'s free attack needs a ready minion to exhaust: {color} has none.", **said
            ),
        )
        return
    if not any(targets_by_zone(t, player.color, troop) for troop in player.on_board()):
        t.say(
            ATTACK,
            lambda: tr("{source}'s free attack has no target for any of {color}'s troops.", **said),
        )
        return
    t.push(Combat(player.color, stage=TROOP, free=True))


# -- the outcome -----------------------------------------------------------------


def resolve(t: Table, combat: Combat) -> None:
    """Compare strengths; a tie goes to the defender."""
    attack, defense = combat.strengths(t)
    defender = combat.defender(t)
    troop = defender.troop(combat.target)
    assert troop is not None and troop.zone is not None
    facts = dict(attack=attack.total, defense=defense.total)
    if defender_holds(attack.total, defense.total):
        t.say(
            OUTCOME,
            lambda: _defender_wins(combat.attacker, attack, defense, defender.color),
            "combat",
            winner=defender.color,
            **facts,
        )
        return
    attacker = t.player(combat.attacker) if combat.attacker else None
    zone, standing = troop.zone, troop.standing
    t.say(
        OUTCOME,
        lambda: _defender_loses(
            combat.attacker, attack, defense, defender.color, troop.id, standing
        ),
        "combat",
        winner=combat.attacker or REBELS_PART,
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


def defender_holds(attack: int, defense: int) -> bool:
    """The outcome's comparison of the strengths' totals: a tie goes to the defender."""
    return attack <= defense


def standing(attack: int, defense: int, attacker: str | None, defender: str) -> Text:
    """A combat's strengths (their totals) and who wins at them ("attack 2
    against defense 2, and yellow wins: a tie goes to the defender");
    ``attacker`` None for the rebels."""
    if attack == defense:
        winner = tr("{color} wins: a tie goes to the defender", color=color_name(defender))
    elif defender_holds(attack, defense):
        winner = tr("{color} wins", color=color_name(defender))
    elif attacker is None:
        winner = tr("the rebels win")
    else:
        winner = tr("{color} wins", color=color_name(attacker))
    return tr(
        "attack {attack} against defense {defense}, and {winner}",
        attack=attack,
        defense=defense,
        winner=winner,
    )


def _guard_label(t: Table, guard: Action) -> Text:
    card = t.minion_card(guard.args[0])
    if card.stat == DEFENSE:
        return tr("Exhaust {minion} to defend", minion=named(card.name))
    # Offered in the en edition (any ready minion may defend): say why it adds nothing.
    return tr(
        "Exhaust {minion} to defend (a {stat} stat does not count in a defense)",
        minion=named(card.name),
        stat=stat_name(card.stat),
    )


def _attacker_label(zones: dict[str, str | None], choice: Action) -> Text:
    troop = choice.args[0]
    return tr("Attack with {troop} (zone {zone})", troop=troop, zone=zones[troop])


def _exhaust_label(t: Table, strengths: dict[str, Strength], exhaust: Action) -> Text:
    minion = exhaust.args[0]
    said = strengths[minion].said()
    return tr("Exhaust {minion}: attack {strength}", minion=t.called(minion), strength=said)


def _whose_attack(attacker: str | None, attack: Strength) -> Text:
    if attacker is None:
        return tr("the rebels' attack {strength}", strength=attack.said())
    return tr("{color}'s attack {strength}", color=color_name(attacker), strength=attack.said())


def _defender_wins(
    attacker: str | None, attack: Strength, defense: Strength, defender: str
) -> Text:
    said = {
        "attack": _whose_attack(attacker, attack),
        "color": color_name(defender),
        "defense": defense.said(),
    }
    if attack.total == defense.total:
        return tr(
            "Defender wins: {attack} ties {color}'s defense {defense}: a tie goes to the "
            "defender. Nothing happens.",
            **said,
        )
    return tr(
        "Defender wins: {attack} is lower than {color}'s defense {defense}. Nothing happens.",
        **said,
    )


def _defender_loses(
    attacker: str | None,
    attack: Strength,
    defense: Strength,
    defender: str,
    troop: str,
    standing: bool,
) -> Text:
    said = {
        "attack": _whose_attack(attacker, attack),
        "color": color_name(defender),
        "defense": defense.said(),
        "troop": troop,
    }
    if standing:
        return tr(
            "Defender loses: {attack} beats {color}'s defense {defense}. {troop} was standing: "
            "it lies down and retreats.",
            **said,
        )
    return tr(
        "Defender loses: {attack} beats {color}'s defense {defense}. {troop} was lying down: "
        "it is removed to {color}'s supply.",
        **said,
    )


def damage_fortress(t: Table, owner: Player, amount: int, attacker: Player | None) -> None:
    """Damage, hidden treasure (+1 gold for any damage) and loot (a relic for
    the last hit point). Rebels gain nothing."""
    if amount <= 0:
        t.say(
            DAMAGE,
            lambda: tr(
                "{color}'s fortress takes no damage: the attack's strength is 0.",
                color=color_name(owner.color),
            ),
        )
        return
    dealt = min(amount, owner.hp)
    owner.hp -= dealt
    t.say(
        DAMAGE,
        lambda: _damaged(owner, dealt),
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


def _damaged(owner: Player, dealt: int) -> Text:
    said = {"color": color_name(owner.color), "dealt": dealt}
    if owner.hp == 0:
        return tr("{color}'s fortress takes {dealt} damage (destroyed).", **said)
    return tr("{color}'s fortress takes {dealt} damage ({hp} HP left).", hp=owner.hp, **said)


@dataclass(slots=True)
class Retreat(Frame):
    """Combat outcome B: the standing loser lies down and retreats to a zone
    of its owner's choice (movement Reinforcements apply)."""

    player: str
    troop: str

    def decision(self, t: Table) -> Decision:
        return Decision(
            self.player,
            DecisionKind.RETREAT,
            tr("choose where {troop} retreats", troop=self.troop),
            OUTCOME,
        )

    def legal(self, t: Table) -> list[Action]:
        troop = t.player(self.player).troop(self.troop)
        assert troop is not None and troop.zone is not None
        label = partial(_retreat_label, self.troop)
        return [Action(Verb.RETREAT, (z,), label) for z in reach(t, self.player, troop.zone)]

    def apply(self, t: Table, action: Action) -> None:
        move_troop(t, self.player, self.troop, action.args[0], OUTCOME, "retreat")
        t.pop()

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        if action.verb != Verb.RETREAT or not action.args:
            return None
        return unreachable(t, self.player, self.troop, action.args[0], OUTCOME)


step(Retreat, "retreat")


def _retreat_label(troop: str, retreat: Action) -> Text:
    return tr("Retreat {troop} to zone {zone}", troop=troop, zone=retreat.args[0])
