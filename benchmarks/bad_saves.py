"""How fast a huge or deeply nested save is refused (issue 18): a save padded
to 61 MB and to 6 MB (a player repeated 100,000 and 10,000 times, as the
fuzzer found them), as text and as a file; and, to show the caps are not all
there is, the worst saves under them: one padded to just under the size cap,
one whose players fill a state's longest list allowed, one nested just over
the depth cap. Run with

    .venv/bin/python benchmarks/bad_saves.py

Each figure is the best of 5 runs, in wall time. Nothing here asserts a speed.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from covil_nb import CovilError, Game
from covil_nb.model import codec

REPEATS = 5


def refused_in(load: Callable[[], object]) -> tuple[float, str]:
    """The best time ``load`` takes to be refused, and what it said."""
    best, said = float("inf"), ""
    for _ in range(REPEATS):
        start = time.perf_counter()
        try:
            load()
        except CovilError as refusal:
            said = refusal.message
        else:
            raise AssertionError("the save was taken")
        best = min(best, time.perf_counter() - start)
    return best, said


def padded(copies: int) -> str:
    """A real save whose players list holds one player ``copies`` times."""
    save = json.loads(Game.new(["yellow", "red"], board="B", seed=1).to_json())
    save["state"]["players"] = save["state"]["players"][:1] * copies
    return json.dumps(save)


def under_the_cap() -> str:
    """A save padded with players to just under MAX_SAVE."""
    one = len(padded(2)) - len(padded(1))
    return padded((codec.MAX_SAVE - len(padded(1))) // one)


def main() -> None:
    saves = {
        "61 MB (100,000 players)": padded(100_000),
        "6 MB (10,000 players)": padded(10_000),
        "just under the size cap": under_the_cap(),
        "players at the list cap": padded(codec.MAX_STATE_ITEMS),
        "nested 17 deep": "[" * 17 + "]" * 17,
        "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    }
    with tempfile.TemporaryDirectory() as folder:
        for name, text in saves.items():
            path = Path(folder) / "save.json"
            path.write_text(text)
            from_text, said = refused_in(lambda text=text: Game.from_json(text))
            from_file, _ = refused_in(lambda path=path: Game.load(path))
            print(
                f"{name:>24} ({len(text) / 1e6:7.2f} MB): from_json {from_text * 1e3:8.2f} ms, "
                f"load {from_file * 1e3:8.2f} ms — {said[:70]}"
            )


if __name__ == "__main__":
    main()
