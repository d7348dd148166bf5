"""A study as a page: pictures and text, and one HTML file that opens anywhere.

Any notebook viewer shows the pictures and text; the file needs no widget,
no kernel and no network.

The page reads a chapter as a book does (:class:`~covil_nb.study.Visitor`):
each move in words with its glyphs, the comments under it (Markdown, its
HTML escaped, so a study from a stranger cannot run a script), the lines
beside it indented, a question with its answer folded away, and the
engine's view. Where the author says something (a comment, a mark, a
glyph, a question), the position after the move is drawn with the node's
marks, through the chapter's eyes (``draw(viewer=chapter.seat)``: hidden
hands stay hidden), by the board's one drawing.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

import mistune

from covil_nb.model import CovilError, Game
from covil_nb.model.language import language, tr
from covil_nb.study import RULE, Chapter, Node, Study, Visitor, assessed, moment, seen_by, walk

_MARKDOWN = mistune.create_markdown(escape=True)

# The page alone: a notebook keeps its own body.
BODY = """
body { font: 15px/1.45 system-ui, sans-serif; color: #2a2622; background: #fbf8f2;
       max-width: 960px; margin: 2em auto; padding: 0 1em; }
"""
# Scoped to the study, so that a notebook showing it keeps the rest as it was.
STYLE = """
.covil-study-page h2 { border-bottom: 1px solid #d9d0c0; }
.covil-study-page .move { margin: 0.2em 0; }
.covil-study-page .when { color: #6b6257; font-size: 0.9em; }
.covil-study-page .glyph { font-weight: bold; color: #7a3b12; }
.covil-study-page .variation { margin-left: 1.5em; padding-left: 0.8em;
                              border-left: 2px solid #d9d0c0; }
.covil-study-page .comment { margin: 0.2em 0 0.2em 1.5em; }
.covil-study-page .comment p { margin: 0.2em 0; }
.covil-study-page .author { color: #6b6257; font-size: 0.85em; }
.covil-study-page .engine { color: #35557a; font-size: 0.9em; margin-left: 1.5em; }
.covil-study-page .question { margin: 0.5em 0 0.5em 1.5em; padding: 0.4em 0.8em;
                         background: #f1e9d8; border-radius: 6px; }
.covil-study-page figure { margin: 0.6em 0 0.6em 1.5em; }
.covil-study-page figure svg { max-width: min(100%, 640px); height: auto; }
"""


class HtmlExporter(Visitor):
    """A chapter as HTML, pictures where the author says something."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def begin_chapter(self, chapter: Chapter, start: Game) -> None:
        seen = _text(str(seen_by(chapter)))
        self.parts.append(f"<h2>{_text(chapter.title)} <small>({seen})</small></h2>")
        if chapter.description:
            self.parts.append(markdown_html(chapter.description))
        self._notes(chapter.root, start)

    def node(self, node: Node, before: Game, after: Game) -> None:
        self.parts += [_comment(c.text, c.author) for c in node.before]
        glyphs = "".join(f' <span class="glyph">{_text(g)}</span>' for g in node.glyphs)
        label = _text(before.explain(node.move))  # type: ignore[arg-type]
        when = f'<span class="when">{_text(moment(before))}:</span>'
        move = f"{when} {label}{glyphs}"
        self.parts.append(f'<div class="move" data-path="{_path(node)}">{move}</div>')
        self._notes(node, after)

    def begin_variation(self) -> None:
        self.parts.append('<div class="variation">')

    def end_variation(self) -> None:
        self.parts.append("</div>")

    def _notes(self, node: Node, position: Game) -> None:
        """What is said of ``node``, and its picture when there is any."""
        self.parts += [_comment(c.text, c.author) for c in node.after]
        if node.assessment is not None:
            self.parts.append(f'<div class="engine">{_text(assessed(node.assessment))}</div>')
        if node.question is not None:
            self.parts.append(_question(node))
        if node.parent is None or _says_something(node):
            self.parts.append(f"<figure>{node.picture(position).svg}</figure>")


def chapter_html(chapter: Chapter) -> str:
    exporter = HtmlExporter()
    walk(chapter, exporter)
    return "\n".join(exporter.parts)


def study_html(study: Study) -> str:
    """The study's chapters, as one ``<div>`` (what a notebook shows)."""
    title = f"<h1>{_text(study.title)}</h1>" if study.title else ""
    chapters = "\n".join(chapter_html(c) for c in study.chapters)
    return f'<div class="covil-study-page"><style>{STYLE}</style>{title}\n{chapters}</div>'


def study_page(study: Study) -> str:
    """The study as a whole HTML document: its style inline, nothing fetched."""
    title = _text(study.title or str(tr("A Covil study")))
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{BODY}</style>\n</head>\n<body>\n"
        f"{study_html(study)}\n</body>\n</html>\n"
    )


def export_html(study: Study, path: str | os.PathLike[str]) -> Path:
    """Write :func:`study_page` to ``path``."""
    target = Path(path)
    try:
        target.write_text(study_page(study), encoding="utf-8")
    except OSError as exc:
        refused = tr("cannot write the page {path}: {problem}", path=repr(str(path)), problem=exc)
        raise CovilError(refused, RULE) from None
    return target


def _says_something(node: Node) -> bool:
    """Whether the author says anything of ``node``: its notes, a glyph, a question."""
    return node.noted or bool(node.glyphs) or node.question is not None


def _comment(text: str, author: str) -> str:
    by = f' <span class="author">({_text(author)})</span>' if author else ""
    return f'<div class="comment">{markdown_html(text)}{by}</div>'


def _question(node: Node) -> str:
    question = node.question
    assert question is not None
    show = _text(str(tr("Show the answer")))
    return (
        f'<div class="question"><strong>{_text(question.prompt)}</strong>'
        f"<details><summary>{show}</summary>{_text(node.shown())}</details></div>"
    )


def markdown_html(text: str) -> str:
    """``text``'s Markdown as HTML, raw HTML in it escaped (a renderer made for
    HTML gives text): what a page or the board may insert as it is."""
    return str(_MARKDOWN(text))


def _path(node: Node) -> str:
    return ".".join(str(i) for i in node.path())


def _text(text: str) -> str:
    return html.escape(text, quote=True)
