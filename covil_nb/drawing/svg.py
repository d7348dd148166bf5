"""Tiny helpers that write SVG text: attributes, elements, wrapped text.

Everything here is deterministic: numbers have one fixed decimal (a trailing
".0" dropped), attributes keep the order they are given, and all text is
escaped. No ids are ever written, so any number of pictures can share a page.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from functools import lru_cache

SVG_NS = "http://www.w3.org/2000/svg"
#: The margin around and between the sections of the whole picture.
PAD = 8.0
FONT = "sans-serif"
#: The default ink: every section sets it, so text of this colour leaves it out.
INK = "#2b2620"
# Average advance of a character, in em, for the widest common sans-serif
# (DejaVu Sans): wrapping with it keeps text inside its box in every font.
CHAR_EM = 0.6
# The same for bold text: DejaVu Sans Bold's names and captions run to about
# 0.67 em a character (measured in Chromium), wider than CHAR_EM allows for.
BOLD_EM = 0.68

Value = str | int | float | None

# Escapes as one table lookup per character (a picture writes thousands of
# attributes per position): text escapes &, < and >; attributes quotes too.
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def escape(words: str) -> str:
    """Text for an element's content."""
    return words.translate(_TEXT)


def num(x: float) -> str:
    """A number with one decimal, "12.0" written "12"."""
    if type(x) is int:
        return str(x)
    text = f"{x:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    # -0.0 (and what rounds to it) is written "0": equal numbers, equal text,
    # which the attribute cache below relies on (0.0 == -0.0 there).
    return "0" if text == "-0" else text


def _value(value: str | int | float) -> str:
    if isinstance(value, str):  # a game's word (a StrEnum) too
        return value.translate(_ATTRIBUTE)
    return num(value)


# A position's picture writes the same few thousand name="value" pairs
# (colours, sizes, places) step after step: each is written once. Bounded,
# since words and numbers come from the game (a long session meets more).
@lru_cache(maxsize=1 << 14)
def _attribute(key: str, value: str | int | float) -> str:
    """``stroke_width`` is written ``stroke-width``; a trailing ``_`` (``class_``) dropped."""
    return f' {key.rstrip("_").replace("_", "-")}="{_value(value)}"'


def attrs(**named: Value) -> str:
    """Attributes from keywords: ``stroke_width`` is written ``stroke-width``,
    ``data_zone`` ``data-zone``; None leaves the attribute out."""
    return "".join(_attribute(key, value) for key, value in named.items() if value is not None)


def tag(name: str, *children: str, **named: Value) -> str:
    """One element; with no children it closes itself."""
    inner = "".join(children)
    return f"<{name}{attrs(**named)}>{inner}</{name}>" if inner else f"<{name}{attrs(**named)}/>"


def document(
    *children: str, width: float, height: float, kind: str, fill: str | None = None
) -> str:
    """A whole picture's ``<svg>`` (``kind``: "board", "chart"), sized and
    with the drawing's font; ``fill`` sets the default ink when given. It
    shrinks to a narrower output (a notebook beside JupyterLab's file
    browser), where its own size would cut its right side off."""
    return tag(
        "svg",
        *children,
        xmlns=SVG_NS,
        viewBox=f"0 0 {num(width)} {num(height)}",
        width=width,
        height=height,
        style="max-width: 100%; height: auto",
        font_family=FONT,
        fill=fill,
        data_covil=kind,
    )


def group(*children: str, **named: Value) -> str:
    return tag("g", *children, **named)


def text(x: float, y: float, words: str, **named: Value) -> str:
    """One line of text (escaped)."""
    return f"<text{attrs(x=x or None, y=y, **_inked(named))}>{escape(words)}</text>"


def _inked(named: dict[str, Value]) -> dict[str, Value]:
    return {k: v for k, v in named.items() if not (k == "fill" and v == INK)}


def lines(x: float, y: float, rows: list[str], size: float, step: float, **named: Value) -> str:
    """Several lines, the first baseline at ``y``, each ``step`` below (one
    line is a plain text)."""
    if len(rows) == 1:
        return text(x, y, rows[0], font_size=size, **named)
    spans = "".join(
        f"<tspan{attrs(x=x, dy=0 if i == 0 else step)}>{escape(row)}</tspan>"
        for i, row in enumerate(rows)
    )
    return f"<text{attrs(x=x, y=y, font_size=size, **_inked(named))}>{spans}</text>"


def wrap(words: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Break ``words`` into lines no wider than ``width`` at font ``size``.
    SVG has no automatic wrapping, so the lines are chosen here."""
    return textwrap.wrap(words, fits(width, size, bold), break_long_words=True) or [""]


def fit(
    words: str, width: float, size: float, most: int, bold: bool = False
) -> tuple[list[str], float]:
    """``words`` in ``most`` lines of ``width`` at the most, and the font size
    they take: ``size``, or smaller when they need more lines. A text is
    never cut: a card's words are the rules a player reads."""
    rows = wrap(words, width, size, bold)
    while len(rows) > most:
        size *= 0.9
        rows = wrap(words, width, size, bold)
    return rows, size


def fits(width: float, size: float, bold: bool = False) -> int:
    """How many characters fit in ``width`` at font ``size``."""
    return max(1, int(width / (size * (BOLD_EM if bold else CHAR_EM)) + 1e-6))


def text_width(words: str, size: float, bold: bool = False) -> float:
    """An estimate wide enough for ``words`` at font ``size``."""
    return len(words) * size * (BOLD_EM if bold else CHAR_EM)


def pips(xs: list[float], y: float, d: str, full: int, on: dict, off: dict) -> str:
    """A track of small marks: the path ``d`` (relative moves from (x, y))
    repeated at each x, the first ``full`` in one paint, the rest in another,
    as two paths rather than one element each."""
    paths = [
        (xs[:full], on),
        (xs[full:], off),
    ]
    return "".join(
        tag("path", d="".join(f"M{num(x)},{num(y)}{d}" for x in at), **paint)
        for at, paint in paths
        if at
    )


def points(*xy: float) -> str:
    return " ".join(f"{num(a)},{num(b)}" for a, b in zip(xy[::2], xy[1::2], strict=True))


@dataclass(frozen=True)
class Section:
    """A part of the picture in its own coordinates (0..width, 0..height).

    ``body`` is the SVG markup inside; :meth:`svg` makes it a document of its
    own, :meth:`at` places it inside a larger picture."""

    name: str
    width: float
    height: float
    body: str

    def svg(self) -> str:
        """A document of its own."""
        return self._element(xmlns=SVG_NS, font_family=FONT)

    def at(self, x: float, y: float) -> str:
        """Placed at (x, y) inside a larger picture."""
        return self._element(x=x, y=y)

    def _element(self, **placement: Value) -> str:
        return tag(
            "svg",
            self.body,
            **placement,
            viewBox=f"0 0 {num(self.width)} {num(self.height)}",
            width=self.width,
            height=self.height,
            fill=INK,
            data_section=self.name,
        )
