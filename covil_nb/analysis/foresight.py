"""How far the judge foresees the game's end: its day's lead set against whole games.

    .venv/bin/python -m covil_nb.analysis.foresight collect --players 2 --out build/pairs-2.jsonl
    .venv/bin/python -m covil_nb.analysis.foresight report build/pairs-*.jsonl

The analysis and the hint judge an option against its rival by their
margins at the end of the day (:mod:`.games`). This measures what that
lead foretells of the game's end, the measure a better judge must beat.

``collect``: greedy bots play every seat of ``--games`` games (seeds from
``--first``, apart from the ones ``benchmarks/judge.py`` measures on). At
each decision of the first seat that has a rival, the option played is
judged against it as the analysis judges (:func:`.games.judge`): the
rival's lead in margin at the end of the day, on fresh worlds, and its
standard error (a **pair**'s ``gap``). Then both are played to the end of
the game (:func:`.ends.final_margins`, every seat by the greedy bot) in
:data:`WORLDS` worlds dealt from the seat's view: the rival's mean lead in
final margin and its standard error (the ``gain``). The decisions run on
any ``concurrent.futures.Executor`` (``--workers`` processes); each pair is
a JSON line, written as it comes, with the two runs it sets against each
other (so that another judge can be measured on the same whole games).

``report``: for each number of players and day, the :class:`Foresight`
fitted to the pairs (a least-squares slope through the origin of the gain
on the gap, at least 0, with its standard error; the spread of the gains
about it beyond the two measures' own noise; their correlation) and, each
game held out in turn: the R² of the game's lead foreseen by the day's lead
as it is and by the others' slope, how often the game's lead lies within
the 95% interval such a scaled verdict would state, and the R² a perfect
foresight would reach for the whole games' own noise (the ceiling).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from itertools import repeat
from pathlib import Path
from typing import Any

from covil_nb.bots.learning import explained

from .ends import game_of, lead_to_the_end
from .games import DEFAULT_BUDGET, _Choice, _choices, judge, position_at

WORLDS = 8  # whole games a pair's option plays: unbiased, if noisy, and the fit averages
FIRST_SEED = 101  # the benchmark measures on games 1 to 8: these are others
MIN_PAIRS = 8  # fewer for a day and number of players, and the fit says too little
Z95 = 1.96


@dataclass(frozen=True)
class Foresight:
    """The game's lead foreseen from the day's (``slope`` times it), the
    slope's standard error, the error of the foresight in VP beyond the
    measures' own noise, the ``pairs`` fitted, and their ``correlation``."""

    slope: float
    slope_error: float
    error: float
    pairs: int
    correlation: float

    def foresee(self, lead: float, error: float) -> tuple[float, float]:
        """The game's lead foreseen from a day's ``lead`` measured with a
        standard ``error``, and the standard error of the foresight."""
        measure = self.slope * error if self.slope else 0.0  # 0, not nan, for one world
        spread = (lead * self.slope_error) ** 2 + self.error**2
        return self.slope * lead, math.sqrt(measure**2 + spread)


@dataclass(frozen=True)
class Pair:
    """A decision's judgement at the day's end (``gap``) and what the game's
    end made of it; the runs set against each other, so that another judge
    can be measured on the same whole games (none in files made before)."""

    players: int
    seed: int
    index: int
    day: int
    gap: float
    gap_error: float
    gain: float
    gain_error: float
    played: tuple[str, ...] = ()
    line: tuple[str, ...] = ()


def pair(record: dict[str, Any], choice: _Choice, players: int, seed: int) -> Pair | None:
    """The decision's pair (see the module docstring); None where it has no rival."""
    position = position_at(record, choice.index)
    # (The name the changelog's figures were made with: kept, so that they replay.)
    own = random.Random(f"covil-calibration {seed} {choice.index}").getrandbits(63)
    found = judge(position, choice.played, DEFAULT_BUDGET, own)
    if found is None:
        return None
    _, judged = found
    assert judged.rival is not None  # judge() returns a rival or nothing
    gap, gap_error = judged.gap
    # The run played as the record has it, as benchmarks/judge.py plays it
    # to the end (the judge's run is the same actions: both stop at a draw).
    line = tuple(str(a) for a in judged.rival.actions)
    gain, gain_error = lead_to_the_end(position, choice.seat, choice.played, line, range(WORLDS))
    day, played = choice.day, choice.played
    return Pair(players, seed, choice.index, day, gap, gap_error, gain, gain_error, played, line)


def collect(seeds: Sequence[int], players: int, executor: Executor | None = None) -> Iterator[Pair]:
    """The pairs of the first seat's decisions in the games of ``seeds``, in order."""
    jobs: list[tuple[dict[str, Any], _Choice, int]] = []
    for seed in seeds:
        game = game_of(seed, players)
        record = game.record()
        jobs += [(record, c, seed) for c in _choices(record, [game.players[0]])]
    if not jobs:
        return iter(())
    records, choices, game_seeds = zip(*jobs, strict=True)
    if executor is None:
        found: Iterable[Pair | None] = map(pair, records, choices, repeat(players), game_seeds)
    else:
        found = executor.map(pair, records, choices, repeat(players), game_seeds)
    return (p for p in found if p is not None)


def fitted(pairs: Sequence[Pair]) -> Foresight:
    """The foresight fitted to ``pairs`` (two at least; see the module docstring)."""
    if len(pairs) < 2:
        raise ValueError(f"{len(pairs)} pairs: a fit takes two at least")
    xs, ys = [p.gap for p in pairs], [p.gain for p in pairs]
    slope = _slope(pairs)
    residual = sum((y - slope * x) ** 2 for x, y in zip(xs, ys, strict=True)) / (len(pairs) - 1)
    # The gains' noise, and the gaps' scaled: a verdict adds its own gap's back.
    noise = sum(p.gain_error**2 + (slope * p.gap_error) ** 2 for p in pairs) / len(pairs)
    return Foresight(
        slope=slope,
        slope_error=_slope_error(pairs, residual),
        error=math.sqrt(max(0.0, residual - noise)),
        pairs=len(pairs),
        correlation=_correlation(xs, ys),
    )


def _slope_error(pairs: Sequence[Pair], residual: float) -> float:
    """The slope's standard error: by the jackknife over games where two or
    more games hold the pairs (a game's decisions share its course, and
    its whole games the worlds: they are not independent), else by least
    squares."""
    games = sorted({p.seed for p in pairs})
    if len(games) < 2:
        squares = sum(p.gap**2 for p in pairs)
        return math.sqrt(residual / squares) if squares else 0.0
    slopes = [_slope([p for p in pairs if p.seed != game]) for game in games]
    level = sum(slopes) / len(slopes)
    return math.sqrt((len(games) - 1) / len(games) * sum((s - level) ** 2 for s in slopes))


def _slope(pairs: Sequence[Pair]) -> float:
    """The least-squares slope through the origin of the gains on the gaps,
    at least 0 (a day's lead that foretold the game's loss would say
    nothing a judge could use); 1 where no gap was measured."""
    squares = sum(p.gap**2 for p in pairs)
    return max(0.0, sum(p.gap * p.gain for p in pairs) / squares) if squares else 1.0


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation of ``xs`` and ``ys`` (0 where either never varies)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def held_out(pairs: Sequence[Pair]) -> dict[str, float] | None:
    """How well ``pairs`` (of one number of players and day) are foreseen
    with each game held out of the fit in turn (see the module docstring);
    None where one game holds them all: there is nothing to hold out."""
    fits = {
        game: fitted(rest)
        for game in {p.seed for p in pairs}
        if len(rest := [p for p in pairs if p.seed != game]) > 1
    }
    tried = [(fits[q.seed], q) for q in pairs if q.seed in fits]
    if not tried:
        return None
    gains = [p.gain for p in pairs]
    level = sum(gains) / len(gains)
    spread = sum((y - level) ** 2 for y in gains) / len(gains)
    noise = sum(p.gain_error**2 for p in pairs) / len(pairs)
    return {
        "R² as it is": explained([(p.gain, p.gap) for p in pairs]),
        "R² scaled": explained([(q.gain, f.slope * q.gap) for f, q in tried]),
        "inside the interval": sum(_inside(f, q) for f, q in tried) / len(tried),
        "R² ceiling": 1 - noise / spread if spread else math.nan,
    }


def _inside(foresight: Foresight, pair: Pair) -> bool:
    """The pair's game lead within the 95% interval the foresight states, with its own noise."""
    foreseen, error = foresight.foresee(pair.gap, pair.gap_error)
    return abs(pair.gain - foreseen) <= Z95 * math.hypot(error, pair.gain_error)


def report(pairs: Sequence[Pair]) -> list[dict[str, Any]]:
    """A row for each number of players and day with :data:`MIN_PAIRS` pairs at least."""
    rows = []
    for players, day in sorted({(p.players, p.day) for p in pairs}):
        here = [p for p in pairs if (p.players, p.day) == (players, day)]
        if len(here) < MIN_PAIRS:
            continue
        rows.append(
            {"players": players, "day": day, **asdict(fitted(here)), **(held_out(here) or {})}
        )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    collecting = verbs.add_parser("collect", help="judge decisions and play them to the end")
    collecting.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    collecting.add_argument("--games", type=int, default=6)
    collecting.add_argument("--first", type=int, default=FIRST_SEED, help="the first game's seed")
    collecting.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    collecting.add_argument("--out", type=Path, required=True, help="the pairs, a JSON line each")
    reporting = verbs.add_parser("report", help="how well the day's lead foresees the game's")
    reporting.add_argument("pairs", type=Path, nargs="+")
    reporting.add_argument("--out", type=Path, help="write the rows as JSON here")
    args = parser.parse_args(argv)
    if args.verb == "collect":
        _collect(args)
    else:
        _report(args)


def _collect(args: argparse.Namespace) -> None:
    """Collect the pairs, a line each as it comes: a long run stopped keeps what it made."""
    seeds = range(args.first, args.first + args.games)
    start = time.perf_counter()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with ProcessPoolExecutor(args.workers) as pool, args.out.open("w") as out:
        for found in collect(seeds, args.players, pool):
            out.write(json.dumps(asdict(found)) + "\n")
            out.flush()
            count += 1
    wall = time.perf_counter() - start
    print(f"{count} pairs from games {seeds.start}-{seeds.stop - 1}, {wall:.0f} s")


def _read(fields: dict[str, Any]) -> Pair:
    """A pair from its JSON line's fields (its runs as tuples)."""
    played, line = tuple(fields.pop("played", ())), tuple(fields.pop("line", ()))
    return Pair(**fields, played=played, line=line)


def _report(args: argparse.Namespace) -> None:
    """Print the report's rows (and write them, with ``--out``)."""
    found = (
        _read(json.loads(line))
        for path in args.pairs
        for line in path.read_text().splitlines()
        if line.strip()
    )
    # A decision collected twice (two runs from the same seeds) counts once.
    pairs = list({(p.players, p.seed, p.index): p for p in found}.values())
    rows = report(pairs)
    for row in rows:
        print(
            ", ".join(
                f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()
            )
        )
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
