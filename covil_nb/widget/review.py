"""An analysis on the board: what the ``review`` trait holds for the page.

Both boards show it the same way: the advantage chart
(:func:`covil_nb.analysis.advantage`, SVG whose dots name the position each
decision was made at along the main line), a row per seat of the summary,
and, at each position where an assessed decision was made, the engine's
view of it in words (:func:`judged`) with its better plan: before the move
it judges, as a teacher points at the choice before it is made. Where the
analysis found a better line, the board draws it on the map there
(:func:`~covil_nb.widget.scene.foreseen`) and plays it in one click
(:func:`better_line`). The page marks the dot of the position shown and
sends a click on a dot as a message; Python checks it.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, cast

from covil_nb.analysis import RULE as ANALYSIS
from covil_nb.analysis import advantage, summary
from covil_nb.bots.search import NOISE
from covil_nb.model import CovilError, Game
from covil_nb.model.language import Number, Text, tr
from covil_nb.model.words import color_name
from covil_nb.study import ENGINE, Assessment, Chapter, Node

from . import payloads
from .scene import foreseen

# What the analysis's glyphs mean (covil_nb.analysis: the loss's size in VP).
MEANINGS = {"?!": tr("an inaccuracy"), "?": tr("a mistake"), "??": tr("a blunder")}


def review_json(chapter: Chapter) -> payloads.Review | payloads.Empty:
    """The chart, the summary and the notes of ``chapter``'s analysis; ``{}``
    when nothing on its main line is assessed."""
    main = [chapter.root, *chapter.main_line()]
    notes: dict[str, payloads.Note] = {}
    game = chapter.start_game().copy(log=False)
    for k, node in enumerate(main[1:], 1):
        if node.assessment is not None:
            line = engine_line(main[k - 1], game)
            notes[str(k - 1)] = {  # by the position decided at, as the chart's dots
                "said": judged(node.assessment),
                "better": _engine_said(node.after),
                "line": bool(line),
                "elements": foreseen(game, line)[1] if line else [],
            }
        game.apply(node.move or "")
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
        "notes": notes,
    }


def better_line(chapter: Chapter, step: int) -> tuple[Node, Game, list[str]]:
    """The node after ``step`` moves of ``chapter``'s main line, its
    position, and the moves of the better line the analysis found for the
    decision made there (refused where it found none)."""
    main = [chapter.root, *chapter.main_line()]
    if 0 <= step < len(main):
        node = main[step]
        game = node.game()
        line = engine_line(node, game)
        if line:
            return node, game, line
    raise CovilError(
        tr("the analysis found no better line for the decision after move {step}", step=step),
        ANALYSIS,
    )


def engine_line(at: Node, game: Game) -> list[str]:
    """The moves of the line an analysis added for the decision made at
    ``at`` (whose position is ``game``), from there to the line's end; []
    where it added none. The line branches off the moves the seat played in
    that step (:func:`~covil_nb.analysis.annotate` writes it so), marked as
    the engine's from its first move of its own; the search stops at
    another seat's move or at the seat's next assessed decision, whose
    lines are that decision's."""
    seat, trial, here = game.decider, game.copy(log=False), at
    shared: list[str] = []
    while here.variations:
        played = here.variations[0]
        if shared and (trial.decider != seat or played.assessment is not None):
            return []  # another decision is made here
        found = next((v for v in here.variations[1:] if v.by == ENGINE), None)
        if found is not None:
            return [*shared, *_to_end(found)]
        trial.apply(played.move or "")
        shared.append(played.move or "")
        here = played
    return []


def _to_end(node: Node) -> list[str]:
    moves = [node.move or ""]
    while node.variations:
        node = node.variations[0]
        moves.append(node.move or "")
    return moves


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
