"""The README starts with the game, and its examples and those of the docs run.

The README is short (at most 150 lines), shows the board's picture on its
first screen, and gives the two commands that work on a fresh machine. The
picture, ``docs/board.png``, is of today's drawing of its position: the
digest it carries is checked here, without a browser.

Every ```pycon block is a doctest (the lines after a ``>>>`` are what it must
print) and every ```python block runs, in the README and in the docs pages
that show the API by example; each page's blocks share one namespace, in the
page's order, as a reader typing them into one notebook would. A value is
shown the way a notebook shows it (IPython's pretty printer, which uses the
``_repr_pretty_`` of the game's values), not as a plain ``repr``. A block whose
fence says ``python cluster`` starts a Dask cluster: ``tests/test_cluster.py``
runs the same lines against a local cluster, so it is not run twice; one that
says ``python sketch`` works on a game of the reader's, and is not run.
"""

from __future__ import annotations

import doctest
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser.notebooks.board_picture import digest, position
from IPython.lib.pretty import pretty
from readme_picture import PICTURE, pictured

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# The pages whose examples run, each with how many examples it shows at least.
EXAMPLES = {
    "README.md": 5,
    "docs/playing.md": 5,
    "docs/model.md": 10,
    "docs/studies.md": 8,
    "docs/bots.md": 3,
}
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
NOT_RUN = {"cluster", "sketch"}
COMMANDS = [
    "./dev lab     # set up (.venv with everything) and open the tutorials in JupyterLab",
    "./dev test    # set up and run every test: the page code (npm), ruff, mypy, pytest,"
    " the browser tests, the tutorials under nbval",
]
MAX_LINES = 150
FIRST_SCREEN = 25  # lines: what a reader sees of the README before scrolling


def blocks(page: Path) -> list[tuple[str, str, int]]:
    """(language, code, line number of the code) for each block to run."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        language, info, code = match.groups()
        if language in ("python", "pycon") and NOT_RUN.isdisjoint(info.split()):
            found.append((language, code, text.count("\n", 0, match.start(3)) + 1))
    return found


@contextmanager
def shown_as_in_a_notebook() -> Iterator[None]:
    def show(value: object) -> None:
        if value is not None:
            print(pretty(value))

    # doctest runs its examples with sys.__displayhook__, not sys.displayhook.
    saved, sys.__displayhook__ = sys.__displayhook__, show
    try:
        yield
    finally:
        sys.__displayhook__ = saved


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_examples_run_and_print_what_they_show(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the files the examples write land in a folder of their own
    page = ROOT / name
    namespace: dict[str, object] = {"__name__": "readme"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    with shown_as_in_a_notebook():
        for language, code, line in blocks(page):
            if language == "python":
                exec(compile(code, f"{page}:{line}", "exec"), namespace)
            else:
                test = parser.get_doctest(code, namespace, f"{name} line {line}", str(page), line)
                runner.run(test, clear_globs=False)
                namespace.update(test.globs)  # a DocTest runs in a copy of its globals
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"an example of {name} printed something else (see above)"
    assert results.attempted >= EXAMPLES[name]  # the page still shows its examples


def test_the_readme_is_short_and_starts_with_the_game() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"the README has {len(lines)} lines, at most {MAX_LINES}"
    first_screen = "\n".join(lines[:FIRST_SCREEN])
    assert "](docs/board.png)" in first_screen, "the board's picture leaves the first screen"
    for command in COMMANDS:  # .ci/run runs the second, as a newcomer would
        assert command in first_screen, command
    linked = re.findall(r"\]\((docs/[\w-]+\.md)(?:#[\w-]+)?\)", "\n".join(lines))
    assert linked and all((ROOT / page).exists() for page in linked), linked


def test_the_readme_picture_is_of_todays_drawing() -> None:
    how = "run pytest tests/browser/test_readme_picture.py to make docs/board.png again"
    assert PICTURE.exists(), f"docs/board.png is missing: {how}"
    assert PICTURE.stat().st_size < 300_000, "docs/board.png is over 300 KB"
    assert pictured(PICTURE.read_bytes()) == digest(position()), (
        f"docs/board.png pictures another drawing of its position: {how}"
    )
