"""Smoke tests of the board in the other hosts: Notebook 7 and marimo. Each
opens the solo game (seed 1), clicks the start zone, and sees Python's answer."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from browser.board import ROOT, Board
from browser.harness import NotebookOpener, Server


def start_and_check(board: Board) -> None:
    """Choose the start zone B; Python answers with the next decision."""
    expect(board.root).to_have_attribute("data-waiting", "")
    board.click("zone:B", "start B")
    board.skip_to_decision()
    expect(board.piece("fortress:yellow")).to_have_count(1)
    expect(board.piece("troop:Y1", "lie Y1")).to_have_count(1)


def test_notebook7(open_in_notebook7: NotebookOpener) -> None:
    notebook = open_in_notebook7("solo.ipynb")
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    start_and_check(board)
    assert notebook.kernel.value("board.game.player('yellow').fortress") == "B"


def test_marimo(marimo: Server, page: Page) -> None:
    """marimo runs the notebook as it opens; the board lives in a shadow root,
    which Playwright's selectors pierce."""
    page.goto(marimo.url)
    board = Board(page.locator(f"{ROOT}[data-version]"))
    start_and_check(board)
