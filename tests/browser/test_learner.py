"""What a newcomer's first solo game asked of the board (issue 19), one test
each, in real JupyterLab: the view stays put, every action has a key, a click
is answered at once.

``solo.ipynb`` opens a solo game against the rulebook's dummy, seed 1 (see
test_board.py), so the actions below are known to be legal.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

from browser.board import Board
from browser.harness import NotebookOpener
from browser.test_board import FIRST_DAY, open_solo

# Where the page is scrolled: every scrolled ancestor's offset, the window's,
# and where the board's top is on the screen.
VIEW = """board => {
  const offsets = [];
  for (let node = board.parentElement; node; node = node.parentElement) {
    offsets.push(node.scrollTop);
  }
  return { offsets, window: window.scrollY, top: Math.round(board.getBoundingClientRect().top) };
}"""


def view_of(board: Board) -> dict:
    return board.root.evaluate(VIEW)


def test_no_board_action_scrolls_the_page(open_in_lab: NotebookOpener) -> None:
    """Looking back, a log entry, a pool card, the hint, an action, a refusal:
    the notebook stays where the learner left it (only the log scrolls inside)."""
    notebook, board = open_solo(open_in_lab)
    board.speed("off")
    # The board a little below the top of the notebook's scrolled area, so a
    # scroll either way would show.
    board.root.evaluate("board => board.scrollIntoView({block: 'start'})")
    notebook.page.mouse.wheel(0, -60)
    for action in FIRST_DAY[:3]:
        board.choose(action)
        board.skip_to_decision()
    page = notebook.page
    before = view_of(board)

    def unmoved(what: str) -> None:
        page.wait_for_timeout(400)  # a smooth scroll would have begun by now
        assert view_of(board) == before, what

    def reach(target: Locator) -> dict:
        """Scroll to ``target`` as the learner would (Playwright's click would
        scroll itself); what the click does next is the board's."""
        target.scroll_into_view_if_needed()
        return view_of(board)

    board.root.focus()
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    expect(board.root).to_have_class(re.compile(r"\bcovil-looking-back\b"))
    unmoved("looking back with the arrow keys")
    entry = board.root.locator(".covil-entry").first
    before = reach(entry)
    entry.click()
    unmoved("a log entry clicked")
    page.keyboard.press("End")
    unmoved("back to the game with End")
    before = reach(board.control("Hint"))
    board.control("Hint").click()
    expect(board.root.locator(".covil-hint")).to_be_visible()
    unmoved("the hint")
    card = board.piece("card:gate-warden", "acquire gate-warden").last
    before = reach(card)
    board.click("card:gate-warden", "acquire gate-warden")
    unmoved("a pool card clicked")
    zone = board.root.locator(".covil-map [data-zone]").first
    before = reach(zone)
    zone.click()  # not legal now: a refusal
    expect(board.root.locator(".covil-error")).to_be_visible()
    unmoved("a refused click")
