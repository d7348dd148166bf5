"""Solo mode, "Evil prevails": the dummy player's A.I.

The engine plays a dummy seat itself: whenever a decision falls to a dummy,
:func:`act` makes it by the rulebook's priorities and logs the priority step
that produced it. The same choices are available to a bot for any seat of
any game through :func:`dummy_actions` (give it a copy: it flips relics).

Where the rulebooks leave the dummy's choice open, it is decided here, the
same way every time (``docs/rules.md`` lists these readings with the others):

- Minion order ("the top left available minion"): the Overlord on the
  throne first, then the hall's slots in order.
- Attack targets: among the zones it can hit, the enemy fortress zone first,
  then a zone with enemy lying troops, then relics are flipped until one
  names a terrain of a candidate zone. In the chosen zone it hits an
  unguarded fortress, else a lying troop, else a standing one (lowest id),
  with its lowest-numbered standing troop that can reach.
- Moving (and retreating): its lowest-numbered standing troop moves. A relic
  is flipped; the troop goes to a reachable zone of that terrain, or else to
  the reachable zone nearest to one; ties go to the zone nearest to an enemy
  fortress, then to the board's zone order.
- Starting zone: the free spiral farthest from the enemy fortresses, or with
  the ``next_to_yours`` option the nearest one.
- Flipped relics go to the discard pile. If no relic is left to flip, the
  first candidate in board order is taken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Final

from .actions import Action, Decision
from .afternoon import TroopAction, Turn
from .combat import Combat, Retreat, guards, target_zone, targets
from .effects import buy_relic, can_buy_relic
from .language import N_, Listed, Text, ntr, tr
from .movement import reach
from .state import Player
from .table import Frame, Table
from .vocabulary import DecisionKind, Stat, Verb, fortress_owner
from .words import color_name, stat_name, terrain_name

SOLO: Final = "Solo: the dummy player"


# -- whom the dummy fights ---------------------------------------------------------


def enemies(t: Table, color: str) -> list[Player]:
    """Every other player, except that dummies never attack each other."""
    s = t.state
    return [
        p for p in s.players if p.color != color and not (s.is_dummy(color) and s.is_dummy(p.color))
    ]


def enemy_fortresses(t: Table, color: str) -> list[str]:
    return [p.fortress for p in enemies(t, color) if p.fortress]


def toward_enemy(t: Table, color: str, zone: str) -> int:
    """Distance from ``zone`` to the nearest enemy fortress (ties: "nearest
    to the enemy fortress")."""
    forts = enemy_fortresses(t, color)
    return min((t.board.distance(zone, f) for f in forts), default=0)


def zone_order(t: Table, zone: str) -> int:
    return t.board.order[zone]


def flip(t: Table, color: str, why: Text) -> str | None:
    """Flip the top relic of the deck: its target terrain decides. The relic
    goes to the discard pile."""
    relic = t.top_relic()
    if relic is None:
        t.say(
            SOLO,
            lambda: tr(
                "{color} (dummy) would flip a relic {why}, but none are left.",
                color=color_name(color),
                why=why,
            ),
        )
        return None
    t.state.relic_discard.append(relic)
    terrain = t.relic_card(relic).terrain
    t.say(
        SOLO,
        lambda: tr(
            "{color} (dummy) flips {relic} {why}: {terrain}.",
            color=color_name(color),
            relic=t.called(relic),
            why=why,
            terrain=terrain_name(terrain),
        ),
        "flip",
        player=color,
        relic=relic,
        terrain=terrain,
    )
    return terrain


# -- minions -----------------------------------------------------------------------------


def strongest(t: Table, player: Player, stat: Stat) -> str | None:
    """The ready minion with the highest ``stat`` (the first one on a tie)."""
    ready = [m.card for m in player.minions if m.ready and t.minion_card(m.card).stat == stat]
    return max(ready, key=lambda c: t.minion_card(c).power, default=None)


def best_guard(t: Table, player: Player) -> str | None:
    """Its best defensive minion, if one may be exhausted and adds something."""
    ready = [m.card for m in guards(t, player) if t.minion_card(m.card).stat == Stat.DEFENSE]
    return max(ready, key=lambda c: t.minion_card(c).power, default=None)


# -- the afternoon's priorities ------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A troop action: which troop, the action, the minion to exhaust, and why."""

    troop: str
    action: Action
    minion: str | None
    why: Text


def attack_plan(t: Table, color: str, style: Stat, troop: str | None) -> Plan | None:
    """Priority 1 (melee) or 2 (ranged)."""
    player = t.player(color)
    minion = strongest(t, player, style)
    if minion is None:
        return None
    foes = {p.color for p in enemies(t, color)}
    melee = style == Stat.MELEE
    options = [
        (unit.id, target)
        for unit in player.on_board()
        if unit.standing and troop in (None, unit.id)
        for target in targets(t, color, unit)
        if _owner(t, target) in foes and (target_zone(t, target) == unit.zone) == melee
    ]
    if not options:
        return None
    zones = sorted({target_zone(t, tg) for _, tg in options}, key=lambda z: zone_order(t, z))
    zone, because = _target_zone(t, color, zones)
    target = _target_in(t, [tg for _, tg in options if target_zone(t, tg) == zone])
    attacker = min(unit for unit, tg in options if tg == target)
    why = tr(
        "priority {priority}, {style} attack with {troop}{because}",
        priority=1 if style == Stat.MELEE else 2,
        style=stat_name(style),
        troop=attacker,
        because=because,
    )
    return Plan(attacker, Action(Verb.ATTACK, (target,)), minion, why)


def _owner(t: Table, target: str) -> str:
    foe = fortress_owner(target)
    if foe is not None:
        return foe
    owner = t.state.owner_of(target)
    return owner.color if owner else ""


def _target_zone(t: Table, color: str, zones: list[str]) -> tuple[str, Text | str]:
    """Target zone tie breakers: the enemy fortress zone; then a zone with
    enemy lying troops; then flip relics until an applicable zone appears.
    Returns the zone and why it was chosen (empty when it was the only one)."""
    if len(zones) == 1:
        return zones[0], ""
    foes = enemies(t, color)
    for prefer, where in (
        (lambda z: z in enemy_fortresses(t, color), _FORTRESS_ZONE),
        (lambda z: any(not unit.standing for p in foes for unit in p.in_zone(z)), _LYING),
    ):
        preferred = [z for z in zones if prefer(z)]
        if len(preferred) == 1:
            return preferred[0], tr(where, zones=Listed(zones), zone=preferred[0])
        zones = preferred or zones
    for _ in range(len(t.cards.relics)):
        terrain = flip(t, color, tr("to break a tie between target zones"))
        if terrain is None:
            break
        shown = [z for z in zones if terrain in t.board.zones[z].terrains]
        if len(shown) == 1:
            return shown[0], tr(
                ": the flipped relic shows {terrain}, the terrain of {zone}",
                terrain=terrain_name(terrain),
                zone=shown[0],
            )
        zones = shown or zones
    return zones[0], tr(
        ": zones {zones} stay tied, {zone} comes first on the board",
        zones=Listed(zones),
        zone=zones[0],
    )


_FORTRESS_ZONE: Final = N_(": of zones {zones}, {zone} is an enemy fortress zone")
_LYING: Final = N_(": of zones {zones}, {zone} has enemy troops lying")


def _target_in(t: Table, options: list[str]) -> str:
    """In the chosen zone: an unguarded fortress, else a lying troop, else a standing one."""

    def rank(target: str) -> tuple[int, str]:
        if fortress_owner(target) is not None:
            return (0, target)
        troop = t.state.troop(target)
        lying = troop is not None and not troop.standing
        return (1 if lying else 2, target)

    return min(options, key=rank)


def move_zone(t: Table, color: str, origin: str, why: Text) -> tuple[str, Text]:
    """Priority 3 (and retreats): flip a relic and head for its terrain.
    Returns the zone and why, in words."""
    terrain = flip(t, color, why)
    reachable = reach(t, color, origin)
    wanted = [z for z in t.board.zones_with(terrain) if z != origin] if terrain else []
    to_fortress = not wanted  # no other zone of the terrain: it heads for an enemy fortress
    if to_fortress:
        wanted = enemy_fortresses(t, color) or list(t.board.zones)

    def near(zone: str) -> int:
        return min(t.board.distance(zone, w) for w in wanted)

    def key(zone: str) -> tuple[int, int, int]:
        return (near(zone), toward_enemy(t, color, zone), zone_order(t, zone))

    zone = min(reachable, key=key)
    # No relic left to flip: the terrain is None, and the fortress decides.
    shown = terrain_name(terrain) if terrain else tr("no terrain")
    if to_fortress:
        return zone, tr(
            "no other zone is {terrain}, so it heads for {fortress}: {zone}",
            terrain=shown,
            fortress=_fortresses(t, color),
            zone=zone,
        )
    best = [z for z in reachable if near(z) == near(zone)]
    tie = (
        tr("; of those, {zone} is nearest to {fortress}", zone=zone, fortress=_fortresses(t, color))
        if len(best) > 1
        else ""
    )
    said = {"terrain": shown, "origin": origin, "tie": tie}
    if near(zone) == 0:
        return zone, ntr(
            "{zones} is a {terrain} zone within reach of {origin}{tie}",
            "{zones} are {terrain} zones within reach of {origin}{tie}",
            len(best),
            zones=Listed(best),
            **said,
        )
    if tie:
        return zone, tr(
            "no zone within reach of {origin} is {terrain}, so it heads for the zone nearest to "
            "one{tie}",
            **said,
        )
    return zone, tr(
        "no zone within reach of {origin} is {terrain}, so it heads for the zone nearest to "
        "one: {zone}",
        zone=zone,
        **said,
    )


def _fortresses(t: Table, color: str) -> Text:
    owners = [p.color for p in enemies(t, color) if p.fortress]
    if len(owners) == 1:
        return tr("{color}'s fortress", color=color_name(owners[0]))
    return tr("an enemy fortress")


def move_plan(t: Table, color: str, troop: str | None) -> Plan:
    player = t.player(color)
    mover = troop or min(unit.id for unit in player.on_board() if unit.standing)
    moving = player.troop(mover)
    assert moving is not None and moving.zone is not None
    zone, because = move_zone(t, color, moving.zone, tr("to choose where to move"))
    why = tr("priority 3, move with {troop}: {because}", troop=mover, because=because)
    return Plan(mover, Action(Verb.MOVE, (zone,)), None, why)


def plan_turn(t: Table, color: str, troop: str | None = None) -> Plan:
    """Melee attack, else ranged attack, else move: the first that applies."""
    return (
        attack_plan(t, color, Stat.MELEE, troop)
        or attack_plan(t, color, Stat.RANGED, troop)
        or move_plan(t, color, troop)
    )


# -- every decision ---------------------------------------------------------------------------


def start_zone(t: Table, color: str, free: list[str]) -> str:
    forts = enemy_fortresses(t, color)
    if not forts:
        return free[0]
    if t.state.options.next_to_yours:
        return min(free, key=lambda z: (toward_enemy(t, color, z), zone_order(t, z)))
    return max(free, key=lambda z: (toward_enemy(t, color, z), -zone_order(t, z)))


def dummy_actions(t: Table, frame: Frame, decision: Decision) -> tuple[list[Action], Text]:
    """The dummy's actions for this decision, in order, and why. A whole
    troop action comes at once (lie down, act, exhaust) so that the relics
    flipped for it are flipped once."""
    color, kind = decision.player, decision.kind
    legal = frame.legal(t)
    if kind == DecisionKind.START_ZONE:
        free = [a.args[0] for a in legal]
        return [Action(Verb.START, (start_zone(t, color, free),))], tr("its starting zone")
    if kind in (DecisionKind.TURN, DecisionKind.TROOP_ACTION):
        return _turn_actions(t, color, frame, legal)
    if kind == DecisionKind.ATTACK_MINION:
        assert isinstance(frame, Combat)
        style = frame.style(t)
        minion = strongest(t, t.player(color), style) or legal[0].args[0]
        why = tr("its strongest ready {style} minion", style=stat_name(style))
        return [Action(Verb.EXHAUST, (minion,))], why
    if kind in (DecisionKind.DEFEND, DecisionKind.DEFEND_REBELS):
        assert isinstance(frame, Combat)
        guard = best_guard(t, t.player(color))
        if guard and frame.guard is None:
            why = tr("it always defends with its best defensive minion")
            return [Action(Verb.EXHAUST, (guard,))], why
        return [Action(Verb.PASS)], tr("it never activates relics")
    if kind == DecisionKind.RETREAT:
        assert isinstance(frame, Retreat)
        origin = t.player(color).troop(frame.troop)
        assert origin is not None and origin.zone is not None
        zone, because = move_zone(t, color, origin.zone, tr("to choose where to retreat"))
        why = tr("a retreat goes where a move would: {because}", because=because)
        return [Action(Verb.RETREAT, (zone,))], why
    quiet = [a for a in legal if a.verb in _QUIET]
    return quiet[:1] or legal[:1], tr("it never uses relics, Commands or purchases")


_QUIET: Final = (Verb.PASS, Verb.SKIP, Verb.CANCEL, Verb.END)


def _turn_actions(
    t: Table, color: str, frame: Frame, legal: list[Action]
) -> tuple[list[Action], Text]:
    if isinstance(frame, Turn) and not any(a.verb == Verb.LIE for a in legal):
        return [Action(Verb.END)], tr("its troop action is done (it never acquires)")
    troop = frame.troop if isinstance(frame, TroopAction) else None
    plan = plan_turn(t, color, troop)
    actions = [plan.action] if troop else [Action(Verb.LIE, (plan.troop,)), plan.action]
    if plan.minion:
        actions.append(Action(Verb.EXHAUST, (plan.minion,)))
    return actions, plan.why


def act(t: Table, frame: Frame, decision: Decision) -> None:
    """Make a dummy's decision: apply its actions through the frames' own rules."""
    actions, why = dummy_actions(t, frame, decision)
    deeds = [_deed(t, action) for action in actions]  # said now: the cards are known now
    t.say(
        SOLO,
        lambda: _acted(decision.player, deeds, why),
        "dummy",
        player=decision.player,
        actions=[str(a) for a in actions],
        reason=why,
    )
    for action in actions:
        top = t.top()
        assert action in top.legal(t), f"the dummy chose {action}, which is not legal"
        top.apply(t, action)


def _acted(color: str, deeds: list[Text | str], why: Text) -> Text:
    """ "red (dummy): lies down R1, then attacks Y2, then exhausts Pit Fighter —
    priority 1, ..."."""
    shown: Text | str = deeds[0]
    for deed in deeds[1:]:
        shown = tr("{actions}, then {action}", actions=shown, action=deed)
    return tr(
        "{color} (dummy): {actions} — {why}.", color=color_name(color), actions=shown, why=why
    )


def _deed(t: Table, action: Action) -> Text | str:
    """What a dummy's action does, in words ("lies down R1", "exhausts Pit
    Fighter"); its notation for an action the dummy never takes."""
    said = _DEEDS.get(action.verb)
    return said(t, action.args) if said else str(action)


def _attacks(target: str) -> Text:
    owner = fortress_owner(target)
    if owner:
        return tr("attacks {color}'s fortress", color=color_name(owner))
    return tr("attacks {troop}", troop=target)


# Each verb the dummy plays, said from the table and the action's arguments.
_DEEDS: Final[dict[str, Callable[[Table, tuple[str, ...]], Text]]] = {
    Verb.START: lambda t, args: tr("starts in zone {zone}", zone=args[0]),
    Verb.LIE: lambda t, args: tr("lies down {troop}", troop=args[0]),
    Verb.MOVE: lambda t, args: tr("moves to zone {zone}", zone=args[0]),
    Verb.RETREAT: lambda t, args: tr("retreats to zone {zone}", zone=args[0]),
    Verb.ATTACK: lambda t, args: _attacks(args[0]),
    Verb.EXHAUST: lambda t, args: tr("exhausts {minion}", minion=t.called(args[0])),
    Verb.END: lambda t, args: tr("ends its turn"),
    Verb.PASS: lambda t, args: tr("passes"),
}


def _buys(color: str) -> Text:
    return tr(
        "{color} (dummy) buys a relic in the morning, as it always does with 3 gold.",
        color=color_name(color),
    )


def buy_in_the_morning(t: Table) -> None:
    """Morning: if possible, each dummy spends 3 gold on a relic (kept face down)."""
    for p in t.state.turn_order():
        if t.state.is_dummy(p.color) and can_buy_relic(t, p):
            t.say(
                SOLO,
                partial(_buys, p.color),
                "dummy",
                player=p.color,
            )
            buy_relic(t, p)


def dummy_choice(t: Table) -> Action:
    """The dummy's choice for the decision on top of ``t``'s stack: a bot
    plays the dummy's policy in any seat with it. It flips relics on ``t``,
    so give it a table of its own."""
    top = t.top()
    decision = top.decision(t)
    assert decision is not None
    actions, _ = dummy_actions(t, top, decision)
    return actions[0]
