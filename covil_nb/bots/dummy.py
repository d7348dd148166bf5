"""The rulebook's dummy player as a bot, for any seat of any game.

In a solo game the engine plays the dummy itself (``Game.solo``); this bot
lets the same priorities play a seat of an ordinary game: melee attack with
its strongest ready melee minion, else ranged, else move toward the terrain
of a flipped relic; it defends with its best defensive minion, never
acquires, never activates relics, never uses Commands. The relics it flips
are flipped in a copy of the position it is shown, so no deck is touched. It
does not buy a relic in the morning: an ordinary game asks no morning
decision.
"""

from __future__ import annotations

from covil_nb.model import Action, Game
from covil_nb.model.arguments import checked
from covil_nb.model.solo import dummy_choice
from covil_nb.model.table import Table


@checked("bots")
class DummyPolicyBot:
    name = "dummy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # its chance comes from the view's own relic deck

    def choose(self, game: Game) -> Action:
        return dummy_choice(Table(game.state, game.cards, game.board))
