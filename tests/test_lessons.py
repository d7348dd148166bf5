"""The tutorials' exercises: a check says right or wrong, and never raises."""

from __future__ import annotations

import pytest

from covil_nb import CovilError, Game
from covil_nb.lessons import Exercise, play


def test_right_wrong_and_no_answer_yet():
    ask = Exercise("Which zone?", answer="D", why="it is next to C")
    assert ask.verdict("d") == "Right: D (it is next to C)."
    assert ask.verdict("E") == "Not quite: you said 'E', the answer is 'D' (it is next to C)."
    assert ask.verdict(None).startswith("Which zone? Write your answer")


def test_numbers_lists_and_odd_input_never_raise():
    assert Exercise("How much?", answer=6).verdict("6").startswith("Right")
    assert Exercise("Who?", answer=["red", "green"]).verdict(("Green", "red")).startswith("Right")

    class Odd:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("a learner's odd object")

    assert Exercise("How much?", answer=6).verdict(Odd()).startswith("Not quite")


def test_play_tells_the_story_of_several_actions_and_stops_at_a_refusal():
    game = Game.new(["yellow", "red"], seed=3)
    story = play(game, "start H", "start K")
    assert [e.text for e in story][:2] == [
        "yellow places the fortress and 2 troops in zone H.",
        "red places the fortress and 2 troops in zone K.",
    ]
    assert str(story).startswith("Day 1, morning\n  Setup I: Choose starting zones\n")
    with pytest.raises(CovilError):
        play(game, "lie Y1", "fly away")
    assert game.history == ["start H", "start K", "lie Y1"]
