"""The browser tests' fixtures, shared by ``tests/browser`` and the browser benchmark.

One Chromium and one server of each kind per test session (started on first
use): a Jupyter server for JupyterLab and Notebook 7, and marimo. JupyterLab is
loaded once, in one tab, because loading it takes seconds: each test opens a
fresh copy of its notebook there (so a kernel of its own) and closes it after.
Other hosts get a fresh tab per test.
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
    Watched,
    chromium_context,
    copy_notebook,
    launch_server,
    require_chromium,
    watched_tab,
)


@pytest.fixture(scope="session")
def chromium() -> Path:
    return require_chromium()


@pytest.fixture(scope="session")
def browser(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with chromium_context(chromium, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


# Each kind of server; the fixture that gives it to tests has its name.
SERVERS = ("jupyter", "marimo")
MARIMO_NOTEBOOK = "solo_marimo.py"


@pytest.fixture(scope="session")
def servers(
    chromium: Path, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[dict[str, Server]]:
    """Every server the session's tests use, launched together when the first is
    needed, so that they start side by side rather than one after the other."""
    used = set().union(*(getattr(item, "fixturenames", ()) for item in request.session.items))
    launched = {
        kind: launch_server(kind, tmp_path_factory.mktemp(kind), MARIMO_NOTEBOOK)
        for kind in SERVERS
        if kind in used
    }
    yield launched
    for server in launched.values():
        server.stop()


@pytest.fixture(scope="session")
def jupyter(servers: dict[str, Server]) -> Server:
    """One Jupyter server for JupyterLab and Notebook 7 both."""
    return servers["jupyter"].serving()


@pytest.fixture(scope="session")
def marimo(servers: dict[str, Server]) -> Server:
    """marimo serves the one notebook it was started with (MARIMO_NOTEBOOK)."""
    return servers["marimo"].serving()


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    """A fresh tab; an error it reports fails the test (see ``Watched``)."""
    with watched_tab(browser) as tab:
        yield tab


@pytest.fixture(scope="session")
def lab_tab(browser: BrowserContext) -> Iterator[Watched]:
    tab = Watched(browser.new_page())
    yield tab
    tab.page.close()


def opener(
    server: Server, page: Page, app: str, request: pytest.FixtureRequest
) -> Iterator[NotebookOpener]:
    """Open copies of test notebooks in ``app`` ("lab" or "notebook") for one
    test; close them and shut their kernels down after it."""
    opened: list[Notebook] = []
    test_name = re.sub(r"\W+", "-", request.node.name).strip("-")

    def open_notebook(name: str) -> Notebook:
        notebook = Notebook(page, server, copy_notebook(server, name, test_name), app)
        opened.append(notebook.open())
        return notebook

    yield open_notebook
    for notebook in opened:
        notebook.close()


@pytest.fixture
def open_in_lab(
    jupyter: Server, lab_tab: Watched, request: pytest.FixtureRequest
) -> Iterator[NotebookOpener]:
    yield from opener(jupyter, lab_tab.page, "lab", request)
    lab_tab.check()


@pytest.fixture
def open_in_notebook7(
    jupyter: Server, page: Page, request: pytest.FixtureRequest
) -> Iterator[NotebookOpener]:
    yield from opener(jupyter, page, "notebook", request)
