"""One ladder: every bot on one rating scale, fitted from round robins.

>>> [rung.spec for rung in ladder().rungs]  # doctest: +SKIP
['random', 'dummy:', 'greedy', ...]
>>> level_spec(3)  # doctest: +SKIP
'greedy'

A **round robin** plays each pair of bots ``games`` two-player games
(:func:`~covil_nb.analysis.tournament.tournament`: the seats alternate, so
each holds the scepter as often). The **ratings** are the Bradley-Terry
model's fitted to every game (the chance that ``a`` beats ``b`` is
``1 / (1 + 10 ** ((b - a) / 400))``, Elo's scale; a shared victory counts
half to each), by Newton's method on the log-likelihood. A prior of
one virtual draw between each pair that met keeps a rating finite where a
bot won every game. ``random`` is the anchor, at 0: every other rating is
how far above it a bot plays, its **interval** (95%) from the fit's
curvature (the inverse Hessian of the log-likelihood). The **levels** are
the rungs from the weakest up, 1 the weakest: ``covil_nb.play(level=...)``
seats the level's bot.

The shipped ladder is ``analysis/data/ladder.json``, with how it was made;
the command that makes it::

    .venv/bin/python -m covil_nb.analysis.ladder --games 16 --workers 2 \\
        --record build/ladder --out covil_nb/analysis/data/ladder.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import re
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Final

from covil_nb.bots import make_bot
from covil_nb.model import CovilError
from covil_nb.model.language import tr
from covil_nb.model.native import PACKAGE

RULE: Final = "ladder"
PATH: Final = PACKAGE / "analysis" / "data" / "ladder.json"
ANCHOR: Final = "random"  # rated 0: the scale's origin
ELO: Final = 400 / math.log(10)  # Elo points per unit of the model's log-odds
Z95: Final = 1.959964
NUMBER: Final = tr("a number")
PRIOR_DRAWS: Final = 1.0  # virtual drawn games between each pair that met
# The bots of the shipped round robin, about weakest to strongest: every
# kind, the tree search at a few budgets (75 is its default for 2 players).
BOTS: Final = (
    "random",
    "dummy:",
    "greedy",
    "mcts",
    "ismcts:iterations=25",
    "ismcts",
    "ismcts:iterations=150",
)

Result = tuple[str, str, float]  # a game's two bots' specs, and the first's score: 1, 0.5 or 0


@dataclass(frozen=True)
class Rung:
    """A bot on the ladder: its spec, its rating (Elo, ``random`` at 0) with
    its 95% interval, and the games its rating was fitted from."""

    spec: str
    rating: float
    low: float
    high: float
    games: int


@dataclass(frozen=True)
class Ladder:
    """The rungs from the weakest up, and how they were made."""

    rungs: tuple[Rung, ...]
    made: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The ladder as its data file holds it (:func:`parse` reads it back)."""
        return {"made": self.made, "rungs": [asdict(r) for r in self.rungs]}

    def table(self) -> str:
        """The ladder as a text table, a level a row, under what its ratings mean."""
        pairs = self.made.get("games a pair", "some")
        rows = [
            f"Elo points above {ANCHOR} play, from {pairs} two-player games a pair;",
            "bots whose intervals overlap are not told apart.",
            f"{'level':>5}  {'bot':<22} {'rating':>6}  {'95% interval':>13}  games",
        ]
        for level, r in enumerate(self.rungs, 1):
            interval = f"{r.low:+.0f} to {r.high:+.0f}" if r.spec != ANCHOR else "anchor"
            rows.append(f"{level:>5}  {r.spec:<22} {r.rating:>+6.0f}  {interval:>13}  {r.games}")
        return "\n".join(rows)


def fit(games: Sequence[Result]) -> tuple[Rung, ...]:
    """The Bradley-Terry ratings of the bots in ``games``, :data:`ANCHOR`
    at 0, weakest first (see the module docstring)."""
    bots = sorted({spec for a, b, _ in games for spec in (a, b)})
    if ANCHOR not in bots:
        raise CovilError(tr("the ladder's anchor {anchor} played no game", anchor=ANCHOR), RULE)
    wins, meetings = _tally(games, bots)
    free = [b for b in bots if b != ANCHOR]  # the anchor's rating is fixed at 0
    theta = dict.fromkeys(bots, 0.0)
    for _ in range(100):
        gradient, hessian = _derivatives(theta, free, wins, meetings)
        step = _solve(hessian, gradient)
        for bot, delta in zip(free, step, strict=True):
            theta[bot] -= delta
        if max(map(abs, step), default=0.0) < 1e-10:
            break
    else:  # the prior makes the likelihood strictly concave: Newton's method converges
        raise AssertionError("the ladder's fit did not converge")
    _, hessian = _derivatives(theta, free, wins, meetings)
    covariance = _inverse([[-h for h in row] for row in hessian])
    errors = {bot: math.sqrt(covariance[i][i]) for i, bot in enumerate(free)}
    played = {b: sum(b in (x, y) for x, y, _ in games) for b in bots}
    rungs = [
        Rung(
            bot,
            round(ELO * theta[bot], 1),
            round(ELO * (theta[bot] - Z95 * errors.get(bot, 0.0)), 1),
            round(ELO * (theta[bot] + Z95 * errors.get(bot, 0.0)), 1),
            played[bot],
        )
        for bot in bots
    ]
    return tuple(sorted(rungs, key=lambda r: r.rating))


def _tally(
    games: Sequence[Result], bots: list[str]
) -> tuple[dict[tuple[str, str], float], dict[tuple[str, str], float]]:
    """Each ordered pair's score (of the first against the second) and each
    unordered pair's games, the virtual draws included."""
    wins: dict[tuple[str, str], float] = {}
    meetings: dict[tuple[str, str], float] = {}
    for a, b, score in games:
        if a == b or score not in (0.0, 0.5, 1.0):
            raise CovilError(
                tr(
                    "a ladder's game is two bots and a score of 1, 0.5 or 0: {game}",
                    game=(a, b, score),
                ),
                RULE,
            )
        wins[(a, b)] = wins.get((a, b), 0.0) + score
        wins[(b, a)] = wins.get((b, a), 0.0) + 1.0 - score
        pair = (min(a, b), max(a, b))
        meetings[pair] = meetings.get(pair, 0.0) + 1.0
    for x, y in combinations(bots, 2):
        if (x, y) in meetings:  # the prior: drawn games between bots that met
            meetings[(x, y)] += PRIOR_DRAWS
            wins[(x, y)] += PRIOR_DRAWS / 2
            wins[(y, x)] += PRIOR_DRAWS / 2
    return wins, meetings


def _derivatives(
    theta: dict[str, float],
    free: list[str],
    wins: dict[tuple[str, str], float],
    meetings: dict[tuple[str, str], float],
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and Hessian in the free ratings."""
    index = {bot: i for i, bot in enumerate(free)}
    gradient = [0.0] * len(free)
    hessian = [[0.0] * len(free) for _ in free]
    for (x, y), n in meetings.items():
        expected = 1 / (1 + math.exp(theta[y] - theta[x]))  # x's chance against y
        surprise = wins[(x, y)] - n * expected
        weight = n * expected * (1 - expected)
        for bot, sign in ((x, 1.0), (y, -1.0)):
            if bot in index:
                gradient[index[bot]] += sign * surprise
        for a in (x, y):
            for b in (x, y):
                if a in index and b in index:  # -weight on the diagonal, +weight off it
                    hessian[index[a]][index[b]] += -weight if a == b else weight
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector``, by Gauss-Jordan elimination."""
    inverse = _inverse(matrix)
    return [sum(m * v for m, v in zip(row, vector, strict=True)) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss-Jordan, partial pivoting)."""
    n = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise CovilError(tr("the ladder's games do not join every bot to the anchor"), RULE)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * p for v, p in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


# -- the shipped ladder --------------------------------------------------------------------

_LOADED: dict[str, Ladder] = {}  # the shipped ladder, once read


def ladder() -> Ladder:
    """The shipped ladder, read once."""
    if "shipped" not in _LOADED:
        _LOADED["shipped"] = read(PATH)
    return _LOADED["shipped"]


def level_spec(level: int) -> str:
    """The spec of the bot at ``level`` (1 the weakest) of the shipped ladder."""
    rungs = ladder().rungs
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= len(rungs):
        raise CovilError(
            tr(
                "level {level}: the ladder's levels are 1 (the weakest) to {top}",
                level=repr(level),
                top=len(rungs),
            ),
            RULE,
        )
    return rungs[level - 1].spec


def read(path: str | Path) -> Ladder:
    """The ladder in the file at ``path``, refused with the field that is wrong."""
    where = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CovilError(
            tr("{file}: not a readable ladder: {error}", file=where, error=str(error)), RULE
        ) from None
    return parse(data, where)


def parse(data: object, where: str = "ladder") -> Ladder:
    """A ladder from its JSON form (:meth:`Ladder.to_json`), validated."""
    if not isinstance(data, dict) or not isinstance(data.get("made"), dict):
        raise _wrong(where, tr("an object with made (how it was made) and rungs"))
    listed = data.get("rungs")
    if not isinstance(listed, list) or not listed:
        raise _wrong(f"{where}: rungs", tr("a list of the bots, the weakest first"))
    rungs = tuple(_rung(item, f"{where}: rungs[{i}]") for i, item in enumerate(listed))
    if [r.rating for r in rungs] != sorted(r.rating for r in rungs):
        raise _wrong(f"{where}: rungs", tr("the bots from the weakest up"))
    if len({r.spec for r in rungs}) != len(rungs):
        raise _wrong(f"{where}: rungs", tr("each bot once"))
    first = rungs[0]
    if (first.spec, first.rating, first.low, first.high) != (ANCHOR, 0, 0, 0):
        raise _wrong(f"{where}: rungs[0]", tr("the anchor {anchor}, at 0", anchor=ANCHOR))
    return Ladder(rungs, data["made"])


def _rung(item: object, where: str) -> Rung:
    """One rung of a ladder file, each field of its kind, its spec a bot."""
    wanted = {"spec": tr("text"), "rating": NUMBER, "low": NUMBER, "high": NUMBER}
    fields = {**wanted, "games": tr("a whole number")}
    if not isinstance(item, dict) or set(item) != set(fields):
        raise _wrong(where, tr("an object with {fields}", fields=", ".join(fields)))
    for name, said in fields.items():
        value = item[name]
        if name == "spec":
            fits = isinstance(value, str)
        else:  # a finite number; games a whole one
            whole = type(value) is int
            fits = (whole or (name != "games" and type(value) is float)) and math.isfinite(value)
        if not fits:
            raise _wrong(f"{where}.{name}", said)
    rung = Rung(**item)
    if rung.games < 0:
        raise _wrong(f"{where}.games", tr("a whole number"))
    if not rung.low <= rung.rating <= rung.high:
        raise _wrong(f"{where}", tr("a rating inside its interval"))
    try:
        make_bot(rung.spec)
    except CovilError as error:
        raise _wrong(f"{where}.spec", error.message) from None
    return rung


def _wrong(field: str, wanted: object) -> CovilError:
    """The refusal of a ladder file: the field, and what it must be."""
    return CovilError(
        tr("{field}: not a ladder: it must be {wanted}", field=field, wanted=wanted), RULE
    )


# -- the round robin -----------------------------------------------------------------------


def _check(bots: Sequence[str], games: int) -> None:
    """Refuse a round robin that could not make a ladder, before its games."""
    if ANCHOR not in bots or len(set(bots)) != len(bots) or games < 1:
        raise CovilError(
            tr(
                "a ladder's round robin is bots named once each, {anchor} among them, "
                "and at least a game a pair",
                anchor=ANCHOR,
            ),
            RULE,
        )
    for spec in bots:
        make_bot(spec)  # a bad spec refused now, in its own words


def round_robin(
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | None = None,
    record: Path | None = None,
) -> list[Result]:
    """``games`` two-player games between each pair of ``bots``, each
    pair's tournament in ``record/<pair>.csv`` (if given) as it goes."""
    # Tournaments need pandas (the ``tournaments`` extra): imported only here,
    # so that reading the ladder, as play(level=...) does, needs none.
    from covil_nb.analysis.tournament import tournament

    played: list[Result] = []
    for k, (a, b) in enumerate(combinations(bots, 2)):
        name = re.sub(r"[^\w-]", "_", f"{k:02d}-{a}-{b}")  # a spec's ":=," out of the file name
        file = record / f"{name}.csv" if record is not None else None
        results = tournament(
            {"yellow": a, "red": b}, games=games, seed=seed + 1000 * k, workers=workers, record=file
        )
        for game in results.games:
            scores = {s.bot: (0.5 if game.shared else 1.0) if s.won else 0.0 for s in game.seats}
            played.append((a, b, scores[a]))
    return played


def main(argv: list[str] | None = None) -> None:
    """The command line: a round robin, its ladder written and printed."""
    parser = argparse.ArgumentParser(description="Fit the bots' ladder from a round robin.")
    parser.add_argument("--bots", nargs="+", default=list(BOTS))
    parser.add_argument("--games", type=int, default=16, help="games a pair")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--record", type=Path, help="a directory for each pair's games (resumable)")
    parser.add_argument("--out", type=Path, default=PATH)
    args = parser.parse_args(argv)
    _check(args.bots, args.games)
    if args.record is not None:
        args.record.mkdir(parents=True, exist_ok=True)
    played = round_robin(args.bots, args.games, args.seed, args.workers, args.record)
    made = {
        "command": "python -m covil_nb.analysis.ladder "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "bots": args.bots,
        "games a pair": args.games,
        "seed": args.seed,
        "players": 2,
        "on": datetime.date.today().isoformat(),
    }
    found = Ladder(fit(played), made)
    args.out.write_text(json.dumps(found.to_json(), indent=1) + "\n", encoding="utf-8")
    print(found.table())


if __name__ == "__main__":
    main()
