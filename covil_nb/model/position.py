"""A table read as its players read it: the seats, the day, the decision, the score.

:class:`Position` is the read-only half of a :class:`~covil_nb.model.game.Game`,
kept apart from how the game changes (actions, history, copies, saves), as
python-chess keeps ``BaseBoard`` apart from ``Board``. Nothing here changes the
table: what a reader may change (:attr:`Position.state`,
:meth:`Position.player`) is a copy.
"""

from __future__ import annotations

from . import night
from .actions import Action, Actions, Decision
from .afternoon import TroopAction
from .arguments import checked
from .cards import CardSet
from .combat import Combat, CombatView, Forecast, forecast
from .errors import CovilError, CovilTypeError, said
from .flow import Now, current, refuse
from .language import tr
from .maps import Board
from .render import text
from .scoring import Scores, VpNow, scores, vp_now, winners
from .state import Player, State
from .table import Table
from .vocabulary import DecisionKind, Phase, Verb
from .words import phase_name

OVER = Phase.END  # read after every action, looked up once (an enumeration's member is slow)


class Position:
    """A table at rest, read: see the module docstring. A :class:`Game`
    keeps its table in step with its history and remembers its decision;
    a Position alone reads the table it is given."""

    def __init__(self, table: Table) -> None:
        self.cards: CardSet = table.cards
        self.board: Board = table.board
        self._table = table
        # A moment inside the night (Game.moments): the rule of the step just
        # played, where no one decides; "" for a position in play.
        self._paused = ""

    @property
    def _state(self) -> State:
        """The state now (a game first plays again one left halfway)."""
        return self._table.state

    def _current(self) -> Now | None:
        """The decision waited for now; None once the game is over, or
        inside the night."""
        return None if self._paused else current(self._table)

    # -- the decision -----------------------------------------------------------------
    @property
    def paused(self) -> str:
        """Inside the night, between its steps (a moment of :meth:`moments`):
        the rule of the step just played; "" for a game in play."""
        return self._paused

    @property
    def decision(self) -> Decision | None:
        """Who decides now and what; None once the game is over."""
        now = self._current()
        return now.decision if now else None

    @property
    def decider(self) -> str | None:
        """Who decides now (``decision.player``); None once the game is over.
        With :attr:`decision_kind`, what a program asking this at every step
        (a bot's playouts) needs, without writing the decision's prompt."""
        now = self._current()
        return now.player if now else None

    @property
    def decision_kind(self) -> DecisionKind | None:
        """What kind of decision is waited for (``decision.kind``); None once
        the game is over. See :attr:`decider`."""
        now = self._current()
        return now.kind if now else None

    def legal_actions(self, free: bool = True) -> Actions:
        """Every action allowed now (empty only when the game is over).
        ``free=False`` leaves out the free actions of 2.2 (relics, Commands,
        buying a relic): the step's own choices, for a player who will take
        none of those now (a bot's quick playouts), listed faster."""
        now = self._current()
        if now is None:
            return Actions()
        return Actions(now.actions() if free else now.own_actions())

    def _match(self, now: Now | None, action: Action | str) -> Action:
        """The legal action that ``action`` names, or the error saying why none does."""
        if self._paused:
            raise CovilError(
                tr(
                    "this position is inside the night, after {paused}, where no one decides: it "
                    "is for looking at; play from Game.at(step)",
                    paused=self._paused,
                ),
                night.PHASE,
            )
        if now is not None and isinstance(action, Action) and now.listed(action):
            return action
        legal = now.actions() if now else []
        # An Action is looked for as it is, and read (its arguments checked)
        # only when it is not found: one listed in another copy of this
        # position (a search plays one on each of its copies) equals one
        # here, and reading it cost a search a hundredth of its time.
        wanted = action if isinstance(action, Action) else _parse(action)
        for a in legal:
            if a == wanted:
                return a
        raise refuse(self._table, now, _parse(wanted), legal)

    def explain(self, action: Action | str) -> str:
        """What ``action`` would do now (its label) or, when it is not allowed,
        why not, in the rule's words and naming the rule (a malformed
        notation too: what ``apply`` would raise, as text)."""
        found = self._matched(action)
        if isinstance(found, CovilError):
            return str(found)
        return found.label or str(found)

    def refusal(self, action: Action | str) -> CovilError | None:
        """The error playing ``action`` now would raise (what is wrong, in the
        rule's words, and the rule apart), or None when it is allowed."""
        found = self._matched(action)
        return found if isinstance(found, CovilError) else None

    def _matched(self, wanted: Action | str) -> Action | CovilError:
        """The legal action ``wanted`` names, or the error saying why none does."""
        try:
            return self._match(self._current(), wanted)
        except CovilError as refusal:
            return refusal

    def forecast(self, action: Action | str) -> Forecast | None:
        """What an attack offered now would meet, told before it is declared
        ("attack up to 4 against defense 2", see
        :class:`~covil_nb.model.combat.Forecast`); None for an action that
        is not an attack. An action not allowed now raises, as in :meth:`apply`."""
        now = self._current()
        chosen = self._match(now, action)
        if now is None or chosen.verb != Verb.ATTACK:
            return None
        # An attack is offered in a troop action and to a free attack's chosen troop.
        frame = now.frame
        assert isinstance(frame, TroopAction | Combat) and frame.troop is not None
        troop = self._table.player(now.player).troop(frame.troop)
        assert troop is not None
        return forecast(self._table, now.player, troop, chosen.args[0])

    @property
    def combat(self) -> CombatView | None:
        """The combat under way, with both strengths; None outside a combat."""
        for frame in reversed(self._state.stack):  # read first: a stale table is played again
            if isinstance(frame, Combat):
                return frame.view(self._table)
        return None

    # -- the state --------------------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the whole state: change it freely, the game is untouched."""
        return self._state.clone()

    def read_state(self) -> State:
        """The state itself, not a copy, for code that reads many positions
        and must not pay a copy for each (a bot's evaluation). Never change
        it: :attr:`state` is the copy to change."""
        return self._state

    @property
    def day(self) -> int:
        return self._state.day

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def is_over(self) -> bool:
        return self._state.phase == OVER

    @property
    def seed(self) -> int:
        """The seed the game was dealt with (picked afresh if none was given)."""
        return self._state.options.seed

    # -- the seats ----------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [p.color for p in self._state.players]

    @property
    def dummies(self) -> list[str]:
        """The seats a solo dummy plays: the engine makes their decisions."""
        return list(self._state.options.dummies)

    @checked("players")
    def player(self, color: str) -> Player:
        """A copy of one player's part of the state."""
        self._check_player(color)
        return self._state.player(color).clone()

    def _check_player(self, color: str) -> None:
        if color not in self.players:
            raise CovilError(
                tr(
                    "no {color} player in this game: {players}",
                    color=said(color),
                    players=self.players,
                ),
                "players",
            )

    # -- the score ----------------------------------------------------------------------
    def score(self) -> Scores:
        """Each player's VP by source, with the tie-break values."""
        return Scores(scores(self.cards, self._state), over=self.is_over)

    @checked("players")
    def vp_now(self, seat: str | None = None) -> list[VpNow]:
        """Each player's VP if the game were scored now, by source, as
        ``seat`` sees it: the hands hidden from it count their relics face
        down (see :func:`~covil_nb.model.scoring.vp_now`)."""
        if seat is not None:
            self._check_player(seat)
        return vp_now(self.cards, self._state, seat)

    @property
    def winners(self) -> list[str]:
        """The winner(s) by VP then tie breakers once the game is over (several
        share the victory); empty while it is still being played."""
        return winners(self.score()) if self.is_over else []

    # -- as text ------------------------------------------------------------------------
    def __str__(self) -> str:
        return text(self._state, self.cards, self.board, self.decision)

    def __repr__(self) -> str:
        now = (
            tr("over")
            if self.is_over
            else tr("day {day}, {phase}", day=self.day, phase=phase_name(self.phase))
        )
        players = "/".join(self.players)
        said = tr(
            "{players} on board {board}: {now}", players=players, board=self.board.name, now=now
        )
        return f"<{type(self).__name__} {said}>"


def _parse(action: object) -> Action:
    """The action ``action`` names: its notation read, or an Action whose
    verb and arguments are text (a hand-made one may hold anything)."""
    if isinstance(action, str):
        return Action.parse(action)
    if not isinstance(action, Action):
        said_as = tr(
            "an action is an Action or its notation, such as 'move D', not {action}",
            action=said(action),
        )
        if isinstance(action, int) and not isinstance(action, bool):
            said_as = tr(
                "{refusal} (the action listed as [{index}] is game.legal_actions()[{index}])",
                refusal=said_as,
                index=action,
            )
        raise CovilTypeError(said_as, "notation")
    verb, args = action.verb, action.args
    texts = type(args) is tuple and all(type(a) is str for a in args)
    if not isinstance(verb, str) or not texts:
        raise CovilTypeError(
            tr(
                "an Action's verb is text and its args a tuple of texts, not {verb} and {args}",
                verb=said(verb),
                args=said(args),
            ),
            "notation",
        )
    return action
