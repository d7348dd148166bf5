"""The study board's speed in a real JupyterLab and Chromium, measured (not asserted):

    .venv/bin/pytest benchmarks/test_study_speed.py --benchmark-only -s

Stepping through a study: over 100 clicks on the study panel's ▶ along the
main line of a solo game of 130 actions (``study_game.ipynb``), the time from
the click to the board showing the next node (``data-version`` changed) and
to the next painted frame, measured in the page as
``test_widget_speed.py`` measures a move; and Python's handling of each
message in the kernel. Target (issue 20): click → redrawn p95 ≤ 60 ms.
Needs Chromium, like the browser tests.
"""

from __future__ import annotations

import statistics
from typing import Any

from browser.board import ROOT, Board
from browser.fixtures import *  # noqa: F403 (the browser tests' fixtures)
from browser.harness import NotebookOpener
from test_widget_speed import CLICK_AND_TIME, TIME_MESSAGES_IN_KERNEL, percentile, report, summary

STEPS = 100


def step_through(board: Board, count: int) -> list[dict[str, float]]:
    """``count`` clicks on ▶, each timed click to redrawn."""
    forward = board.root.locator('.covil-study [data-walk="next"]')
    return [forward.evaluate(CLICK_AND_TIME) for _ in range(count)]


def test_stepping_through_a_study(benchmark: Any, open_in_lab: NotebookOpener) -> None:
    notebook = open_in_lab("study_game.ipynb")
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    notebook.kernel.run(TIME_MESSAGES_IN_KERNEL)

    steps = benchmark.pedantic(step_through, args=(board, STEPS), rounds=1, iterations=1)
    assert notebook.kernel.value("len(board.node.moves())") == STEPS
    python = notebook.kernel.value("[ms for kind, ms in _handled if kind == 'walk']")
    redraw = [s["redraw"] for s in steps]
    painted = [s["painted"] for s in steps]
    report(
        benchmark,
        {
            "redraw": summary("study ▶ click → redrawn board", redraw, "ms"),
            "painted": summary("study ▶ click → next painted frame", painted, "ms"),
            "python": summary("  Python's handling in the kernel", python, "ms"),
        },
        {
            "redraw_median_ms": statistics.median(redraw),
            "redraw_p95_ms": percentile(redraw, 0.95),
            "painted_p95_ms": percentile(painted, 0.95),
            "python_median_ms": statistics.median(python),
            "python_p95_ms": percentile(python, 0.95),
        },
    )
