"""The tutorials' pictures as Chromium lays them out, with its own fonts: a
caption never runs under the day and phase, and a card's words stay on the
card (issue 19, item 9: tutorial 07's Example A and 01's Setup B overlapped;
tutorial 03's card texts ran off their cards).

The pictures are the committed outputs of the tutorials (what a learner sees),
each measured in the page, where a width estimate could be wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

TUTORIALS = Path(__file__).parents[2] / "tutorials"

# Each picture's faults, measured as laid out: the caption (its first line of
# text) against the calendar (day and phase), a text cut short, and every text
# of a card against the card's frame (a tutorial's note over a card is not the
# card's).
MEASURE = """
() => [...document.querySelectorAll("body > div > svg")].map((svg, index) => {
  const box = (node) => node.getBoundingClientRect();
  const apart = (a, b) =>
    a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  const problems = [];
  for (const status of svg.querySelectorAll("[data-section='status']")) {
    const title =
      status.querySelector(":scope > [data-title]") ?? status.querySelector(":scope > text");
    const calendar = status.querySelector(":scope > [data-day]");
    if (title && calendar && !apart(box(title), box(calendar))) {
      problems.push(`caption over the calendar: "${title.textContent}"`);
    }
  }
  for (const text of svg.querySelectorAll("text")) {
    if (text.textContent.includes("…")) problems.push(`"${text.textContent}" cut short`);
  }
  for (const card of svg.querySelectorAll("[data-card]")) {
    const frame = box(card.querySelector("rect"));
    for (const text of card.querySelectorAll("text")) {
      if (text.closest("[data-note]")) continue; // a tutorial's note over the card, not its words
      const words = box(text);
      const inside = words.left >= frame.left - 1 && words.right <= frame.right + 1
        && words.top >= frame.top - 1 && words.bottom <= frame.bottom + 1;
      if (!inside) problems.push(`${card.dataset.card}: "${text.textContent}" off its card`);
    }
  }
  return { index, problems };
}).filter((picture) => picture.problems.length)
"""


def pictures(notebook: str) -> list[str]:
    cells = json.loads((TUTORIALS / notebook).read_text())["cells"]
    found = []
    for cell in cells:
        for output in cell.get("outputs", []):
            svg = output.get("data", {}).get("image/svg+xml")
            if svg:
                found.append(svg if isinstance(svg, str) else "".join(svg))
    return found


@pytest.mark.parametrize("notebook", ["01-setup.ipynb", "03-combat.ipynb", "07-solo.ipynb"])
def test_captions_and_card_words_stay_in_their_place(page: Page, notebook: str) -> None:
    shown = pictures(notebook)
    assert shown, f"{notebook} shows no picture"
    body = "".join(f"<div>{svg}</div>" for svg in shown)
    page.set_content(f"<!doctype html><body style='width: 1100px'>{body}</body>")
    assert page.evaluate(MEASURE) == []
