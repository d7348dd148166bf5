"""Phase 3: Night, its five steps.

3.1 discard active relics, 3.2 renew the mercenary pool, 3.3 collect the
protection fee (dominance), 3.4 raid the town (rebels may retaliate), 3.5
rest all minions once. Edition option ``night_order``: en renews the pool
before the fee, pt after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from .actions import Event
from .combat import REBEL_STRENGTH, Combat, damage_fortress
from .language import Joined, Listed, Text, named, ntr, tr
from .maps import Board
from .state import Minion, Player, State
from .table import Table, change_said, rest_once
from .vocabulary import (
    DAYS,
    MAX_REBELS,
    POOL_SIZE,
    TERRAINS,
    CombatStage,
    NightOrder,
    Phase,
    fortress_owner,
    fortress_target,
)
from .words import color_name, terrain_name

PHASE: Final = "Phase 3: Night"
DISCARD: Final = "3.1 Discard all active Power Relics"
RENEW: Final = "3.2 Renew the Mercenary Pool"
FEE: Final = "3.3 Collect protection fee"
RAID: Final = "3.4 Raid the town"
RETALIATE: Final = "Rebels retaliate"
REST: Final = "3.5 Rest all minions once"
FEE_GOLD: Final = 2

STEPS: Final = {
    NightOrder.RENEW_THEN_FEE: ("discard", "renew", "fee", "raid", "retaliate", "rest"),
    NightOrder.FEE_THEN_RENEW: ("discard", "fee", "renew", "raid", "retaliate", "rest"),
}


def run(t: Table) -> None:
    """Run the night's steps in order; stop where a player must decide."""
    s = t.state
    steps = STEPS[t.rules.night_order]
    if s.night_step == 0:
        t.pause_here()  # a board shows the day's last action before the night
        t.say(PHASE, lambda: tr("Day {day}: night.", day=s.day), "phase", day=s.day)
    while s.night_step < len(steps):
        step = steps[s.night_step]
        if step == "retaliate":
            if retaliate(t):
                return  # a defender decides; come back here afterwards
        else:
            STEP_RULES[step](t)
        s.night_step += 1
        t.pause_here()
    end_of_day(t)


def step_done(state: State) -> str:
    """The rule of the night's step the state is after ("3.3 Collect
    protection fee"); the phase's own title before the first."""
    if state.night_step == 0:
        return PHASE
    return STEP_TITLES[STEPS[state.options.rules.night_order][state.night_step - 1]]


def caption(state: State) -> Text:
    """What a position between the night's steps says instead of a decision."""
    if state.phase == Phase.MORNING:  # the scepter has passed; the morning is next
        return tr("the night is over, and the rules play the morning: no one decides")
    step = step_done(state)
    if step == PHASE:
        return tr("night falls: the rules play its steps, and no one decides")
    return tr("the rules play the night: {step}, and no one decides", step=named(step))


def last_night(log: Sequence[Event], since: int = 0) -> list[Event]:
    """The events of the last night the ``log`` tells, from its first step
    on (and what followed it); none if no night began at ``since`` or later."""
    for at in range(len(log) - 1, since - 1, -1):
        if log[at].rule == PHASE and log[at].kind == "phase":
            return list(log[at:])
    return []


def summary(events: Sequence[Event], rebels: int) -> list[Text]:
    """A night in a few lines, from its events (see :func:`last_night`):
    what the fee paid, what the raid drew and how many rebels it left in
    town (``rebels`` if it added none), how the rebels' attacks ended."""
    fee: list[Text] = []
    terrain = ""
    drawn: dict[str, int] = {}
    for e in events:
        if e.kind == "dominance":  # its gold, if any, comes next
            terrain = e.data["terrain"]
        elif e.rule == FEE and e.kind == "gold":
            said = {"color": color_name(e.data["player"]), "terrain": terrain_name(terrain)}
            if e.data["amount"]:
                gold = e.data["amount"]
                fee.append(
                    ntr(
                        "{color} +{count} gold ({terrain})",
                        "{color} +{count} gold ({terrain})",
                        gold,
                        **said,
                    )
                )
            else:
                fee.append(tr("{color} no gold (treasury full) ({terrain})", **said))
        elif e.rule == RAID and e.kind == "draw":
            drawn[e.data["player"]] = drawn.get(e.data["player"], 0) + 1
        elif e.rule == RAID and e.kind == "rebel":  # before the rebels retaliate and leave
            rebels = e.data["rebels"]
    raid = [
        ntr("{color} +{count} relic", "{color} +{count} relics", n, color=color_name(c))
        for c, n in drawn.items()
    ]
    lines = [
        tr("Fee: {gains}.", gains=Joined(", ", fee))
        if fee
        else tr("Fee: no one dominates a terrain.")
    ]
    in_town = {"rebels": rebels, "most": MAX_REBELS}
    if raid:
        lines.append(
            tr(
                "Raid: {raids}; rebels {rebels}/{most} in town.",
                raids=Joined(", ", raid),
                **in_town,
            )
        )
    else:
        lines.append(tr("Raid: no troop in town; rebels {rebels}/{most} in town.", **in_town))
    fights = [e.sentence for e in events if e.kind == "combat" and e.phase == Phase.NIGHT]
    if fights:
        lines.append(tr("Rebels: {fights}", fights=Joined(" ", fights)))
    return lines


def discard_relics(t: Table, after_rebels: bool = False) -> None:
    """Every active relic goes to the discard pile: at step 3.1, or
    ``after_rebels`` (relics played against the rebels, after step 3.1)."""
    if not after_rebels and not any(p.active for p in t.state.players):
        t.say(DISCARD, lambda: tr("No relic is active: there is nothing to discard."), "discard")
    for p in t.state.players:
        if p.active:
            t.state.relic_discard += p.active
            t.say(DISCARD, partial(_discarded, t, p, after_rebels), "discard", player=p.color)
            p.active = []


def _discarded(t: Table, player: Player, after_rebels: bool) -> Text:
    said = {"color": color_name(player.color), "relics": Listed(map(t.called, player.active))}
    if after_rebels:
        return tr(
            "{color} discards {relics}, played against the rebels: no relic stays in "
            "play into the next day.",
            **said,
        )
    return tr("{color} discards {relics} (active relics).", **said)


def renew_pool(t: Table) -> None:
    s = t.state
    s.minion_discard += s.pool
    s.pool = [s.mercenary_deck.pop() for _ in range(min(POOL_SIZE, len(s.mercenary_deck)))]
    t.say(RENEW, lambda: _renewed(t), "pool")


def _renewed(t: Table) -> Text:
    if not t.state.pool:
        return tr("The pool is renewed: nothing: the deck is empty.")
    return tr("The pool is renewed: {minions}.", minions=Joined(", ", map(t.called, t.state.pool)))


# -- 3.3 dominance ---------------------------------------------------------------


def troop_counts(state: State) -> dict[str, dict[str, int]]:
    """Zone -> each color's troops there (standing or lying; fortresses and
    rebels do not count), colors in seating order."""
    counts: dict[str, dict[str, int]] = {}
    for p in state.players:
        for troop in p.troops:
            if troop.zone is not None:
                here = counts.setdefault(troop.zone, {})
                here[p.color] = here.get(p.color, 0) + 1
    return counts


def leaders(counts: dict[str, int]) -> tuple[str, ...]:
    """The colors with the most troops in a zone: one color holds the
    majority; several are tied; none, empty."""
    top = max(counts.values(), default=0)
    return tuple([color for color, n in counts.items() if n == top])


# A value, never changed once made, and not a frozen dataclass for Score's
# reason (a search reads the dominances of every position it scores).
@dataclass(slots=True)
class Dominance:
    """One terrain at the protection fee: who holds which zone, which zones
    are tied, and who dominates (strictly more majorities than every other)."""

    terrain: str
    majorities: dict[str, str | None]  # zone -> the color with the majority, if any
    ties: dict[str, tuple[str, ...]]  # zone -> the colors tied at the top
    winner: str | None

    def __init__(
        self,
        terrain: str,
        majorities: dict[str, str | None],
        ties: dict[str, tuple[str, ...]],
        winner: str | None,
    ) -> None:
        self.terrain = terrain
        self.majorities = majorities
        self.ties = ties
        self.winner = winner

    def held(self) -> list[tuple[str, int]]:
        """(color, majorities) by majorities, most first (ties in the order met)."""
        return sorted(_held(self.majorities).items(), key=lambda held: -held[1])

    def __str__(self) -> str:
        return str(self.said())

    def said(self) -> Text:
        terrain = terrain_name(self.terrain)
        return tr(
            "Dominance over {terrain}: {zones}. {verdict}.",
            terrain=terrain,
            zones=self._zones(),
            verdict=self._verdict(),
        )

    def _zones(self) -> Text:
        by_color: dict[str, list[str]] = {}
        for zone, color in self.majorities.items():
            if color:
                by_color.setdefault(color, []).append(zone)
        held = [
            ntr(
                "{color} has the majority in zone {zones}",
                "{color} has the majority in zones {zones}",
                len(zones),
                color=color_name(color),
                zones=Listed(zones),
            )
            for color, zones in by_color.items()
        ]
        tied = [
            tr(
                "{colors} are tied in zone {zone}, which counts for no one",
                colors=_colors(c),
                zone=z,
            )
            for z, c in self.ties.items()
        ]
        if not held and not tied:
            return tr("no troop is in any {terrain} zone", terrain=terrain_name(self.terrain))
        return Joined(
            "; ", [part for part in (Joined(", ", held), Joined(", ", tied)) if part.items]
        )

    def _verdict(self) -> Text:
        held = self.held()
        if not held:
            return tr("No one has a majority: no one gets gold")
        most = held[0][1]
        if self.winner:
            rivals = [tr("{color}'s {count}", color=color_name(c), count=n) for c, n in held[1:]]
            return ntr(
                "{color} dominates {terrain} with {count} majority against {rivals}",
                "{color} dominates {terrain} with {count} majorities against {rivals}",
                most,
                color=color_name(self.winner),
                terrain=terrain_name(self.terrain),
                rivals=Listed(rivals) if rivals else tr("none"),
            )
        top = [c for c, n in held if n == most]
        return ntr(
            "{colors} are tied with {count} majority each: no one gets gold",
            "{colors} are tied with {count} majorities each: no one gets gold",
            most,
            colors=_colors(top),
        )


def _colors(colors: Sequence[str]) -> Listed:
    return Listed([color_name(c) for c in colors])


def dominance(state: State, zones: list[str], terrain: str) -> Dominance:
    """Dominance: strictly more majorities among the terrain's zones than
    every other player."""
    counts = troop_counts(state)
    return _dominance(terrain, {z: leaders(counts.get(z, {})) for z in zones})


def dominances(state: State, board: Board) -> list[Dominance]:
    """Dominance over each terrain, in the order the fee is collected."""
    # The leaders of each zone with troops, found once: a zone may have two terrains.
    tops = {z: leaders(here) for z, here in troop_counts(state).items()}
    return [_dominance(t, {z: tops.get(z, ()) for z in board.zones_with(t)}) for t in TERRAINS]


def _dominance(terrain: str, tops: dict[str, tuple[str, ...]]) -> Dominance:
    """Dominance from the leaders of each of the terrain's zones."""
    majorities = {z: top[0] if len(top) == 1 else None for z, top in tops.items()}
    ties = {z: top for z, top in tops.items() if len(top) > 1}
    first = leaders(_held(majorities))
    return Dominance(terrain, majorities, ties, first[0] if len(first) == 1 else None)


def _held(majorities: dict[str, str | None]) -> dict[str, int]:
    """Each color's majorities among a terrain's zones, in the order met."""
    held: dict[str, int] = {}
    for color in majorities.values():
        if color:
            held[color] = held.get(color, 0) + 1
    return held


def protection_fee(t: Table) -> None:
    for result in dominances(t.state, t.board):
        terrain = result.terrain
        t.say(FEE, result.said, "dominance", terrain=terrain, winner=result.winner)
        if result.winner:
            why = tr("for dominance over {terrain}", terrain=terrain_name(terrain))
            t.gain_gold(t.player(result.winner), FEE_GOLD, FEE, why)


# -- 3.4 the raid ----------------------------------------------------------------


def raid(t: Table) -> None:
    """A relic per own troop in town, a rebel per relic drawn (at most 5);
    with 5 rebels in town the retaliation queue is laid out."""
    s, town = t.state, t.board.town
    if not t.state.troops_in(town):
        t.say(
            RAID,
            lambda: tr("No troop is in the town (zone {zone}): no one raids.", zone=town),
            "raid",
        )
    for p in s.turn_order():
        for _ in p.in_zone(town):
            if not t.draw_relic(p, RAID, tr("for a troop raiding the town")):
                continue
            if s.rebels < MAX_REBELS:
                s.rebels += 1
                t.say(RAID, partial(_joins, s.rebels), "rebel", rebels=s.rebels)
            else:
                t.say(
                    RAID,
                    lambda: tr("The town already holds all {most} rebels.", most=MAX_REBELS),
                    "rebel",
                    rebels=s.rebels,
                )
    if s.rebels == MAX_REBELS:
        t.say(
            RETALIATE,
            lambda: tr("{most} rebels in town: they retaliate!", most=MAX_REBELS),
            "retaliate",
        )
        s.retaliation = [troop.id for p in s.turn_order() for troop in p.in_zone(town)]
        s.retaliation += [
            fortress_target(p.color)
            for p in s.turn_order()
            if p.fortress is not None and not p.destroyed
        ]


def _joins(rebels: int) -> Text:
    return tr("A rebel joins the town ({rebels} there).", rebels=rebels)


def retaliate(t: Table) -> bool:
    """Work through the queue; True when a combat waits for a defender."""
    s = t.state
    while s.retaliation:
        target = s.retaliation.pop(0)
        foe = fortress_owner(target)
        if foe is not None:
            if rebel_fortress_attack(t, t.player(foe)):
                return True
        elif (owner := s.owner_of(target)) and _in_town(t, owner, target):
            t.say(RETALIATE, partial(_rebels_attack, owner, target), "attack", target=target)
            rebel_attack(t, target)
            return True
    if s.rebels == MAX_REBELS:
        s.rebels = 0
        t.say(RETALIATE, lambda: tr("All rebels leave the town."), "rebel", rebels=0)
    return False


def _rebels_attack(owner: Player, target: str | None, guard: str = "") -> Text:
    """The rebels' attack on ``owner``'s troop ``target`` in town, or (no
    target) on the fortress, unguarded or defended by ``guard``."""
    said = {"color": color_name(owner.color), "strength": REBEL_STRENGTH}
    if target is not None:
        return tr(
            "The rebels attack {color}'s {troop} in town with strength {strength}.",
            troop=target,
            **said,
        )
    if not guard:
        return tr(
            "The rebels attack {color}'s unguarded fortress with strength {strength}.", **said
        )
    return tr(
        "The rebels attack {color}'s fortress with strength {strength}; {troop} defends it.",
        troop=guard,
        **said,
    )


def _in_town(t: Table, owner: Player, troop_id: str) -> bool:
    troop = owner.troop(troop_id)
    return troop is not None and troop.zone == t.board.town


def rebel_attack(t: Table, troop_id: str) -> None:
    combat = Combat(None, None, troop_id, stage=CombatStage.RESPOND)
    combat.begin_response(t)
    # The troops in town when the rebels retaliate are the ones they attack: no
    # relic may move one still waiting for its attack out of their reach.
    combat.locked += [x for x in t.state.retaliation if fortress_owner(x) is None]
    t.push(combat)


def rebel_fortress_attack(t: Table, owner: Player) -> bool:
    """Defended as an attack on one of its owner's troops in its zone (a
    standing one first, as it retreats rather than falls); else 3 in full."""
    if owner.destroyed or owner.fortress is None:
        return False
    guards = sorted(owner.in_zone(owner.fortress), key=lambda troop: (not troop.standing, troop.id))
    if not guards:
        unguarded = fortress_target(owner.color)
        t.say(RETALIATE, lambda: _rebels_attack(owner, None), "attack", target=unguarded)
        damage_fortress(t, owner, REBEL_STRENGTH, None)
        return False
    guard = guards[0].id
    t.say(RETALIATE, lambda: _rebels_attack(owner, None, guard), "attack", target=guard)
    rebel_attack(t, guards[0].id)
    return True


def rest_minions(t: Table) -> None:
    for p in t.state.players:
        changes = [(m, rest_once(m)) for m in p.minions if not m.ready]
        t.say(REST, partial(_rested, t, p, changes), "rest", player=p.color)


def _rested(t: Table, player: Player, changes: list[tuple[Minion, str]]) -> Text:
    """What resting a player's minions changed: each one's state before and after."""
    color = color_name(player.color)
    if not changes:
        return tr("{color} has every minion ready already.", color=color)
    each = [
        tr("{minion} {change}", minion=t.called(m.card), change=change_said(before, m.state))
        for m, before in changes
    ]
    return tr("{color} rests {changes}.", color=color, changes=Joined(", ", each))


def end_of_day(t: Table) -> None:
    """The scepter passes clockwise; after the 4th night the game ends."""
    s = t.state
    s.night_step = 0
    # Step 3.1 came before the rebels' attack: a relic played against them
    # goes now, since "no Power Relic stays in play to the next day".
    discard_relics(t, after_rebels=True)
    if s.day == DAYS:
        s.phase = Phase.END
        t.say("Final scoring", lambda: tr("The 4th night is over: the game ends."), "end")
        return
    s.scepter = (s.scepter + 1) % len(s.players)
    holder = s.players[s.scepter].color
    t.say(
        PHASE,
        lambda: tr("The Evil Scepter passes to {color}.", color=color_name(holder)),
        "scepter",
        player=holder,
    )
    s.day += 1
    s.phase = Phase.MORNING


STEP_TITLES: Final = {
    "discard": DISCARD,
    "renew": RENEW,
    "fee": FEE,
    "raid": RAID,
    "retaliate": RETALIATE,
    "rest": REST,
}
STEP_RULES: Final = {
    "discard": discard_relics,
    "renew": renew_pool,
    "fee": protection_fee,
    "raid": raid,
    "rest": rest_minions,
}
