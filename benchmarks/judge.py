"""How far the engine's analysis can be trusted: the same verdict under
another seed, confirmed by whole games, with an interval that holds a
reference judgement (issue 42's three measures). Run with

    .venv/bin/python benchmarks/judge.py                  # games 1 and 2, 2 players
    .venv/bin/python benchmarks/judge.py --games 3 4 --players 3 --worlds 24
    .venv/bin/python benchmarks/judge.py --parts stability --out build/judge.json
    .venv/bin/python benchmarks/judge.py --horizon 9 --outlook   # another judge, measured
    .venv/bin/python benchmarks/judge.py --greedy 99 --parts stability games

Greedy bots play every seat of each game from its seed; the first seat's
decisions (``--seat`` for another) are then analysed as ``analyse`` does,
decision by decision on a process pool (``--workers``):

(a) **stability**: analysed with seed 0 and with seed 1, every decision
    assessed by both: how often the glyph is the same, how often one seed
    says ``?`` or ``??`` where the other says nothing, and how often the two
    losses lie within the 95% interval of their difference
    (1.96 * sqrt(e0² + e1²)).
(b) **whole games**: every decision flagged under seed 0 with a better line,
    from the position before it, in ``--worlds`` worlds dealt from the seat's
    view (``for_seat``): the run played, and the engine's better line, each
    followed by every seat played by the greedy bot to the end of the game,
    on the same world and the same dice. The seat's final margin is its VP
    less the best rival's. A flag is confirmed when the better line's mean
    margin is the higher, contradicted when it is lower by more than two
    standard errors of the paired difference.
(c) **calibration**: every ``--every``-th decision of the seed-0 analysis
    judged again with ten times the budget on other worlds (seed 7): how
    often that reference loss lies inside the stated 95% interval
    (loss ± 1.96 error).

``--horizon``, ``--outlook`` and ``--greedy`` measure the judge with another
horizon (in days; 9 plays every playout to the game's end), the learned
evaluation in place of the hand-tuned one, or more of each seat's playout
choices by greedy's best plans (99: all of them), as
``tree_search.JUDGE_HORIZON``, ``JUDGE_OUTLOOK`` and ``JUDGE_GREEDY`` would
set them. It prints each part's figures (and, with ``--out``, writes them
and every decision's numbers as JSON).
Nothing here asserts: the targets are the issue's, and docs/changelog.md
keeps the figures measured.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from itertools import repeat
from pathlib import Path
from typing import Any

from covil_nb.analysis import DEFAULT_BUDGET
from covil_nb.analysis.ends import game_of, lead_to_the_end
from covil_nb.analysis.games import Review, _Choice, _choices, _task, position_at
from covil_nb.bots import tree_search
from covil_nb.model import native

Z95 = 1.96
REFERENCE_TIMES = 10  # the reference judgement's budget, in analysis budgets
REFERENCE_SEED = 7  # other worlds than the analyses' seeds 0 and 1
SEVERE = ("?", "??")
DETAILS = ("glyph changed", "whole games", "calibrated decisions", "verdicts")  # JSON only


@dataclass(frozen=True)
class Verdict:
    """One decision as one analysis judged it (no glyph: "")."""

    index: int
    day: int
    played: tuple[str, ...]
    loss: float
    error: float
    glyph: str
    line: tuple[str, ...]


def judge_as(horizon: int, outlook: bool, greedy: int, last_day: bool) -> None:
    """Set the judge every analysis in this process uses (a worker's initializer)."""
    tree_search.JUDGE_HORIZON = horizon  # type: ignore[misc]
    tree_search.JUDGE_OUTLOOK = outlook  # type: ignore[misc]
    tree_search.JUDGE_GREEDY = greedy  # type: ignore[misc]
    tree_search.JUDGE_LAST_DAY = last_day  # type: ignore[misc]


def verdicts(
    record: dict[str, Any], choices: list[_Choice], budget: int, seed: int, pool: Executor
) -> dict[int, Verdict]:
    """Each decision's verdict, as ``analyse(..., seed=seed)`` makes it, by
    its index in the record (a decision with one option has none)."""
    reviews = pool.map(_task, repeat(record), choices, repeat(budget), repeat(seed))
    return {
        choice.index: _verdict(choice, review)
        for choice, review in zip(choices, reviews, strict=True)
        if review is not None
    }


def _verdict(choice: _Choice, review: Review) -> Verdict:
    a = review.assessment
    return Verdict(choice.index, choice.day, choice.played, a.loss, a.error, a.glyph, review.line)


# -- (a) the same verdict under another seed ----------------------------------------------


def stability(
    first: dict[int, Verdict], second: dict[int, Verdict]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The figures of (a), and every decision whose glyph the seed changed."""
    both = sorted(first.keys() & second.keys())
    same = sum(first[i].glyph == second[i].glyph for i in both)
    severe = [
        i
        for i in both
        if (first[i].glyph in SEVERE and not second[i].glyph)
        or (second[i].glyph in SEVERE and not first[i].glyph)
    ]
    within = sum(
        abs(first[i].loss - second[i].loss) <= Z95 * math.hypot(first[i].error, second[i].error)
        for i in both
    )
    flipped = [_pair(first[i], second[i]) for i in both if first[i].glyph != second[i].glyph]
    return {
        "decisions": len(both),
        "same glyph": _share(same, len(both)),
        "severe under one seed, none under the other": len(severe),
        "losses within their interval": _share(within, len(both)),
        "same glyph count": same,
    }, flipped


def _pair(a: Verdict, b: Verdict) -> dict[str, Any]:
    return {"index": a.index, "glyphs": [a.glyph, b.glyph], "losses": [a.loss, b.loss]}


# -- (b) confirmed by whole games ---------------------------------------------------------


def better_to_the_end(
    record: dict[str, Any], seat: str, verdict: Verdict, worlds: int
) -> tuple[float, float]:
    """How far the verdict's better line ends the game ahead of the run
    played, over ``worlds`` worlds dealt from the seat's view before it, and
    its standard error (:func:`~covil_nb.analysis.ends.lead_to_the_end`)."""
    position = position_at(record, verdict.index)
    return lead_to_the_end(position, seat, verdict.played, verdict.line, range(worlds))


def whole_games(
    record: dict[str, Any], seat: str, flagged: list[Verdict], worlds: int, pool: Executor
) -> list[dict[str, Any]]:
    """Every flagged decision played to the end both ways (see the module docstring)."""
    leads = pool.map(better_to_the_end, repeat(record), repeat(seat), flagged, repeat(worlds))
    checked = []
    for verdict, (gain, error) in zip(flagged, leads, strict=True):
        checked.append(
            {
                "index": verdict.index,
                "day": verdict.day,
                "glyph": verdict.glyph,
                "claimed": verdict.loss,
                "gain to the end": round(gain, 2),
                "error": round(error, 2),
                "confirmed": gain > 0,
                "contradicted": gain < -2 * error,
            }
        )
    return checked


# -- (c) calibration ----------------------------------------------------------------------


def calibration(
    stated: dict[int, Verdict], reference: dict[int, Verdict]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    both = sorted(stated.keys() & reference.keys())
    rows = [
        {
            "index": i,
            "loss": stated[i].loss,
            "error": stated[i].error,
            "reference": reference[i].loss,
            "inside": abs(reference[i].loss - stated[i].loss) <= Z95 * stated[i].error,
        }
        for i in both
    ]
    inside = sum(r["inside"] for r in rows)
    return {
        "decisions": len(rows),
        "reference inside the 95% interval": _share(inside, len(rows)),
    }, rows


def _share(count: int, total: int) -> str:
    return f"{count}/{total} ({100 * count / total:.0f}%)" if total else "0/0"


# -- the run ------------------------------------------------------------------------------


def judge_game(args: argparse.Namespace, seed: int, pool: Executor) -> dict[str, Any]:
    game = game_of(seed, args.players)
    seat = args.seat or game.players[0]
    record = game.record()
    choices = _choices(record, [seat])
    found: dict[str, Any] = {"game": seed, "players": args.players, "seat": seat}
    start = time.perf_counter()
    first = verdicts(record, choices, args.budget, 0, pool)
    found["analysis wall s"] = round(time.perf_counter() - start, 1)
    found["verdicts"] = {"seed 0": _listed(first)}
    found["decisions"] = len(choices)
    found["flagged"] = sum(bool(v.glyph) for v in first.values())
    if "stability" in args.parts:
        second = verdicts(record, choices, args.budget, 1, pool)
        found["stability"], found["glyph changed"] = stability(first, second)
        found["verdicts"]["seed 1"] = _listed(second)
    if "games" in args.parts:
        flagged = [v for v in first.values() if v.glyph and v.line]
        found["whole games"] = whole_games(record, seat, flagged, args.worlds, pool)
    if "calibration" in args.parts:
        sample = choices[:: args.every]
        budget = args.budget * REFERENCE_TIMES
        reference = verdicts(record, sample, budget, REFERENCE_SEED, pool)
        stated = {i: v for i, v in first.items() if i in reference}
        found["calibration"], found["calibrated decisions"] = calibration(stated, reference)
        found["verdicts"]["reference"] = _listed(reference)
    return found


def _listed(found: dict[int, Verdict]) -> list[dict[str, Any]]:
    """Every verdict, for a study of the figures after the run (``--out``)."""
    return [asdict(v) for _, v in sorted(found.items())]


def totals(games: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The parts' figures over every game."""
    games = list(games)
    summed: dict[str, Any] = {}
    checked = [c for g in games for c in g.get("whole games", [])]
    if checked:
        confirmed = sum(c["confirmed"] for c in checked)
        contradicted = sum(c["contradicted"] for c in checked)
        summed["flags confirmed by whole games"] = _share(confirmed, len(checked))
        summed["flags contradicted beyond 2 errors"] = _share(contradicted, len(checked))
    stable = [g["stability"] for g in games if "stability" in g]
    if stable:
        decisions = sum(s["decisions"] for s in stable)
        same = sum(s["same glyph count"] for s in stable)
        summed["same glyph under two seeds"] = _share(same, decisions)
        summed["severe under one seed, none under the other"] = sum(
            s["severe under one seed, none under the other"] for s in stable
        )
    rows = [r for g in games for r in g.get("calibrated decisions", [])]
    if rows:
        inside = sum(r["inside"] for r in rows)
        summed["reference inside the stated 95% interval"] = _share(inside, len(rows))
    return summed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 2], help="their seeds")
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    parser.add_argument("--seat", default=None, help="the seat analysed (the first by default)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--worlds", type=int, default=16, help="worlds a whole-game check plays")
    parser.add_argument("--every", type=int, default=3, help="calibrate every n-th decision")
    parser.add_argument(
        "--parts",
        nargs="+",
        default=["stability", "games", "calibration"],
        choices=["stability", "games", "calibration"],
    )
    parser.add_argument("--horizon", type=int, default=tree_search.JUDGE_HORIZON)
    parser.add_argument("--outlook", action="store_true", default=tree_search.JUDGE_OUTLOOK)
    parser.add_argument(
        "--greedy", type=int, default=tree_search.JUDGE_GREEDY, help="greedy steps a playout"
    )
    parser.add_argument(
        "--last-day",
        action=argparse.BooleanOptionalAction,
        default=tree_search.JUDGE_LAST_DAY,
        help="every last-day choice of a playout by greedy",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    engine = "compiled" if native.current() else "Python source"
    judge = (
        f"horizon {args.horizon}, greedy {args.greedy}"
        + (", learned outlook" if args.outlook else "")
        + (", greedy all the last day" if args.last_day else "")
    )
    told = f"{args.players} players, budget {args.budget}, {judge}, {engine}"
    print(f"judge: games {args.games}, {told}")
    start = time.perf_counter()
    setting = (args.horizon, args.outlook, args.greedy, args.last_day)
    with ProcessPoolExecutor(args.workers, initializer=judge_as, initargs=setting) as pool:
        games = []
        for seed in args.games:
            games.append(judge_game(args, seed, pool))
            shown = {k: v for k, v in games[-1].items() if k not in DETAILS}
            print(json.dumps(shown, indent=1))
    summed = totals(games)
    summed["wall s"] = round(time.perf_counter() - start)
    print(json.dumps(summed, indent=1))
    if args.out:
        arguments = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
        report = {"arguments": arguments, "engine": engine, "totals": summed, "games": games}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
