"""The tutorials with nothing to install: the JupyterLite site (issue 23) in
headless Chromium, its Python running in the page (Pyodide).

``tools/lite.py`` builds the site into ``build/lite`` (or says it is current),
a plain static server (``python -m http.server``) serves it on a free loopback
port, and the browser tests' Chromium (which has nothing of the site cached:
its address has a port of its own) opens each tutorial in a tab of its own, runs every
cell, and checks that every code cell ran with no error output. The last test
plays a few actions on tutorial 1's live board by clicking.

Tutorial 8 is left out: it reads the tournaments with pandas, which has no
wheel for Pyodide on PyPI (docs/lite.md).

Timings are measured, printed (``pytest -s``) and written to
``artifacts/lite-timings.json``, never asserted (speed targets live in
benchmarks/): the application up and the first kernel ready, from asking for
the page (the first tab of a fresh browser: nothing cached); each tutorial's
kernel ready and whole run; each click's answer (from the click to the board
redrawn with the new position, timed in the page).

Without a Chromium or npm the tests skip saying why (``COVIL_REQUIRE_BROWSER=1``
turns that into a failure); a build that fails otherwise fails them. The
browser's every request is written down: one to any other host fails the module.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Request

from browser.board import ROOT as BOARD
from browser.board import Board
from browser.harness import (
    ARTIFACTS,
    KERNEL_IDLE,
    OPEN,
    SERVER_START_S,
    free_port,
    require_chromium,
    screenshot_path,
    watched_tab,
)

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "lite"
ENGLISH = [
    "01-setup.ipynb",
    "02-a-day.ipynb",
    "03-combat.ipynb",
    "04-night.ipynb",
    "05-minions-and-relics.ipynb",
    "06-scoring.ipynb",
    "07-solo.ipynb",
    "09-studying-games.ipynb",
]
TUTORIALS = [
    *ENGLISH,
    # In Portuguese too: the same games told in other words (tutorial 9's
    # analysis, a minute long, runs in English alone).
    *(f"pt/{name}" for name in ENGLISH[:7]),
]
BUILD_S = 900
# Generous limits, reached only when something is wrong: Pyodide's first start
# (about 10 s here) and tutorial 9 (about a minute: it analyses a whole game).
KERNEL_MS = 240_000
RUN_MS = 600_000
CLICKS = 3

# Run every cell, as the Run menu does; the command's promise settles once the
# last cell has run (or a cell failed and the rest were not run).
RUN_ALL = """async (limit) => {
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`not done in ${limit / 1000} s`)), limit));
  const run = window.jupyterapp.commands.execute("notebook:run-all-cells");
  return await Promise.race([run, timeout]);
}"""
# What went wrong in each code cell: not run, an error, text on stderr.
PROBLEMS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .map((cell, index) => [index, cell.model])
  .filter(([, model]) => model.type === "code")
  .flatMap(([index, model]) => {
    const said = [];
    if (model.executionCount === null) said.push(`cell ${index} did not run`);
    for (const output of model.outputs.toJSON()) {
      if (output.output_type === "error") {
        said.push(`cell ${index} raised ${output.ename}: ${output.evalue}\\n`
          + output.traceback.join("\\n").replace(/\\u001b\\[[0-9;]*m/g, ""));
      } else if (output.name === "stderr") {
        said.push(`cell ${index} wrote on stderr: ${output.text}`);
      }
    }
    return said;
  })"""
# Shut the notebook's kernel down and close its tab without saving, so that the
# site's stored workspace opens nothing the next time.
CLOSE = """async () => {
  const tab = window.jupyterapp.shell.currentWidget;
  await tab.sessionContext.shutdown();
  tab.context.model.dirty = false;
  tab.close();
}"""
# Time a click on the board in the page: from the click to the redrawn board
# (its data-version, set once the new position is drawn).
WATCH_CLICK = """(root) => {
  const before = root.dataset.version;
  const watch = (window.covilClick = {});
  root.addEventListener("click", () => { watch.clicked ??= performance.now(); },
                        { capture: true, once: true });
  new MutationObserver((_, observer) => {
    if (root.dataset.version !== before) {
      watch.answered = performance.now();
      observer.disconnect();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-version"] });
}"""
# Python's side of the board: the last actions of the live board's game (the
# tutorial's last cell shows the board, so IPython's `_` is it).
HISTORY = """async (count) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({
    code: `print("\\\\n".join(str(a) for a in _.game.history[-${count}:]))`,
    store_history: false,
  });
  const said = [];
  future.onIOPub = (message) => {
    if (message.header.msg_type === "stream") said.push(message.content.text);
    if (message.header.msg_type === "error") said.push(message.content.evalue);
  };
  await future.done;
  return said.join("").trim().split("\\n");
}"""


def unavailable(reason: str) -> None:
    """Skip, or fail under COVIL_REQUIRE_BROWSER=1 (CI), as the other browser tests do."""
    if os.environ.get("COVIL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}; COVIL_REQUIRE_BROWSER=1 requires the browser tests", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def timings() -> Iterator[dict[str, Any]]:
    """What the module measured, written to artifacts/lite-timings.json at its end."""
    measured: dict[str, Any] = {"when": datetime.now(UTC).isoformat(timespec="seconds")}
    yield measured
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "lite-timings.json").write_text(json.dumps(measured, indent=2) + "\n")
    print("\nJupyterLite timings:", json.dumps(measured, indent=2))


@pytest.fixture(scope="module")
def site(timings: dict[str, Any]) -> Path:
    """The built site: tools/lite.py builds it, or finds it current."""
    require_chromium()
    if shutil.which("npm") is None:
        unavailable("no npm here: tools/lite.py fetches Pyodide's runtime with it")
    started = time.monotonic()
    try:
        built = subprocess.run(
            [sys.executable, REPO / "tools" / "lite.py"],
            capture_output=True,
            text=True,
            timeout=BUILD_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"tools/lite.py did not build the site in {BUILD_S} s")
    said = (built.stdout + built.stderr).strip()
    # A failed build is a failure: only a machine without npm skips.
    assert built.returncode == 0, "tools/lite.py failed:\n" + "\n".join(said.splitlines()[-15:])
    timings["site"] = "reused (current)" if "is current" in said else "built"
    timings["site_build_s"] = round(time.monotonic() - started, 1)
    return SITE


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    """The site served as any static server would: ``python -m http.server``."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    server = subprocess.Popen(
        [*command, "--directory", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        answering(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=15)


def answering(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        assert server.poll() is None, "python -m http.server exited at start"
        try:
            urllib.request.urlopen(f"{url}/jupyter-lite.json", timeout=2).close()
            return
        except OSError:
            time.sleep(0.1)  # polling a port that is not open yet; no DOM to wait on
    raise AssertionError(f"python -m http.server did not answer in {SERVER_START_S} s")


@pytest.fixture(scope="module")
def elsewhere(site_url: str) -> Iterator[list[str]]:
    """What the module's tabs asked of any other host than the site: nothing,
    or the module fails (the site asks nothing of a CDN or of PyPI)."""
    asked: list[str] = []
    yield asked
    assert not asked, f"the site asked other hosts: {asked}"


@pytest.fixture
def tab(browser: BrowserContext, site_url: str, elsewhere: list[str]) -> Iterator[Page]:
    """A fresh tab of the browser tests' Chromium (one Playwright per process:
    a second one cannot start beside it; nothing of the site is in its cache,
    the site's address having a port of its own), its every request written
    down; an error it reports fails the test (see ``Watched``). It listens,
    never stands in the way: a request held up by the test's own Python
    would hold up Pyodide's loading."""

    def heard(request: Request) -> None:
        if not request.url.startswith((site_url, "data:", "blob:")):
            elsewhere.append(request.url)

    with watched_tab(browser) as page:
        page.on("request", heard)
        yield page


def open_tutorial(page: Page, url: str, name: str, timings: dict[str, Any]) -> float:
    """Open the tutorial in the site's JupyterLab, on a reset workspace (else it
    opens again, with their kernels, the notebooks of the tabs before); return
    the seconds until its kernel is ready. The module's first is the browser's
    first kernel."""
    started = time.monotonic()
    page.goto(f"{url}/lab/index.html?reset")
    page.wait_for_function("() => window.jupyterapp", timeout=KERNEL_MS)
    timings.setdefault("first_app_up_s", round(time.monotonic() - started, 1))
    page.evaluate(OPEN, name)
    page.wait_for_function(KERNEL_IDLE, arg=name, timeout=KERNEL_MS, polling=100)
    ready = round(time.monotonic() - started, 1)
    timings.setdefault("first_kernel_ready_s", ready)
    return ready


def run_all(page: Page, name: str) -> float:
    """Run every cell; fail with what went wrong in any of them. Return the
    seconds the whole run took."""
    started = time.monotonic()
    page.evaluate(RUN_ALL, RUN_MS)
    took = round(time.monotonic() - started, 1)
    problems = page.evaluate(PROBLEMS)
    assert not problems, f"{name} in the JupyterLite site:\n" + "\n\n".join(problems)
    return took


@pytest.mark.parametrize("name", TUTORIALS)
def test_a_tutorial_runs_in_the_site(
    name: str, tab: Page, site_url: str, timings: dict[str, Any]
) -> None:
    ready = open_tutorial(tab, site_url, name, timings)
    took = run_all(tab, name)
    timings.setdefault("tutorials", {})[name] = {"kernel_ready_s": ready, "run_s": took}
    shot = name.removesuffix(".ipynb").replace("/", "-")  # pt/01-setup: pt-01-setup
    tab.screenshot(path=str(screenshot_path(f"lite-{shot}")))
    tab.evaluate(CLOSE)


def click_an_action(board: Board) -> tuple[str, float]:
    """Click the first action marked on the map (else the first listed one);
    return it and the seconds from the click to the redrawn board."""
    marked = board.root.locator("svg [data-action]")
    action = marked.first.get_attribute("data-action") if marked.count() else None
    if action is None:
        action = board.listed_actions()[0]
        target = board.listed(action)
    else:
        target = board.root.locator(f'svg [data-action="{action}"]').last
    board.root.evaluate(WATCH_CLICK)
    target.click()
    board.page.wait_for_function("() => window.covilClick.answered")
    took = board.page.evaluate("() => window.covilClick.answered - window.covilClick.clicked")
    return action, round(took / 1000, 3)


def test_the_board_answers_clicks_in_the_site(
    tab: Page, site_url: str, timings: dict[str, Any]
) -> None:
    """Tutorial 1 ends on a live board (every seat in turn): a few clicks, each
    answered with the next position, and Python's game holds what was clicked."""
    open_tutorial(tab, site_url, TUTORIALS[0], timings)
    run_all(tab, TUTORIALS[0])
    board = Board(tab.locator(f".jp-OutputArea-output {BOARD}[data-version]").last)
    board.root.scroll_into_view_if_needed()
    clicked, took = [], []
    for _ in range(CLICKS):
        action, seconds = click_an_action(board)
        clicked.append(action)
        took.append(seconds)
        assert not board.root.locator(".covil-error").is_visible(), f"{action} was refused"
    timings["clicks"] = [
        {"action": action, "answered_s": seconds}
        for action, seconds in zip(clicked, took, strict=True)
    ]
    tab.screenshot(path=str(screenshot_path("lite-board")))
    assert tab.evaluate(HISTORY, CLICKS) == clicked
    tab.evaluate(CLOSE)
