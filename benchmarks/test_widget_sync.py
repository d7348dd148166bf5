"""What the board sends per step, and how long Python takes to make it,
measured (not asserted): run with

    .venv/bin/pytest benchmarks/test_widget_sync.py --benchmark-only

A step is what one message from the page causes: a person's action, or one
step of a dummy's playback or of a bot. Its size is the JSON the comm sends
for it (the traits that changed). The games are solo games on the Desert
town, the person's choices made at random; ``extra_info`` holds the median,
95th percentile and largest step in bytes, and the median and 95th
percentile of Python's time per step in milliseconds. The page's side (the
click to the redrawn board) is measured in the browser benchmark.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from covil_nb import GameWidget, play_solo

SEEDS = (1, 2, 3)


def played_steps(seed: int) -> tuple[list[int], list[float]]:
    """Play one solo game to its end on a board; the bytes and seconds of each step."""
    board = play_solo(seed=seed)
    sent: list[dict[str, Any]] = []
    board.comm.send = lambda data, buffers=None, **_: sent.append(data)  # type: ignore[union-attr]
    chooser = random.Random(seed)
    sizes, seconds = [], []
    while not board.game.is_over:
        sent.clear()
        start = time.perf_counter()
        step(board, chooser)
        seconds.append(time.perf_counter() - start)
        sizes.append(sum(len(json.dumps(m)) for m in sent))
    return sizes, seconds


def step(board: GameWidget, chooser: random.Random) -> None:
    if board.decision["waiting"] in ("playback", "bot"):
        board.step()
    else:
        board.act(chooser.choice(board.line.game.legal_actions()))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def test_bytes_and_python_time_per_step(benchmark) -> None:
    def games() -> tuple[list[int], list[float]]:
        sizes: list[int] = []
        seconds: list[float] = []
        for seed in SEEDS:
            more_sizes, more_seconds = played_steps(seed)
            sizes += more_sizes
            seconds += more_seconds
        return sizes, seconds

    sizes, seconds = benchmark.pedantic(games, rounds=1, iterations=1)
    benchmark.extra_info.update(
        {
            "steps": len(sizes),
            "bytes_median": statistics.median(sizes),
            "bytes_p95": percentile(sizes, 0.95),
            "bytes_max": max(sizes),
            "ms_median": round(statistics.median(seconds) * 1000, 1),
            "ms_p95": round(percentile(seconds, 0.95) * 1000, 1),
        }
    )
    assert len(sizes) > 100
