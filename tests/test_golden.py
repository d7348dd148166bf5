"""The golden playthroughs: any change of behaviour shows as a diff.

Regenerate with ``python -m covil_nb.model.playthrough --write`` once the
change is understood and intended."""

from __future__ import annotations

import pytest

from covil_nb.model.playthrough import GAMES, golden_path, playthrough


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_playthrough_matches_the_golden_file(edition: str) -> None:
    expected = golden_path(edition).read_text(encoding="utf-8")
    assert playthrough(edition) == expected


def test_a_playthrough_replays_identically() -> None:
    assert playthrough("en") == playthrough("en")
