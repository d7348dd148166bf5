"""Shared fixtures: a scenario builder. The tests read English: the
session's language and the notebooks' kernels' (which inherit this
environment) are English whatever the machine's locale."""

from __future__ import annotations

import os

import pytest

from covil_nb.model.language import set_language
from covil_nb.model.scenario import Scenario

os.environ["LANGUAGE"] = "en"
set_language("en")


@pytest.fixture
def two_players() -> Scenario:
    """Yellow and red on board A, fortresses placed, empty hands, no gold."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H")
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich")
    s.hand("yellow", []).hand("red", []).gold("yellow", 0).gold("red", 0)
    return s
