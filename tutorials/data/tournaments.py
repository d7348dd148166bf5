"""The tournaments behind the claims of tutorial 8, stored as tables.

Hundreds of games take minutes to play, too long for a tutorial that must run
in seconds, so they are played here once and stored, one CSV file per
tournament (one row per seat of each game: ``Results.frame()``). The notebook
loads them with ``Results.from_frame`` and plays a few of the same games
again to show that the stored rows are what the engine gives.

From the repository's root::

    .venv/bin/python tutorials/data/tournaments.py                    # all of them
    .venv/bin/python tutorials/data/tournaments.py mcts-vs-greedy     # one
    .venv/bin/python tutorials/data/tournaments.py --again mcts-vs-greedy  # from scratch

Every tournament is seeded (game ``i`` is dealt from ``seed + i``), so the same
command writes the same files, on one worker or many. Each file is the
tournament's record (``tournament(record=...)``): a game is added as soon as
it ends, so a run stopped halfway (the search bot's tournaments take hours)
goes on where it stopped, and a file already whole is left as it is;
``--again`` plays every game anew.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from covil_nb.analysis.tournament import Results, tournament

HERE = Path(__file__).parent

#: name -> the arguments of ``tournament``: who plays, how many games, the first seed.
TOURNAMENTS: dict[str, dict[str, Any]] = {
    # Solo games ("dummy" seats are the rulebook's dummy, on the Desert town).
    "random-vs-dummy": {"seats": {"yellow": "random", "red": "dummy"}, "games": 400, "seed": 0},
    "greedy-vs-dummy": {"seats": {"yellow": "greedy", "red": "dummy"}, "games": 200, "seed": 0},
    # Two-player games on board A; the bots change seats every game.
    "greedy-vs-greedy": {"seats": {"yellow": "greedy", "red": "greedy"}, "games": 100, "seed": 0},
    "mcts-vs-greedy": {
        "seats": {"yellow": "mcts:playouts=60", "red": "greedy"},
        "games": 100,
        "seed": 0,
    },
    # The tree search bot at its default budget (issue 21's targets): against
    # greedy and the flat search bot, then against two and three greedy bots;
    # the 3-player games a multiple of 3, so that every bot holds every seat as often.
    # The budget is named, not left to the default: a record played at another
    # budget is then refused, not resumed (tests/test_tutorials.py checks that
    # these are the defaults).
    "ismcts-vs-greedy": {
        "seats": {"yellow": "ismcts:iterations=75", "red": "greedy"},
        "games": 400,
        "seed": 0,
    },
    "ismcts-vs-mcts": {
        "seats": {"yellow": "ismcts:iterations=75", "red": "mcts"},
        "games": 400,
        "seed": 0,
    },
    "ismcts-vs-two-greedy": {
        "seats": {"yellow": "ismcts:iterations=36", "red": "greedy", "green": "greedy"},
        "games": 402,
        "seed": 0,
    },
    "ismcts-vs-three-greedy": {
        "seats": {
            "yellow": "ismcts:iterations=17",
            "red": "greedy",
            "green": "greedy",
            "blue": "greedy",
        },
        "games": 400,
        "seed": 0,
    },
}


def path(name: str) -> Path:
    return HERE / f"{name}.csv"


def in_order(record: Path, results: Results) -> None:
    """The record rewritten in game order (games end in any order on many
    workers), through a new file swapped in whole: an interrupted rewrite
    never loses the record. A record already in order is left as it is."""
    ordered = results.frame().to_csv(index=False, lineterminator="\n")
    if record.read_text(encoding="utf-8") != ordered:
        new = record.with_suffix(".csv.new")
        new.write_text(ordered, encoding="utf-8")
        os.replace(new, record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="name", help=", ".join(TOURNAMENTS))
    parser.add_argument("--workers", type=int, help="worker processes (default: all CPUs)")
    parser.add_argument("--again", action="store_true", help="play every game anew")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(TOURNAMENTS))
    if unknown:
        parser.error(f"no tournament {', '.join(unknown)}: choose among {', '.join(TOURNAMENTS)}")
    for name in args.names or TOURNAMENTS:
        start = time.perf_counter()
        if args.again:
            path(name).unlink(missing_ok=True)
        results = tournament(
            **TOURNAMENTS[name], workers=args.workers, progress=False, record=path(name)
        )
        in_order(path(name), results)
        print(f"{path(name)}: {len(results.games)} games, {time.perf_counter() - start:.0f} s")
        print(results, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
