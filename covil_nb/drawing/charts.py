"""Charts of tournament results, as SVG pictures a notebook shows (and stores).

>>> from covil_nb.analysis.tournament import tournament
>>> table = tournament({"yellow": "random", "red": "dummy"}, games=4, workers=1).table()
>>> win_rates(table, "Who wins")  # doctest: +SKIP
<Picture of Who wins: 640x118>

Both charts take a table with one row per bar, labelled by its index, such
as :meth:`Results.table() <covil_nb.analysis.tournament.Results.table>` gives
(several such tables may be joined, with labels of your own):

- :func:`win_rates` draws each row's ``win_rate`` as a bar, with its 95%
  interval (``ci_low`` to ``ci_high``) as a whisker;
- :func:`vp_by_source` stacks each row's mean VP by source (``fortress``,
  ``gold``, ``minions``, ``relics``).

Like the board's drawing, the text is deterministic: no ids, no times,
numbers with one decimal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from covil_nb.model.language import Number, tr
from covil_nb.model.scoring import SOURCE_NAMES
from covil_nb.model.words import color_name

from .picture import Picture
from .style import BORDER, HIGHLIGHTS, MUTED, PANEL, PAPER, PLAYERS
from .svg import INK, document, escape, num, tag, text, text_width

if TYPE_CHECKING:
    import pandas as pd

WIDTH = 640.0
BAR = 22.0  # a bar's height
ROW = 34.0  # from one bar to the next
LABEL = 12.0  # font size of the labels
TOP = 40.0  # the title's band
AXIS = 26.0  # the scale's band, under the bars
PAD = 12.0
_GAP = 6.0  # from a bar's (or whisker's) end to the words after it
BAR_FILL = "#6d8fb3"
BAD = HIGHLIGHTS["bad"]  # a glyph's ink
#: The sources of VP, in the order they are stacked, with their colours.
SOURCES = {"fortress": "#8c6a4f", "gold": "#e0b341", "minions": "#5a7fc2", "relics": "#8e5ab5"}


def win_rates(table: pd.DataFrame, title: str) -> Picture:
    """A bar for each row's win rate, with its 95% interval, on a scale from 0
    to 100%. Each rate is written after its whisker, never across it: the
    scale is the widest at which every row's words fit after its whisker."""
    labels = [str(label) for label in table.index]
    rows = [(r.win_rate, r.ci_low, r.ci_high) for _, r in table.iterrows()]
    said = [_rate_said(*row) for row in rows]
    left = _left(labels)
    room = WIDTH - PAD - left
    ends = [
        (room - _GAP - text_width(words, LABEL)) / high
        for words, (*_, high) in zip(said, rows, strict=True)
        if high > 0
    ]
    tick = text_width("100%", LABEL - 1) / 2 + _GAP  # the last tick's words, centred on its line
    scale = min([room - tick, *ends])  # a rate of 1 spans the scale
    parts = [_ticks(left, scale, len(rows), [0, 0.25, 0.5, 0.75, 1], lambda v: f"{v:.0%}")]
    for i, (label, (rate, low, high), words) in enumerate(zip(labels, rows, said, strict=True)):
        y = TOP + ROW * i
        mid = y + BAR / 2
        parts += [
            _label(label, left, mid),
            tag("rect", x=left, y=y, width=rate * scale, height=BAR, fill=BAR_FILL),
            tag(
                "path",
                d=f"M{num(left + low * scale)},{num(mid)}H{num(left + high * scale)}"
                f"M{num(left + low * scale)},{num(y + 4)}v{num(BAR - 8)}"
                f"M{num(left + high * scale)},{num(y + 4)}v{num(BAR - 8)}",
                stroke=INK,
                stroke_width=1.5,
            ),
            text(left + high * scale + _GAP, _baseline(mid), words, font_size=LABEL),
        ]
    return _picture(title, len(rows), parts)


def _rate_said(rate: float, low: float, high: float) -> str:
    """ "71.3% (66.6% to 75.5%)": a rate and its 95% interval."""
    return str(
        tr(
            "{rate} ({low} to {high})",
            rate=Number(rate, ".1%"),
            low=Number(low, ".1%"),
            high=Number(high, ".1%"),
        )
    )


def vp_by_source(table: pd.DataFrame, title: str) -> Picture:
    """A stacked bar for each row: its mean VP from the fortress, the
    treasury, the minions and the relics, with the total at its end."""
    rows = [
        (str(label), [(source, float(r[source])) for source in SOURCES])
        for label, r in table.iterrows()
    ]
    sums = [sum(v for _, v in parts) for _, parts in rows]
    totals = [str(Number(total, ".1f")) for total in sums]
    left = _left([label for label, _ in rows])
    right = WIDTH - PAD - _GAP - max((text_width(t, LABEL) for t in totals), default=0.0)
    most = max(sums, default=0.0)
    top = max(10.0, 10.0 * -(-most // 10))  # the scale ends on a round ten
    scale = (right - left) / top
    steps = [float(v) for v in range(0, int(top) + 1, 10 if top <= 60 else 20)]
    parts = [
        _ticks(left, scale, len(rows), steps, lambda v: str(tr("{vp} VP", vp=Number(v, "g")))),
        _legend(),
    ]
    for i, (label, sources) in enumerate(rows):
        y, x = TOP + ROW * i, left
        baseline = _baseline(y + BAR / 2)
        parts.append(_label(label, left, y + BAR / 2))
        for source, value in sources:
            parts.append(
                tag("rect", x=x, y=y, width=value * scale, height=BAR, fill=SOURCES[source])
            )
            if value * scale > text_width(f"{value:.0f}", LABEL) + 4:
                parts.append(
                    text(
                        x + value * scale / 2,
                        baseline,
                        f"{value:.0f}",
                        font_size=LABEL,
                        text_anchor="middle",
                        fill="#ffffff",
                    )
                )
            x += value * scale
        parts.append(text(x + _GAP, baseline, totals[i], font_size=LABEL))
    return _picture(title, len(rows), parts)


# -- the parts both charts share ---------------------------------------------------------


def _left(labels: list[str]) -> float:
    """Where the bars start: after the longest label."""
    return PAD + max((text_width(label, LABEL) for label in labels), default=0.0) + 10


def _label(label: str, left: float, mid: float) -> str:
    return text(left - 8, _baseline(mid), label, font_size=LABEL, text_anchor="end")


def _baseline(mid: float) -> float:
    """Where a label's text sits to look centred on ``mid``."""
    return mid + LABEL * 0.35


def _ticks(
    left: float, scale: float, rows: int, values: list[float], word: Callable[[float], str]
) -> str:
    """Vertical grid lines under the bars, each with its value below."""
    bottom = _bottom(rows)
    lines = []
    for value in values:
        x = left + value * scale
        lines.append(tag("path", d=f"M{num(x)},{num(TOP - 4)}V{num(bottom + 4)}", stroke=BORDER))
        lines.append(
            text(x, bottom + 18, word(value), font_size=LABEL - 1, text_anchor="middle", fill=MUTED)
        )
    return "".join(lines)


def _legend() -> str:
    """The sources' colours, on the title's line."""
    x, parts = WIDTH - PAD, []
    for source in reversed(SOURCES):
        said = str(SOURCE_NAMES[source])
        x -= text_width(said, LABEL - 1) + 22
        parts.append(tag("rect", x=x, y=15, width=11, height=11, fill=SOURCES[source]))
        parts.append(text(x + 15, 25, said, font_size=LABEL - 1))
    return "".join(parts)


def _bottom(rows: int) -> float:
    """Where the last bar ends."""
    return TOP + ROW * rows - (ROW - BAR)


def _picture(title: str, rows: int, parts: list[str]) -> Picture:
    return _framed(title, _bottom(rows) + AXIS + PAD, parts)


def _framed(title: str, height: float, parts: list[str]) -> Picture:
    """The chart's paper, panel and title around ``parts``."""
    svg = document(
        tag("rect", width=WIDTH, height=height, rx=10, fill=PAPER),
        tag("rect", x=4, y=4, width=WIDTH - 8, height=height - 8, rx=8, fill=PANEL),
        text(PAD, 26, title, font_size=15, font_weight="bold"),
        *parts,
        width=WIDTH,
        height=height,
        kind="chart",
        fill=INK,
    )
    return Picture(svg, title, WIDTH, height)


# -- the advantage chart of an analysis --------------------------------------------------

PLOT = 200.0  # the plot's height
POINT = 3.5  # a decision's dot
GLYPH_POINT = 5.5  # a decision marked with a glyph
SEAT_FILL = "#777777"  # a seat of no known colour


class Assessed(Protocol):
    """What the chart reads of an analysis's assessment of a decision."""

    @property
    def seat(self) -> str: ...
    @property
    def played(self) -> float: ...
    @property
    def best(self) -> float: ...
    @property
    def error(self) -> float: ...
    @property
    def glyph(self) -> str: ...


@dataclass(frozen=True)
class Point:
    """An assessed decision along a main line, as the advantage chart plots it."""

    node: int  # where the seat decided: the node before the assessed move, by its index
    day: int
    assessment: Assessed


def advantage_chart(found: list[Point], title: str | None = None) -> Picture:
    """Each seat's evaluation at its decisions, in order (``found``): the
    expected margin after the option played (its VP less the best rival's at
    the end of the day), a dot per decision, days marked. Each dot carries
    ``data-node`` (the index along the main line of the position decided
    at: ``k`` is the node reached after the chapter's first ``k`` actions)
    and ``data-seat``, for a board to jump there when it is clicked; its
    ``<title>`` says the values.
    The title is "Evaluation over the game" (in the language of the moment)
    unless one is given."""
    top = max((abs(p.assessment.played) for p in found), default=0.0)
    reach = max(5.0, 5.0 * -(-top // 5))  # the scale ends on a round five
    left, right = PAD + 56, WIDTH - PAD - 8
    step = (right - left) / max(1, len(found))

    def x(i: int) -> float:
        return left + step * (i + 0.5)

    def y(vp: float) -> float:
        return TOP + 16 + PLOT / 2 * (1 - vp / reach)

    parts = [
        _vp_scale(left, right, reach, y),
        _days(found, x, y(reach), y(-reach)),
        _seat_legend(found),
    ]
    for seat in dict.fromkeys(p.assessment.seat for p in found):
        mine = [(i, p) for i, p in enumerate(found) if p.assessment.seat == seat]
        parts.append(_seat_line(seat, [(x(i), y(p.assessment.played), p) for i, p in mine]))
    said = title if title is not None else str(tr("Evaluation over the game"))
    return _framed(said, y(-reach) + 28 + PAD, parts)


def _vp_scale(left: float, right: float, reach: float, y: Callable[[float], float]) -> str:
    """Horizontal lines at round margins, the even line darker, each labelled."""
    parts = []
    for vp in (reach, reach / 2, 0.0, -reach / 2, -reach):
        stroke = MUTED if vp == 0 else BORDER
        parts.append(tag("path", d=f"M{num(left)},{num(y(vp))}H{num(right)}", stroke=stroke))
        parts.append(
            text(
                left - 6,
                y(vp) + 4,
                str(tr("{vp} VP", vp=Number(vp, "+g")) if vp else tr("even")),
                font_size=LABEL - 1,
                text_anchor="end",
                fill=MUTED,
            )
        )
    return "".join(parts)


def _days(found: list[Point], x: Callable[[int], float], high: float, low: float) -> str:
    """A dashed line before each day's first decision, with the day's number."""
    parts = []
    for i, point in enumerate(found):
        if i and point.day == found[i - 1].day:
            continue
        at = x(i) - (x(1) - x(0)) / 2 if len(found) > 1 else x(i)
        parts.append(
            tag(
                "path",
                d=f"M{num(at)},{num(high)}V{num(low)}",
                stroke=BORDER,
                stroke_dasharray="4 3",
            )
        )
        day = str(tr("day {day}", day=point.day))
        parts.append(text(at + 3, low + 16, day, font_size=LABEL - 1, fill=MUTED))
    return "".join(parts)


def _seat_legend(found: list[Point]) -> str:
    """The seats' colours, on the title's line."""
    x, parts = WIDTH - PAD, []
    for seat in reversed(list(dict.fromkeys(p.assessment.seat for p in found))):
        said = str(color_name(seat))
        x -= text_width(said, LABEL - 1) + 22
        parts.append(tag("circle", cx=x + 5, cy=20.5, r=5, fill=_seat_fill(seat)))
        parts.append(text(x + 15, 25, said, font_size=LABEL - 1))
    return "".join(parts)


def _seat_line(seat: str, at: list[tuple[float, float, Point]]) -> str:
    """A seat's line through its decisions, a dot at each (a larger one, and
    the glyph above it, where the analysis marked one)."""
    fill = _seat_fill(seat)
    d = "".join(f"{'L' if i else 'M'}{num(px)},{num(py)}" for i, (px, py, _) in enumerate(at))
    parts = [tag("path", d=d, stroke=fill, stroke_width=2, fill="none")]
    parts.extend(_dot(seat, fill, px, py, point) for px, py, point in at)
    return "".join(parts)


def _dot(seat: str, fill: str, px: float, py: float, point: Point) -> str:
    """A decision's dot and its glyph, one group carrying ``data-node``: a
    click on the glyph or on the title's tooltip is a click on the dot."""
    a = point.assessment
    said = str(
        tr(
            "day {day}, {color}: {played} VP (best {best}, ±{error})",
            day=point.day,
            color=color_name(seat),
            played=Number(a.played, "+.1f"),
            best=Number(a.best, "+.1f"),
            error=Number(a.error, ".1f"),
        )
    )
    glyph = a.glyph and text(
        px, py - 9, a.glyph, font_size=LABEL, text_anchor="middle", font_weight="bold", fill=BAD
    )
    dot = tag(
        "circle",
        cx=px,
        cy=py,
        r=GLYPH_POINT if a.glyph else POINT,
        fill=fill,
        stroke=INK,
        stroke_width=1,
    )
    title = tag("title", escape(f"{said} {a.glyph}".strip()))
    return tag("g", title, dot, glyph, data_node=point.node, data_seat=seat)


def _seat_fill(seat: str) -> str:
    return PLAYERS[seat][0] if seat in PLAYERS else SEAT_FILL
