"""The browser tests' fixtures, shared by ``tests/browser`` and the browser benchmark.

One Chromium and one JupyterLab per test session (started on first use); a fresh
page and a fresh copy of its notebook (so a kernel of its own) per test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from browser.harness import (
    Notebook,
    NotebookOpener,
    Server,
    chromium_context,
    copy_notebook,
    require_chromium,
    start_server,
)


@pytest.fixture(scope="session")
def chromium() -> Path:
    return require_chromium()


@pytest.fixture(scope="session")
def browser(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with chromium_context(chromium, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


@pytest.fixture(scope="session")
def lab(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_server("lab", tmp_path_factory.mktemp("jupyterlab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def notebook7(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_server("notebook", tmp_path_factory.mktemp("notebook7"))
    yield server
    server.stop()


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    """A fresh tab. An uncaught exception or a console error in it (from the board's
    page module, from the host) fails the test: a normal session logs none."""
    page = browser.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    page.on(
        "console",
        lambda message: (
            problems.append(f"console error: {message.text}") if message.type == "error" else None
        ),
    )
    yield page
    page.close()
    if problems:
        pytest.fail("the page reported errors:\n" + "\n".join(problems), pytrace=False)


def _opener(server: Server, page: Page, request: pytest.FixtureRequest) -> Iterator[NotebookOpener]:
    """Open copies of test notebooks for one test; shut their kernels down after it."""
    opened: list[Notebook] = []
    test_name = re.sub(r"\W+", "-", request.node.name).strip("-")

    def open_notebook(name: str) -> Notebook:
        notebook = Notebook(page, server, copy_notebook(server, name, test_name))
        opened.append(notebook.open())
        return notebook

    yield open_notebook
    for notebook in opened:
        notebook.close()


@pytest.fixture
def open_in_lab(
    lab: Server, page: Page, request: pytest.FixtureRequest
) -> Iterator[NotebookOpener]:
    yield from _opener(lab, page, request)


@pytest.fixture
def open_in_notebook7(
    notebook7: Server, page: Page, request: pytest.FixtureRequest
) -> Iterator[NotebookOpener]:
    yield from _opener(notebook7, page, request)
