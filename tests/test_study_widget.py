"""The study board from Python: every message through the same handler the
comm uses (``receive``): walking the tree, authoring, the quiz, saving; and
messages that do not fit, refused with the study and the board unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from covil_nb import CovilError, Game, GameWidget, Study, StudyWidget
from covil_nb.widget._svg_style import HIGHLIGHTS

FIRST_MOVES = ["start B", "lie Y1", "move A", "acquire gate-warden", "pay gold 1"]


def a_study() -> Study:
    """The first moves of a solo game, with a question at the third move."""
    game = Game.solo(seed=1)
    for action in FIRST_MOVES:
        game.apply(action)
    study = Study.of_game(game, "First moves")
    at_move = list(study.chapters[0].main_line())[2]  # after "move A": acquire?
    at_move.ask(
        "What would you acquire?",
        ["acquire gate-warden"],
        why="It guards the town.",
        hint="Think of the town.",
    )
    return study


def send(board: StudyWidget, kind: str, **fields: Any) -> None:
    board.error = {}
    board.receive({"kind": kind, "version": board.version, **fields})


def refused(board: StudyWidget, kind: str, **fields: Any) -> str:
    """Send a message that must be refused; the study's file and the board's
    traits are as they were. Return the refusal."""
    before = board.study.to_json(), board.get_state()
    send(board, kind, **fields)
    assert board.error.get("text"), f"{kind} {fields} was taken"
    state = board.get_state()
    assert board.study.to_json() == before[0]
    assert {k: v for k, v in state.items() if k != "error"} == {
        k: v for k, v in before[1].items() if k != "error"
    }
    return str(board.error["text"])


def moves(board: StudyWidget) -> list[str]:
    return board.node.moves()


def test_walking_the_main_line_and_back_by_every_way() -> None:
    board = StudyWidget(a_study())
    assert board.at["node"] == 0 and len(board.tree["nodes"]) == len(FIRST_MOVES) + 1
    for _ in FIRST_MOVES:
        send(board, "walk", way="next")
    assert moves(board) == FIRST_MOVES
    assert board.game.history == FIRST_MOVES  # the position shown is the node's
    send(board, "walk", way="prev")
    assert moves(board) == FIRST_MOVES[:-1]
    send(board, "walk", way="start")
    assert moves(board) == []
    send(board, "walk", way="end")
    assert moves(board) == FIRST_MOVES
    send(board, "goto", node=2)
    assert moves(board) == FIRST_MOVES[:2]
    assert board.tree["nodes"][1]["player"] == "yellow"


def test_a_move_played_where_the_line_goes_elsewhere_starts_a_variation() -> None:
    board = StudyWidget(a_study())
    send(board, "goto", node=1)  # after "start B"
    other = next(a["action"] for a in board.decision["actions"] if a["action"] != "lie Y1")
    send(board, "act", action=other)
    assert not board.error and moves(board) == ["start B", other]
    assert not board.at["main"]
    send(board, "walk", way="up")  # the line above it: the main line
    assert moves(board) == ["start B", "lie Y1"]
    send(board, "walk", way="down")
    send(board, "main")
    assert (
        board.at["main"] and board.study.chapters[0].root.variations[0].variations[0].move == other
    )
    send(board, "demote")
    assert not board.at["main"]
    send(board, "remove")
    assert moves(board) == ["start B"] and len(board.node.variations) == 1


def test_a_comment_a_glyph_marks_saved_and_read_again(tmp_path: Path) -> None:
    path = tmp_path / "study.json"
    board = StudyWidget(a_study(), path=path)
    send(board, "goto", node=3)
    send(board, "comment", text="To zone A: **closer** to town.", before=False)
    send(board, "glyph", glyph="!")
    send(board, "arrow", element="zone:B", target="zone:A")
    send(board, "highlight", element="troop:Y1")
    assert not board.error
    assert board.at["glyphs"] == ["!"] and board.at["arrows"] == [["zone:B", "zone:A"]]
    pieces = board.get_state()["chunks"]
    ring = f'stroke="{HIGHLIGHTS["focus"]}"'  # the highlight, drawn on the map
    assert any('data-troop="Y1"' in text and ring in text for text in pieces.values())
    send(board, "save")
    again = StudyWidget(Study.load(path))
    send(again, "goto", node=3)
    assert again.at["after"] == [{"text": "To zone A: **closer** to town.", "author": ""}]
    assert again.at["glyphs"] == ["!"] and again.at["highlights"] == ["troop:Y1"]


def test_the_quiz_hides_the_line_tells_wrong_and_right_and_shows() -> None:
    board = StudyWidget(a_study(), quiz=True)
    send(board, "goto", node=3)
    assert board.at["question"] == {"prompt": "What would you acquire?", "asking": True}
    assert "hidden" in refused(board, "walk", way="next")
    wrong = next(
        a["action"]
        for a in board.decision["actions"]
        if a["action"].startswith("acquire") and "gate" not in a["action"]
    )
    send(board, "act", action=wrong)
    assert (
        board.at["verdict"]["right"] is False
        and "Think of the town." in board.at["verdict"]["text"]
    )
    assert moves(board) == FIRST_MOVES[:3]  # the same question again
    send(board, "act", action="acquire gate-warden")
    assert (
        board.at["verdict"]["right"] is True
        and "It guards the town." in board.at["verdict"]["text"]
    )
    assert moves(board) == FIRST_MOVES[:4]
    send(board, "walk", way="prev")
    assert board.at["question"]["asking"] is False  # answered: the lines on are open
    send(board, "mode", mode="quiz")  # asked again from the start
    send(board, "reveal")
    assert moves(board) == FIRST_MOVES[:4] and board.at["verdict"]["text"].startswith("The answer:")


@pytest.mark.parametrize(
    ("kind", "fields", "said"),
    [
        ("walk", {"way": "sideways"}, "no way to walk"),
        ("walk", {"way": "prev"}, "no node that way"),
        ("goto", {"node": 99}, "not in the tree"),
        ("comment", {"text": "  ", "before": False}, "empty"),
        ("comment", {"text": "x", "before": 1}, "bool"),
        ("glyph", {"glyph": "!"}, "no move to judge"),
        ("arrow", {"element": "zone:B", "target": "card:gate-warden"}, "not on the map"),
        ("arrow", {"element": "zone:B", "target": "zone:Q"}, "not on the map"),
        ("highlight", {"element": "troop:Z9"}, "no troop"),
        ("promote", {}, "chapter's start"),
        ("remove", {}, "chapter's start"),
        ("reveal", {}, "no question"),
        ("save", {}, "no file"),
        ("mode", {"mode": "chess"}, "no mode"),
        ("chapter", {"chapter": 3}, "not in the study"),
        ("act", {"action": "move Q"}, ""),
        ("undo", {}, "go back along the line"),
        ("try", {}, "play the move"),
    ],
)
def test_a_message_that_does_not_fit_changes_nothing(kind: str, fields: dict, said: str) -> None:
    board = StudyWidget(a_study())
    if kind == "try":
        fields = {"step": 0}
    assert said in refused(board, kind, **fields)


def test_in_quiz_mode_a_move_off_the_tree_and_edits_are_refused() -> None:
    board = StudyWidget(a_study(), quiz=True)
    send(board, "walk", way="next")
    other = next(a["action"] for a in board.decision["actions"] if a["action"] != "lie Y1")
    assert "author mode" in refused(board, "act", action=other)
    assert "author mode" in refused(board, "comment", text="mine", before=True)


def test_a_stale_message_is_refused() -> None:
    board = StudyWidget(a_study())
    board.receive({"kind": "walk", "way": "next", "version": board.version - 1})
    assert "moved on" in board.error["text"] and moves(board) == []


def test_a_game_board_and_its_what_if_line_become_a_study() -> None:
    game = Game.solo(seed=1)
    board = GameWidget(game)
    for action in FIRST_MOVES[:3]:
        board.act(action)
    board.receive({"kind": "try", "step": 1, "version": board.version})
    board.act("lie Y2")
    study = board.as_study("Tried")
    root = study.chapters[0].root
    assert [n.move for n in root.main_line()] == FIRST_MOVES[:3]
    assert [v.move for v in root.variations[0].variations] == ["lie Y1", "lie Y2"]
    with pytest.raises(CovilError):
        StudyWidget(study, chapter=2)
