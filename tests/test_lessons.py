"""The tutorials' exercises: a check says right or wrong, and never raises."""

from __future__ import annotations

import pytest

from covil_nb import CovilError, Game
from covil_nb.lessons import Exercise, play


def test_right_wrong_and_no_answer_yet():
    ask = Exercise("Which zone?", answer="D", why="it is next to C", hint="follow C's roads")
    assert ask.verdict("d") == "Right: D (it is next to C)."
    assert ask.verdict(None).startswith("Which zone? Write your answer")
    assert ask.verdict("E") == (
        "Not quite: you said 'E'. A hint: follow C's roads. Try again, or call this "
        "exercise's show_answer() to see the answer."
    )
    assert ask.verdict("F") == "Not quite: you said 'F', the answer is 'D' (it is next to C)."


def test_a_first_wrong_try_nudges_without_giving_the_answer_away(capsys):
    ask = Exercise("How much?", answer=6, why="1 + 2 + 3", hint="add the three parts")
    ask.check("4")
    nudge = capsys.readouterr().out
    assert "too low" in nudge and "add the three parts" in nudge
    assert "6" not in nudge and "1 + 2 + 3" not in nudge
    ask.check(6)  # a right answer after a nudge is simply right
    assert capsys.readouterr().out == "Right: 6 (1 + 2 + 3).\n"
    ask.show_answer()  # on request, at any time
    assert capsys.readouterr().out == "The answer is 6 (1 + 2 + 3).\n"
    assert (
        Exercise("How much?", answer=6)
        .verdict(9)
        .startswith("Not quite: you said 9, which is too high. Try")
    )


def test_numbers_lists_and_odd_input_never_raise():
    assert Exercise("How much?", answer=6).verdict("6").startswith("Right")
    assert Exercise("Who?", answer=["red", "green"]).verdict(("Green", "red")).startswith("Right")
    assert Exercise("Which?", answer=["I", "J"]).verdict("I, J").startswith("Right")
    assert Exercise("Which?", answer=["I", "J"]).verdict("I").startswith("Not quite")
    # A hint that ends its own sentence is not given a second full stop.
    asked = Exercise("Who wins?", answer="red", hint="who wins a tie?").verdict("yellow")
    assert "a tie? Try again" in asked

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
