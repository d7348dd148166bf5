"""A study on the board in a real JupyterLab: stepping through it by click
and by key, writing a comment, a glyph and an arrow, saving it and opening
the file again on a new board, and answering its quiz wrong, then right.

``study.ipynb`` studies a solo game's first moves (seed 1): "start B",
"lie Y1", "move A", "acquire gate-warden", "pay gold 1", with a question
after "move A" (what to acquire). Its second cell opens the saved file.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

from browser.board import ROOT, Board
from browser.harness import Notebook, NotebookOpener, screenshot_path

STUDY = "study.ipynb"


class StudyBoard(Board):
    """The board with a study's panel (js/src/study.js)."""

    @property
    def panel(self) -> Locator:
        return self.root.locator(".covil-study")

    def move(self, node: int) -> Locator:
        """The move of the tree with that index (0: the chapter's start)."""
        return self.panel.locator(f'.covil-tree [data-node="{node}"]')

    def current(self) -> str:
        """The move shown, as the tree says it (its label; the notation is its tooltip)."""
        return self.panel.locator(".covil-current").inner_text()

    def press(self, text: str, **kwargs: str | None) -> None:
        """Press a button of the panel and wait for Python's answer."""
        before = self.version
        self.panel.get_by_role("button", name=text, exact=True).click()
        self.moved_on_from(before)

    def key(self, key: str) -> None:
        before = self.version
        self.root.press(key)
        self.moved_on_from(before)


def open_study(open_in_lab: NotebookOpener) -> tuple[Notebook, StudyBoard]:
    notebook = open_in_lab(STUDY)
    board = StudyBoard(notebook.run_all(f"{ROOT}[data-version]").first)
    expect(board.move(0)).to_have_class("covil-button covil-move covil-current")
    return notebook, board


def test_stepping_through_a_study_by_click_and_by_key(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_study(open_in_lab)
    description = board.panel.locator(".covil-description")
    expect(description).to_have_text(  # as written: its Markdown and its tags are text
        "The **opening**: <b>where</b> to start.\nThen the first buy."
    )
    expect(description.locator("b")).to_have_count(0)
    board.panel.screenshot(path=str(screenshot_path("study-description")))
    board.press("▶")
    expect(description).to_be_hidden()  # the chapter's start only
    assert board.current() == "Place the fortress and 2 troops in zone B"
    board.key("ArrowRight")
    board.key("ArrowRight")
    assert board.current() == "Move Y1 to zone A"
    board.key("ArrowLeft")
    assert board.current() == "Lie down Y1"
    board.key("End")
    assert board.current() == "Pay 1 gold"
    before = board.version
    board.move(1).click()
    board.moved_on_from(before)
    assert board.current() == "Place the fortress and 2 troops in zone B"
    assert notebook.kernel.value("board.node.moves()") == ["start B"]
    board.key("Home")
    assert board.current() == "Start"
    board.root.screenshot(path=str(screenshot_path("study-board")))
    # Under the map and the study, the side panel is whole: its list does not
    # scroll. The legend comes after it.
    legend = board.root.locator(".covil-legend")
    legend.scroll_into_view_if_needed()
    placed = legend.evaluate(
        """legend => {
            const box = (node) => node.getBoundingClientRect();
            const root = legend.closest(".covil-board");
            const [map, study] = [box(root.querySelector(".covil-table")),
                                  box(root.querySelector(".covil-study"))];
            const list = root.querySelector(".covil-side-scroll");
            const side = box(list);
            return { sideUnderBoth: side.top >= Math.max(map.bottom, study.bottom),
                     legendAfterSide: box(legend).top >= side.bottom,
                     sideWhole: list.scrollHeight <= list.clientHeight + 1 };
        }"""
    )
    assert all(placed.values()), placed
    legend.screenshot(path=str(screenshot_path("study-legend")))


def test_writing_a_comment_a_glyph_and_an_arrow_saved_and_opened_again(
    open_in_lab: NotebookOpener,
) -> None:
    notebook, board = open_study(open_in_lab)
    before = board.version
    board.move(3).click()  # "move A"
    board.moved_on_from(before)
    board.panel.get_by_label("Comment").fill("Y1 heads for the **town**: zone A is next to it.")
    board.press("Add comment")
    expect(board.panel.locator(".covil-after")).to_contain_text("heads for the town")
    expect(board.panel.locator(".covil-after strong")).to_have_text("town")  # Markdown, shown
    board.press("!")
    assert board.current() == "Move Y1 to zone A!"
    board.panel.get_by_role("button", name="Arrow", exact=True).click()  # the page's own tool
    board.piece("troop:Y2").last.click()  # in zone B, beside the fortress
    expect(board.panel.locator(".covil-tool-said")).to_have_text(
        "From troop:Y2: click where it goes."
    )
    before = board.version
    board.piece("zone:A").last.click()
    board.moved_on_from(before)
    expect(board.root.locator(".covil-pieces [data-arrow]")).to_have_count(1)
    assert notebook.kernel.value("board.node.marks.arrows") == [("troop:Y2", "zone:A")]
    board.root.screenshot(path=str(screenshot_path("study-authored")))
    board.press("Save")
    assert notebook.kernel.value("board.path.exists()") is True
    expect(board.panel.locator(".covil-saved")).to_have_text(
        re.compile(r"Saved to study-\d+\.json")
    )

    # The second cell opens the file on a new board: the same notes.
    notebook.page.locator(".jp-Notebook .jp-Cell").nth(2).click()
    notebook.command("notebook:run-cell")
    again = StudyBoard(notebook.page.locator(f".jp-OutputArea-output {ROOT}[data-version]").nth(1))
    expect(again.move(3)).to_have_text("Move Y1 to zone A!")
    again.panel.get_by_role("button", name="Save").click()  # no file: Python says how to give one
    expect(again.root.locator(".covil-error")).to_contain_text("StudyWidget(study, path=...)")
    before = again.version
    again.move(3).click()
    again.moved_on_from(before)
    expect(again.panel.locator(".covil-after")).to_contain_text("heads for the town")
    expect(again.root.locator(".covil-pieces [data-arrow]")).to_have_count(1)


def test_a_quiz_answered_wrong_then_right(open_in_lab: NotebookOpener) -> None:
    _, board = open_study(open_in_lab)
    board.press("Quiz mode")
    expect(board.panel.locator(".covil-author")).to_be_hidden()
    expect(board.move(3)).to_be_visible()  # the question, its answer not in the tree at all
    expect(board.panel.locator(".covil-tree [data-node]")).to_have_count(4)
    board.key("End")  # stops at the question
    assert board.current() == "Move Y1 to zone A"
    board.key("Home")
    before = board.version
    board.move(3).click()
    board.moved_on_from(before)
    quiz = board.panel.locator(".covil-quiz")
    expect(quiz.locator(".covil-question")).to_have_text(
        "What would you acquire? Choose on the board."
    )
    expect(board.move(4)).to_have_count(0)  # the answer's line waits
    wrong = next(a for a in board.listed_actions() if a.startswith("acquire") and "gate" not in a)
    board.choose(wrong)
    expect(quiz.locator(".covil-verdict")).to_contain_text("Not quite")
    expect(quiz.locator(".covil-verdict")).to_contain_text("Think of the town.")
    quiz.screenshot(path=str(screenshot_path("study-quiz-wrong")))
    board.panel.get_by_role("button", name="Try again").click()
    expect(quiz.locator(".covil-verdict")).to_be_hidden()
    board.choose("acquire gate-warden")
    expect(quiz.locator(".covil-verdict")).to_contain_text("Right")
    expect(quiz.locator(".covil-verdict")).to_contain_text("It guards the town.")
    assert board.current() == "Acquire Gate Warden for 3"
    expect(board.panel.locator(".covil-tree [data-node]")).to_have_count(6)  # answered: listed
    board.root.screenshot(path=str(screenshot_path("study-quiz-right")))


def test_a_card_highlighted_and_what_was_written_taken_off(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_study(open_in_lab)
    board.key("End")  # after "pay gold 1": the Gate Warden in yellow's hall
    board.panel.get_by_label("Comment").fill("The Warden guards the town.")
    board.press("Add comment")
    board.press("!")
    board.panel.get_by_role("button", name="Highlight", exact=True).click()
    card = board.root.locator('.covil-cards [data-card="gate-warden"]').first
    before = board.version
    card.click()
    board.moved_on_from(before)
    expect(card.locator(".covil-study-ring")).to_have_count(1)  # ringed as the hint's
    board.root.screenshot(path=str(screenshot_path("study-card-highlight")))
    before = board.version
    card.click()  # again: taken off
    board.moved_on_from(before)
    expect(board.root.locator(".covil-study-ring")).to_have_count(0)
    board.press("!")  # pressed again: taken off
    assert board.current() == "Pay 1 gold"
    board.panel.locator(".covil-after").get_by_role("button", name="✕").click()
    expect(board.panel.locator(".covil-after")).to_be_hidden()
    assert notebook.kernel.value("(board.node.after, board.node.glyphs)") == ([], [])


LESSONS = "study_lessons.ipynb"


def open_lessons(open_in_lab: NotebookOpener) -> tuple[Notebook, StudyBoard]:
    """Tutorial 9's study of three lessons, in quiz mode, at its first question."""
    notebook = open_in_lab(LESSONS)
    board = StudyBoard(notebook.run_all(f"{ROOT}[data-version]").first)
    expect(board.move(0)).to_have_class(re.compile("covil-current"))
    return notebook, board


def test_switching_chapters_and_back_draws_the_pieces(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_lessons(open_in_lab)
    chapter = board.panel.locator("select.covil-chapter")
    for index in ("1", "0"):
        before = board.version
        chapter.select_option(index)
        board.moved_on_from(before)
        expect(board.piece("troop:Y1").first).to_be_visible()
        # Every element of the drawing is an SVG one: none made in HTML's namespace.
        html_made = board.root.locator(".covil-table, .covil-cards").evaluate_all(
            "parts => parts.flatMap(p => [...p.querySelectorAll('g, rect, text, path')])"
            ".filter(e => e.namespaceURI !== 'http://www.w3.org/2000/svg').length"
        )
        assert html_made == 0
    assert notebook.kernel.value("board.chapter.title") == "Spend before the treasury overflows"
    board.root.screenshot(path=str(screenshot_path("study-chapters")))


def test_a_quiz_question_gives_nothing_away_and_offers_show_me(open_in_lab: NotebookOpener) -> None:
    _, board = open_lessons(open_in_lab)
    quiz = board.panel.locator(".covil-quiz")
    expect(quiz.locator(".covil-question")).to_contain_text("Your treasury is full.")
    # The author highlighted the answer's card and the treasury: not before the answer.
    expect(board.root.locator(".covil-study-ring")).to_have_count(0)
    board.control("Hint").click()
    hint = board.root.locator(".covil-hint")
    expect(hint).to_contain_text("What happens to the next coin you gain")
    expect(board.root.locator(".covil-hint-ring")).to_have_count(0)  # no bot's move ringed
    reveal = board.panel.get_by_role("button", name="Show me")
    expect(reveal).to_be_visible()  # from the start, not only after a wrong answer
    board.root.screenshot(path=str(screenshot_path("study-quiz-asked")))
    before = board.version
    reveal.click()
    board.moved_on_from(before)
    board.key("ArrowLeft")  # back at the question, answered: the author's marks
    expect(board.root.locator(".covil-study-ring")).not_to_have_count(0)
