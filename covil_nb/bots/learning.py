"""How the outlook, the learned evaluation (:mod:`.outlook`), is made and measured.

    .venv/bin/python -m covil_nb.bots.learning --games 500 --workers 2

Greedy bots play every seat of self-play games (2, 3 and 4 players, the
default setup, seeded); each of their decisions is, one time in
:data:`EXPLORE`, the rule of thumb's instead, so that the positions are not
all the ones greedy play reaches. At the start of each day after the first,
every player's :data:`~covil_nb.bots.evaluation.FEATURES` are kept with the
final scores the game came to. For each number of players and day, a
least-squares fit (a little ridge: :data:`RIDGE` times the rows) gives the weights that
foresee a player's final score from its features. Every
:data:`HELD_OUT`-th game is held out of the fit: how well the fitted
outlook, and the hand-tuned evaluation, foresee the final margin (a
player's score less the best rival's) on those games is the R² the file
records, day by day. The games run on any ``concurrent.futures.Executor``
(``--workers`` processes; Dask's ``client.get_executor()`` from Python:
``make(seeds, players, executor)``); the same seeds make the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from covil_nb.model import Game
from covil_nb.model.vocabulary import DAYS

from .base import decide
from .evaluation import FEATURES, ahead_of_rivals, evaluate_all, features
from .greedy import GreedyBot
from .outlook import FIRST_DAY, PATH, PLAYERS, Model, Outlook
from .planning import rule_of_thumb

COLORS = ("yellow", "red", "blue", "green")
EXPLORE = 0.1  # the share of decisions made by the rule of thumb instead of greedy
HELD_OUT = 5  # every fifth game (by seed) is held out of the fit, to measure it
RIDGE = 1e-3  # per row: keeps the fit solvable where a feature never varies


@dataclass(frozen=True)
class DayStart:
    """A self-play game's position at the start of a day: every player's
    features and hand-tuned evaluation then, and its final score."""

    seed: int
    players: int
    day: int
    features: dict[str, tuple[float, ...]]
    hand: dict[str, float]
    final: dict[str, float]


def self_play(seed: int, players: int) -> list[DayStart]:
    """The day starts of one self-play game (see the module docstring)."""
    game = Game.new(list(COLORS[:players]), seed=seed)
    dice = random.Random(f"covil-outlook {seed} {players}")
    bots = {color: GreedyBot(dice.getrandbits(32)) for color in game.players}
    seen: list[tuple[int, dict[str, tuple[float, ...]], dict[str, float]]] = []
    day = game.day
    while not game.is_over:
        seat = game.decider
        assert seat is not None
        if dice.random() < EXPLORE and len(game.legal_actions()) > 1:
            action = rule_of_thumb(game, dice)
        else:
            action = decide(bots[seat], game, dice.getrandbits(63))
        game.apply(action)
        if game.day != day and not game.is_over:
            day = game.day
            hand = {color: e.total for color, e in evaluate_all(game).items()}
            seen.append((day, features(game), hand))
    final = {s.player: float(s.total) for s in game.score()}
    return [DayStart(seed, players, d, f, h, final) for d, f, h in seen]


def make(
    seeds: Sequence[int], players: Sequence[int], executor: Executor | None = None
) -> list[DayStart]:
    """The day starts of a game for each seed and number of players, in that order."""
    jobs = [(seed, n) for n in players for seed in seeds]
    if executor is None:
        found: Iterable[list[DayStart]] = (self_play(seed, n) for seed, n in jobs)
    else:
        found = executor.map(self_play, *zip(*jobs, strict=True))
    return [start for game in found for start in game]


def fit(starts: Sequence[DayStart], made: dict[str, Any]) -> Outlook:
    """The outlook fitted to ``starts``, one model for each number of players and day."""
    models: dict[tuple[int, int], Model] = {}
    for players in PLAYERS:
        for day in range(FIRST_DAY, DAYS + 1):
            rows = [
                (values, start.final[color])
                for start in starts
                if (start.players, start.day) == (players, day)
                for color, values in start.features.items()
            ]
            models[(players, day)] = least_squares(rows)
    return Outlook(models, made)


def least_squares(rows: Sequence[tuple[Sequence[float], float]]) -> Model:
    """The weights and constant that foresee each row's value from its
    features best in the mean square, with :data:`RIDGE` on the weights
    (none given: every weight 0 and a constant 0)."""
    width = len(FEATURES)
    if not rows:
        return (0.0,) * width, 0.0
    # The normal equations, with the constant as a last feature of 1.
    size = width + 1
    gram = [[0.0] * size for _ in range(size)]
    moment = [0.0] * size
    for values, target in rows:
        x = [*values, 1.0]
        for i in range(size):
            moment[i] += x[i] * target
            for j in range(size):
                gram[i][j] += x[i] * x[j]
    for i in range(width):
        gram[i][i] += RIDGE * len(rows)
    solution = _solve(gram, moment)
    return tuple(solution[:width]), solution[width]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for i in reversed(range(n)):
        known = sum(rows[i][j] * x[j] for j in range(i + 1, n))
        x[i] = (rows[i][n] - known) / rows[i][i]
    return x


Foreseen = Callable[[DayStart], dict[str, float]]


def r_squared(starts: Sequence[DayStart], foreseen: Foreseen) -> dict[str, dict[str, float]]:
    """How much of the final margins' spread ``foreseen`` (each player's
    score foreseen from a day start) explains, by number of players and day:
    1 - (the squared errors of the margins foreseen) / (their spread)."""
    by_key: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for start in starts:
        scores = foreseen(start)
        for color in start.final:
            actual = ahead_of_rivals(dict(start.final), color)
            guessed = ahead_of_rivals(dict(scores), color)
            by_key.setdefault((start.players, start.day), []).append((actual, guessed))
    found: dict[str, dict[str, float]] = {}
    for (players, day), pairs in sorted(by_key.items()):
        found.setdefault(str(players), {})[str(day)] = round(explained(pairs), 3)
    return found


def explained(pairs: Sequence[tuple[float, float]]) -> float:
    """The R² of ``(actual, guessed)`` pairs: 1 - (the squared errors of the
    guesses) / (the actual values' spread); below 0, worse than guessing
    their mean; nan where every actual value is alike."""
    average = sum(a for a, _ in pairs) / len(pairs)
    spread = sum((a - average) ** 2 for a, _ in pairs)
    missed = sum((a - g) ** 2 for a, g in pairs)
    return 1 - missed / spread if spread else math.nan


def learned(outlook: Outlook) -> Foreseen:
    """The scores ``outlook`` foresees from a day start's features."""

    def foreseen(start: DayStart) -> dict[str, float]:
        return {
            color: outlook.score(start.players, start.day, values)
            for color, values in start.features.items()
        }

    return foreseen


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games for each number of players")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=PATH)
    args = parser.parse_args(argv)
    if args.games < 2 * HELD_OUT:  # a fit and a held-out game at least
        parser.error(f"--games must be {2 * HELD_OUT} or more, not {args.games}")
    seeds = range(args.first_seed, args.first_seed + args.games)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        starts = make(list(seeds), PLAYERS, pool)
    seconds = time.perf_counter() - start
    train = [s for s in starts if s.seed % HELD_OUT]
    test = [s for s in starts if not s.seed % HELD_OUT]
    made = {
        "command": "python -m covil_nb.bots.learning "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "games": f"seeds {seeds.start} to {seeds.stop - 1} for each of {list(PLAYERS)} players",
        "play": f"greedy bots, one decision in {round(1 / EXPLORE)} by the rule of thumb",
        "fitted on": f"seeds not a multiple of {HELD_OUT}: {len(train)} day starts",
        "held out": f"seeds a multiple of {HELD_OUT}: {len(test)} day starts",
        "ridge": RIDGE,
    }
    outlook = fit(train, made)
    made["R² of the final margin, held out"] = {
        "learned": r_squared(test, learned(outlook)),
        "hand-tuned": r_squared(test, lambda start: dict(start.hand)),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(outlook.to_json(), indent=1, ensure_ascii=False) + "\n")
    print(json.dumps(made, indent=1, ensure_ascii=False))
    print(f"{len(starts)} day starts from {len(seeds) * len(PLAYERS)} games in {seconds:.0f} s")


if __name__ == "__main__":
    main()
