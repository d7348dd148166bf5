"""Tournaments: many seeded games between bots, and a table of how they did.

>>> results = tournament({"yellow": "random", "red": "random"}, games=4, workers=1)
>>> results.table()  # doctest: +SKIP
        games  wins  shared  first  win_rate  ci_low  ci_high  vp  fortress ...

- **Seeds**: game ``i`` is set up from seed ``seed + i``; the bots' seeds and
  the seed of the worlds they are shown are derived from it and the seat, so a
  game is the same whichever process plays it, and the same seeds give the same
  table on 1 worker or on N.
- **Fairness**: game ``i`` moves the bots ``i`` seats round the table (the seat
  colors stay in their seating order), so every bot holds the Evil Scepter
  (starts) equally often: a 2-player matchup alternates the first player. The
  boards, then the editions, change every ``len(seats)`` games, so that each
  board and edition is played with every rotation.
- **Workers**: games run through any :class:`concurrent.futures.Executor`: a
  local process pool by default, in this process when ``workers=1``, or an
  executor you pass (a thread pool, a Dask cluster's ``client.get_executor()``,
  ...). Only :func:`play_one` and its small picklable arguments and results
  travel to the workers.
- **A record**: ``record="file.csv"`` adds each game's rows (those of
  :meth:`Results.frame`) to the file as soon as the game ends, and plays
  only the games not in it yet: a tournament of hours, stopped halfway, goes
  on where it stopped, and the file then holds all of it. A file written by
  another tournament (other bots, seeds, boards) is refused, not mixed in.
  The file cannot tell which code played its games: after a change to a
  bot, start a new file.
- **The dummy**: the seat spec ``"dummy"`` always means a rulebook dummy seat:
  the game is then a solo game (``Game.solo``, on the desert-town map) whose
  dummy seats the engine plays by itself, and only the one other seat gets a
  bot. That seat always holds the scepter (the rulebook's solo setup); the
  rotation then only changes its color. The same priorities play a seat of an
  ordinary game as the bot ``make_bot("dummy")``: write ``"dummy:"`` (a spec
  with options, here none) to seat that bot in a tournament.

On the command line::

    python -m covil_nb.analysis.tournament --seats yellow=random,red=dummy --games 100
    python -m covil_nb.analysis.tournament --seats yellow=ismcts,red=greedy --games 400 \
        --record ismcts-vs-greedy.csv      # stop it any time; the same command goes on
"""

from __future__ import annotations

import argparse
import io
import math
import random
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from covil_nb.bots.base import Bot, make_bot, play
from covil_nb.model import CovilError, Game
from covil_nb.model.arguments import checked
from covil_nb.model.language import ntr, tr
from covil_nb.model.state import COLORS

# Tournaments keep their results in pandas' tables, and show a progress bar
# with tqdm: an extra of the package's, as the rules and the board need neither.
try:
    import pandas as pd
    from tqdm.auto import tqdm
except ImportError as missing:
    raise ImportError(
        f"covil_nb's tournaments need pandas and tqdm, and {missing.name} is not installed:"
        " pip install 'covil_nb[tournaments]'",
        name=missing.name,
    ) from missing

RULE = "tournament"
DUMMY = "dummy"
SOLO_BOARD = "desert-town"
DEFAULT_BOARD = "A"
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

SOURCES = ("fortress", "gold", "minions", "relics", "influence")


@dataclass(frozen=True)
class Matchup:
    """One game's seats: ``(color, bot spec)`` pairs in seating order (the first
    holds the scepter, except in a solo game), with the board and edition.
    ``board=None`` means board A, or the desert-town map when a seat is a
    rulebook ``"dummy"``."""

    seats: tuple[tuple[str, str], ...]
    board: str | None = None
    edition: str = "en"

    @classmethod
    @checked(RULE)
    def of(
        cls, seats: Mapping[str, str] | Sequence[str], board: str | None = None, edition: str = "en"
    ) -> Matchup:
        """From ``{"yellow": "mcts", "red": "random"}``, or from bot specs alone
        (``["mcts", "random"]``), which take the colors in their usual order."""
        if isinstance(seats, str):
            raise CovilError(
                tr("seats must be several bot specs, not the string {seats}", seats=repr(seats)),
                RULE,
            )
        if isinstance(seats, Mapping):
            return cls(tuple(seats.items()), board, edition)
        if len(seats) > len(COLORS):
            raise CovilError(
                tr("at most {count} seats, not {count2}", count=len(COLORS), count2=len(seats)),
                RULE,
            )
        return cls(tuple(zip(COLORS, seats, strict=False)), board, edition)

    def __post_init__(self) -> None:
        if len(self.seats) < 2:
            raise CovilError(
                tr("a game needs at least two seats, not {count}", count=len(self.seats)), RULE
            )
        for seat in self.seats:
            if len(seat) != 2 or not all(isinstance(x, str) and x for x in seat):
                raise CovilError(
                    tr("a seat is a (color, bot spec) pair, not {seat}", seat=repr(seat)), RULE
                )
        colors = self.colors
        if len(set(colors)) != len(colors) or not set(colors) <= set(COLORS):
            raise CovilError(
                tr("seat colors must be distinct among {colors}", colors=", ".join(COLORS)), RULE
            )
        if self.board is None:
            object.__setattr__(self, "board", self.default_board)
        if self.dummies and len(self.dummies) != len(self.seats) - 1:
            raise CovilError(
                tr("a game with dummy seats has exactly one seat played by a bot"), RULE
            )
        if self.dummies and self.board != SOLO_BOARD:
            raise CovilError(
                tr("dummy seats play solo games, on {solo_board} only", solo_board=SOLO_BOARD), RULE
            )

    @property
    def default_board(self) -> str:
        return SOLO_BOARD if self.dummies else DEFAULT_BOARD

    @property
    def colors(self) -> tuple[str, ...]:
        return tuple(color for color, _ in self.seats)

    @property
    def specs(self) -> tuple[str, ...]:
        return tuple(spec for _, spec in self.seats)

    @property
    def dummies(self) -> tuple[str, ...]:
        """The rulebook dummy seats (see the module docstring)."""
        return tuple(color for color, spec in self.seats if spec == DUMMY)

    def rotated(self, shift: int) -> Matchup:
        """The bots moved ``shift`` seats clockwise; the colors keep their seats."""
        specs, n = self.specs, len(self.seats)
        moved = tuple((c, specs[(j - shift) % n]) for j, c in enumerate(self.colors))
        return replace(self, seats=moved)


@dataclass(frozen=True)
class SeatResult:
    """How one seat ended: its VP by source (``influence`` is the part of
    ``minions`` + ``relics`` that Influence added, not a source of its own),
    whether it won, and its place (1 for the winner or winners)."""

    color: str
    bot: str
    total: int
    fortress: int
    gold: int
    minions: int
    relics: int
    influence: int
    won: bool
    place: int


@dataclass(frozen=True)
class GameResult:
    """One played game: its seats in seating order, who held the scepter
    first, whether the victory was shared, and its length."""

    seed: int
    board: str
    edition: str
    seats: tuple[SeatResult, ...]
    first: str
    shared: bool
    actions: int
    days: int

    def seat(self, color: str) -> SeatResult:
        return next(s for s in self.seats if s.color == color)


def derived_seed(seed: int, use: str) -> int:
    """A seed for one use of a game's seed (a seat's bot, the worlds), so that
    no two random streams are copies; seeding from a string is stable across
    processes, unlike ``hash``."""
    return random.Random(f"covil-tournament/{seed}/{use}").getrandbits(63)


def new_game(matchup: Matchup, seed: int) -> tuple[Game, dict[str, Bot]]:
    """The new game and a bot for every seat not played by the engine."""
    bots = {
        color: make_bot(spec, seed=derived_seed(seed, color))
        for color, spec in matchup.seats
        if spec != DUMMY
    }
    if not matchup.dummies:
        game = Game.new(list(matchup.colors), matchup.board, seed, matchup.edition)  # type: ignore[arg-type]
    else:
        (player,) = bots.keys()
        game = Game.solo(  # type: ignore[attr-defined]
            player=player, dummies=matchup.dummies, seed=seed, edition=matchup.edition
        )
    return game, bots


def play_one(matchup: Matchup, seed: int) -> GameResult:
    """Play one game to its end. A pure top-level function, so that any
    executor can run it in another process or on another machine."""
    game, bots = new_game(matchup, seed)
    state = game.state
    first = state.players[state.scepter].color
    play(game, bots, seed=derived_seed(seed, "worlds"))
    return _result(matchup, seed, game, first)


def _result(matchup: Matchup, seed: int, game: Game, first: str) -> GameResult:
    scores = {s.player: s for s in game.score()}
    ranks = [(s.total, s.tiebreak) for s in scores.values()]
    winners = set(game.winners)
    seats = []
    for color, spec in matchup.seats:
        s = scores[color]
        place = 1 + sum(r > (s.total, s.tiebreak) for r in ranks)
        sources = {name: getattr(s, name) for name in SOURCES}
        seats.append(SeatResult(color, spec, s.total, **sources, won=color in winners, place=place))
    return GameResult(
        seed=seed,
        board=game.board.name,
        edition=matchup.edition,
        seats=tuple(seats),
        first=first,
        shared=len(winners) > 1,
        actions=len(game.history),
        days=game.day,
    )


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); NaN without games."""
    if games == 0:
        return math.nan, math.nan
    p, z2 = wins / games, z * z
    scale = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / scale
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / scale
    # clamped: at 0 or all wins the bound is 0 or 1 up to rounding error
    return max(0.0, centre - half), min(1.0, centre + half)


_FRAME_COLUMNS = [
    "game",
    "seed",
    "board",
    "edition",
    "color",
    "bot",
    "first",
    "won",
    "shared",
    "place",
    "vp",
    *SOURCES,
    "actions",
    "days",
]


@dataclass(frozen=True)
class Results:
    """The games of a tournament, in game order, and tables made from them."""

    games: tuple[GameResult, ...]

    def frame(self) -> pd.DataFrame:
        """One row per seat of every game: the raw material of the tables."""
        rows = [row for i, g in enumerate(self.games) for row in _rows(i, g)]
        return pd.DataFrame(rows, columns=_FRAME_COLUMNS)

    @classmethod
    def from_frame(cls, frame: pd.DataFrame) -> Results:
        """The results back from :meth:`frame` (read from a CSV file, say), so
        that a tournament stored once gives its tables without being played again."""
        missing = [c for c in _FRAME_COLUMNS if c not in frame.columns]
        if missing:
            raise CovilError(
                tr("not a tournament frame: no column {missing}", missing=", ".join(missing)), RULE
            )
        empty = [c for c in _FRAME_COLUMNS if frame[c].isna().any()]
        if empty:
            raise CovilError(
                tr("not a tournament frame: empty cells in {empty}", empty=", ".join(empty)), RULE
            )
        tops: dict[int, dict] = {}  # each game's first row: what all its rows share
        seats: dict[int, list[SeatResult]] = {}
        first: dict[int, str] = {}
        shared: set[int] = set()
        for row in frame.to_dict("records"):  # one pass: a groupby is slow on a big frame
            game = int(row["game"])
            tops.setdefault(game, row)
            seats.setdefault(game, []).append(_seat_result(row))
            if bool(row["first"]):
                first[game] = str(row["color"])
            if bool(row["shared"]):
                shared.add(game)
        no_first = sorted(set(tops) - set(first))
        if no_first:
            raise CovilError(
                tr(
                    "not a tournament frame: no seat holds the scepter first in games {no_first}",
                    no_first=no_first,
                ),
                RULE,
            )
        return cls(
            tuple(
                GameResult(
                    seed=int(top["seed"]),
                    board=str(top["board"]),
                    edition=str(top["edition"]),
                    seats=tuple(seats[game]),
                    first=first[game],
                    shared=game in shared,
                    actions=int(top["actions"]),
                    days=int(top["days"]),
                )
                for game, top in sorted(tops.items())
            )
        )

    def table(self) -> pd.DataFrame:
        """Per bot spec: seats played (``games``), wins (a shared victory counts
        for each co-winner, and in ``shared`` too), games holding the scepter
        first, the win rate with its 95% Wilson interval, the average VP and
        VP by source, and the average game length in actions and days. A bot
        in two seats of a game counts twice."""
        by_bot = self.frame().groupby("bot", sort=False)
        table = by_bot.agg(
            games=("won", "size"),
            wins=("won", "sum"),
            shared=("shared", "sum"),
            first=("first", "sum"),
            **{name: (name, "mean") for name in ("vp", *SOURCES, "actions", "days")},
        )
        table.insert(4, "win_rate", table["wins"] / table["games"])
        bounds = [wilson(w, n) for w, n in zip(table["wins"], table["games"], strict=True)]
        table.insert(5, "ci_low", [low for low, _ in bounds])
        table.insert(6, "ci_high", [high for _, high in bounds])
        return table

    def head_to_head(self) -> pd.DataFrame:
        """Row bot against column bot: the share of their meetings (two seats
        of one game) in which the row finished ahead, a tie counting half."""
        meetings = [
            (a.bot, b.bot, _ahead(a.place, b.place))
            for g in self.games
            for a in g.seats
            for b in g.seats
            if a.bot != b.bot
        ]
        pairs = pd.DataFrame(meetings, columns=["bot", "opponent", "score"])
        versus = pairs.pivot_table(
            index="bot", columns="opponent", values="score", aggfunc="mean", sort=False
        )
        return versus.reindex(columns=versus.index)  # the same order both ways

    def summary(self) -> str:
        boards = ", ".join(dict.fromkeys(g.board for g in self.games))
        editions = ", ".join(dict.fromkeys(g.edition for g in self.games))
        said = ntr(
            "{count} game; boards {boards}; editions {editions}",
            "{count} games; boards {boards}; editions {editions}",
            len(self.games),
            boards=boards or "-",
            editions=editions or "-",
        )
        return str(said)

    def __str__(self) -> str:
        return f"{self.summary()}\n{self.table().to_string(float_format=_float)}"

    def _repr_html_(self) -> str:
        return f"<p>{self.summary()}</p>{self.table().to_html(float_format=_float)}"


def _rows(i: int, g: GameResult) -> list[dict[str, Any]]:
    """Game number ``i``'s rows of :meth:`Results.frame`, one per seat."""
    return [
        {
            "game": i,
            "seed": g.seed,
            "board": g.board,
            "edition": g.edition,
            "color": s.color,
            "bot": s.bot,
            "first": s.color == g.first,
            "won": s.won,
            "shared": s.won and g.shared,
            "place": s.place,
            "vp": s.total,
            **{name: getattr(s, name) for name in SOURCES},
            "actions": g.actions,
            "days": g.days,
        }
        for s in g.seats
    ]


def _float(x: float) -> str:
    return f"{x:.3f}"


def _ahead(place: int, other: int) -> float:
    return 1.0 if place < other else 0.5 if place == other else 0.0


# A tournament's size and its processes, within what one machine can run.
MOST_GAMES = 1_000_000
MOST_WORKERS = 256


def schedule(
    matchup: Matchup, games: int, boards: Sequence[str], editions: Sequence[str], seed: int
) -> list[tuple[Matchup, int]]:
    """Every game's matchup and seed: see the module docstring for the order."""
    n = len(matchup.seats)
    jobs = []
    for i in range(games):
        block = i // n
        board = boards[block % len(boards)]
        edition = editions[block // len(boards) % len(editions)]
        jobs.append((replace(matchup.rotated(i), board=board, edition=edition), seed + i))
    return jobs


@checked(RULE)
def tournament(
    seats: Mapping[str, str] | Sequence[str],
    games: int = 100,
    boards: str | Sequence[str] | None = None,
    editions: str | Sequence[str] = ("en",),
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    record: str | Path | None = None,
) -> Results:
    """Play ``games`` games between the bots of ``seats`` (see :meth:`Matchup.of`)
    and return their :class:`Results`.

    ``boards`` default to board A (the desert-town map for dummy seats).
    ``executor`` runs the games (it is not shut down); without one, ``workers``
    processes do (all CPUs by default), or this process when ``workers=1``.
    ``progress``: ``None`` shows a bar in notebooks and terminals only (never
    in CI logs or pipes), ``True`` always, ``False`` never. ``record``: a CSV
    file each game is added to as it ends, whose games are not played again
    (see the module docstring)."""
    base = Matchup.of(seats)
    boards = [boards] if isinstance(boards, str) else list(boards or [base.default_board])
    editions = [editions] if isinstance(editions, str) else list(editions)
    _check_options(games, editions, executor, workers)
    jobs = schedule(base, games, boards, editions, seed)
    for matchup, game_seed in {(m.board, m.edition): (m, s) for m, s in jobs}.values():
        new_game(matchup, game_seed)  # refuse a bad spec, board or edition here, not in a worker
    done = _recorded(Path(record), jobs) if record is not None else {}
    todo = {i: job for i, job in enumerate(jobs) if i not in done}
    quiet = None if progress is None else not progress
    with tqdm(total=len(todo), unit="game", disable=quiet) as bar:

        def finished(i: int, result: GameResult) -> None:
            done[i] = result
            if record is not None:
                _append(Path(record), i, result)
            bar.update()

        _play(todo, executor, workers, finished)
    return Results(tuple(done[i] for i in range(len(jobs))))


def _play(
    jobs: Mapping[int, tuple[Matchup, int]],
    executor: Executor | None,
    workers: int | None,
    finished: Callable[[int, GameResult], object],
) -> None:
    """Play the games ``jobs`` number, here, on ``executor`` or on a pool of
    ``workers``, handing each to ``finished`` as it ends."""
    if executor is None and workers == 1:
        for i, (m, s) in jobs.items():
            finished(i, play_one(m, s))
    elif executor is not None:
        _run(executor, jobs, finished)
    else:
        with ProcessPoolExecutor(workers) as pool:
            _run(pool, jobs, finished)


def _recorded(record: Path, jobs: list[tuple[Matchup, int]]) -> dict[int, GameResult]:
    """The games of ``record`` by number, each checked to be the game this
    tournament would play under that number; {} for a new or empty file.
    The file is opened for appending first: a path that cannot be written
    is refused now, not after the first game."""
    try:
        with record.open("a"):
            pass
    except OSError as exc:
        raise CovilError(
            tr("the record {record} cannot be written: {exc}", record=record, exc=exc), RULE
        ) from exc
    text = record.read_text(encoding="utf-8", errors="replace")
    if not text.strip():
        return {}
    if not text.endswith("\n"):
        raise CovilError(
            tr(
                "the record {record} ends in the middle of a line (a run stopped while writing "
                "it?): remove its last line, and that game is played again",
                record=record,
            ),
            RULE,
        )
    frame = _read_record(record, text)
    games = Results.from_frame(frame).games
    numbers = sorted(int(n) for n in frame["game"].unique())
    for i, game in zip(numbers, games, strict=True):
        if i >= len(jobs):
            raise CovilError(
                tr(
                    "the record {record} holds game {i}, more than this tournament's {count} "
                    "games: ask for {number} games at least, or give another file",
                    record=record,
                    i=i,
                    count=len(jobs),
                    number=i + 1,
                ),
                RULE,
            )
        if not _same_game(game, *jobs[i]):
            raise CovilError(
                tr(
                    "the record {record} holds a game {i} that this tournament would not play "
                    "(other bots, seats, seed, board or edition): give another file",
                    record=record,
                    i=i,
                ),
                RULE,
            )
    return dict(zip(numbers, games, strict=True))


def _read_record(record: Path, text: str) -> pd.DataFrame:
    """The rows of ``record`` (its ``text``), refused unless its columns are
    those of :meth:`Results.frame` in their order (new rows are written in it)."""
    wrong = f"the record {record} is not a tournament's CSV file"
    try:
        frame = pd.read_csv(io.StringIO(text))
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise CovilError(tr("{wrong}: {exc}", wrong=wrong, exc=exc), RULE) from exc
    if list(frame.columns) != _FRAME_COLUMNS:
        columns, expected = ", ".join(map(str, frame.columns)), ", ".join(_FRAME_COLUMNS)
        raise CovilError(
            tr(
                "{wrong}: its columns are {columns}, not {expected}",
                wrong=wrong,
                columns=columns,
                expected=expected,
            ),
            RULE,
        )
    games = frame["game"]
    if games.notna().all() and not pd.api.types.is_integer_dtype(games):
        raise CovilError(
            tr("{wrong}: its games are numbered with other than whole numbers", wrong=wrong), RULE
        )
    return frame


def _same_game(game: GameResult, matchup: Matchup, seed: int) -> bool:
    seats = tuple((s.color, s.bot) for s in game.seats)
    return (game.seed, game.board, game.edition, seats) == (
        seed,
        matchup.board,
        matchup.edition,
        matchup.seats,
    )


def _append(record: Path, i: int, result: GameResult) -> None:
    """Game ``i``'s rows at the end of ``record`` (the header first in a new
    file), in one write: a run stopped then leaves a game whole or not at all."""
    new = not record.exists() or record.stat().st_size == 0
    rows = pd.DataFrame(_rows(i, result), columns=_FRAME_COLUMNS)
    text = rows.to_csv(header=new, index=False, lineterminator="\n")
    with record.open("a", encoding="utf-8") as file:
        file.write(text)


def _check_options(
    games: int, editions: Sequence[str], executor: Executor | None, workers: int | None
) -> None:
    """The options' values (their types are checked by ``tournament``'s signature)."""
    if not 1 <= games <= MOST_GAMES:
        raise CovilError(
            tr(
                "games must be 1 to {most_games}, not {games}",
                most_games=f"{MOST_GAMES:,}",
                games=games,
            ),
            RULE,
        )
    if not editions:
        raise CovilError(tr("give at least one edition"), RULE)
    if workers is not None and not 1 <= workers <= MOST_WORKERS:
        raise CovilError(
            tr(
                "workers must be 1 to {most_workers}, not {workers}",
                most_workers=MOST_WORKERS,
                workers=workers,
            ),
            RULE,
        )
    if executor is not None and workers is not None:
        raise CovilError(tr("pass an executor or a number of workers, not both"), RULE)


def _run(
    executor: Executor,
    jobs: Mapping[int, tuple[Matchup, int]],
    finished: Callable[[int, GameResult], object],
) -> None:
    """Submit every game, and hand each to ``finished`` as it ends."""
    futures: dict[Future[GameResult], int] = {
        executor.submit(play_one, m, s): i for i, (m, s) in jobs.items()
    }
    try:
        for future in as_completed(futures):
            finished(futures[future], future.result())
    finally:
        for future in futures:  # after a failure, the games not started yet never will be
            future.cancel()


# -- command line ---------------------------------------------------------------------
_SEAT_BOUNDARY = re.compile(rf",\s*(?=(?:{'|'.join(COLORS)})\s*=)")


@checked(RULE)
def parse_seats(text: str) -> dict[str, str]:
    """``"yellow=mcts:playouts=200,width=4,red=dummy"`` to ``{"yellow": ..., "red":
    "dummy"}``: a comma starts a new seat only before ``color=``, so bot options
    keep theirs."""
    seats: dict[str, str] = {}
    for item in _SEAT_BOUNDARY.split(text.strip()):
        color, sep, spec = (part.strip() for part in item.partition("="))
        if not sep or not color or not spec:
            raise CovilError(
                tr("seat {item} must be written color=bot, e.g. yellow=random", item=repr(item)),
                RULE,
            )
        if color in seats:
            raise CovilError(tr("seat {color} is given twice", color=repr(color)), RULE)
        seats[color] = spec
    return seats


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="covil-tournament",
        description="Play seeded games between bots and print how each bot did.",
        epilog="A seat 'dummy' (e.g. --seats yellow=random,red=dummy) is a rulebook dummy: "
        "the games are then solo games on the desert-town map.",
    )
    parser.add_argument(
        "--seats",
        required=True,
        help="color=bot in seating order, comma-separated: yellow=random,red=dummy",
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (100)")
    parser.add_argument("--boards", type=_names, help="boards in turn: A,B (A; desert-town solo)")
    parser.add_argument("--editions", type=_names, default=["en"], help="editions in turn: en,pt")
    parser.add_argument("--seed", type=int, default=0, help="game i is set up from seed + i (0)")
    parser.add_argument("--workers", type=int, help="worker processes (all CPUs; 1: no pool)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="show a progress bar (default: only on a terminal)",
    )
    parser.add_argument(
        "--record", help="a CSV file each game is added to as it ends; its games are not replayed"
    )
    parser.add_argument("--head-to-head", action="store_true", help="also print head to head")
    return parser


def _seat_result(row: Mapping[Hashable, Any]) -> SeatResult:
    """One seat's result from a row of :meth:`Results.frame`."""
    return SeatResult(
        str(row["color"]),
        str(row["bot"]),
        int(row["vp"]),
        **{name: int(row[name]) for name in SOURCES},
        won=bool(row["won"]),
        place=int(row["place"]),
    )


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        results = tournament(
            parse_seats(args.seats),
            games=args.games,
            boards=args.boards,
            editions=args.editions,
            seed=args.seed,
            workers=args.workers,
            progress=args.progress,
            record=args.record,
        )
    except CovilError as exc:
        parser.error(str(exc))
    print(results)
    versus = results.head_to_head()
    if args.head_to_head and not versus.empty:
        print(f"\nhead to head (row ahead of column)\n{versus.to_string(float_format=_float)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
