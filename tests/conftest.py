"""Shared fixtures: a scenario builder. The tests read English: the
session's language and the notebooks' kernels' (which inherit this
environment) are English whatever the machine's locale. Which tests carry
the marker ``engines`` (docs/engine.md), which share a worker when
``./dev test`` runs them on every core, and the lines the fuzz and browser
tests add to the summary (here, as under xdist the main process collects
no test and so loads no conftest of theirs)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from fuzz.faults import INJECTED

from covil_nb.model.language import set_language
from covil_nb.model.scenario import Scenario

os.environ["LANGUAGE"] = "en"
set_language("en")

# The tests that compare the engines, run on the Python source too: the
# golden playthroughs, random games and rulebook examples; the fuzz suite,
# the bad-input and refusal tests (a compiled function checks its argument
# types itself; compiled code has no lines for an interrupt to stop at);
# the engine's own core and choice. The determinism of the bots, the
# tournaments and the analysis carries the marker test by test.
ENGINE_MODULES = {
    "tests/test_bad_input.py",
    "tests/test_engine_core.py",
    "tests/test_golden.py",
    "tests/test_native.py",
    "tests/test_random_games.py",
    "tests/test_refusals.py",
    "tests/test_rulebook_examples.py",
}
# The modules whose tests share what is slow to make (a @cache or a module
# fixture: a game, an analysis, a built wheel): split over workers, each
# worker would make it again. Not tests/test_analysis.py: its tests make
# an analysis of their own each besides the one they share, so they are
# quicker split, each worker making the shared one once.
SHARED = {
    "tests/test_analysis_board.py",
    "tests/test_bad_input.py",
    "tests/test_cards.py",
    "tests/test_drawing.py",
    "tests/test_engine_core.py",
    "tests/test_wheel.py",
    "tests/fuzz/test_actions.py",
    "tests/fuzz/test_calls.py",
    "tests/fuzz/test_messages.py",
}


def compares_the_engines(path: str) -> bool:
    """Whether the tests of the file at ``path`` (from the root) carry ``engines``."""
    return path in ENGINE_MODULES or path.startswith("tests/fuzz/")


def runs_in_one_worker(path: str) -> bool:
    """Whether the tests of the file at ``path`` (from the root) run in one
    worker: a notebook's cells (nbval runs them in order in one kernel), a
    browser test module (its tests share a notebook server or a site, and a
    worker starts one of each at most), a module of SHARED."""
    return path.startswith("tests/browser/") or path in SHARED or path.endswith(".ipynb")


@pytest.hookimpl(tryfirst=True)  # before -m reads the markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if compares_the_engines(item.path.relative_to(config.rootpath).as_posix()):
            item.add_marker(pytest.mark.engines)


@pytest.hookimpl(optionalhook=True)  # xdist's: how the tests are dealt to the workers
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Each file that runs_in_one_worker goes to one worker whole, every
    other test to whichever worker is free: the whole files first, the
    largest first, then the single tests, which fill the gaps. (xdist's own
    --dist loadgroup writes its groups into the tests' ids, item._nodeid,
    which pytest 9.2 no longer reads: its groups would be split.)"""
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if runs_in_one_worker(path) else nodeid

    return Grouped(config, log)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its count of injected interrupts to the main process."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["interrupts injected"] = INJECTED[0]


@pytest.hookimpl(optionalhook=True)  # xdist's: a worker is done
def pytest_testnodedown(node: Any, error: object) -> None:
    INJECTED[0] += node.workeroutput.get("interrupts injected", 0)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The fuzz suite's figure (the long profile's counts are reported with
    it: see docs/bad-input.md); and in one line when the browser tests did
    not run for want of a browser."""
    if INJECTED[0]:
        from fuzz.profile import PROFILE

        terminalreporter.write_line(
            f"fuzz ({PROFILE} profile): {INJECTED[0]:,} interrupts injected"
        )
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if report.nodeid.startswith("tests/browser/") and "no Chromium" in str(report.longrepr)
    ]
    if skipped:
        from browser.harness import CHROMIUM

        terminalreporter.write_sep(
            "=",
            f"{len(skipped)} browser tests skipped: no Chromium at {CHROMIUM} "
            "(apt-get install chromium)",
            yellow=True,
        )


@pytest.fixture
def two_players() -> Scenario:
    """Yellow and red on board A, fortresses placed, empty hands, no gold."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H")
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich")
    s.hand("yellow", []).hand("red", []).gold("yellow", 0).gold("red", 0)
    return s
