"""The board's pictures and log sent in pieces, so that a step sends only what changed.

A hall is about 13 KB of SVG and a step changes a coin, a card's state or a
troop in it; the log of a phase grows by a few entries a step. A trait syncs
whole, so the board syncs names instead, and the texts they name once:

- ``chunks_new``: the texts this step uses that the step before did not;
- ``chunks``: every text in use, sent only with a full state (a page that
  opens or reloads the board, saved widget state), never with a step;
- ``pictures`` and ``log``: names of texts in that store.

A text's name is a checksum of it: the same text always has the same name,
and nothing depends on time or memory. A section of the drawing is cut into
chunks, each an element two levels deep (a card of a hall, a coin track, a
troop) or a lone tag above them; the section's *layout*, the names of its
chunks joined by spaces, is a text of the store too, and ``pictures`` names
one layout per section. Joined in order, the chunks give the SVG back exactly.

The page keeps the texts in use, as :class:`Sheet` does (a name always means
the same text, so a kept one never goes stale): it starts from ``chunks``,
adds ``chunks_new`` at each step and drops the texts the new position no
longer names. Steps reach the page in order, so what a step leaves out the
page already holds.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

DEPTH = 2  # elements this deep are chunks whole; the tags above them are chunks alone
_TAG = re.compile(r"<(/?)[^\s>/]+[^>]*?(/?)>")  # the drawing escapes ">" in attributes

Store = dict[str, str]


def chunks(svg: str) -> list[str]:
    """``svg`` cut after each tag that leaves at most :data:`DEPTH` elements open."""
    found: list[str] = []
    start = depth = 0
    for tag in _TAG.finditer(svg):
        closing, empty = tag.group(1), tag.group(2)
        depth += -1 if closing else 0 if empty else 1
        if depth <= DEPTH:
            found.append(svg[start : tag.end()])
            start = tag.end()
    if start < len(svg):
        found.append(svg[start:])
    return found


def name(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


@lru_cache(maxsize=64)
def _cut(svg: str) -> tuple[str, Store]:
    """``svg``'s layout and its chunks by name. Kept: most sections (a hall
    nobody touched, the market) come out the same at the next step, and are
    not cut and named again."""
    cut = [(name(c), c) for c in chunks(svg)]
    return " ".join(n for n, _ in cut), dict(cut)  # a chunk may come twice: it is named twice


class Round:
    """The texts one step shows, gathered while its traits are made."""

    def __init__(self) -> None:
        self.used: Store = {}

    def text(self, text: str) -> str:
        """Keep ``text``; return its name."""
        key = name(text)
        self.used[key] = text
        return key

    def svg(self, svg: str) -> str:
        """Keep ``svg`` in chunks; return the name of its layout."""
        layout, named = _cut(svg)
        self.used.update(named)
        return self.text(layout)


class Sheet:
    """The texts in use, as the page holds them after the last step."""

    def __init__(self) -> None:
        self.in_use: Store = {}

    def publish(self, shown: Round) -> Store:
        """``shown`` is in use now; return the texts the page lacks for it."""
        new = self.extra(shown)
        self.in_use = shown.used
        return new

    def extra(self, beside: Round) -> Store:
        """The texts ``beside`` needs besides those in use (for pictures shown
        beside the step's, such as a past position)."""
        return {k: v for k, v in beside.used.items() if k not in self.in_use}
