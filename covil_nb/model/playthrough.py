"""Golden playthroughs: one whole game written as text.

Every decision with its legal actions and the one chosen, and the events it
caused.

A change in behaviour anywhere in the rules changes this text, so CI
compares the stored files with freshly played ones. Regenerate them, after
checking that the change is intended, with::

    python -m covil_nb.model.playthrough --write
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from .game import Game

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "tests" / "golden"
GAMES: dict[str, dict[str, Any]] = {
    "en": {"players": ["yellow", "red", "green"], "board": "A", "seed": 2026},
    "pt": {"players": ["blue", "green"], "board": "B", "seed": 2027},
}


def random_game(game: Game, seed: int, max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end choosing uniformly among the legal actions."""
    chooser = random.Random(seed)
    for _ in range(max_actions):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    return game


def playthrough(edition: str) -> str:
    spec = GAMES[edition]
    game = Game.new(**spec, edition=edition)
    chooser = random.Random(spec["seed"])
    lines = [f"# Covil playthrough: edition {edition}, {spec}"]
    lines += [f"  {e}" for e in game.log]
    while not game.is_over:
        legal = game.legal_actions()
        chosen = chooser.choice(legal)
        lines.append(f"day {game.day} {game.phase} | {game.decision}")
        lines.append("  legal: " + " | ".join(str(a) for a in legal))
        lines.append(f"  chosen: {chosen}")
        lines += [f"  {e}" for e in game.apply(chosen)]
    lines.append("# final score")
    lines += [f"  {s}" for s in game.score()]
    lines.append(f"  winners: {', '.join(game.winners)}")
    return "\n".join(lines) + "\n"


def golden_path(edition: str) -> Path:
    return GOLDEN_DIR / f"playthrough-{edition}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the golden files")
    args = parser.parse_args(argv)
    differs = []
    for edition in GAMES:
        text, path = playthrough(edition), golden_path(edition)
        if args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({text.count(chr(10))} lines)")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            differs.append(path)
    for path in differs:
        print(f"{path} differs from a fresh playthrough", file=sys.stderr)
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
