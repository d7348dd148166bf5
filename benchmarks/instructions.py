"""Instructions a random game costs, counted by callgrind: exact to a few
parts in a thousand, where timings on the shared machine drift by up to 2x.
Run with

    .venv/bin/python benchmarks/instructions.py                      # both kinds of game
    COVIL_ENGINE=python .venv/bin/python benchmarks/instructions.py  # the Python source's

It plays N games (board B, two players, seeds 0..N-1) under valgrind and
again with none, after one warm-up game in both runs (the cards and the
board are read once, and that is not a game's cost), and prints the
difference per game. It needs valgrind; it takes a minute or two.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

WARM_UP = 1000  # the seed of the game played before those counted


def play(games: int, search_copy: bool) -> None:
    """What runs under valgrind: a warm-up game, then ``games`` games, the
    games ``figures.py`` times."""
    from figures import play_games  # this folder is the script's: on sys.path

    play_games([WARM_UP, *range(games)], search_copy)


def counted(games: int, search_copy: bool) -> int:
    """Instructions of a run of ``games`` games (warm-up included)."""
    kind = "search" if search_copy else "default"
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, __file__, "--play", kind, "--games", str(games)]
    # Hash seeds change dict and set layouts, and so the count: fix one.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if not found:
        raise RuntimeError(f"callgrind said no count:\n{done.stderr[-2000:]}")
    return int(found[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games counted (10)")
    parser.add_argument("--play", choices=["default", "search"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.games, args.play == "search")
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count", file=sys.stderr)
        return 1
    from covil_nb.model import COMPILED

    print(f"engine: {'compiled (build/engine)' if COMPILED else 'Python source'}")
    for search_copy in (False, True):
        per_game = (counted(args.games, search_copy) - counted(0, search_copy)) / args.games
        kind = "search copy" if search_copy else "default Game"
        print(f"{kind:>12}: {per_game / 1e6:.2f} M instructions a game ({args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
