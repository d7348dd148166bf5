"""An analysis on the board: what the ``review`` trait holds for the page.

Both boards show it the same way: the advantage chart
(:func:`covil_nb.analysis.advantage`, SVG whose dots name their node along
the main line), a row per seat of the summary, and, for each assessed node
of the main line, the engine's view in words (:func:`judged`) with its
better plan. The page marks the dot of the position shown and sends a click
on a dot as a message; Python checks it.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from covil_nb.analysis import NOISE, advantage, summary
from covil_nb.study import ENGINE, Assessment, Chapter

# What the analysis's glyphs mean (covil_nb.analysis: the loss's size in VP).
MEANINGS = {"?!": "an inaccuracy", "?": "a mistake", "??": "a blunder"}


def review_json(chapter: Chapter) -> dict[str, Any]:
    """The chart, the summary and the notes of ``chapter``'s analysis; ``{}``
    when nothing on its main line is assessed."""
    notes = {
        str(k): {"said": judged(node.assessment), "better": _engine_said(node.after)}
        for k, node in enumerate(chapter.main_line(), 1)
        if node.assessment is not None
    }
    if not notes:
        return {}
    return {
        "chart": advantage(chapter).svg,
        "summary": [asdict(row) for row in summary(chapter).seats],
        "notes": notes,  # by the node's index along the main line, as the chart's dots
    }


def judged(assessment: Assessment) -> str:
    """The engine's view of a decision in words, in margins at the day's end
    (VP less the best rival's): "Engine, for red: played -1.2 VP, best +1.4
    VP (±0.4): 2.6 VP lost, a mistake (?)."."""
    a = assessment
    head = (
        f"Engine, for {a.seat}: played {a.played:+.1f} VP, best {a.best:+.1f} VP (±{a.error:.1f})"
    )
    if a.glyph in MEANINGS:
        return f"{head}: {a.loss:.1f} VP lost, {MEANINGS[a.glyph]} ({a.glyph})."
    if a.loss == 0:
        return f"{head}: the best option found."
    if a.loss <= NOISE * a.error:
        return f"{head}: {a.loss:.1f} VP behind, within the dice's noise."
    return f"{head}: {a.loss:.1f} VP behind, too little to mark."


def _engine_said(comments: list[Any]) -> str:
    """The engine's comment on a move: its better plan, and why."""
    return " ".join(c.text for c in comments if c.author == ENGINE)
