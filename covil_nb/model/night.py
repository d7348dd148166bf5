"""Phase 3: Night — 3.1 discard active relics, 3.2 renew the mercenary pool,
3.3 collect the protection fee (dominance), 3.4 raid the town (rebels may
retaliate), 3.5 rest all minions once. Edition option ``night_order``: en
renews the pool before the fee, pt after it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .combat import REBEL_STRENGTH, Combat, damage_fortress
from .maps import TERRAINS
from .state import MAX_REBELS, Player, State
from .table import Table

PHASE = "Phase 3: Night"
DISCARD = "3.1 Discard all active Power Relics"
RENEW = "3.2 Renew the Mercenary Pool"
FEE = "3.3 Collect protection fee"
RAID = "3.4 Raid the town"
RETALIATE = "Rebels retaliate"
REST = "3.5 Rest all minions once"
POOL_SIZE = 6
FEE_GOLD = 2

STEPS = {
    "en": ("discard", "renew", "fee", "raid", "retaliate", "rest"),
    "pt": ("discard", "fee", "renew", "raid", "retaliate", "rest"),
}


def run(t: Table) -> None:
    """Run the night's steps in order; stop where a player must decide."""
    s = t.state
    steps = STEPS[t.rules.night_order]
    if s.night_step == 0:
        t.say(PHASE, f"Day {s.day}: night.", "phase", day=s.day)
    while s.night_step < len(steps):
        step = steps[s.night_step]
        if step == "retaliate":
            if retaliate(t):
                return  # a defender decides; come back here afterwards
        else:
            STEP_RULES[step](t)
        s.night_step += 1
    end_of_day(t)


def discard_relics(t: Table, why: str = "") -> None:
    """Every active relic goes to the discard pile; ``why`` explains a discard
    outside step 3.1."""
    for p in t.state.players:
        if p.active:
            t.state.relic_discard += p.active
            t.say(
                DISCARD,
                f"{p.color} discards {t.names(p.active)}{why or ' (active relics)'}.",
                "discard",
                player=p.color,
            )
            p.active = []


def renew_pool(t: Table) -> None:
    s = t.state
    s.minion_discard += s.pool
    s.pool = [s.mercenary_deck.pop() for _ in range(min(POOL_SIZE, len(s.mercenary_deck)))]
    names = ", ".join(t.name(c) for c in s.pool) or "nothing: the deck is empty"
    t.say(RENEW, f"The pool is renewed: {names}.", "pool")


# -- 3.3 dominance ---------------------------------------------------------------


def majority(state: State, zone: str) -> str | None:
    """The color with strictly more troops in the zone than each other
    player (fortresses and rebels do not count); None on a tie or no troops."""
    counts = Counter(p.color for p in state.players for _ in p.in_zone(zone))
    if not counts:
        return None
    (first, n), *rest = counts.most_common()
    return None if rest and rest[0][1] == n else first


@dataclass(frozen=True)
class Dominance:
    terrain: str
    majorities: dict[str, str | None]  # zone -> color with the majority
    winner: str | None

    def __str__(self) -> str:
        held = Counter(c for c in self.majorities.values() if c)
        tally = ", ".join(f"{c} {n}" for c, n in held.most_common()) or "no majorities"
        result = f"{self.winner} dominates" if self.winner else "no one dominates"
        return f"{self.terrain.capitalize()}: {tally} → {result}"


def dominance(state: State, zones: list[str], terrain: str) -> Dominance:
    """Dominance: strictly more majorities among the terrain's zones than
    every other player."""
    majorities = {z: majority(state, z) for z in zones}
    held = Counter(c for c in majorities.values() if c)
    ranking = held.most_common()
    winner = None
    if ranking and (len(ranking) == 1 or ranking[1][1] < ranking[0][1]):
        winner = ranking[0][0]
    return Dominance(terrain, majorities, winner)


def protection_fee(t: Table) -> None:
    for terrain in TERRAINS:
        result = dominance(t.state, t.board.zones_with(terrain), terrain)
        t.say(FEE, str(result) + ".", "dominance", terrain=terrain, winner=result.winner)
        if result.winner:
            t.gain_gold(t.player(result.winner), FEE_GOLD, FEE, f"for dominance over {terrain}")


# -- 3.4 the raid ----------------------------------------------------------------


def raid(t: Table) -> None:
    """A relic per own troop in town, a rebel per relic drawn (at most 5);
    with 5 rebels in town the retaliation queue is laid out."""
    s, town = t.state, t.board.town
    for p in s.turn_order():
        for _ in p.in_zone(town):
            if t.draw_relic(p, RAID, "for a troop raiding the town") and s.rebels < MAX_REBELS:
                s.rebels += 1
                t.say(RAID, f"A rebel joins the town ({s.rebels} there).", "rebel", rebels=s.rebels)
    if s.rebels == MAX_REBELS:
        t.say(RETALIATE, f"{MAX_REBELS} rebels in town: they retaliate!", "retaliate")
        s.retaliation = [tr.id for p in s.turn_order() for tr in p.in_zone(town)]
        s.retaliation += [
            f"fortress:{p.color}"
            for p in s.turn_order()
            if p.fortress is not None and not p.destroyed
        ]


def retaliate(t: Table) -> bool:
    """Work through the queue; True when a combat waits for a defender."""
    s = t.state
    while s.retaliation:
        target = s.retaliation.pop(0)
        if target.startswith("fortress:"):
            if rebel_fortress_attack(t, t.player(target.removeprefix("fortress:"))):
                return True
        elif (owner := s.owner_of(target)) and owner.troop(target).zone == t.board.town:  # type: ignore[union-attr]
            t.say(
                RETALIATE,
                f"The rebels attack {owner.color}'s {target} in town with strength "
                f"{REBEL_STRENGTH}.",
                "attack",
                target=target,
            )
            rebel_attack(t, target)
            return True
    if s.rebels == MAX_REBELS:
        s.rebels = 0
        t.say(RETALIATE, "All rebels leave the town.", "rebel", rebels=0)
    return False


def rebel_attack(t: Table, troop_id: str) -> None:
    combat = Combat(None, None, troop_id, stage="respond")
    combat.begin_response(t)
    # The troops in town when the rebels retaliate are the ones they attack: no
    # relic may move one still waiting for its attack out of their reach.
    combat.locked += [x for x in t.state.retaliation if not x.startswith("fortress:")]
    t.push(combat)


def rebel_fortress_attack(t: Table, owner: Player) -> bool:
    """Defended as an attack on one of its owner's troops in its zone (a
    standing one first, as it retreats rather than falls); else 3 in full."""
    if owner.destroyed or owner.fortress is None:
        return False
    guards = sorted(owner.in_zone(owner.fortress), key=lambda tr: (not tr.standing, tr.id))
    if not guards:
        t.say(
            RETALIATE,
            f"The rebels attack {owner.color}'s unguarded fortress with strength {REBEL_STRENGTH}.",
            "attack",
            target=f"fortress-{owner.color}",
        )
        damage_fortress(t, owner, REBEL_STRENGTH, None)
        return False
    t.say(
        RETALIATE,
        f"The rebels attack {owner.color}'s fortress with strength {REBEL_STRENGTH}; "
        f"{guards[0].id} defends it.",
        "attack",
        target=guards[0].id,
    )
    rebel_attack(t, guards[0].id)
    return True


def rest_minions(t: Table) -> None:
    for p in t.state.players:
        tired = [m for m in p.minions if not m.ready]
        for m in tired:
            t.rest(p, m, REST)


def end_of_day(t: Table) -> None:
    """The scepter passes clockwise; after the 4th night the game ends."""
    s = t.state
    s.night_step = 0
    # Step 3.1 came before the rebels' attack: a relic played against them
    # goes now, since "no Power Relic stays in play to the next day".
    discard_relics(t, ", played against the rebels: no relic stays in play into the next day")
    if s.day == 4:
        s.phase = "end"
        t.say("Final scoring", "The 4th night is over: the game ends.", "end")
        return
    s.scepter = (s.scepter + 1) % len(s.players)
    s.day += 1
    s.phase = "morning"
    t.say(
        PHASE,
        f"The Evil Scepter passes to {s.players[s.scepter].color}.",
        "scepter",
        player=s.players[s.scepter].color,
    )


STEP_RULES = {
    "discard": discard_relics,
    "renew": renew_pool,
    "fee": protection_fee,
    "raid": raid,
    "rest": rest_minions,
}
