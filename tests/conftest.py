"""Shared fixtures: a scenario builder."""

from __future__ import annotations

import pytest

from covil_nb.model.scenario import Scenario


@pytest.fixture
def two_players() -> Scenario:
    """Yellow and red on board A, fortresses placed, empty hands, no gold."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H")
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich")
    s.hand("yellow", []).hand("red", []).gold("yellow", 0).gold("red", 0)
    return s
