"""An analysis on the boards in a real JupyterLab: "Analyse this game" on a
finished game's board and on a study of it, the progress bar while Python
works, the chart and the summary, and a click on a dot that moves the board.

``analysis.ipynb`` plays a solo game to its end (the greedy bot as yellow,
seed 3), shows it on a game board, then as a study; both analyse with 24
iterations of the search a decision.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

from browser.board import ROOT, Board
from browser.harness import Notebook, NotebookOpener, screenshot_path

NOTEBOOK = "analysis.ipynb"
WAIT = 60_000  # ms: the analysis, on a machine of two cores


def boards(open_in_lab: NotebookOpener) -> tuple[Notebook, Board, Board]:
    notebook = open_in_lab(NOTEBOOK)
    found = notebook.run_all(f"{ROOT}[data-version]")
    expect(found).to_have_count(2, timeout=WAIT)
    return notebook, Board(found.nth(0)), Board(found.nth(1))


def analyse(board: Board, name: str) -> Locator:
    """Press "Analyse this game", see the progress bar, then the chart; the section."""
    section = board.root.locator(".covil-analysis")
    section.get_by_role("button", name="Analyse this game").click()
    expect(section.locator("progress")).to_be_visible(timeout=WAIT)
    expect(section.locator(".covil-progress-said")).to_contain_text("Analysing:")
    board.root.screenshot(path=str(screenshot_path(f"{name}-progress")))
    expect(section.locator(".covil-chart svg")).to_be_visible(timeout=WAIT)
    expect(section.locator("progress")).to_be_hidden()
    expect(section.locator(".covil-summary td").first).to_have_text("yellow")
    return section


def test_a_finished_game_analysed_on_its_board_and_a_dot_shows_its_position(
    open_in_lab: NotebookOpener,
) -> None:
    notebook, board, _ = boards(open_in_lab)
    section = analyse(board, "analysis-game-board")
    assert notebook.kernel.value("board.analysis is not None") is True
    dot = section.locator(".covil-chart [data-node]").nth(5)
    step = int(dot.get_attribute("data-node") or "0")
    dot.click()
    expect(board.root).to_have_class(re.compile("covil-looking-back"))
    expect(dot).to_have_class(re.compile("covil-shown"))
    expect(section.locator(".covil-engine-note")).to_contain_text("Engine, for yellow")
    slider = board.root.locator(".covil-slider")
    shown = int(slider.input_value())
    assert shown < int(slider.get_attribute("max") or "0")  # a past position, not the end
    board.root.screenshot(path=str(screenshot_path("analysis-game-board")))
    assert step > 0
    # Every dot: those after a move the log writes no position of its own for
    # ("acquire" waits for its payment), those with a glyph (clicked on it),
    # and the last, the game's end.
    glyphs = section.locator(".covil-chart [data-node]:has(text)")
    expect(glyphs.first).to_be_visible()
    glyphs.first.locator("text").click()
    expect(glyphs.first).to_have_class(re.compile("covil-shown"))
    dots = section.locator(".covil-chart [data-node]")
    for index in range(dots.count()):
        dots.nth(index).locator("circle").click()
        expect(dots.nth(index)).to_have_class(re.compile("covil-shown"))
        expect(section.locator(".covil-engine-note")).to_contain_text("Engine, for yellow")
    # A judged decision, at the position it was made at: its better line
    # drawn there, and tried in one click as a "what if" line.
    glyphs.first.locator("circle").click()
    better = section.get_by_role("button", name="Try the better line")
    expect(better).to_be_visible()
    board.root.screenshot(path=str(screenshot_path("analysis-better-line")))
    before = board.version
    better.click()
    board.moved_on_from(before)
    banner = board.root.locator(".covil-banner")
    expect(banner).to_contain_text("Trying a “what if” line")  # the line shown, not the past
    expect(banner).not_to_contain_text("Looking back")
    assert notebook.kernel.value("board.controls['what_if'] is not None") is True
    board.root.screenshot(path=str(screenshot_path("analysis-better-line-tried")))


def test_a_study_analysed_on_its_board_and_a_dot_jumps_to_its_move(
    open_in_lab: NotebookOpener,
) -> None:
    notebook, _, board = boards(open_in_lab)
    section = analyse(board, "analysis-study-board")
    expect(board.root.locator(".covil-engine-line").first).to_contain_text("engine:")
    dot = section.locator(".covil-chart [data-node]").nth(8)
    step = int(dot.get_attribute("data-node") or "0")
    before = board.version
    dot.click()
    board.moved_on_from(before)
    expect(dot).to_have_class(re.compile("covil-shown"))
    expect(section.locator(".covil-engine-note")).to_contain_text("Engine, for yellow")
    jumped = f"studied.node is list(studied.chapter.main_line())[{step - 1}]"
    assert notebook.kernel.value(jumped) is True
    # The decision there judged; its better line one click away, in the tree.
    judged = section.locator(".covil-chart [data-node]:has(text)").first
    before = board.version
    judged.locator("circle").click()
    board.moved_on_from(before)
    before = board.version
    section.get_by_role("button", name="Go to the better line").click()
    board.moved_on_from(before)
    assert notebook.kernel.value("not studied.node.is_main_line()") is True
    board.root.screenshot(path=str(screenshot_path("analysis-study-board")))
    # The review lies under the board at its full width, as on the game
    # board; the study's panel keeps the node's comments (the engine's better
    # plan on a move with a glyph) in sight, unscrolled: the judged dot is
    # the position before that move, and → steps onto it.
    judged = section.locator(".covil-chart [data-node]:has(text)").first
    before = board.version
    judged.locator("circle").click()
    board.moved_on_from(before)
    before = board.version
    board.root.focus()
    notebook.page.keyboard.press("ArrowRight")
    board.moved_on_from(before)
    expect(board.root.locator(".covil-notes")).not_to_be_empty()
    placed = board.root.evaluate(
        """root => {
            const box = (selector) => root.querySelector(selector).getBoundingClientRect();
            const study = root.querySelector(".covil-study");
            const notes = box(".covil-notes");
            const panel = study.getBoundingClientRect();
            const review = box(".covil-analysis");
            const width = root.getBoundingClientRect().width;
            return {
                under: review.top >= box(".covil-main").bottom,
                wide: review.width >= 0.95 * width - 24,
                scrolled: study.scrollTop,
                notesInPanel:
                    notes.height > 0 && notes.top >= panel.top && notes.bottom <= panel.bottom,
            };
        }"""
    )
    study = board.root.locator(".covil-study")
    study.scroll_into_view_if_needed()
    study.screenshot(path=str(screenshot_path("analysis-study-panel")))
    assert placed == {"under": True, "wide": True, "scrolled": 0, "notesInPanel": True}, placed
