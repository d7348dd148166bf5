"""2.3 Move this troop — how far a troop may go from where it stands.

Moving, retreating (combat outcome B) and the "move" instant effect all use
:func:`reach`, so movement Reinforcements apply the same way to each.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from .actions import Action, Refusal
from .language import Text, named, ntr, tr
from .table import Table
from .vocabulary import Stat
from .words import color_name

RULE: Final = "2.3 Move this troop"
# "With move-based abilities, you may move a troop up to 2 zones away": however
# many of them apply, and whatever they add, a troop goes 2 zones at most.
MAX_STEPS: Final = 2


def steps_from(t: Table, color: str, zone: str) -> int:
    """1, or 2 when a movement Reinforcement names a terrain of ``zone``."""
    terrains = t.board.zones[zone].terrains
    move = Stat.MOVE  # read once: an enumeration's member is slow to look up
    for minion in t.player(color).minions:
        for r in t.minion_card(minion.card).reinforcing[move]:
            if r.applies_in(terrains):
                return MAX_STEPS
    return 1


def reach(t: Table, color: str, zone: str) -> list[str]:
    """Zones a troop of ``color`` standing in ``zone`` may move to."""
    return t.board.within(zone, steps_from(t, color, zone))


def move_labels(troop: str) -> Callable[[Action], Text]:
    """The label of each move of ``troop`` a listing offers ("Move Y1 to
    zone B"), made only when read: a search lists thousands nobody reads."""
    return partial(_move_label, troop)


def _move_label(troop: str, move: Action) -> Text:
    return tr("Move {troop} to zone {zone}", troop=troop, zone=move.args[0])


def unreachable(t: Table, color: str, troop_id: str, zone: str, rule: str) -> Refusal | None:
    """Why the troop cannot go to ``zone`` from where it stands, if it cannot."""
    if zone not in t.board.zones:
        return Refusal(
            tr("there is no zone {zone} on {board}", zone=repr(zone), board=named(t.board.title)),
            rule,
        )
    troop = t.player(color).troop(troop_id)
    assert troop is not None and troop.zone is not None
    if zone in reach(t, color, troop.zone):
        return None
    if zone == troop.zone:
        return Refusal(tr("{troop} is in zone {zone} already", troop=troop_id, zone=zone), rule)
    said = {
        "zone": zone,
        "far": t.board.distance(troop.zone, zone),
        "origin": troop.zone,
        "troop": troop_id,
    }
    steps = steps_from(t, color, troop.zone)
    return Refusal(
        ntr(
            "zone {zone} is {far} zones from zone {origin}, and {troop} may move {count} zone "
            "from there",
            "zone {zone} is {far} zones from zone {origin}, and {troop} may move up to {count} "
            "zones from there",
            steps,
            **said,
        ),
        rule,
    )


def move_troop(
    t: Table, color: str, troop_id: str, zone: str, rule: str, kind: str = "move"
) -> None:
    """Put the troop in ``zone`` (its pose is left as it is) and say so;
    ``kind`` is "move" or "retreat"."""
    troop = t.player(color).troop(troop_id)
    assert troop is not None
    origin, troop.zone = troop.zone, zone
    said = {"color": color_name(color), "troop": troop_id, "origin": origin, "zone": zone}
    t.say(
        rule,
        lambda: (
            tr("{color}'s {troop} retreats from zone {origin} to zone {zone}.", **said)
            if kind == "retreat"
            else tr("{color}'s {troop} moves from zone {origin} to zone {zone}.", **said)
        ),
        kind,
        player=color,
        troop=troop_id,
        zone=zone,
    )
