"""Fixtures of the browser tests (``browser.fixtures``); the notebooks the tests
open are data, not tests: nbval must not collect them."""

import pytest

from browser.fixtures import *  # noqa: F403
from browser.harness import CHROMIUM

collect_ignore = ["notebooks"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say it in one line when the browser tests did not run for want of a browser."""
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if report.nodeid.startswith("tests/browser/") and "no Chromium" in str(report.longrepr)
    ]
    if skipped:
        terminalreporter.write_sep(
            "=",
            f"{len(skipped)} browser tests skipped: no Chromium at {CHROMIUM} "
            "(apt-get install chromium)",
            yellow=True,
        )
