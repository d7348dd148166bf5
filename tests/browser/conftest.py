"""Fixtures of the browser tests (``browser.fixtures``); the notebooks the tests
open are data, not tests: nbval must not collect them."""

from browser.fixtures import *  # noqa: F403

collect_ignore = ["notebooks"]
