"""Is a bot change stronger? A sequential probability ratio test on game pairs,
stopping as soon as it can say (``covil_nb.analysis.sprt`` has the test). Run

    .venv/bin/python benchmarks/sprt.py --candidate ismcts:outlook=true --baseline ismcts
    .venv/bin/python benchmarks/sprt.py --candidate greedy --baseline random --elo1 50

Two players: pair ``k`` is seed ``--first-seed + k`` played twice, the
candidate in each seat once (the baseline in the other), on board A. The
pairs are scored in their order, whatever order the workers finish them
in, so the same arguments stop at the same pair. It prints each pair's
scores and the running log-likelihood ratio, then the verdict (H1: the
candidate is ``--elo1`` Elo stronger; H0: ``--elo0`` at most; none within
``--max-pairs``) with the Elo measured and its 95% interval. A change to a
bot lands when it passes: H1 for a gain, or, for a change that must not lose
strength, H1 against a non-regression bound (``--elo0 -10 --elo1 0``).
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor

from covil_nb.analysis.sprt import Sprt
from covil_nb.analysis.tournament import GameResult, Matchup, play_one
from covil_nb.model import native

SEATS = ("yellow", "red")


def score(result: GameResult, seat: str) -> float:
    """The candidate's score in one game: a win 1, a shared victory 1/2, a loss 0."""
    if not result.seat(seat).won:
        return 0.0
    return 0.5 if result.shared else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidate", required=True, help="a bot spec")
    parser.add_argument("--baseline", required=True, help="a bot spec")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--max-pairs", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    test = Sprt(args.elo0, args.elo1)
    engine = "compiled" if native.current() else "Python source"
    print(f"{args.candidate} against {args.baseline}, H0 {args.elo0} H1 {args.elo1}, {engine}")
    ahead = Matchup.of({SEATS[0]: args.candidate, SEATS[1]: args.baseline})
    games = [(ahead, SEATS[0]), (ahead.rotated(1), SEATS[1])]  # the candidate's seat in each
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        pending: dict[int, list[Future[GameResult]]] = {}
        submitted = 0
        for pair in range(args.max_pairs):
            while submitted < min(args.max_pairs, pair + 2 * args.workers):
                seed = args.first_seed + submitted
                pending[submitted] = [pool.submit(play_one, m, seed) for m, _ in games]
                submitted += 1
            results = [future.result() for future in pending.pop(pair)]
            scores = [score(r, seat) for r, (_, seat) in zip(results, games, strict=True)]
            test.add(sum(scores) / len(scores))
            low, high = test.bounds
            print(f"pair {pair + 1}: {scores}, LLR {test.llr:+.3f} in [{low:+.3f}, {high:+.3f}]")
            if test.verdict is not None:
                break
        for futures in pending.values():
            for future in futures:
                future.cancel()
    elo, low, high = test.elo()
    print(
        f"verdict: {test.verdict or 'none yet'} after {len(test.scores)} pairs;"
        f" Elo {elo:+.0f} [{low:+.0f}, {high:+.0f}]; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
