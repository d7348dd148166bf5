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
import os
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from . import codec, effects, setup
from .actions import Action, Actions, Decision, Event, Events, Refusal
from .cards import CardSet, load_cards, load_cards_data
from .combat import CombatView
from .errors import CovilError
from .flow import Day, settle
from .invariants import problems
from .maps import BOARD_NAMES, Board, load_board
from .rng import seed_state
from .scoring import Scores, scores, winners
from .state import COLORS, EDITIONS, Frame, Options, Player, Rules, State, clone
from .table import Table
from .views import resample

SAVE_FORMAT = "covil_nb/game"
SAVE_VERSION = 1
FRESH_SEEDS = 2**32  # a seed picked for the user is a plain 10-digit number at most


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
    """One applied action, the state before it, and what it caused. The
    snapshot is never changed once taken (undo restores a copy of it), so
    games branched with :meth:`Game.at` may share it."""

    action: str
    before: State
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True)
class Moment:
    """A position inside one step of the history: right after the chosen
    action, or after one automatic step of a solo dummy."""

    player: str  # who acted
    actions: tuple[str, ...]  # what they did, in notation
    reason: str  # why (a dummy's priority); empty for a player's own choice
    events: tuple[Event, ...]
    game: Game  # a copy at that moment, to look at or draw


class Game:
    """A game of Covil: state, rules, history. See the module docstring."""

    # The static picture (``_repr_svg_``) is drawn by the view layer, which
    # installs its drawing here when imported: the model never imports it.
    _picture: ClassVar[Callable[[Game], str] | None] = None

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
        seed: int | None = None,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> Game:
        """A new game after setup, waiting for the first starting zone.

        ``players`` are colors in seating order; the first holds the scepter.
        Without a ``seed`` a fresh one is picked and kept in the game's record
        (``game.seed``), so the game still replays exactly.
        ``edition`` sets the edition options of ``docs/rules.md``; ``rules`` may set
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
        seed: int | None = None,
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
        seed: int | None = None,
        edition: str = "en",
        rules: Rules | None = None,
        cards: CardSet | None = None,
        dummies: list[str] | tuple[str, ...] = (),
        next_to_yours: bool = False,
    ) -> Iterator[SetupStep]:
        """Setup A to I one step at a time, each with a snapshot of the table
        after it; the last step's game is ``Game.new(...)`` with the same
        arguments, waiting for the first starting zone."""
        if seed is None:
            seed = secrets.randbelow(FRESH_SEEDS)
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
        t.state.phase = "morning"
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

    def legal_actions(self) -> Actions:
        """Every action allowed now (empty only when the game is over)."""
        if not self._state.stack:
            return Actions()
        t = self._table()
        actions = Actions(self._state.stack[-1].legal(t))
        top, decider = self._state.stack[-1], self.decision
        if (
            decider
            and top.allows_relic_purchase
            and effects.can_buy_relic(t, t.player(decider.player))
        ):
            actions.append(Action("buy-relic", (), f"Buy a relic for {effects.RELIC_PRICE} gold"))
        return actions

    def apply(self, action: Action | str) -> Events:
        """Apply one legal action; return the events it caused."""
        chosen = self._match(action)
        t = self._table()
        if not self._undo:
            # A search copy: no snapshot, no history. The action was checked
            # legal, so only a bug could stop it halfway.
            return Events(_advance(t, chosen))
        before = self._state.clone()
        try:
            _advance(t, chosen)
        except BaseException:
            self._state = before  # whatever went wrong, the game is as it was
            raise
        self._history.append(Step(str(chosen), before, t.events))
        self._redo.clear()
        return Events(t.events)

    def _match(self, action: Action | str) -> Action:
        wanted = _parse(action)
        legal = self.legal_actions()
        for a in legal:
            if a == wanted:
                return a
        raise self._refusal(wanted, legal)

    def explain(self, action: Action | str) -> str:
        """What ``action`` would do now (its label) or, when it is not allowed,
        why not, in the rule's words and naming the rule."""
        wanted = _parse(action)
        legal = self.legal_actions()
        for a in legal:
            if a == wanted:
                return a.label or str(a)
        return str(self._refusal(wanted, legal))

    def _refusal(self, wanted: Action, legal: list[Action]) -> CovilError:
        d = self.decision
        if d is None:
            return CovilError(f"'{wanted}' cannot be played: the game is over", "Final scoring")
        same = [a for a in legal if a.verb == wanted.verb]
        if same and all(len(a.args) != len(wanted.args) for a in same):
            return CovilError(
                f"'{wanted}' is not written right: write it like '{same[0]}'", "notation"
            )
        top, t = self._state.stack[-1], self._table()
        if wanted.verb == "buy-relic":
            why = (
                effects.cannot_buy(t, t.player(d.player))
                if top.allows_relic_purchase
                else (
                    Refusal(
                        "pledged gold is not spent yet: buy a relic before acquiring, or cancel",
                        effects.BUY,
                    )
                )
            )
        else:
            why = top.refusal(t, wanted)
        if same:
            allowed = f"allowed now: {', '.join(str(a) for a in same)}"
        else:
            allowed = f"the actions allowed now are: {', '.join(sorted({a.verb for a in legal}))}"
        if why is not None:
            return CovilError(f"'{wanted}' is not allowed: {why.text} ({allowed})", why.rule)
        return CovilError(
            f"'{wanted}' is not allowed: {d.player} must {d.prompt}; {allowed}", d.rule
        )

    @property
    def combat(self) -> CombatView | None:
        """The combat under way, with both strengths; None outside a combat."""
        t = self._table()
        for frame in reversed(self._state.stack):
            if frame.kind == "combat":
                return frame.view(t)  # type: ignore[attr-defined]
        return None

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
        self._state = step.before.clone()  # the snapshot stays as it was taken
        self._redo.append(step.action)
        return step.action

    def redo(self) -> Events:
        if not self._redo:
            raise CovilError("there is nothing to redo", "redo")
        action = self._redo.pop()
        kept = list(self._redo)
        events = self.apply(action)
        self._redo = kept
        return events

    def at(self, step: int) -> Game:
        """An independent game as this one was after its first ``step``
        actions (0 to ``len(history)``): undo works in it, and its redo list
        holds the actions that followed, so it can step forward along this
        game's line, or branch off it ("what if") without touching this one."""
        step = self._step(step, len(self._history))
        state = self._history[step].before if step < len(self._history) else self._state
        game = Game(
            state.clone(),
            self.cards,
            self.board,
            origin=self._origin,
            events=self._opening,
            undo=self._undo,
        )
        game._history = self._history[:step]
        game._redo = self._redo + [s.action for s in reversed(self._history[step:])]
        return game

    def moments(self, step: int | None = None) -> list[Moment]:
        """The positions inside one step of the history (the last one by
        default): right after the chosen action, then after each automatic
        step of a solo dummy, so that a board can show them one at a time.
        The step is played again from its snapshot: chance is in the state,
        so it comes out the same."""
        if not self._history:
            raise CovilError("no action has been played yet", "history")
        index = self._step(len(self._history) - 1 if step is None else step, len(self._history) - 1)
        done = self._history[index]
        t = Table(done.before.clone(), self.cards, self.board)
        decider = t.state.stack[-1].decision(t)
        assert decider is not None
        cuts, states = [0], []

        def cut(_: Decision) -> None:
            cuts.append(len(t.events))
            states.append(t.state.clone())

        _advance(t, Action.parse(done.action), cut)
        cuts.append(len(t.events))
        states.append(t.state)
        moments = []
        for i, state in enumerate(states):
            events = tuple(t.events[cuts[i] : cuts[i + 1]])
            if i == 0:
                who = (decider.player, (done.action,), "")
            else:  # each later moment is one dummy step, which says what it did and why
                did = next(e.data for e in events if e.kind == "dummy")
                who = (did["player"], tuple(did["actions"]), did["reason"])
            moments.append(Moment(*who, events, self._fork(state, False)))
        return moments

    def _step(self, step: object, last: int) -> int:
        """``step`` checked as an index of the history, 0 to ``last``."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise CovilError(f"a step is a whole number, not {step!r}", "history")
        if not 0 <= step <= last:
            raise CovilError(f"step {step} is not in the history (0 to {last})", "history")
        return step

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
    def log(self) -> Events:
        """Every event since setup, in order."""
        return Events(self._opening + [e for s in self._history for e in s.events])

    def record(self) -> dict[str, Any]:
        """Where the game began and the actions since: replays to this game."""
        if not self._undo:
            raise CovilError("a search copy keeps no record: copy(undo=True) keeps one", "record")
        origin = self._origin
        if isinstance(origin.get("position"), State):
            origin = {"position": codec.encode(origin["position"])}
        record = {"format": SAVE_FORMAT, "version": SAVE_VERSION, **origin}
        if self._state.options.cards == "custom":
            record["cards"] = self.cards.data()  # the save carries the cards it was played with
        return {**record, "actions": self.history}

    def to_json(self) -> str:
        data = {
            **self.record(),
            "redo": list(reversed(self._redo)),
            "state": codec.encode(self._state),
        }
        return json.dumps(data, indent=1)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the save (:meth:`to_json`) to a file; return its path."""
        target = Path(path)
        target.write_text(self.to_json(), encoding="utf-8")
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """Read a save file written by :meth:`save` (see :meth:`from_json`)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CovilError(
                f"cannot read the save file {str(path)!r}: {exc}", "save file"
            ) from None
        return cls.from_json(text)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a save (or a record) from its text: it is replayed through the
        rules, so a save file from a stranger can hold nothing the rules would
        refuse. To read a file, use :meth:`load`."""
        if _looks_like_path(text):
            raise CovilError(
                f"from_json wants the text of a save, not a path: use Game.load({str(text)!r})",
                "save file",
            )
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
        cards = load_cards_data(record["cards"]) if "cards" in record else None
        if "new" in record:
            new = record["new"]
            if not isinstance(new, dict):
                raise CovilError("$.new must be an object", "save file")
            rules = codec.decode(Rules, new.get("rules", {}), "$.new.rules")
            try:
                return cls.new(
                    players=new.get("players"),
                    board=new.get("board"),  # type: ignore[arg-type]
                    seed=codec.decode(int, new.get("seed"), "$.new.seed"),
                    edition=new.get("edition", "en"),  # type: ignore[arg-type]
                    rules=rules,
                    cards=cards,
                    dummies=codec.decode(list[str], new.get("dummies", []), "$.new.dummies"),
                    next_to_yours=codec.decode(
                        bool, new.get("next_to_yours", False), "$.new.next_to_yours"
                    ),
                )
            except TypeError as exc:
                raise CovilError(f"$.new: {exc}", "save file") from None
        if "position" in record:
            state = codec.decode(State, record["position"], "$.position", Frame.registry)
            return cls.from_position(state, cards)
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

    @property
    def dummies(self) -> list[str]:
        """The seats a solo dummy plays: the engine makes their decisions."""
        return list(self._state.options.dummies)

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

    def score(self) -> Scores:
        """Each player's VP by source, with the tie-break values."""
        return Scores(scores(self.cards, self._state), over=self.is_over)

    @property
    def winners(self) -> list[str]:
        """The winner(s) by VP then tie breakers once the game is over (several
        share the victory); empty while it is still being played."""
        return winners(self.score()) if self.is_over else []

    @property
    def seed(self) -> int:
        """The seed the game was dealt with (picked afresh if none was given)."""
        return self._state.options.seed

    def _table(self) -> Table:
        return Table(self._state, self.cards, self.board)

    def __str__(self) -> str:
        from .render import text

        return text(self)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"day {self.day}, {self.phase}"
        return f"<Game {'/'.join(self.players)} on board {self.board.name}: {state}>"

    def _repr_svg_(self) -> str | None:
        """The table as a picture, in any notebook viewer (no widget needed)."""
        return Game._picture(self) if Game._picture else None


def _looks_like_path(text: object) -> bool:
    """A file name handed to ``from_json``, which wants the file's text."""
    if isinstance(text, os.PathLike):
        return True
    if not isinstance(text, str) or text.lstrip().startswith(("{", "[")):
        return False
    name = text.strip()
    return name.endswith(".json") or ("\n" not in name and len(name) < 1024 and Path(name).exists())


def _parse(action: Action | str) -> Action:
    wanted = Action.parse(action) if isinstance(action, str) else action
    if not isinstance(wanted, Action):
        raise CovilError(f"{action!r} is not an action", "notation")
    return wanted


def _advance(
    t: Table, chosen: Action, before_dummy: Callable[[Decision], None] | None = None
) -> list[Event]:
    """Play a legal action on the table, then every automatic step after it."""
    top = t.state.stack[-1]
    if chosen.verb == "buy-relic":
        decider = top.decision(t)
        assert decider is not None
        effects.buy_relic(t, t.player(decider.player))
    else:
        top.apply(t, chosen)
    settle(t, before_dummy)
    return t.events


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
