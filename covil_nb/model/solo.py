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

from dataclasses import dataclass
from typing import Final

from .actions import Action, Decision
from .afternoon import TroopAction, Turn
from .combat import Combat, Retreat, guards, target_zone, targets
from .effects import buy_relic, can_buy_relic
from .movement import reach
from .state import Frame, Player
from .table import Table
from .vocabulary import DecisionKind, Stat, Verb, fortress_owner
from .words import and_list

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


def flip(t: Table, color: str, why: str) -> str | None:
    """Flip the top relic of the deck: its target terrain decides. The relic
    goes to the discard pile."""
    relic = t.top_relic()
    if relic is None:
        t.say(SOLO, f"{color} (dummy) would flip a relic {why}, but none are left.")
        return None
    t.state.relic_discard.append(relic)
    terrain = t.relic_card(relic).terrain
    t.say(
        SOLO,
        f"{color} (dummy) flips {t.name(relic)} {why}: {terrain}.",
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
    why: str


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
    step = f"priority {1 if style == Stat.MELEE else 2}, {style} attack with {attacker}"
    return Plan(attacker, Action(Verb.ATTACK, (target,)), minion, f"{step}{because}")


def _owner(t: Table, target: str) -> str:
    foe = fortress_owner(target)
    if foe is not None:
        return foe
    owner = t.state.owner_of(target)
    return owner.color if owner else ""


def _target_zone(t: Table, color: str, zones: list[str]) -> tuple[str, str]:
    """Target zone tie breakers: the enemy fortress zone; then a zone with
    enemy lying troops; then flip relics until an applicable zone appears.
    Returns the zone and why it was chosen (empty when it was the only one)."""
    if len(zones) == 1:
        return zones[0], ""
    foes = enemies(t, color)
    for prefer, name in (
        (lambda z: z in enemy_fortresses(t, color), "fortress"),
        (lambda z: any(not unit.standing for p in foes for unit in p.in_zone(z)), "lying"),
    ):
        preferred = [z for z in zones if prefer(z)]
        if len(preferred) == 1:
            where = "is an enemy fortress zone" if "fortress" in name else "has enemy troops lying"
            return preferred[0], f": of zones {and_list(zones)}, {preferred[0]} {where}"
        zones = preferred or zones
    for _ in range(len(t.cards.relics)):
        terrain = flip(t, color, "to break a tie between target zones")
        if terrain is None:
            break
        named = [z for z in zones if terrain in t.board.zones[z].terrains]
        if len(named) == 1:
            return named[0], f": the flipped relic shows {terrain}, the terrain of {named[0]}"
        zones = named or zones
    return zones[0], f": zones {and_list(zones)} stay tied, {zones[0]} comes first on the board"


def _target_in(t: Table, options: list[str]) -> str:
    """In the chosen zone: an unguarded fortress, else a lying troop, else a standing one."""

    def rank(target: str) -> tuple[int, str]:
        if fortress_owner(target) is not None:
            return (0, target)
        troop = t.state.troop(target)
        lying = troop is not None and not troop.standing
        return (1 if lying else 2, target)

    return min(options, key=rank)


def move_zone(t: Table, color: str, origin: str, why: str) -> tuple[str, str]:
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
    if to_fortress:
        return zone, f"no other zone is {terrain}, so it heads for {_fortresses(t, color)}: {zone}"
    best = [z for z in reachable if near(z) == near(zone)]
    tie = f"; of those, {zone} is nearest to {_fortresses(t, color)}" if len(best) > 1 else ""
    if near(zone) == 0:
        these = f"{and_list(best)} {'is a' if len(best) == 1 else 'are'} {terrain} zone"
        return zone, f"{these}{'' if len(best) == 1 else 's'} within reach of {origin}{tie}"
    return zone, (
        f"no zone within reach of {origin} is {terrain}, so it heads for the zone nearest "
        f"to one{tie or ': ' + zone}"
    )


def _fortresses(t: Table, color: str) -> str:
    owners = [p.color for p in enemies(t, color) if p.fortress]
    return f"{owners[0]}'s fortress" if len(owners) == 1 else "an enemy fortress"


def move_plan(t: Table, color: str, troop: str | None) -> Plan:
    player = t.player(color)
    mover = troop or min(unit.id for unit in player.on_board() if unit.standing)
    moving = player.troop(mover)
    assert moving is not None and moving.zone is not None
    zone, because = move_zone(t, color, moving.zone, "to choose where to move")
    return Plan(
        mover, Action(Verb.MOVE, (zone,)), None, f"priority 3, move with {mover}: {because}"
    )


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


def dummy_actions(t: Table, frame: Frame, decision: Decision) -> tuple[list[Action], str]:
    """The dummy's actions for this decision, in order, and why. A whole
    troop action comes at once (lie down, act, exhaust) so that the relics
    flipped for it are flipped once."""
    color, kind = decision.player, decision.kind
    legal = frame.legal(t)
    if kind == DecisionKind.START_ZONE:
        free = [a.args[0] for a in legal]
        return [Action(Verb.START, (start_zone(t, color, free),))], "its starting zone"
    if kind in (DecisionKind.TURN, DecisionKind.TROOP_ACTION):
        return _turn_actions(t, color, frame, legal)
    if kind == DecisionKind.ATTACK_MINION:
        assert isinstance(frame, Combat)
        style = frame.style(t)
        minion = strongest(t, t.player(color), style) or legal[0].args[0]
        return [Action(Verb.EXHAUST, (minion,))], f"its strongest ready {style} minion"
    if kind in (DecisionKind.DEFEND, DecisionKind.DEFEND_REBELS):
        assert isinstance(frame, Combat)
        guard = best_guard(t, t.player(color))
        if guard and frame.guard is None:
            why = "it always defends with its best defensive minion"
            return [Action(Verb.EXHAUST, (guard,))], why
        return [Action(Verb.PASS)], "it never activates relics"
    if kind == DecisionKind.RETREAT:
        assert isinstance(frame, Retreat)
        origin = t.player(color).troop(frame.troop)
        assert origin is not None and origin.zone is not None
        zone, because = move_zone(t, color, origin.zone, "to choose where to retreat")
        return [Action(Verb.RETREAT, (zone,))], f"a retreat goes where a move would: {because}"
    quiet = [a for a in legal if a.verb in _QUIET]
    return quiet[:1] or legal[:1], "it never uses relics, Commands or purchases"


_QUIET: Final = (Verb.PASS, Verb.SKIP, Verb.CANCEL, Verb.END)


def _turn_actions(
    t: Table, color: str, frame: Frame, legal: list[Action]
) -> tuple[list[Action], str]:
    if isinstance(frame, Turn) and not any(a.verb == Verb.LIE for a in legal):
        return [Action(Verb.END)], "its troop action is done (it never acquires)"
    troop = frame.troop if isinstance(frame, TroopAction) else None
    plan = plan_turn(t, color, troop)
    actions = [plan.action] if troop else [Action(Verb.LIE, (plan.troop,)), plan.action]
    if plan.minion:
        actions.append(Action(Verb.EXHAUST, (plan.minion,)))
    return actions, plan.why


def act(t: Table, frame: Frame, decision: Decision) -> None:
    """Make a dummy's decision: apply its actions through the frames' own rules."""
    actions, why = dummy_actions(t, frame, decision)
    shown = ", then ".join(str(a) for a in actions)
    t.say(
        SOLO,
        f"{decision.player} (dummy): {shown} — {why}.",
        "dummy",
        player=decision.player,
        actions=[str(a) for a in actions],
        reason=why,
    )
    for action in actions:
        top = t.state.stack[-1]
        assert action in top.legal(t), f"the dummy chose {action}, which is not legal"
        top.apply(t, action)


def buy_in_the_morning(t: Table) -> None:
    """Morning: if possible, each dummy spends 3 gold on a relic (kept face down)."""
    for p in t.state.turn_order():
        if t.state.is_dummy(p.color) and can_buy_relic(t, p):
            t.say(
                SOLO,
                f"{p.color} (dummy) buys a relic in the morning, as it always does with 3 gold.",
                "dummy",
                player=p.color,
            )
            buy_relic(t, p)


def dummy_choice(t: Table) -> Action:
    """The dummy's choice for the decision on top of ``t``'s stack: a bot
    plays the dummy's policy in any seat with it. It flips relics on ``t``,
    so give it a table of its own."""
    top = t.state.stack[-1]
    decision = top.decision(t)
    assert decision is not None
    actions, _ = dummy_actions(t, top, decision)
    return actions[0]
