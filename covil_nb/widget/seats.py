"""Who plays each seat of a board: a person at the screen, a bot, or the dummy.

The solo dummy is played by the rules engine itself, inside ``Game.apply``.
A bot is asked for its seat's decisions one at a time (:meth:`Seats.decide`),
always on that seat's view of the game, never on the real one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from covil_nb.bots import Bot, decide, make_bot
from covil_nb.model import Action, CovilError, Game
from covil_nb.model.language import tr
from covil_nb.model.words import color_name

from . import payloads

PERSON: Final = "person"
BOT: Final = "bot"
DUMMY: Final = "dummy"


@dataclass(frozen=True)
class Seat:
    color: str
    kind: payloads.SeatKind  # PERSON, BOT or DUMMY
    bot: str = ""  # the bot's name, for people to read

    def __str__(self) -> str:
        """ "red (greedy)", "red (dummy)", "red": said in the language of the moment."""
        color = color_name(self.color)
        if self.kind == BOT:
            return str(tr("{color} ({bot})", color=color, bot=self.bot))
        if self.kind == DUMMY:
            return str(tr("{color} (dummy)", color=color))
        return str(color)

    def to_json(self) -> payloads.Seat:
        return {"color": self.color, "kind": self.kind, "bot": self.bot, "label": str(self)}


class Seats:
    """The seats of one game, in seating order. ``bots`` maps a color to a
    bot spec (``"mcts"``, ``"greedy:limit=200"``, see
    :func:`covil_nb.bots.make_bot`) or to a bot; every other seat that is not
    a dummy is a person's."""

    def __init__(self, game: Game, bots: Mapping[str, str | Bot] | None = None) -> None:
        given = dict(bots or {})
        if not all(isinstance(c, str) for c in given):
            raise CovilError(tr("bots maps colors to bots, e.g. {'red': 'mcts'}"), "bots")
        unknown = sorted(set(given) - set(game.players))
        if unknown:
            raise CovilError(
                tr(
                    "no {unknown} player in this game: {players}",
                    unknown=repr(unknown[0]),
                    players=game.players,
                ),
                "bots",
            )
        dummies = sorted(set(given) & set(game.dummies))
        if dummies:
            raise CovilError(
                tr(
                    "{color} is a dummy: the solo rules play it, not a bot",
                    color=color_name(dummies[0]),
                ),
                "Solo mode",
            )
        self._bots: dict[str, Bot] = {}
        seats = []
        for index, color in enumerate(game.players):
            if color in game.dummies:
                seats.append(Seat(color, DUMMY))
            elif color in given:
                bot = _bot(given[color], game.seed + index)
                self._bots[color] = bot
                seats.append(Seat(color, BOT, getattr(bot, "name", type(bot).__name__)))
            else:
                seats.append(Seat(color, PERSON))
        self.seats = tuple(seats)
        # The worlds each bot is shown are dealt from the game's own seed, so a
        # board with the same seed and bots replays the same game.
        self._worlds = random.Random(game.seed)

    def __getitem__(self, color: str) -> Seat:
        return next(s for s in self.seats if s.color == color)

    def plays(self, game: Game) -> Seat | None:
        """The seat whose decision it is (None once the game is over)."""
        decision = game.decision
        return self[decision.player] if decision else None

    def people(self) -> list[str]:
        return [s.color for s in self.seats if s.kind == PERSON]

    def decide(self, game: Game) -> Action:
        """The bot's choice for the current decision, made on its seat's view."""
        seat = self.plays(game)
        if seat is None or seat.kind != BOT:
            raise CovilError(tr("no bot decides now"), "bots")
        return decide(self._bots[seat.color], game, self._worlds.getrandbits(63))

    def chance(self) -> Any:
        """Where the dealing of the bots' worlds stands, to put back with
        :meth:`restore_chance` (a board does when a message fails). A bot's
        own chance, inside the bot, is the bot's."""
        return self._worlds.getstate()

    def restore_chance(self, kept: Any) -> None:
        self._worlds.setstate(kept)

    def __str__(self) -> str:
        return " vs ".join(str(s) for s in self.seats)

    def to_json(self) -> list[payloads.Seat]:
        return [s.to_json() for s in self.seats]


def _bot(spec: str | Bot, seed: int) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seed=seed)
    if not callable(getattr(spec, "choose", None)):
        raise CovilError(
            tr("{spec} is not a bot: give a spec such as 'mcts', or a bot", spec=repr(spec)), "bots"
        )
    return spec
