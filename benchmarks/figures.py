"""The engine figures of issue 9, measured in CPU time (and wall time beside
it: the machine is shared, so wall times are noisy). Run with

    .venv/bin/python benchmarks/figures.py              # the engine figures
    .venv/bin/python benchmarks/figures.py --search 10   # and the search bot's (10 games)
    .venv/bin/python benchmarks/figures.py --search 10 --bot ismcts   # the tree search bot's
    .venv/bin/python benchmarks/figures.py --search 10 --bot ismcts --players 3
    .venv/bin/python benchmarks/figures.py --where       # where a game's time goes
    COVIL_ENGINE=python .venv/bin/python benchmarks/figures.py  # the Python source's

Nothing here asserts a speed: these are measurements to report.
"""

from __future__ import annotations

import argparse
import collections
import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterable

from covil_nb import Game
from covil_nb.bots import GreedyBot, IsmctsBot, MctsBot, decide, make_bot
from covil_nb.model import COMPILED
from covil_nb.model.playthrough import random_game

PLAYERS = ["yellow", "red"]
COLORS = ["yellow", "red", "green", "blue"]
BOARD = "B"


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call."""
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    return time.process_time() - cpu, time.perf_counter() - wall


def best_of(repeats: int, work: Callable[[], object]) -> tuple[float, float]:
    """The fastest of several runs, CPU and wall (the least disturbed one)."""
    runs = [timed(work) for _ in range(repeats)]
    return min(c for c, _ in runs), min(w for _, w in runs)


def play_games(seeds: Iterable[int], search_copy: bool) -> None:
    """Random games from new, one per seed: with the default ``Game``, or on
    a search copy (``copy(log=False)``). What the issue's games/s count."""
    for seed in seeds:
        game = Game.new(PLAYERS, board=BOARD, seed=seed)
        random_game(game.copy(log=False) if search_copy else game, seed)


def games_per_second(search_copy: bool, games: int, repeats: int) -> str:
    cpu, wall = best_of(repeats, lambda: play_games(range(games), search_copy))
    kind = "search copy" if search_copy else "default Game"
    return f"{kind:>12}: {games / cpu:7.1f} games/s CPU ({games / wall:7.1f} wall), {games} games"


def new_game_time(repeats: int) -> str:
    n = 200
    cpu, wall = best_of(repeats, lambda: [Game.new(PLAYERS, board=BOARD, seed=s) for s in range(n)])
    return f"    Game.new: {1000 * cpu / n:.3f} ms CPU ({1000 * wall / n:.3f} wall)"


def retained_bytes() -> str:
    """Memory a finished game holds: traced allocations still alive after the
    game is played (caches warmed first, garbage collected before reading)."""
    random_game(Game.new(PLAYERS, board=BOARD, seed=0), 0)  # warm the card and board caches
    sizes = []
    for seed in range(3):
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        game = random_game(Game.new(PLAYERS, board=BOARD, seed=seed), seed)
        gc.collect()
        sizes.append(tracemalloc.get_traced_memory()[0] - base)
        tracemalloc.stop()
        del game
    shown = ", ".join(f"{s / 1024:.0f} KiB" for s in sizes)
    return f"   finished game holds (tracemalloc): {shown}"


def load_time(repeats: int) -> str:
    texts = [random_game(Game.new(PLAYERS, board=BOARD, seed=s), s).to_json() for s in range(3)]
    cpu, wall = best_of(repeats, lambda: [Game.from_json(t) for t in texts])
    per = 1000 / len(texts)
    return f"   load a finished game's save: {per * cpu:.1f} ms CPU ({per * wall:.1f} wall)"


# What each search bot's budget counts.
UNITS: dict[type, str] = {MctsBot: "playouts", IsmctsBot: "iterations"}
SLOW = 0.05  # CPU s past which a decision the bot did not search counts too


def search_decisions(games: int, spec: str = "mcts", players: int = 2) -> list[str]:
    """A seeded search bot (``spec``, as ``make_bot`` reads it: its default
    budget unless the spec sets one) against greedy (one bot each other
    seat) on board A, seats rotating: the CPU time of every decision it
    searched, and of any other that took over ``SLOW`` s (a long look-through
    that left one plan: not searched, and still the bot's time)."""
    unit = UNITS[type(make_bot(spec))]
    times: list[float] = []
    units = cpu_total = 0.0
    for seed in range(games):
        shift = seed % players
        colors = COLORS[shift:players] + COLORS[:shift]
        game = Game.new(colors, board="A", seed=seed)
        searcher = make_bot(spec, seed)
        bots = {c: searcher if i == 0 else GreedyBot(seed) for i, c in enumerate(colors)}
        worlds = random.Random(seed)
        while not game.is_over:
            bot = bots[game.decision.player]  # type: ignore[union-attr]
            before, cpu = searcher.searched, time.process_time()
            action = decide(bot, game, worlds.getrandbits(63))
            spent = time.process_time() - cpu
            if bot is searcher and (searcher.searched > before or spent > SLOW):
                times.append(spent)
                units += searcher.searched - before
                cpu_total += spent
            game.apply(action)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return [
        f"   {spec}: {len(times)} searched decisions in {games} {players}-player games; CPU s "
        f"per decision p50 {statistics.median(times):.3f}, p95 {p95:.3f}, max {times[-1]:.3f}",
        f"   {spec}: {units / cpu_total:.0f} {unit}/s (look-through included)",
    ]


def what_each_part_costs(games: int, repeats: int) -> list[str]:
    """A random game's time in each kind of game (history and log, log only,
    neither), rounds interleaved so that a slow minute slows all three alike."""
    kinds = {
        "default Game": lambda g: g,
        "log, no history": lambda g: g.copy(log=True),
        "search copy": lambda g: g.copy(log=False),
    }
    best = dict.fromkeys(kinds, float("inf"))
    for _ in range(repeats):
        for kind, make in kinds.items():
            cpu, _wall = timed(
                lambda make=make: [
                    random_game(make(Game.new(PLAYERS, board=BOARD, seed=s)), s)
                    for s in range(games)
                ]
            )
            best[kind] = min(best[kind], cpu / games)
    return [f"{kind:>28}: {1000 * ms:.2f} ms per game" for kind, ms in best.items()]


def where_the_time_goes(games: int) -> list[str]:
    """On search copies: decisions per game by the step that asks them, and
    the share of the time spent listing their actions and applying one."""
    count: collections.Counter[str] = collections.Counter()
    spent: collections.Counter[str] = collections.Counter()
    clock = time.perf_counter
    for seed in range(games):
        game = Game.new(PLAYERS, board=BOARD, seed=seed).copy(log=False)
        chooser = random.Random(seed)
        while not game.is_over:
            step = game._current().frame.kind  # type: ignore[union-attr]
            start = clock()
            game.apply(chooser.choice(game.legal_actions()))
            spent[step] += clock() - start
            count[step] += 1
    total = sum(spent.values())
    lines = [f"{sum(count.values()) / games:.0f} decisions per game (search copy):"]
    for step, n in count.most_common():
        share = 100 * spent[step] / total
        lines.append(f"{step:>28}: {n / games:5.1f} per game, {share:4.1f}% of the time")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--search", type=int, default=0, help="games of the search bot --bot to time (0: none)"
    )
    parser.add_argument("--bot", default="mcts", help="for --search: a search bot's spec")
    parser.add_argument("--players", type=int, default=2, help="for --search")
    parser.add_argument("--where", action="store_true", help="where a random game's time goes")
    args = parser.parse_args()
    if args.search and type(make_bot(args.bot)) not in UNITS:
        parser.error(f"--bot {args.bot} is not a search bot: give an mcts or ismcts spec")
    # The figures are the compiled engine's once ./dev setup has built it.
    print(f"engine: {'compiled (build/engine)' if COMPILED else 'Python source'}")
    if args.where:
        print("\n".join(what_each_part_costs(args.games, args.repeats * 2)))
        print("\n".join(where_the_time_goes(args.games * 5)))
        return
    print(games_per_second(False, args.games, args.repeats))
    print(games_per_second(True, args.games, args.repeats))
    print(new_game_time(args.repeats))
    print(retained_bytes())
    print(load_time(args.repeats))
    if args.search:
        print("\n".join(search_decisions(args.search, args.bot, args.players)))


if __name__ == "__main__":
    main()
