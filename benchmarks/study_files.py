"""How fast a study of 500 nodes saves and loads (issue 20: at most 100 ms
each): a whole random 2-player game as the main line, and lines of up to
three decisions beside it until the chapter holds 500 nodes. Loading replays
every move in its position. Run with

    .venv/bin/python benchmarks/study_files.py

Each figure is the best of 5 runs, in wall time. Nothing here asserts a speed.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from covil_nb import Game, Study
from covil_nb.model.playthrough import random_game

NODES = 500
REPEATS = 5


def study_of(nodes: int, seed: int = 5) -> Study:
    game = random_game(Game.new(["yellow", "red"], seed=seed), seed, 1000)
    study = Study.of_game(game, f"random game {seed}")
    chapter = study.chapters[0]
    main = [chapter.root, *chapter.main_line()]
    chooser = random.Random(seed)
    while sum(1 for _ in chapter.nodes()) < nodes:
        node = chooser.choice(main[:-1])
        for _ in range(3):
            taken = {v.move for v in node.variations}
            legal = [str(a) for a in node.game().legal_actions() if str(a) not in taken]
            if not legal:
                break
            node = node.add_variation(chooser.choice(legal))
            node.comment("A line beside the game.", author="benchmark")
    return study


def best(run: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    study = study_of(NODES)
    count = sum(1 for c in study.chapters for _ in c.nodes())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "study.json"
        saved = best(lambda: study.save(path))
        loaded = best(lambda: Study.load(path))
        size = path.stat().st_size
    figures = f"save {saved:.1f} ms, load {loaded:.1f} ms"
    print(f"a study of {count} nodes ({size / 1000:.0f} KB): {figures}")


if __name__ == "__main__":
    main()
