"""How long the engine's analysis of a whole game takes (issue 20: every
decision of one seat of a 2-player game in at most 60 s on one core at the
default budget). A greedy bot plays each seat of a fixed game; the analysis
of one seat then runs in this process. Run with

    .venv/bin/python benchmarks/analysis.py                 # yellow, default budget
    .venv/bin/python benchmarks/analysis.py --budget 32 --seat red

It prints the CPU and wall seconds, the decisions assessed and what they
came to (the summary, and the losses' quartiles). Nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from covil_nb import Game
from covil_nb.analysis import DEFAULT_BUDGET, analyse, summary
from covil_nb.bots import GreedyBot, play
from covil_nb.model import native

SEED = 1


def game_of(seed: int) -> Game:
    game = Game.new(["yellow", "red"], seed=seed)
    return play(game, {"yellow": GreedyBot(seed), "red": GreedyBot(seed + 1)}, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seat", default="yellow")
    parser.add_argument("--seed", type=int, default=SEED, help="the game's")
    args = parser.parse_args()
    game = game_of(args.seed)
    engine = "compiled" if native.current() else "Python source"
    cpu, wall = time.process_time(), time.perf_counter()
    study = analyse(game, seats=[args.seat], budget=args.budget)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    found = summary(study)[args.seat]
    played = f"game {args.seed} ({len(game.history)} actions)"
    print(f"{played}, {args.seat}, budget {args.budget}, {engine}:")
    print(f"  {found.decisions} decisions in {cpu:.1f} s CPU ({wall:.1f} s wall)")
    print(summary(study))
    losses = [
        (n.assessment.loss, n.assessment.error)
        for n in study.chapters[0].nodes()
        if n.assessment is not None
    ]
    clear = sorted(loss for loss, error in losses if loss > 2 * error)
    quartiles = statistics.quantiles([loss for loss, _ in losses], n=4)
    print(f"  loss quartiles {[round(q, 2) for q in quartiles]}; beyond 2 errors: {clear}")


if __name__ == "__main__":
    main()
