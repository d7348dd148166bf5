"""The README's picture, ``docs/board.png``: a real game's board in JupyterLab.

The test opens ``board_picture.ipynb`` (the position of
``notebooks/board_picture.py``), checks that the board offers the decision
it pictures, and screenshots the top of the board. It writes
``docs/board.png`` when the committed one is missing or pictures another
drawing (the digest in the PNG's metadata differs), so that a run changes no
committed file otherwise; ``tests/test_readme.py`` fails while it is stale.
After a change of the page's look alone (its CSS), delete ``docs/board.png``
and run this test to make it again. Every run keeps its screenshot in
``artifacts/screenshots/readme-board.png``.
"""

from __future__ import annotations

from playwright.sync_api import expect
from readme_picture import PICTURE, pictured, stamped

from browser.board import ROOT, Board
from browser.harness import NotebookOpener, screenshot_path

MARGIN = 8  # px of the board kept under its controls


def test_the_readme_picture_is_a_board_of_a_real_game(open_in_lab: NotebookOpener) -> None:
    notebook = open_in_lab("board_picture.ipynb")
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    expect(board.root).to_have_attribute("data-waiting", "")
    listed = board.listed_actions()
    assert {"attack R1", "attack G4", "move B"} <= set(listed), listed

    # The picture is the board's top: the status, the map beside the
    # decision, and the controls under them (the halls and the log follow).
    board.root.evaluate("root => root.scrollIntoView({block: 'start'})")
    top = board.root.bounding_box()
    controls = board.root.locator(".covil-controls").bounding_box()
    assert top is not None and controls is not None
    bottom = controls["y"] + controls["height"] + MARGIN
    clip = {"x": top["x"], "y": top["y"], "width": top["width"], "height": bottom - top["y"]}
    png = notebook.page.screenshot(clip=clip, path=screenshot_path("readme-board"))

    digest = notebook.kernel.value("__import__('board_picture').digest(board.game)")
    if not PICTURE.exists() or pictured(PICTURE.read_bytes()) != digest:
        PICTURE.write_bytes(stamped(png, digest))
