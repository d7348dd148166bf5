"""Charts of tournament results: each bar is as long as its number, the
intervals and totals are where the table says, and the SVG is valid and the
same every time."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pandas as pd
import pytest

from covil_nb.drawing.charts import SOURCES, vp_by_source, win_rates
from covil_nb.drawing.svg import text_width

SVG = "{http://www.w3.org/2000/svg}"


def rates() -> pd.DataFrame:
    return pd.DataFrame(
        {"win_rate": [0.25, 0.8], "ci_low": [0.1, 0.7], "ci_high": [0.45, 0.88]},
        index=["random <vs> dummy", "greedy"],
    )


def sources() -> pd.DataFrame:
    return pd.DataFrame(
        {"fortress": [5.0, 2.5], "gold": [4.0, 1.0], "minions": [30.0, 12.0], "relics": [6.0, 0.5]},
        index=["greedy", "random"],
    )


def bars(svg: str) -> list[ET.Element]:
    """The bars: the rectangles after the two panels of the background."""
    return ET.fromstring(svg).findall(f"{SVG}rect")[2:]


def test_win_rate_bars_are_as_long_as_the_rates_with_their_intervals() -> None:
    picture = win_rates(rates(), "Who wins")
    first, second = (float(bar.get("width")) for bar in bars(picture.svg))
    assert second / first == pytest.approx(0.8 / 0.25, rel=0.01)  # drawn to a tenth of a unit
    texts = [t.text for t in ET.fromstring(picture.svg).iter(f"{SVG}text")]
    assert "random <vs> dummy" in texts and "Who wins" in texts  # escaped, and read back
    assert "25.0% (10.0% to 45.0%)" in texts and "80.0% (70.0% to 88.0%)" in texts
    whiskers = [p.get("d") for p in ET.fromstring(picture.svg).iter(f"{SVG}path")]
    left = float(bars(picture.svg)[0].get("x"))
    per_one = first / 0.25
    ends = [
        tuple(map(float, e)) for e in re.findall(r"M([\d.]+),[\d.]+H([\d.]+)", " ".join(whiskers))
    ]
    assert ends[0] == pytest.approx((left + 0.1 * per_one, left + 0.45 * per_one), abs=0.5)


def test_vp_by_source_stacks_the_sources_in_order_with_the_total() -> None:
    picture = vp_by_source(sources(), "Where the VP come from")
    rects = bars(picture.svg)[len(SOURCES) :]  # after the legend's swatches
    assert [r.get("fill") for r in rects[:4]] == list(SOURCES.values())
    widths = [float(r.get("width")) for r in rects]
    assert widths[2] / widths[0] == pytest.approx(30 / 5, rel=0.01)  # minions against fortress
    x = [float(r.get("x")) for r in rects[:4]]
    assert all(abs(a + w - b) < 0.2 for a, w, b in zip(x, widths, x[1:], strict=False))
    texts = [t.text for t in ET.fromstring(picture.svg).iter(f"{SVG}text")]
    assert "45.0" in texts and "16.0" in texts  # the totals
    assert "50 VP" in texts  # the scale ends on the round ten above the longest bar


def test_charts_are_deterministic_and_name_their_title() -> None:
    assert win_rates(rates(), "Who wins").svg == win_rates(rates(), "Who wins").svg
    assert repr(vp_by_source(sources(), "VP")).startswith("<Picture of VP: 640x")
    assert not re.search(r"\bid=|0x[0-9a-f]{6,}", vp_by_source(sources(), "VP").svg)


def test_a_rate_is_written_after_its_whisker_and_inside_the_picture() -> None:
    """Long labels and a rate near 100% (tutorial 8's chart): each rate's
    words start past its whisker's end, never across it, and end inside."""
    near_one = pd.DataFrame(
        {
            "win_rate": [1.0, 0.74, 0.002],
            "ci_low": [0.51, 0.633, 0.0],
            "ci_high": [1.0, 0.825, 0.014],
        },
        index=["greedy, against the dummy", "the tree search bot, against greedy", "random"],
    )
    picture = win_rates(near_one, "Who wins")
    svg = ET.fromstring(picture.svg)
    labels = {t.text: t for t in svg.iter(f"{SVG}text")}
    whiskers = " ".join(p.get("d") for p in svg.iter(f"{SVG}path"))
    highs = [float(h) for h in re.findall(r"M[\d.]+,[\d.]+H([\d.]+)", whiskers)]
    said = ["100.0% (51.0% to 100.0%)", "74.0% (63.3% to 82.5%)", "0.2% (0.0% to 1.4%)"]
    ends = []
    for words, high in zip(said, highs, strict=True):
        start = float(labels[words].get("x"))
        assert labels[words].get("text-anchor") is None and start > high
        ends.append(start + text_width(words, 12))
    assert max(ends) == pytest.approx(picture.width - 12, abs=0.5)  # the widest scale that fits
