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
from typing import Any, cast

from covil_nb.analysis import advantage, summary
from covil_nb.bots.search import NOISE
from covil_nb.model.language import Number, Text, tr
from covil_nb.model.words import color_name
from covil_nb.study import ENGINE, Assessment, Chapter

from . import payloads

# What the analysis's glyphs mean (covil_nb.analysis: the loss's size in VP).
MEANINGS = {"?!": tr("an inaccuracy"), "?": tr("a mistake"), "??": tr("a blunder")}


def review_json(chapter: Chapter) -> payloads.Review | payloads.Empty:
    """The chart, the summary and the notes of ``chapter``'s analysis; ``{}``
    when nothing on its main line is assessed."""
    notes: dict[str, payloads.Note] = {
        str(k): {"said": judged(node.assessment), "better": _engine_said(node.after)}
        for k, node in enumerate(chapter.main_line(), 1)
        if node.assessment is not None
    }
    if not notes:
        return {}
    return {
        "chart": advantage(chapter).svg,
        # Each seat named in the language of the moment.
        "summary": [
            # The mean loss said as the language writes it ("0,55 pontos").
            cast(
                payloads.SeatSummary,
                {
                    **asdict(row),
                    "seat": str(color_name(row.seat)),
                    "loss": str(_loss(row.mean_loss)),
                },
            )
            for row in summary(chapter).seats
        ],
        "notes": notes,  # by the node's index along the main line, as the chart's dots
    }


def judged(assessment: Assessment) -> str:
    """The engine's view of a decision in words, in margins at the day's end
    (VP less the best rival's): "Engine, for red: played -1.2 VP, best +1.4
    VP (±0.4): 2.6 VP lost, a mistake (?)."."""
    a = assessment
    head = tr(
        "Engine, for {color}: played {played} VP, best {best} VP (±{error})",
        color=color_name(a.seat),
        played=Number(a.played, "+.1f"),
        best=Number(a.best, "+.1f"),
        error=Number(a.error, ".1f"),
    )
    loss = Number(a.loss, ".1f")
    if a.glyph in MEANINGS:
        said = tr(
            "{head}: {loss} VP lost, {meaning} ({glyph}).",
            head=head,
            loss=loss,
            meaning=MEANINGS[a.glyph],
            glyph=a.glyph,
        )
    elif a.loss == 0:
        said = tr("{head}: the best option found.", head=head)
    elif a.loss <= NOISE * a.error:
        said = tr("{head}: {loss} VP behind, within the luck of the draw.", head=head, loss=loss)
    else:
        said = tr("{head}: {loss} VP behind, too little to mark.", head=head, loss=loss)
    return str(said)


def _engine_said(comments: list[Any]) -> str:
    """The engine's comment on a move: its better plan, and why."""
    return " ".join(c.text for c in comments if c.author == ENGINE)


def _loss(mean_loss: float) -> Text:
    return tr("{loss} VP", loss=Number(mean_loss, ".2f"))
