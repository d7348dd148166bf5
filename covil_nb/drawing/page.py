"""The study page's parts: its style, Markdown made safe, and a comment's HTML.

A study's HTML exporter (:class:`covil_nb.study.HtmlExporter`) builds its
page from these: comments are Markdown with any raw HTML in them escaped,
so that a study from a stranger cannot run a script, and the page is one
document with its style inline, which opens anywhere (no widget, no kernel,
no network).
"""

from __future__ import annotations

import html

import mistune

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


def markdown_html(text: str) -> str:
    """``text``'s Markdown as HTML, raw HTML in it escaped (a renderer made for
    HTML gives text): what a page or the board may insert as it is."""
    return str(_MARKDOWN(text))


def escaped(text: str) -> str:
    """``text`` as HTML text, quotes included."""
    return html.escape(text, quote=True)


def comment_html(text: str, author: str) -> str:
    """A comment as HTML: its Markdown, then its author."""
    by = f' <span class="author">({escaped(author)})</span>' if author else ""
    return f'<div class="comment">{markdown_html(text)}{by}</div>'
