"""The game, one decision at a time.

>>> game = Game.new(players=["yellow", "red"], board="A", seed=7)
>>> game.decision.kind
'start-zone'
>>> events = game.apply("start H")

``legal_actions()`` lists every action allowed now; ``apply`` takes one (an
:class:`Action` or its notation) and returns the events it caused. Anything
refused raises :class:`CovilError` and leaves the game exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import codec, effects, setup
from .actions import Action, Decision, Event
from .cards import CardSet, load_cards
from .errors import CovilError
from .flow import Day, settle
from .invariants import problems
from .maps import BOARD_NAMES, Board, load_board
from .rng import seed_state
from .scoring import Score, scores, winners
from .state import COLORS, EDITIONS, Frame, Options, Player, Rules, State, clone
from .table import Table
from .views import resample

SAVE_FORMAT = "covil_nb/game"
SAVE_VERSION = 1


@dataclass(frozen=True)
class SetupStep:
    """One setup step (A to I), what it did, and the table after it."""

    letter: str
    title: str
    events: list[Event]
    game: Game

    def __str__(self) -> str:
        done = "\n".join(f"  {e.text}" for e in self.events)
        return f"Setup {self.letter}: {self.title}\n{done}\n\n{self.game}"


@dataclass
class Step:
    """One applied action, the state before it, and what it caused."""

    action: str
    before: State
    events: list[Event] = field(default_factory=list)


class Game:
    """A game of Covil: state, rules, history. See the module docstring."""

    def __init__(
        self,
        state: State,
        cards: CardSet,
        board: Board,
        *,
        origin: dict[str, Any],
        events: list[Event] | None = None,
        undo: bool = True,
    ) -> None:
        self._state = state
        self.cards = cards
        self.board = board
        self._origin = origin
        self._opening = list(events or [])
        self._history: list[Step] = []
        self._redo: list[str] = []
        self._undo = undo

    # -- making games -------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: list[str],
        board: str = "A",
        seed: int = 0,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> Game:
        """A new game after setup, waiting for the first starting zone.

        ``players`` are colors in seating order; the first holds the scepter.
        ``edition`` sets the edition options of RULINGS.md; ``rules`` may set
        them one by one instead. ``dummies`` are seats played by the solo
        mode's dummy (see :meth:`solo`)."""
        *_, last = cls.setup_steps(
            players, board, seed, edition, rules, cards, dummies, next_to_yours
        )
        return last.game

    @classmethod
    def solo(
        cls,
        player: str = "yellow",
        dummies: list[str] | tuple[str, ...] = ("red",),
        seed: int = 0,
        edition: str = "en",
        next_to_yours: bool = False,
        rules: Rules | None = None,
        cards: CardSet | None = None,
    ) -> Game:
        """Solo mode, "Evil prevails": you against the rulebook's dummy (or
        two dummies, which never attack each other) on the Desert town map.
        You hold the scepter; ``next_to_yours`` puts the dummy's fortress on
        the spiral nearest yours."""
        return cls.new(
            [player, *dummies],
            board="desert-town",
            seed=seed,
            edition=edition,
            rules=rules,
            cards=cards,
            dummies=dummies,
            next_to_yours=next_to_yours,
        )

    @classmethod
    def setup_steps(
        cls,
        players: list[str],
        board: str = "A",
        seed: int = 0,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> Iterator[SetupStep]:
        """Setup A to I one step at a time, each with a snapshot of the table
        after it; the last step's game is ``Game.new(...)`` with the same
        arguments, waiting for the first starting zone."""
        the_board, the_rules = _check_new(players, board, seed, edition, rules)
        _check_dummies(players, dummies, next_to_yours)
        the_cards = cards or load_cards()
        options = Options(
            board=board,
            seed=seed,
            edition=edition,
            rules=the_rules,
            cards="reference" if cards is None else "custom",
            dummies=list(dummies),
            next_to_yours=next_to_yours,
        )
        t = Table(setup.empty_state(options, seed_state(seed)), the_cards, the_board)
        origin = {
            "new": {
                "players": list(players),
                "board": board,
                "seed": seed,
                "edition": edition,
                "rules": codec.encode(the_rules),
                "dummies": list(dummies),
                "next_to_yours": next_to_yours,
            }
        }
        for letter, title, step in setup.STEPS:
            start = len(t.events)
            step(t, list(players))
            snapshot = cls(
                t.state.clone(), the_cards, the_board, origin=origin, events=list(t.events)
            )
            yield SetupStep(letter, title, t.events[start:], snapshot)
        start = len(t.events)
        t.push(Day())
        settle(t)
        game = cls(t.state, the_cards, the_board, origin=origin, events=t.events)
        yield SetupStep("I", "Choose starting zones", t.events[start:], game)

    @classmethod
    def from_position(cls, state: State, cards: CardSet | None = None) -> Game:
        """A game from any position (see :mod:`scenario`); it is checked first."""
        the_cards = cards or load_cards()
        board = _board(state.options.board)
        found = problems(state, the_cards, board)
        if found:
            raise CovilError("the position is not valid: " + "; ".join(found), "position")
        origin = {"position": codec.encode(state)}
        state = state.clone()
        t = Table(state, the_cards, board)
        settle(t)
        return cls(state, the_cards, board, origin=origin, events=t.events)

    # -- where we are ---------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """Who decides now and what; None once the game is over."""
        t = self._table()
        return self._state.stack[-1].decision(t) if self._state.stack else None

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (empty only when the game is over)."""
        if not self._state.stack:
            return []
        t = self._table()
        actions = self._state.stack[-1].legal(t)
        top, decider = self._state.stack[-1], self.decision
        if (
            decider
            and top.allows_relic_purchase
            and effects.can_buy_relic(t, t.player(decider.player))
        ):
            actions.append(Action("buy-relic", (), f"Buy a relic for {effects.RELIC_PRICE} gold"))
        return actions

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one legal action; return the events it caused."""
        chosen = self._match(action)
        if not self._undo:
            return self._apply_fast(chosen)
        before = self._state.clone()
        t = self._table()
        try:
            if chosen.verb == "buy-relic":
                effects.buy_relic(t, t.player(self.decision.player))  # type: ignore[union-attr]
            else:
                self._state.stack[-1].apply(t, chosen)
            settle(t)
        except BaseException:
            self._state = before  # whatever went wrong, the game is as it was
            raise
        self._history.append(Step(str(chosen), before, t.events))
        self._redo.clear()
        return t.events

    def _apply_fast(self, chosen: Action) -> list[Event]:
        """For search copies: no snapshot, no history. The action was checked
        legal, so only a bug could stop it halfway."""
        t = self._table()
        if chosen.verb == "buy-relic":
            effects.buy_relic(t, t.player(self.decision.player))  # type: ignore[union-attr]
        else:
            self._state.stack[-1].apply(t, chosen)
        settle(t)
        return t.events

    def _match(self, action: Action | str) -> Action:
        wanted = Action.parse(action) if isinstance(action, str) else action
        if not isinstance(wanted, Action):
            raise CovilError(f"{action!r} is not an action", "notation")
        legal = self.legal_actions()
        for a in legal:
            if a == wanted:
                return a
        raise self._refusal(wanted, legal)

    def _refusal(self, wanted: Action, legal: list[Action]) -> CovilError:
        d = self.decision
        if d is None:
            return CovilError(f"'{wanted}' cannot be played: the game is over", "Final scoring")
        same = [str(a) for a in legal if a.verb == wanted.verb]
        if same:
            why = f"allowed now: {', '.join(same)}"
        else:
            why = f"the actions allowed now are: {', '.join(sorted({a.verb for a in legal}))}"
        return CovilError(f"'{wanted}' is not allowed: {d.player} must {d.prompt}; {why}", d.rule)

    # -- copies for search and for one seat ------------------------------------------
    def copy(self, undo: bool = False) -> Game:
        """An independent game at this position, with no history. By default
        it keeps no undo snapshots either, which makes it fast for search."""
        return self._fork(self._state.clone(), undo)

    def for_seat(self, color: str, seed: int, undo: bool = False) -> Game:
        """A copy as ``color`` may know it: everything hidden from that seat
        (other hands, deck orders, unused cards, shuffles to come) is dealt
        anew from ``seed``. Bots decide on these, never on the real game."""
        if color not in self.players:
            raise CovilError(f"no {color!r} player in this game: {self.players}", "players")
        return self._fork(resample(self._state, self.cards, color, seed), undo)

    def _fork(self, state: State, undo: bool) -> Game:
        # Only a copy that keeps a record needs its starting position kept
        # apart; search copies (undo=False) refuse record() anyway.
        origin = {"position": state.clone()} if undo else {}
        return Game(state, self.cards, self.board, origin=origin, undo=undo)

    # -- time travel ---------------------------------------------------------------
    def undo(self) -> str:
        """Take back the last action; return its notation."""
        if not self._history:
            raise CovilError("there is nothing to undo", "undo")
        step = self._history.pop()
        self._state = step.before
        self._redo.append(step.action)
        return step.action

    def redo(self) -> list[Event]:
        if not self._redo:
            raise CovilError("there is nothing to redo", "redo")
        action = self._redo.pop()
        kept = list(self._redo)
        events = self.apply(action)
        self._redo = kept
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- records and saves -----------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The notation of every action applied, in order."""
        return [s.action for s in self._history]

    @property
    def log(self) -> list[Event]:
        """Every event since setup, in order."""
        return self._opening + [e for s in self._history for e in s.events]

    def record(self) -> dict[str, Any]:
        """Where the game began and the actions since: replays to this game."""
        if not self._undo:
            raise CovilError("a search copy keeps no record: copy(undo=True) keeps one", "record")
        origin = self._origin
        if isinstance(origin.get("position"), State):
            origin = {"position": codec.encode(origin["position"])}
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **origin, "actions": self.history}

    def to_json(self) -> str:
        data = {
            **self.record(),
            "redo": list(reversed(self._redo)),
            "state": codec.encode(self._state),
        }
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save (or a record): it is replayed through the rules, so a
        save file from a stranger can hold nothing the rules would refuse."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise CovilError(f"the save file is not valid JSON: {exc}", "save file") from None
        return cls.replay(data)

    @classmethod
    def replay(cls, record: Any) -> Game:
        if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
            raise CovilError(
                f"not a covil_nb game record (its 'format' must be {SAVE_FORMAT!r})", "save file"
            )
        if record.get("version") != SAVE_VERSION:
            raise CovilError(
                f"save version {record.get('version')!r} is not {SAVE_VERSION}", "save file"
            )
        game = cls._origin_game(record)
        actions = codec.decode(list[str], record.get("actions", []), "$.actions")
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except CovilError as exc:
                raise CovilError(
                    f"action #{i + 1} '{action}' of the save: {exc.message}", exc.rule
                ) from None
        if "state" in record:
            saved = codec.decode(State, record["state"], "$.state", Frame.registry)
            if saved != game._state:
                raise CovilError("the saved state does not match the replayed actions", "save file")
        game._redo = list(reversed(codec.decode(list[str], record.get("redo", []), "$.redo")))
        return game

    @classmethod
    def _origin_game(cls, record: dict[str, Any]) -> Game:
        if "new" in record:
            new = record["new"]
            if not isinstance(new, dict):
                raise CovilError("$.new must be an object", "save file")
            rules = codec.decode(Rules, new.get("rules", {}), "$.new.rules")
            try:
                return cls.new(
                    players=new.get("players"),
                    board=new.get("board"),  # type: ignore[arg-type]
                    seed=new.get("seed"),
                    edition=new.get("edition", "en"),  # type: ignore[arg-type]
                    rules=rules,
                    dummies=codec.decode(list[str], new.get("dummies", []), "$.new.dummies"),
                    next_to_yours=codec.decode(
                        bool, new.get("next_to_yours", False), "$.new.next_to_yours"
                    ),
                )
            except TypeError as exc:
                raise CovilError(f"$.new: {exc}", "save file") from None
        if "position" in record:
            state = codec.decode(State, record["position"], "$.position", Frame.registry)
            return cls.from_position(state)
        raise CovilError("a record needs a 'new' or a 'position' origin", "save file")

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and self._state == other._state
            and self.history == other.history
        )

    __hash__ = None  # type: ignore[assignment]

    # -- the state, read-only ----------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the whole state: change it freely, the game is untouched."""
        return self._state.clone()

    @property
    def day(self) -> int:
        return self._state.day

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def players(self) -> list[str]:
        return [p.color for p in self._state.players]

    def player(self, color: str) -> Player:
        """A copy of one player's part of the state."""
        try:
            return clone(self._state.player(color))
        except KeyError:
            raise CovilError(
                f"no {color!r} player in this game: {self.players}", "players"
            ) from None

    @property
    def is_over(self) -> bool:
        return self._state.phase == "end"

    def score(self) -> list[Score]:
        """Each player's VP by source, with the tie-break values."""
        return scores(self.cards, self._state)

    @property
    def winners(self) -> list[str]:
        """The winner(s) by VP then tie breakers; meaningful once the game is over."""
        return winners(self.score())

    def _table(self) -> Table:
        return Table(self._state, self.cards, self.board)

    def __str__(self) -> str:
        from .render import text

        return text(self)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"day {self.day}, {self.phase}"
        return f"<Game {'/'.join(self.players)} on board {self.board.name}: {state}>"


def _board(name: Any) -> Board:
    if name not in BOARD_NAMES:
        raise CovilError(
            f"unknown board {name!r}: choose one of {', '.join(BOARD_NAMES)}", "Setup A"
        )
    return load_board(name)


def _check_new(
    players: Any, board: Any, seed: Any, edition: Any, rules: Rules | None
) -> tuple[Board, Rules]:
    the_board = _board(board)
    if not isinstance(players, list | tuple) or not all(isinstance(c, str) for c in players):
        raise CovilError("players must be a list of colors", "Setup B")
    if len(set(players)) != len(players) or not set(players) <= set(COLORS):
        raise CovilError(
            f"players must be distinct colors among {', '.join(COLORS)}: got {players}", "Setup B"
        )
    if not the_board.min_players <= len(players) <= the_board.max_players:
        raise CovilError(
            f"{the_board.title} is for {the_board.min_players} to "
            f"{the_board.max_players} players, not {len(players)}",
            "Setup A",
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise CovilError(f"the seed must be a whole number, not {seed!r}", "chance")
    if edition not in EDITIONS:
        raise CovilError(f"edition must be one of {EDITIONS}, not {edition!r}", "Editions")
    the_rules = rules or Rules.of(edition)
    for name in ("afternoon_end", "defense_minion", "night_order"):
        if getattr(the_rules, name) not in EDITIONS:
            raise CovilError(f"rules option {name} must be one of {EDITIONS}", "Editions")
    return the_board, the_rules


def _check_dummies(players: list[str], dummies: Any, next_to_yours: Any) -> None:
    if not isinstance(dummies, list | tuple) or not set(dummies) <= set(players):
        raise CovilError(
            f"the dummies must be some of the players {players}, not {dummies!r}", "Solo mode"
        )
    if len(set(dummies)) == len(players):
        raise CovilError("a game needs at least one player who is not a dummy", "Solo mode")
    if not isinstance(next_to_yours, bool):
        raise CovilError("next_to_yours is true or false", "Solo mode")
