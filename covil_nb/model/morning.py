"""Phase 1: Morning, and the starting zones (Setup I, on day 1).

The morning stands troops up and summons troops at the fortress up to the
day's number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from . import solo
from .actions import Action, Decision, Refusal
from .language import named, ntr, tr
from .state import Player, step
from .table import Frame, Table
from .vocabulary import DecisionKind, Phase, Verb
from .words import color_name

PHASE: Final = "Phase 1: Morning"
START: Final = "Setup I: Choose starting zones"
TROOPS_BY_DAY: Final = {1: 2, 2: 3, 3: 4, 4: 5}
STARTER_TROOPS: Final = 2


@dataclass(slots=True)
class StartZone(Frame):
    """In turn order, each player places their fortress and 2 starter troops
    on a spiral zone not yet taken."""

    player: str

    def decision(self, t: Table) -> Decision:
        return Decision(
            self.player, DecisionKind.START_ZONE, tr("choose a spiral zone for the fortress"), START
        )

    def legal(self, t: Table) -> list[Action]:
        return [
            Action(
                Verb.START,
                (z,),
                tr(
                    "Place the fortress and {count} troops in zone {zone}",
                    count=STARTER_TROOPS,
                    zone=z,
                ),
            )
            for z in free_spirals(t)
        ]

    def apply(self, t: Table, action: Action) -> None:
        zone = action.args[0]
        player = t.player(self.player)
        player.fortress = zone
        for troop in player.troops[:STARTER_TROOPS]:
            troop.zone, troop.standing = zone, True
        t.say(
            START,
            tr(
                "{color} places the fortress and {count} troops in zone {zone}.",
                color=color_name(self.player),
                count=STARTER_TROOPS,
                zone=zone,
            ),
            "start",
            player=self.player,
            zone=zone,
        )
        t.pop()

    def refusal(self, t: Table, action: Action) -> Refusal | None:
        if action.verb != Verb.START or not action.args:
            return None
        zone = action.args[0]
        if zone not in t.board.zones:
            return Refusal(
                tr(
                    "there is no zone {zone} on {board}",
                    zone=repr(zone),
                    board=named(t.board.title),
                ),
                START,
            )
        if zone not in t.board.spirals:
            spirals = ", ".join(t.board.spirals)
            return Refusal(
                tr(
                    "zone {zone} is not a spiral: fortresses start on {spirals}",
                    zone=zone,
                    spirals=spirals,
                ),
                START,
            )
        owners = [p.color for p in t.state.players if p.fortress == zone]
        if not owners:
            return None
        return Refusal(
            tr(
                "zone {zone} is taken: {color}'s fortress stands there",
                zone=zone,
                color=color_name(owners[0]),
            ),
            START,
        )


step(StartZone, "start-zone")


def free_spirals(t: Table) -> list[str]:
    taken = {p.fortress for p in t.state.players}
    return [z for z in t.board.spirals if z not in taken]


def run(t: Table) -> None:
    """The morning: starting zones first on day 1, then stand up and summon."""
    unplaced = [p for p in t.state.turn_order() if p.fortress is None]
    if unplaced:
        if len(unplaced) == len(t.state.players):
            t.say(
                PHASE,
                tr("Day 1: morning. First, each player in turn order chooses a starting zone."),
                "phase",
                day=1,
            )
        t.push(StartZone(unplaced[0].color))
        return
    if t.state.day > 1:
        t.pause_here()  # a board shows the night's end apart from the morning
        t.say(PHASE, tr("Day {day}: morning.", day=t.state.day), "phase", day=t.state.day)
    for player in t.state.turn_order():
        stand_up(t, player)
        summon(t, player)
    solo.buy_in_the_morning(t)
    t.state.phase = Phase.AFTERNOON


def stand_up(t: Table, player: Player) -> None:
    lying = [troop for troop in player.on_board() if not troop.standing]
    for troop in lying:
        troop.standing = True
    if lying:
        t.say(
            PHASE,
            ntr(
                "{color} stands up {count} troop.",
                "{color} stands up {count} troops.",
                len(lying),
                color=color_name(player.color),
            ),
            "stand",
            player=player.color,
        )


def summon(t: Table, player: Player) -> None:
    """Summon at the fortress zone (even a destroyed one) up to the day's number."""
    want = TROOPS_BY_DAY[t.state.day]
    supply = [troop for troop in player.troops if troop.zone is None]
    count = max(0, want - len(player.on_board()))
    for troop in supply[:count]:
        troop.zone, troop.standing = player.fortress, True
    if count:
        t.say(
            PHASE,
            ntr(
                "{color} summons {count} troop at the fortress in zone {zone} ({want} on the "
                "board on day {day}).",
                "{color} summons {count} troops at the fortress in zone {zone} ({want} on the "
                "board on day {day}).",
                count,
                color=color_name(player.color),
                zone=player.fortress,
                want=want,
                day=t.state.day,
            ),
            "summon",
            player=player.color,
            count=count,
        )
